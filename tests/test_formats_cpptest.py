"""CTest, GoogleTest and Catch2: each test that did not pass is one error, with what
its output says went wrong where it says it, and how it ended where it says nothing."""

from __future__ import annotations

from test_detect import scan

from pytest_errlearn.matching.matcher import Matcher
from pytest_errlearn.matching.patterns import builtin_patterns

# A real run of ctest 3.25 (`ctest --output-on-failure`): one test prints why it failed.
CTEST = """
Test project /home/ci/build
    Start 1: unit_math
1/4 Test #1: unit_math ........................   Passed    0.00 sec
    Start 2: unit_parse
2/4 Test #2: unit_parse .......................***Failed    0.00 sec
parse.c:12: expected 3, got 4

    Start 3: integration
3/4 Test #3: integration ......................***Exception: SegFault  0.00 sec

    Start 4: slow
4/4 Test #4: slow .............................***Timeout   1.00 sec


25% tests passed, 3 tests failed out of 4

Total Test time (real) =   1.02 sec

The following tests FAILED:
\t  2 - unit_parse (Failed)
\t  3 - integration (SEGFAULT)
\t  4 - slow (Timeout)
Errors while running CTest
"""

# A real GoogleTest 1.12 binary's output: three expectations fail.
GTEST = """
Running main() from ./googletest/src/gtest_main.cc
[==========] Running 4 tests from 1 test suite.
[ RUN      ] Math.Add
tests/math_test.cc:3: Failure
Expected equality of these values:
  add(1, 2)
    Which is: 4
  3
[  FAILED  ] Math.Add (0 ms)
[ RUN      ] Math.Less
tests/math_test.cc:4: Failure
Expected: (add(1, 2)) < (2), actual: 4 vs 2
add should be small
[  FAILED  ] Math.Less (0 ms)
[ RUN      ] Math.Throws
unknown file: Failure
C++ exception with description "boom" thrown in the test body.
[  FAILED  ] Math.Throws (0 ms)
[ RUN      ] Math.Ok
[       OK ] Math.Ok (0 ms)
[==========] 4 tests from 1 test suite ran. (0 ms total)
[  PASSED  ] 1 test.
[  FAILED  ] 3 tests, listed below:
[  FAILED  ] Math.Add
[  FAILED  ] Math.Less
[  FAILED  ] Math.Throws

 3 FAILED TESTS
"""


def test_each_ctest_test_that_did_not_pass_is_one_error() -> None:
    found = [(e.test, e.category, e.message) for e in scan(CTEST).errors]
    assert found == [
        ("unit_parse", "assertion", "parse.c:12: expected 3, got 4"),  # its output says why
        ("integration", "runtime", "integration: Exception: SegFault"),
        ("slow", "runtime", "slow: Timeout"),
    ]


def test_each_googletest_failure_is_one_error_with_what_it_expected() -> None:
    found = [(e.file, e.line, e.test, e.category, e.message) for e in scan(GTEST).errors]
    assert found == [
        (
            "tests/math_test.cc",
            3,
            "Math.Add",
            "assertion",
            "Expected equality of these values: add(1, 2) Which is: 4 3",
        ),
        (
            "tests/math_test.cc",
            4,
            "Math.Less",
            "assertion",
            "Expected: (add(1, 2)) < (2), actual: 4 vs 2 add should be small",
        ),
        (
            None,  # an exception: "unknown file"
            None,
            "Math.Throws",
            "runtime",
            'C++ exception with description "boom" thrown in the test body.',
        ),
    ]


def test_googletest_under_ctest_is_read_as_googletest_says_it() -> None:
    output = GTEST.replace(
        "Running main()", "1/1 Test #1: math_test ....***Failed  0.01 sec\nRunning main()"
    )
    [err] = scan(output).errors
    assert (err.test, err.file, err.line, err.message) == (
        "math_test",
        "tests/math_test.cc",
        3,
        "Expected equality of these values: add(1, 2) Which is: 4 3",
    )


def test_ctests_summary_gets_no_fix_for_mavens_test_failures() -> None:
    report = scan(CTEST.replace("Start 2", "Start 9"))  # a summary of its own, read as ctest's
    Matcher(builtin_patterns()).match_report(report)
    assert "maven-test-failures" not in {e.match.pattern for e in report.errors if e.match}
    only_summary = scan("The following tests FAILED:\n\t  2 - unit_parse (Failed)\n")
    Matcher(builtin_patterns()).match_report(only_summary)
    assert [e.match for e in only_summary.errors] == [None]


# A real Catch2 2.13 binary's output (v3's console reporter prints the same).
CATCH2 = """
~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
t is a Catch v2.13.10 host application.
Run with -? for options

-------------------------------------------------------------------------------
Math adds
-------------------------------------------------------------------------------
tests/t.cpp:5
...............................................................................

tests/t.cpp:6: FAILED:
  REQUIRE( add(1, 2) == 3 )
with expansion:
  4 == 3

-------------------------------------------------------------------------------
Math checks
  small numbers
-------------------------------------------------------------------------------
tests/t.cpp:8
...............................................................................

tests/t.cpp:9: FAILED:
  CHECK( add(0, 0) == 0 )
with expansion:
  1 == 0

tests/t.cpp:10: FAILED:
  CHECK( add(1, 1) == 2 )
with expansion:
  3 == 2

-------------------------------------------------------------------------------
Throws
-------------------------------------------------------------------------------
tests/t.cpp:12
...............................................................................

tests/t.cpp:12: FAILED:
due to unexpected exception with message:
  boom

===============================================================================
test cases: 4 | 1 passed | 3 failed
assertions: 5 | 1 passed | 4 failed
"""


def test_each_failed_catch2_assertion_is_an_error_of_its_test_case() -> None:
    found = [(e.line, e.test, e.category, e.message) for e in scan(CATCH2).errors]
    assert found == [
        (6, "Math adds", "assertion", "REQUIRE( add(1, 2) == 3 ) with expansion: 4 == 3"),
        (
            9,
            "Math checks / small numbers",
            "assertion",
            "CHECK( add(0, 0) == 0 ) with expansion: 1 == 0",
        ),
        (
            10,
            "Math checks / small numbers",
            "assertion",
            "CHECK( add(1, 1) == 2 ) with expansion: 3 == 2",
        ),
        (12, "Throws", "runtime", "due to unexpected exception with message: boom"),
    ]
    assert {e.file for e in scan(CATCH2).errors} == {"tests/t.cpp"}


def test_catch2_under_ctest_is_read_as_catch2_says_it() -> None:
    output = "1/1 Test #1: math ....***Failed  0.01 sec\n" + CATCH2
    [err] = scan(output).errors  # ctest's one test, its first failed assertion
    assert (err.test, err.line, err.category, err.message) == (
        "math",
        6,
        "assertion",
        "REQUIRE( add(1, 2) == 3 ) with expansion: 4 == 3",
    )


def test_a_ctest_test_that_aborted_on_an_assert_is_its_test_s_assertion() -> None:
    (err,) = scan(
        """
        1/3 Test #1: test_add .........................Subprocess aborted***Exception:   0.00 sec
        test_add: /src/test_add.c:6: main: Assertion `add(2, 3) == 5' failed.
        """
    ).errors
    assert (err.test, err.file, err.line, err.category) == (
        "test_add",
        "/src/test_add.c",
        6,
        "assertion",
    )


def test_a_ctest_test_s_output_at_a_place_is_located_there() -> None:
    (err,) = scan(CTEST).errors[:1]
    assert (err.test, err.file, err.line) == ("unit_parse", "parse.c", 12)
