r"""The .NET family: MSBuild and the compilers it runs (csc, vbc, fsc), NuGet,
the ``dotnet`` CLI, and ``dotnet test`` (VSTest's console logger, xUnit, NUnit,
MSTest, Microsoft.Testing.Platform).

MSBuild prints every diagnostic in one documented shape ("MSBuild and Visual
Studio format for diagnostic messages"):
``origin(line,col): [subcategory ]error|warning CODE: text [project]``, where
the origin is a file with a location, or a tool's name (``MSBUILD``, ``CSC``)
or a project file. Its summary after ``Build FAILED.`` prints the same lines
again: they are the same errors (same text, same place), so the engine counts
them as repeats. The rows split that one shape by code, so that a compiler's
well-known codes get their category (``CS0103`` a reference, ``CS1002``
syntax), NuGet's ``NU`` codes theirs, and MSBuild's "the command exited with
code 1" (``MSB3073``) folds into the error above it.

A failed test is reported twice by ``dotnet test`` with xUnit: by xUnit's own
``[FAIL]`` lines and by VSTest's ``Failed`` block. Both readers take the same
message and the innermost frame of the user's code, so the second is a repeat.
"""

from __future__ import annotations

import ntpath
import posixpath
import re
from collections.abc import Sequence

from ...report import Error
from ..frames import is_user_path
from ..reader import Reader
from . import Format, Role, regex

# -- MSBuild's canonical diagnostic --------------------------------------------------

# The location after a file: (line), (line-line), (line,col), (line,col-col),
# (line,col,line,col).
_LOC = r"\((?P<line>\d+)(?:-\d+)?(?:,(?P<col>\d+)(?:[-,]\d+){0,2})?\)"
_SEV = r"(?P<sev>fatal error|error|Error|ERROR|warning|Warning|WARNING)"
# The project MSBuild names after the message (``[/src/App/App.csproj]``,
# ``[...csproj::TargetFramework=net8.0]``): not part of the message.
_PROJ = (
    r"(?:\s+\[(?P<proj>[^\[\]]+?\.(?:\w*proj|slnx?|slnf|targets|props))"
    r"(?:::[^\[\]]*| > [^\[\]]*)?\])?"
)
# What starts the line: the mark GitHub Actions' problem matcher (setup-dotnet's)
# puts on the lines it annotates, MSBuild's node number (``12>``), then the origin.
_ANNOTATED = r"^\s*(?:##\[(?:error|warning)\])?(?:\d+>)?"
_ORIGIN = _ANNOTATED + r"(?P<file>(?:[A-Za-z]:)?[^:\s][^:]*?)(?:\s*" + _LOC + r"\s*| )"


def _seek(codes: str | None) -> str:
    """What follows the origin, from its colon to the code's: the part every
    line holds (a seek ends before the line's end: stage 1 looks for it anywhere).

    ``codes`` None: any code, or none (tsc's ``TS`` codes are the node
    family's); else one of those codes.
    """
    code = r"(?: +(?!TS\d)(?P<code>[^\s:\]]+))?" if codes is None else rf" +(?P<code>{codes})"
    return r":\s*(?:[A-Za-z]+ ){0,3}?" + _SEV + code + r" *:"


# The message after the code, and the project after it.
_TEXT = r"[ \t]*(?P<msg>.*?)" + _PROJ + r"\s*$"


def _project_file(groups: dict[str, str | None], before: Sequence[str]) -> None:
    """The file MSBuild names relative to its project, made whole; a tool's name
    as the origin (``MSBUILD``, ``CSC``, ``EXEC``) is no file."""
    file, proj = groups.get("file"), groups.get("proj")
    if not file:
        return
    if groups.get("line") is None and not re.search(r"[\\/.]", file):
        groups["file"] = None
        return
    absolute = file.startswith(("/", "\\")) or re.match(r"^[A-Za-z]:[\\/]", file)
    if proj and not absolute and groups.get("line") is not None:
        paths = ntpath if "\\" in proj or re.match(r"^[A-Za-z]:", proj) else posixpath
        groups["file"] = paths.join(_base(paths.dirname(proj), file, paths.sep), file)


