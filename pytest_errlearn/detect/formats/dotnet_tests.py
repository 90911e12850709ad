"""``dotnet test``: VSTest's console logger (and through MSBuild), xUnit, NUnit,
MSTest and Microsoft.Testing.Platform. (MSBuild, the compilers, NuGet:
dotnet.py; the runtime's exceptions and the frames' reader: dotnet_runtime.py.)

A failed test is reported twice by ``dotnet test`` with xUnit: by xUnit's own
``[FAIL]`` lines and by VSTest's ``Failed`` block. Both readers take the same
message and the innermost frame of the user's code, so the second is a repeat.
"""

from __future__ import annotations

import re
from itertools import takewhile

from ...report import Error
from ..reader import Reader
from . import Format, regex
from .dotnet import ORIGIN, PROJ, canonical
from .dotnet_runtime import FRAME, NetBlock, indentation, said, unstamp

# Before dotnet.py's MSBuild rows (whose catch-all takes VSTest's "error VSTEST1:" as
# any code's) and node's "1) title" (mocha), which NUnit's "1) Failed : X" also fits.
ORDER = 14
COMMANDS = {
    "vstest.console": "dotnet",
    **dict.fromkeys(("nunit3-console", "nunit-console"), "nunit"),
    **dict.fromkeys(("xunit.console", "xunit.console.x86"), "dotnet"),
}
BUILDS: dict[str, frozenset[str] | None] = {
    "vstest.console": None,
    "nunit3-console": None,
    "nunit-console": None,
    "xunit.console": None,
    "xunit.console.x86": None,
}

# -- dotnet test: VSTest's console logger ---------------------------------------------

_BANNERS = {
    "Error Message:": "message",
    "Stack Trace:": "stack",
    "Standard Output Messages:": "output",
    "Standard Error Messages:": "output",
    "Debug Traces Messages:": "output",
    "Additional Information Messages:": "output",
}
# How long a test took, as VSTest's console logger says it: [311 ms], [< 1 ms],
# [1 s], [1 m 3 s]; 16.x: [134ms].
_DURATION = r"\[(?:< ?)?\d+(?:\.\d+)? ?(?:ms|s|m|h)(?: \d+ ?(?:ms|s|m))*\]"
# What ends a failed test's block: the next result, the run's summary, other output.
_VSTEST_END = regex(
    r"^\s{0,4}(?:Passed|Failed|Skipped|Not Run|X|√|✓|✔|✘|!)\s+\S.* " + _DURATION + r"\s*$"
    r"|^(?:Passed|Failed|Skipped)\s{2,}\S"
    r"|^\s*(?:Failed!|Passed!|Skipped!|Test Run (?:Failed|Successful|Aborted)|Total tests:"
    r"|Results File:|Attachments:|A total of \d|Test run for |Starting test execution"
    r"|VSTest version|Microsoft \(R\)|Build (?:FAILED|succeeded)|Time Elapsed|Test summary:"
    r"|\[xUnit\.net |NUnit Adapter|\d+>)"
)
# NUnit's stack of each assertion of a multiple-assert block: "1)    at M() in F:line N".
_NUNIT_EXTRA = regex(r"^\d+\)\s+at ")


class VSTestFailure(NetBlock):
    """``  Failed Name [12 ms]``, then ``Error Message:`` and ``Stack Trace:``.

    The message's first line is indented, the lines after it are printed as the
    framework wrote them (``Expected: 3`` at the line's start); the stack's
    frames are indented.
    """

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.section = "head"

    def is_blank(self, line: str) -> bool:
        return not unstamp(line).strip()

    def accept(self, line: str) -> bool:
        text = unstamp(line)
        stripped = text.strip()
        if not stripped:
            return self.blanks < 2
        blank = self.blanks
        if _VSTEST_END.match(text):
            return False
        if (section := _BANNERS.get(stripped)) is not None:
            self.section = section
            return True
        if self.section == "message":
            if blank and not text[:1].isspace():
                return False  # past a blank line only indented lines belong
            if len(self.said) < 30:
                self.said.append(stripped)
            return True
        if self.section == "stack":
            if text[:1].isspace() or _NUNIT_EXTRA.match(text):
                self.frames.append(text)
                return True
            return False
        return self.section == "output" and text[:1].isspace()


