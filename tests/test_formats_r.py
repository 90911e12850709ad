"""R's outputs: Rscript's errors (base R's and rlang's), parse errors, missing
packages, warnings, R CMD INSTALL (testthat and R CMD check: test_formats_r_tests.py)."""

from __future__ import annotations

from test_detect import scan


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
