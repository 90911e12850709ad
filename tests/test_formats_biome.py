"""Biome 2's diagnostics and oxlint's (miette's layout), real runs here of
`biome lint`/`biome ci` and `oxlint -D no-debugger` on a small project."""

from __future__ import annotations

from test_detect import scan

BIOME = """\
app.js:1:7 lint/correctness/noUnusedVariables  FIXABLE  ━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━

  ! This variable unused is unused.

  > 1 │ const unused = 1;
      │       ^^^^^^
    2 │ function f(a) {

  i Unused variables are often the result of typos, incomplete refactors, or other sources.


app.js:4:3 lint/suspicious/noDebugger  FIXABLE  ━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━

  × This is an unexpected use of the debugger statement.

    3 │   if (a == null) { return }
  > 4 │   debugger;
      │   ^^^^^^^^^

  i Unsafe fix: Remove debugger statement


fmt.js format ━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━

  × File content differs from formatting output

    1   │ - const···y=1
      1 │ + const·y·=·1;


ci ━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━

  × Some errors were emitted while running checks.

"""

OXLINT = """
  x Unexpected token
   ,-[bad.js:2:8]
 1 | const a = {
 2 |   b: 1,,
   :        ^
 3 | };
   `----

  ! eslint(no-unused-vars): Variable 'x' is declared but never used.
   ,-[app.js:7:5]
 7 | var x = f(2)
   :     |
   :     `-- 'x' is declared here
   `----
  help: Consider removing this declaration.

  x eslint(no-debugger): `debugger` statement is not allowed
   ,-[app.js:4:3]
 4 |   debugger;
   :   ^^^^^^^^^
   `----
  help: Remove the debugger statement

Found 1 warning and 2 errors.
"""


def test_each_biome_diagnostic_is_read_at_its_place_its_mark_saying_how_grave() -> None:
    report = scan(BIOME)
    assert [(e.file, e.line, e.column, e.code, e.message) for e in report.errors] == [
        (
            "app.js",
            4,
            3,
            "lint/suspicious/noDebugger",
            "This is an unexpected use of the debugger statement.",
        ),
        ("fmt.js", None, None, "format", "File content differs from formatting output"),
    ]
    assert [(w.file, w.line, w.message) for w in report.warnings] == [
        ("app.js", 1, "This variable unused is unused.")
    ]


def test_a_diagnostic_in_miettes_ascii_layout_is_read_from_its_place_below_it() -> None:
    report = scan(OXLINT)
    assert [(e.file, e.line, e.column, e.code, e.category) for e in report.errors] == [
        ("bad.js", 2, 8, None, "syntax"),
        ("app.js", 4, 3, "eslint(no-debugger)", "unknown"),
    ]
    assert [(w.file, w.line, w.code) for w in report.warnings] == [
        ("app.js", 7, "eslint(no-unused-vars)")
    ]


def test_a_line_of_x_with_no_place_below_is_no_diagnostic() -> None:
    assert scan("  x marks the spot\n  and nothing else\n").errors == []
