"""Expo's CLI (``npx expo start``, ``expo export``, ``expo run:android``) and its
older ``expo-cli``: the words it adds around the Metro bundler it runs.

A bundle that failed is one line, its platform, the time and the entry file
(``Android Bundling failed 2028ms index.js (1 module)``), then the reason on
the next line: Metro's own error (``Unable to resolve "./Calc" from
"src/App.tsx"``, reactnative.py's row, and its code frame) or Babel's. The
header says only that the bundle failed: the error is the reason under it, at
the header's line. The old CLI says that the Metro it started died
(``Metro Bundler process exited with code 1``, with Node's stack): the
reason is the bundler's last words above it (``error Invalid regular
expression ...``), so the line is a consequence. EAS Build's summaries
(``Gradle build failed with unknown error``) stand on their own: the remote
build's log holds the reason.
"""

from __future__ import annotations

from ...report import Error
from ..reader import read_by_a_row
from . import Format
from .metro import MetroFrame

ORDER = 8  # with metro.py's rows (before them, by name)

COMMANDS = {"expo": "expo", "expo-cli": "expo"}


class BundlingFailed(MetroFrame):
    """The reason under Expo's ``<Platform> Bundling failed`` line: its first
    line, read as the row that reads it would (Metro's unresolved import, a
    Babel syntax error), else its own words; then Metro's code frame. Its
    category is that row's (Metro's own, as its frame reader says), else
    what its words say."""

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.reason: Format | None = None  # the row that read the reason

    def accept(self, line: str) -> bool:
        if self.count == 0:
            if not line.strip():
                return False
            row = read_by_a_row(self.err, line, lambda fmt: False)
            if row is None:
                self.err.message = line.strip()
            self.reason = row
            return True
        return super().accept(line)

    def category(self) -> str | None:
        if self.reason is None:
            return self.said_else("build")
        return super().category() if self.reason.block == "metroframe" else self.reason.category


READERS = {"bundlingfailed": BundlingFailed}

ROWS = (
    Format(  # a bundle that failed: the reason is the next line
        "expo-bundling-failed",
        r"^(?:(?:Android|iOS|Web|Server) )?(?P<msg>Bundling failed) \d+ms\b.*$",
        tool="expo",
        block="bundlingfailed",
        rank=2,
        examples=("Android Bundling failed 812ms index.js (1 module)",),
    ),
    Format(  # the old CLI's word that the bundler it started died: its error is above
        "expo-bundler-exited",
        r"^(?:\[\d\d:\d\d:\d\d\] )?(?:Error: )?(?P<msg>Metro Bundler process exited with code "
        r"\d+)$",
        tool="expo",
        role="consequence",
        rank=0,
        examples=("Metro Bundler process exited with code 1",),
    ),
)
