"""C's unit-test frameworks, as check 0.15, cmocka 1.1 and CUnit 2.1 print them
(Unity's layout from its documentation), and the C library's assert()."""

from __future__ import annotations

from test_detect import scan

CHECK = """
Running suite(s): Cart
33%: Checks: 3, Failures: 1, Errors: 1
check_cart.c:4:F:Core:test_total:0: Assertion 'total(1, 2) == 4' failed: total(1, 2) == 3, 4 == 4
check_cart.c:6:E:Core:test_crash:0: (after this point) Received signal 11 (Segmentation fault)
"""

CMOCKA = """
[==========] Running 2 test(s).
[ RUN      ] test_total
[  ERROR   ] --- 0x3 != 0x4
[   LINE   ] --- cm.c:7: error: Failure!
[  FAILED  ] test_total
[ RUN      ] test_add
[       OK ] test_add
[==========] 2 test(s) run.
[  PASSED  ] 1 test(s).
[  FAILED  ] 1 test(s), listed below:
[  FAILED  ] test_total

 1 FAILED TEST(S)
"""

CUNIT = """
Suite: Cart
  Test: test_total ...FAILED
    1. cu.c:3  - CU_ASSERT_EQUAL(total(1, 2),4)

Run Summary:    Type  Total    Ran Passed Failed Inactive
"""


def test_check_failures_and_errors_are_each_at_their_place_in_their_test() -> None:
    failed, crashed = scan(CHECK).errors
    assert (failed.file, failed.line, failed.test, failed.category) == (
        "check_cart.c",
        4,
        "test_total",
        "assertion",
    )
    assert failed.message.startswith("Assertion 'total(1, 2) == 4' failed")
    assert (crashed.line, crashed.test, crashed.category) == (6, "test_crash", "runtime")


def test_a_cmocka_failure_is_at_the_place_under_it_and_its_summary_follows() -> None:
    [err] = scan(CMOCKA).errors
    assert (err.message, err.file, err.line, err.test) == ("0x3 != 0x4", "cm.c", 7, "test_total")
    assert err.span == (3, 4)


def test_a_unity_failure_is_at_its_place() -> None:
    [err] = scan(
        "test_cart.c:14:test_total:FAIL: Expected 4 Was 3\n3 Tests 1 Failures 0 Ignored\n"
    ).errors
    assert (err.file, err.line, err.test, err.message) == (
        "test_cart.c",
        14,
        "test_total",
        "Expected 4 Was 3",
    )


def test_a_cunit_failure_is_at_its_place_in_the_test_named_above() -> None:
    [err] = scan(CUNIT).errors
    assert (err.file, err.line, err.test) == ("cu.c", 3, "test_total")


def test_a_failed_c_assert_is_an_assertion_at_its_place() -> None:
    [err] = scan("test_cart: test_cart.c:12: main: Assertion `total() == 4' failed.\n").errors
    assert (err.file, err.line, err.category) == ("test_cart.c", 12, "assertion")
    assert err.message == "Assertion `total() == 4' failed."
