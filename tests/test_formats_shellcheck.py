"""ShellCheck: its tty and gcc formats. Errors are its ``error`` findings (parse
errors among them); warnings, infos and style findings are warnings; the parse
error's companions (SC1009, SC1072, SC1073) add nothing."""

from __future__ import annotations

from test_detect import scan

# Real runs of ShellCheck 0.9.0 (Debian 12): the live cases benchmarks/live/shellcheck-*.

TTY_PARSE = """

In build.sh line 4:
if [ "$target" = "debug"]; then
^-- SC1009 (info): The mentioned syntax error was in this if expression.
   ^-- SC1073 (error): Couldn't parse this test expression. Fix to allow more checks.
                         ^-- SC1020 (error): You need a space before the ].
                         ^-- SC1072 (error): Missing space before ]. Fix any mentioned problems and try again.


In release.sh line 4:
for file in dist/*.tar.gz
^-- SC1073 (error): Couldn't parse this for loop. Fix to allow more checks.


In release.sh line 5:
  sha256sum "$file" > "$file.sha256"
  ^-- SC1058 (error): Expected 'do'.
  ^-- SC1072 (error): Expected 'do'. Fix any mentioned problems and try again.

For more information:
  https://www.shellcheck.net/wiki/SC1020 -- You need a space before the ].
  https://www.shellcheck.net/wiki/SC1058 -- Expected 'do'.
  https://www.shellcheck.net/wiki/SC1072 -- Expected 'do'. Fix any mentioned ...
"""  # noqa: E501


def test_each_parse_error_is_one_error_at_its_script_line_and_column() -> None:
    report = scan(TTY_PARSE)
    build, release = report.errors
    assert (build.file, build.line, build.column, build.code) == ("build.sh", 4, 26, "SC1020")
    assert (build.message, build.category) == ("You need a space before the ].", "syntax")
    assert (release.file, release.line, release.column) == ("release.sh", 5, 3)
    assert release.message == "Expected 'do'."
    assert report.warnings == []  # SC1009 is a pointer, not a finding


GCC = """
e.sh:5:7: note: Double quote to prevent globbing and word splitting. [SC2086]
e.sh:7:8: warning: Use "${var:?}" to ensure this never expands to /* . [SC2115]
e.sh:8:9: error: -n doesn't work with unquoted arguments. Quote or use [[ ]]. [SC2070]
e.sh:8:9: note: Double quote to prevent globbing and word splitting. [SC2086]
e.sh:9:6: error: Shells disambiguate $(( differently or not at all. For $(command substitution), add space after $( . For $((arithmetics)), fix parsing errors. [SC1102]
e.sh:9:6: warning: Quote this to prevent word splitting. [SC2046]
e.sh:9:6: note: Useless echo? Instead of 'echo $(cmd)', just use 'cmd'. [SC2005]
"""  # noqa: E501


def test_the_gcc_format_gives_the_same_errors_and_warnings_with_their_codes() -> None:
    report = scan(GCC)
    assert [(e.line, e.column, e.code) for e in report.errors] == [
        (8, 9, "SC2070"),
        (9, 6, "SC1102"),
    ]
    assert [e.category for e in report.errors] == ["unknown", "syntax"]
    assert [(w.line, w.code) for w in report.warnings] == [
        (5, "SC2086"),
        (7, "SC2115"),
        (8, "SC2086"),
        (9, "SC2046"),
        (9, "SC2005"),
    ]


TTY_MIXED = """

In e.sh line 5:
  cat $f
      ^-- SC2086 (info): Double quote to prevent globbing and word splitting.

Did you mean: 
  cat "$f"


In e.sh line 7:
rm -rf "$DIR/"*
       ^------^ SC2115 (warning): Use "${var:?}" to ensure this never expands to /* .


In e.sh line 8:
if [ -n $1 ]; then echo ok; fi
        ^-- SC2070 (error): -n doesn't work with unquoted arguments. Quote or use [[ ]].
        ^-- SC2086 (info): Double quote to prevent globbing and word splitting.

Did you mean: 
if [ -n "$1" ]; then echo ok; fi


In e.sh line 9:
echo $((1 + ))
     ^-- SC1102 (error): Shells disambiguate $(( differently or not at all. For $(command substitution), add space after $( . For $((arithmetics)), fix parsing errors.
     ^-------^ SC2046 (warning): Quote this to prevent word splitting.
     ^-------^ SC2005 (style): Useless echo? Instead of 'echo $(cmd)', just use 'cmd'.

For more information:
  https://www.shellcheck.net/wiki/SC1102 -- Shells disambiguate $(( different...
  https://www.shellcheck.net/wiki/SC2070 -- -n doesn't work with unquoted arg...
  https://www.shellcheck.net/wiki/SC2046 -- Quote this to prevent word splitt...
"""  # noqa: E501, W291


def test_the_tty_format_reads_as_the_gcc_one() -> None:
    tty, gcc = scan(TTY_MIXED), scan(GCC)
    assert [(e.file, e.line, e.column, e.code) for e in tty.errors] == [
        (e.file, e.line, e.column, e.code) for e in gcc.errors
    ]
    assert [(w.line, w.column, w.code) for w in tty.warnings] == [
        (w.line, w.column, w.code) for w in gcc.warnings
    ]


TTY_WARNINGS = """

In deploy.sh line 3:
cd /srv/app
^---------^ SC2164 (warning): Use 'cd ... || exit' or 'cd ... || return' in case cd fails.

Did you mean: 
cd /srv/app || exit


In deploy.sh line 4:
scp build.tar.gz $host:/srv/releases/
                 ^---^ SC2086 (info): Double quote to prevent globbing and word splitting.

Did you mean: 
scp build.tar.gz "$host":/srv/releases/

For more information:
  https://www.shellcheck.net/wiki/SC2164 -- Use 'cd ... || exit' or 'cd ... |...
  https://www.shellcheck.net/wiki/SC2086 -- Double quote to prevent globbing ...
"""  # noqa: W291


def test_a_run_with_only_warnings_reports_them_as_warnings() -> None:
    # ShellCheck exits 1 on these all the same: they are why such a CI step fails.
    report = scan(TTY_WARNINGS)
    assert report.errors == []
    assert [(w.file, w.line, w.column, w.code) for w in report.warnings] == [
        ("deploy.sh", 3, 1, "SC2164"),
        ("deploy.sh", 4, 18, "SC2086"),
    ]


def test_a_clean_script_has_nothing_to_report() -> None:
    report = scan("")
    assert report.errors == [] and report.warnings == []
