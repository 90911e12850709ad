r"""Dart and Flutter: ``dart analyze`` / ``flutter analyze``, the front end's
compile errors, ``dart test`` / ``flutter test``, the VM's uncaught exceptions,
pub's version solving, and the flutter tool's own lines.

Gradle's lines under ``flutter build apk`` are java.py's; Xcode's under
``flutter build ios`` are apple_xcode.py's and apple.py's; the flutter tool's
own words of the builds it ran (its summary of Xcode's issues): flutter.py.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ...report import Error
from ..reader import Reader
from . import Format, named_above, regex

ORDER = 35  # before c.py's gcc row, which takes no ``Error:``, and the generic file:line row
COMMANDS = {"dart": "dart", "flutter": "flutter", "pub": "dart"}
BUILDS: dict[str, frozenset[str] | None] = {
    "dart": frozenset({"analyze", "test", "compile", "run", "pub", "format"}),
    "flutter": frozenset({"analyze", "test", "build", "pub", "drive", "run"}),
    "pub": frozenset({"get", "upgrade", "run"}),
}

_DART = r"(?:[A-Za-z]:)?[^\s:][^:]*?\.dart"
_DART_WORD = r"(?:[A-Za-z]:)?[^\s:]+?\.dart"  # between the analyzers' bullets: no spaces
# The front end's diagnostics: ``lib/calc.dart:5:9: Error: Undefined name 'foo'.``
_CFE_AT = r":(?P<line>\d+):(?P<col>\d+): (?P<sev>Error|Warning): "
_CFE_NOTE_AT = r":(?P<line>\d+):(?P<col>\d+): (?:Context|Info): "

# What a device's log puts before each line an app prints: iOS's "flutter: ",
# Android logcat's "I/flutter (12345): " (``flutter run``, ``flutter drive``).
_DEVICE_LOG = r"(?:flutter: |[VDIWE]/flutter ?\(\s*\d+\): )"
_DEVICE_PREFIX = regex("^" + _DEVICE_LOG)
# The test runner's progress line, naming the test under way: "00:03 +1: adds".
_PROGRESS = r"^(?:\d+:\d\d )?\+\d+(?: ~\d+)?(?: -\d+)?: (?!loading )(?P<test>.+?)\s*$"

# Frames of the test runner, the matchers and Flutter itself: no place to fix.
_FRAMEWORK = regex(
    r"^(?:dart:|org-dartlang-sdk:|package:(?:test|test_api|test_core|matcher|stack_trace|"
    r"async|flutter|flutter_test|fake_async|mockito|mocktail|checks|integration_test)/)"
)
# ``test/calc_test.dart 8:5  main.<fn>`` (package:stack_trace's terse frames), and the
# VM's ``#0      main (file:///app/bin/calc.dart:5:3)``.
_TERSE_FRAME = regex(r"^\s*(?P<file>\S+\.dart) (?P<line>\d+)(?::(?P<col>\d+))?\s+\S")
_VM_FRAME = regex(r"^\s*#\d+\s+.*?\((?P<file>\S+?\.dart):(?P<line>\d+)(?::(?P<col>\d+))?\)\s*$")
_CFE_LINE = regex(r"^\s*(?P<file>\S+?\.dart):(?P<line>\d+):(?P<col>\d+): Error: (?P<msg>.+)$")


def dart_frame(lines: Sequence[str]) -> tuple[str, int, int | None] | None:
    """The innermost frame in a Dart stack that is not the runtime's, the test
    runner's or Flutter's (innermost first, as Dart prints them)."""
    for line in lines:
        m = _TERSE_FRAME.match(line) or _VM_FRAME.match(line)
        if m is None:
            continue
        file = m["file"].removeprefix("file://")
        if _FRAMEWORK.match(file):
            continue
        return file, int(m["line"]), int(m["col"]) if m["col"] else None
    return None


class DartTest(Reader):
    """A ``dart test`` / ``flutter test`` failure (``00:01 +2 -1: adds [E]``): the
    indented message, then the frames. A test that could not load says why in a
    compile error; Flutter's "see exception logs above" only points back at the
    exception block (its own error)."""

    frames_wanted = False

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.said: list[str] = []

    def accept(self, line: str) -> bool:
        stripped = line.strip()
        if not stripped:
            return True
        if not line[:1].isspace():
            return False
        if (m := _CFE_LINE.match(line)) and self.err.file is None:
            self.err.file, self.err.line, self.err.column = m["file"], int(m["line"]), int(m["col"])
            self.said = [m["msg"].strip()]
        elif len(self.said) < 3 and not _TERSE_FRAME.match(line) and not _VM_FRAME.match(line):
            self.said.append(stripped)
        if stripped.startswith("Test failed. See exception logs above."):
            self.consequence = True
        return True

    def finish(self) -> None:
        if self.said:
            first = self.said[0]
            if first.startswith("Expected:") and len(self.said) > 1:
                first = f"{first} {self.said[1]}"  # Expected: <3> Actual: <2>
            self.err.message = first
        if self.err.file is None and (where := dart_frame(self.err.block[1:])) is not None:
            self.err.file, self.err.line, self.err.column = where


class FlutterException(Reader):
    """Flutter's ``══╡ EXCEPTION CAUGHT BY ... ╞══`` block, to its closing rule:
    what was thrown, and the innermost frame in the user's code. From a device
    (``flutter run``, ``flutter drive``) each line carries the log's prefix; a
    ``TestFailure`` is a failed expectation."""

    frames_wanted = False
    _THROWN = regex(
        r"^The following (?:assertion was thrown|(?P<what>\S+) (?:object )?was "
        r"thrown)"
    )
    _CAUGHT_AT = regex(r"^\s*(?:file://)?(?P<file>\S+\.dart) line (?P<line>\d+)\s*$")

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.what: str | None = None
        self.message: str | None = None
        self.closed = False

    def accept(self, line: str) -> bool:
        if self.closed:
            return False
        line = _DEVICE_PREFIX.sub("", line, count=1)
        stripped = line.strip()
        if stripped and set(stripped) == {"═"}:
            self.closed = True
            return True
        if (m := self._THROWN.match(stripped)) is not None:
            self.what = m["what"] or "assertion"
        elif stripped and self.what is not None and self.message is None:
            self.message = stripped
        if self.err.line is None and (m := self._CAUGHT_AT.match(line)) is not None:
            self.err.file, self.err.line = m["file"], int(m["line"])
        return True

    def finish(self) -> None:
        if self.message is not None:
            self.err.message = f"{self.what}: {self.message}"
        lines = [_DEVICE_PREFIX.sub("", line, count=1) for line in self.err.block[1:]]
        if (where := dart_frame(lines)) is not None:
            self.err.file, self.err.line, self.err.column = where

    def category(self) -> str | None:
        return "assertion" if self.what == "TestFailure" else None


class DartUncaught(Reader):
    """The VM's ``Unhandled exception:``: the exception on the next line, then frames."""

    frames_wanted = False

    def accept(self, line: str) -> bool:
        stripped = line.strip()
        if stripped.startswith(("#", "<asynchronous suspension>", "(elided")):
            return True
        if self.count == 0 and stripped and self.err.message.endswith("xception:"):
            self.err.message = stripped  # the exception, on the line after the header
            return True
        return _TERSE_FRAME.match(line) is not None

    def finish(self) -> None:
        if (where := dart_frame(self.err.block[1:])) is not None:
            self.err.file, self.err.line, self.err.column = where


