r"""The table of tool formats, and the one matcher that runs all of it.

Each family module (``python``, ``node``, ...) is one file that says all
errlearn knows of its tools: ``ROWS``, its format rows; ``COMMANDS``, the
executables that run them and the tool name their errors carry; and, where
its blocks read like no other family's, ``READERS``, the block readers its
rows name. A new family is a new file here: the table finds it. A row is a
regex over one cleaned line plus what the line means, anchored at the line's
start. A candidate line costs one pass of an RE2 set that names the rows
that may match it, then those rows alone (without re2: one alternation of
all rows); never a search per row. The earlier row wins, so tool-specific
rows come before the generic ones; a row that needs to skip a prefix says
so itself (``^\s*``, ``^.*?``).
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Mapping, Sequence
from functools import cache, cached_property
from importlib import import_module
from types import ModuleType
from typing import Any, Literal, NamedTuple, cast

from ..reader import Reader

TYPE_CHECKING = False  # mypy reads it as True: typing loads where it is used, not here

# "passed": a step of the run ended well (a CI runner's "exited with 0"): the
# errors read in it did not fail the run. "place": a folder a tool works in from
# here on (its ``file`` group), which the files it prints are relative to (``locate``).
# "strict": a tool says it failed of the warnings it printed (sphinx-build -W,
# eslint --max-warnings): they are errors, and the line is their consequence.
# "count": a tool's count of the problems it listed above: a consequence of
# them, and where none of them was read, the error itself (nothing above it is
# taken for its reason, as a consequence's would be). "ended": a CI job's last
# line, after the steps that run on failure: it follows from the errors read
# (none: the output's last lines say why), and it is no step's failure line
# (what those steps print stays after the step that failed).
Role = Literal[
    "error",
    "warning",
    "consequence",
    "note",
    "ignore",
    "section",
    "passed",
    "place",
    "strict",
    "count",
    "ended",
]

# A ``sev`` group whose text is one of these turns the row's hit into a warning
# (or a note, attached to the error before it). The letters are the linters'
# classes: W warning, C convention, R refactor, I info (E and F are errors).
WARNING_WORDS = frozenset(
    {
        "warning",
        "warn",
        "info",
        "information",
        "hint",
        "suggestion",
        "style",
        "remark",
        "w",
        "c",
        "r",
        "i",
    }
)
NOTE_WORDS = frozenset({"note"})


# A row's ``fixup``: fills the groups of its line's match from the lines above it.
# It returns True where what it looks for may stand further above than the
# lines it was given (a table's heading above more rows than ``LOOKBACK``):
# the scanner then fills the groups as this row's fixup filled them last, when
# that row's line is among those lines (no heading between the two, or the
# fixup would have found it).
Fixup = Callable[[dict[str, str | None], Sequence[str]], bool | None]


class Format(NamedTuple):
    """One row of the table: a line shape of one tool, and what it means.

    Named groups the engine reads: ``file``, ``line``, ``col``, ``code``,
    ``msg`` (the message; the whole match when absent), ``sev`` (error /
    warning / note word), ``test`` (a test id), ``tool`` (the tool whose line
    another wraps: a CI runner's annotation names it; else the row's ``tool``).
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
    fixup: Fixup | None = None
    # For a row whose line may start with any text (a path, a program's name):
    # a part of its regex, as written, that every line of the row holds. Stage 1
    # finds the row's lines by it anywhere on a line (``prefilter``), where
    # running the row from each line's start would keep its automaton awake
    # along every line. A test checks that the row cannot match without it.
    seek: str | None = None
    # Without re2, stage 1 finds lines by words every row's lines hold
    # (``prefilter.WORDS``). A row whose lines hold none of those names here
    # one (or more) of its own, matched without regard to case; a test checks
    # that every example is found so.
    words: tuple[str, ...] = ()
    # Other tools that print this row's lines as their own, without the
    # severities of the row's tool (ruff's concise output is flake8's shape,
    # and every line of it fails the check): where the command runs one of
    # them, a line is that tool's error.
    shared: tuple[str, ...] = ()
    # The tools in whose output alone stage 1 stops at this row's lines (the
    # command runs one): a shape so common that looking for it in every log
    # would cost every log (a Perl die's "X at F line N.", with no ":" for the
    # seeks' automaton to jump to; ``prefilter.find_for``). Empty: every log.
    own_output: tuple[str, ...] = ()


