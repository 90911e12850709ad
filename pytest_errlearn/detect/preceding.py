"""The output just above a failure line that nothing before explains.

``make: *** [check] Error 1`` with no error above it: the lines just above
it (a linter's report, a failed check's own words) are the reason. This
finds that run of lines, up to the blank line, the echoed command or the
passing test above it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from .text import clean_line

# CI bookkeeping lines, passed over like blank ones (Travis's folds and timers).
_JUNK = re.compile(r"^(?:nl)?(?:travis_(?:time|fold):\S*)?\s*$|^(?:\[\w+\] )?[-=_*#~]{8,}\s*$")
# Lines that echo the command being run, not its output.
_ECHO = re.compile(r"^(?:> \S+@\S* \S|\$ |\+ |>\s*$|npm (?:ERR!|error)|Done\. |The command )")
_PASSING = re.compile(r"\b(?:PASSED|SKIPPED|passed|skipped)\s*$")  # a status that is no failure
TELLING = re.compile(
    r"(?i)error|fail|exception|invalid|cannot|can't|not found|missing|expected|denied|refused"
    r"|abort|✖|✗|×"
)


class Cleaned(Sequence[str]):
    """Raw lines as text, each cleaned when first read: ``output_run`` reads
    from the foot up and most often stops a line or two above (an echoed
    ``npm ERR!``), where cleaning all fifteen cost a third of its time."""

    __slots__ = ("raws", "_texts")

    def __init__(self, raws: list[bytes]) -> None:
        self.raws = raws
        self._texts: dict[int, str] = {}

    def __len__(self) -> int:
        return len(self.raws)

    def __getitem__(self, i: int) -> str:  # type: ignore[override]  # no slices: not needed
        text = self._texts.get(i)
        if text is None:
            text = self._texts[i] = clean_line(self.raws[i])
        return text


def output_run(lines: Sequence[str]) -> list[int] | None:
    """The indices of the run of output lines that ends ``lines`` (blank and
    CI bookkeeping lines at its foot skipped), oldest first; None when none."""
    run: list[int] = []
    for i in range(len(lines) - 1, -1, -1):
        text = lines[i]
        if not text.strip() or _JUNK.match(text):
            if run:
                break
            continue
        if _ECHO.match(text) or _PASSING.search(text):
            break
        run.append(i)
    return run[::-1] or None
