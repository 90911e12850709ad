"""The raw lines above a position, across the chunks a scanner reads."""

from __future__ import annotations

import random

from pytest_errlearn.detect.lookback import LOOKBACK, Lookback


def test_the_lines_above_any_line_are_those_of_the_whole_text_however_it_was_chunked() -> None:
    rng = random.Random(7)
    lines = [f"line {i}\n".encode() for i in range(400)]
    for _ in range(20):
        lookback, at = Lookback(), 0
        while at < len(lines):
            size = rng.choice([1, 3, LOOKBACK - 1, LOOKBACK, LOOKBACK + 5, 90])
            chunk = b"".join(lines[at : at + size])
            for i in range(min(size, len(lines) - at)):
                start = len(b"".join(lines[at : at + i]))
                for k in (3, 15, LOOKBACK):
                    assert lookback.before(chunk, start, k) == lines[max(0, at + i - k) : at + i]
            lookback.keep(chunk, chunk.count(b"\n"))
            at += size


def test_a_piece_starts_with_the_lines_above_it_that_it_was_given() -> None:
    lookback = Lookback([b"a\n", b"b\n"])
    assert lookback.before(b"c\nd\n", 2, 3) == [b"a\n", b"b\n", b"c\n"]
