"""patterns.toml: reading it, checking it, and the built-in starter library.

A pattern is an example of an error (``trigger``) and what fixed it (``fix``).
tomllib gives no positions, so every problem is located by scanning the text:
the n-th ``[[pattern]]`` header is the n-th pattern, a key's line is found
between its header and the next. Each problem is one line,
``FILE:LINE: pattern 'ID': problem``, so an editor can jump to it.
"""

from __future__ import annotations

import difflib
import os
import re
import sys
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path
from typing import Any, Literal

from ..config import ConfigError
from ..report import CATEGORIES, Record

VERSION = 1
PATTERN_KEYS = ("id", "trigger", "match", "fix", "category", "tools", "retry", "threshold")
TOP_KEYS = ("version", "include", "pattern")

ID = re.compile(r"[a-z0-9][a-z0-9._-]*")
# ``{name}`` is a placeholder; ``{{`` and ``}}`` are literal braces, as in str.format.
PLACEHOLDER = re.compile(r"\{\{|\}\}|\{([A-Za-z_]\w*)\}")
_HEADER = re.compile(r"^\s*\[\[\s*pattern\s*\]\]\s*(?:#.*)?$")
_ANY_TABLE = re.compile(r"^\s*\[")
_TOML_POSITION = re.compile(r"\s*\(at (?:line (\d+), column (\d+)|end of document)\)$")

Origin = Literal["project", "builtin"]


class PatternError(ConfigError):
    """A patterns file that cannot be used: ``FILE:LINE: pattern 'ID': problem``."""


class Pattern(Record):
    """One known failure and its fix, as written in a patterns file."""

    id: str
    trigger: str
    fix: str
    match: str | None = None
    category: str | None = None
    tools: tuple[str, ...] = ()
    retry: bool = False
    threshold: float | None = None  # overrides the project's similarity threshold
    source: str = ""  # "patterns.toml:12": the line of this pattern's [[pattern]] header
    origin: Origin = "project"


def placeholders(text: str) -> list[str]:
    """The ``{name}`` placeholders of a trigger or fix, in order, without repeats."""
    return list(dict.fromkeys(name for name in PLACEHOLDER.findall(text) if name))


def display(path: Path) -> str:
    """``path`` as a user would type it: relative to the working directory when inside it."""
    try:
        rel = os.path.relpath(path)
    except ValueError:  # another drive on Windows
        return str(path)
    return str(path) if rel.startswith("..") else rel


def _nearest(word: str, known: Iterable[str]) -> str:
    close = difflib.get_close_matches(word, list(known), n=1, cutoff=0.6)
    return f" (did you mean '{close[0]}'?)" if close else ""


class _Layout:
    """Where things are in a patterns file's text: headers and key lines."""

    def __init__(self, text: str) -> None:
        self.lines = text.splitlines()
        self.headers = [i + 1 for i, line in enumerate(self.lines) if _HEADER.match(line)]
        first_table = next(
            (i for i, line in enumerate(self.lines) if _ANY_TABLE.match(line)), len(self.lines)
        )
        self.top_end = first_table + 1

    def block(self, index: int) -> tuple[int, int]:
        """The lines (1-based, end exclusive) of the ``index``-th pattern table."""
        if index >= len(self.headers):
            return 1, len(self.lines) + 1
        start = self.headers[index]
        end = self.headers[index + 1] if index + 1 < len(self.headers) else len(self.lines) + 1
        return start, end

    def key_line(self, key: str, start: int, end: int) -> int | None:
        rx = re.compile(rf"^\s*[\"']?{re.escape(key)}[\"']?\s*=")
        for n in range(start, min(end, len(self.lines) + 1)):
            if rx.match(self.lines[n - 1]):
                return n
        return None

    def pattern_at(self, line: int) -> tuple[int, str | None] | None:
        """The pattern table holding ``line``: its header line and its id, if written."""
        before = [h for h in self.headers if h <= line]
        if not before:
            return None
        start = before[-1]
        _, end = self.block(self.headers.index(start))
        id_rx = re.compile(r"^\s*id\s*=\s*[\"']([^\"']*)[\"']")
        for n in range(start, min(end, len(self.lines) + 1)):
            if m := id_rx.match(self.lines[n - 1]):
                return start, m.group(1)
        return start, None


