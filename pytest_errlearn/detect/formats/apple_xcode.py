"""Xcode's builds: xcodebuild's own errors and its summaries, Apple's ld,
CocoaPods, and xcodebuild's output as its formatters (xcpretty, xcbeautify)
mark it. (swiftc, XCTest, Swift Testing, Swift's runtime and SwiftPM: apple.py.)

clang's and swiftc's errors under xcodebuild are gcc's shape, which ``c.py``
reads (apple.py's ``swiftc`` row names Swift's); xcodebuild's summaries, the
linker's and the drivers' last words only repeat the errors above them.
"""

from __future__ import annotations

from ...report import Error
from ..reader import Reader
from . import Format, regex
from .ci import inner_location

ORDER = 14  # with apple.py's, after them (by name): before rust.py's bare ``error:`` row, which
# would take ``error: ... (in target 'App')``, and c.py's row of clang's ``linker command failed``
COMMANDS = {
    "xcodebuild": "xcodebuild",
    "xcrun": "xcodebuild",
    "pod": "cocoapods",
    "xcpretty": "xcodebuild",
    "xcbeautify": "xcodebuild",
    "fastlane": "xcodebuild",
}
BUILDS: dict[str, frozenset[str] | None] = {
    "xcodebuild": None,
    "pod": frozenset({"install", "update", "lib", "spec", "repo"}),
    "fastlane": None,
}


class SummaryList(Reader):
    """xcodebuild's summaries: an indented list (``\tCompileSwift normal ...``),
    then ``(2 failures)``. They repeat the errors above; where none was printed
    (a log cut to its end, a step that failed of no diagnostic: ``CodeSign``,
    ``PhaseScriptExecution``), the first command listed is what failed. A
    paste may have lost the list's indent: a build command's name starts it."""

    frames_wanted = False
    _COUNT = regex(r"^\(\d+ failures?\)\s*$")
    _COMMAND = regex(r"^\s*(?P<what>[A-Z][A-Za-z]+)(?: \S.*)?$")  # CodeSign /path/App.app
    _SIGNING = frozenset({"CodeSign", "ProcessProductPackaging", "ProcessProductPackagingDER"})

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.first: str | None = None  # the first command listed
        self.counted = False

    def accept(self, line: str) -> bool:
        if self.counted:
            return False
        if self._COUNT.match(line):
            self.counted = True
            return True
        if not line.strip() or not (line[:1].isspace() or self._COMMAND.match(line)):
            return False
        if self.first is None:
            self.first = line.strip()
        return True

    def finish(self) -> None:
        if self.first is not None:
            self.err.message = f"{self.err.message} {self.first}"

    def category(self) -> str | None:
        if self.first is None or not self.err.message.startswith("The following build"):
            return None
        m = self._COMMAND.match(self.first)
        return "config" if m is not None and m["what"] in self._SIGNING else "build"


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


class PodHook(Reader):
    """CocoaPods' ``[!] An error occurred while processing the post-install hook
    of the Podfile.``: a blank line, what the hook raised, a blank line, then
    Ruby's backtrace. What it raised is the message; the Podfile's (or a
    podspec's) line in the backtrace is where."""

    frames_wanted = False
    _FRAME = regex(r"^\s*(?P<file>\S.*?):(?P<line>\d+):in [`']")
    _OWN = regex(r"(?:^|/)(?:Podfile|[^/]+\.podspec)$")

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.said: str | None = None
        self.framed = False

    def accept(self, line: str) -> bool:
        stripped = line.strip()
        if not stripped:
            return self.blanks < 1
        if (m := self._FRAME.match(line)) is not None:
            self.framed = True
            if self.err.line is None and self._OWN.search(m["file"]):
                self.err.file, self.err.line = m["file"], int(m["line"])
            return True
        if self.framed or self.said is not None:
            return False
        self.said = stripped
        return True

    def finish(self) -> None:
        if self.said is not None:
            self.err.message = self.said


READERS = {"xcodesummary": SummaryList, "ldundefined": UndefinedSymbols, "podhook": PodHook}

ROWS = (
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
        rank=2,  # alone, it says what failed
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
    Format(  # code signing: the build system's own words, naming the target it stopped
        "xcode-signing-error",
        r"^error: (?P<msg>(?:Signing for \".+\" requires a development team|"
        r"No signing certificate .+ found|"
        r"No (?:certificate|profiles?) for (?:team )?'[^']+'(?: matching '[^']+')? "
        r"(?:were |was )?found|"
        r"Provisioning profile \".+\" (?:doesn't|does not|is not|has) |"
        r"\".+\" requires a provisioning profile|No [Aa]ccount for team \"|"
        r"Code signing is required for product type ).*?)"
        r"(?: \(in target '[^']+'(?: from project '[^']+')?\))?$",
        tool="xcodebuild",
        category="config",
        rank=2,
        examples=(
            'error: Signing for "App" requires a development team. Select a development team in '
            "the Signing & Capabilities editor. (in target 'App' from project 'App')",
            "error: No certificate for team 'ABCDE12345' matching 'iPhone Distribution' found: "
            "Select a different signing certificate for CODE_SIGN_IDENTITY. (in target 'App' "
            "from project 'App')",
        ),
    ),
    Format(  # the build system's own errors name the target they stopped
        "xcodebuild-target-error",
        r"^(?P<sev>error|warning): (?P<msg>.+) \(in target '[^']+'(?: from project '[^']+')?\)$",
        tool="xcodebuild",
        rank=2,
        examples=(
            "error: Multiple commands produce '/Users/ci/Build/Products/Debug/App.app/Info.plist' "
            "(in target 'App' from project 'App')",
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
    Format(  # what the hook raised, and where, is in the lines under it
        "cocoapods-hook-error",
        r"^\[!\] (?P<msg>An error occurred while processing the (?:pre|post)-install hook of .+)$",
        tool="cocoapods",
        block="podhook",
        rank=2,
        examples=("[!] An error occurred while processing the post-install hook of the Podfile.",),
        words=("[!] ",),
    ),
    Format(  # the resolver's words say who speaks, pasted without their "[!]" too
        "cocoapods-incompatible",
        r"^(?:\[!\] )?(?P<msg>CocoaPods could not find compatible versions for pod \"[^\"]+\":?)"
        r"\s*$",
        tool="cocoapods",
        category="dependency",
        rank=2,
        examples=(
            '[!] CocoaPods could not find compatible versions for pod "Alamofire":',
            'CocoaPods could not find compatible versions for pod "Alamofire":',
        ),
        words=("compatible versions for pod",),
    ),
    Format(
        "cocoapods-error",
        r"^\[!\] (?P<msg>(?:Unable to find a specification for|No [`']Podfile' found|"
        r"Unable to satisfy the following requirements|Invalid [`']Podfile' file|"
        r"Error installing|Failed to connect to GitHub|Oh no, an error "
        r"occurred|Unable to add a source|Unable to determine Swift version|The [`'][^`']+' target "
        r"has transitive dependencies|There are multiple dependencies with different sources|"
        r"Couldn't determine repo type|Unable to find a pod with name|The platform of the target|"
        r"Failed to load '[^']+' podspec|Invalid [`'][^`']+\.podspec' file).*)$",
        tool="cocoapods",
        category="dependency",
        rank=2,
        examples=(
            "[!] Unable to find a specification for `Foo`",
            "[!] Unable to satisfy the following requirements:",
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
