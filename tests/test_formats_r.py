"""R's outputs: Rscript's errors (base R's and rlang's), parse errors, missing packages,
warnings, testthat 1 to 3 (its progress, check and summary reporters), R CMD check and
rcmdcheck, and passing runs."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_detect import scan


@pytest.fixture(autouse=True)
def _elsewhere(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Out of this repository, whose live benchmarks hold a test-calc.R: a bare
    name testthat prints is then looked up in no tree (``locate``)."""
    monkeypatch.chdir(tmp_path)


def test_an_r_error_is_one_error_and_execution_halted_folds_into_it() -> None:
    # A real run of Rscript (R 4.2.2).
    (err,) = scan(
        """
        Error in g(5) : too big: 5
        Calls: h -> g
        Execution halted
        """
    ).errors
    assert (err.message, err.tool, err.span, err.related) == ("too big: 5", "R", (1, 2), [(3, 3)])


def test_an_r_error_whose_message_did_not_fit_takes_it_from_the_next_line() -> None:
    (err,) = scan(
        """
        Error in read_settings(path = file.path(config_dir, "settings.yml"), strict = TRUE) : 
          settings file is missing the 'database' section
        Calls: main -> read_settings
        Execution halted
        """  # noqa: W291
    ).errors
    assert err.message == "settings file is missing the 'database' section"


def test_rlangs_error_takes_its_message_from_the_bang_line() -> None:
    (err,) = scan(
        """
        Error in `summarise()`:
        ! Problem while computing `total = sum(amount)`.
        Caused by error in `sum()`:
        ! invalid 'type' (character) of argument
        Backtrace:
            ▆
         1. └─dplyr::summarise(df, total = sum(amount))
        Execution halted
        """
    ).errors
    assert err.message == "Problem while computing `total = sum(amount)`."
    assert err.span == (1, 7)


def test_a_file_that_does_not_parse_is_a_syntax_error_at_its_place() -> None:
    # A real run of Rscript run.R, where run.R sources a file that does not parse.
    (err,) = scan(
        """
        Error in source("R/helpers.R") : R/helpers.R:9:5: unexpected symbol
        8:     sd = sd(scores)
        9:     n
               ^
        Execution halted
        """
    ).errors
    assert (err.file, err.line, err.column, err.category) == ("R/helpers.R", 9, 5, "syntax")
    assert (err.message, err.span) == ("unexpected symbol", (1, 4))


def test_rscripts_own_parse_error_quotes_the_source_in_its_block() -> None:
    # A real run of Rscript bad.R.
    (err,) = scan(
        """
        Error: unexpected ')' in:
        "if (x > 0) {
          print(x))"
        Execution halted
        """
    ).errors
    assert (err.category, err.span, err.related) == ("syntax", (1, 3), [(4, 4)])


def test_a_name_r_cannot_find_is_a_reference_error() -> None:
    # Real runs of Rscript.
    report = scan(
        """
        Error in f(1) : object 'y' not found
        Execution halted
        Error: object 'x' not found
        Execution halted
        """
    )
    assert [(e.message, e.category) for e in report.errors] == [
        ("object 'y' not found", "reference"),
        ("object 'x' not found", "reference"),
    ]


def test_a_package_that_is_not_installed_is_a_missing_dependency() -> None:
    # A real run of Rscript -e 'library(nopkg)'.
    (err,) = scan(
        """
        Error in library(nopkg) : there is no package called ‘nopkg’
        Execution halted
        """
    ).errors
    assert (err.category, err.message) == ("dependency", "there is no package called ‘nopkg’")


def test_r_warnings_are_warnings() -> None:
    # A real run of Rscript -e 'as.integer("a"); warning("careful"); 1'.
    report = scan(
        """
        [1] NA
        Warning message:
        NAs introduced by coercion 
        [1] 1
        Warning message:
        careful 
        """  # noqa: W291
    )
    assert report.errors == []
    assert [w.message for w in report.warnings] == ["NAs introduced by coercion", "careful"]


