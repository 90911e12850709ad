r"""Apple toolchains: swiftc and clang through xcodebuild, XCTest (Xcode's and
swift-corelibs'), Swift Testing, SwiftPM, Apple's ld, CocoaPods, and the
xcodebuild formatters (xcpretty, xcbeautify).

The compilers' own lines (``/path/Calc.swift:5:9: error: ...``) are gcc's shape,
which ``c.py`` reads; the ``swiftc`` row only names Swift's as Swift's. What is
here is what gcc's row cannot tell: an XCTest failure (gcc's shape too, but a
failed test at a test's line), Swift's runtime traps, and xcodebuild's
summaries, which only repeat the errors above them.
"""

from __future__ import annotations

from ..reader import Reader
from . import Format, regex
from .ci import inner_location

ORDER = 14  # before the bare ``error:`` rows (elixir.py's, rust.py's) and c.py's gcc row (an
# XCTest failure has gcc's shape)
COMMANDS = {
    "xcodebuild": "xcodebuild",
    "xcrun": "xcodebuild",
    "swift": "swift",
    "swiftc": "swift",
    "pod": "cocoapods",
    "xcpretty": "xcodebuild",
    "xcbeautify": "xcodebuild",
    "fastlane": "xcodebuild",
}
BUILDS: dict[str, frozenset[str] | None] = {
    "xcodebuild": None,
    "swift": frozenset({"build", "test", "run", "package"}),
    "swiftc": None,
    "pod": frozenset({"install", "update", "lib", "spec", "repo"}),
    "fastlane": None,
}

# An XCTest case as XCTest names it: ``-[Module.Class testName]`` (Darwin; a
# Quick/Specta spec name may hold spaces and commas) or ``Class.testName`` (Linux).
_XCTEST_CASE = r"[-+]\[[\w.]+ [^\]]+\]|\w[\w.]*\.\w+(?:\(\))?"
_FAIL_MARK = "(?:✘|\U00100884)"  # Swift Testing's failure mark; the second an SF Symbol (macOS)


class Continuation(Reader):
    """The lines a Swift Testing issue carries below it: ``↳`` comments, indented text."""

    frames_wanted = False

    def accept(self, line: str) -> bool:
        stripped = line.strip()
        return bool(stripped) and (line[:1].isspace() or stripped.startswith("↳"))

    def finish(self) -> None:
        pass


class SummaryList(Reader):
    """xcodebuild's summaries: an indented list (``\tCompileSwift normal ...``),
    then ``(2 failures)``. They repeat the errors above."""

    frames_wanted = False
    _COUNT = regex(r"^\(\d+ failures?\)\s*$")

    def accept(self, line: str) -> bool:
        return (line[:1].isspace() and bool(line.strip())) or bool(self._COUNT.match(line))

    def finish(self) -> None:
        pass


class UndefinedSymbols(Reader):
    """Apple ld's ``Undefined symbols for architecture arm64:`` and the symbols,
    each with where it is referenced from; the first symbol is the message."""

    frames_wanted = False
    _SYMBOL = regex(r'^\s+"?(?P<sym>[^"]+?)"?, referenced from:\s*$')

    def accept(self, line: str) -> bool:
        if not (line[:1].isspace() and line.strip()):
            return False
        if self.count == 0 and (m := self._SYMBOL.match(line)):
            self.err.message = f"Undefined symbol: {m['sym']}"
        return True

    def finish(self) -> None:
        pass


READERS = {"swiftissue": Continuation, "xcodesummary": SummaryList, "ldundefined": UndefinedSymbols}

# What follows a Swift file's name on swiftc's diagnostic lines (gcc's shape).
_SWIFTC_AT = r":(?P<line>\d+):(?P<col>\d+): (?P<sev>error|warning|note|remark): "

