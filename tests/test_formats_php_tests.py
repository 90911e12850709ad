"""PHP's test runners: PHPUnit 9 to 11 (failures, errors, chained exceptions,
testdox, issues that fail nothing, passing runs) and php-src's run-tests.php."""

from __future__ import annotations

from test_detect import scan


def test_phpunit_9_reports_each_failure_and_error_at_its_place() -> None:
    # A real run of PHPUnit 9.6.7 (Debian 12), paths shortened.
    report = scan(
        """
        PHPUnit 9.6.7 by Sebastian Bergmann and contributors.

        FEFR.                                                               5 / 5 (100%)

        Time: 00:00.004, Memory: 4.00 MB

        There was 1 error:

        1) CalcTest::testDiv
        InvalidArgumentException: division by zero

        /app/src/Calc.php:12
        /app/tests/CalcTest.php:15

        --

        There were 2 failures:

        1) CalcTest::testAdd
        Failed asserting that 2 matches expected 3.

        /app/tests/CalcTest.php:10

        2) CalcTest::testStr
        Failed asserting that two strings are identical.
        --- Expected
        +++ Actual
        @@ @@
        -'foo'
        +'bar'

        /app/tests/CalcTest.php:20

        --

        There was 1 risky test:

        1) CalcTest::testRisky
        This test did not perform any assertions

        /app/tests/CalcTest.php:23

        ERRORS!
        Tests: 5, Assertions: 3, Errors: 1, Failures: 2, Risky: 1.
        """
    )
    div, add, same = report.errors
    # The exception is where it was thrown, the innermost place PHPUnit lists.
    assert (div.file, div.line, div.test) == ("/app/src/Calc.php", 12, "CalcTest::testDiv")
    assert (div.message, div.category, div.span) == (
        "InvalidArgumentException: division by zero",
        "runtime",
        (9, 13),
    )
    assert (add.file, add.line, add.message) == (
        "/app/tests/CalcTest.php",
        10,
        "Failed asserting that 2 matches expected 3.",
    )
    assert (same.line, same.span) == (20, (24, 32))
    assert report.primary_index == 0
    (risky,) = report.warnings
    assert (risky.message, risky.span) == ("There was 1 risky test", (36, 41))
    assert [err.related for err in report.errors][-1] == [(43, 44)]


def test_phpunit_10_namespaced_tests_fail_and_their_issue_sections_are_warnings() -> None:
    # PHPUnit 11's own end-to-end expectation (tests/end-to-end/generic/outcome-and-issues
    # .phpt), shortened, its placeholders filled in.
    report = scan(
        """
        PHPUnit 11.5.0 by Sebastian Bergmann and contributors.

        Runtime:       PHP 8.3.0

        .RDNWFE                                                            7 / 7 (100%)

        Time: 00:00.010, Memory: 8.00 MB

        There was 1 error:

        1) PHPUnit\\TestFixture\\OutcomesAndIssuesTest::testErrorWithDeprecation
        Exception: exception message

        /app/tests/OutcomesAndIssuesTest.php:31

        --

        There was 1 failure:

        1) PHPUnit\\TestFixture\\OutcomesAndIssuesTest::testFailWithDeprecation
        Failed asserting that false is true.

        /app/tests/OutcomesAndIssuesTest.php:52

        --

        1 test triggered 1 deprecation:

        1) /app/tests/OutcomesAndIssuesTest.php:48
        deprecation message

        ERRORS!
        Tests: 7, Assertions: 3, Errors: 1, Failures: 1, Deprecations: 1.
        """
    )
    error, failure = report.errors
    assert error.test == "PHPUnit\\TestFixture\\OutcomesAndIssuesTest::testErrorWithDeprecation"
    assert (error.line, error.message) == (31, "Exception: exception message")
    assert (failure.line, failure.message) == (52, "Failed asserting that false is true.")
    (deprecations,) = report.warnings
    assert deprecations.message == "1 test triggered 1 deprecation"


