"""Unreal Engine: the AutomationTool (``RunUAT BuildCookRun``, ``BuildPlugin``),
UnrealBuildTool and the editor's log, as a package run or CI prints them.

The C++ compiler's lines are MSVC's or clang's (``c.py``, ``dotnet.py`` read
them: ``Player.cpp(12): error C2065: ...``), UnrealHeaderTool's the same
shape (``Player.h(9): error : Unrecognized type ...``). The editor's
packaging window runs the AutomationTool and puts its task before every line
it prints: ``UATHelper: Packaging (Windows): Player.cpp(12): error C2065:
...``, ``UATHelper: Packaging (Windows): ERROR: Cook failed.`` (UE4 adds
``UnrealBuildTool: `` before the compiler's lines); the task's name is in the
editor's language. The engine's log says its errors as ``LogInit: Error:
...`` (a category, then the verbosity), from a timestamp
(``[2024.01.02-10.11.12:345][  0]``) in a log file. The AutomationTool's own
failure is an exception under the name of the function that logs it,
``Program.Main: AutomationException: UnrealBuildTool failed. See log for
more details. (...)``, ``Log.WriteException: CommandletException: Editor
terminated with exit code 1 while running Cook for ...``, then its frames,
in the tool's own sources.
"""

from __future__ import annotations

from ..reader import Reader
from . import Format, regex

ORDER = 14  # before dotnet_runtime.py's exception row (15): "Log.WriteException" is no exception
COMMANDS = {
    **dict.fromkeys(("RunUAT", "runuat", "AutomationTool", "automationtool"), "uat"),
    **dict.fromkeys(("UnrealBuildTool", "unrealbuildtool"), "unrealbuildtool"),
    **dict.fromkeys(
        ("UnrealEditor-Cmd", "unrealeditor-cmd", "UE4Editor-Cmd", "ue4editor-cmd"), "unreal"
    ),
}
# Each runs one command given in its arguments (BuildCookRun, a target): any run builds.
BUILDS: dict[str, frozenset[str] | None] = dict.fromkeys(COMMANDS, None)

# The editor's packaging window's prefix: "UATHelper: Packaging (Windows (64-bit)):   ".
_UAT = r"UATHelper: [^:]+?: +"
# The AutomationTool's frames, under the name of the function that logs them.
_UAT_FRAME = regex(r"^(?:[\w.]+: +)?\s+at ")


class Wrapped(Reader):
    """A line the packaging window wraps: the compiler's error, the
    AutomationTool's ``ERROR:``. A failure of the build, unless its words say more."""

    frames_wanted = False

    def accept(self, line: str) -> bool:
        return False

    def category(self) -> str | None:
        return self.said_else("build")


class AutomationFailure(Reader):
    """The AutomationTool's exception and its frames (its own sources, no
    place of the project's). A step of the build failed (the tool it ran, a
    cook): its exception's name and words (an editor "terminated") are no
    crash of the project's."""

    frames_wanted = False

    def accept(self, line: str) -> bool:
        return _UAT_FRAME.match(line) is not None


READERS = {"unreal-wrapped": Wrapped, "unreal-uat": AutomationFailure}

ROWS = (
    Format(
        "unreal-uat-wrapped",
        rf"^{_UAT}(?:UnrealBuildTool: )?(?:Log\w+: )?"
        r"(?:(?P<file>(?:[A-Za-z]:)?[^:()]+?)\((?P<line>\d+)(?:,(?P<col>\d+))?\) ?: )?"
        r"(?P<sev>[Ee]rror|ERROR|warning|note)(?: (?P<code>C\d{4}))? ?: (?P<msg>\S.*)$",
        tool="unreal",
        block="unreal-wrapped",
        rank=2,
        examples=(
            "UATHelper: Packaging (Windows): ERROR: Cook failed.",
            "UATHelper: Packaging (Windows): C:\\Game\\Source\\Game\\Player.cpp(12): error C2065: "
            "'Speed': undeclared identifier",
            "UATHelper: Packaging (Windows (64-bit)):   UnrealBuildTool: C:\\Game\\Source\\Game"
            "\\Player.h(9) : Error: Unrecognized type 'FSpeed' - type must be a UCLASS, USTRUCT or"
            " UENUM",
            "UATHelper: Packaging (Windows): LogCook: Error: Package /Game/Maps/Level failed",
        ),
    ),
    Format(  # the engine's log: a category, its verbosity; from a timestamp in a log file
        "unreal-log",
        r"^(?:\[[\d.:-]+\]\[ *\d+\])?Log\w+: (?P<sev>Error|Warning): (?P<msg>\S.*)$",
        tool="unreal",
        rank=2,
        examples=(
            "LogInit: Error: Failed to load module 'Game'",
            "[2024.01.02-10.11.12:345][  0]LogLinker: Warning: Unable to load Default__Player_C",
        ),
    ),
    Format(
        "unreal-uat-exception",
        r"^(?:Log\.WriteException|Program\.Main|AutomationTool\.Main): +(?:ERROR: )?"
        r"(?P<msg>(?:AutomationTool terminated with exception: )?[\w.+]*Exception: \S.*)$",
        tool="uat",
        category="build",
        block="unreal-uat",
        rank=2,
        examples=(
            "Program.Main: AutomationException: UnrealBuildTool failed. See log for more details."
            " (C:\\Users\\dev\\AppData\\Roaming\\Unreal Engine\\AutomationTool\\Logs\\UBT.txt)",
            "Log.WriteException: CommandletException: Editor terminated with exit code 1 while"
            " running Cook for C:\\Game\\Game.uproject",
        ),
    ),
)
