"""SWI-Prolog's messages and plunit's failed tests, as SWI-Prolog 9.0 printed
them here (Debian bookworm's swi-prolog-nox)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from test_detect import scan

from pytest_errlearn.detect import detect


def test_a_message_on_its_places_line_is_read_there() -> None:
    (err,) = scan("ERROR: /app/s.pl:1:16: Syntax error: Operator expected").errors
    assert (err.file, err.line, err.column, err.tool) == ("/app/s.pl", 1, 16, "swipl")
    assert (err.message, err.category) == ("Syntax error: Operator expected", "syntax")


def test_an_exception_an_initialization_goal_raised_is_said_on_the_next_line() -> None:
    (err,) = scan(
        """
        ERROR: /app/t.pl:1: Initialization goal raised exception:
        ERROR: is/2: Arithmetic: `foo/0' is not a function
        Welcome to SWI-Prolog (threaded, 64 bits, version 9.0.4)
        """
    ).errors
    assert err.message == (
        "Initialization goal raised exception: is/2: Arithmetic: `foo/0' is not a function"
    )
    assert (err.file, err.line, err.span) == ("/app/t.pl", 1, (1, 2))


def test_each_failed_plunit_test_is_an_error_with_its_name() -> None:
    report = scan(
        """
        % PL-Unit: arith
        ERROR: /app/ut.pl:4:
        \ttest add: failed

        ERROR: /app/ut.pl:5:
        \ttest add2: wrong answer (compared using ==)
        ERROR:     Expected: 3
        ERROR:     Got:      4
        ERROR: /app/ut.pl:6:
        \ttest err: received error: atom_length/2: Arguments are not sufficiently instantiated
        **FAILED 0.000 sec
        % 3 tests failed
        % 0 tests passed
        ERROR: -g run_tests: false
        """
    )
    assert [(e.line, e.test, e.category) for e in report.errors] == [
        (4, "add", "assertion"),
        (5, "add2", "assertion"),
        (6, "err", "runtime"),
    ]
    assert report.errors[1].message == "wrong answer (compared using ==)"
    assert report.errors[1].span == (5, 8)
    assert report.errors[-1].related == [(12, 14)]  # the count, the goal's failure


def test_a_warning_whose_words_come_on_the_next_line_is_a_warning() -> None:
    report = scan(
        """
        Warning: /app/w.pl:1:
        Warning:    Singleton variables: [X,Y,Z]
        """
    )
    (warning,) = report.warnings
    assert report.errors == [] and warning.message == "Singleton variables: [X,Y,Z]"


@pytest.mark.skipif(shutil.which("swipl") is None, reason="SWI-Prolog is not installed")
def test_a_real_unknown_procedure_is_a_reference_error(tmp_path: Path) -> None:
    (tmp_path / "u.pl").write_text(":- initialization(main, main).\nmain :- undefined_pred(3).\n")
    run = subprocess.run(["swipl", "u.pl"], cwd=tmp_path, capture_output=True, check=False)
    (err,) = detect(run.stdout + run.stderr).errors
    assert (err.line, err.category) == (1, "reference")
    assert err.file is not None and err.file.endswith("u.pl")
