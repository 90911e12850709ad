"""Stage 1 through two automata finds the lines the whole table would, from every line's start."""

from __future__ import annotations

import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pytest_errlearn.detect import prefilter
from pytest_errlearn.detect.formats import TABLE, Format
from pytest_errlearn.detect.recogniser import one_line, tokenize
from pytest_errlearn.detect.rows import row_of
from pytest_errlearn.detect.text import clean_line, strip_colour

re2 = pytest.importorskip("re2")
if prefilter.ENGINE != "re2":
    pytest.skip("stage 1 runs its automata only with re2", allow_module_level=True)

# The rows whose seeks stage 1 looks for in every log (not only in their own
# tool's output: ``Format.own_output``)
SEEKING = [row for row in TABLE.rows if row.seek is not None and not row.own_output]


def whole_table() -> prefilter.Find:
    """The reference: every row at every line's start (and segment's), in one automaton."""
    rows = prefilter._table_rows()
    whole = prefilter._compile(re2, prefilter.automaton_pattern(p for p, _ in rows), one_line=True)
    return prefilter.via_search(whole)


WHOLE = whole_table()


def lines_found(
    find: prefilter.Find, data: bytes, between: Callable[[], object] = lambda: None
) -> set[int]:
    """The numbers of the lines ``find`` stops at, scanning as the scanner does."""
    found, pos, line = set(), 0, 0
    while (hit := find(data, pos)) >= 0:
        start = data.rfind(b"\n", 0, hit) + 1
        assert start >= pos, "a hit before where the search began"
        line += data.count(b"\n", pos, start)
        found.add(line)
        between()
        if (pos := data.find(b"\n", hit) + 1) == 0:
            break
        line += 1
    return found


def stops_as_the_whole_table(data: bytes, between: Callable[[], object] = lambda: None) -> bool:
    """Stage 1 stops at every line the whole table does, but where the table
    matched only a segment a terminal wrote over, which the scanner does not
    read (``prefilter.segments``); where it stops at more (a row that ends a
    segment, not the line: its ``$`` before a ``\\r`` made a newline), stage 2
    finds nothing on them. Either way the errors are the same."""
    found, whole = lines_found(prefilter.find, data, between), lines_found(WHOLE, data)
    raw = data.split(b"\n")
    missed = whole - found
    return all(b"\r" in raw[n] and row_of(clean_line(raw[n])) is None for n in missed) and all(
        row_of(clean_line(raw[n])) is None for n in found - whole
    )


def required(pattern: str, part: str) -> bool:
    """Whether ``part`` is in ``pattern`` where every match must go through it:
    outside any optional or repeated group and any alternative."""
    at = pattern.find(part)
    if at < 0:
        return False
    end = at + len(part)
    tokens = list(tokenize(pattern))
    following = {
        i: tokens[k + 1][1] if k + 1 < len(tokens) else "" for k, (i, _, _) in enumerate(tokens)
    }
    stack: list[list[Any]] = [[-1, False]]  # each open group: where it starts, whether it has a "|"
    around: list[tuple[bool, str]] = []  # the groups around the part: their "|", what follows them
    for i, text, syntax in tokens:
        if syntax and text == "(":
            stack.append([i, False])
        elif syntax and text == "|":
            stack[-1][1] = True
        elif syntax and text == ")":
            start, bar = stack.pop()
            if start < at and end <= i:
                around.append((bar, following[i]))
    loose = ("?", "*", "{")
    return (
        not stack[0][1]
        and not any(bar or after in loose for bar, after in around)
        and next((t for i, t, _ in tokens if i >= end), "") not in loose
    )


@pytest.mark.parametrize("row", SEEKING, ids=lambda row: row.name)
def test_a_row_cannot_match_a_line_without_what_it_seeks(row: Format) -> None:
    assert row.seek is not None and required(row.pattern, row.seek)


