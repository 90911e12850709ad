"""HLint, Haskell's linter: each hint at its place with how much it matters,
then what it found and what it would write instead::

    src/Main.hs:5:10-14: Warning: Use fmap
    Found:
      liftM
    Perhaps:
      fmap

A span over lines is written ``src/Main.hs:(5,3)-(7,20):``. HLint fails when
it gives a hint: its errors are errors, its warnings and suggestions warnings,
which a failed run makes its errors.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..reader import Reader
from . import Format, regex
from .haskell import HS

ORDER = 14  # before haskell.py's ghc row, which takes GHC 7's "Warning:" of the same shape
COMMANDS = {"hlint": "hlint"}
BUILDS: dict[str, frozenset[str] | None] = {"hlint": None}

_SEV = r": (?P<sev>Error|Warning|Suggestion): "


class Hint(Reader):
    """What a hint found and would write (``Found:``, ``Perhaps:``, ``Note:``,
    the code indented under them). A line of that shape with none under it is
    GHC 7's warning, no hint."""

    frames_wanted = False
    valid = False  # until its "Found:"
    _PART = regex(r"^(?:Found|Perhaps|Why not|Note):")

    def accept(self, line: str) -> bool:
        if self._PART.match(line):
            self.valid = True
            return True
        return self.valid and line[:1].isspace() and bool(line.strip())

    def category(self) -> str | None:
        return self.said_else("unknown")  # the hint's own words: the code under it is no error


READERS = {"hlint": Hint}


def _span_start(groups: dict[str, str | None], before: Sequence[str]) -> None:
    """A span over lines is at its first line."""
    groups["line"] = groups["line"] or groups["from"]


ROWS = (
    Format(
        "hlint",
        rf"^(?P<file>{HS}):(?:(?P<line>\d+):(?P<col>\d+)(?:-\d+)?|\((?P<from>\d+),\d+\)-\(\d+,\d+\))"
        + _SEV
        + r"(?P<msg>\S.*)$",
        seek=_SEV,
        tool="hlint",
        block="hlint",
        fixup=_span_start,
        rank=2,
        examples=(
            "src/Main.hs:5:10-14: Warning: Use fmap",
            "Main.hs:6:3-15: Suggestion: Use let",
            "src/Lib.hs:(12,1)-(14,20): Error: Redundant do",
        ),
    ),
)