TESTTHAT_PROGRESS = """
    ✔ | F W S  OK | Context

    ⠏ |         0 | calc
    ⠼ | 2       3 | calc
    ✖ | 2       3 | calc [0.1s]
    ────────────────────────────────────────────────────────────────────────────────
    Failure ('test-calc.R:5'): adds
    add(1, 1) not equal to 3.
    1/1 mismatches
    [1] 2 - 3 == -1

    Error ('test-calc.R:9'): divides
    Error in `safe_div(4, 0)`: division by zero
    Backtrace:
     1. testthat::expect_equal(safe_div(4, 0), 2)
          at test-calc.R:9:2
     4. global safe_div(4, 0)
    ────────────────────────────────────────────────────────────────────────────────

    ══ Results ═════════════════════════════════════════════════════════════════════
    Duration: 0.2 s

    [ FAIL 2 | WARN 0 | SKIP 0 | PASS 3 ]
    Error: Test failures
    Execution halted
"""


def test_testthats_progress_reporter_gives_each_problem_at_its_test_line() -> None:
    # A real run of testthat 3.1.6 (Rscript -e 'testthat::test_dir("tests")').
    report = scan(TESTTHAT_PROGRESS)
    adds, divides = report.errors
    assert (adds.file, adds.line, adds.test, adds.category) == (
        "test-calc.R",
        5,
        "adds",
        "assertion",
    )
    assert (adds.message, adds.span, adds.tool) == (
        "add(1, 1) not equal to 3. 1/1 mismatches; [1] 2 - 3 == -1",
        (7, 10),
        "testthat",
    )
    assert (divides.file, divides.line, divides.test) == ("test-calc.R", 9, "divides")
    assert divides.message == "Error in `safe_div(4, 0)`: division by zero"
    assert divides.related == [(24, 25)]


def test_testthat_3_2_errors_are_at_the_innermost_frame_of_the_backtrace() -> None:
    # testthat's own snapshot of its progress reporter (tests/testthat/_snaps/reporter-progress.md).
    report = scan(
        """
        ── ERROR (backtraces.R:28:3): errors thrown from a quasi-labelled argument are entraced ──
        Error: foobar
        Backtrace:
         1. f() reporters/backtraces.R:28:2
         2. g() reporters/backtraces.R:25:7
         6. foo()
         7. bar() reporters/backtraces.R:22:9

        ── Failure (tests.R:12:3): Failure:1 ───────────────────────────────────────────
        FALSE is not TRUE

        `actual`:   FALSE
        `expected`: TRUE

        Warning (backtraces.R:50:3): also get backtraces for warnings
        foobar
        Backtrace:
         1. foo() reporters/backtraces.R:50:2
         2. bar() reporters/backtraces.R:47:9

        [ FAIL 2 | WARN 1 | SKIP 0 | PASS 1 ]
        """
    )
    error, failure = report.errors
    assert (error.file, error.line, error.message) == (
        "reporters/backtraces.R",
        22,
        "Error: foobar",
    )
    assert (failure.file, failure.line, failure.column) == ("tests.R", 12, 3)
    (warning,) = report.warnings
    assert (warning.line, warning.message) == (47, "foobar")


def test_older_testthat_headings_are_failures_at_their_place() -> None:
    # testthat 2's check reporter, and testthat 1's summary reporter.
    report = scan(
        """
        ── 1. Failure: adds (@test-calc.R#5)  ──────────────────────────────────────────
        add(1, 1) not equal to 3.
        1/1 mismatches
        [1] 2 - 3 == -1

        ── 2. Error: divides (@test-calc.R#9)  ─────────────────────────────────────────
        division by zero

        test-io.R:12: failure: reads the file
        read_lines(path) not equal to c("a", "b").
        """
    )
    assert [(e.file, e.line, e.test, e.message) for e in report.errors] == [
        ("test-calc.R", 5, "adds", "add(1, 1) not equal to 3. 1/1 mismatches; [1] 2 - 3 == -1"),
        ("test-calc.R", 9, "divides", "division by zero"),
        ("test-io.R", 12, "reads the file", 'read_lines(path) not equal to c("a", "b").'),
    ]