def _machine_path(groups: dict[str, str | None], before: Sequence[str]) -> None:
    """``--format=machine`` escapes ``\\`` and ``|`` in the path with a backslash."""
    if (file := groups.get("file")) is not None:
        groups["file"] = re.sub(r"\\(.)", r"\1", file)


READERS = {
    "darttest": DartTest,
    "flutterexception": FlutterException,
    "dartuncaught": DartUncaught,
}

ROWS = (
    # -- the front end (dart compile, dart run, flutter build, a test that will not load)
    Format(
        "dart-compile-error",
        r"^(?P<file>" + _DART + r")" + _CFE_AT + r"(?P<msg>.+)$",
        seek=_CFE_AT,
        tool="dart",
        block="codeframe",
        rank=2,
        examples=("lib/calc.dart:5:9: Error: Undefined name 'foo'.",),
    ),
    Format(
        "dart-compile-context",
        r"^(?P<file>" + _DART + r")" + _CFE_NOTE_AT + r"(?P<msg>.+)$",
        seek=_CFE_NOTE_AT,
        tool="dart",
        role="note",
        examples=(
            "lib/calc.dart:3:7: Context: Found this candidate, but the arguments don't match.",
        ),
    ),
    # -- dart analyze (the place first) and flutter analyze (the message first) ---------
    Format(
        "dart-analyze",
        r"^\s*(?P<sev>error|warning|info|hint) (?:•|-) (?P<file>" + _DART_WORD + r"):(?P<line>\d+):"
        r"(?P<col>\d+) (?:•|-) (?P<msg>.+?)(?: (?:•|-) (?P<code>[a-z][a-z0-9_]*))?$",
        tool="dart",
        rank=2,
        examples=(
            "  error • lib/calc.dart:5:9 • Undefined name 'foo'. Try correcting the name to one "
            "that is defined, or defining the name. • undefined_identifier",
            "warning • lib/calc.dart:2:8 • Unused import: 'dart:io'. • unused_import",
            "   info - lib/main.dart:5:1 - Prefer const with constant constructors. - "
            "prefer_const_constructors",
        ),
    ),
    Format(
        "flutter-analyze",
        r"^\s*(?P<sev>error|warning|info|hint) (?:•|-) (?P<msg>.+?)(?: (?:•|-)| at) (?P<file>"
        + _DART_WORD
        + r"):(?P<line>\d+):(?P<col>\d+)(?: (?:•|-) \(?(?P<code>[a-z][a-z0-9_]*)\)?)?$",
        tool="flutter",
        rank=2,
        examples=(
            "  error • Undefined name 'foo' • lib/calc.dart:5:9 • undefined_identifier",
            "   info • Prefer const with constant constructors • lib/main.dart:70:15 • "
            "prefer_const_constructors",
        ),
    ),
    Format(
        "dart-analyze-lint",
        r"^\s*lint (?:•|-) (?P<msg>.+?)(?: (?:•|-)| at) (?P<file>"
        + _DART_WORD
        + r"):(?P<line>\d+):"
        r"(?P<col>\d+)(?: (?:•|-) \(?(?P<code>[a-z][a-z0-9_]*)\)?)?$",
        tool="flutter",
        role="warning",
        examples=(
            "  lint • Prefer const with constant constructors at lib/pages/about.dart:9:18 • "
            "prefer_const_constructors",
        ),
    ),
    Format(  # dartanalyzer before Dart 2
        "dartanalyzer-old",
        r"^\[(?P<sev>error|warning|hint|info)\] (?P<msg>.+) \((?P<file>"
        + _DART_WORD
        + r"), line (?P<line>\d+), col (?P<col>\d+)\)$",
        tool="dart",
        rank=2,
        examples=("[error] Undefined name 'foo' (/app/lib/calc.dart, line 5, col 9)",),
    ),
    Format(
        "dart-analyze-machine",
        r"^(?P<sev>ERROR|WARNING|INFO)\|\w+\|(?P<code>\w+)\|(?P<file>(?:[^|\\]|\\.)+)\|"
        r"(?P<line>\d+)\|(?P<col>\d+)\|\d+\|(?P<msg>.+)$",
        tool="dart",
        rank=2,
        examples=(
            "ERROR|COMPILE_TIME_ERROR|UNDEFINED_IDENTIFIER|/app/lib/calc.dart|5|9|3|Undefined "
            "name 'foo'.",
        ),
        fixup=_machine_path,
    ),
    # -- dart test / flutter test ---------------------------------------------------------
    Format(
        "dart-test-failure",
        r"^(?:\d+:\d\d )?\+\d+(?: ~\d+)?(?: -\d+)?: (?P<test>.+?) \[E\]$",
        tool="dart-test",
        block="darttest",
        rank=3,
        examples=(
            "00:01 +2 -1: test/calc_test.dart: adds [E]",
            "00:00 +0 -1: loading test/calc_test.dart [E]",
        ),
        words=("[E]",),
    ),
    Format(
        "dart-test-summary",
        r"^(?:\d+:\d\d )?(?:\+\d+(?: ~\d+)?(?: -\d+)?: )?(?P<msg>Some tests failed\.)$",
        tool="dart-test",
        role="consequence",
        rank=0,
        examples=("00:02 +3 -1: Some tests failed.", "Some tests failed."),
    ),
    Format(  # the test under way is the runner's last progress line above it
        "flutter-exception",
        r"^" + _DEVICE_LOG + r"?══╡ EXCEPTION CAUGHT BY (?P<msg>.+?) ╞(?:═)*$",
        tool="flutter",
        block="flutterexception",
        rank=3,
        fixup=named_above(_PROGRESS),
        examples=(
            "══╡ EXCEPTION CAUGHT BY FLUTTER TEST FRAMEWORK ╞════════════════════════════════════",
            "I/flutter (12345): ══╡ EXCEPTION CAUGHT BY WIDGETS LIBRARY ╞═══════════════════════",
            "flutter: ══╡ EXCEPTION CAUGHT BY FLUTTER TEST FRAMEWORK ╞═══════════════════════════",
        ),
        words=("EXCEPTION CAUGHT BY",),
    ),
    # -- the VM ---------------------------------------------------------------------------
    Format(
        "dart-unhandled-exception",
        r"^(?:\[ERROR:flutter/\S+\] )?Unhandled [Ee]xception:(?: (?P<msg>.+))?$",
        tool="dart",
        block="dartuncaught",
        category="runtime",
        rank=3,
        examples=("Unhandled exception:",),
    ),
    # -- pub --------------------------------------------------------------------------------
    Format(  # PubGrub's words, which Poetry's solver says too: the tool is the command's
        "pub-version-solving",
        r"^(?P<msg>(?:So, |And |Thus, )?[Bb]ecause .+ version solving failed\.)$",
        category="dependency",
        rank=2,
        examples=(
            "Because calc depends on foo any which doesn't exist (could not find package foo at "
            "https://pub.dev), version solving failed.",
            "So, because calc depends on flutter_test from sdk, version solving failed.",
        ),
        words=("version solving failed",),
    ),
    Format(  # flutter's word that pub failed, with pub's last line: the error where that
        # line was not read above it
        "pub-failed-reason",
        r"^pub (?:get|upgrade|downgrade) failed \(\d+; (?!no message\))(?P<msg>.+)\)$",
        tool="pub",
        role="count",
        category="dependency",
        rank=2,
        examples=(
            "pub get failed (1; Because calc depends on foo ^1.0.0 which doesn't match any "
            "versions, version solving failed.)",
        ),
        words=("pub get failed", "pub upgrade failed", "pub downgrade failed"),
    ),
    Format(
        "pub-error",
        r"^(?P<msg>Could not find a file named \"pubspec\.yaml\" in .+|"
        r"Error on line (?P<line>\d+), column (?P<col>\d+) of (?P<file>\S+\.yaml): .+|"
        r"pub (?:get|upgrade|downgrade) failed \(server unavailable\).*|"
        r"Package not available \(.+\)\.?|"
        r"Got socket error trying to find package .+)$",
        tool="pub",
        rank=2,
        examples=(
            'Could not find a file named "pubspec.yaml" in "/home/ci/app".',
            "Error on line 5, column 3 of pubspec.yaml: Expected a key while parsing a block "
            "mapping.",
        ),
        words=("pubspec.yaml",),
    ),
)