class MSBuildTestError(VSTestFailure):
    """A failed test as ``dotnet test`` logs it through MSBuild (VSTest's
    ``VSTEST1`` error at the failing frame): ``F(N): error VSTEST1: (Name)
    M() message``, or ``Name (5ms): Error Message: message``. A message of
    several lines comes as several such lines, each with the same prefix
    (the terminal logger indents the rest of it instead)."""

    _INLINE = (
        regex(r"^(?P<test>.+?) \([^()]*\): Error Message: ?(?P<msg>.*)$"),
        regex(r"^(?:\((?P<name>[^()]*)\) )?(?P<test>[\w.<>`$]+\([^()]*\)) (?P<msg>\S.*)$"),
    )
    _TAIL = regex(PROJ + r"\s*$")

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.section = "message"
        text = unstamp(err.text)
        self.indent = indentation(text)
        code = err.code or "VSTEST1"
        self.prefix = text[: text.index(code) + len(code) + 1].strip()  # "F(N): error VSTEST1:"
        for inline in self._INLINE:
            if m := inline.match(err.message):
                self.err.test = m["test"]
                err.message = m["msg"]
                break
        if err.message.strip():
            self.said.append(err.message.strip())

    def accept(self, line: str) -> bool:
        text = unstamp(line)
        stripped = text.strip()
        if stripped.startswith(self.prefix):  # the next line of the same message...
            rest = self._TAIL.sub("", stripped[len(self.prefix) :]).strip()
            if any(inline.match(rest) for inline in self._INLINE):
                return False  # ... or another failure there (another target framework's)
            if rest and len(self.said) < 30:
                self.said.append(rest)
            return True
        if stripped and indentation(text) <= self.indent:
            return False
        return super().accept(text)


# -- xUnit's own lines ----------------------------------------------------------------

_XUNIT_PREFIX = regex(r"^\s*\[xUnit\.net [\d:.]+\]")
_XUNIT_BANNERS = {"Stack Trace:": "stack", "Output:": "output", "Warnings:": "output"}


class XunitFailure(NetBlock):
    """``[xUnit.net 00:00:00.51]     Name [FAIL]``, its message and ``Stack
    Trace:`` indented deeper under it, each line with the same prefix (the
    console runner prints them without). A ``[FAIL]`` line alone is no error:
    VSTest's ``Failed`` block that follows says what failed."""

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        header = unstamp(err.text)
        m = _XUNIT_PREFIX.match(header)
        self.prefixed = m is not None
        self.indent = indentation(header[m.end() :] if m else header)
        self.section = "message"

    def accept(self, line: str) -> bool:
        text = unstamp(line)
        if self.prefixed:
            if (m := _XUNIT_PREFIX.match(text)) is None:
                return False
            text = text[m.end() :]
        stripped = text.strip()
        if not stripped or indentation(text) <= self.indent:
            return False
        if (section := _XUNIT_BANNERS.get(stripped)) is not None:
            self.section = section
        elif self.section == "message":
            if len(self.said) < 30:
                self.said.append(stripped)
        elif self.section == "stack":
            self.frames.append(text)
        return True

    def finish(self) -> None:
        self.valid = bool(self.said)
        super().finish()


# -- NUnit's console runner, Microsoft.Testing.Platform ------------------------------


class NUnitFailure(NetBlock):
    """``1) Failed : Name``: the message (``Expected: 3`` / ``But was:  2``, or
    an exception's line) and frames, up to a blank line; ``Assert.Multiple``'s
    ``Multiple failures or warnings in test:`` lists its failures (``  1)   X``,
    its expected and actual) with a blank line between them, the first of them
    its message."""

    def accept(self, line: str) -> bool:
        text = unstamp(line)
        stripped = text.strip()
        multiple = self.said[:1] == [_MULTIPLE]
        if not stripped:
            return multiple and self.blanks < 1
        if re.match(r"^\d+\) \w", text) or (self.blanks and not _NUNIT_ITEM.match(text)):
            return False
        if FRAME.match(text) and stripped.startswith("at "):
            self.frames.append(text)
        elif not self.frames and len(self.said) < 30:
            self.said.append(stripped)
        return True

    def finish(self) -> None:
        super().finish()
        if self.said[:1] == [_MULTIPLE]:  # and the first failure: its name, expected, actual
            first = self.said[1:2] + list(
                takewhile(lambda line: not _NUNIT_ITEM.match(line), self.said[2:4])
            )
            self.err.message = said([*self.said[:1], " ".join(first)])


