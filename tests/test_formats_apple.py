"""Apple toolchains: swiftc through xcodebuild, XCTest on macOS and Linux, Swift
Testing, SwiftPM, Apple's ld, CocoaPods and the xcodebuild formatters."""

from __future__ import annotations

from test_detect import scan

# xcodebuild's own build log (its summaries as Xcode 11 and later print them).
XCODEBUILD_COMPILE = """
CompileSwift normal x86_64 /Users/ci/App/Sources/Calc.swift (in target 'App' from project 'App')
    cd /Users/ci/App
    /Applications/Xcode.app/Contents/Developer/Toolchains/XcodeDefault.xctoolchain/usr/bin/swift-frontend -frontend -c /Users/ci/App/Sources/Calc.swift
/Users/ci/App/Sources/Calc.swift:5:9: error: cannot find 'foo' in scope
        foo()
        ^~~

** BUILD FAILED **


The following build commands failed:
\tCompileSwift normal x86_64 /Users/ci/App/Sources/Calc.swift (in target 'App' from project 'App')
\tCompileSwiftSources normal x86_64 com.apple.xcode.tools.swift.compiler (in target 'App' from project 'App')
(2 failures)
"""  # noqa: E501


def test_a_swift_compile_error_is_the_cause_and_xcodebuilds_summary_folds_into_it() -> None:
    report = scan(XCODEBUILD_COMPILE)
    (err,) = report.errors
    assert (err.tool, err.file, err.line, err.column) == (
        "swift",
        "/Users/ci/App/Sources/Calc.swift",
        5,
        9,
    )
    assert err.message == "cannot find 'foo' in scope"
    assert err.span == (4, 6)
    assert err.related == [(8, 8), (11, 14)]


XCODEBUILD_TEST = """
Test Suite 'All tests' started at 2024-03-01 10:00:00.000.
Test Suite 'CalcTests' started at 2024-03-01 10:00:00.001.
Test Case '-[CalcTests.CalcTests testAdd]' started.
/Users/ci/App/Tests/CalcTests.swift:8: error: -[CalcTests.CalcTests testAdd] : XCTAssertEqual failed: ("2") is not equal to ("3")
Test Case '-[CalcTests.CalcTests testAdd]' failed (0.003 seconds).
Test Case '-[CalcTests.CalcTests testSub]' started.
Test Case '-[CalcTests.CalcTests testSub]' passed (0.001 seconds).
Test Suite 'CalcTests' failed at 2024-03-01 10:00:00.005.
\t Executed 2 tests, with 1 failure (0 unexpected) in 0.004 (0.004) seconds
Test Suite 'All tests' failed at 2024-03-01 10:00:00.006.
\t Executed 2 tests, with 1 failure (0 unexpected) in 0.004 (0.006) seconds

Failing tests:
\tCalcTests.testAdd()

** TEST FAILED **
"""  # noqa: E501


def test_an_xctest_failure_is_a_failed_test_at_its_line_not_a_compile_error() -> None:
    report = scan(XCODEBUILD_TEST)
    (err,) = report.errors
    assert (err.tool, err.category, err.test) == (
        "xctest",
        "assertion",
        "-[CalcTests.CalcTests testAdd]",
    )
    assert (err.file, err.line) == ("/Users/ci/App/Tests/CalcTests.swift", 8)
    assert err.message == 'XCTAssertEqual failed: ("2") is not equal to ("3")'
    assert err.related == [(5, 5), (8, 16)]


# swift test on Linux (swift-corelibs-xctest), then a trap in the code under test.
SWIFT_TEST_LINUX = """
[3/5] Compiling CalcTests CalcTests.swift
Build complete!
Test Suite 'All tests' started at 2024-03-01 10:00:00.000
Test Case 'CalcTests.testAdd' started at 2024-03-01 10:00:00.001
/app/Tests/CalcTests/CalcTests.swift:8: error: CalcTests.testAdd : XCTAssertEqual failed: ("2") is not equal to ("3") -\x20
Test Case 'CalcTests.testAdd' failed (0.001 seconds)
Test Case 'CalcTests.testDivide' started at 2024-03-01 10:00:00.002
Calc/Calc.swift:12: Fatal error: Division by zero
*** Signal 4: Backtrace for process 1234 (CalcPackageTests.xctest):
error: Exited with unexpected signal code 4
"""  # noqa: E501


def test_swift_test_on_linux_reports_the_failed_assertion_and_the_trap() -> None:
    report = scan(SWIFT_TEST_LINUX)
    failed, trap = report.errors
    assert (failed.file, failed.line, failed.test) == (
        "/app/Tests/CalcTests/CalcTests.swift",
        8,
        "CalcTests.testAdd",
    )
    assert failed.message == 'XCTAssertEqual failed: ("2") is not equal to ("3")'
    assert (trap.file, trap.line, trap.category) == ("Calc/Calc.swift", 12, "runtime")
    assert trap.message == "Division by zero"
    assert trap.related == [(10, 10)]  # the exit line
    assert report.primary_index == 0


