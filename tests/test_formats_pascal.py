"""Free Pascal: the place in parentheses, the severity, the message (fpc 3.2.2);
its own lines that say the compile stopped follow from the errors."""

from __future__ import annotations

from test_detect import scan

from pytest_errlearn.detect.hints import tool_from_command

FPC = """
Compiling p.pas
p.pas(2,5) Note: Local variable "y" not used
p.pas(4,8) Error: Identifier not found "totl"
p.pas(5,8) Error: Incompatible types: got "Char" expected "SmallInt"
p.pas(7) Fatal: There were 2 errors compiling module, stopping
Fatal: Compilation aborted
Error: /usr/bin/ppcx64 returned an error exitcode
"""


def test_each_error_is_at_its_place_and_the_stop_follows_from_them() -> None:
    report = scan(FPC)
    assert [(e.line, e.column, e.category) for e in report.errors] == [
        (4, 8, "reference"),
        (5, 8, "type"),
    ]
    assert not report.warnings  # a note is no warning


def test_a_unit_it_cannot_find_is_a_dependency() -> None:
    [err] = scan("u.pas(2,6) Fatal: Can't find unit nosuchunit used by u\n").errors
    assert (err.category, err.tool) == ("dependency", "fpc")


def test_fpc_is_known_by_its_command() -> None:
    assert tool_from_command("fpc -B src/cart.pas") == "fpc"
