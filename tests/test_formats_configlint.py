"""Linters of a repository's other files: each problem at its file and line, its
rule as the code. yamllint in both of the formats a CI job prints (the standard
one names the file once, above), actionlint, hadolint, codespell."""

from __future__ import annotations

from test_detect import scan

# Real runs of yamllint 1.37 on the same file: its standard format, then `-f parsable`.
STANDARD = """
.github/workflows/ci.yml
  1:1       warning  missing document start "---"  (document-start)
  2:1       error    duplication of key "key" in mapping  (key-duplicates)
  5:3       error    too many spaces after hyphen  (hyphens)

"""
PARSABLE = """
.github/workflows/ci.yml:1:1: [warning] missing document start "---" (document-start)
.github/workflows/ci.yml:2:1: [error] duplication of key "key" in mapping (key-duplicates)
.github/workflows/ci.yml:5:3: [error] too many spaces after hyphen (hyphens)
"""


def test_both_formats_give_the_same_errors_and_warning() -> None:
    for text in (STANDARD, PARSABLE):
        report = scan(text)
        assert [(e.file, e.line, e.column, e.tool, e.code, e.message) for e in report.errors] == [
            (
                ".github/workflows/ci.yml",
                2,
                1,
                "yamllint",
                "key-duplicates",
                'duplication of key "key" in mapping',
            ),
            (
                ".github/workflows/ci.yml",
                5,
                3,
                "yamllint",
                "hyphens",
                "too many spaces after hyphen",
            ),
        ]
        assert [(w.line, w.code) for w in report.warnings] == [(1, "document-start")]


# As their docs show them: actionlint 1.7, hadolint 2.12, codespell 2.3.
OTHERS = """
.github/workflows/ci.yml:12:9: property "foo" is not defined in object type {bar: string} \
[expression]
   |
12 |         run: echo ${{ matrix.foo }}
   |         ^~~~~~~~~~~~~~~~~~~~~~~~~~~~
Dockerfile:3 DL3008 warning: Pin versions in apt get install.
Dockerfile:5 DL3025 error: Use arguments JSON notation for CMD and ENTRYPOINT arguments
src/shop/cart.py:8: teh ==> the
"""


def test_actionlint_hadolint_and_codespell_each_problem_at_its_place() -> None:
    report = scan(OTHERS)
    found = [(e.file, e.line, e.tool, e.code, e.message) for e in report.errors]
    assert found == [
        (
            ".github/workflows/ci.yml",
            12,
            "actionlint",
            "expression",
            'property "foo" is not defined in object type {bar: string}',
        ),
        (
            "Dockerfile",
            5,
            "hadolint",
            "DL3025",
            "Use arguments JSON notation for CMD and ENTRYPOINT arguments",
        ),
        ("src/shop/cart.py", 8, "codespell", None, "teh ==> the"),
    ]
    assert [(w.line, w.code) for w in report.warnings] == [(3, "DL3008")]


def test_a_dockerfile_hadolint_cannot_parse_is_a_syntax_error_at_its_place() -> None:
    # hadolint 2.15's parser, real runs: on "EXPOSEE 80" and on a line "?RUN x"
    log = (
        "hdbad/Dockerfile:3:7 missing whitespace \n"
        "Dockerfile:2:1 unexpected '?' expecting '#', '\\', ADD, ARG, CMD, COPY, ENTRYPOINT, ENV,"
        " EXPOSE, FROM, HEALTHCHECK, LABEL, MAINTAINER, ONBUILD, RUN, SHELL, STOPSIGNAL, USER,"
        " VOLUME, WORKDIR, a pragma, at least one space, or end of input \n"
    )
    found = [(e.tool, e.file, e.line, e.column, e.category) for e in scan(log).errors]
    assert found == [
        ("hadolint", "hdbad/Dockerfile", 3, 7, "syntax"),
        ("hadolint", "Dockerfile", 2, 1, "syntax"),
    ]