def test_swift_testings_issue_is_the_failure_with_its_comment() -> None:
    report = scan(
        """
        ◇ Test run started.
        ↳ Testing Library Version: 6.0
        ◇ Test add() started.
        ✘ Test add() recorded an issue at CalcTests.swift:8:5: Expectation failed: (add(1, 1) → 2) == 3
        ↳ adding one and one
        ✘ Test add() failed after 0.001 seconds with 1 issue.
        ✘ Test run with 1 test failed after 0.001 seconds with 1 issue.
        """  # noqa: E501
    )
    (err,) = report.errors
    assert (err.file, err.line, err.column, err.test) == ("CalcTests.swift", 8, 5, "add()")
    assert err.message == "Expectation failed: (add(1, 1) → 2) == 3"
    assert err.span == (4, 5)
    assert err.related == [(6, 7)]


def test_swift_testing_on_macos_marks_failures_with_its_own_symbol() -> None:
    (err,) = scan(
        "\U00100884 Test add() recorded an issue at CalcTests.swift:8:5: Expectation failed: "
        "(add(1, 1) → 2) == 3\n"
        "\U00100884 Test add() failed after 0.001 seconds with 1 issue.\n"
    ).errors
    assert (err.tool, err.file, err.line) == ("swift-testing", "CalcTests.swift", 8)


def test_swiftpm_cannot_resolve_a_dependency() -> None:
    (err,) = scan(
        """
        Fetching https://github.com/acme/foo.git
        error: Dependencies could not be resolved because root depends on 'foo' 2.0.0..<3.0.0.
        'foo' 2.0.0..<3.0.0 cannot be used because no versions of 'foo' match the requirement 2.0.0..<3.0.0.
        """  # noqa: E501
    ).errors
    assert (err.tool, err.category) == ("swift", "dependency")
    assert err.message.startswith("Dependencies could not be resolved because root depends on")


def test_apples_linker_names_the_undefined_symbol() -> None:
    report = scan(
        """
        Ld /Users/ci/Library/Developer/Xcode/DerivedData/App/Build/Products/Debug/App normal (in target 'App' from project 'App')
            cd /Users/ci/App
        Undefined symbols for architecture arm64:
          "_calc_add", referenced from:
              _main in main.o
        ld: symbol(s) not found for architecture arm64
        clang: error: linker command failed with exit code 1 (use -v to see invocation)

        ** BUILD FAILED **
        """  # noqa: E501
    )
    (err,) = report.errors
    assert (err.tool, err.category, err.message) == (
        "ld",
        "reference",
        "Undefined symbol: _calc_add",
    )
    assert err.related == [(6, 9)]


def test_xcpretty_marks_the_compile_error_and_the_missing_library() -> None:
    report = scan(
        """
        ▸ Compiling Calc.swift

        ❌  /Users/ci/App/Sources/Calc.swift:5:9: cannot find 'foo' in scope

                foo()
                ^~~

        ▸ Linking App
        ❌  ld: library not found for -lPods-App
        ❌  clang: error: linker command failed with exit code 1 (use -v to see invocation)
        ** BUILD FAILED **
        """
    )
    compile_error, library = report.errors
    assert (compile_error.file, compile_error.line, compile_error.column) == (
        "/Users/ci/App/Sources/Calc.swift",
        5,
        9,
    )
    assert (library.category, library.message) == ("dependency", "library not found for -lPods-App")
    assert library.related == [(10, 11)]


def test_xcpretty_names_the_failed_test_and_its_summary_adds_nothing() -> None:
    report = scan(
        """
        CalcTests
            ✓ testSub (0.001 seconds)
            ✗ testAdd, XCTAssertEqual failed: ("2") is not equal to ("3")


        CalcTests.CalcTests
          testAdd, XCTAssertEqual failed: ("2") is not equal to ("3")
          /Users/ci/App/Tests/CalcTests.swift:8
          ```
                  XCTAssertEqual(add(1, 1), 3)
          ```


        Executed 2 tests, with 1 failure (0 unexpected) in 0.010 (0.012) seconds
        """
    )
    (err,) = report.errors
    assert (err.test, err.category) == ("testAdd", "assertion")
    assert err.message == 'XCTAssertEqual failed: ("2") is not equal to ("3")'


def test_cocoapods_cannot_find_the_pod() -> None:
    (err,) = scan(
        """
        Analyzing dependencies
        [!] CocoaPods could not find compatible versions for pod "Alamofire":
          In Podfile:
            Alamofire (~> 9.0)

        None of your spec sources contain a spec satisfying the dependency: `Alamofire (~> 9.0)`.
        """
    ).errors
    assert (err.tool, err.category) == ("cocoapods", "dependency")
    assert err.message == 'CocoaPods could not find compatible versions for pod "Alamofire":'


def test_xcodebuild_itself_refuses_a_destination() -> None:
    (err,) = scan(
        """
        xcodebuild: error: Unable to find a destination matching the provided destination specifier:
        \t\t{ platform:iOS Simulator, OS:17.0, name:iPhone 15 }
        """
    ).errors
    assert (err.tool, err.category) == ("xcodebuild", "config")


def test_a_passing_xcodebuild_test_run_has_no_errors() -> None:
    report = scan(
        """
        Test Suite 'All tests' started at 2024-03-01 10:00:00.000.
        Test Case '-[CalcTests.CalcTests testAdd]' started.
        Test Case '-[CalcTests.CalcTests testAdd]' passed (0.001 seconds).
        Test Suite 'All tests' passed at 2024-03-01 10:00:00.002.
        \t Executed 1 test, with 0 failures (0 unexpected) in 0.001 (0.002) seconds
        ** TEST SUCCEEDED **
        """
    )
    assert report.errors == [] and report.warnings == []
