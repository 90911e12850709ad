"""PHP's outputs: the engine's fatal errors and warnings, ``php -l``, PHPUnit 9 to 11
(failures, errors, chained exceptions, testdox, issues that fail nothing), Composer,
Psalm and PHPStan, and passing runs."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
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


def test_an_uncaught_exception_is_at_its_throw_with_its_stack_trace() -> None:
    # A real run of PHP 8.2 (Debian's CLI logs to stderr with "PHP " first).
    (err,) = scan(
        """
        PHP Fatal error:  Uncaught InvalidArgumentException: division by zero in /app/Calc.php:5
        Stack trace:
        #0 /app/run.php(4): Calc->div()
        #1 {main}
          thrown in /app/Calc.php on line 5
        """
    ).errors
    assert (err.file, err.line, err.span, err.tool) == ("/app/Calc.php", 5, (1, 5), "php")
    assert err.message == "Uncaught InvalidArgumentException: division by zero"


def test_an_exception_thrown_in_vendor_code_is_at_the_projects_innermost_frame() -> None:
    (err,) = scan(
        """
        Fatal error: Uncaught PDOException: SQLSTATE[HY000] [2002] Connection refused in /app/vendor/doctrine/dbal/src/Driver/PDO/Connection.php:70
        Stack trace:
        #0 /app/vendor/doctrine/dbal/src/Connection.php(340): PDO->__construct()
        #1 /app/src/Repository/Users.php(21): Doctrine\\DBAL\\Connection->connect()
        #2 /app/bin/console(12): App\\Repository\\Users->all()
        #3 {main}

        Next Doctrine\\DBAL\\Exception\\ConnectionException: could not connect in /app/vendor/doctrine/dbal/src/Driver/API/ExceptionConverter.php:100
        Stack trace:
        #0 {main}
          thrown in /app/vendor/doctrine/dbal/src/Driver/API/ExceptionConverter.php on line 100
        """  # noqa: E501
    ).errors
    assert (err.file, err.line, err.category) == ("/app/src/Repository/Users.php", 21, "network")
    assert err.span == (1, 11)


def test_a_function_given_a_wrong_argument_fails_at_the_call() -> None:
    # A real run of PHP 8.2: add() is defined on line 3, called on line 4.
    (err,) = scan(
        """
        PHP Fatal error:  Uncaught TypeError: add(): Argument #2 ($b) must be of type int, string given, called in /app/index.php on line 4 and defined in /app/index.php:3
        Stack trace:
        #0 /app/index.php(4): add()
        #1 {main}
          thrown in /app/index.php on line 3
        """  # noqa: E501
    ).errors
    assert (err.file, err.line, err.span, err.category) == ("/app/index.php", 4, (1, 5), "type")
    assert err.message == (
        "Uncaught TypeError: add(): Argument #2 ($b) must be of type int, string given"
    )


def test_a_function_given_too_few_arguments_fails_at_the_call() -> None:
    # A real run of PHP 8.2: its message is on both sides of the call's place.
    (err,) = scan(
        "PHP Fatal error:  Uncaught ArgumentCountError: Too few arguments to function add(), "
        "1 passed in /app/index.php on line 4 and exactly 2 expected in /app/index.php:3\n"
    ).errors
    assert (err.file, err.line) == ("/app/index.php", 4)
    assert err.message.endswith("function add(), 1 passed and exactly 2 expected")


ADD = '<?php\nfunction add(int $a, int $b): int { return $a + $b; }\necho add(1, "x");\n'


@pytest.mark.skipif(shutil.which("php") is None, reason="php is not installed")
def test_php_itself_reports_a_wrong_argument_at_the_call(tmp_path: Path) -> None:
    script = tmp_path / "index.php"
    script.write_text(ADD)
    run = subprocess.run(["php", str(script)], capture_output=True, timeout=60, check=False)
    (err,) = scan((run.stdout + run.stderr).decode()).errors
    assert (err.file, err.line) == (str(script), 3)
    assert err.message.endswith("must be of type int, string given")


def test_a_call_to_an_undefined_function_is_a_reference_error() -> None:
    # A real run of php -n (display_errors on, no "PHP " prefix); the warnings stay warnings.
    report = scan(
        """

        Warning: Undefined array key "x" in /app/w.php on line 3

        Deprecated: strlen(): Passing null to parameter #1 ($string) of type string is deprecated in /app/w.php on line 4

        Fatal error: Uncaught Error: Call to undefined function foo() in /app/w.php:5
        Stack trace:
        #0 {main}
          thrown in /app/w.php on line 5
        """  # noqa: E501
    )
    (err,) = report.errors
    assert (err.line, err.category, err.message) == (
        5,
        "reference",
        "Uncaught Error: Call to undefined function foo()",
    )
    assert [(w.line, w.message) for w in report.warnings] == [
        (3, 'Undefined array key "x"'),
        (4, "strlen(): Passing null to parameter #1 ($string) of type string is deprecated"),
    ]


def test_php_lint_reports_the_parse_error_and_folds_its_verdict() -> None:
    # A real run of php -l over two files.
    report = scan(
        """
        No syntax errors detected in src/Lexer.php
        PHP Parse error:  syntax error, unexpected token "}", expecting ";" in src/Parser.php on line 10
        Errors parsing src/Parser.php
        """  # noqa: E501
    )
    (err,) = report.errors
    assert (err.file, err.line, err.category) == ("src/Parser.php", 10, "syntax")
    assert err.message == 'syntax error, unexpected token "}", expecting ";"'
    assert err.related == [(3, 3)]


def test_a_parse_error_php_displays_without_its_log_prefix_is_found_too() -> None:
    (err,) = scan(
        'Parse error: syntax error, unexpected token "}" in /app/bad.php on line 4\n'
    ).errors
    assert (err.file, err.line, err.category) == ("/app/bad.php", 4, "syntax")


def test_php_warnings_notices_and_deprecations_are_no_errors() -> None:
    # From the PHP parser's test resource of analysis-model (its documented forms).
    report = scan(
        """
        PHP Warning:  include_once(): Failed opening 'RegexpLineParser.php' for inclusion (include_path='.:/usr/share/pear') in PhpParser.php on line 25
        PHP Notice:  Undefined index:  SERVER_NAME in /path/to/file/Settings.php on line 25
        PHP Deprecated:  careful in /app/tests/CalcTest.php on line 31
        PHP Warning:  Module "xdebug" is already loaded in Unknown on line 0
        """  # noqa: E501
    )
    assert report.errors == []
    assert [(w.file, w.line) for w in report.warnings] == [
        ("PhpParser.php", 25),
        ("/path/to/file/Settings.php", 25),
        ("/app/tests/CalcTest.php", 31),
        (None, None),
    ]


def test_composer_that_cannot_resolve_names_the_problem() -> None:
    # Composer 2's documented output for a package that does not exist.
    report = scan(
        """
        Loading composer repositories with package information
        Updating dependencies
        Your requirements could not be resolved to an installable set of packages.

          Problem 1
            - Root composer.json requires acme/nope, it could not be found in any version, there may be a typo in the package name.

        Installation failed, reverting ./composer.json and ./composer.lock to their original content.
        """  # noqa: E501
    )
    (err,) = report.errors
    assert (err.tool, err.category, err.span) == ("composer", "dependency", (3, 6))
    assert err.message.startswith("Root composer.json requires acme/nope, it could not be found")
    assert err.related == [(8, 8)]


def test_a_composer_script_that_failed_follows_from_the_tests_above_it() -> None:
    report = scan(
        """
        > phpunit
        1) CalcTest::testAdd
        Failed asserting that 2 matches expected 3.

        /app/tests/CalcTest.php:10

        FAILURES!
        Tests: 1, Assertions: 1, Failures: 1.
        Script phpunit handling the test event returned with error code 1
        """
    )
    (err,) = report.errors
    assert (err.line, err.related) == (10, [(7, 9)])


def test_psalm_and_phpstan_lines_are_errors_at_their_place() -> None:
    report = scan(
        """
        ERROR: InvalidReturnType - src/Calc.php:4:30 - The declared return type 'int' for Calc::add is incorrect, got 'string' (see https://psalm.dev/011)
        INFO: MissingReturnType - src/Calc.php:9:21 - Method Calc::sub does not have a return type (see https://psalm.dev/050)
        /app/controllers/Account.php:107:Access to an undefined property account::$member_id.
        """  # noqa: E501
    )
    psalm, phpstan = report.errors
    assert (psalm.file, psalm.line, psalm.column, psalm.code) == (
        "src/Calc.php",
        4,
        30,
        "InvalidReturnType",
    )
    assert (phpstan.file, phpstan.line, phpstan.tool) == (
        "/app/controllers/Account.php",
        107,
        "phpstan",
    )
    assert phpstan.message == "Access to an undefined property account::$member_id."
    (info,) = report.warnings
    assert info.line == 9


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


def test_each_row_of_phpstans_table_is_an_error_in_the_file_it_is_under() -> None:
    # The layout of PHPStan's TableErrorFormatterTest expectations (two files), a message
    # wrapped and named by its rule as PHPStan 1.11 and later print it.
    report = scan(
        """
        Note: Using configuration file /app/phpstan.neon.
         ------ -----------------------------------------------------------------
          Line   folder with unicode 😃/file name with "spaces" and unicode 😃.php
         ------ -----------------------------------------------------------------
          4      Method Calc::add() should return int but returns string, which PHPStan
                 wraps at the width of its table.
                 🪪  return.type
          12     Foo
         ------ -----------------------------------------------------------------

         ------ ---------
          Line   foo.php
         ------ ---------
          1      Foo
          5      Bar
         ------ ---------

         [ERROR] Found 4 errors
        """
    )
    assert [(e.file, e.line, e.tool) for e in report.errors] == [
        ('folder with unicode 😃/file name with "spaces" and unicode 😃.php', 4, "phpstan"),
        ('folder with unicode 😃/file name with "spaces" and unicode 😃.php', 12, "phpstan"),
        ("foo.php", 1, "phpstan"),
        ("foo.php", 5, "phpstan"),
    ]
    first = report.errors[0]
    assert first.message == (
        "Method Calc::add() should return int but returns string, which PHPStan "
        "wraps at the width of its table."
    )
    assert (first.code, first.span) == ("return.type", (5, 7))
    assert [e.message for e in report.errors[1:]] == ["Foo", "Foo", "Bar"]
    assert report.errors[-1].related == [(18, 18)]  # the count follows from the last


def test_numbered_lines_outside_a_phpstan_table_are_no_errors() -> None:
    report = scan(
        """
        Results:
          3      passed
          12     skipped
        """
    )
    assert report.errors == []


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


def test_a_chained_exception_symfonys_console_boxes_is_one_error_at_its_first_cause() -> None:
    # Symfony Console's own fixture (Tests/Fixtures/application_renderexception3.txt), as
    # Composer, artisan and bin/console print an exception.
    report = scan(
        """
        Loading composer repositories with package information

        In Foo3Command.php line 26:

          Third exception <fg=blue;bg=red>comment</>


        In Foo3Command.php line 23:

          Second exception <comment>comment</comment>


        In Foo3Command.php line 21:

          First exception <p>this is html</p>


        foo3:bar
        """
    )
    (err,) = report.errors
    assert (err.message, err.file, err.span) == (
        "First exception <p>this is html</p>",
        None,
        (3, 15),
    )


def test_the_older_console_box_names_the_exception_class_above_its_message() -> None:
    # Symfony Console's fixture application_renderexception1.txt (before Symfony 3.4).
    (err,) = scan(
        """
        $ bin/console foo

          [Symfony\\Component\\Console\\Exception\\UnknownCommandException]
          Command "foo" is not defined.

        """
    ).errors
    assert err.message == 'Command "foo" is not defined.'


def test_php_cs_fixer_dry_run_names_the_files_it_would_change() -> None:
    # php-cs-fixer's txt report ("%4d) %s", its fixers with -v).
    report = scan(
        """
        Loaded config default from ".php-cs-fixer.dist.php".
           1) src/Calc.php (braces, single_blank_line_at_eof)
           2) src/Money.php (no_unused_imports)

        Checked all files in 0.012 seconds, 12.000 MB memory used
        """
    )
    assert [(e.file, e.message, e.category) for e in report.errors] == [
        ("src/Calc.php", "braces, single_blank_line_at_eof", "config"),
        ("src/Money.php", "no_unused_imports", "config"),
    ]
