"""CTest and GoogleTest: each test that did not pass is one error, with what its
output says went wrong where it says it, and how it ended where it says nothing."""

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