def _base(folder: str, file: str, sep: str) -> str:
    """The folder a relative ``file`` is relative to: the project's, or an
    ancestor of it where the file's first folders repeat the project's last
    ones (a solution built from the repository's root names ``src/App/x.cs``
    for ``/repo/src/App/App.csproj``)."""
    parts = folder.rstrip("\\/").split(sep)
    head = re.split(r"[\\/]", file)[:-1]
    for n in range(min(len(head), len(parts) - 1), 0, -1):
        if parts[-n:] == head[:n]:
            return sep.join(parts[:-n]) or sep
    return folder


def _canonical(
    name: str,
    codes: str | None,
    example: str,
    *,
    tool: str = "msbuild",
    role: Role = "error",
    category: str | None = None,
    block: str | None = "msbuild-lines",
    rank: int = 2,
) -> Format:
    """A row of MSBuild's canonical format for ``codes`` (None: any)."""
    seek = _seek(codes)
    return Format(
        name,
        _ORIGIN + seek + _TEXT,
        tool=tool,
        role=role,
        category=category,
        block=block,
        rank=rank,
        examples=(example,),
        fixup=_project_file,
        seek=seek,
    )


# Compiler codes whose category the message alone does not say (C#, VB, F#).
_SYNTAX = (
    r"CS1001|CS1002|CS1003|CS1010|CS1012|CS1022|CS1026|CS1031|CS1040|CS1056|CS1513|CS1514"
    r"|CS1519|CS1525|CS1529|CS1733|CS8124|BC30035|BC30198|BC30201|BC30205|FS0010|FS0588"
)
_REFERENCE = (
    r"CS0103|CS0117|CS0122|CS0234|CS0246|CS0426|CS1061|CS0433|BC30002|BC30451|BC30456"
    r"|FS0039"
)
_TYPE = (
    r"CS0019|CS0021|CS0023|CS0029|CS0030|CS0120|CS0266|CS0411|CS0428|CS0535|CS1501|CS1502"
    r"|CS1503|CS7036|BC30311|BC30512|FS0001"
)
# MSBuild's own codes: a project or SDK that cannot be used as invoked, a
# missing SDK, targeting pack or import, and "the command exited with code N".
_CONFIG = (
    r"MSB1003|MSB1008|MSB1009|MSB1011|MSB4025|MSB4057|NETSDK1013|NETSDK1045|NETSDK1083"
    r"|NETSDK1100"
)
_DEPENDENCY = r"MSB3644|MSB4019|MSB4236|NETSDK1004|NETSDK1005|NETSDK1064|CS0012"
_EXITED = r"MSB3073|MSB3075|MSB3721|MSB4181|MSB6006"

# -- .NET stack traces ----------------------------------------------------------------

