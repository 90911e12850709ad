"""Stage 1: compiled automata that find the lines worth a closer look.

The automata are the format table itself: every row's regex, its groups and
look-arounds dropped and its tail cut where only the line's end may follow
(``recogniser``). They run over raw bytes, megabytes at a time, so
Python-level work is proportional to the lines that look like an error in
some tool's format, not to the size of the log.

With google-re2 (the ``fast`` extra) there are two, because RE2 runs fastest
where an automaton starts at a literal byte: it jumps to the next with memchr
instead of stepping through every byte.

- ``lines``: the rows from a newline on, after an optional CI timestamp. It
  runs over a copy of the output whose ``\\r`` are newlines too (``segments``),
  so a row may start the segment of a line that a terminal shows after
  writing over the rest.
- ``seeks``: a row whose line may start with any text (a path, a program's
  name) says what each of its lines holds further on (``Format.seek``). A line
  where one is found is then checked from its start against those rows.

Both together are quicker than one automaton from every line start.
Without re2, stage 1 looks for the words and shapes
every row needs (``WORDS``): more lines reach stage 2, the same errors come
out, slower.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from functools import cache
from typing import Any

from .recogniser import line_recogniser, recogniser
from .text import CI_STAMPS, TASK_PREFIXES, speedups

# What may stand before a row's text on a raw line: the part of a line a
# terminal overwrote (``\r``), the timestamps CI systems put first, and the
# prefix of a task runner (``text.TASK_PREFIXES``).
_SEGMENTS = rb"(?:[^\r\n]*\r)*?"
_STAMP = b"(?:%s)?(?:%s)?" % (  # within the line, a stamp then a task's prefix
    CI_STAMPS.replace(r"\s+", r"[ \t]+").encode(),
    TASK_PREFIXES.encode(),
)
_SEV = re.compile(r"\(\?P<sev>((?:[\w ]+\|)*[\w ]+)\)")
_NOTHING = r"[^\s\S]"  # a class no character is in


def errors_only(pattern: str, warning_words: frozenset[str]) -> str:
    """A row's regex with its warning words dropped from the ``sev`` group.

    Once a log has shown hundreds of warnings, stage 1 switches to these so
    that a build with thousands of them costs no Python time per warning. A
    group left with no word matches nothing (an empty class: stage 1 drops
    look-arounds, so ``(?!)`` would match everything), and the row still
    finds what it reads without one: flake8's ``(?:(?P<sev>W)|[A-Z])`` its
    E and F codes, a row with an optional ``(?:(?P<sev>Warning): )?`` its
    errors.
    """

    def keep(m: re.Match[str]) -> str:
        words = [w for w in m[1].split("|") if w.lower() not in warning_words]
        return f"(?P<sev>{'|'.join(words) or _NOTHING})"

    return _SEV.sub(keep, pattern)


Row = tuple[str, str | None]  # a row's regex, and its seek


def automaton_pattern(patterns: Iterable[str]) -> bytes:
    """The rows as one automaton from every line's start (or a segment's), as bytes:
    the lines stage 1 stops at. It runs so only on the lines a seek found
    (``check``), and where the re2 binding lacks the call the two automata need.
    """
    body = _alternation(recogniser(p) for p in patterns)
    return rb"(?m)^" + _SEGMENTS + _STAMP + b"(?:" + body + b")"


def lines_pattern(patterns: Iterable[str]) -> bytes:
    """The rows from a newline on, for a copy of the output whose ``\\r`` are newlines."""
    body = _alternation(line_recogniser(p) for p in patterns)
    return rb"(?m)\n" + _STAMP + b"(?:" + body + b")"


def seeks_pattern(seeks: Iterable[str]) -> bytes:
    """What the rows that say so hold further on their lines, found anywhere (a
    ``$`` in one is a line's end: the automaton runs over a whole buffer)."""
    return b"(?m)" + _alternation(recogniser(seek) for seek in seeks)


def _alternation(parts: Iterable[str]) -> bytes:
    body = "|".join(f"(?:{part})" for part in parts)
    return body.encode("utf-8") if body else rb"[^\x00-\xff]"  # none: no byte matches


Find = Callable[[bytes, int], int]

# Without re2, ``re`` would try all the rows at every line start, far too
# slow for a big log. The fallback looks instead for a word or a shape that
# every row's lines have, in one search. It stops at more lines than the
# automaton (stage 2 decides), never at fewer: the tests check it on every
# row's examples, and that every corpus file gives the same report either way.
WORDS = (
    rb"(?i:error|fail|warn|exception|traceback|panic|fatal|abort|denied|not found|no such"
    rb"|cannot|undefined|refused|killed|segmentation|bus error|illegal instruction"
    rb"|floating point|exited with|exit status|exit code|problems? \(|<<<|what went wrong"
    rb"|found errors|not ok|err!|err_|no tests ran|uncaught|unhandled|code style|critical"
    rb"|non-zero code|conflict|build stopped|have not been written|multiple definition"
    rb"|unrecognized)"
    rb"|\xe2\x97\x8f|\xe2\x9c[\x95\x96\x98]|\xc3\x97|\xe2\x9d\xaf|\xe2\x86\x92"  # ● ✕✖✘ × ❯ →
    rb"|\*\*\*|[:(]\d+[:,)]"  # make's "***"; file:line, file(line,col)
    rb"|(?m:^\s*\d+\) |^_{3}|^(?:_ ){3}|^={3}|^!{3}|^E {3}|^---- |^\s*--- |^\*|^[ew]: "
    rb"|^Found \d|^(?:\w+ )?\S+ > |^[A-Z]{1,5}\d{3,4} |^ +\d+:\d+ +[A-Z]{1,5}\d{3,4} )"
    # ... a linter's rule code first, or after a line and column
)


@cache
def words() -> re.Pattern[bytes]:
    """``WORDS`` and the words rows name of their own (``Format.words``), compiled:
    only without re2 (with it, a cost to every start for nothing)."""
    from .formats import FAMILIES

    own = sorted({w for family in FAMILIES for row in family.ROWS for w in row.words})
    extra = b"".join(b"|" + re.escape(w.encode("utf-8")) for w in own)
    return re.compile(WORDS + (b"|(?i:" + extra[1:] + b")" if extra else b""))


def compile_automaton(rows: Sequence[Row]) -> tuple[Find, str]:
    """``find(buffer, pos)`` over raw bytes, and the engine's name (without
    re2, a search for ``WORDS``)."""
    try:
        import re2  # type: ignore[import-not-found,unused-ignore]
    except ImportError:
        return via_search(words()), "re"
    sought = [(pattern, seek) for pattern, seek in rows if seek is not None]
    automata = (
        _compile(re2, lines_pattern(p for p, seek in rows if seek is None), one_line=False),
        _compile(re2, seeks_pattern(seek for _, seek in sought), one_line=True),
        _compile(re2, automaton_pattern(p for p, _ in sought), one_line=True),
    )
    anchor = getattr(re2, "_Anchor", None)
    if anchor is None or any(getattr(a, "_regexp", None) is None for a in automata):
        # A binding without RE2's own match call: one automaton, through its search.
        whole = _compile(re2, automaton_pattern(p for p, _ in rows), one_line=True)
        return via_search(whole), "re2"
    lines, seeks, check = (a._regexp.Match for a in automata)
    return _two_automata(anchor, lines, seeks, check), "re2"


def _compile(re2: Any, pattern: bytes, *, one_line: bool) -> Any:
    options = re2.Options()
    options.encoding = re2.Options.Encoding.LATIN1  # every byte a char: bad UTF-8 still scans
    options.max_mem = 64 << 20
    options.never_nl = one_line  # a match never runs on into the next line
    return re2.compile(pattern, options)


def via_search(regex: Any) -> Find:
    """``find`` through a compiled regex's ``search``."""

    def find(buffer: bytes, pos: int) -> int:
        m = regex.search(buffer, pos)
        return -1 if m is None else int(m.start())

    return find


Match = Callable[[Any, bytes, int, int], Any]


def _two_automata(anchor: Any, lines: Match, seeks: Match, check: Match) -> Find:
    """``find`` through the ``lines`` and ``seeks`` automata (``check``: the rows
    with a seek, from a line's start), each called straight through RE2's own
    match call: the binding's ``search`` wraps every hit in a generator and a
    Python match object, more than a quarter of stage 1's time on a CI log.

    Each remembers where it last searched from and what it found, so the
    next call within the same buffer costs nothing until the scanner passes
    that hit: neither reads a byte twice.
    """
    unanchored, at_start = anchor.UNANCHORED, anchor.ANCHOR_START

    def sought(buffer: bytes, pos: int, end: int) -> int:
        """The start of the first line in ``buffer[pos:end]`` where a seek is
        found and a row with one matches from the line's start; -1 if none."""
        while pos < end and (hit := seeks(unanchored, buffer, pos, end)[0][0]) >= 0:
            start = buffer.rfind(b"\n", pos, hit) + 1 or pos
            stop = buffer.find(b"\n", hit, end)
            stop = end if stop < 0 else stop
            if check(at_start, buffer, start, stop)[0][0] >= 0:
                return start
            pos = stop + 1
        return -1

    # The buffer last searched, its copy with every \r a newline, and for each
    # automaton where its search began and the hit it found (-1: none).
    last: tuple[bytes | None, bytes, int, int, int, int] = (None, b"", 0, -1, 0, -1)

    def find(buffer: bytes, pos: int) -> int:
        nonlocal last
        size = len(buffer)
        if pos == 0:  # no newline before the first line to start ``lines`` at
            end = buffer.find(b"\n")
            end = size if end < 0 else end
            first = b"\n" + segments(buffer[:end])
            if lines(unanchored, first, 0, len(first))[0][0] >= 0 or sought(buffer, 0, end) >= 0:
                return 0
            pos = end + 1
        if pos >= size:  # nothing after: a line checked on its own leaves the buffer remembered be
            return -1
        was, copy, lines_from, line_hit, seeks_from, seek_hit = last
        if was is not buffer:
            copy, lines_from, seeks_from = segments(buffer), size + 1, size + 1
        if not lines_from <= pos - 1 <= (line_hit if line_hit >= 0 else size):
            lines_from, line_hit = pos - 1, lines(unanchored, copy, pos - 1, size)[0][0]
        if not seeks_from <= pos <= (seek_hit if seek_hit >= 0 else size):
            seeks_from, seek_hit = pos, sought(buffer, pos, size)
        last = (buffer, copy, lines_from, line_hit, seeks_from, seek_hit)
        hit = line_hit + 1 if line_hit >= 0 else -1  # the line after the newline found
        return seek_hit if seek_hit >= 0 and (hit < 0 or seek_hit < hit) else hit

    return find


def _segments(buffer: bytes) -> bytes:
    return buffer.replace(b"\r", b"\n")


segments: Callable[[bytes], bytes] = _segments if speedups is None else speedups.segments
"""``buffer`` with the ``\\r`` that start its lines' segments as newlines, for ``lines``.

The scanner reads a line as a terminal shows it: its last segment with a
character to see (``text.visible``). So the C loop makes newlines of the
``\\r`` from the one before that segment on, and leaves those before it:
a progress line of a thousand ``\\r`` is then a line or two to the automaton,
not a thousand, and the lines it finds are the same. Without C every ``\\r``
is a newline: more segments read, the same lines found."""


def _table_rows(*, warnings: bool = True, tool: str | None = None) -> list[Row]:
    """The rows stage 1 looks for: all but those read in their own tool's output
    only, unless ``tool`` is theirs (``Format.own_output``)."""
    from .formats import NOTE_WORDS, TABLE, WARNING_WORDS

    rows = [row for row in TABLE.rows if not row.own_output or tool in row.own_output]
    if warnings:
        return [(row.pattern, row.seek) for row in rows]
    quiet = WARNING_WORDS | NOTE_WORDS
    return [
        (errors_only(row.pattern, quiet), row.seek and errors_only(row.seek, quiet))
        for row in rows
        if row.role != "warning"
    ]


def _engine() -> str:
    """The engine stage 1 runs on: ``re2`` with the ``fast`` extra, else ``re``."""
    try:
        import re2  # type: ignore[import-not-found,unused-ignore]  # noqa: F401
    except ImportError:
        return "re"
    return "re2"


ENGINE = _engine()


def _compiled_on_first_use(rows: Callable[[], Sequence[Row]]) -> Find:
    """``find`` over ``rows()``, its automata compiled on its first call.

    Compiling them costs a whole table's worth of RE2 work (tens of
    milliseconds). A process that never runs stage 1 itself skips it: a
    scanner whose worker reads ahead (``ahead``; the worker, forked, compiles
    them meanwhile), and an output with nothing in it.
    """
    compiled: Find | None = None

    def find(buffer: bytes, pos: int) -> int:
        nonlocal compiled
        if compiled is None:
            compiled = compile_automaton(rows())[0]
        return compiled(buffer, pos)

    return find


find = _compiled_on_first_use(_table_rows)
"""``find(buffer, pos)``: a place on the first line from ``pos`` (a line's start) on
that some row may match; -1 when there is none."""


@cache
def find_for(tool: str | None) -> Find:
    """``find`` for the output of ``tool``'s command: with the rows read only there
    (compiled on first use); ``find`` itself for a tool that has none."""
    from .formats import TABLE

    if not any(tool in row.own_output for row in TABLE.rows):
        return find
    return _compiled_on_first_use(lambda: _table_rows(tool=tool))


def line_starts(buffer: bytes, find: Find = find) -> list[int]:
    """The starts of the lines of ``buffer`` (whole lines) where ``find`` stops, in
    order: each line once, as a pass of ``find`` from each such line's end finds them."""
    starts: list[int] = []
    pos, size = 0, len(buffer)
    while pos < size and (hit := find(buffer, pos)) >= 0:
        starts.append(buffer.rfind(b"\n", pos, hit) + 1 or pos)
        end = buffer.find(b"\n", hit)
        pos = size if end < 0 else end + 1
    return starts


@cache
def find_errors(tool: str | None = None) -> Find:
    """The same automata blind to warning lines, for once enough warnings were read
    (compiled on first use: most logs never need it); with ``tool``'s own rows."""
    return compile_automaton(_table_rows(warnings=False, tool=tool))[0]
