"""Apple's and Dart's tools as users' logs show them: a test process a signal
ended, Swift's old traps, CocoaPods' hooks and resolver, xcodebuild's signing
errors and its summary alone, and flutter's Xcode issues, pub's failure, and
Flutter's exceptions from a device's log. The lines are the tools' documented
shapes, with neutral names."""

from __future__ import annotations

from test_detect import scan


def test_a_test_process_a_signal_ended_is_the_crash_of_the_test_last_started() -> None:
    report = scan(
        """
        Test Case '-[CalcTests.CalcTests testDivide]' started.
        error: Exited with unexpected signal code 4
        """,
        "swift",
    )
    (err,) = report.errors
    assert err.message == "Exited with unexpected signal code 4"
    assert err.category == "runtime"
    assert err.test == "-[CalcTests.CalcTests testDivide]"


def test_a_swift_testing_process_a_signal_ended_is_a_runtime_error() -> None:
    report = scan(
        """
        error: Process '/home/user/calc/.build/debug/CalcPackageTests.xctest --testing-library swift-testing' exited with unexpected signal code 11
        """,  # noqa: E501
        "swift",
    )
    (err,) = report.errors
    assert err.category == "runtime"
    assert err.message.endswith("exited with unexpected signal code 11")


def test_swift_before_4_said_its_trap_in_lower_case() -> None:
    report = scan(
        """
        2024-03-01 10:00:00.000 Calc[1234:5678] loading the settings
        fatal error: unexpectedly found nil while unwrapping an Optional value
        """
    )
    (err,) = report.errors
    assert err.message == "fatal error: unexpectedly found nil while unwrapping an Optional value"
    assert (err.tool, err.category) == ("swift", "runtime")


def test_a_podfile_hook_error_is_what_the_hook_raised_at_the_podfiles_line() -> None:
    report = scan(
        """
        [!] An error occurred while processing the post-install hook of the Podfile.

        undefined method `targets' for nil:NilClass

        /home/user/calc/ios/Podfile:42:in `block (2 levels) in from_ruby'
        /usr/lib/ruby/gems/3.1.0/gems/cocoapods-core-1.12.1/lib/cocoapods-core/podfile.rb:196:in `post_install!'
        /usr/lib/ruby/gems/3.1.0/gems/cocoapods-1.12.1/lib/cocoapods/installer.rb:945:in `run_podfile_post_install_hook'
        """,  # noqa: E501
        "cocoapods",
    )
    (err,) = report.errors
    assert err.message == "undefined method `targets' for nil:NilClass"
    assert (err.file, err.line) == ("/home/user/calc/ios/Podfile", 42)


def test_cocoapods_resolver_pasted_without_its_mark_is_a_dependency_error() -> None:
    report = scan(
        """
        CocoaPods could not find compatible versions for pod "CalcKit":
          In Podfile:
            CalcKit (~> 9.0)

        None of your spec sources contain a spec satisfying the dependency: `CalcKit (~> 9.0)`.
        """
    )
    (err,) = report.errors
    assert err.message == 'CocoaPods could not find compatible versions for pod "CalcKit":'
    assert (err.tool, err.category) == ("cocoapods", "dependency")


def test_a_signing_error_of_xcodebuild_is_a_config_error_without_its_target() -> None:
    report = scan(
        """
        error: No signing certificate "iOS Distribution" found: No "iOS Distribution" signing certificate matching team ID "ABCDE12345" with a private key was found. (in target 'Calc' from project 'Calc')
        """,  # noqa: E501
        "xcodebuild",
    )
    (err,) = report.errors
    assert err.category == "config"
    assert err.message.endswith("with a private key was found.")


def test_xcodebuilds_summary_alone_names_the_first_command_that_failed() -> None:
    report = scan(
        """
        The following build commands failed:
        CodeSign /home/user/Build/Products/Release-iphoneos/Calc.app
        (1 failure)
        """,
        "xcodebuild",
    )
    primary = report.primary
    assert primary is not None
    assert primary.message == (
        "The following build commands failed: CodeSign "
        "/home/user/Build/Products/Release-iphoneos/Calc.app"
    )
    assert primary.category == "config"


def test_flutters_xcode_issue_joins_its_wrapped_message_and_place() -> None:
    report = scan(
        """
        Swift Compiler Error (Xcode): Cannot find 'CalcPlugin' in scope, the plugin is not
        registered
        /home/user/calc/ios/Runner/Generated
        PluginRegistrant.swift:12:5

        Uncategorized (Xcode): Command SwiftCompile failed with a nonzero exit code

        Could not build the application for the simulator.
        """,
        "flutter",
    )
    err = report.primary
    assert err is not None
    assert err.message == "Cannot find 'CalcPlugin' in scope, the plugin is not registered"
    assert (err.file, err.line, err.column) == (
        "/home/user/calc/ios/Runner/GeneratedPluginRegistrant.swift",
        12,
        5,
    )


def test_pubs_failure_with_its_reason_is_the_dependency_error() -> None:
    report = scan(
        """
        Running "flutter pub get" in calc...
        pub get failed (1; Because calc depends on calc_core ^9.0.0 which doesn't match any versions, version solving failed.)
        """,  # noqa: E501
        "flutter",
    )
    (err,) = report.errors
    assert err.message == (
        "Because calc depends on calc_core ^9.0.0 which doesn't match any versions, "
        "version solving failed."
    )
    assert err.category == "dependency"


def test_a_flutter_exception_in_a_devices_log_reads_through_the_logs_prefix() -> None:
    report = scan(
        """
        I/flutter (12345): ══╡ EXCEPTION CAUGHT BY WIDGETS LIBRARY ╞═══════════════════════════
        I/flutter (12345): The following _CastError was thrown building CalcPage(dirty):
        I/flutter (12345): Null check operator used on a null value
        I/flutter (12345):
        I/flutter (12345): When the exception was thrown, this was the stack:
        I/flutter (12345): #0      CalcPage.build (package:calc/calc_page.dart:12:30)
        I/flutter (12345): ════════════════════════════════════════════════════════════════════
        """,
        "flutter",
    )
    (err,) = report.errors
    assert err.message == "_CastError: Null check operator used on a null value"
    assert (err.file, err.line, err.column) == ("package:calc/calc_page.dart", 12, 30)


def test_a_flutter_test_failure_is_an_assertion_of_the_test_under_way() -> None:
    report = scan(
        """
        00:03 +1: adds two numbers
        ══╡ EXCEPTION CAUGHT BY FLUTTER TEST FRAMEWORK ╞════════════════════════════════════
        The following TestFailure was thrown running a test:
        Expected: <3>
          Actual: <4>

        When the exception was thrown, this was the stack:
        #4      main.<anonymous closure> (file:///home/user/calc/test/calc_test.dart:9:5)
        ════════════════════════════════════════════════════════════════════════════════════
        """,
        "flutter",
    )
    err = report.errors[0]
    assert err.category == "assertion"
    assert err.test == "adds two numbers"