def test_a_package_testthat_cannot_load_is_an_error_outside_any_test() -> None:
    # A real run of testthat 3.1.6 over a file that loads a package not installed.
    (err,) = scan(
        """
        Error ('test-report.R:2'): (code run outside of `test_that()`)
        <packageNotFoundError/error/condition>
        Error in `library(tinytablr)`: there is no package called ‘tinytablr’
        Backtrace:
         1. base::library(tinytablr)
              at test-report.R:2:0
        """
    ).errors
    assert (err.file, err.line) == ("test-report.R", 2)
    assert err.message == "Error in `library(tinytablr)`: there is no package called ‘tinytablr’"


def test_a_passing_testthat_run_with_a_skip_has_no_error() -> None:
    # A real run of testthat 3.1.6.
    report = scan(
        """
        ✔ | F W S  OK | Context

        ⠏ |         0 | stats
        ✔ |     1   3 | stats
        ────────────────────────────────────────────────────────────────────────────────
        Skip ('test-stats.R:16'): a skipped check
        Reason: not on this platform
        ────────────────────────────────────────────────────────────────────────────────

        ══ Results ═════════════════════════════════════════════════════════════════════
        ── Skipped tests  ──────────────────────────────────────────────────────────────
        • not on this platform (1)

        [ FAIL 0 | WARN 0 | SKIP 1 | PASS 3 ]
        """
    )
    assert report.errors == [] and report.warnings == []


R_CMD_CHECK = """
    * checking package dependencies ...Warning: unable to access index for repository https://cloud.r-project.org/src/contrib:
      cannot open URL 'https://cloud.r-project.org/src/contrib/PACKAGES'
     OK
    * checking for unstated dependencies in examples ... OK
    * checking examples ... ERROR
    Running examples in ‘calcpkg-Ex.R’ failed
    The error most likely occurred in:

    > ### Name: add
    > ### Title: Add
    > ### Aliases: add safe_div
    >
    > ### ** Examples
    >
    > add(1, 2)
    [1] 3
    > safe_div(1, 0)
    Error in safe_div(1, 0) : division by zero
    Execution halted
    * checking for unstated dependencies in ‘tests’ ... OK
    * checking tests ...
      Running ‘testthat.R’
     ERROR
    Running the tests in ‘tests/testthat.R’ failed.
    Last 13 lines of output:
      [ FAIL 1 | WARN 0 | SKIP 0 | PASS 3 ]

      ══ Failed tests ════════════════════════════════════════════════════════════════
      ── Failure ('test-calc.R:8'): divides ──────────────────────────────────────────
      safe_div(1, 4) (`actual`) not equal to 0.2 (`expected`).

        `actual`: 0.25
      `expected`: 0.20

      [ FAIL 1 | WARN 0 | SKIP 0 | PASS 3 ]
      Error: Test failures
      Execution halted
    * DONE

    Status: 2 ERRORs
    See
      ‘/tmp/calcpkg.Rcheck/00check.log’
    for details.
"""


def test_r_cmd_check_gives_the_examples_error_and_the_failing_tests_in_its_tail() -> None:
    # A real run of R CMD check (R 4.2.2, testthat 3.1.6), its passing checks left out.
    report = scan(R_CMD_CHECK)
    examples, test = report.errors
    assert (examples.message, examples.tool, examples.span) == (
        "Error in safe_div(1, 0) : division by zero",
        "R",
        (5, 19),
    )
    assert (test.file, test.line, test.category) == ("test-calc.R", 8, "assertion")
    assert test.message == (
        "safe_div(1, 4) (`actual`) not equal to 0.2 (`expected`). `actual`: 0.25; `expected`: 0.20"
    )
    assert report.primary_index == 1
    assert report.warnings == []


def test_rcmdchecks_summary_folds_into_the_check_that_failed() -> None:
    report = scan(
        """
        ── R CMD check results ───────────────────────────────────── calcpkg 0.1.0 ────
        Duration: 9.1s

        ❯ checking examples ... ERROR
          Running examples in ‘calcpkg-Ex.R’ failed
          The error most likely occurred in:

          > safe_div(1, 0)
          Error in safe_div(1, 0) : division by zero
          Execution halted

        ❯ checking for unstated dependencies in ‘tests’ ... WARNING
          '::' or ':::' import not declared from: ‘withr’

        1 error ✖ | 1 warning ✖ | 1 note ✖
        Error: R CMD check found ERRORs
        Execution halted
        """
    )
    (err,) = report.errors
    assert (err.message, err.span) == ("Error in safe_div(1, 0) : division by zero", (4, 10))
    assert err.related == [(15, 17)]
    (warning,) = report.warnings
    assert warning.message == "'::' or ':::' import not declared from: ‘withr’"


