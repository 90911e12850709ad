"""Dart and Flutter: the analyzers, the front end's compile errors, dart test and
flutter test, the VM's uncaught exceptions and pub."""

from __future__ import annotations

from test_detect import scan

from pytest_errlearn.detect import detect, tool_from_command

# dart test's expanded reporter (the one CI gets): a failed expectation, then an
# exception thrown in the code under test, then the run's verdict.
DART_TEST = """
00:00 +0: loading test/calc_test.dart
00:00 +0: test/calc_test.dart: adds
00:00 +0 -1: test/calc_test.dart: adds [E]
  Expected: <3>
    Actual: <2>

  package:matcher                 expect
  test/calc_test.dart 8:5         main.<fn>

00:00 +0 -1: test/calc_test.dart: divides
00:00 +0 -2: test/calc_test.dart: divides [E]
  IntegerDivisionByZeroException
  dart:core                    int.~/
  package:calc/calc.dart 9:34  divide
  test/calc_test.dart 12:12    main.<fn>

00:00 +1 -2: test/calc_test.dart: subtracts
00:00 +1 -2: Some tests failed.
"""


def test_dart_test_reports_each_failed_test_at_its_innermost_own_frame() -> None:
    report = scan(DART_TEST)
    adds, divides = report.errors
    assert (adds.test, adds.file, adds.line, adds.column) == (
        "test/calc_test.dart: adds",
        "test/calc_test.dart",
        8,
        5,
    )
    assert adds.message == "Expected: <3> Actual: <2>"
    assert (divides.file, divides.line) == ("package:calc/calc.dart", 9)
    assert (divides.message, divides.category) == ("IntegerDivisionByZeroException", "runtime")
    assert divides.related == [(18, 18)]  # "Some tests failed."


def test_a_test_file_that_does_not_compile_is_one_failure_at_the_compile_error() -> None:
    (err,) = scan(
        """
        00:00 +0: loading test/calc_test.dart
        00:00 +0 -1: loading test/calc_test.dart [E]
          Failed to load "test/calc_test.dart":
          test/calc_test.dart:5:9: Error: Undefined name 'foo'.
            expect(foo, 3);
                   ^^^
        00:00 +0 -1: Some tests failed.
        """
    ).errors
    assert (err.file, err.line, err.column) == ("test/calc_test.dart", 5, 9)
    assert err.message == "Undefined name 'foo'."


def test_the_front_ends_compile_error_keeps_its_code_frame() -> None:
    (err,) = scan(
        """
        bin/calc.dart:5:9: Error: Undefined name 'foo'.
          print(foo);
                ^^^
        bin/calc.dart:2:8: Warning: Operand of null-aware operation '?.' has type 'String'.
        """
    ).errors
    assert (err.tool, err.file, err.line, err.column) == ("dart", "bin/calc.dart", 5, 9)
    assert err.span == (1, 3)


def test_dart_analyze_errors_are_errors_and_its_warnings_and_infos_are_warnings() -> None:
    report = scan(
        """
        Analyzing calc...

          error - lib/calc.dart:5:9 - Undefined name 'foo'. Try correcting the name to one that is defined, or defining the name. - undefined_identifier
        warning - lib/calc.dart:2:8 - Unused import: 'dart:io'. Try removing the import directive. - unused_import
           info • lib/calc.dart:9:7 • The value of the local variable 'x' isn't used. • unused_local_variable

        3 issues found.
        """  # noqa: E501
    )
    (err,) = report.errors
    assert (err.file, err.line, err.column, err.code) == (
        "lib/calc.dart",
        5,
        9,
        "undefined_identifier",
    )
    assert err.message.startswith("Undefined name 'foo'.")
    assert [(w.line, w.code) for w in report.warnings] == [
        (2, "unused_import"),
        (9, "unused_local_variable"),
    ]


