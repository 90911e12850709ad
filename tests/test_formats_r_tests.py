"""R's test runners: testthat 1 to 3 (its progress, check and summary reporters,
the values a failure compared), R CMD check and rcmdcheck, and passing runs."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_detect import scan


@pytest.fixture(autouse=True)
def _elsewhere(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Out of this repository, whose live benchmarks hold a test-calc.R: a bare
    name testthat prints is then looked up in no tree (``locate``)."""
    monkeypatch.chdir(tmp_path)


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
