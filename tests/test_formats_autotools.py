"""Autotools and Meson: configure's errors, automake's test harness (automake
1.16), meson setup's errors and meson test's results (meson 1.0)."""

from __future__ import annotations

from test_detect import scan

CONFIGURE = """
checking for LIBXML... no
configure: error: Package requirements (libxml-2.0 >= 2.9) were not met:

No package 'libxml-2.0' found

Consider adjusting the PKG_CONFIG_PATH environment variable if you
"""

MAKE_CHECK = """
make[2]: Entering directory '/home/ci/cart'
./test-driver: line 112: 26028 Aborted                 "$@" >> "$log_file" 2>&1
FAIL: test_cart
PASS: test_add
============================================================================
# TOTAL: 2
# PASS:  1
# FAIL:  1
============================================================================
See ./test-suite.log
============================================================================
make[2]: *** [Makefile:628: test-suite.log] Error 1
make: *** [Makefile:955: check-am] Error 2
"""

MESON_TEST = """
1/2 cart-test  FAIL            0.01s   exit status 1
2/2 parse-test OK              0.00s

Ok:                 1
Expected Fail:      0
Fail:               1
Unexpected Pass:    0
"""


def test_a_configure_error_is_a_missing_dependency_with_pkg_configs_words() -> None:
    [err] = scan(CONFIGURE).errors
    assert (err.category, err.tool) == ("dependency", "configure")
    expected = (
        "Package requirements (libxml-2.0 >= 2.9) were not met: No package 'libxml-2.0' found"
    )
    assert err.message == expected
    assert err.span == (2, 4)


def test_a_failed_test_of_the_harness_is_its_error_and_make_only_follows() -> None:
    [err] = scan(MAKE_CHECK).errors
    assert (err.test, err.category, err.tool) == ("test_cart", "assertion", "automake")


def test_the_harness_line_follows_from_the_tests_own_failure_above_it() -> None:
    [err] = scan("check_cart.c:4:F:Core:test_total:0: total is wrong\nFAIL: check_cart\n").errors
    assert (err.tool, err.line) == ("check", 4)


def test_each_test_of_pytest_without_tracebacks_stays_its_own_error() -> None:
    report = scan(
        "FAILED t.py::a - assert 1 == 2\nFAILED t.py::b - KeyError\n=== 2 failed in 0.1s ===\n"
    )
    assert [e.test for e in report.errors] == ["a", "b"]


def test_a_meson_test_that_failed_is_one_error_and_its_counts_are_none() -> None:
    [err] = scan(MESON_TEST).errors
    assert (err.test, err.message, err.category) == (
        "cart-test",
        "FAIL (exit status 1)",
        "assertion",
    )


def test_a_meson_setup_error_is_at_its_place_in_meson_build() -> None:
    [err] = scan(
        'meson.build:5:0: ERROR: Dependency "libxml-2.0" not found, tried pkgconfig and cmake\n'
    ).errors
    assert (err.file, err.line, err.category, err.tool) == ("meson.build", 5, "dependency", "meson")
