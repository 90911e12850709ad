"""Elm: the compiler's problems under their rules (0.19's layout; 0.18's is the
same), and elm-test's failed tests."""

from __future__ import annotations

from test_detect import scan

from pytest_errlearn.detect.hints import tool_from_command

MAKE = """
Compiling ...-- NAMING ERROR ----------------------------------------------- src/Main.elm

I cannot find a `totl` variable:

8|     text (String.fromInt totl)
                            ^^^^
These names seem close though:

    total

-- TYPE MISMATCH ---------------------------------------------------- src/Cart.elm

The 1st argument to `add` is not what I expect:

12|     add "1" 2
            ^^^
"""

TEST = """
↓ CartTest
✗ total adds prices

    4
    ╷
    │ Expect.equal
    ╵
    3



TEST RUN FAILED
"""


def test_each_problem_is_one_error_at_its_file_and_quoted_line() -> None:
    report = scan(MAKE)
    assert [(e.file, e.line, e.code, e.category) for e in report.errors] == [
        ("src/Main.elm", 8, "NAMING ERROR", "reference"),
        ("src/Cart.elm", 12, "TYPE MISMATCH", "type"),
    ]
    assert report.errors[0].message == "I cannot find a `totl` variable:"
    assert report.errors[0].span == (1, 9)


def test_a_failed_elm_test_is_its_comparison_and_the_run_failed_only_follows() -> None:
    [err] = scan(TEST).errors
    assert (err.test, err.message, err.category) == (
        "total adds prices",
        "4 Expect.equal 3",
        "assertion",
    )


def test_elm_is_known_by_its_commands() -> None:
    assert tool_from_command("elm make src/Main.elm") == "elm"
    assert tool_from_command("elm-test") == "elm-test"
