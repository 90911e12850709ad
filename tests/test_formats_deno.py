"""Deno: ``deno test``'s failures (read under `` ERRORS ``, not again under
`` FAILURES ``), ``deno check``'s and ``deno lint``'s errors at their place.
The layouts are Deno's own (its test fixtures, 1.22 on)."""

from __future__ import annotations

from test_detect import scan

from pytest_errlearn.detect.hints import tool_from_command


def test_a_failed_test_is_its_exception_at_the_failing_line_once() -> None:
    report = scan(
        """
        running 2 tests from ./main_test.ts
        add ... ok (1ms)
        subtract ... FAILED (2ms)

         ERRORS

        subtract => ./main_test.ts:8:6
        error: AssertionError: Values are not equal.


            [Diff] Actual / Expected


        -   3
        +   4

          throw new AssertionError(message);
                ^
            at assertEquals (https://deno.land/std@0.224.0/assert/assert_equals.ts:47:9)
            at file:///home/runner/work/app/app/main_test.ts:9:3

         FAILURES

        subtract => ./main_test.ts:8:6

        FAILED | 1 passed | 1 failed (13ms)

        error: Test failed
        """
    )
    (err,) = report.errors
    assert (err.tool, err.test, err.file, err.line, err.category) == (
        "deno",
        "subtract",
        "/home/runner/work/app/app/main_test.ts",
        9,
        "assertion",
    )
    assert err.message == "AssertionError: Values are not equal. - 3 + 4"
    assert err.related  # the counts and "Test failed" follow from it


def test_a_step_s_error_is_at_its_test_where_no_frame_is_the_project_s() -> None:
    (err,) = scan(
        """
        nested failure ... step 1 ... inner 1 => ./test/steps.ts:5:13
        error: Error: Failed.
              throw new Error("Failed.");
                    ^
            at ext:core/01_core.js:12:3
        """
    ).errors
    assert (err.test, err.file, err.line, err.message, err.category) == (
        "nested failure ... step 1 ... inner 1",
        "./test/steps.ts",
        5,
        "Error: Failed.",
        "runtime",
    )


def test_the_checker_s_and_the_linter_s_errors_are_at_the_place_under_them() -> None:
    checked = scan(
        """
        TS2322 [ERROR]: Type 'string' is not assignable to type 'number'.
        const total: number = "3";
              ~~~~~
            at file:///home/runner/work/app/app/main.ts:4:7

        TS2304 [ERROR]: Cannot find name 'totl'.
        console.log(totl);
                    ~~~~
            at file:///home/runner/work/app/app/main.ts:5:13

        Found 2 errors.

        error: Type checking failed.
        """
    ).errors
    assert [(e.code, e.line, e.column, e.category) for e in checked] == [
        ("TS2322", 4, 7, "type"),
        ("TS2304", 5, 13, "reference"),
    ]
    (lint,) = scan(
        """
        error[no-unused-vars]: `x` is never used
         --> /home/runner/work/app/app/main.ts:1:7
          |
        1 | const x = 1;
          |       ^
          = hint: If this is intentional, prefix it with an underscore like `_x`

        Found 1 problem
        """
    ).errors
    assert (lint.tool, lint.code, lint.line, lint.message) == (
        "deno",
        "no-unused-vars",
        1,
        "`x` is never used",
    )


def test_deno_is_known_by_its_command() -> None:
    assert tool_from_command(["deno", "test", "-A"]) == "deno"
