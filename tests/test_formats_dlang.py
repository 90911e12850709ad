"""D: the compilers' messages, druntime's errors and unittest failures, and dub's
words, as ldc 1.30 and dub 1.27 print them (dmd prints the same messages)."""

from __future__ import annotations

from test_detect import scan

from pytest_errlearn.detect.hints import tool_from_command

BUILD = """
Performing "debug" build using /usr/bin/ldc2 for x86_64.
dp ~master: building configuration "application"...
source/app.d(4,40): Error: undefined identifier `totl`
source/app.d(4,55): Error: cannot implicitly convert expression `"a"` of type `string` to `int`
source/app.d(9,5): Deprecation: `std.string.removechars` is deprecated
/usr/bin/ldc2 failed with exit code 1.
"""

UNITTEST = """
Running dp-test-application
core.exception.AssertError@source/calc.d(3): Assertion failure
----------------
??:? _d_assert [0x7fd1cab4e792]
source/calc.d:3 [0x55622a6e931f]
??:? runModuleUnitTests [0x7fd1cab712f4]
1/1 modules FAILED unittests
Program exited with code 1
"""


def test_compiler_errors_are_at_their_place_and_deprecations_are_warnings() -> None:
    report = scan(BUILD)
    assert [(e.file, e.line, e.column, e.category, e.tool) for e in report.errors] == [
        ("source/app.d", 4, 40, "reference", "dmd"),
        ("source/app.d", 4, 55, "type", "dmd"),
    ]
    assert [w.line for w in report.warnings] == [9]


def test_a_failed_unittest_is_one_assertion_with_its_stack() -> None:
    [err] = scan(UNITTEST).errors
    assert (err.message, err.file, err.line, err.code) == (
        "Assertion failure",
        "source/calc.d",
        3,
        "AssertError",
    )
    assert (err.category, err.span) == ("assertion", (2, 6))


def test_an_error_that_escaped_is_a_runtime_error_and_ldc_says_a_unittest_so() -> None:
    [err] = scan(
        "core.exception.ArrayIndexError@source/app.d(4): index [5] is out of bounds\n"
    ).errors
    assert (err.category, err.line) == ("runtime", 4)
    [err] = scan("t.d(2): [unittest] Assertion failure\n1/1 modules FAILED unittests\n").errors
    assert (err.category, err.file) == ("assertion", "t.d")


def test_a_dependency_dub_cannot_find_is_a_dependency_error() -> None:
    [err] = scan(
        "Failed to find any versions for package vibe-d, referenced by dq ~master\n"
    ).errors
    assert (err.category, err.tool) == ("dependency", "dub")


def test_d_tools_are_known_by_their_commands() -> None:
    assert tool_from_command("dub test") == "dub"
    assert tool_from_command("ldc2 -unittest t.d") == "ldc"
