"""PHP's outputs: the engine's fatal errors and warnings, ``php -l``, Composer,
Psalm and PHPStan, Symfony's console and PHP-CS-Fixer (its test runners:
``test_formats_php_tests``)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from test_detect import scan


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
