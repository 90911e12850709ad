"""What a candidate line is: its text as analysed (a CI timestamp dropped), the
first row of the format table that matches it, and the row's groups; or
nothing, when no row does or the line is a false positive (``falsepos``).

Worked out once per distinct line: CI logs print their error lines again and
again (two candidates in three of a LogChunks log repeat a line of the same
log), and what a line is depends on its text alone.
"""

from __future__ import annotations

from functools import lru_cache

from . import falsepos
from .formats import TABLE, Format
from .text import unstamped

MAX_ROWS = 2048  # distinct lines remembered
ROW_TEXT = 1000  # characters of the longest line remembered


Row = tuple[str, Format, dict[str, str | None]]


def row_of(text: str, tool: str | None = None) -> Row | None:
    """A candidate line's text as analysed, its row and the row's groups, in the
    output of ``tool``'s command; None when the line is no error."""
    return (_remembered_row if len(text) <= ROW_TEXT else _work_out_row)(text, tool)


def _work_out_row(text: str, tool: str | None) -> Row | None:
    analysed = unstamped(text)
    hit = TABLE.match(analysed, tool)
    if hit is None or falsepos.is_false_positive(analysed, generic=hit.fmt.rank <= 1):
        return None
    return analysed, hit.fmt, hit.groups


_remembered_row = lru_cache(maxsize=MAX_ROWS)(_work_out_row)
