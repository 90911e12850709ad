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
from collections.abc import Callable, Iterable, Iterator
from functools import cache
from typing import Any

# What may stand before a row's text on a raw line: the part of a line a
# terminal overwrote (``\r``), and the timestamps CI systems put first.
_LINE_START = (
    rb"(?m)^(?:[^\r\n]*\r)*?"
    rb"(?:\d{4}-\d\d-\d\d[T ]\d\d:\d\d:\d\d(?:[.,]\d+)?Z?[ \t]+"
    rb"|\[\d\d:\d\d:\d\d(?:[.,]\d+)?\][ \t]+"
    rb"|\[[\w.-]+\][ \t]+\d{4}-\d\d-\d\d[T ][\d:.,]+Z?[ \t]+)?"
)
_NAMED = re.compile(r"\(\?P<\w+>")


def _tokens(pattern: str) -> Iterator[tuple[int, str, bool]]:
    """A regex's tokens: (index, text, syntax). An escape is one token, and
    ``syntax`` is False inside a character class, where ``^ $ ( )`` are literal."""
    i, in_class = 0, False
    while i < len(pattern):
        if pattern[i] == "\\":
            yield i, pattern[i : i + 2], False
            i += 2
            continue
        ch = pattern[i]
        if in_class:
            in_class = ch != "]"
            yield i, ch, False
        elif ch == "[":
            in_class = True
            width = 2 if pattern.startswith(("[^", "[]"), i) else 1  # "]" first is literal
            yield i, pattern[i : i + width], False
            i += width
            continue
        else:
            yield i, ch, True
        i += 1


_LOOKAROUND = ("(?!", "(?=", "(?<!", "(?<=")


def _strip(pattern: str) -> str:
    """A row's regex as a pure recogniser: no groups, anchors or look-arounds.

    The automaton only has to find the line (a superset is fine: stage 2
    runs the full row regex); RE2 has no look-arounds, and ``^`` would clash
    with the shared line-start prefix.
    """
    out: list[str] = []
    depth = 0  # parentheses open in a look-around being dropped
    for i, text, syntax in _tokens(pattern):
        if depth:
            depth += (syntax and text == "(") - (syntax and text == ")")
            continue
        if syntax and pattern.startswith(_LOOKAROUND, i):
            depth = 1
            continue
        if syntax and text == "^":
            continue
        out.append(r"\r*$" if syntax and text == "$" else text)
    return _NAMED.sub("(?:", "".join(out))


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


def _quantifier(tokens: list[tuple[int, str, bool]], i: int) -> tuple[int, bool]:
    """Where the quantifier at ``tokens[i]`` (if any) ends, and whether it allows none."""
    if i >= len(tokens) or not tokens[i][2] or tokens[i][1] not in "?*+{":
        return i, False
    optional = tokens[i][1] in "?*" or (tokens[i][1] == "{" and tokens[i + 1][1] == "0")
    if tokens[i][1] == "{":
        while tokens[i][1] != "}":
            i += 1
    i += 1
    return i + (i < len(tokens) and tokens[i][1] == "?"), optional  # lazy


def _may_end(tokens: list[tuple[int, str, bool]]) -> bool:
    """Whether the rest of a branch (these tokens, to the row's end) can match
    nothing: then a ``.*`` before it runs to the line's end whatever follows.
    Sibling branches are left out, and so are the ends of the groups around
    the branch, with their quantifiers (the branch must still get there)."""
    rest: list[str] = []
    depth, i, sibling = 0, 0, False
    while i < len(tokens):
        _, text, syntax = tokens[i]
        i += 1
        if syntax and text == ")" and depth == 0:  # a group around the branch ends
            i, sibling = _quantifier(tokens, i)[0], False
            continue
        if syntax and text in "()":
            depth += 1 if text == "(" else -1
        elif syntax and text == "|" and depth == 0:
            sibling = True
        if not sibling:
            rest.append(text)
    try:
        return re.fullmatch("".join(rest), "") is not None
    except re.error:
        return False


