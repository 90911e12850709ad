"""Zig: the compiler's errors, a test that failed (its words, or its return
trace's frame in the project), and the build runner's lines that follow.
The layouts are Zig 0.11's and 0.16's, as its issues and nixpkgs quote them."""

from __future__ import annotations

from test_detect import scan

from pytest_errlearn.detect.hints import tool_from_command


def test_a_compile_error_is_zig_s_and_the_build_runner_s_lines_follow_from_it() -> None:
    (err,) = scan(
        """
        install
        └─ install calc
           └─ zig build-exe calc Debug native 1 errors
        src/main.zig:5:9: error: use of undeclared identifier 'totl'
            _ = totl;
                ^~~~
        error: the following command failed with 1 compilation errors:
        /opt/zig/zig build-exe -ODebug -Mroot=/home/runner/work/calc/src/main.zig
        Build Summary: 0/3 steps succeeded; 1 failed
        """
    ).errors
    assert (err.tool, err.file, err.line, err.category) == ("zig", "src/main.zig", 5, "reference")
    assert err.related


def test_a_failed_test_is_at_its_frame_in_the_project_or_says_its_words() -> None:
    traced = scan(
        """
        run test: error: 'test.sign and verify' failed: /snap/zig/8241/lib/std/testing.zig:515:14: 0x227a9f in expect (test)
            if (!ok) return error.TestUnexpectedResult;
                     ^
        /src/main.zig:97:5: 0x227c37 in test.sign and verify (test)
            try testing.expect(1 == 2);
            ^
        run test: error: while executing test 'test.sign and verify', the following test command failed:
        Build Summary: 1/3 steps succeeded; 1 failed; 0/1 tests passed; 1 failed
        """  # noqa: E501
    ).errors
    worded = scan(
        """
        error: 'test.main.test.main' failed:
               expected 3, found 2
        failed command: ./.zig-cache/o/9d92cd523e490fe794dcc4dd1036320f/test --listen=-

        Build Summary: 7/9 steps succeeded (1 failed); 24/25 tests passed (1 failed)
        """
    ).errors
    assert [(e.test, e.file, e.line, e.message, e.category) for e in traced + worded] == [
        (
            "test.sign and verify",
            "/src/main.zig",
            97,
            "'test.sign and verify' failed: TestUnexpectedResult",
            "assertion",
        ),
        (
            "test.main.test.main",
            None,
            None,
            "'test.main.test.main' failed: expected 3, found 2",
            "assertion",
        ),
    ]


def test_zig_is_known_by_its_command() -> None:
    assert tool_from_command(["zig", "build", "test"]) == "zig"
