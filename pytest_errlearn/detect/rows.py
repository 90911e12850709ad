"""What a candidate line is: its text as analysed (a CI timestamp dropped), the
first row of the format table that matches it, and the row's groups; or
nothing, when no row does or the line is a false positive (``falsepos``).
Behind a task runner's prefix, what the task printed is read the same way
(``row_behind``).

Worked out once per distinct line: CI logs print their error lines again and
again (two candidates in three of a LogChunks log repeat a line of the same
log), and what a line is depends on its text alone.
"""

from __future__ import annotations

from functools import lru_cache

from . import falsepos
from .formats import TABLE, Format
from .text import TASK_PREFIX, clean_line, unstamped

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


def row_behind(
    text: str, tool: str | None, chunk: bytes, start: int, end: int
) -> tuple[str, Row] | None:
    """The row of a candidate line (``chunk[start:end]``, read as ``text``) behind
    the prefix a task runner put before it (``text.TASK_PREFIX``), and that
    prefix: where the line above or below it starts with the same prefix (a
    task prints more than one line; a prefix-like start on its own is the
    line's own text), and a row matches what follows it. None otherwise."""
    if (m := TASK_PREFIX.match(analysed := unstamped(text))) is None:
        return None
    prefix = m[0]
    above = chunk[chunk.rfind(b"\n", 0, start - 1) + 1 : start] if start else b""
    below = chunk[end : chunk.find(b"\n", end) + 1 or len(chunk)]
    if not any(unstamped(clean_line(raw)).startswith(prefix) for raw in (above, below) if raw):
        return None
    row = row_of(analysed[len(prefix) :], tool)
    return None if row is None else (prefix, row)


def as_read(text: str, prefix: str) -> str:
    """A line read as the header of its block was: without a CI timestamp and,
    where it starts with it, the header's task ``prefix``."""
    text = unstamped(text)
    if prefix and text.startswith(prefix):
        return text[len(prefix) :]
    return "" if prefix and text == prefix.rstrip() else text  # the task's empty line