def test_r_cmd_install_failing_for_a_missing_dependency_says_which() -> None:
    (err,) = scan("ERROR: dependency ‘foo’ is not available for package ‘bar’\n").errors
    assert (err.category, err.tool) == ("dependency", "R")


def test_a_stop_in_an_rscript_is_a_runtime_error() -> None:
    # A real run of Rscript pipeline.R (R 4.2.2), a stop() three calls down.
    (err,) = scan(
        """
        Error in validate(values) : negative values are not allowed: -2
        Calls: main -> process -> validate
        Execution halted
        """
    ).errors
    assert (err.message, err.category) == ("negative values are not allowed: -2", "runtime")


def test_an_rlang_abort_is_a_runtime_error() -> None:
    # A real run of Rscript (rlang 1.0.6, options(rlang_backtrace_on_error = "full")).
    (err,) = scan(
        """
        Error in `check_input()`:
        ! `x` must be numeric.
        ℹ It is a character.
        Backtrace:
            ▆
         1. └─global compute("a")
         2.   └─global check_input(v)
         3.     └─rlang::abort(...)
        Execution halted
        """
    ).errors
    assert (err.message, err.category, err.span) == ("`x` must be numeric.", "runtime", (1, 8))


def test_rs_words_for_a_value_of_the_wrong_type_make_a_type_error() -> None:
    (err,) = scan(
        """
        Error in prices * 1.2 : non-numeric argument to binary operator
        Execution halted
        """
    ).errors
    assert err.category == "type"


def test_testthat_failures_keep_the_values_they_compared() -> None:
    # A real run of testthat 3.1.6, edition 3 (Rscript -e 'testthat::test_dir("tests/testthat")').
    report = scan(
        """
        Failure ('test-strings.R:5'): shout adds bang
        shout("hi") (`actual`) not equal to "HI!!" (`expected`).

        `actual`:   "HI!"
        `expected`: "HI!!"

        Failure ('test-strings.R:13'): lists compare
        list(name = "a", n = 2L) (`actual`) not identical to list(name = "a", n = 3L) (`expected`).

          `actual$n`: 2
        `expected$n`: 3

        Failure ('test-strings.R:22'): warns
        `as.integer("x")` produced warnings.
        ────────────────────────────────────────────────────────────────────────────────
        """
    )
    assert [(e.line, e.test, e.message) for e in report.errors] == [
        (
            5,
            "shout adds bang",
            'shout("hi") (`actual`) not equal to "HI!!" (`expected`). '
            '`actual`: "HI!"; `expected`: "HI!!"',
        ),
        (
            13,
            "lists compare",
            'list(name = "a", n = 2L) (`actual`) not identical to list(name = "a", n = 3L) '
            "(`expected`). `actual$n`: 2; `expected$n`: 3",
        ),
        (22, "warns", '`as.integer("x")` produced warnings.'),
    ]


def test_an_error_in_a_test_is_a_runtime_error_unless_its_words_say_more() -> None:
    # A real run of testthat 3.1.6, its check reporter.
    report = scan(
        """
        ── Error ('test-calc.R:9'): divide errors on zero ──────────────────────────────
        Error in `divide(1, 0)`: division by zero
        Backtrace:
            ▆
         1. ├─testthat::expect_equal(divide(1, 0), Inf) at test-calc.R:9:2
         2. │ └─testthat::quasi_label(enquo(object), label, arg = "object")
         3. │   └─rlang::eval_bare(expr, quo_get_env(quo))
         4. └─global divide(1, 0)
        ── Error ('test-report.R:2'): (code run outside of `test_that()`) ──────────────
        Error in `library(tinytablr)`: there is no package called ‘tinytablr’
        """
    )
    assert [(e.line, e.category) for e in report.errors] == [(9, "runtime"), (2, "dependency")]
