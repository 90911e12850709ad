"""``bun test``: a failed test read from its mark, back over the error Bun
printed before it. The layout is Bun's (1.0 on), as its issues quote it."""

from __future__ import annotations

from test_detect import scan

from pytest_errlearn.detect.engine import detect
from pytest_errlearn.detect.hints import tool_from_command

RUN = """
bun test v1.1.8 (89d25807)

test/math.test.ts:
(pass) add [0.12ms]
1 | import { expect, test } from "bun:test";
2 |
3 | test("subtract", () => {
4 |   expect(3 - 1).toBe(3);
                    ^
error: expect(received).toBe(expected)

Expected: 3
Received: 2

      at <anonymous> (/home/runner/work/app/app/test/math.test.ts:4:17)
(fail) subtract [0.50ms]

 1 pass
 1 fail
 2 expect() calls
Ran 2 tests across 1 files. [12.00ms]
"""


def test_a_failed_expectation_is_one_error_at_its_line_with_what_it_got() -> None:
    report = scan(RUN)
    (err,) = report.errors
    assert (err.tool, err.test, err.file, err.line, err.column, err.category) == (
        "bun",
        "subtract",
        "/home/runner/work/app/app/test/math.test.ts",
        4,
        17,
        "assertion",
    )
    assert err.message == "expect(received).toBe(expected) Expected: 3 Received: 2"
    assert err.related  # the count follows from it


def test_at_a_terminal_the_marks_are_ticks_and_crosses_and_read_the_same() -> None:
    tty = RUN.replace("(pass) ", "✓ ").replace("(fail) ", "✗ ")
    assert [(e.test, e.line, e.message) for e in scan(tty).errors] == [
        ("subtract", 4, "expect(received).toBe(expected) Expected: 3 Received: 2")
    ]


def test_bun_is_known_by_its_command() -> None:
    assert tool_from_command(["bun", "test"]) == "bun"


# A real run of bun 1.4 (`bun test`, from npm's `bun` package): tests that threw.
THROWN = """
b.test.ts:
3 | test("boom", () => {
4 |   throw new Error("boom");
                            ^
error: boom
      at <anonymous> (/home/ci/app/b.test.ts:4:25)
(fail) boom [0.29ms]
3 | test("boom", () => {
4 |   throw new Error("boom");
5 | });
6 | test("ref", () => {
7 |   // @ts-ignore
8 |   nope();
      ^
ReferenceError: nope is not defined
      at <anonymous> (/home/ci/app/b.test.ts:8:3)
(fail) ref [0.14ms]

 0 pass
 2 fail
"""


def test_a_test_that_threw_is_one_error_of_its_test_at_the_throw() -> None:
    report = detect(THROWN.encode(), tool_from_command("bun test"), command="bun test")
    found = [(e.tool, e.test, e.line, e.count, e.category, e.message) for e in report.errors]
    assert found == [
        ("bun", "boom", 4, 1, "unknown", "boom"),
        ("bun", "ref", 8, 1, "reference", "ReferenceError: nope is not defined"),
    ]
