"""A command's output detected in pieces as it comes reports what one pass reports.

The pieces are made small here (``shrink_pieces``) so that the corpora's real
logs are cut in every kind of place. The worker process's own life (its
faults, descriptors, signals, the end of a run) is ``test_streaming_worker``'s.
"""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest
from streaming_helpers import (
    ERRLEARN,
    chained_log,
    corpus_log,
    one_pass,
    shrink_pieces,
    stream,
)

from pytest_errlearn.detect import Detector, pieces, streaming
from pytest_errlearn.detect.scanner import MAX_PENDING
from pytest_errlearn.detect.streaming import StreamDetector

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="the worker is forked")


@pytest.fixture
def small_pieces(monkeypatch: pytest.MonkeyPatch) -> None:
    shrink_pieces(monkeypatch)


@pytest.mark.parametrize("workers", [True, False])
@pytest.mark.parametrize(
    "pattern", ["logchunks/logs/*/*/failed/*.log", "cidiff/*/fail.log", "analysis-model/**/*.txt"]
)
def test_an_output_read_in_pieces_reports_what_one_pass_reports(
    corpora: Path, small_pieces: None, pattern: str, workers: bool
) -> None:
    data = corpus_log(corpora, pattern, limit=40)
    whole = one_pass(data)
    assert whole["errors"]
    assert stream(data, step=997, workers=workers) == whole


def test_a_big_output_fed_as_a_runner_feeds_it_reports_what_one_pass_reports(
    corpora: Path,
) -> None:
    data = corpus_log(corpora, "logchunks/logs/*/*/failed/*.log", limit=60)
    assert len(data) > 4 * streaming.PIECE
    assert stream(data, step=1 << 20) == one_pass(data)