_MULTIPLE = "Multiple failures or warnings in test:"
_NUNIT_ITEM = regex(r"^\s*\d+\)\s")  # (a failure's own "1) Failed :" is read first)


class IndentedFailure(NetBlock):
    """A failure whose message and frames are indented under it
    (Microsoft.Testing.Platform's ``failed Name (12ms)``)."""

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.indent = indentation(unstamp(err.text))

    def accept(self, line: str) -> bool:
        text = unstamp(line)
        stripped = text.strip()
        if not stripped or indentation(text) <= self.indent:
            return False
        if stripped.startswith(("at ", "--- End of")):
            self.frames.append(text)
        elif not self.frames and len(self.said) < 30:
            self.said.append(stripped)
        return True


# -- a run VSTest aborted --------------------------------------------------------------

# What VSTest prints with a run it aborted: its data collectors' messages, the
# results file, its summary and why, and the test that was running.
_ABORTED = regex(
    r"^(?:Data collector '[^']*' message: |Results File: |Attachments:|Test Run Aborted\.$"
    r"|The active [Tt]est [Rr]un was aborted|This test may, or may not be the source of the crash"
    r"|The test running when the crash occurred:)"
)


class AbortedRun(Reader):
    """``The active test run was aborted``, and the lines VSTest prints with it
    (``The active Test Run was aborted because the host process exited
    unexpectedly.`` too: the same crash), up to the test that was running when
    the test host died, named on the line under ``The test running when the
    crash occurred:``."""

    frames_wanted = False

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.running = False  # the next line names the test

    def accept(self, line: str) -> bool:
        text = unstamp(line).strip()
        if not text:
            return self.blanks < 1
        if self.running:
            self.running = False
            self.err.test = self.err.test or text
            return True
        self.running = text.startswith("The test running when the crash occurred:")
        return bool(_ABORTED.match(text))


READERS = {
    "vstest": VSTestFailure,
    "vstest-msbuild": MSBuildTestError,
    "xunit": XunitFailure,
    "nunit": NUnitFailure,
    "net-indented": IndentedFailure,
    "vstest-aborted": AbortedRun,
}

# The xUnit adapter's "[FAIL]" line, echoed as an MSBuild error by dotnet test:
# the VSTEST1 error beside it says what failed.
_XUNIT_ECHO = r":\s*error *: *\[xUnit\.net [\d:.]+\]"

