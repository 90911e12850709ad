r"""The .NET family's builds: MSBuild and the compilers it runs (csc, vbc, fsc),
and NuGet. (The runtime's exceptions and the ``dotnet`` host's own errors:
dotnet_runtime.py; what ``dotnet test``'s runners print: dotnet_tests.py.)

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
"""

from __future__ import annotations

import ntpath
import posixpath
import re
from collections.abc import Sequence

from ...report import Error
from ..reader import Reader
from . import Format, Role, regex
from .dotnet_runtime import indentation, unstamp

# -- MSBuild's canonical diagnostic --------------------------------------------------

# The location after a file: (line), (line-line), (line,col), (line,col-col),
# (line,col,line,col).
_LOC = r"\((?P<line>\d+)(?:-\d+)?(?:,(?P<col>\d+)(?:[-,]\d+){0,2})?\)"
_SEV = r"(?P<sev>fatal error|error|Error|ERROR|warning|Warning|WARNING)"
# The project MSBuild names after the message (``[/src/App/App.csproj]``,
# ``[...csproj::TargetFramework=net8.0]``): not part of the message.
PROJ = (
    r"(?:\s+\[(?P<proj>[^\[\]]+?\.(?:\w*proj|slnx?|slnf|targets|props))"
    r"(?:::[^\[\]]*| > [^\[\]]*)?\])?"
)
# What starts the line: the mark GitHub Actions' problem matcher (setup-dotnet's)
# puts on the lines it annotates, MSBuild's node number (``12>``), then the origin.
_ANNOTATED = r"^\s*(?:##\[(?:error|warning)\])?(?:\d+>)?"
ORIGIN = _ANNOTATED + r"(?P<file>(?:[A-Za-z]:)?[^:\s][^:]*?)(?:\s*" + _LOC + r"\s*| )"


def _seek(codes: str | None) -> str:
    """What follows the origin, from its colon to the code's: the part every
    line holds (a seek ends before the line's end: stage 1 looks for it anywhere).

    ``codes`` None: any code, or none (tsc's ``TS`` codes are the node
    family's); else one of those codes.
    """
    code = r"(?: +(?!TS\d)(?P<code>[^\s:\]]+))?" if codes is None else rf" +(?P<code>{codes})"
    return r":\s*(?:[A-Za-z]+ ){0,3}?" + _SEV + code + r" *:"


# The message after the code, and the project after it.
_TEXT = r"[ \t]*(?P<msg>.*?)" + PROJ + r"\s*$"


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


