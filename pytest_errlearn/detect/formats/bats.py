"""Bats (bats-core): its TAP output (read by node's ``tap-not-ok`` row and the
shared ``Tap`` reader), its pretty formatter (``-p``, the default at a
terminal), its summary and its warnings."""

from __future__ import annotations

import re
from collections.abc import Sequence

from ...report import Error
from ..frames import is_user_path
from ..reader import Reader
from . import Format, regex

# A failed test in the pretty formatter: ``✗ name`` (``×`` without Unicode),
# after the ``   name  N/M`` progress text the terminal overwrote.
_PRETTY_FAILED = regex(r"(?:^|\d/\d+ ?)\s*[✗×] (?P<test>.+?)\s*$")
# Where a failure happened: bats lists the stack innermost first.
_PLACE = regex(r"\bin (?:test )?file (?P<file>.+?), line (?P<line>\d+)\b")
# bats' own code and the helper libraries installed beside it.
_HARNESS = regex(r"/(?:bats-core|bats-support|bats-assert|bats-file|libexec/bats)\b|/lib/bats/")
# What ends a failed test's lines: the next test's mark, the summary, a file's name.
_NEXT = regex(r"\d/\d+ ?\s*[✓✗×-] |^\s*[✓✗×] |^\s*- .*\(skipped\b|^\s*\d+ tests?, \d+ failures?")


def _test_name(groups: dict[str, str | None], before: Sequence[str]) -> None:
    """The pretty formatter names the test on the line above its place."""
    if before and (m := _PRETTY_FAILED.search(before[-1])):
        groups["test"] = m["test"]


class BatsPretty(Reader):
    """A failed test in bats' pretty formatter, from the ``(in test file F, line N)``
    under its ``✗ name``: the rest of its stack, the command that failed and the
    test's output, all indented. The error is at the innermost place in the
    project's own files; its message, the command and what it printed."""

    frames_wanted = False

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.places = [(m["file"], int(m["line"])) for m in _PLACE.finditer(self.err.text)]
        self.said: list[str] = []

    def accept(self, line: str) -> bool:
        stripped = line.strip()
        if not stripped:
            return not self.blanks
        if not line[:1].isspace() or _NEXT.search(line):
            return False
        places = [(m["file"], int(m["line"])) for m in _PLACE.finditer(line)]
        if places:
            self.places += places
        elif not re.fullmatch(r"[-+=| ]*", stripped):
            self.said.append(stripped)
        return True

    def finish(self) -> None:
        err = self.err
        where = next(
            (p for p in self.places if is_user_path(p[0]) and not _HARNESS.search(p[0])), None
        )
        if where is not None:
            err.file, err.line = where
        if self.said:
            err.message = "; ".join(self.said[:6])


class BatsWarning(Reader):
    """A bats warning (``BW01: ...``): the place it names on the indented lines under it."""

    frames_wanted = False

    def accept(self, line: str) -> bool:
        if not line[:1].isspace() or not line.strip():
            return False
        if self.err.file is None or _HARNESS.search(self.err.file):
            for m in _PLACE.finditer(line):
                self.err.file, self.err.line = m["file"], int(m["line"])
        return True

    def finish(self) -> None:
        pass


ORDER = 50  # where its rows stand in the table (``formats.families``)
COMMANDS = {"bats": "bats"}
BUILDS: dict[str, frozenset[str] | None] = {"bats": None}
READERS = {"batspretty": BatsPretty, "batswarning": BatsWarning}

ROWS = (
    Format(  # the pretty formatter: the line under the test's ``✗ name``
        "bats-pretty-failure",
        r"^\s+\((?:from function `[^']*' )?in (?:test )?file (?P<file>.+?), "
        r"line (?P<line>\d+)[,)]$",
        tool="bats",
        category="assertion",
        block="batspretty",
        rank=3,
        fixup=_test_name,
        examples=(
            "   (in test file test/calc.bats, line 9)",
            "   (from function `helper' in file test/more.bats, line 7,",
            "   (from function `setup' in test file test/cmd.bats, line 2)",
        ),
    ),
    Format(
        "bats-warning-heading",
        r"^The following warnings were encountered during tests:$",
        tool="bats",
        role="ignore",
        examples=("The following warnings were encountered during tests:",),
    ),
    Format(
        "bats-warning",
        r"^(?P<code>BW\d\d): (?P<msg>.+)$",
        tool="bats",
        role="warning",
        block="batswarning",
        examples=(
            "BW01: `run`'s command `frobnicate` exited with code 127, indicating 'Command not "
            "found'. Use run's return code checks, e.g. `run -127`, to fix this message.",
        ),
    ),
)