ROWS = (
    # -- dotnet test ------------------------------------------------------------------
    Format(  # xUnit's adapter (prefixed) and console runner: "    Name [FAIL]"
        "xunit-fail",
        r"^(?:\s*\[xUnit\.net [\d:.]+\])?\s+(?P<test>[\w$.`+<>,-]+(?:\([^)]*\))?) \[FAIL\]\s*$",
        tool="dotnet",
        block="xunit",
        rank=3,
        examples=(
            "[xUnit.net 00:00:07.25]     WindowLogger.Presentation.Tests.Forms.MainFormTests."
            "RefreshActivityGrid_WithActivities_ShouldDisplayData [FAIL]",
        ),
    ),
    Format(  # VSTest's console logger: "  Failed Name [311 ms]" (16.x: "  X Name [134ms]"),
        # before 16: "Failed   Name"
        "vstest-failed",
        r"^\s{0,4}(?:(?:Failed|X|✘) (?=\S.* " + _DURATION + r"\s*$)|Failed {2,}(?=\S+\s*$))"
        r"(?P<test>\S.*?)(?: " + _DURATION + r")?\s*$",
        tool="dotnet",
        block="vstest",
        rank=3,
        examples=(
            "  Failed WindowLogger.Presentation.Tests.Forms.MainFormTests."
            "RefreshActivityGrid_WithActivities_ShouldDisplayData [311 ms]",
            "  Failed CreateProduct_Should_ReturnSuccess_WhenValidData [45 ms]",
            "  X This_test_should_fail [134ms]",
            "Failed   SampleUnitTestProject.UnitTest1.FailingTest",
        ),
    ),
    Format(  # NUnit's console runner: "1) Failed : Name", "2) Error : Name"
        "nunit-failed",
        r"^\s*\d+\) (?:Failed|Error|Invalid) : (?P<test>\S.*?)\s*$",
        tool="nunit",
        block="nunit",
        rank=3,
        examples=(
            "1) Failed : Instabilities.FileLastWriteTime.FileLastWriteTime."
            "Compile_ValidCode_AlwaysRecompilesDLL",
            "1) Failed : WebAPI_Framework.TestCase.Test1_GetMethod_StatusCodeTest",
        ),
    ),
    Format(  # Microsoft.Testing.Platform (xUnit v3, MSTest and TUnit runners)
        "mtp-failed",
        r"^\s*failed (?P<test>\S.*?) \((?:\d+(?:\.\d+)?(?:ms|s|m|h) ?)+\)\s*$",
        tool="dotnet",
        block="net-indented",
        rank=3,
        examples=(
            '  failed Invalid_TestingProfile_Name_Should_Fail ("net9.0;net8.0;net7.0;net6.0;'
            'net462",Debug) (6s 220ms)',
        ),
    ),
    Format(
        "msbuild-xunit-echo",
        ORIGIN + _XUNIT_ECHO + r"\s+\S.* \[FAIL\]" + PROJ + r"\s*$",
        seek=_XUNIT_ECHO,
        tool="dotnet",
        role="ignore",
        examples=(
            r"    C:\Program Files\dotnet\sdk\9.0.100-preview.2.24157.14\Microsoft.TestPlatform."
            r"targets(46,5): error : [xUnit.net 00:00:01.77]     XUnitOtelExample.ExampleTests."
            r"WaitRandomTime_Fail [FAIL] [C:\dev\XUnitOtelExample01\XUnitOtelExample.csproj]",
        ),
    ),
    canonical(  # a failed test as VSTest logs it through MSBuild (dotnet test, .NET 8+)
        "vstest-msbuild-failed",
        "VSTEST1|TESTERROR",
        r"C:\Users\nohwnd\AppData\Local\Temp\vstest\xvoVt\UnitTest1.cs(41): error VSTEST1: "
        r"(FailingTest) SampleUnitTestProject.UnitTest1.FailingTest() Assert.AreEqual failed. "
        r"Expected:<2>. Actual:<3>.  [C:\Users\nohwnd\AppData\Local\Temp\vstest\xvoVt\Simple"
        r"TestProject.csproj::TargetFramework=net462]",
        tool="dotnet",
        block="vstest-msbuild",
        rank=3,
    ),
    Format(  # the test host died: "Reason: Test host process crashed", or (17.x)
        # "... because the host process exited unexpectedly.", and the test it ran
        "vstest-aborted",
        r"^\s*(?P<msg>The active [Tt]est [Rr]un was aborted(?:\.| because ).*)$",
        tool="dotnet",
        category="runtime",
        block="vstest-aborted",
        rank=2,
        examples=(
            "The active test run was aborted. Reason: Test host process crashed",
            "The active Test Run was aborted because the host process exited unexpectedly. Please "
            "inspect the call stack above, if available, to get more information about where the "
            "exception originated from.",
        ),
    ),
    Format(  # the run's summaries: each failure was reported above
        "dotnet-test-summary",
        r"^\s*(?P<msg>(?:Failed! +- Failed: |Test Run (?:Failed|Aborted)\.\s*$"
        r"|[Ff]ailed: +[1-9]\d*\s*$|Test run failed\. Total: \d+ Failed: [1-9]"
        r"|Test run summary: (?:Failed|Aborted)!"
        r"|Test summary: total: \d+, failed: [1-9]|Overall result: Failed"
        r"|Test Count: \d+, Passed: \d+, Failed: [1-9]).*)$",
        tool="dotnet",
        role="consequence",
        rank=0,
        examples=(
            "Failed!  - Failed:     1, Passed:     0, Skipped:     0, Total:     1, Duration: "
            "5 ms - Tests.TemperatureConverter.dll (net8.0)",
            "Test Run Failed.",
            "     Failed: 2",
            "Test run failed. Total: 3 Failed: 1 Passed: 2 Skipped: 0, Duration: 3.3s",
        ),
    ),
)