class _Reader:
    """Reads one file and its includes, collecting every problem it finds."""

    def __init__(self, origin: Origin, label: str | None = None, *, lenient: bool = False) -> None:
        self.origin: Origin = origin
        self.lenient = lenient  # a file that is no valid TOML is read table by table
        self.label = label  # how builtin files are named in sources ("library/python.toml")
        self.patterns: list[Pattern] = []
        self.problems: list[str] = []
        self._ids: dict[str, str] = {}  # id -> where it was first defined
        self._done: set[Path] = set()

    def read(self, path: Path, chain: tuple[Path, ...] = (), where: str | None = None) -> None:
        real = path.resolve()
        name = self.label or display(path)
        if real in chain:
            cycle = " -> ".join(display(p) for p in (*chain, real))
            self.problems.append(f"{where or name}: include cycle: {cycle}")
            return
        if real in self._done:
            return  # included twice (not a cycle): its patterns are already in
        self._done.add(real)
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
            if where is None:
                raise PatternError(f"{name}: cannot read patterns file: {reason}") from None
            self.problems.append(f"{where}: cannot read included file {display(path)}: {reason}")
            return
        import tomllib  # here: a run with only the built-in library (compiled.json) needs none

        layout = _Layout(text)
        try:
            data = tomllib.loads(text)
        except tomllib.TOMLDecodeError as exc:
            if not self.lenient:
                self.problems.append(_syntax_problem(name, layout, str(exc)))
                return
            data = self._by_table(name, layout)
        else:
            self._top(data, name, layout)
            for index, table in enumerate(_tables(data.get("pattern"))):
                self._pattern(table, index, name, layout)
        includes = data.get("include", [])
        if isinstance(includes, str):
            includes = [includes]
        line = layout.key_line("include", 1, layout.top_end) or 1
        if not isinstance(includes, list) or not all(isinstance(i, str) for i in includes):
            self.problems.append(f"{name}:{line}: include must be a list of file paths")
            return
        for item in includes:
            self.read(path.parent / item, (*chain, real), f"{name}:{line}")

    def _by_table(self, name: str, layout: _Layout) -> dict[str, Any]:
        """A file that is no valid TOML, read as its top and each ``[[pattern]]`` table
        apart: a table that does not parse is a problem of its own, and the others
        are read (a typo in one pattern costs that pattern only). The top's keys."""
        import tomllib

        data: dict[str, Any] = {}
        ends = [*layout.headers, len(layout.lines) + 1]
        for index, (start, end) in enumerate(zip([1, *layout.headers], ends, strict=True)):
            chunk = "\n".join(layout.lines[start - 1 : end - 1])
            try:
                part = tomllib.loads(chunk)
            except tomllib.TOMLDecodeError as exc:
                self.problems.append(_syntax_problem(name, layout, str(exc), offset=start - 1))
                continue
            if index == 0:
                data = part
                self._top({**part, "pattern": []}, name, layout)
            else:
                for table in _tables(part.get("pattern")):
                    self._pattern(table, index - 1, name, layout)
        return data

    def _top(self, data: dict[str, Any], name: str, layout: _Layout) -> None:
        for key in data:
            if key not in TOP_KEYS:
                line = layout.key_line(key, 1, len(layout.lines) + 1) or 1
                self.problems.append(f"{name}:{line}: unknown key '{key}'{_nearest(key, TOP_KEYS)}")
        version = data.get("version", VERSION)
        if version != VERSION or isinstance(version, bool):
            line = layout.key_line("version", 1, layout.top_end) or 1
            self.problems.append(
                f"{name}:{line}: unsupported version {version!r} (this errlearn reads version 1)"
            )
        if "pattern" in data and not _is_table_list(data["pattern"]):
            line = layout.key_line("pattern", 1, len(layout.lines) + 1) or 1
            self.problems.append(f"{name}:{line}: 'pattern' must be [[pattern]] tables")

    def _pattern(self, table: dict[str, Any], index: int, name: str, layout: _Layout) -> None:
        start, end = layout.block(index)
        pid = table.get("id")
        label = f"pattern '{pid}'" if isinstance(pid, str) else f"pattern #{index + 1}"
        problems: list[str] = []

        def problem(text: str, key: str | None = None) -> None:
            line = (layout.key_line(key, start, end) if key else None) or start
            problems.append(f"{name}:{line}: {label}: {text}")

        for key in table:
            if key not in PATTERN_KEYS:
                problem(f"unknown key '{key}'{_nearest(key, PATTERN_KEYS)}", key)
        if not isinstance(pid, str):
            problem("missing id" if pid is None else "id must be a string", "id")
        elif not ID.fullmatch(pid):
            problem(
                "id must be lower case letters, digits, '.', '_' or '-' "
                "and start with a letter or digit",
                "id",
            )
        elif pid in self._ids:
            problem(f"duplicate id (first defined at {self._ids[pid]})", "id")
        else:
            self._ids[pid] = f"{name}:{start}"
        trigger, fix = table.get("trigger"), table.get("fix")
        for key, value in (("trigger", trigger), ("fix", fix)):
            if value is None:
                problem(f"missing {key}")
            elif not isinstance(value, str) or not value.strip():
                problem(f"{key} must be a non-empty string", key)
        groups: list[str] = []
        regex = table.get("match")
        if regex is not None:
            if not isinstance(regex, str) or not regex:
                problem("match must be a non-empty regular expression", "match")
            else:
                try:
                    groups = list(re.compile(regex).groupindex)
                except re.error as exc:
                    problem(f"match is not a valid regular expression: {exc}", "match")
                if "\b" in regex:  # TOML's "\b" is a backspace, never what a regex meant
                    problem(
                        'match holds a backspace: in a "..." string \\b is one; write '
                        "the regex as a literal string, match = '...'",
                        "match",
                    )
        category = table.get("category")
        if category is not None and category not in CATEGORIES:
            problem(
                f"unknown category {category!r}{_nearest(str(category), CATEGORIES)}; "
                f"one of: {', '.join(CATEGORIES)}",
                "category",
            )
        tools = table.get("tools", [])
        if not isinstance(tools, list) or not all(isinstance(t, str) and t for t in tools):
            problem("tools must be a list of tool names", "tools")
        retry = table.get("retry", False)
        if not isinstance(retry, bool):
            problem("retry must be true or false", "retry")
        threshold = table.get("threshold")
        if threshold is not None and (
            isinstance(threshold, bool)
            or not isinstance(threshold, int | float)
            or not 0.0 <= threshold <= 1.0
        ):
            problem("threshold must be a number between 0 and 1", "threshold")
        if isinstance(trigger, str) and isinstance(fix, str):
            known = set(placeholders(trigger)) | set(groups)
            for missing in (p for p in placeholders(fix) if p not in known):
                problem(
                    f"fix uses {{{missing}}}, which neither the trigger's placeholders "
                    "nor the match's named groups provide",
                    "fix",
                )
        if problems:
            self.problems.extend(problems)
            return
        self.patterns.append(
            Pattern(
                id=str(pid),
                trigger=str(trigger),
                fix=str(fix),
                match=regex,
                category=category,
                tools=tuple(tools),
                retry=retry,
                threshold=None if threshold is None else float(threshold),
                source=f"{name}:{start}",
                origin=self.origin,
            )
        )


