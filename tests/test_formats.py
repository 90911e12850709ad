"""The format table: every row finds its own examples, through both stages."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from pytest_errlearn.detect import formats, prefilter, recogniser
from pytest_errlearn.detect.formats import TABLE, Format
from pytest_errlearn.detect.re2set import re2_set
from pytest_errlearn.detect.text import clean_line

EXAMPLES = [(row, example) for row in TABLE.rows for example in row.examples]


def test_every_row_has_an_example_line() -> None:
    assert [row.name for row in TABLE.rows if not row.examples] == []


def test_row_names_are_unique() -> None:
    names = [row.name for row in TABLE.rows]
    assert len(names) == len(set(names))


@pytest.mark.parametrize(("row", "example"), EXAMPLES, ids=lambda v: getattr(v, "name", ""))
def test_each_example_line_is_found_by_its_own_row(row: Format, example: str) -> None:
    hit = TABLE.match(example, _own_tool(row))
    assert hit is not None and hit.fmt.name == row.name


def _own_tool(row: Format) -> str | None:
    """A tool in whose output the row reads lines: one of its own, if it has any."""
    return row.own_output[0] if row.own_output else None


def test_an_re2_set_names_the_regexes_a_text_holds_anchored_at_its_start_or_anywhere() -> None:
    pytest.importorskip("re2")
    regexes = [r"error", r"warn\w+", r"\d+ failed"]
    anywhere = re2_set(regexes, anchored=False)
    at_start = re2_set(regexes, anchored=True)
    assert sorted(anywhere.Match("3 failed, error: warning")) == [0, 1, 2]
    assert sorted(at_start.Match("3 failed, error: warning")) == [2]
    assert not at_start.Match("no such thing")


def test_regexes_kept_apart_in_sets_of_their_own_are_named_as_one_set_names_them() -> None:
    pytest.importorskip("re2")
    regexes = [r"\s+at \S+", r"error: .*", r"[^\s:]+:\d+: error", r"\s*FAIL", r"warning: .*"]
    one = re2_set(regexes, anchored=True)
    apart = re2_set(regexes, anchored=True, apart=recogniser.start)
    texts = ["  at Foo.bar", "error: boom", "src/a.c:3: error", "   FAIL x", "all good", "wé: x"]
    assert [sorted(apart.Match(t)) for t in texts] == [sorted(one.Match(t) or ()) for t in texts]
    assert len({recogniser.start(r) for r in regexes}) > 2  # in sets apart indeed


def test_without_re2_the_table_finds_each_example_lines_row_all_the_same(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(formats, "_recogniser_set", lambda rows: None)
    table = formats.Table(TABLE.rows)
    found = [
        (row.name, getattr(table.match(example, _own_tool(row)), "fmt", None))
        for row, example in EXAMPLES
    ]
    assert [name for name, fmt in found if fmt is None or fmt.name != name] == []


@pytest.mark.parametrize(("row", "example"), EXAMPLES, ids=lambda v: getattr(v, "name", ""))
def test_stage_one_stops_at_each_example_line(row: Format, example: str) -> None:
    data = b"some ordinary output\n" + example.encode() + b"\nmore output\n"
    hit = prefilter.find_for(_own_tool(row))(data, 0)
    assert hit >= 0
    assert data.rfind(b"\n", 0, hit) + 1 == len(b"some ordinary output\n")


@pytest.mark.parametrize(("row", "example"), EXAMPLES, ids=lambda v: getattr(v, "name", ""))
def test_without_re2_stage_one_still_stops_at_each_example_line(row: Format, example: str) -> None:
    data = b"some ordinary output\n" + example.encode() + b"\nmore output\n"
    match = prefilter.words().search(data, 0)
    assert match is not None, f"no stage-1 word in {example!r}: give {row.name} words=(...)"
    assert data.rfind(b"\n", 0, match.start()) + 1 == len(b"some ordinary output\n")


needs_re2 = pytest.mark.skipif(
    prefilter.ENGINE != "re2", reason="without re2 stage 1 stops at every line with a word"
)


@pytest.mark.parametrize(
    "prefix",
    [
        "2024-01-02T03:04:05.1234567Z ",
        "2024-01-02 03:04:05.123456 | ubuntu-jammy | ",
        "[12:00:01] ",
        "progress 10%\rprogress 100%\r",
        "#8 2.345 ",
    ],
)
@pytest.mark.parametrize("line", ["src/a.c:3:5: error: 'x' undeclared", "npm ERR! code 1"])
def test_stage_one_sees_through_timestamps_and_progress_bars(prefix: str, line: str) -> None:
    data = f"ok\n{prefix}{line}\nfine\n".encode()
    hit = prefilter.find(data, 0)
    assert data.rfind(b"\n", 0, hit) + 1 == 3 and hit < data.index(b"\nfine")


@needs_re2
def test_stage_one_skips_ordinary_lines_that_merely_mention_errors() -> None:
    data = b"".join(
        line + b"\n"
        for line in (
            b"Downloading error-handler-1.0.tgz",
            b"  handleError(e) {",
            b"checking for strerror... yes",
            b"test_error_paths PASSED",
        )
    )
    assert prefilter.find(data, 0) == -1


@needs_re2
def test_the_errors_only_automaton_is_blind_to_warning_lines() -> None:
    warning = b"src/a.c:3:5: warning: unused variable 'x'\n"
    error = b"src/a.c:4:5: error: 'y' undeclared\n"
    assert prefilter.find(warning, 0) == 0
    assert prefilter.find_errors()(warning, 0) == -1
    assert prefilter.find_errors()(error, 0) == 0


@needs_re2
def test_the_errors_only_automaton_finds_errors_of_rows_whose_warning_word_is_optional() -> None:
    # flake8's row reads a W code as a warning and every other letter as an error
    assert prefilter.find_errors()(b"./a.py:8:1: E302 expected 2 blank lines, found 1\n", 0) == 0
    assert prefilter.find_errors()(b"./a.py:3:1: F821 undefined name 'x'\n", 0) == 0


@needs_re2
def test_the_errors_only_automaton_finds_every_example_that_is_no_warning() -> None:
    def sev(line: str) -> str:
        hit = TABLE.match(line)
        return ((hit and hit.groups.get("sev")) or "").strip().lower()

    quiet = formats.WARNING_WORDS | formats.NOTE_WORDS
    missed = [
        (row.name, example)
        for row, example in EXAMPLES
        if row.role != "warning"
        and sev(example) not in quiet
        and prefilter.find_errors(row.own_output and row.own_output[0])(example.encode() + b"\n", 0)
        != 0
    ]
    assert missed == []


@needs_re2
def test_a_row_of_a_tools_own_output_is_looked_for_only_in_that_tools_output() -> None:
    die = b"ok\nunknown item 'bolts' at lib/Inventory.pm line 16.\n"
    assert prefilter.find(die, 0) == -1
    assert prefilter.find_for("perl")(die, 0) == 3
    assert prefilter.find_for("prove")(die, 0) == 3  # its test scripts' dies
    assert prefilter.find_for("cargo") is prefilter.find  # no row of its own


@pytest.mark.parametrize(
    ("row", "cut"),
    [
        (r"E {3,}(?:\S.*)\r*$", r"E {3,}(?:\S)"),  # the line's end was all that followed
        (r"x(?:: .*)?\r*$", r"x(?:: )?"),
        (r"a.*\r*$|b+c", r"a|b+c"),  # a branch beside is read as written
        (r"FAIL(?:\s+\(.*)?\s*\r*$", r"FAIL(?:\s+\()?"),  # the cut group stays optional
        (r"FAIL(?:\s+\(.*\))?\s*\r*$", r"FAIL(?:\s+\(.*\))?\s*\r*$"),  # its ")" must come
        (r"(?:a .+){0,2}\r*$", r"(?:a .)?"),
        (r"(?:\w+ > .+?) FAILED\r*$", r"(?:\w+ > .+?) FAILED\r*$"),  # a word must follow
        (r"(?:.*?: )?Killed\r*$", r"(?:.*?: )?Killed\r*$"),
        (r"(?:a.*|b)c\r*$", r"(?:a.*|b)c\r*$"),
        (r"(?:a .*|b)\s*\r*$", r"(?:a |b)"),  # the tail after a group with a cut branch goes
        (r"a(?:[.,].*|b)?\r*$", r"a(?:[.,]|b)?"),
    ],
)
def test_stage_one_stops_following_a_row_where_only_the_line_end_can_follow(
    row: str, cut: str
) -> None:
    assert recogniser.cut_tails(row) == cut


@pytest.mark.parametrize("row", TABLE.rows, ids=lambda row: row.name)
def test_a_cut_recogniser_still_finds_every_line_its_whole_row_does(row: Format) -> None:
    whole = recogniser.strip(row.pattern)
    cut = re.compile(recogniser.cut_tails(whole))
    lines = [*row.examples, *(f"{e} and more" for e in row.examples), "plain", ""]
    missed = [line for line in lines if re.match(whole, line) and not cut.match(line)]
    assert missed == []


def test_a_regex_the_file_does_not_know_gets_its_recogniser_worked_out() -> None:
    pattern = r"^(?P<msg>brand new row: .*)$"
    assert pattern not in json.loads(Path(recogniser.KNOWN_FILE).read_text(encoding="utf-8"))
    assert recogniser.recogniser(pattern) == "(?:brand new row: )"
    assert recogniser.set_recogniser(pattern) == "(?:brand new row: )"
    assert recogniser.line_recogniser(r"^(?P<file>[^:]+): \s*x") == r"(?:[^:\n]+): [\t\f\r ]*x"


@pytest.mark.parametrize(
    ("pattern", "wide"),
    [
        (r"\w+:\d", r"[\x0b\x1c-\x1f\x{80}-\x{10FFFF}\w]+:[\x0b\x1c-\x1f\x{80}-\x{10FFFF}\d]"),
        (r"[\w.-]+", r"[\x0b\x1c-\x1f\x{80}-\x{10FFFF}\w.-]+"),
        (r"[^\s:]+\.py", r"[^\s:]+\.py"),  # a negated class is wider in RE2 already
        (r"\bError\b: \S", r"Error: \S"),
        (r"x\r*$", r"x\r*\n?$"),
    ],
)
def test_a_recogniser_of_text_takes_what_python_would_beyond_ascii(pattern: str, wide: str) -> None:
    assert recogniser.unicode_wide(pattern) == wide


LINES_BEYOND_ASCII = [
    "FAILED tëst_ünïcode.py::test_é - AssertionError: ü",
    '  File "/home/jürgen/app/mod.py", line 3, in fünf',
    "src/naïve.c:3:5: error: ‘x’ undeclared",
    "E       AssertionError: 名前 != 名前2",
    "ﬁle.go:12:3: undefined: ﬁ",
    "Error:\u00a0boom",
    "tests/test_a.py:12: Error\u2028",
    "FooÉtatError: boom",  # \\w, to Python, takes É
    "tëst_one FAILED",
    "TëstClass > tëstMethod FAILED",
    "\u00a0● Suite › tëst",  # \\s, to Python, takes a no-break space
    "src/a.c:\u0663:5: error: x",  # \\d, to Python, takes an Arabic-Indic three
    "E       assert '\udcff' == 'x'",  # no UTF-8 for a lone surrogate: the whole table runs
]


@needs_re2
@pytest.mark.parametrize(
    "line",
    [e for _, e in EXAMPLES] + [f"{e}\u00e9" for _, e in EXAMPLES] + LINES_BEYOND_ASCII,
)
def test_the_row_set_finds_the_row_the_whole_table_would(line: str) -> None:
    for tool in (None, "perl", "capacitor"):  # the rows of every output, and some tools' own
        assert TABLE.match(line, tool) == TABLE._match_all(line, tool)


@needs_re2
def test_the_row_set_finds_the_row_the_whole_table_would_on_real_output(corpora: Path) -> None:
    logs = sorted(corpora.glob("logchunks/logs/*/*/failed/*.log"))[:60]
    logs += sorted(corpora.glob("analysis-model/**/*.txt"))[:60]
    if not logs:
        pytest.skip("no corpora")
    lines = {
        clean_line(raw)
        for log in logs
        for raw in log.read_bytes().split(b"\n")
        if prefilter.words().search(raw)
    }
    differ = [line for line in lines if TABLE.match(line) != TABLE._match_all(line, None)]
    assert len(lines) > 1000 and differ == []
