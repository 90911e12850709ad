"""errlearn's own output, in a log read again: none of it is an error of the run.

A CI job that ran errlearn leaves its lines in the log: the summary of
``errlearn run`` and ``errlearn scan`` (``errlearn: 2 errors`` and the errors it
listed, their fixes), the hints before a command, and the pytest plugin's
section and each failure's "errlearn: known fix". Read again, each error there
would count twice, and a fix's words could pass for the run's root cause (the
plugin's "known fix (1 test): ... [..., library/python.toml:130]" did, and the
FAILED lines under it folded into it). Each such block is read whole, and
dropped; errlearn's other one-line notes are ignored.
"""

from __future__ import annotations

from ..reader import Reader
from . import Format, regex

TYPE_CHECKING = False  # mypy reads it as True: typing loads where it is used, not here
if TYPE_CHECKING:
    from ...report import Error

ORDER = 4  # before pytest's separator row, which would take the plugin's section header


class Own(Reader):
    """The lines of one of errlearn's blocks: its listed errors (``✖``, ``•``) and
    their indented lines; the hints' bullets; the plugin's section up to pytest's
    next separator; a failure's known fix up to a blank line or the next test."""

    frames_wanted = False
    valid = False  # errlearn's, not the run's
    _LISTED = regex(r"^(?:[✖•] |… and \d+ more|\s{2,}\S)")
    _NEXT_SECTION = regex(r"^(?:={3,}|_{3,}|-{3,}) ")

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.section = err.text.startswith(("=", "-"))

    def accept(self, line: str) -> bool:
        if self.section:
            return bool(line.strip()) and self._NEXT_SECTION.match(line) is None
        return self._LISTED.match(line) is not None


READERS = {"errlearn": Own}

ROWS = (
    Format(
        "errlearn-own-block",
        r"^(?:errlearn: (?:\d+ errors?\b.*|no errors found|`.+` failed like this before:)"
        r"|={3,} errlearn ={3,}|-{3,} errlearn: known fix -{3,})$",
        tool="errlearn",
        block="errlearn",
        rank=0,
        words=("errlearn",),
        examples=(
            "errlearn: 2 errors, 1 with a known fix",
            "errlearn: `npm test` failed like this before:",
            "=================================== errlearn ===================================",
            "----------------------------- errlearn: known fix ------------------------------",
        ),
    ),
    Format(
        "errlearn-own-line",
        r"^errlearn: .+$",
        tool="errlearn",
        role="ignore",
        examples=("errlearn: the command succeeded but printed 3 errors, first a.c:3: x",),
    ),
)