@pytest.mark.parametrize(
    ("pattern", "part", "ok"),
    [
        (r"^a(?P<x>b)c$", "(?P<x>b)", True),
        (r"^a(?:(?P<x>b))?c$", "(?P<x>b)", False),  # optional
        (r"^a(?:x|b)c$", "b", False),  # one alternative
        (r"^(?:a|z)bc$", "bc", True),  # an alternative beside it, not around it
        (r"^ab*c$", "b", False),
        (r"^x|ab$", "ab", False),
        (r"^a(?:bd)c$", "b", True),
    ],
)
def test_the_check_of_a_seek_tells_a_required_part_from_an_optional_one(
    pattern: str, part: str, ok: bool
) -> None:
    assert required(pattern, part) is ok


@pytest.mark.parametrize("row", SEEKING, ids=lambda row: row.name)
def test_every_seek_starts_at_a_colon_so_re2_jumps_from_one_to_the_next(row: Format) -> None:
    """The seeks automaton runs at memchr's speed only while all its branches
    start with the same byte: with a row's words first, it took 108 ms on
    75 MB of CI logs instead of 13."""
    assert row.seek is not None and row.seek.startswith(":")


# A line of words and punctuation without a colon: what most lines of a log are.
_PROSE = "lorem ipsum (dolor) sit, amet = 'consectetur' [adipiscing] /elit/ sed do "


@pytest.mark.parametrize("indent", ["", "    "])
def test_a_row_that_may_start_with_any_text_seeks_what_follows_it(indent: str) -> None:
    """A row that still matches its example after any words keeps the ``lines``
    automaton awake along every line (an indented one): it says what its lines
    hold further on (``Format.seek``). Ant's two build-file rows, whose path
    may hold spaces, took a quarter of the ``lines`` automaton's time on 74 MB of CI logs."""
    awake = [
        row.name
        for row in TABLE.rows
        if row.seek is None
        and not row.own_output
        and any(re.match(row.pattern, indent + _PROSE + e.lstrip()) for e in row.examples)
    ]
    assert awake == []