def test_flutter_analyze_puts_the_message_before_the_place() -> None:
    report = scan(
        """
        Analyzing app...

          error • Undefined name 'foo' • lib/main.dart:12:5 • undefined_identifier
           info • Prefer const with constant constructors • lib/main.dart:70:15 • prefer_const_constructors

        2 issues found. (ran in 2.6s)
        """  # noqa: E501
    )
    (err,) = report.errors
    assert (err.tool, err.file, err.line, err.message) == (
        "flutter",
        "lib/main.dart",
        12,
        "Undefined name 'foo'",
    )
    assert len(report.warnings) == 1


def test_flutters_exception_block_is_the_failure_and_its_test_line_folds_into_it() -> None:
    report = scan(
        """
        00:02 +0: Counter increments smoke test
        ══╡ EXCEPTION CAUGHT BY FLUTTER TEST FRAMEWORK ╞════════════════════════════════════════════════════
        The following TestFailure was thrown running a test:
        Expected: exactly one matching candidate
          Actual: _TextWidgetFinder:<Found 0 widgets with text "1": []>
           Which: means none were found but one was expected

        When the exception was thrown, this was the stack:
        #4      main.<anonymous closure> (file:///home/ci/app/test/widget_test.dart:24:5)
        <asynchronous suspension>
        <asynchronous suspension>
        (elided one frame from package:stack_trace)

        This was caught by the test expectation on the following line:
          file:///home/ci/app/test/widget_test.dart line 24
        The test description was:
          Counter increments smoke test
        ════════════════════════════════════════════════════════════════════════════════════════════════════
        00:02 +0 -1: Counter increments smoke test [E]
          Test failed. See exception logs above.
          The test description was: Counter increments smoke test

        00:02 +0 -1: Some tests failed.
        """  # noqa: E501
    )
    (err,) = report.errors
    assert (err.file, err.line) == ("/home/ci/app/test/widget_test.dart", 24)
    assert err.message == "TestFailure: Expected: exactly one matching candidate"
    assert err.span == (2, 18)
    assert err.related == [(19, 23)]


def test_an_uncaught_exception_points_at_the_innermost_frame_not_the_runtimes() -> None:
    (err,) = scan(
        """
        Unhandled exception:
        Exception: boom
        #0      divide (package:calc/calc.dart:9:5)
        #1      main (file:///home/ci/calc/bin/calc.dart:5:9)
        #2      _delayEntrypointInvocation.<anonymous closure> (dart:isolate-patch/isolate_patch.dart:297:19)
        #3      _RawReceivePort._handleMessage (dart:isolate-patch/isolate_patch.dart:184:12)
        """  # noqa: E501
    ).errors
    assert err.message == "Exception: boom"
    assert (err.file, err.line, err.column) == ("package:calc/calc.dart", 9, 5)
    assert err.category == "runtime"


def test_pub_cannot_solve_the_versions() -> None:
    (err,) = scan(
        """
        Resolving dependencies...
        Because calc depends on foo any which doesn't exist (could not find package foo at https://pub.dev), version solving failed.
        """  # noqa: E501
    ).errors
    assert (err.tool, err.category) == (None, "dependency")  # Poetry says it so too


def test_poetry_s_solver_failure_is_poetry_s_not_pub_s() -> None:
    report = detect(
        b"Updating dependencies\nResolving dependencies...\n\nBecause myproject depends on"
        b" requests (^3.0) which doesn't match any versions, version solving failed.\n",
        tool_from_command(["poetry", "install"]),
    )
    (err,) = report.errors
    assert (err.tool, err.category) == ("pip", "dependency")  # poetry's errors are pip's tool


def test_a_passing_dart_test_run_has_no_errors() -> None:
    report = scan(
        """
        00:00 +0: loading test/calc_test.dart
        00:00 +0: test/calc_test.dart: adds
        00:00 +1: test/calc_test.dart: divides
        00:00 +2: All tests passed!
        """
    )
    assert report.errors == [] and report.warnings == []