# A frame: "at M() in F:line N" (the runtime's; MTP leaves "line" out), or
# xUnit's own "F(N,0): at M()". Frames without a file are a library's.
_FRAME = regex(
    r"^\s*(?:(?P<xfile>\S.*?)\((?P<xline>\d+),\d+\): at (?P<xmethod>\S.*?)"
    r"|at (?P<method>\S.*?)(?: in (?P<file>\S.*?):(?:[^\W\d]+ )?(?P<line>\d+))?)\s*$"
)
# Frames of the test frameworks and assertion libraries (their sources are
# linked, so their frames name a file): never where a test failed. (The base
# library's frames name no file, but in the runtime's own repository.)
_LIBRARY = regex(
    r"(?:Xunit|NUnit|FluentAssertions|Shouldly|Moq|NSubstitute|Castle|AutoFixture|TUnit"
    r"|Microsoft\.VisualStudio\.TestTools|Microsoft\.VisualStudio\.TestPlatform"
    r"|Microsoft\.Testing)\."
)
# A CI runner's timestamp before every line (the scanner drops it from a header only).
_STAMP = regex(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?Z ")


def net_location(lines: Sequence[str]) -> tuple[str, int] | None:
    """The innermost frame with a file in the user's own code (.NET lists the
    innermost first); None when every frame is a library's."""
    for line in lines:
        if (m := _FRAME.match(line)) is None:
            continue
        if m["xfile"]:
            file, number, method = m["xfile"], m["xline"], m["xmethod"]
        else:
            file, number, method = m["file"], m["line"], m["method"]
        if (
            file
            and number != "0"
            and not file.startswith("<")  # Mono's "in <5f3c...>:0": no file
            and not _LIBRARY.match(method)
            and is_user_path(file)
        ):
            return file, int(number)
    return None


def _unstamp(line: str) -> str:
    return _STAMP.sub("", line, count=1) if line[:1].isdigit() else line


def _indent(text: str) -> int:
    return len(text) - len(text.lstrip())


def said(lines: Sequence[str]) -> str:
    """A failure's message: its first lines (a framework's "Failure", then its
    Expected and Actual), spaces collapsed."""
    return " ".join(" ".join(line.split()) for line in lines[:3])[:500]


class NetBlock(Reader):
    """A test failure or exception: its message lines and its frames, read here
    (.NET's frames are ``at M() in F:line N``, which ``frames`` does not know)."""

    frames_wanted = False

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.said: list[str] = []
        self.frames: list[str] = []

    def accept(self, line: str) -> bool:
        raise NotImplementedError

    def finish(self) -> None:
        if self.said:
            self.err.message = said(self.said)
        if (where := net_location(self.frames)) is not None:
            self.err.file, self.err.line, self.err.column = where[0], where[1], None


class SameOrigin(Reader):
    """The lines that go on with a diagnostic: MSBuild prints each line of a
    message of several (a task's exception and its frames, NuGet's versions
    found) after the same ``origin: error CODE:``."""

    frames_wanted = False

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        head = _lead(err.text)
        end = head.find(f" {err.code}:") if err.code else -1
        self.prefix = head[: end + len(err.code or "") + 2] if end >= 0 else None

    def accept(self, line: str) -> bool:
        return self.prefix is not None and _lead(line).startswith(self.prefix)

    def finish(self) -> None:
        pass  # the first line says what failed, where


def _lead(line: str) -> str:
    """A line without what may stand before its origin: a timestamp, GitHub's
    mark, MSBuild's node number, the indentation."""
    return _LEAD.sub("", _unstamp(line), count=1)


_LEAD = regex(r"^\s*(?:##\[(?:error|warning)\])?(?:\d+>)?\s*")


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
        self.blanks = 0

    def accept(self, line: str) -> bool:
        text = _unstamp(line)
        stripped = text.strip()
        if not stripped:
            self.blanks += 1
            return self.blanks <= 2
        blank, self.blanks = self.blanks, 0
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
    _TAIL = regex(_PROJ + r"\s*$")

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.section = "message"
        text = _unstamp(err.text)
        self.indent = _indent(text)
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
        text = _unstamp(line)
        stripped = text.strip()
        if stripped.startswith(self.prefix):  # the next line of the same message...
            rest = self._TAIL.sub("", stripped[len(self.prefix) :]).strip()
            if any(inline.match(rest) for inline in self._INLINE):
                return False  # ... or another failure there (another target framework's)
            if rest and len(self.said) < 30:
                self.said.append(rest)
            return True
        if stripped and _indent(text) <= self.indent:
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
        header = _unstamp(err.text)
        m = _XUNIT_PREFIX.match(header)
        self.prefixed = m is not None
        self.indent = _indent(header[m.end() :] if m else header)
        self.section = "message"

    def accept(self, line: str) -> bool:
        text = _unstamp(line)
        if self.prefixed:
            if (m := _XUNIT_PREFIX.match(text)) is None:
                return False
            text = text[m.end() :]
        stripped = text.strip()
        if not stripped or _indent(text) <= self.indent:
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


# -- NUnit's console runner, Microsoft.Testing.Platform, exceptions -------------------


class NUnitFailure(NetBlock):
    """``1) Failed : Name``: the message (``Expected: 3`` / ``But was:  2``, or
    an exception's line) and frames, up to a blank line."""

    def accept(self, line: str) -> bool:
        text = _unstamp(line)
        stripped = text.strip()
        if not stripped or re.match(r"^\d+\) \w", text):
            return False
        if _FRAME.match(text) and stripped.startswith("at "):
            self.frames.append(text)
        elif not self.frames and len(self.said) < 30:
            self.said.append(stripped)
        return True


class IndentedFailure(NetBlock):
    """A failure whose message and frames are indented under it
    (Microsoft.Testing.Platform's ``failed Name (12ms)``)."""

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.indent = _indent(_unstamp(err.text))

    def accept(self, line: str) -> bool:
        text = _unstamp(line)
        stripped = text.strip()
        if not stripped or _indent(text) <= self.indent:
            return False
        if stripped.startswith(("at ", "--- End of")):
            self.frames.append(text)
        elif not self.frames and len(self.said) < 30:
            self.said.append(stripped)
        return True


class NetException(NetBlock):
    """An exception's line and its indented frames, inner exceptions
    (`` ---> ``) and the ``--- End of ...`` lines between them; a missing
    file's exception names it on a line of its own (``File name: 'x'``)."""

    def accept(self, line: str) -> bool:
        text = _unstamp(line)
        if not (text[:1].isspace() and text.strip()) and not text.startswith("File name: "):
            return False
        self.frames.append(text)
        return True


ORDER = 15  # before node's "1) title" (mocha), which NUnit's "1) Failed : X" also fits
COMMANDS = {
    "dotnet": "dotnet",
    **dict.fromkeys(("msbuild", "xbuild", "csc", "vbc", "fsc"), "msbuild"),
    "nuget": "nuget",
    "vstest.console": "dotnet",
    **dict.fromkeys(("nunit3-console", "nunit-console"), "nunit"),
    **dict.fromkeys(("xunit.console", "xunit.console.x86"), "dotnet"),
}
BUILDS: dict[str, frozenset[str] | None] = {
    "dotnet": frozenset(
        {"build", "test", "restore", "publish", "pack", "run", "msbuild", "vstest"}
    ),
    "msbuild": None,
    "xbuild": None,
    "csc": None,
    "vbc": None,
    "fsc": None,
    "nuget": frozenset({"restore", "pack"}),
    "vstest.console": None,
    "nunit3-console": None,
    "nunit-console": None,
    "xunit.console": None,
    "xunit.console.x86": None,
}
READERS = {
    "msbuild-lines": SameOrigin,
    "vstest": VSTestFailure,
    "vstest-msbuild": MSBuildTestError,
    "xunit": XunitFailure,
    "nunit": NUnitFailure,
    "net-indented": IndentedFailure,
    "net-exception": NetException,
}

# The xUnit adapter's "[FAIL]" line, echoed as an MSBuild error by dotnet test:
# the VSTEST1 error beside it says what failed.
_XUNIT_ECHO = r":\s*error *: *\[xUnit\.net [\d:.]+\]"
# The lines that go on with a diagnostic of several lines, when not right under
# it: "error NU1102:   - Found 1 version(s)", "error MSB4018:    at Microsoft.Build...".
_MORE = r":\s*(?:error|warning) (?P<code>[A-Z]+\d+):\s{2,}"

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
        _ORIGIN + _XUNIT_ECHO + r"\s+\S.* \[FAIL\]" + _PROJ + r"\s*$",
        seek=_XUNIT_ECHO,
        tool="dotnet",
        role="ignore",
        examples=(
            r"    C:\Program Files\dotnet\sdk\9.0.100-preview.2.24157.14\Microsoft.TestPlatform."
            r"targets(46,5): error : [xUnit.net 00:00:01.77]     XUnitOtelExample.ExampleTests."
            r"WaitRandomTime_Fail [FAIL] [C:\dev\XUnitOtelExample01\XUnitOtelExample.csproj]",
        ),
    ),
    _canonical(  # a failed test as VSTest logs it through MSBuild (dotnet test, .NET 8+)
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
    Format(
        "vstest-aborted",
        r"^\s*(?P<msg>The active [Tt]est [Rr]un was aborted\..*)$",
        tool="dotnet",
        category="runtime",
        rank=2,
        examples=("The active test run was aborted. Reason: Test host process crashed",),
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
    # -- the dotnet CLI and runtime ---------------------------------------------------
    Format(
        "dotnet-unhandled",
        r"^(?:Unhandled [Ee]xception[.:] )(?P<msg>\S.*)$",
        tool="dotnet",
        block="net-exception",
        rank=3,
        examples=(
            "Unhandled exception. System.IO.FileNotFoundException: Could not find file "
            "'/https/aspnetapp.pfx'.",
        ),
    ),
    Format(  # an exception's own line, as a test's output or a crash prints it
        "dotnet-exception",
        r"^(?P<msg>(?:[A-Z]\w*\.)+[A-Z]\w*Exception(?: : |: ).*)$",
        tool="dotnet",
        block="net-exception",
        rank=3,
        examples=("Xunit.Sdk.EqualException: Assert.Equal() Failure: Values differ",),
    ),
    Format(  # the host (muxer): global.json asks for an SDK that is not installed
        "dotnet-sdk-missing",
        r"^\s*(?P<msg>A compatible (?:\.NET SDK|SDK version for global\.json version: \[[^\]]*\] "
        r"from \[[^\]]*\]) was not found\.?.*)$",
        tool="dotnet",
        category="config",
        rank=2,
        examples=(
            "A compatible .NET SDK was not found.",
            "A compatible SDK version for global.json version: [2.1.503] from [/Users/eugene/"
            "Developer/fantomas/global.json] was not found",
        ),
    ),
    Format(
        "dotnet-framework-missing",
        r"^(?P<msg>(?:You must install or update \.NET to run this application\."
        r"|It was not possible to find any (?:compatible framework version|installed \.NET)"
        r"|Could not execute because the specified command or file was not found\.).*)$",
        tool="dotnet",
        category="dependency",
        rank=2,
        words=("install or update .NET", "not possible to find"),
        examples=("You must install or update .NET to run this application.",),
    ),
    # -- MSBuild ----------------------------------------------------------------------
    _canonical(  # "The command X exited with code 1": the output above says why
        "msbuild-exited",
        _EXITED,
        r"D:\code\runthru\.paket\Paket.Restore.targets(171,3): error MSB3073: The command "
        r'"dotnet paket restore" exited with code -532462766. [D:\code\runthru\runthru.fsproj]',
        role="consequence",
        rank=0,
    ),
    Format(
        "msbuild-task-false",
        r"^\s+(?P<code>MSB4181): (?P<msg>.+)$",
        tool="msbuild",
        role="consequence",
        rank=0,
        examples=(
            '         MSB4181: The "VSTestTask" task returned false but did not log an error.',
        ),
    ),
    Format(
        "msbuild-continued",
        _ORIGIN + _MORE + r"(?P<msg>\S.*)$",
        seek=_MORE,
        tool="msbuild",
        role="ignore",
        examples=(
            r"E:\delete\test\test.csproj : error NU1102:   - Found 4 version(s) in nuget.org "
            r"[ Nearest version: 2.0.0 ]",
        ),
    ),
    _canonical(
        "nuget-network",
        "NU1301|NU1801",
        "/home/user/BahyWay/src/BahyWay.Web.API/BahyWay.Web.API.csproj : error NU1301: Unable to "
        "load the service index for source https://api.nuget.org/v3/index.json.",
        tool="nuget",
        category="network",
        rank=2,
    ),
    _canonical(
        "nuget",
        r"NU\d{4}",
        r"D:\a\settings-dot-net\settings-dot-net\Settings.Net\Settings.Net.csproj : error "
        r"NU1102: Unable to find package Newtonsoft.Json with version (>= 12.0.3) "
        r"[D:\a\settings-dot-net\settings-dot-net\Settings.Net.sln]",
        tool="nuget",
        category="dependency",
        rank=2,
    ),
    _canonical(
        "msbuild-syntax",
        _SYNTAX,
        "Program.cs(10,79): error CS1002: ; expected [/Users/zacharyeisinger/Documents/repo/"
        "setup-dotnet/__tests__/sample-broken-csproj/sample.csproj]",
        category="syntax",
        rank=2,
    ),
    _canonical(
        "msbuild-reference",
        _REFERENCE,
        r"d:\source\spikes\SimianRunner\SimianRunner\Runner.cs(51,35): error CS0103: The name "
        r"'lie' does not exist in the current context",
        category="reference",
        rank=2,
    ),
    _canonical(
        "msbuild-type",
        _TYPE,
        "/home/codegrade/student/Files/Program.cs(62,55): error CS0029: Cannot implicitly "
        "convert type 'bool' to 'GroupedShopItem' [/home/codegrade/student/Files/Files.csproj]",
        category="type",
        rank=2,
    ),
    _canonical(
        "msbuild-config",
        _CONFIG,
        "MSBUILD : error MSB1009: Project file does not exist.",
        category="config",
        rank=2,
    ),
    _canonical(
        "msbuild-dependency",
        _DEPENDENCY,
        r"C:\Program Files\dotnet\sdk\2.1.401\Sdks\Microsoft.NET.Sdk\targets\Microsoft.Package"
        r"DependencyResolution.targets(198,5): error NETSDK1004: Assets file 'C:\projects\nng-"
        r"netcore\nng.NETCore\obj\project.assets.json' not found. Run a NuGet package restore to "
        r"generate this file. [C:\projects\nng-netcore\nng.NETCore\nng.NETCore.csproj]",
        category="dependency",
        rank=2,
    ),
    _canonical(  # any other code: the compilers' own (CS, BC, FS), MSVC's, analyzers'
        "msbuild",
        None,
        r"C:\dir1\strings.resx(2) : error BC30188: Declaration expected.",
        rank=2,
    ),
    Format(  # no origin at all: "error CS0006: Metadata file 'System.dll' could not be found"
        "msbuild-bare",
        _ANNOTATED + _SEV + r" (?!TS\d)(?P<code>[A-Z]{2,}\d{3,}): (?P<msg>.+?)" + _PROJ + r"\s*$",
        tool="msbuild",
        rank=2,
        examples=("error CS0006: Metadata file 'System.dll' could not be found.",),
    ),
    Format(  # the summaries; "Build FAILED." is followed by the errors again, repeats
        "msbuild-summary",
        _ANNOTATED + r"(?P<msg>(?:Build FAILED\.\s*$"
        r"|(?:Build|Restore) failed with (?:\d+ )?errors?(?:\(s\))?"
        r"(?: and \d+ warnings?(?:\(s\))?)? in |[1-9]\d* Error\(s\)\s*$"
        r"|Done Building Project \".*\" \(.*\) -- FAILED\.\s*$|Failed to restore \S"
        r"|The build failed\. Fix the build errors and run again\.).*)$",
        tool="msbuild",
        role="consequence",
        rank=0,
        examples=(
            "Build FAILED.",
            "             1 Error(s)",
            "Build failed with errors in 4.4s",
            r"  Failed to restore D:\a\settings-dot-net\settings-dot-net\Settings.Net\Settings.Net"
            r".csproj (in 599 ms).",
            "The build failed. Fix the build errors and run again.",
        ),
    ),
)
