"""Unity: what the editor in batch mode (``-batchmode -quit``, ``-runTests``,
``-executeMethod``; GameCI's unity-builder and unity-test-runner run it so)
says when the build stops.

The scripts' compiler errors are the C# compiler's lines, ``Assets/Scripts/
Player.cs(12,5): error CS0103: ...`` (``dotnet.py`` reads them). Once they
are printed the editor gives up: ``Aborting batchmode due to failure:`` and,
on that line or the next, the reason (``Scripts have compiler errors.``); a
build started from a script or the Build Settings window says it as
``Error building Player because scripts have compile errors in the editor``,
``Build completed with a result of 'Failed'`` and the exception it throws,
``UnityEditor.BuildPlayerWindow+BuildMethodException: ...``, under which are
the editor's own frames (``at UnityEditor...``, ``UnityEngine.Debug:LogError
(object)``), no file of the project's. Each of these follows from the errors
above it; where the log holds none of them (a paste of its end), it is the
error itself.
"""

from __future__ import annotations

from ...report import Error
from ..reader import Reader
from . import Format, regex

COMMANDS = dict.fromkeys(("unity", "Unity", "unity-editor"), "unity")
# Batch mode's options say what it does (-runTests, -executeMethod): any run builds.
BUILDS: dict[str, frozenset[str] | None] = dict.fromkeys(("unity", "Unity", "unity-editor"), None)

# The editor's frames under its exception and its logged errors: managed ("  at
# UnityEditor.X.Y (...)", "UnityEngine.Debug:LogError (object)"), native ("0x00007ff6... (Unity)").
# The editor's crash as it quits batch mode: baselib's assertion, the signal, its
# frames ("#0  0x... in AudioManager::...", "./Editor/Platform/Linux/X.cpp:Fn"), the shell's
# word, and GameCI's unity-builder's of the editor's exit.
_QUITTING = regex(
    r"^(?:\S+\.h\(\d+\): Assertion failed|Caught fatal signal|Obtained \d+ stack frames|"
    r"#\d+ +0x[0-9a-f]+ in |\./\S+\.cpp:\w+$|Aborted \(core dumped\)$|"
    r"Build failed, with exit code \d+$)"
)
_FRAME = regex(r"^(?:\s+at |[\w.+`]+:[\w`<>]+ ?\(|0x[0-9a-fA-F]+ \()")


class Aborted(Reader):
    """The editor's reason for leaving batch mode, on the line below its own
    when that one ends with the colon (``Scripts have compiler errors.``), and
    the crash of the editor's threads as it quits (Linux editors, 2019-2020:
    an assertion in baselib, ``Caught fatal signal``, the frames, ``Aborted``,
    then GameCI's ``Build failed, with exit code 134``), which only follows from it."""

    frames_wanted = False

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.waiting = err.message.endswith(":")

    def accept(self, line: str) -> bool:
        if not line.strip():
            return self.blanks < 2
        if self.waiting:
            self.waiting = False
            self.err.message = f"{self.err.message} {line.strip()}"
            return True
        return _QUITTING.match(line) is not None


class EditorFrames(Reader):
    """The editor's own frames under a build's exception: no place of the
    project's to point at."""

    frames_wanted = False

    def accept(self, line: str) -> bool:
        return _FRAME.match(line) is not None


READERS = {"unity-aborted": Aborted, "unity-frames": EditorFrames}

ROWS = (
    Format(
        "unity-batchmode-aborted",
        r"^Aborting batchmode due to failure:(?: \S.*)?$",
        tool="unity",
        role="consequence",
        category="build",
        block="unity-aborted",
        rank=2,
        examples=(
            "Aborting batchmode due to failure:",
            "Aborting batchmode due to failure: Scripts have compiler errors.",
        ),
    ),
    Format(
        "unity-build-player-failed",
        r"^(?:UnityEditor\.BuildPlayerWindow\+(?P<msg>BuildMethodException: \S.*)|"
        r"Error building Player because scripts have compile errors in the editor|"
        r"Build completed with a result of 'Failed'.*)$",
        tool="unity",
        role="consequence",
        category="build",
        block="unity-frames",
        rank=2,
        examples=(
            "UnityEditor.BuildPlayerWindow+BuildMethodException: 3 errors",
            "Error building Player because scripts have compile errors in the editor",
            "Build completed with a result of 'Failed' in 2 seconds (1890 ms)",
        ),
    ),
)
