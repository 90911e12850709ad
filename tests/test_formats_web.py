"""Web linters and checkers: stylelint (its string, compact and unix formats),
htmlhint, markdownlint-cli and -cli2, csslint, html-proofer; Sass's errors.

The outputs are real runs of stylelint 17.16, htmlhint 1.9.2, markdownlint-cli
0.48, markdownlint-cli2 0.22.1, csslint 1.0.5 (npm) and html-proofer 3.19.2
(Debian bookworm); html-proofer 4 and 5 print their failures as its
``reporter/cli.rb`` writes them (``* At FILE:LINE:``). Sass's are Dart Sass
1.108's (npm) and libsass's as node-sass printed them.
"""

from __future__ import annotations

import pytest
from test_detect import scan

from pytest_errlearn.detect import detect
from pytest_errlearn.report import Report


def places(report: Report) -> list[tuple[str | None, int | None, str | None]]:
    return [(e.file, e.line, e.code) for e in report.errors]


STYLELINT = """
css/layout.css
  7:3  ✖  Unknown property "backgroud"  property-no-unknown

css/theme.css
  2:10  ✖  Invalid hex color "#12345g"  color-no-invalid-hex
  5:8   ✖  Empty block                  block-no-empty
  9:3   ⚠  Unexpected unit              length-zero-no-unit

✖ 4 problems (3 errors, 1 warning)
"""


def test_stylelints_string_format_names_each_file_above_its_problems() -> None:
    report = scan(STYLELINT)
    assert places(report) == [
        ("css/layout.css", 7, "property-no-unknown"),
        ("css/theme.css", 2, "color-no-invalid-hex"),
        ("css/theme.css", 5, "block-no-empty"),
    ]
    assert report.errors[0].message == 'Unknown property "backgroud"'
    assert report.errors[0].tool == "stylelint" and report.errors[0].column == 3
    assert [(w.file, w.line) for w in report.warnings] == [("css/theme.css", 9)]
    assert report.errors[2].related == [(9, 9)]  # the count follows


def test_stylelints_compact_and_unix_formats() -> None:
    report = scan(
        """
        /app/css/a.css: line 3, col 3, error - Unknown property "colr" (property-no-unknown)
        /app/css/b.css:2:17: Missed semicolon (CssSyntaxError) [error]
        """
    )
    assert places(report) == [
        ("/app/css/a.css", 3, "property-no-unknown"),
        ("/app/css/b.css", 2, "CssSyntaxError"),
    ]
    assert report.errors[1].message == "Missed semicolon"


HTMLHINT = """

   Config loaded: /app/.htmlhintrc

   /app/site/index.html
      L8 |  <div id="cart" id="basket">
                          ^ Duplicate of attribute name [ id ] was found. (attr-no-duplication)
      L9 |    <p>Your cart is empty.
              ^ Tag must be paired, missing: [ </p> ], start tag match failed [ <p> ] on line 9. (tag-pair)

   /app/site/about.html
      L10 |  <a href="/shop" id="home">Shop</a>
                            ^ The id value [ home ] must be unique. (id-unique)

Scanned 2 files, found 3 errors in 2 files (10 ms)
"""  # noqa: E501


def test_htmlhint_is_at_the_quoted_line_of_the_file_above() -> None:
    report = scan(HTMLHINT)
    assert places(report) == [
        ("/app/site/index.html", 8, "attr-no-duplication"),
        ("/app/site/index.html", 9, "tag-pair"),
        ("/app/site/about.html", 10, "id-unique"),
    ]
    assert report.errors[2].message == "The id value [ home ] must be unique."
    assert report.errors[2].related == [(13, 13)]


def test_htmlhints_unix_format() -> None:
    (err,) = scan(
        "/app/site/index.html:7:15: Duplicate of attribute name [ class ] was found. "
        "[error/attr-no-duplication]\n"
    ).errors
    assert (err.file, err.line, err.column, err.code) == (
        "/app/site/index.html",
        7,
        15,
        "attr-no-duplication",
    )


def test_markdownlint_lines_with_and_without_a_severity() -> None:
    report = scan(
        """
        README.md:4 error MD022/blanks-around-headings Headings should be surrounded by blank lines [Expected: 1; Actual: 0; Above] [Context: "## Install"]
        README.md:10:5 error MD034/no-bare-urls Bare URL used [Context: "https://example.com/widget"]
        docs/usage.md:3 MD032/blanks-around-lists Lists should be surrounded by blank lines
        docs/a.md:8:7 warning MD034/no-bare-urls Bare URL used [Context: "http://x.example"]
        """  # noqa: E501
    )
    assert places(report) == [
        ("README.md", 4, "MD022"),
        ("README.md", 10, "MD034"),
        ("docs/usage.md", 3, "MD032"),
    ]
    assert report.errors[1].message == 'Bare URL used [Context: "https://example.com/widget"]'
    assert [(w.file, w.line) for w in report.warnings] == [("docs/a.md", 8)]


