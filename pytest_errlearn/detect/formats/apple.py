r"""Swift: swiftc (through SwiftPM or xcodebuild), XCTest (Xcode's and
swift-corelibs'), Swift Testing, Swift's runtime traps and SwiftPM. (Xcode's
builds, Apple's ld, CocoaPods and the formatters: apple_xcode.py.)

The compilers' own lines (``/path/Calc.swift:5:9: error: ...``) are gcc's shape,
which ``c.py`` reads; the ``swiftc`` row only names Swift's as Swift's. What is
here is what gcc's row cannot tell: an XCTest failure (gcc's shape too, but a
failed test at a test's line), Swift Testing's issues and Swift's runtime traps.
"""

from __future__ import annotations

from ..reader import Reader
from . import Format, named_above

ORDER = 14  # before the bare ``error:`` rows (elixir.py's, rust.py's) and c.py's gcc row (an
# XCTest failure has gcc's shape); by name, before apple_xcode.py's, whose driver row would
# take SwiftPM's ``error: emit-module command failed``
COMMANDS = {"swift": "swift", "swiftc": "swift"}
BUILDS: dict[str, frozenset[str] | None] = {
    "swift": frozenset({"build", "test", "run", "package"}),
    "swiftc": None,
}

# An XCTest case as XCTest names it: ``-[Module.Class testName]`` (Darwin; a
# Quick/Specta spec name may hold spaces and commas) or ``Class.testName`` (Linux).
_XCTEST_CASE = r"[-+]\[[\w.]+ [^\]]+\]|\w[\w.]*\.\w+(?:\(\))?"
_FAIL_MARK = "(?:✘|\U00100884)"  # Swift Testing's failure mark; the second an SF Symbol (macOS)
# The words of the traps Swift 1 to 3 printed as "fatal error: ..." (the runtime's own).
_OLD_TRAPS = (
    r"unexpectedly found nil while|Index out of range|Array index out of range|"
    r"Can't unwrap Optional|Division by zero|Can't form Range|Range (?:end|requires)|"
    r"Negative value is not representable|Not enough bits to represent|"
    r"Double value cannot be converted"
)


class Continuation(Reader):
    """The lines a Swift Testing issue carries below it: ``↳`` comments, indented text."""

    frames_wanted = False

    def accept(self, line: str) -> bool:
        stripped = line.strip()
        return bool(stripped) and (line[:1].isspace() or stripped.startswith("↳"))

    def finish(self) -> None:
        pass


READERS = {"swiftissue": Continuation}

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
    Format(  # Swift before 5.3: the place at the end. Swift 1 to 3 said its traps in lower
        # case (only their own words: gcc's "fatal error:" is c.py's), and Xcode's debugger
        # names the thread that trapped
        "swift-fatal-error-old",
        r"^(?:Thread \d+: )?(?P<msg>(?:Fatal error: |fatal error: (?=" + _OLD_TRAPS + r"))"
        r".+?)(?:: file (?P<file>[^\s,]+), line (?P<line>\d+))?$",
        tool="swift",
        category="runtime",
        rank=3,
        examples=(
            "Fatal error: Index out of range: file Swift/ContiguousArrayBuffer.swift, line 444",
            "fatal error: unexpectedly found nil while unwrapping an Optional value",
            "Thread 1: Fatal error: Unexpectedly found nil while implicitly unwrapping an Optional "
            "value",
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
    Format(  # a test process that a signal ended (a trap, an abort): after the trap's own
        # "Fatal error" it only follows from it; alone, it is the crash, of the test that
        # XCTest said last it started
        "swiftpm-test-crashed",
        r"^(?:error: )?(?P<msg>(?:Exited with (?:unexpected )?signal code \d+|Process '.+' exited "
        r"with unexpected signal code \d+))$",
        tool="swift",
        role="count",
        category="runtime",
        rank=2,
        fixup=named_above(r"^\s*Test Case '(?P<test>[^']+)' started"),
        words=("signal code",),
        examples=(
            "error: Exited with unexpected signal code 6",
            "Exited with signal code 11",
            "error: Process '/app/.build/debug/CalcPackageTests.xctest --testing-library "
            "swift-testing' exited with unexpected signal code 13",
        ),
    ),
    Format(  # the driver's word that a job failed: the compiler's errors are above
        "swiftpm-consequence",
        r"^(?:error: )?(?P<msg>(?:emit-module|compile|link|merge-module|compile-swift|build) "
        r"command failed with exit code \d+ \(use -v to see invocation\)|fatalError|"
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
)
