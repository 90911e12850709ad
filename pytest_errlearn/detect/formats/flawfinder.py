r"""Flawfinder: C and C++ calls known to be risky, with the risk of each.

Under ``FINAL RESULTS:`` each hit is its place, its risk level (0 to 5) in
brackets, the kind of risk and the function, then why and what to do, on
indented lines; the riskiest come first. ``-S`` (``--singleline``) puts the
words on the hit's line, after the function's colon::

    FINAL RESULTS:

    src/cart.c:16:  [4] (buffer) strcpy:
      Does not check for buffer overflows when copying to destination [MS-banned]
      (CWE-120). Consider using snprintf, strcpy_s, or strlcpy (warning: strncpy
      easily misused).
    src/cart.c:26:  [2] (misc) fopen:Check when opening files - can an attacker ...

    ANALYSIS SUMMARY:

    Hits = 2

With ``--error-level`` (or ``--minlevel`` in CI scripts) the hits shown fail
the run; each names a risky call, none of the taxonomy's failures:
``unknown``. The kind of risk (``buffer``, ``format``...) is its code.
"""

from __future__ import annotations

from ...report import Error
from ..reader import Reader
from . import Format

COMMANDS = {"flawfinder": "flawfinder"}
BUILDS: dict[str, frozenset[str] | None] = {"flawfinder": None}

_AT = r":(?P<line>\d+):  \[(?P<level>[0-5])\] \((?P<code>\w+)\) "


class Hit(Reader):
    """The indented lines under a hit, its words wrapped: the message after
    the function's name."""

    frames_wanted = False

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.words = [err.message]

    def accept(self, line: str) -> bool:
        if not line[:1].isspace() or not line.strip():
            return False
        self.words.append(line.strip())
        return True

    def finish(self) -> None:
        self.err.message = " ".join(w for w in self.words if w)


READERS = {"flawfinder": Hit}

ROWS = (
    Format(
        "flawfinder-hit",
        r"^(?P<file>(?:[A-Za-z]:)?[^\s:][^:]*?)" + _AT + r"(?P<msg>[\w.]+:.*)$",
        seek=_AT,
        tool="flawfinder",
        category="unknown",  # a risky call: none of the taxonomy's failures
        block="flawfinder",
        rank=2,
        examples=(
            "src/cart.c:16:  [4] (buffer) strcpy:",
            "src/cart.c:26:  [2] (misc) fopen:Check when opening files - can an attacker "
            "redirect it (via symlinks), force the opening of special file type (e.g., device "
            "files), move things around to create a race condition, control its ancestors, or "
            "change its contents? (CWE-362).",
        ),
    ),
)
