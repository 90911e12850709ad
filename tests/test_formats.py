"""The format table: every row finds its own examples, through both stages."""

from __future__ import annotations

import re

import pytest

from pytest_errlearn.detect import prefilter
from pytest_errlearn.detect.formats import TABLE, Format

EXAMPLES = [(row, example) for row in TABLE.rows for example in row.examples]


def test_every_row_has_an_example_line() -> None:
    assert [row.name for row in TABLE.rows if not row.examples] == []


def test_row_names_are_unique() -> None:
    names = [row.name for row in TABLE.rows]
    assert len(names) == len(set(names))


@pytest.mark.parametrize(("row", "example"), EXAMPLES, ids=lambda v: getattr(v, "name", ""))
def test_each_example_line_is_found_by_its_own_row(row: Format, example: str) -> None:
    hit = TABLE.match(example)
    assert hit is not None and hit.fmt.name == row.name


@pytest.mark.parametrize(("row", "example"), EXAMPLES, ids=lambda v: getattr(v, "name", ""))
def test_stage_one_stops_at_each_example_line(row: Format, example: str) -> None:
    data = b"some ordinary output\n" + example.encode() + b"\nmore output\n"
    match = prefilter.search(data, 0)
    assert match is not None
    assert data.rfind(b"\n", 0, match.start()) + 1 == len(b"some ordinary output\n")


@pytest.mark.parametrize(("row", "example"), EXAMPLES, ids=lambda v: getattr(v, "name", ""))
def test_without_re2_stage_one_still_stops_at_each_example_line(row: Format, example: str) -> None:
    data = b"some ordinary output\n" + example.encode() + b"\nmore output\n"
    match = prefilter.WORDS.search(data, 0)
    assert match is not None
    assert data.rfind(b"\n", 0, match.start()) + 1 == len(b"some ordinary output\n")


needs_re2 = pytest.mark.skipif(
    prefilter.ENGINE != "re2", reason="without re2 stage 1 stops at every line with a word"
)


@pytest.mark.parametrize(
    "prefix",
    ["2024-01-02T03:04:05.1234567Z ", "[12:00:01] ", "progress 10%\rprogress 100%\r"],
)
def test_stage_one_sees_through_timestamps_and_progress_bars(prefix: str) -> None:
    data = f"ok\n{prefix}src/a.c:3:5: error: 'x' undeclared\n".encode()
    match = prefilter.search(data, 0)
    assert match is not None and match.start() == 3


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
    assert prefilter.search(data, 0) is None


@needs_re2
def test_the_errors_only_automaton_is_blind_to_warning_lines() -> None:
    warning = b"src/a.c:3:5: warning: unused variable 'x'\n"
    error = b"src/a.c:4:5: error: 'y' undeclared\n"
    assert prefilter.search(warning, 0) is not None
    assert prefilter.search_errors()(warning, 0) is None
    assert prefilter.search_errors()(error, 0) is not None


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
    ],
)
def test_stage_one_stops_following_a_row_where_only_the_line_end_can_follow(
    row: str, cut: str
) -> None:
    assert prefilter._cut_tails(row) == cut


@pytest.mark.parametrize("row", TABLE.rows, ids=lambda row: row.name)
def test_a_cut_recogniser_still_finds_every_line_its_whole_row_does(row: Format) -> None:
    whole = prefilter._strip(row.pattern)
    cut = re.compile(prefilter._cut_tails(whole))
    lines = [*row.examples, *(f"{e} and more" for e in row.examples), "plain", ""]
    missed = [line for line in lines if re.match(whole, line) and not cut.match(line)]
    assert missed == []