def test_markdownlint_cli2s_banner_and_summary_are_no_error() -> None:
    report = scan(
        """
        markdownlint-cli2 v0.22.1 (markdownlint v0.40.0)
        Finding: **/*.md
        Linting: 1 file(s)
        Summary: 1 error(s)
        CHANGELOG.md:3 error MD022/blanks-around-headings Headings should be surrounded by blank lines [Expected: 1; Actual: 0; Below] [Context: "## 1.1.0"]
        """  # noqa: E501
    )
    assert places(report) == [("CHANGELOG.md", 3, "MD022")]


def test_csslints_text_format_reads_the_message_below_its_place() -> None:
    report = scan(
        """

        csslint: There are 2 problems in /app/css/b.css.

        b.css
        1: warning at line 2, col 3
        Expected end of value but found 'color'.
          display: block

        b.css
        2: error at line 3, col 8
        Expected RBRACE at line 3, col 8.
          color: red;
        """
    )
    (err,) = report.errors
    assert (err.file, err.line, err.column, err.tool) == ("/app/css/b.css", 3, 8, "csslint")
    assert err.message == "Expected RBRACE at line 3, col 8."
    assert [(w.file, w.line) for w in report.warnings] == [("/app/css/b.css", 2)]


def test_html_proofer_3_lists_failures_under_their_file() -> None:
    report = scan(
        """
        Ran on 1 file!


        - ./_site/index.html
          *  internal image nope.png does not exist (line 6)
          *  internally linking to missing.html, which does not exist (line 4)
             <a href="missing.html">broken</a>

        HTML-Proofer found 2 failures!
        """
    )
    assert [(e.file, e.line) for e in report.errors] == [
        ("./_site/index.html", 6),
        ("./_site/index.html", 4),
    ]
    assert report.errors[1].message == "internally linking to missing.html, which does not exist"
    assert report.errors[1].related == [(9, 9)]


def test_html_proofer_5_names_the_place_above_the_failure() -> None:
    report = scan(
        """
        For the Links > Internal check, the following failures were found:

        * At ./_site/a.html:12:

          internally linking to b.html, which does not exist

        HTML-Proofer found 1 failure!
        """
    )
    (err,) = report.errors
    assert (err.file, err.line, err.tool) == ("./_site/a.html", 12, "html-proofer")
    assert err.message == "internally linking to b.html, which does not exist"


def test_passing_web_lint_runs_have_no_error() -> None:
    report = scan(
        """

           Config loaded: /app/.htmlhintrc

        Scanned 1 files, no errors found (8 ms).
        markdownlint-cli2 v0.22.1 (markdownlint v0.40.0)
        Finding: README.md
        Linting: 1 file(s)
        Summary: 0 error(s)
        Running ["ScriptCheck", "LinkCheck", "ImageCheck"] on ["./_site"] on *.html...
        Ran on 1 file!
        HTML-Proofer finished successfully.
        """
    )
    assert report.errors == []


def test_markdownlint_is_read_in_the_layouts_of_older_clis_of_mdl_and_of_its_action() -> None:
    report = scan(
        """
        bad.md: 3: MD018/no-missing-space-atx No space after hash on atx style header
        README.md:22: MD013 Line length
        Error: CLAUDE.md:120:81 MD013/line-length Line length [Expected: 80; Actual: 107]
        """
    )
    assert [(e.file, e.line, e.code, e.tool) for e in report.errors] == [
        ("bad.md", 3, "MD018", "markdownlint"),
        ("README.md", 22, "MD013", "markdownlint"),
        ("CLAUDE.md", 120, "MD013", "markdownlint"),
    ]


@pytest.mark.parametrize(
    ("output", "where", "category"),
    [
        (  # Dart Sass 1.108 (npm)
            'Error: Can\'t find stylesheet to import.\n  ╷\n1 │ @use "missing";\n'
            "  │ ^^^^^^^^^^^^^^\n  ╵\n  s/imp.scss 1:1  root stylesheet\n",
            ("s/imp.scss", 1, 1),
            "dependency",
        ),
        (  # libsass, as node-sass prints it
            'Error: Undefined variable: "$primar".\n        on line 3 of src/main.scss\n'
            ">>   color: $primar;\n   ---------^\n",
            ("src/main.scss", 3, None),
            "reference",
        ),
    ],
)
def test_a_sass_error_is_placed_where_its_trace_says(
    output: str, where: tuple[str, int, int | None], category: str
) -> None:
    (err,) = detect(output.encode()).errors
    assert ((err.file, err.line, err.column), err.category) == (where, category)