def test_an_output_smaller_than_a_piece_is_read_here_without_a_process(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def no_fork() -> int:
        raise AssertionError("forked for a small output")

    monkeypatch.setattr(os, "fork", no_fork)
    data = b"src/app.c:3:5: error: 'x' undeclared\n" * 100
    assert stream(data)["errors"][0]["count"] == 100
    assert stream(b"") == one_pass(b"")


def test_a_piece_cut_inside_a_traceback_is_read_again_from_the_end_of_its_block(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A cut at the line end before the second header of a chained traceback: the
    piece after it opens a block of its own there, which is read again."""
    data, inside = chained_log()
    monkeypatch.setattr(streaming, "PIECE", inside)  # the first line end past it: ``inside``
    rescans: list[int] = []
    rescan = pieces.rescan
    monkeypatch.setattr(
        pieces, "rescan", lambda *a, **k: rescans.append(a[1][0]) or rescan(*a, **k)
    )
    report = stream(data, step=4096)
    assert rescans == [inside]
    assert report == one_pass(data)
    assert report["errors"][-1]["message"] == "'x' undeclared"


@pytest.mark.parametrize("workers", [True, False])
def test_a_piece_inside_the_block_the_piece_before_ran_on_into_takes_nothing_of_it(
    small_pieces: None, monkeypatch: pytest.MonkeyPatch, workers: bool
) -> None:
    """A traceback longer than two pieces holds a piece whole, and the failure line
    after it still folds into it (found by a review: such a piece took the place
    where the block before ended back to its own end)."""
    frames = b"".join(
        b'  File "app/m%d.py", line %d, in f%d\n    %s\n' % (i, i, i, b"x" * 300) for i in range(28)
    )  # a block: 60 lines at most
    filler = b"".join(b"compiling module %d\n" % i for i in range(600))
    data = (
        filler
        + b"Traceback (most recent call last):\n"
        + frames
        + b"RuntimeError: boom\n"
        + b"##[error]Process completed with exit code 1.\n"
        + filler
    ) * 3
    assert len(frames) > 2 * streaming.PIECE
    assert stream(data, step=4096, workers=workers) == one_pass(data)


def test_the_stream_s_buffers_are_filled_again_not_made_for_every_piece(
    small_pieces: None,
) -> None:
    """Fresh memory costs a page fault a page: a hundred pieces go through the
    few buffers that may be in use at once, and report what one pass reports."""
    data = b"".join(b"src/a%d.c:3:5: error: 'x' undeclared\n" % i for i in range(16000))
    detector = StreamDetector(workers=False)
    seen: dict[int, object] = {}  # each kept alive, so that no id is used again
    for i in range(0, len(data), 1024):
        detector.feed(data[i : i + 1024])
        seen[id(detector._buf)] = detector._buf
    assert detector._count > 100
    assert len(seen) <= streaming.MAX_WAITING + 2
    assert detector.close().to_dict() == one_pass(data)


def test_a_line_without_an_end_is_held_to_its_first_bytes_and_memory_stays_bounded() -> None:
    detector = StreamDetector()
    junk = b"x" * (1 << 20)
    for _ in range(50):
        detector.feed(junk)
        assert detector._used <= MAX_PENDING  # held, of a buffer that does not grow:
        assert len(detector._buf) == streaming.BUFFER
    detector.feed(b"\nsrc/app.c:3:5: error: 'x' undeclared\n")
    errors = detector.close().errors
    assert [(e.file, e.line) for e in errors] == [("src/app.c", 3)]


def test_a_line_longer_than_what_is_held_after_a_piece_does_not_stop_the_cutting(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Fed whole, right at a cut: the piece reads on into that one line, and the
    pieces after it are cut as before (found by a review: they were not, and
    the rest of the output was held)."""
    monkeypatch.setattr(streaming, "AHEAD_LIMIT", 1 << 16)
    filler = b"".join(b"compiling module %d\n" % i for i in range(400000))
    head = filler[: filler.index(b"\n", streaming.PIECE - 1) + 1]
    detector = StreamDetector(workers=False)
    detector.feed(head)
    detector.feed(b"y" * (1 << 17) + b"\n")
    for i in range(0, 4 * streaming.PIECE, 1 << 20):
        detector.feed(filler[i : i + (1 << 20)])
    assert detector._count >= 3
    assert detector._used < 2 * streaming.PIECE
    detector.close()


def test_a_block_open_at_a_cut_is_read_whole_though_its_lines_are_long() -> None:
    """A traceback quoting 60 KB source lines (minified code) across a cut."""
    filler = b"".join(b"compiling module %d\n" % i for i in range(200000))
    head = filler[: streaming.PIECE - 3000]
    trace = [b"Traceback (most recent call last):"]
    for i in range(25):
        trace += [
            b'  File "app/m%d.py", line %d, in f%d' % (i, i + 1, i),
            b"    x = '%s'" % (b"a" * 60000),
        ]
    data = head[: head.rindex(b"\n") + 1] + b"\n".join([*trace, b"ValueError: boom"]) + b"\n"
    data += filler[:400000]
    assert stream(data, step=1 << 20) == one_pass(data)


def test_errlearn_run_reports_a_big_output_as_errlearn_scan_reports_it(
    corpora: Path, tmp_path: Path
) -> None:
    data = corpus_log(corpora, "logchunks/logs/*/*/failed/*.log", limit=40)
    assert len(data) > 2 * streaming.PIECE  # a worker is started
    log = tmp_path / "build.log"
    log.write_bytes(data)
    (tmp_path / "pyproject.toml").write_text("[tool.errlearn]\nbuiltin = false\n")
    env = {k: v for k, v in os.environ.items() if not k.startswith(("ERRLEARN", "GITHUB"))}
    ran = subprocess.run(
        [*ERRLEARN, "run", "--json", "run.json", "--", "cat", str(log)],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        timeout=120,
    )
    assert ran.returncode == 0 and ran.stdout == data
    scanned = subprocess.run(
        [*ERRLEARN, "scan", "--json", "--command", "cat", str(log)],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        timeout=120,
    )
    assert scanned.returncode == 0, scanned.stderr
    ours, theirs = json.loads((tmp_path / "run.json").read_text()), json.loads(scanned.stdout)
    assert ours["errors"] == theirs["errors"] and ours["warnings"] == theirs["warnings"]


def test_a_stream_detector_and_a_detector_agree_on_a_log_without_a_last_newline() -> None:
    data = b"ok\n" * 3000 + b"src/app.c:3:5: error: 'x' undeclared"
    detector = Detector()
    detector.feed(data)
    assert stream(data, step=100) == detector.close().to_dict()


def test_a_big_log_on_stdin_is_scanned_as_the_same_log_in_a_file(
    corpora: Path, tmp_path: Path
) -> None:
    data = corpus_log(corpora, "logchunks/logs/*/*/failed/*.log", limit=40)
    log = tmp_path / "build.log"
    log.write_bytes(data)
    env = {k: v for k, v in os.environ.items() if not k.startswith(("ERRLEARN", "GITHUB"))}
    piped, read = (
        subprocess.run(
            [*ERRLEARN, "scan", "--json", *args],
            input=stdin,
            cwd=tmp_path,
            env=env,
            capture_output=True,
            timeout=120,
        )
        for args, stdin in ((["-"], data), ([str(log)], None))
    )
    assert piped.returncode == read.returncode == 0, piped.stderr + read.stderr
    assert json.loads(piped.stdout)["errors"] == json.loads(read.stdout)["errors"]
