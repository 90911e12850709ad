"""Karma: specs run in a browser (Jasmine's or Mocha's, Angular's ``ng test``).

A failed spec is the browser, the suite and the spec, ``FAILED``; what it
expected and its stack follow, indented with a tab::

    HeadlessChrome 0.0.0 (Linux 0.0.0) CartComponent should total FAILED
        Expected 3 to equal 4.
                at <Jasmine>
                at UserContext.<anonymous> (src/app/cart/cart.component.spec.ts:24:27)

The counts after it (``Executed 12 of 12 (1 FAILED)``, ``TOTAL: 1 FAILED, 11
SUCCESS``) only repeat the failures.

Karma's own errors go through its logger: the date and time, the level, the
part of Karma that speaks in brackets (``karma-server``, ``launcher``,
``config``), then the message, a stack under it where an exception was caught::

    15 05 2024 10:02:11.532:ERROR [launcher]: Cannot start ChromeHeadless
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ...report import Error
from ..reader import Reader, line_run
from . import Format

COMMANDS = {"karma": "karma"}
BUILDS: dict[str, frozenset[str] | None] = {"karma": None}
ORDER = 19  # before node.py's rows, which read the spec's lines as a bare stack

# The browsers Karma's launchers start, as it names them with their version and OS
# (headless Chrome as "HeadlessChrome", or "Chrome Headless" where it reads its user agent so).
_BROWSER = (
    r"(?P<browser>(?:Headless ?)?(?:Chrome|Chromium|Firefox|PhantomJS|Safari|Mobile Safari|"
    r"Electron|IE|Edge|Opera|jsdom|JSDOM)(?: Headless)? [\w.]+(?: \([^)]*\))?)"
)


class KarmaSpec(Reader):
    """The lines under a failed spec, each after a tab: the first says what it
    expected (the message), the ``at`` lines under it are its stack. Once the
    message is read, the rest are taken as a run."""

    _RUN = line_run(rb"\t[ \t]*[^\s\x00-\x1f\x7f]")  # as INDENTED_RUN, after a tab

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.said = False

    def accept(self, line: str) -> bool:
        if not line.startswith("\t") or not line.strip():
            return False
        if not self.said and not line.strip().startswith("at "):
            self.err.message, self.said = line.strip(), True
        return True

    def run(self) -> re.Pattern[bytes] | None:
        return self._RUN if self.said else None


READERS = {"karma": KarmaSpec}


def _severity(groups: dict[str, str | None], before: Sequence[str]) -> None:
    """The level, where the line has no date before it."""
    groups["sev"] = groups.get("sev") or groups.get("sev2")


# Karma's log lines: log4js's date (``DD MM YYYY HH:MM:SS.mmm:``), where Karma prints one.
_LOGGED = r"\d\d \d\d \d{4} \d\d:\d\d:\d\d\.\d{3}:"
# The parts of Karma that log under a name of their own, where no date is printed before them.
_LOGGERS = r"karma(?:-server)?|launcher(?::\w+)?|config|web-server|preprocess(?:or)?|watcher"

ROWS = (
    Format(
        "karma-failed",
        r"^" + _BROWSER + r" (?P<test>.+?) FAILED$",
        tool="karma",
        block="karma",
        rank=3,
        examples=(
            "HeadlessChrome 0.0.0 (Linux 0.0.0) CartComponent should total FAILED",
            "PhantomJS 2.1.1 (Linux 0.0.0) Cart adds an item FAILED",
            "Chrome 70.0.3538 (Mac OS X 10.14.1) Cart totals FAILED",
            "Chrome Headless 120.0.6099.109 (Linux x86_64) Cart totals FAILED",
        ),
    ),
    Format(  # Karma's own error (or warning), as its logger prints it
        "karma-log",
        rf"^(?:{_LOGGED}(?P<sev>ERROR|WARN) \[[\w.:-]+\]"
        rf"|(?P<sev2>ERROR|WARN) \[(?:{_LOGGERS})\]): (?P<msg>\S.*)$",
        tool="karma",
        block="stack",
        fixup=_severity,
        rank=2,
        examples=(
            "15 05 2024 10:02:11.532:ERROR [launcher]: Cannot start ChromeHeadless",
            "15 05 2024 10:02:12.020:WARN [web-server]: 404: /assets/logo.png",
            "ERROR [karma-server]: UnhandledRejection: Cannot convert undefined or null to object",
        ),
    ),
    Format(  # the counts: the failed specs were each said above
        "karma-executed",
        r"^" + _BROWSER + r":? Executed \d+ of \d+ .*?\(\d+ FAILED\).*$"
        r"|^TOTAL: \d+ FAILED, \d+ SUCCESS$",
        tool="karma",
        role="consequence",
        rank=0,
        examples=(
            "HeadlessChrome 0.0.0 (Linux 0.0.0): Executed 12 of 12 (1 FAILED) (0.456 secs / 0.389"
            " secs)",
            "TOTAL: 1 FAILED, 11 SUCCESS",
        ),
    ),
)