class _Lazy:
    """A regex compiled when first used (``regex``)."""

    __slots__ = ("_args", "_compiled")

    def __init__(self, pattern: str, flags: int) -> None:
        self._args = (pattern, flags)
        self._compiled: re.Pattern[str] | None = None

    def __getattr__(self, name: str) -> Any:
        if self._compiled is None:
            self._compiled = re.compile(*self._args)
        return getattr(self._compiled, name)


def regex(pattern: str, flags: int = 0) -> re.Pattern[str]:
    """``re.compile``, put off until the regex is first used.

    A family's helpers (its readers' and fixups' regexes) are compiled only
    when a log needs them: the families are imported for their command names
    alone too (the hint, the agent hooks), which should not pay for the
    regexes of every tool's readers.
    """
    return cast("re.Pattern[str]", _Lazy(pattern, flags))


def said_in(words: Sequence[tuple[str, re.Pattern[str]]], message: str) -> str | None:
    """The category of the first of a tool's ``(category, words)`` whose words the
    message holds: the tool's own wordings, where the classifier's general rules
    would not tell (``Reader.category``); None when none does."""
    return next((category for category, said in words if said.search(message)), None)


class Said(Reader):
    """A one-line error's reader: no lines of its own, the error's category as the
    tool's own words in its message say it (``SAYS``, read by ``said_in``), else
    the classifier's. A family subclasses it with its wordings."""

    frames_wanted = False
    SAYS: Sequence[tuple[str, re.Pattern[str]]] = ()

    def accept(self, line: str) -> bool:
        return False

    def category(self) -> str | None:
        return said_in(self.SAYS, self.err.message)


def named_above(pattern: str) -> Fixup:
    """A fixup taking the named groups of the nearest line above that ``pattern``
    matches from its start: what a tool says once above the lines that report
    under it (the file a linter lists its problems under, the test a runner
    says it runs)."""
    above = regex(pattern)

    def fixup(groups: dict[str, str | None], before: Sequence[str]) -> bool:
        for line in reversed(before):
            if (m := above.match(line)) is not None:
                groups.update(m.groupdict())
                return False
        return True  # further above, it may be

    return fixup


class Hit(NamedTuple):
    """A row that matched a line, with its named groups."""

    fmt: Format
    groups: dict[str, str | None]


_GROUP = re.compile(r"\(\?P<(\w+)>")
_BACKREF = re.compile(r"\(\?P=(\w+)\)")


class Table:
    """All rows, and ``match(line, tool)``: the first row (in order) that matches
    the line, of those that read the output of the command's ``tool`` (a row
    with ``own_output`` reads its tools' output only: elsewhere it is no row,
    and the rows after it are tried).

    With google-re2, a set of the rows' recognisers says in one pass over the
    line which rows may match, and only those rows' own regexes run (each
    compiled when first needed). Without it, the rows run as one alternation.
    Either way the earliest row that matches wins.
    """

    def __init__(self, rows: Sequence[Format]) -> None:
        self.rows = tuple(rows)
        self._regexes: list[re.Pattern[str] | None] = [None] * len(self.rows)
        self._alternations: dict[str | None, re.Pattern[str]] = {}
        self._own_tools = frozenset(tool for row in self.rows for tool in row.own_output)

    @cached_property
    def _names(self) -> list[list[tuple[str, str]]]:
        """Each row's groups as the alternation names them, and as the row does."""
        return [
            [(f"g{i}_{n}", n) for n in _GROUP.findall(row.pattern)]
            for i, row in enumerate(self.rows)
        ]

    @cached_property
    def _set(self) -> Any:
        """The rows' RE2 set, compiled on the first line matched: a process that
        only runs stage 1 (``ahead``) never needs it."""
        return _recogniser_set(self.rows)

    def prepare(self) -> None:
        """Compile the rows' set now, not on the first line matched: for a scanner
        that would otherwise wait idle for its worker's first chunk (``ahead``)."""
        _ = self._set

    def match(self, line: str, tool: str | None = None) -> Hit | None:
        if self._set is not None:
            try:
                maybe = self._set.Match(line)
            except UnicodeEncodeError:  # a lone surrogate: no UTF-8 for RE2
                return self._match_all(line, tool)
            for i in sorted(maybe or ()):
                own = self.rows[i].own_output
                if own and tool not in own:
                    continue
                if (m := self._regex(i).match(line)) is not None:
                    groups = m.groupdict()
                    if groups.get("msg") is None:  # no message group, or it took nothing
                        groups["msg"] = m.group(0)
                    return Hit(self.rows[i], groups)
            return None
        return self._match_all(line, tool)

    def _regex(self, i: int) -> re.Pattern[str]:
        regex = self._regexes[i]
        if regex is None:
            regex = self._regexes[i] = re.compile(self.rows[i].pattern)
        return regex

    def _match_all(self, line: str, tool: str | None) -> Hit | None:
        """The rows that read ``tool``'s output as one alternation (compiled on
        first use; one for the rows every output has, one per tool with rows
        of its own)."""
        which = tool if tool in self._own_tools else None
        if (alternation := self._alternations.get(which)) is None:
            parts = []
            for i, row in enumerate(self.rows):
                if row.own_output and which not in row.own_output:
                    continue
                body = _GROUP.sub(rf"(?P<g{i}_\1>", row.pattern)  # group names unique per row
                body = _BACKREF.sub(rf"(?P=g{i}_\1)", body)
                parts.append(f"(?P<r{i}>{body})")
            alternation = self._alternations[which] = re.compile("|".join(parts))
        m = alternation.match(line)
        if m is None or m.lastgroup is None:
            return None
        i = int(m.lastgroup[1:])
        groups = {name: m.group(key) for key, name in self._names[i]}
        if groups.get("msg") is None:
            groups["msg"] = m.group(m.lastgroup)
        return Hit(self.rows[i], groups)