def _is_table_list(value: Any) -> bool:
    return isinstance(value, list) and all(isinstance(t, dict) for t in value)


def _tables(value: Any) -> list[dict[str, Any]]:
    return value if _is_table_list(value) else []


def _syntax_problem(name: str, layout: _Layout, message: str, offset: int = 0) -> str:
    """``FILE:LINE:COL: pattern 'ID': invalid TOML: ...`` from tomllib's message text
    (about a piece of the file that starts after its line ``offset``)."""
    m = _TOML_POSITION.search(message)
    reason = message[: m.start()] if m else message
    if m and m.group(1):
        line, col = int(m.group(1)) + offset, int(m.group(2))
    else:  # "at end of document"
        line, col = max(len(layout.lines), 1), len(layout.lines[-1]) + 1 if layout.lines else 1
    where = f"{name}:{line}:{col}"
    inside = layout.pattern_at(line)
    if inside is not None:
        header, pid = inside
        where += f": pattern '{pid}'" if pid else f": pattern at line {header}"
    return f"{where}: invalid TOML: {reason}"


def read_patterns(path: Path) -> tuple[list[Pattern], list[str]]:
    """The valid patterns of ``path`` and its includes, and every problem found.

    Raises ``PatternError`` only when ``path`` itself cannot be read.
    """
    reader = _Reader("project")
    reader.read(path)
    return reader.patterns, reader.problems


