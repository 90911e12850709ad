r"""The table of tool formats, and the one matcher that runs all of it.

Each family module (``python``, ``node``, ...) contributes rows; a row is a
regex over one cleaned line plus what the line means. The rows are compiled
into a single alternation anchored at the line's start, so a candidate line
costs one regex match, not one per row (an unanchored search of seventy
alternatives costs milliseconds a line). The earlier row wins, so
tool-specific rows come before the generic ones; a row that needs to skip a
prefix says so itself (``^\s*``, ``^.*?``).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Literal

Role = Literal["error", "warning", "consequence", "note", "ignore", "section"]

# A ``sev`` group whose text is one of these turns the row's hit into a warning
# (or a note, attached to the error before it). The letters are the linters'
# classes: W warning, C convention, R refactor, I info (E and F are errors).
WARNING_WORDS = frozenset(
    {"warning", "warn", "info", "information", "hint", "style", "remark", "w", "c", "r", "i"}
)
NOTE_WORDS = frozenset({"note"})


@dataclass(frozen=True, slots=True)
class Format:
    """One row of the table: a line shape of one tool, and what it means.

    Named groups the engine reads: ``file``, ``line``, ``col``, ``code``,
    ``msg`` (the message; the whole match when absent), ``sev`` (error /
    warning / note word), ``test`` (a test id).
    """

    name: str
    pattern: str
    tool: str | None = None
    role: Role = "error"
    category: str | None = None
    block: str | None = None  # the continuation kind in ``blocks.py``
    rank: int = 2  # 3 a stack or test failure, 2 a tool's own error line, 1 generic, 0 weak
    examples: tuple[str, ...] = ()  # lines this row must match (tested)
    fixup: Callable[[dict[str, str | None], Sequence[str]], None] | None = field(
        default=None, compare=False
    )  # fills fields from the lines before the header (``lookback``)


@dataclass(slots=True)
class Hit:
    """A row that matched a line, with its named groups."""

    fmt: Format
    groups: dict[str, str | None]


_GROUP = re.compile(r"\(\?P<(\w+)>")
_BACKREF = re.compile(r"\(\?P=(\w+)\)")


class Table:
    """All rows compiled into one alternation; ``match(line)`` finds the row."""

    def __init__(self, rows: Sequence[Format]) -> None:
        self.rows = tuple(rows)
        parts = []
        self._names: list[list[tuple[str, str]]] = []
        for i, row in enumerate(self.rows):
            names = [(f"g{i}_{n}", n) for n in _GROUP.findall(row.pattern)]
            self._names.append(names)
            body = _GROUP.sub(rf"(?P<g{i}_\1>", row.pattern)  # group names unique per row
            body = _BACKREF.sub(rf"(?P=g{i}_\1)", body)
            parts.append(f"(?P<r{i}>{body})")
        self._regex = re.compile("|".join(parts))

    def match(self, line: str) -> Hit | None:
        m = self._regex.match(line)
        if m is None or m.lastgroup is None:
            return None
        i = int(m.lastgroup[1:])
        groups = {name: m.group(key) for key, name in self._names[i]}
        if groups.get("msg") is None:
            groups["msg"] = m.group(m.lastgroup)
        return Hit(self.rows[i], groups)


def _load() -> Table:
    from . import c, generic, go, java, node, python, rust, shell

    rows: list[Format] = []
    # Tool families first; shell and generic rows last, as the fallbacks.
    for family in (python, node, rust, go, java, c, shell, generic):
        rows.extend(family.ROWS)
    return Table(rows)


TABLE = _load()