def test_a_chained_exception_in_phpunit_is_reported_at_its_last_cause() -> None:
    # PHPUnit's end-to-end expectation tests/end-to-end/generic/exception-stack.phpt.
    (err,) = scan(
        """
        There was 1 error:

        1) PHPUnit\\TestFixture\\ExceptionStackTest::testNestedExceptions
        Exception: One

        /app/tests/ExceptionStackTest.php:44

        Caused by
        InvalidArgumentException: Two

        /app/tests/ExceptionStackTest.php:43

        Caused by
        Exception: Three

        /app/tests/ExceptionStackTest.php:42

        ERRORS!
        Tests: 2, Assertions: 1, Errors: 2.
        """
    ).errors
    assert (err.message, err.line, err.span) == ("Exception: Three", 42, (3, 16))


def test_an_exception_phpunit_traces_into_vendor_code_is_at_the_projects_frame() -> None:
    (err,) = scan(
        """
        1) Tests\\ClientTest::testFetch
        GuzzleHttp\\Exception\\ConnectException: cURL error 7: Failed to connect

        /app/vendor/guzzlehttp/guzzle/src/Handler/CurlFactory.php:210
        /app/src/Client.php:33
        /app/tests/ClientTest.php:12

        ERRORS!
        """
    ).errors
    assert (err.file, err.line, err.category) == ("/app/src/Client.php", 33, "network")


def test_phpunit_testdox_failures_are_read_in_their_margin() -> None:
    # A real run of PHPUnit 9.6.7 --testdox.
    report = scan(
        """
        Calc
         ✘ Add
           │
           │ Failed asserting that 2 matches expected 3.
           │
           │ /app/tests/CalcTest.php:10
           │

         ✘ Div
           │
           │ InvalidArgumentException: division by zero
           │
           │ /app/src/Calc.php:12
           │ /app/tests/CalcTest.php:15
           │

         ✔ Warn

        ERRORS!
        Tests: 3, Assertions: 2, Errors: 1, Failures: 1.
        """
    )
    add, div = report.errors
    assert (add.test, add.line, add.message) == (
        "Add",
        10,
        "Failed asserting that 2 matches expected 3.",
    )
    assert (div.file, div.line, div.span) == ("/app/src/Calc.php", 12, (9, 15))


def test_a_passing_phpunit_run_with_a_skipped_test_has_no_error() -> None:
    # A real run of PHPUnit 9.6.7 --verbose.
    report = scan(
        """
        PHPUnit 9.6.7 by Sebastian Bergmann and contributors.

        Runtime:       PHP 8.2.36

        ...S                                                                4 / 4 (100%)

        Time: 00:00.041, Memory: 4.00 MB

        There was 1 skipped test:

        1) CalcTest::testLocale
        The intl extension is not available.

        /app/tests/CalcTest.php:28

        OK, but incomplete, skipped, or risky tests!
        Tests: 4, Assertions: 3, Skipped: 1.
        """
    )
    assert report.errors == []
    assert [w.message for w in report.warnings] == ["There was 1 skipped test"]


def test_run_tests_php_failures_are_at_their_phpt_file() -> None:
    # A real run of PHP 8.2's run-tests.php --show-diff (as PECL extensions run it).
    report = scan(
        """
        TEST 1/3 [tests/001-add.phpt]
        ========DIFF========
        \x1b[1;32m001+ int(2)\x1b[0m
        \x1b[1;31m001- int(3)\x1b[0m
        ========DONE========
        \x1b[1;31mFAIL\x1b[0m Adding two numbers [tests/001-add.phpt]
        TEST 2/3 [tests/002-ok.phpt]\r\x1b[1;32mPASS\x1b[0m Strings are joined [tests/002-ok.phpt]
        TEST 3/3 [tests/003-warn.phpt]\r\x1b[1;31mFAIL\x1b[0m Bug #1234 (reading a missing key) [tests/003-warn.phpt]
        =====================================================================
        Tests failed    :    2 ( 66.7%) ( 66.7%)
        Tests passed    :    1 ( 33.3%) ( 33.3%)
        =====================================================================
        FAILED TEST SUMMARY
        ---------------------------------------------------------------------
        Adding two numbers [tests/001-add.phpt]
        Bug #1234 (reading a missing key) [tests/003-warn.phpt]
        =====================================================================
        """  # noqa: E501
    )
    add, bug = report.errors
    assert (add.file, add.message, add.category) == (
        "tests/001-add.phpt",
        "Adding two numbers",
        "assertion",
    )
    assert (bug.file, bug.span) == ("tests/003-warn.phpt", (8, 8))
