"""Nim's compiler: the place in parentheses, then the severity, the message and,
for a warning or a hint, the check's name."""

from __future__ import annotations

from test_detect import scan

from pytest_errlearn.detect.hints import tool_from_command

# `nim c` 1.6, as CI logs show it (the hints about config files left out).
NIM = """
/home/ci/proj/src/cart.nim(3, 5) Hint: 'unused' is declared but not used [XDeclaredButNotUsed]
/home/ci/proj/src/cart.nim(9, 7) Warning: imported and not used: 'strutils' [UnusedImport]
/home/ci/proj/src/cart.nim(4, 17) Error: type mismatch: got 'string' for '"a"' but expected 'int'
"""


def test_the_error_is_at_its_place_without_the_place_in_its_message() -> None:
    [err] = scan(NIM).errors
    assert (err.file, err.line, err.column, err.tool, err.category) == (
        "/home/ci/proj/src/cart.nim",
        4,
        17,
        "nim",
        "type",
    )
    assert err.message == "type mismatch: got 'string' for '\"a\"' but expected 'int'"


def test_warnings_and_hints_are_warnings_named_by_their_check() -> None:
    assert [(w.line, w.code) for w in scan(NIM).warnings] == [
        (3, "XDeclaredButNotUsed"),
        (9, "UnusedImport"),
    ]


def test_nim_and_nimble_are_known_by_their_commands() -> None:
    assert tool_from_command("nim c -d:release src/cart.nim") == "nim"
    assert tool_from_command("nimble test") == "nim"
