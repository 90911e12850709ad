"""Perl's die, croak and confess of the program's own (a line Perl's warn prints the
same: a warning, which a run that failed of nothing else failed of), a test script
that died, and perlcritic's violations."""

from __future__ import annotations

import shutil
import subprocess
import textwrap
from pathlib import Path

import pytest
from test_detect import scan

from pytest_errlearn.detect import detect, tool_from_command
from pytest_errlearn.report import Report


def failed_run(text: str, command: str) -> Report:
    data = textwrap.dedent(text).lstrip("\n").encode()
    return detect(data, tool_from_command(command), command=command, failed=True)


def test_a_die_that_failed_the_run_is_its_error_at_the_die() -> None:
    # A real run of perl run.pl (Perl 5.36): die in a module of the project's.
    (err,) = failed_run("unknown item 'bolts' at lib/Inventory.pm line 16.\n", "perl run.pl").errors
    assert (err.tool, err.file, err.line, err.message, err.category) == (
        "perl",
        "lib/Inventory.pm",
        16,
        "unknown item 'bolts'",
        "runtime",
    )


def test_a_confess_is_one_error_with_its_frames() -> None:
    # A real run of perl main.pl: Carp's confess, two calls down.
    (err,) = failed_run(
        """
        config file 'app.ini' is empty at lib/My/Config.pm line 14.
        \tMy::Config::strict_load("app.ini") called at main.pl line 6
        \tmain::setup() called at main.pl line 7
        """,
        "perl main.pl",
    ).errors
    assert (err.file, err.line, err.span) == ("lib/My/Config.pm", 14, (1, 3))
    assert err.message == "config file 'app.ini' is empty"


def test_a_warn_in_a_run_that_passed_is_a_warning() -> None:
    report = detect(
        b"cache directory missing, using /tmp at warn.pl line 3.\ndone\n",
        "perl",
        command="perl warn.pl",
        failed=False,
    )
    assert report.errors == []
    assert [(w.file, w.line) for w in report.warnings] == [("warn.pl", 3)]


def test_a_test_script_that_died_of_a_message_with_no_place_says_it() -> None:
    # A real run of prove -l t: die "division by zero\n" in lib/Calc.pm; then a script
    # that died saying nothing, under prove's lines on the one before.
    report = scan(
        """
        t/01-calc.t .. ok
        division by zero
        # Looks like your test exited with 255 just after 1.
        t/02-die.t ...
        Dubious, test returned 255 (wstat 65280, 0xff00)
        Failed 2/3 subtests
        # Looks like your test exited with 255 just after 2.
        t/03-quiet.t ..
        """,
        "prove",
    )
    assert [(e.message, e.category) for e in report.errors] == [
        ("division by zero", "runtime"),
        ("Looks like your test exited with 255 just after 2", "runtime"),
    ]


def test_a_confess_in_a_test_script_is_one_error_and_its_warn_a_warning() -> None:
    # A real run of prove -l t (Test::More 1.302).
    report = scan(
        """
        using default profile at t/config.t line 7.
        config file 'app.ini' is empty at /home/user/proj/lib/My/Config.pm line 14.
        \tMy::Config::strict_load("app.ini") called at t/config.t line 8
        # Tests were run but no plan was declared and done_testing() was not seen.
        # Looks like your test exited with 255 just after 1.
        t/config.t ..
        Dubious, test returned 255 (wstat 65280, 0xff00)
        All 1 subtests passed
        """,
        "prove",
    )
    (err,) = report.errors
    assert (err.file, err.line, err.message) == (
        "/home/user/proj/lib/My/Config.pm",
        14,
        "config file 'app.ini' is empty",
    )
    assert [w.line for w in report.warnings] == [7]


def test_perlcritic_violations_are_errors_at_their_file_and_column() -> None:
    # A real run of perlcritic lib (Perl::Critic 1.148): two files, so each line names its own.
    report = scan(
        """
        lib/Legacy.pm: Code before strictures are enabled at line 3, column 1.  See page 429 of PBP.  (Severity: 5)
        lib/Legacy.pm: Two-argument "open" used at line 5, column 5.  See page 207 of PBP.  (Severity: 5)
        lib/Other.pm: Expression form of "eval" at line 4, column 24.  See page 161 of PBP.  (Severity: 5)
        """,  # noqa: E501
        "perlcritic",
    )
    assert [(e.tool, e.file, e.line, e.column, e.message) for e in report.errors] == [
        ("perlcritic", "lib/Legacy.pm", 3, 1, "Code before strictures are enabled"),
        ("perlcritic", "lib/Legacy.pm", 5, 5, 'Two-argument "open" used'),
        ("perlcritic", "lib/Other.pm", 4, 24, 'Expression form of "eval"'),
    ]


def test_perlcritics_verbose_formats_name_the_policy() -> None:
    # Real runs of perlcritic --verbose 8 and --verbose 10 (its description cut short).
    report = scan(
        """
        [Subroutines::RequireFinalReturn] Subroutine "count" does not end with "return" at line 11, column 1.  (Severity: 4)
        Two-argument "open" used at line 5, column 5.
          InputOutput::ProhibitTwoArgOpen (Severity: 5)
            The three-argument form of `open' (introduced in Perl 5.6) prevents
            subtle bugs that occur when the filename starts with funny characters

              open( $fh, '>output.txt' );          # not ok
        """,  # noqa: E501
        "perlcritic",
    )
    assert [(e.code, e.line, e.column, e.message) for e in report.errors] == [
        (
            "Subroutines::RequireFinalReturn",
            11,
            1,
            'Subroutine "count" does not end with "return"',
        ),
        ("InputOutput::ProhibitTwoArgOpen", 5, 5, 'Two-argument "open" used'),
    ]
    assert report.errors[1].span == (3, 7)


@pytest.mark.skipif(shutil.which("perl") is None, reason="perl is not installed")
def test_perl_itself_reports_a_die_at_its_line(tmp_path: Path) -> None:
    (tmp_path / "run.pl").write_text(
        'use strict;\nmy %stock;\ndie "no stock left" unless %stock;\n'
    )
    run = subprocess.run(
        ["perl", "run.pl"], cwd=tmp_path, capture_output=True, timeout=60, check=False
    )
    assert run.returncode != 0
    report = detect(run.stdout + run.stderr, "perl", command="perl run.pl", failed=True)
    (err,) = report.errors
    assert (err.file, err.line, err.message) == ("run.pl", 3, "no stock left")