ROWS = (
    Format(  # gcc's shape (c.py reads it all the same), named as Swift's
        "swiftc",
        r"^\s*(?P<file>[^\s:][^:]*?\.swift)" + _SWIFTC_AT + r"(?P<msg>.+)$",
        seek=_SWIFTC_AT,
        tool="swift",
        block="codeframe",
        rank=2,
        examples=("/Users/ci/App/Sources/Calc.swift:5:9: error: cannot find 'foo' in scope",),
    ),
    # -- XCTest -----------------------------------------------------------------------
    Format(  # an Objective-C exception a test threw: XCTest caught it
        "xctest-exception",
        r"^\s*(?:<unknown>|(?P<file>[^\s:][^:]*?\.(?:swift|mm?))):(?P<line>\d+): error: (?P<test>"
        + _XCTEST_CASE
        + r") : (?P<msg>failed: caught .*)$",
        seek=": error: ",
        tool="xctest",
        category="runtime",
        rank=3,
        examples=(
            '<unknown>:0: error: -[CalcTests testCrash] : failed: caught "NSRangeException", '
            '"*** -[__NSArrayI objectAtIndex:]: index 3 beyond bounds [0 .. 1]"',
        ),
    ),
    Format(  # xcodebuild test and swift test: a failed assertion at its test's line
        "xctest-failure",
        r"^\s*(?:<unknown>|(?P<file>[^\s:][^:]*?\.(?:swift|mm?))):(?P<line>\d+): error: (?P<test>"
        + _XCTEST_CASE
        + r") : (?P<msg>.*?)(?: -)?\s*$",
        seek=": error: ",
        tool="xctest",
        category="assertion",
        rank=3,
        examples=(
            "/path/CalcTests.swift:8: error: -[CalcTests.CalcTests testAdd] : XCTAssertEqual "
            'failed: ("2") is not equal to ("3")',
            "/app/Tests/CalcTests/CalcTests.swift:8: error: CalcTests.testAdd : XCTAssertEqual "
            'failed: ("2") is not equal to ("3") - ',
            "/Users/jsmith/MyProject/Example.swift:12: error: -[MyProject.MyTestSuite one, when "
            "added to two, produces three] : expected to equal <3>, got <4>",
        ),
    ),
    Format(  # a UI test's failure, as xcodebuild prints its activity log
        "xctest-ui-failure",
        r"^\s*t = +[\d.]+s +Assertion Failure: (?:<unknown>|(?P<file>[^\s:][^:]*?)):(?P<line>\d+): "
        r"(?P<msg>.+)$",
        tool="xctest",
        rank=3,
        examples=(
            "    t =    10.13s Assertion Failure: <unknown>:0: App crashed in <external symbol>",
        ),
    ),
    Format(  # the test case's verdict: its failure is the line above
        "xctest-case-failed",
        r"^\s*Test [Cc]ase '(?P<test>[^']+)' failed (?:on '[^']*' )?\([\d.]+ seconds\)\.?$",
        tool="xctest",
        role="consequence",
        rank=0,
        examples=(
            "Test Case '-[CalcTests.CalcTests testAdd]' failed (0.003 seconds).",
            "Test Case 'CalcTests.testAdd' failed (0.001 seconds)",
            "Test case 'CalcTests.testAdd()' failed on 'Clone 1 of iPhone 15 - xctest (4242)' "
            "(0.131 seconds)",
        ),
    ),
    Format(
        "xctest-suite-failed",
        r"^\s*(?P<msg>Test Suite '[^']+' failed at .*|"
        r"(?:Total )?[Ee]xecuted \d+ tests?, with (?:\d+ tests? skipped and )?[1-9]\d* "
        r"failures? .*)$",
        tool="xctest",
        role="consequence",
        rank=0,
        examples=(
            "Test Suite 'All tests' failed at 2022-01-15 21:31:49.073.",
            "Executed 3 tests, with 2 failures (1 unexpected) in 0.112 (0.112) seconds",
        ),
    ),
    Format(  # a test process that crashed: xcodebuild starts the rest again
        "xctest-restart",
        r"^\s*(?:✖ )?(?P<msg>Restarting after unexpected exit, crash, or test timeout in "
        r"(?P<test>[\w.]+(?:\(\))?);.*)$",
        tool="xctest",
        category="runtime",
        rank=2,
        examples=(
            "Restarting after unexpected exit, crash, or test timeout in "
            "HomePresenterTest.testIsCellPresented(); summary will include totals from previous "
            "launches.",
        ),
        words=("Restarting after unexpected exit",),
    ),
    # -- Swift Testing ----------------------------------------------------------------
    Format(
        "swift-testing-issue",
        r"^" + _FAIL_MARK + r"\s+Test (?P<test>.+?) recorded an issue(?: with \d+ arguments? .+?)?"
        r"(?: at (?P<file>[^\s:]+):(?P<line>\d+):(?P<col>\d+))?: (?P<msg>.+)$",
        tool="swift-testing",
        block="swiftissue",
        category="assertion",
        rank=3,
        examples=(
            "✘ Test add() recorded an issue at CalcTests.swift:8:5: Expectation failed: "
            "(add(1, 1) → 2) == 3",
            '✘ Test "Expected failure" recorded an issue at SimpleTests.swift:48:5: Expectation '
            "failed: true == false",
        ),
    ),
    Format(
        "swift-testing-failed",
        r"^" + _FAIL_MARK + r"\s+(?P<msg>(?:Test|Suite) .+ failed after [\d.]+ seconds(?: with \d+ "
        r"issues?)?\.|Test run with \d+ tests?(?: in \d+ suites?)? failed after .*)$",
        tool="swift-testing",
        role="consequence",
        rank=0,
        examples=(
            "✘ Test add() failed after 0.001 seconds with 1 issue.",
            "✘ Suite AlphaTests failed after 0.001 seconds with 1 issue.",
            "✘ Test run with 4 tests in 1 suite failed after 0.001 seconds with 1 issue.",
        ),
    ),
    # -- Swift's runtime traps (a crash in the code, or in the test under way) --------
    Format(
        "swift-fatal-error",
        r"^(?P<file>[^\s:][^:]*?\.swift):(?P<line>\d+): Fatal error: (?P<msg>.*)$",
        seek=": Fatal error: ",
        tool="swift",
        category="runtime",
        rank=3,
        examples=(
            "Swift/ContiguousArrayBuffer.swift:600: Fatal error: Index out of range",
            "Calc/Calc.swift:5: Fatal error: Unexpectedly found nil while unwrapping an Optional "
            "value",
        ),
    ),
    Format(  # Swift before 5.3: the place at the end
        "swift-fatal-error-old",
        r"^(?P<msg>Fatal error: .+?)(?:: file (?P<file>[^\s,]+), line (?P<line>\d+))?$",
        tool="swift",
        category="runtime",
        rank=3,
        examples=(
            "Fatal error: Index out of range: file Swift/ContiguousArrayBuffer.swift, line 444",
        ),
    ),
    # -- SwiftPM ------------------------------------------------------------------------
    Format(
        "swiftpm-dependency",
        r"^(?P<sev>error|warning): (?:'[\w.-]+': )?(?P<msg>(?:the package at '.+' cannot be "
        r"accessed|Dependencies could not be resolved|Failed to clone repository|Couldn't (?:get|"
        r"fetch|update) |product '[^']+' required by package|unknown package '|package '[^']+' is "
        r"using Swift tools version|unable to resolve dependencies|[Ii]nvalid manifest|manifest "
        r"parse error|could not find Package\.swift|no such (?:product|package)|failed downloading"
        r"|the package manifest at '.+' cannot be accessed|Source files for target .+ should be "
        r"located under).*)$",
        tool="swift",
        category="dependency",
        rank=2,
        examples=(
            "error: the package at '/home/ci/calc/Packages/Foo' cannot be accessed (Error "
            "Domain=NSCocoaErrorDomain Code=260)",
            "error: Dependencies could not be resolved because root depends on 'foo' "
            "1.0.0..<2.0.0.",
        ),
    ),
    Format(  # the driver's word that a job failed: the compiler's errors are above
        "swiftpm-consequence",
        r"^(?:error: )?(?P<msg>(?:emit-module|compile|link|merge-module|compile-swift|build) "
        r"command failed with exit code \d+ \(use -v to see invocation\)|fatalError|"
        r"Exited with (?:unexpected )?signal code \d+|"
        r"Command \w+ failed with a nonzero exit code|terminated\(\d+\): .*)$",
        tool="swift",
        role="consequence",
        rank=0,
        examples=(
            "error: emit-module command failed with exit code 1 (use -v to see invocation)",
            "error: fatalError",
            "Command PhaseScriptExecution failed with a nonzero exit code",
        ),
    ),
    # -- xcodebuild ----------------------------------------------------------------------
    Format(
        "xcodebuild-failed",
        r"^\*\* (?:[A-Z]+ )+FAILED \*\*(?: \[[\d.]+ sec\])?$",
        tool="xcodebuild",
        role="consequence",
        rank=0,
        examples=("** BUILD FAILED **", "** TEST FAILED **", "** TEST EXECUTE FAILED **"),
    ),
    Format(
        "xcodebuild-summary",
        r"^(?P<msg>The following build commands failed:|Testing failed:|Failing tests:)\s*$",
        tool="xcodebuild",
        role="consequence",
        block="xcodesummary",
        rank=0,
        examples=("The following build commands failed:", "Testing failed:", "Failing tests:"),
    ),
    Format(
        "xcodebuild-error",
        r"^xcodebuild: (?P<sev>error|warning): (?P<msg>.+)$",
        tool="xcodebuild",
        category="config",
        rank=2,
        examples=(
            "xcodebuild: error: Unable to find a destination matching the provided destination "
            "specifier:",
            "xcodebuild: error: 'App.xcodeproj' does not exist.",
        ),
    ),
    Format(  # the build system's own errors name the target they stopped
        "xcodebuild-target-error",
        r"^(?P<sev>error|warning): (?P<msg>.+) \(in target '[^']+'(?: from project '[^']+')?\)$",
        tool="xcodebuild",
        rank=2,
        examples=(
            'error: Signing for "App" requires a development team. Select a development team in '
            "the Signing & Capabilities editor. (in target 'App' from project 'App')",
        ),
    ),
    Format(
        "xcodeproj-error",
        r"^(?P<file>[^\s:][^:]*?\.(?:xcodeproj|xcworkspace|pbxproj|xcconfig|entitlements|plist)):"
        r" (?P<sev>error|warning): (?P<msg>.+)$",
        seek=r": (?P<sev>error|warning): ",
        tool="xcodebuild",
        rank=2,
        examples=(
            '/Users/ci/App/App.xcodeproj: error: No signing certificate "iOS Development" found: '
            'No "iOS Development" signing certificate matching team ID "ABCDE12345"',
        ),
    ),
    Format(
        "xcode-codesign",
        r"^(?:\[x\] |❌\s+)?(?P<msg>Code ?Sign(?:ing)? [Ee]rror:? .+|No profiles for '[^']+' were "
        r"found.*|No signing certificate .+ found.*)$",
        tool="xcodebuild",
        category="config",
        rank=2,
        examples=("Code Signing Error: No profiles for 'com.example.app' were found",),
    ),
    # -- Apple's ld ------------------------------------------------------------------------
    Format(
        "apple-ld-not-found",
        r"^(?:\[x\] |❌\s+)?ld: (?P<msg>(?:library|framework) not found(?: for)? .+|"
        r"(?:library|framework) '[^']+' not found.*)$",
        tool="ld",
        category="dependency",
        rank=2,
        examples=("ld: library not found for -lPods-App", "ld: framework not found Alamofire"),
    ),
    Format(
        "apple-ld-undefined",
        r"^(?:\[x\] |❌\s+)?(?P<msg>(?:ld: )?Undefined symbols(?: for architecture \w+)?):\s*$",
        tool="ld",
        category="reference",
        block="ldundefined",
        rank=2,
        examples=("Undefined symbols for architecture x86_64:", "ld: Undefined symbols:"),
    ),
    Format(
        "apple-ld-duplicate",
        r"^(?:\[x\] |❌\s+)?(?P<msg>duplicate symbols? '?[^']+'? in:?)\s*$",
        tool="ld",
        category="build",
        block="indented",
        rank=2,
        examples=("duplicate symbol '_foo' in:", "duplicate symbol _OBJC_CLASS_$_Calc in:"),
        words=("duplicate symbol",),
    ),
    Format(
        "apple-ld-consequence",
        r"^(?:\[x\] |❌\s+)?ld: (?P<msg>symbol\(s\) not found for architecture \w+|"
        r"\d+ duplicate symbols? for architecture \w+)$",
        tool="ld",
        role="consequence",
        rank=0,
        examples=("ld: symbol(s) not found for architecture x86_64",),
    ),
    Format(
        "apple-ld-warning",
        r"^(?:\[!\] |⚠️\s*)?ld: (?P<sev>warning): (?P<msg>.+)$",
        tool="ld",
        role="warning",
        examples=("ld: warning: directory not found for option '-L/path/to/lib'",),
    ),
    # -- CocoaPods -----------------------------------------------------------------------
    Format(
        "cocoapods-error",
        r"^\[!\] (?P<msg>(?:Unable to find a specification for|CocoaPods could not find "
        r"compatible versions for pod|No [`']Podfile' found|Unable to satisfy the following "
        r"requirements|Invalid [`']Podfile' file|An error occurred while processing the "
        r"(?:pre|post)-install hook|Error installing|Failed to connect to GitHub|Oh no, an error "
        r"occurred|Unable to add a source|Unable to determine Swift version|The [`'][^`']+' target "
        r"has transitive dependencies|There are multiple dependencies with different sources|"
        r"Couldn't determine repo type|Unable to find a pod with name|The platform of the target|"
        r"Failed to load '[^']+' podspec|Invalid [`'][^`']+\.podspec' file).*)$",
        tool="cocoapods",
        category="dependency",
        rank=2,
        examples=(
            "[!] Unable to find a specification for `Foo`",
            '[!] CocoaPods could not find compatible versions for pod "Alamofire":',
        ),
        words=("[!] ",),
    ),
    Format(
        "cocoapods-sandbox",
        r"^(?:error: |\[x\] |❌\s+)?(?P<msg>The sandbox is not in sync with the "
        r"Podfile\.lock\..*)$",
        tool="cocoapods",
        category="dependency",
        rank=2,
        examples=(
            "error: The sandbox is not in sync with the Podfile.lock. Run 'pod install' or update "
            "your CocoaPods installation.",
        ),
    ),
    Format(  # ``pod lib lint``: one line a finding
        "cocoapods-lint",
        r"^\s*- (?P<sev>ERROR|WARN|NOTE)\s*\| (?:\[[^\]]+\] )?(?P<msg>.+)$",
        tool="cocoapods",
        rank=2,
        examples=(
            "    - ERROR | [iOS] unknown: Encountered an unknown error (Unable to find a "
            "specification for `Foo`) during validation.",
            "    - WARN  | url: The URL (https://example.com) is not reachable.",
        ),
        fixup=inner_location,
    ),
    Format(
        "cocoapods-consequence",
        r"^\[!\] (?P<msg>\S+(?: \S+)? did not pass validation, due to \d+ errors?(?: and \d+ "
        r"warnings?)?\.|"
        r"Error (?:building|building/testing|archiving) the application - see the log above|"
        r"Tests have failed|Exit status: \d+)$",
        tool="cocoapods",
        role="consequence",
        rank=0,
        examples=(
            "[!] The spec did not pass validation, due to 1 error.",
            "[!] Error building the application - see the log above",
        ),
    ),
    # -- xcpretty and xcbeautify ---------------------------------------------------------
    Format(  # the driver's exit lines, as xcodebuild prints them and the formatters mark them
        "xcode-driver-consequence",
        r"^(?:(?:❌|\[x\])\s+)?(?P<msg>(?:clang|clang\+\+|gcc|swiftc?): error: linker command "
        r"failed.*|"
        r"(?:error: )?(?:emit-module|compile|link) command failed with exit code .*|"
        r"Command \w+ failed with a nonzero exit code.*)$",
        tool="xcodebuild",
        role="consequence",
        rank=0,
        examples=(
            "❌  clang: error: linker command failed with exit code 1 (use -v to see invocation)",
            "clang: error: linker command failed with exit code 1 (use -v to see invocation)",
        ),
    ),
    Format(
        "xcpretty-compile-error",
        r"^(?:❌|\[x\])\s+(?P<file>[^\s:][^:]*?):(?P<line>\d+):(?P<col>\d+): (?P<msg>.+)$",
        tool="xcodebuild",
        rank=2,
        examples=(
            "❌  /Users/ci/App/Sources/Calc.swift:5:9: cannot find 'foo' in scope",
            "[x] /path/file.swift:64:69: cannot find 'input' in scope",
        ),
    ),
    Format(  # a formatter's verdicts and timing lines: the failure is above
        "xcpretty-consequence",
        r"^\s+(?:✗|✖) \[[\w.]+\] \w+ on '[^']*' \([\d.]+ seconds\)$",
        tool="xctest",
        role="consequence",
        rank=0,
        examples=("    ✖ [CalcTests] testAdd on 'xctest (49438)' (0.131 seconds)",),
    ),
    Format(
        "xcpretty-failing-test",
        r"^\s+(?:✗|✖) (?P<test>[^,]+), (?P<msg>.+)(?<!ms\))$",
        tool="xctest",
        category="assertion",
        rank=3,
        examples=(
            '    ✗ testAdd, XCTAssertEqual failed: ("2") is not equal to ("3")',
            "    ✖ one, when added to two, produces three, expected to equal <3>, got <4>",
        ),
    ),
    Format(
        "xcpretty-compile-warning",
        r"^(?:⚠️|\[!\])\s+(?P<file>[^\s:][^:]*?):(?P<line>\d+):(?P<col>\d+): (?P<msg>.+)$",
        tool="xcodebuild",
        role="warning",
        examples=("⚠️  /path/file.swift:64:69: 'flatMap' is deprecated",),
    ),
    Format(
        "xcpretty-warning",
        r"^(?:⚠️|\[!\])\s+(?P<msg>.+)$",
        tool="xcodebuild",
        role="warning",
        examples=("[!] ld: embedded dylibs/frameworks only run on iOS 8 or later",),
        fixup=inner_location,
        words=("[!] ",),
    ),
    Format(
        "xcpretty-error",
        r"^(?:❌|\[x\])\s+(?P<msg>.+)$",
        tool="xcodebuild",
        rank=1,
        examples=("❌  error: no such module 'Alamofire'", "[x] clang: error: no input files"),
        fixup=inner_location,
    ),
)
