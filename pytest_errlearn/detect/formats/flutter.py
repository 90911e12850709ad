"""The flutter tool's own words of the builds it runs: its summary of Xcode's
issues under ``flutter build ios`` / ``flutter run`` (``Swift Compiler Error
(Xcode): ...``, the place on the next line), and its last words that a build
failed (Gradle's task, Xcode's build, flutter assemble's target).

Dart's own tools under it (the front end, the analyzer, the tests, pub) are
dart.py's; Gradle's lines java.py's; xcodebuild's apple_xcode.py's.
"""

from __future__ import annotations

from ...report import Error
from ..reader import Reader
from . import Format, regex

ORDER = 35  # with dart.py's (after them, by name): before c.py's gcc row and the generic rows


class XcodeIssue(Reader):
    """An issue of Xcode's build as ``flutter build ios`` / ``flutter run`` says it:
    ``Swift Compiler Error (Xcode): <message>``, then its place on the next line.
    The tool wraps both at the terminal's width: the message's words go on, then
    the place's path, cut anywhere, to its ``:line:col``. A place with no line
    (a module's path) is the end of the message."""

    frames_wanted = False
    _PATH = regex(r"^(?:/|[A-Za-z]:[\\/]|\.{1,2}/|~/)")
    _PLACE = regex(r"^(?P<file>.+?):(?P<line>\d+)(?::(?P<col>\d+))?$")
    _ELSE = regex(r"\(Xcode\): |^(?:Could not build|Error launching|Encountered error|Failed to)")

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.words: list[str] = []
        self.path: list[str] = []

    def accept(self, line: str) -> bool:
        stripped = line.strip()
        if not stripped or self.count >= 6 or self._ELSE.search(stripped):
            return False
        if self.path or self._PATH.match(stripped):
            self.path.append(stripped)
        else:
            self.words.append(stripped)
        return True

    def finish(self) -> None:
        said = " ".join([self.err.message, *self.words])
        place = "".join(self.path)
        if place and self.err.line is None and (m := self._PLACE.match(place)) is not None:
            self.err.file, self.err.line = m["file"], int(m["line"])
            self.err.column = int(m["col"]) if m["col"] else None
        elif place:
            said = f"{said} {place}"
        self.err.message = said


READERS = {"xcodeissue": XcodeIssue}

ROWS = (
    Format(  # Xcode's word that a build command failed: its issues are the errors
        "flutter-xcode-consequence",
        r"^Uncategorized \(Xcode\): (?P<msg>Command \w+ failed with a nonzero exit code)$",
        tool="flutter",
        role="consequence",
        rank=0,
        examples=("Uncategorized (Xcode): Command SwiftCompile failed with a nonzero exit code",),
        words=("(Xcode): ",),
    ),
    Format(  # an issue of Xcode's build, named by its kind ("Swift Compiler Error",
        # "Semantic Issue", "Lexical or Preprocessor Issue"); its place is under it
        "flutter-xcode-error",
        r"^(?:(?P<sev>Warning)|[A-Z][A-Za-z]*(?: [A-Za-z]+){0,4}) \(Xcode\): (?:(?P<file>[^\s:]+):"
        r"(?P<line>\d+):(?:(?P<col>\d+):)? )?(?P<msg>.+)$",
        tool="flutter",
        block="xcodeissue",
        rank=2,
        examples=(
            "Error (Xcode): Undefined symbol: _OBJC_CLASS_$_FIRApp",
            "Swift Compiler Error (Xcode): Cannot find 'Calc' in scope",
            "Lexical or Preprocessor Issue (Xcode): 'Flutter/Flutter.h' file not found",
        ),
        words=("(Xcode): ",),
    ),
    Format(  # flutter assemble's word that a target failed: the compiler's errors are above
        "flutter-target-failed",
        r"^(?P<msg>Target \w+ failed: (?:Exception|Error).*)$",
        tool="flutter",
        role="consequence",
        rank=0,
        examples=("Target kernel_snapshot failed: Exception",),
    ),
    Format(  # the tool's word that a build it ran failed: the reason is above
        "flutter-consequence",
        r"^(?P<msg>Could not build the (?:precompiled )?application for the (?:device|simulator)\.|"
        r"Error launching application on .+\.|Failed to build iOS app|"
        r"(?:Error|Exception): Gradle task \w+ failed with exit code \d+|"
        r"Gradle task \w+ failed with exit code \d+|"
        r"Encountered error while (?:building|archiving) for \w+\.|"
        r"Error output from Xcode build:|Build process failed\.?|Failed to update packages\.|"
        r"pub (?:get|upgrade) failed \(\d+(?:; no message)?\)|Failed to compile application\.?)$",
        tool="flutter",
        role="consequence",
        category="build",
        rank=0,
        examples=(
            "Error: Gradle task assembleRelease failed with exit code 1",
            "Could not build the precompiled application for the device.",
        ),
        words=("Could not build",),
    ),
)
