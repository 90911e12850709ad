"""The .NET runtime and the ``dotnet`` host: an unhandled exception and its
frames, an SDK or a framework that is not installed. The frames' reader here
serves ``dotnet test``'s runners too (dotnet_tests.py): .NET's frames are
``at M() in F:line N``, which ``frames`` does not know. (Builds: dotnet.py.)
"""

from __future__ import annotations

from collections.abc import Sequence

from ...report import Error
from ..frames import is_user_path
from ..reader import Reader
from . import Format, regex

# -- .NET stack traces ----------------------------------------------------------------

# A frame: "at M() in F:line N" (the runtime's; MTP leaves "line" out), or
# xUnit's own "F(N,0): at M()". Frames without a file are a library's.
FRAME = regex(
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
        if (m := FRAME.match(line)) is None:
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


def unstamp(line: str) -> str:
    return _STAMP.sub("", line, count=1) if line[:1].isdigit() else line


def indentation(text: str) -> int:
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


class NetException(NetBlock):
    """An exception's line and its indented frames, inner exceptions
    (`` ---> ``) and the ``--- End of ...`` lines between them; a missing
    file's exception names it on a line of its own (``File name: 'x'``)."""

    def accept(self, line: str) -> bool:
        text = unstamp(line)
        if not (text[:1].isspace() and text.strip()) and not text.startswith("File name: "):
            return False
        self.frames.append(text)
        return True


ORDER = 15  # with dotnet.py's: before node's rows
READERS = {"net-exception": NetException}

ROWS = (
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
)