def test_each_seek_stops_at_few_lines_of_real_output(corpora: Path) -> None:
    """A seek is what a row's lines hold further on, as stage 1 looks for it: its
    groups and look-arounds dropped. One that reads as ": " once they are gone
    stops stage 1 at most lines of any log, and every scan pays for them."""
    logs = sorted(corpora.glob("logchunks/logs/*/*/failed/*.log"))[:80]
    if not logs:
        pytest.skip("no corpora")
    data = b"\n".join(strip_colour(log.read_bytes()) for log in logs)
    lines = set()
    for row in TABLE.rows:
        if row.seek is not None:
            seek = re2.compile(prefilter.seeks_pattern([row.seek]))
            lines |= {(row.name, data.rfind(b"\n", 0, m.start())) for m in seek.finditer(data)}
    stops: dict[str, int] = {}
    for name, _ in lines:
        stops[name] = stops.get(name, 0) + 1
    assert [name for name, n in stops.items() if n > data.count(b"\n") // 100] == []


@pytest.mark.parametrize(
    ("pattern", "bound"),
    [
        (r"\s*\d+\) (?:\S)", r"[\t\f\r ]*\d+\) (?:\S)"),
        (r"[^:]+: \W\D", r"[^:\n]+: [^\w\n][^\d\n]"),
        (r"[\s|+-]*Traceback", r"[\t\f\r |+-]*Traceback"),
        (r"\[[^\]]*\]", r"\[[^\]\n]*\]"),  # an escaped bracket does not end the class
    ],
)
def test_a_recogniser_for_the_lines_automaton_never_takes_a_newline(
    pattern: str, bound: str
) -> None:
    assert one_line(pattern) == bound


def test_the_corpora_give_the_lines_the_whole_table_finds(corpora: Path) -> None:
    logs = [
        *sorted(corpora.glob("cidiff/*/fail.log")),
        *sorted(corpora.glob("analysis-model/**/*.txt")),
        *sorted(corpora.glob("errorformat/**/*.in")),
        *sorted(corpora.glob("logchunks/logs/*/*/failed/*.log")),
    ]
    assert len(logs) > 400
    differ, found = [], 0
    for log in logs:
        data = strip_colour(log.read_bytes())
        found += len(lines_found(WHOLE, data))
        if not stops_as_the_whole_table(data):
            differ.append(str(log))
    assert found > 10_000 and differ == []


ORDINARY = [
    "ok",
    "",
    "  compiling foo v1.0",
    "Downloading error-handler-1.0.tgz",
    "a: b: c",
    "x:1: y",
]
# Lines of every log (a row looked for only in its own tool's output is no line of them)
LINES = [
    *(example for row in TABLE.rows if not row.own_output for example in row.examples),
    *ORDINARY,
]
line = st.builds(
    lambda over, text, end: "".join(f"{o}\r" for o in over) + text + end,
    st.lists(st.sampled_from(LINES), max_size=2),  # segments a terminal overwrote
    st.sampled_from(LINES),
    st.sampled_from(["\n", "\r\n", "\r\r\n"]),
)


@settings(max_examples=300, deadline=None)
@given(st.lists(line, max_size=30), st.booleans())
def test_stage_one_stops_at_the_lines_the_whole_table_does(lines: list[str], last: bool) -> None:
    data = "".join(lines).encode()
    if last and data:
        data = data[:-1]  # the last line without its newline
    assert stops_as_the_whole_table(data)


@settings(max_examples=100, deadline=None)
@given(st.lists(line, min_size=1, max_size=30), st.sampled_from(LINES))
def test_a_line_checked_on_its_own_between_hits_changes_nothing(
    lines: list[str], other: str
) -> None:
    """The scanner asks about a single line in the middle of a buffer's scan."""
    data = "".join(lines).encode()
    alone = f"{other}\n".encode()

    def checked() -> None:
        prefilter.find(alone, 0)

    assert stops_as_the_whole_table(data, checked)


def test_a_buffer_is_searched_once_however_often_the_scanner_asks(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Each automaton remembers its last hit: a line checked on its own, or the
    next ask within the buffer, does not search the buffer again."""
    searched: list[int] = []

    def counting(match: Callable[..., Any]) -> Callable[..., Any]:
        def call(anchor: Any, data: bytes, pos: int, end: int) -> Any:
            result = match(anchor, data, pos, end)
            if len(data) > 1000:  # the bytes read: up to the hit, else to the end
                searched.append((result[0][0] if result[0][0] >= 0 else end) - pos)
            return result

        return call

    class Counted:  # a compiled regex whose own match call counts what it reads
        def __init__(self, regex: Any) -> None:
            self._regexp = SimpleNamespace(Match=counting(regex._regexp.Match))

    counted = SimpleNamespace(
        Options=re2.Options, _Anchor=re2._Anchor, compile=lambda *a: Counted(re2.compile(*a))
    )
    monkeypatch.setitem(sys.modules, "re2", counted)
    find = prefilter.compile_automaton(prefilter._table_rows())[0]
    ok = b"ok\n"
    data = ok * 500 + b"npm ERR! code 1\n" + ok * 500 + b"src/a.c:3:5: error: x\n" + ok * 50
    assert lines_found(find, data, lambda: find(b"fine\n", 0)) == {500, 1001}
    assert sum(searched) < 2 * len(data)  # each of the two automata reads each byte once at most


def test_a_binding_without_re2s_own_match_call_finds_the_same_lines(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    class Public:  # a compiled regex with only the binding's public search
        def __init__(self, regex: Any) -> None:
            self.search = regex.search

    bare = SimpleNamespace(Options=re2.Options, compile=lambda *a: Public(re2.compile(*a)))
    monkeypatch.setitem(sys.modules, "re2", bare)
    find, engine = prefilter.compile_automaton(prefilter._table_rows())
    data = b"".join(f"{line}\n".encode() for line in LINES)
    assert engine == "re2" and lines_found(find, data) == lines_found(WHOLE, data)


def test_the_automata_are_compiled_on_the_first_search_not_at_import() -> None:
    probe = (
        "import re2\n"
        "compiled = []\n"
        "real = re2.compile\n"
        "re2.compile = lambda *a: compiled.append(1) or real(*a)\n"
        "from pytest_errlearn.detect import prefilter\n"
        "before = len(compiled)\n"
        "hit = prefilter.find(b'ok\\nnpm ERR! code 1\\n', 0)\n"
        "print(before, len(compiled) > 0, hit)\n"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=60)
    assert done.stdout.split() == ["0", "True", "3"], done.stderr