def load_patterns(path: Path) -> list[Pattern]:
    """The patterns of ``path`` (own patterns first, then its includes, in order).

    Raises ``PatternError`` with the first problem when anything is invalid: a
    broken knowledge base is reported, never half used.
    """
    patterns, problems = read_patterns(path)
    if problems:
        more = len(problems) - 1
        tail = f" (and {more} more: run 'errlearn patterns check')" if more else ""
        raise PatternError(problems[0] + tail)
    return patterns


def usable_patterns(path: Path, warn: Callable[[str], None] | None = None) -> list[Pattern]:
    """The patterns of ``path`` (and its includes) that can be used, for a run.

    Each broken pattern (an unknown key, a regex that does not compile, a table
    that is no valid TOML) or included file is told to ``warn`` (by default the
    one set by ``problems_to``, else a warning line on stderr) and skipped: the
    rest of the file, and the built-in library, still give their fixes.
    ``errlearn patterns check`` still fails on the same problems. Raises
    ``PatternError`` only when ``path`` itself cannot be read.
    """
    reader = _Reader("project", lenient=True)
    reader.read(path)
    if reader.problems:
        tell = warn or _SINK.get() or _to_stderr
        for problem in reader.problems:
            tell(f"{problem}; skipped (run 'errlearn patterns check')")
    return reader.patterns


def _to_stderr(message: str) -> None:
    print(f"errlearn: warning: {message}", file=sys.stderr)


_SINK: ContextVar[Callable[[str], None] | None] = ContextVar(
    "errlearn_pattern_problems", default=None
)


@contextmanager
def problems_to(warn: Callable[[str], None]) -> Iterator[None]:
    """Within it, ``usable_patterns`` tells its problems to ``warn`` (the pytest
    plugin shows them among its own warnings, at the end of the session)."""
    token = _SINK.set(warn)
    try:
        yield
    finally:
        _SINK.reset(token)


def check(paths: Iterable[Path]) -> list[str]:
    """Every problem of the given files (and their includes), one line each."""
    problems: list[str] = []
    for path in paths:
        problems.extend(read_patterns(path)[1])
    return problems


def builtin_patterns() -> list[Pattern]:
    """The starter library shipped with errlearn, in its files' order (as stored in
    ``library/compiled.json`` while that file is current)."""
    from .library.compiled import known_patterns

    known = known_patterns()
    return list(known) if known is not None else read_builtin()


def read_builtin() -> list[Pattern]:
    """The starter library, read from its TOML files."""
    from .library import library_files

    reader = _Reader("builtin")
    for path in library_files():
        reader.label = f"library/{path.name}"
        reader.read(path)
    if reader.problems:  # a packaging bug, caught by the tests; say where it is
        raise PatternError(reader.problems[0])
    return reader.patterns