def test_yamllint_s_syntax_error_is_its_own_under_its_file_as_its_rules_are() -> None:
    # yamllint 1.37: one space before "(syntax)", two before a rule's name
    report = scan(
        """
        bad.yml
          1:1       warning  missing document start "---"  (document-start)
          3:2       error    syntax error: expected ',' or ']', but got ':' (syntax)
          3:81      error    line too long (89 > 80 characters)  (line-length)
        """
    )
    got = [(e.tool, e.file, e.line, e.code, e.category) for e in report.errors]
    assert got == [
        ("yamllint", "bad.yml", 3, "syntax", "syntax"),
        ("yamllint", "bad.yml", 3, "line-length", "unknown"),
    ]


def test_sqlfluff_s_problems_are_each_an_error_under_its_file_read_whole() -> None:
    # sqlfluff 4.5, its default (human) format
    report = scan(
        """
        == [models/bad.sql] FAIL
        L:   1 | P:  21 | AL05 | Alias 'x' is never used in SELECT statement.
                               | [aliasing.unused]
        L:   1 | P:  23 |  PRS | Line 1, Position 23: Found unparsable section: '= 1'.
                               | Expected: Nothing here.
        WARNING: Parsing errors found and dialect is set to 'ansi'. Have you configured your dialect correctly?
        All Finished!
        """  # noqa: E501
    )
    got = [(e.file, e.line, e.column, e.code, e.category, e.message) for e in report.errors]
    assert got == [
        (
            "models/bad.sql",
            1,
            21,
            "AL05",
            "unknown",
            "Alias 'x' is never used in SELECT statement.",
        ),
        (
            "models/bad.sql",
            1,
            23,
            "PRS",
            "syntax",
            "Line 1, Position 23: Found unparsable section: '= 1'. Expected: Nothing here.",
        ),
    ]


def test_cspell_s_unknown_words_are_each_an_error_and_its_counts_follow() -> None:
    report = scan(
        """
        src/cart.ts:3:5 - Unknown word (totl)
        doc.md:3:6 - Unknown word (sentense) fix: (sentence)
        CSpell: Files checked: 12, Issues found: 2 in 2 files.
        """
    )
    got = [(e.tool, e.file, e.line, e.column, e.message) for e in report.errors]
    assert got == [
        ("cspell", "src/cart.ts", 3, 5, "Unknown word (totl)"),
        ("cspell", "doc.md", 3, 6, "Unknown word (sentense)"),
    ]
    assert report.errors[1].related  # the counts


def test_a_dead_link_is_one_error_under_its_file_though_listed_twice() -> None:
    report = scan(
        """
        FILE: README.md
          [✓] https://xkcd.com/196/
          [✖] https://example.com/missing

          2 links checked.

          ERROR: 1 dead links found!
          [✖] https://example.com/missing → Status: 404
        """
    )
    (err,) = report.errors
    assert (err.tool, err.file, err.category, err.message) == (
        "markdown-link-check",
        "README.md",
        "reference",
        "https://example.com/missing",
    )
    assert err.count == 2


def test_lychee_s_links_that_failed_are_errors_a_missing_page_a_dead_reference() -> None:
    report = scan(
        """
             [200] https://example.com/
        ✗ [404] https://example.com/gone | Network error: Not Found
        ⧖ [TIMEOUT] http://slow.example.org/ | Timeout
        Issues found in 1 input. Find details below.

        [docs/index.md]:
             [404] https://example.com/gone | Network error: Not Found
           [ERROR] https://nope.invalid/ | URL is missing a host

        🔍 4 Total (in 2s) ✅ 1 OK 🚫 3 Errors
        """
    )
    assert [(e.tool, e.file, e.category, e.code, e.message) for e in report.errors] == [
        ("lychee", None, "reference", "404", "https://example.com/gone | Network error: Not Found"),
        ("lychee", None, "network", "TIMEOUT", "http://slow.example.org/ | Timeout"),
        (
            "lychee",
            "docs/index.md",
            "reference",
            "404",
            "https://example.com/gone | Network error: Not Found",
        ),
        (
            "lychee",
            "docs/index.md",
            "network",
            "ERROR",
            "https://nope.invalid/ | URL is missing a host",
        ),
    ]
    assert report.errors[-1].related  # the count follows from them
