"""lintr's lints: warnings (its "style" and "warning") with the linter for their code
and the source line and caret under them; its "error" a file R cannot parse."""

from __future__ import annotations

import textwrap

from test_detect import scan

from pytest_errlearn.detect import detect

LINTS = """
    /home/user/proj/script.R:1:12: style: [assignment_linter] Use <-, not =, for assignment.
    myFunction = function(x,y) {
               ^
    /home/user/proj/script.R:6:3: warning: [object_usage_linter] local variable ‘unused_var’ assigned but may not be used
      unused_var <- 5
      ^~~~~~~~~~
    /home/user/proj/script.R:9:81: style: [line_length_linter] Lines should not be more than 80 characters.
    very_long_line_name_variable <- c("a very long string that goes on and on", "and on and on")
    ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~^~~~~~~~~~~~~
"""  # noqa: E501


def test_lintrs_lints_are_warnings_with_their_linter_and_source_line() -> None:
    # A real run of Rscript -e 'lintr::lint("script.R")' (lintr 3.0.2).
    report = scan(LINTS)
    assert report.errors == []
    assert [(w.tool, w.line, w.column, w.code, w.span) for w in report.warnings] == [
        ("lintr", 1, 12, "assignment_linter", (1, 3)),
        ("lintr", 6, 3, "object_usage_linter", (4, 6)),
        ("lintr", 9, 81, "line_length_linter", (7, 9)),
    ]
    assert report.warnings[1].message == (
        "local variable ‘unused_var’ assigned but may not be used"
    )


def test_lints_that_failed_the_run_are_its_errors() -> None:
    # error_on_lint: TRUE in .lintr: lintr quits with status 31 after printing them.
    report = detect(
        textwrap.dedent(LINTS).lstrip("\n").encode(),
        command="Rscript -e lintr::lint_dir('R')",
        failed=True,
    )
    assert [e.code for e in report.errors] == [
        "assignment_linter",
        "object_usage_linter",
        "line_length_linter",
    ]


def test_a_file_lintr_cannot_parse_is_a_syntax_error() -> None:
    # A real run of Rscript -e 'lintr::lint("bad2.R")'.
    (err,) = scan(
        """
        /home/user/proj/bad2.R:2:1: error: [error] unexpected symbol
        y <- 3
        ^
        """
    ).errors
    assert (err.tool, err.category, err.line, err.message) == (
        "lintr",
        "syntax",
        2,
        "unexpected symbol",
    )