def canonical(
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
        ORIGIN + seek + _TEXT,
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
    r"CS1001|CS1002|CS1003|CS1010|CS1012|CS1022|CS1026|CS1031|CS1040|CS1043|CS1056|CS1513"
    r"|CS1514"
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
# Files the build could not copy, find or write: a file another process holds
# (MSB3021, MSB3027), a copy's or an embedded resource's source not found.
_FILESYSTEM = r"MSB3021|MSB3027|MSB3030|MSB3491|MSB3552"


class SameOrigin(Reader):
    """The lines that go on with a diagnostic: MSBuild prints each line of a
    message of several (a task's exception and its frames, NuGet's versions
    found) after the same ``origin: error CODE:``; its terminal logger prints
    them indented under a diagnostic whose own line ends at the code.

    MSBuild wraps a line at the console's width less one (119 in Windows' 120),
    mid-word, the rest on the next line at the diagnostic's indentation: one cut
    before its project (``[App.csproj]``) is read on with the lines of its width,
    and the one after them that ends with the project (at the common widths, any
    line), its message joined whole. Past a wrapped message, the same origin is
    the next diagnostic, but for this one's detail (indented, or the exception a
    task threw: ``error MSB4018: System.IO.IOException: ...``)."""

    frames_wanted = False

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        head = _lead(err.text)
        end = head.find(f" {err.code}:") if err.code else -1
        self.prefix = head[: end + len(err.code or "") + 2] if end >= 0 else None
        text = unstamp(err.text).rstrip()
        self.indent = indentation(text)
        self.rest, self.detail = "", False  # the wrapped lines' text; past the message
        # the terminal logger's: nothing after the code, the message indented below
        said = _PROJECT_TAIL.sub("", head[end:]).split(":", 1)[-1]
        self.below = self.prefix is not None and not said.strip()
        self.said: list[str] = []
        self._wrap(text)

    def _wrap(self, text: str) -> None:
        """Whether the diagnostic line ``text`` may go on on the next lines."""
        self.width = len(text)
        self.last = text  # the diagnostic's text so far, its wrapped lines joined
        self.wrapping = (
            self.prefix is not None and not self.below and not _ENDS_WITH_PROJECT.search(text)
        )

    def accept(self, line: str) -> bool:
        text = unstamp(line).rstrip()
        if self.below:
            if text.strip() and indentation(text) > self.indent:
                self.said.append(text.strip())
                return True
            self.below = False
            return False
        if self.wrapping:
            self.wrapping = False
            if (
                text.strip()
                and indentation(text) <= self.indent + 1  # (+1: wrapped at a space)
                and not _DIAGNOSTIC.search(text)
                and not _NODE.match(text[self.indent :])  # a line of its own, numbered
                and (more := self._wrapped(text)) is not None
            ):
                self.wrapping = more
                self.last = _joined(self.last, text[self.indent :])
                if not self.detail:
                    self.rest = _joined(self.rest, text[self.indent :])
                return True
        if self.prefix is None or not (lead := _lead(line)).startswith(self.prefix):
            return False
        if self.rest:  # past a wrapped message: this one's detail, or the next
            said = lead[len(self.prefix) + 1 :]  # after the space the message follows
            if not (said[:1].isspace() or _THROWN.match(said)):
                return False
        self.detail = True
        self._wrap(text)
        return True

    def _wrapped(self, text: str) -> bool | None:
        """Whether ``text``, under a diagnostic cut short, is its rest: True, and it
        may go on (of the line's width); False, it ends there; None, no part of it."""
        if len(text) == self.width and self.width >= _WRAP_LEAST:
            return True
        if self.width in _WRAP_WIDTHS or _ENDS_WITH_PROJECT.search(
            _joined(self.last, text[self.indent :])
        ):
            return False
        return None

    def finish(self) -> None:
        if self.said:  # the terminal logger's message, on the line under the code
            self.err.message = self.said[0]
        elif self.rest and self.prefix is not None:
            # the first line says what failed, where; wrapped, with the lines after it
            whole = _lead(self.err.text).rstrip() + self.rest
            self.err.message = _PROJECT_TAIL.sub("", whole[len(self.prefix) :]).strip()


def _joined(text: str, rest: str) -> str:
    """A wrapped line's ``text`` and its ``rest`` on the next: the space before
    the project, where it wrapped there, is lost (the line's end is trimmed)."""
    return f"{text} {rest}" if rest.startswith("[") and text[-1:] != " " else text + rest


def _lead(line: str) -> str:
    """A line without what may stand before its origin: a timestamp, GitHub's
    mark, MSBuild's node number, the indentation."""
    return _LEAD.sub("", unstamp(line), count=1)


_LEAD = regex(r"^\s*(?:##\[(?:error|warning)\])?(?:\d+>)?\s*")
# The widths MSBuild wraps at: the common consoles' (80, 120 columns) less one;
# at another, only a line of this width or more is taken for a wrapped one.
_WRAP_WIDTHS = frozenset({79, 119})
_NODE = regex(r"^(?:\[\w+\] +)?\d+>")  # a node's number, under a task's name (Ant's exec)
_WRAP_LEAST = 60
# An exception's line, as a task that threw prints it under its MSB4018.
_THROWN = regex(r"^(?:[A-Za-z_]\w*\.)+[A-Za-z_]\w*Exception\b")
# A line of a diagnostic of its own: no part of the one wrapped above it.
_DIAGNOSTIC = regex(r":\s*(?:fatal error|error|warning) [A-Z]+\d+\s*:")
_PROJECT_TAIL = regex(PROJ + r"\s*$")
_ENDS_WITH_PROJECT = regex(PROJ.removesuffix("?") + r"\s*$")  # the project, not optional


ORDER = 15  # after dotnet_tests.py's rows: the catch-all here takes any "file(1): error X:"
COMMANDS = {
    "dotnet": "dotnet",
    **dict.fromkeys(("msbuild", "xbuild", "csc", "vbc", "fsc"), "msbuild"),
    "nuget": "nuget",
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
}
READERS = {"msbuild-lines": SameOrigin}

# The lines that go on with a diagnostic of several lines, when not right under
# it: "error NU1102:   - Found 1 version(s)", "error MSB4018:    at Microsoft.Build...".
_MORE = r":\s*(?:error|warning) (?P<code>[A-Z]+\d+):\s{2,}"

ROWS = (
    # -- MSBuild ----------------------------------------------------------------------
    canonical(  # "The command X exited with code 1": the output above says why
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
        ORIGIN + _MORE + r"(?P<msg>\S.*)$",
        seek=_MORE,
        tool="msbuild",
        role="ignore",
        examples=(
            r"E:\delete\test\test.csproj : error NU1102:   - Found 4 version(s) in nuget.org "
            r"[ Nearest version: 2.0.0 ]",
        ),
    ),
    canonical(
        "nuget-network",
        "NU1301|NU1801",
        "/home/user/BahyWay/src/BahyWay.Web.API/BahyWay.Web.API.csproj : error NU1301: Unable to "
        "load the service index for source https://api.nuget.org/v3/index.json.",
        tool="nuget",
        category="network",
        rank=2,
    ),
    canonical(
        "nuget",
        r"NU\d{4}",
        r"D:\a\settings-dot-net\settings-dot-net\Settings.Net\Settings.Net.csproj : error "
        r"NU1102: Unable to find package Newtonsoft.Json with version (>= 12.0.3) "
        r"[D:\a\settings-dot-net\settings-dot-net\Settings.Net.sln]",
        tool="nuget",
        category="dependency",
        rank=2,
    ),
    canonical(
        "msbuild-syntax",
        _SYNTAX,
        "Program.cs(10,79): error CS1002: ; expected [/Users/zacharyeisinger/Documents/repo/"
        "setup-dotnet/__tests__/sample-broken-csproj/sample.csproj]",
        category="syntax",
        rank=2,
    ),
    canonical(
        "msbuild-reference",
        _REFERENCE,
        r"d:\source\spikes\SimianRunner\SimianRunner\Runner.cs(51,35): error CS0103: The name "
        r"'lie' does not exist in the current context",
        category="reference",
        rank=2,
    ),
    canonical(
        "msbuild-type",
        _TYPE,
        "/home/codegrade/student/Files/Program.cs(62,55): error CS0029: Cannot implicitly "
        "convert type 'bool' to 'GroupedShopItem' [/home/codegrade/student/Files/Files.csproj]",
        category="type",
        rank=2,
    ),
    canonical(
        "msbuild-config",
        _CONFIG,
        "MSBUILD : error MSB1009: Project file does not exist.",
        category="config",
        rank=2,
    ),
    canonical(
        "msbuild-dependency",
        _DEPENDENCY,
        r"C:\Program Files\dotnet\sdk\2.1.401\Sdks\Microsoft.NET.Sdk\targets\Microsoft.Package"
        r"DependencyResolution.targets(198,5): error NETSDK1004: Assets file 'C:\projects\nng-"
        r"netcore\nng.NETCore\obj\project.assets.json' not found. Run a NuGet package restore to "
        r"generate this file. [C:\projects\nng-netcore\nng.NETCore\nng.NETCore.csproj]",
        category="dependency",
        rank=2,
    ),
    canonical(
        "msbuild-filesystem",
        _FILESYSTEM,
        r"C:\Program Files\dotnet\sdk\8.0.100\Microsoft.Common.CurrentVersion.targets(4960,5): "
        r'error MSB3027: Could not copy "obj\Debug\net8.0\App.dll" to "bin\Debug\net8.0\App.dll". '
        r"Exceeded retry count of 10. Failed.  [C:\src\App\App.csproj]",
        category="filesystem",
        rank=2,
    ),
    canonical(  # any other code: the compilers' own (CS, BC, FS), MSVC's, analyzers'
        "msbuild",
        None,
        r"C:\dir1\strings.resx(2) : error BC30188: Declaration expected.",
        rank=2,
    ),
    Format(  # no origin at all: "error CS0006: Metadata file 'System.dll' could not be found"
        "msbuild-bare",
        _ANNOTATED + _SEV + r" (?!TS\d)(?P<code>[A-Z]{2,}\d{3,}): (?P<msg>.+?)" + PROJ + r"\s*$",
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