def _cut_tails(pattern: str) -> str:
    """A recogniser cut short after its last required part: a ``.*`` or ``.+``
    that only the line's end may follow becomes nothing or ``.``, and the rest
    of its branch, of each group around it, goes.

    The line is found all the same, but the automaton stops following it
    there. Carried on to the line's end, every such tail stays alive beside
    every other row's partial matches, and re2 builds a DFA state for each
    combination it meets: that construction was over half of stage 1's time
    on fresh text (0.42 s beside 0.19 s on 40 MB of CI logs).
    """
    tokens = list(_tokens(pattern))
    out: list[str] = []
    depth, i = 0, 0
    cut: int | None = None  # the depth whose branch is being dropped
    while i < len(tokens):
        _, text, syntax = tokens[i]
        i += 1
        if cut is not None:
            if syntax and text == "(":
                depth += 1
            elif syntax and text == ")":
                depth -= 1
                if depth < cut:  # the group around the cut ends: so does its branch
                    out.append(")?" if _quantifier(tokens, i)[1] else ")")
                    cut = depth
            elif syntax and text == "|" and depth == cut:
                out.append(text)  # a sibling branch is read as written
                cut = None
            continue
        if syntax and text == "." and i < len(tokens) and tokens[i][1] in ("*", "+"):
            rest = _quantifier(tokens, i)[0]
            if _may_end(tokens[rest:]):
                out.append("." if tokens[i][1] == "+" else "")
                cut, i = depth, rest
                continue
        depth += (syntax and text == "(") - (syntax and text == ")")
        out.append(text)
    return "".join(out)


def automaton_pattern(patterns: Iterable[str]) -> bytes:
    """The stage-1 pattern, as bytes, for a table's row regexes."""
    body = "|".join(f"(?:{_cut_tails(_strip(p))})" for p in patterns)
    return _LINE_START + b"(?:" + body.encode("utf-8") + b")"


Search = Callable[[Any, int], Any]

# Without re2, ``re`` would try all the rows at every line start: about
# 150 µs a line, 0.2 MB/s. The fallback looks instead for a word or a shape
# that every row's lines have (about 3 MB/s). It stops at more lines than the
# automaton (stage 2 decides), never at fewer: the tests check it on every
# row's examples, and that every corpus file gives the same report either way.
WORDS = re.compile(
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


def compile_automaton(patterns: Iterable[str]) -> tuple[Search, str]:
    """``search(buffer, pos)`` over raw bytes, and the engine's name (without
    re2, the search for ``WORDS``)."""
    try:
        import re2  # type: ignore[import-not-found,unused-ignore]

        options = re2.Options()
        options.encoding = re2.Options.Encoding.LATIN1  # every byte a char: bad UTF-8 still scans
        options.max_mem = 64 << 20
        options.never_nl = True  # a match never runs on into the next line
        return re2.compile(automaton_pattern(patterns), options).search, "re2"
    except ImportError:
        pass
    return WORDS.search, "re"


def _table_patterns(*, warnings: bool = True) -> list[str]:
    from .formats import NOTE_WORDS, TABLE, WARNING_WORDS

    if warnings:
        return [row.pattern for row in TABLE.rows]
    quiet = WARNING_WORDS | NOTE_WORDS
    narrowed = (errors_only(row.pattern, quiet) for row in TABLE.rows if row.role != "warning")
    return [p for p in narrowed if p is not None]


search, ENGINE = compile_automaton(_table_patterns())
"""``search(buffer, pos)``: the next line at or after ``pos`` some row may match."""


@cache
def search_errors() -> Search:
    """The same automaton blind to warning lines, for once enough warnings were read
    (compiled on first use: most logs never need it)."""
    return compile_automaton(_table_patterns(warnings=False))[0]
