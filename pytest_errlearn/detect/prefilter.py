"""Stage 1: one compiled automaton that finds the lines worth a closer look.

The automaton is the format table itself: every row's regex, its groups and
look-arounds dropped and its tail cut where only the line's end may follow,
in one alternation anchored at line starts (after an optional CI timestamp or
``\\r`` progress prefix). It runs over raw bytes, megabytes at a time, so
Python-level work is proportional to the lines that look like an error in
some tool's format, not to the size of the log.

google-re2 (the ``fast`` extra) runs it in linear time, near grep's speed.
Without it, stage 1 looks for the words and shapes every row needs
(``WORDS``): more lines reach stage 2, the same errors come out, slower.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from functools import cache
from typing import Any

from .recogniser import recogniser

# What may stand before a row's text on a raw line: the part of a line a
# terminal overwrote (``\r``), and the timestamps CI systems put first.
_LINE_START = (
    rb"(?m)^(?:[^\r\n]*\r)*?"
    rb"(?:\d{4}-\d\d-\d\d[T ]\d\d:\d\d:\d\d(?:[.,]\d+)?Z?[ \t]+"
    rb"|\[\d\d:\d\d:\d\d(?:[.,]\d+)?\][ \t]+"
    rb"|\[[\w.-]+\][ \t]+\d{4}-\d\d-\d\d[T ][\d:.,]+Z?[ \t]+)?"
)
_SEV = re.compile(r"\(\?P<sev>((?:[\w ]+\|)*[\w ]+)\)")


def errors_only(pattern: str, warning_words: frozenset[str]) -> str | None:
    """A row's regex with its warning words dropped from the ``sev`` group.

    None when the row can only ever see warnings. Once a log has shown
    hundreds of warnings, stage 1 switches to these so that a build with
    thousands of them costs no Python time per warning.
    """

    def keep(m: re.Match[str]) -> str:
        words = [w for w in m[1].split("|") if w.lower() not in warning_words]
        return f"(?P<sev>{'|'.join(words)})" if words else "(?P<sev>(?!))"

    narrowed = _SEV.sub(keep, pattern)
    return None if "(?P<sev>(?!))" in narrowed else narrowed


def automaton_pattern(patterns: Iterable[str]) -> bytes:
    """The stage-1 pattern, as bytes, for a table's row regexes."""
    body = "|".join(f"(?:{recogniser(p)})" for p in patterns)
    return _LINE_START + b"(?:" + body.encode("utf-8") + b")"


Find = Callable[[bytes, int], int]

# Without re2, ``re`` would try all the rows at every line start: about
# 150 µs a line, 0.2 MB/s. The fallback looks instead for a word or a shape
# that every row's lines have (about 3 MB/s). It stops at more lines than the
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
    rb"|^Found \d|^(?:\w+ )?\S+ > )"
)


@cache
def words() -> re.Pattern[bytes]:
    """``WORDS`` compiled: only without re2 (2 ms of every start otherwise)."""
    return re.compile(WORDS)


def compile_automaton(patterns: Iterable[str]) -> tuple[Find, str]:
    """``find(buffer, pos)`` over raw bytes, and the engine's name (without
    re2, a search for ``WORDS``)."""
    try:
        import re2  # type: ignore[import-not-found,unused-ignore]

        options = re2.Options()
        options.encoding = re2.Options.Encoding.LATIN1  # every byte a char: bad UTF-8 still scans
        options.max_mem = 64 << 20
        options.never_nl = True  # a match never runs on into the next line
        return _re2_find(re2, re2.compile(automaton_pattern(patterns), options)), "re2"
    except ImportError:
        pass
    return via_search(words()), "re"


def via_search(regex: Any) -> Find:
    """``find`` through a compiled regex's ``search``."""

    def find(buffer: bytes, pos: int) -> int:
        m = regex.search(buffer, pos)
        return -1 if m is None else int(m.start())

    return find


def _re2_find(re2: Any, regex: Any) -> Find:
    """``find`` straight through RE2's own match call, where the binding has it.

    Its ``search`` wraps every hit in a generator and a Python match object:
    more than a quarter of stage 1's time on a CI log (10,000 hits in 38 MB).
    """
    engine, anchor = getattr(regex, "_regexp", None), getattr(re2, "_Anchor", None)
    if engine is None or anchor is None:
        return via_search(regex)
    match, unanchored = engine.Match, anchor.UNANCHORED

    def find(buffer: bytes, pos: int) -> int:
        start: int = match(unanchored, buffer, pos, len(buffer))[0][0]
        return start  # -1: no hit

    return find


def _table_patterns(*, warnings: bool = True) -> list[str]:
    from .formats import NOTE_WORDS, TABLE, WARNING_WORDS

    if warnings:
        return [row.pattern for row in TABLE.rows]
    quiet = WARNING_WORDS | NOTE_WORDS
    narrowed = (errors_only(row.pattern, quiet) for row in TABLE.rows if row.role != "warning")
    return [p for p in narrowed if p is not None]


find, ENGINE = compile_automaton(_table_patterns())
"""``find(buffer, pos)``: where the next hit at or after ``pos`` starts, on a line
some row may match; -1 when there is none."""


@cache
def find_errors() -> Find:
    """The same automaton blind to warning lines, for once enough warnings were read
    (compiled on first use: most logs never need it)."""
    return compile_automaton(_table_patterns(warnings=False))[0]