def _recogniser_set(rows: Sequence[Format]) -> Any:
    """An RE2 set of the rows' recognisers, anchored at the line's start, the rows
    that start alike in a set of their own (``re2set.Sets``); None without re2."""
    from ..re2set import re2_set
    from ..recogniser import set_recogniser, start

    return re2_set((set_recogniser(row.pattern) for row in rows), anchored=True, apart=start)


def families() -> list[ModuleType]:
    """The family modules, in the order their rows are tried.

    Every module of this package is one; those that say ``FALLBACK = True``
    (the shell's and the generic rows) come last, since the earlier row wins.
    Among the others the order is their ``ORDER`` (default 50), then their
    name: rows of two families rarely fit the same line, and where they do the
    family written for that tool says so with a lower ``ORDER``.
    """
    # The folder listed, not ``pkgutil.iter_modules``: that imports ``inspect``,
    # a third of the cost of this package's import.
    names = {n.removesuffix(".py") for n in os.listdir(__path__[0]) if n.endswith(".py")}
    modules = [import_module(f"{__name__}.{n}") for n in names if not n.startswith("_")]
    return sorted(
        modules,
        key=lambda m: (getattr(m, "FALLBACK", False), getattr(m, "ORDER", 50), m.__name__),
    )


def _merged(attribute: str) -> dict[str, Any]:
    """The families' ``attribute`` dicts as one; a key two families claim is a bug."""
    merged: dict[str, Any] = {}
    for family in FAMILIES:
        mapping: Mapping[str, Any] = getattr(family, attribute, {})
        for key, value in mapping.items():
            if key in merged and merged[key] != value:
                raise ValueError(f"{family.__name__}.{attribute}: {key!r} is claimed twice")
            merged[key] = value
    return merged


FAMILIES = families()
COMMANDS: dict[str, str] = _merged("COMMANDS")
"""Executable name -> the tool name errors from it carry (``npx`` -> ``npm``)."""
BUILDS: dict[str, frozenset[str] | None] = _merged("BUILDS")
"""Executable -> the subcommands that build or test (``go``: test, build...; a subcommand of
two words, ``compose up``, only so; empty: none does), None for any use (``pytest``)."""
READERS: dict[str, Any] = _merged("READERS")
"""The block readers the families bring of their own, by the name rows give."""
FOLDER_OPTIONS: dict[str, tuple[str, ...]] = _merged("FOLDER_OPTIONS")
"""Executable -> its options that name the folder it works in (``make -C``, ``npm --prefix``)."""
MANIFEST_OPTIONS: dict[str, tuple[str, ...]] = _merged("MANIFEST_OPTIONS")
"""Executable -> its options that name a manifest (``cargo --manifest-path``, ``mvn -f``),
whose folder is the one it works in."""


@cache
def _table() -> Table:
    return Table([row for family in FAMILIES for row in family.ROWS])


def __getattr__(name: str) -> Any:
    # ``TABLE`` is built on first use (its RE2 set takes a while): the command
    # names and the rows themselves cost only the families' imports.
    if name == "TABLE":
        return _table()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


if TYPE_CHECKING:
    TABLE: Table
