r"""The table of tool formats, and the one matcher that runs all of it.

Each family module (``python``, ``node``, ...) contributes rows; a row is a
regex over one cleaned line plus what the line means, anchored at the line's
start. A candidate line costs one pass of an RE2 set that names the rows
that may match it, then those rows alone (without re2: one alternation of
all rows); never a search per row. The earlier row wins, so tool-specific
rows come before the generic ones; a row that needs to skip a prefix says
so itself (``^\s*``, ``^.*?``).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any, Literal, NamedTuple

Role = Literal["error", "warning", "consequence", "note", "ignore", "section"]

# A ``sev`` group whose text is one of these turns the row's hit into a warning
# (or a note, attached to the error before it). The letters are the linters'
# classes: W warning, C convention, R refactor, I info (E and F are errors).
WARNING_WORDS = frozenset(
    {"warning", "warn", "info", "information", "hint", "style", "remark", "w", "c", "r", "i"}
)
NOTE_WORDS = frozenset({"note"})


class Format(NamedTuple):
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
    # fills fields from the lines before the header (``lookback``)
    fixup: Callable[[dict[str, str | None], Sequence[str]], None] | None = None
    # For a row whose line may start with any text (a path, a program's name):
    # a part of its regex, as written, that every line of the row holds. Stage 1
    # finds the row's lines by it anywhere on a line (``prefilter``), where
    # running the row from each line's start would keep its automaton awake
    # along every line. A test checks that the row cannot match without it.
    seek: str | None = None


class Hit(NamedTuple):
    """A row that matched a line, with its named groups."""

    fmt: Format
    groups: dict[str, str | None]


_GROUP = re.compile(r"\(\?P<(\w+)>")
_BACKREF = re.compile(r"\(\?P=(\w+)\)")


class Table:
    """All rows, and ``match(line)``: the first row (in order) that matches the line.

    With google-re2, a set of the rows' recognisers says in one pass over the
    line which rows may match, and only those rows' own regexes run (each
    compiled when first needed). Without it, all rows run as one alternation.
    Either way the earliest row that matches wins.
    """

    def __init__(self, rows: Sequence[Format]) -> None:
        self.rows = tuple(rows)
        self._regexes: list[re.Pattern[str] | None] = [None] * len(self.rows)
        self._alternation: re.Pattern[str] | None = None
        self._names: list[list[tuple[str, str]]] = []
        self._set = _recogniser_set(self.rows)

    def match(self, line: str) -> Hit | None:
        if self._set is not None:
            try:
                maybe = self._set.Match(line)
            except UnicodeEncodeError:  # a lone surrogate: no UTF-8 for RE2
                return self._match_all(line)
            for i in sorted(maybe or ()):
                if (m := self._regex(i).match(line)) is not None:
                    groups = m.groupdict()
                    if groups.get("msg") is None:  # no message group, or it took nothing
                        groups["msg"] = m.group(0)
                    return Hit(self.rows[i], groups)
            return None
        return self._match_all(line)

    def _regex(self, i: int) -> re.Pattern[str]:
        regex = self._regexes[i]
        if regex is None:
            regex = self._regexes[i] = re.compile(self.rows[i].pattern)
        return regex

    def _match_all(self, line: str) -> Hit | None:
        """The rows as one alternation (compiled on first use)."""
        if self._alternation is None:
            parts = []
            for i, row in enumerate(self.rows):
                self._names.append([(f"g{i}_{n}", n) for n in _GROUP.findall(row.pattern)])
                body = _GROUP.sub(rf"(?P<g{i}_\1>", row.pattern)  # group names unique per row
                body = _BACKREF.sub(rf"(?P=g{i}_\1)", body)
                parts.append(f"(?P<r{i}>{body})")
            self._alternation = re.compile("|".join(parts))
        m = self._alternation.match(line)
        if m is None or m.lastgroup is None:
            return None
        i = int(m.lastgroup[1:])
        groups = {name: m.group(key) for key, name in self._names[i]}
        if groups.get("msg") is None:
            groups["msg"] = m.group(m.lastgroup)
        return Hit(self.rows[i], groups)


def _recogniser_set(rows: Sequence[Format]) -> Any:
    """An RE2 set of the rows' recognisers, anchored at the line's start; None without re2."""
    from ..re2set import re2_set
    from ..recogniser import set_recogniser

    return re2_set((set_recogniser(row.pattern) for row in rows), anchored=True)


def _load() -> Table:
    from . import c, generic, go, java, node, python, rust, shell

    rows: list[Format] = []
    # Tool families first; shell and generic rows last, as the fallbacks.
    for family in (python, node, rust, go, java, c, shell, generic):
        rows.extend(family.ROWS)
    return Table(rows)


TABLE = _load()
