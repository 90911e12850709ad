"""A big log scanned in pieces, one process each, reports what one pass reports.

The pieces are made small here (``MIN_PIECE``, ``PIECE``) so that the corpora's
real logs are cut in every kind of place: inside tracebacks, stack traces, code
frames and the context lines after an error, and each process takes many.
"""

from __future__ import annotations

import io
import os
from collections.abc import Iterator
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest

from pytest_errlearn import forking
from pytest_errlearn.detect import ahead as ahead_module
from pytest_errlearn.detect import detect, forks, parallel, pieces
from pytest_errlearn.detect.parallel import scan_file
from pytest_errlearn.detect.scanner import MAX_WARNINGS, Scanner
from pytest_errlearn.forking import free_cpus

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="pieces are scanned in forks")


def report_of(path: Path, **kwargs: Any) -> dict[str, Any]:
    return scan_file(str(path), **kwargs).to_dict()


def forks_of(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The children ``os.fork`` makes from now on, as they are made."""
    forked: list[int] = []
    fork = os.fork

    def counted_fork() -> int:
        if pid := fork():
            forked.append(pid)
        return pid

    monkeypatch.setattr(os, "fork", counted_fork)
    return forked


@pytest.fixture
def small_pieces(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setattr(parallel, "MIN_PIECE", 1 << 12)
    monkeypatch.setattr(parallel, "PIECE", 1 << 12)
    yield


def corpus_log(corpora: Path, tmp_path: Path, pattern: str, limit: int) -> Path:
    """The corpus's logs matching ``pattern``, one after another, as one file."""
    logs = sorted(corpora.glob(pattern))[:limit]
    if not logs:
        pytest.skip(f"no {pattern} in the corpora")
    big = tmp_path / "big.log"
    big.write_bytes(b"".join(log.read_bytes().rstrip(b"\n") + b"\n" for log in logs))
    return big


@pytest.mark.parametrize("workers", [2, 3, 7])
@pytest.mark.parametrize(
    "pattern", ["logchunks/logs/*/*/failed/*.log", "cidiff/*/fail.log", "analysis-model/**/*.txt"]
)
def test_a_log_scanned_in_pieces_reports_what_one_pass_reports(
    corpora: Path, tmp_path: Path, small_pieces: None, pattern: str, workers: int
) -> None:
    big = corpus_log(corpora, tmp_path, pattern, limit=40)
    whole = detect(big.read_bytes()).to_dict()
    assert whole["errors"]
    assert report_of(big, workers=workers) == whole


def traceback(frames: int, exc: str) -> list[bytes]:
    lines = [b"Traceback (most recent call last):"]
    for i in range(frames):
        lines += [b'  File "app/mod%d.py", line %d, in f%d' % (i, i + 1, i), b"    f%d()" % (i + 1)]
    return [*lines, exc.encode()]


def chained_log() -> tuple[bytes, int]:
    """A log with a chained traceback, and where its second traceback starts."""
    filler = b"".join(b"compiling module %d\n" % i for i in range(400))
    chained = [
        *traceback(5, "KeyError: 'x'"),
        b"",
        b"During handling of the above exception, another exception occurred:",
        b"",
        *traceback(40, "RuntimeError: boom"),
    ]
    trace = b"\n".join(chained) + b"\n"
    data = filler + trace + filler + b"src/app.c:3:5: error: 'x' undeclared\n" + filler
    return data, len(filler) + trace.rindex(b"Traceback")


def test_a_piece_that_starts_inside_a_traceback_is_read_again_from_its_end(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The second piece starts at a chained traceback's own header: read alone,
    it opens a block that runs past where the first piece's block ended."""
    data, cut = chained_log()
    log = tmp_path / "build.log"
    log.write_bytes(data)
    monkeypatch.setattr(parallel, "MIN_PIECE", 1)
    monkeypatch.setattr(parallel, "_cuts", lambda file, count: [0, cut, file.size])
    rescans: list[int] = []
    rescan = pieces.rescan
    monkeypatch.setattr(
        pieces, "rescan", lambda *a, **k: rescans.append(a[1][0]) or rescan(*a, **k)
    )

    report = report_of(log, workers=2)

    assert rescans, "the second piece's own block was taken as it is"
    assert report == detect(data).to_dict()
    assert report["errors"][-1]["message"] == "'x' undeclared"


def test_a_piece_whose_process_fails_is_scanned_by_the_parent(
    corpora: Path, tmp_path: Path, small_pieces: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    big = corpus_log(corpora, tmp_path, "cidiff/*/fail.log", limit=10)

    def broken(*args: Any, **kwargs: Any) -> Any:
        raise MemoryError  # only the children send their errors; the parent never calls this

    monkeypatch.setattr(forks, "to_wire", broken)
    assert report_of(big, workers=3) == detect(big.read_bytes()).to_dict()


def test_a_small_file_is_scanned_in_this_process(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    log = tmp_path / "small.log"
    log.write_bytes(b"src/app.c:3:5: error: 'x' undeclared\n" * 100)

    def no_fork() -> int:
        raise AssertionError("forked for a small file")

    monkeypatch.setattr(os, "fork", no_fork)
    assert report_of(log)["errors"][0]["count"] == 100


def test_an_empty_file_and_one_without_a_last_newline_scan_in_pieces(
    tmp_path: Path, small_pieces: None
) -> None:
    empty = tmp_path / "empty.log"
    empty.write_bytes(b"")
    assert report_of(empty, workers=4)["errors"] == []
    data = b"ok\n" * 3000 + b"src/app.c:3:5: error: 'x' undeclared"
    log = tmp_path / "open.log"
    log.write_bytes(data)
    assert report_of(log, workers=4) == detect(data).to_dict()


def test_the_pieces_of_a_big_file_start_at_line_starts_and_shrink_towards_its_end(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(parallel, "PIECE", 1 << 10)
    data = b"".join(b"line %d of some build output\n" % i for i in range(20000))
    log = tmp_path / "build.log"
    log.write_bytes(data)
    with open(log, "rb") as f:
        cuts = parallel._cuts(pieces.FileRange(f.fileno(), len(data)), 2)
    sizes = [end - begin for begin, end in pairwise(cuts)]
    assert cuts[0] == 0 and cuts[-1] == len(data)
    assert all(data[cut - 1 : cut] == b"\n" for cut in cuts[1:-1])
    assert len(sizes) <= parallel.MAX_PIECES
    assert sizes[:-1] == sorted(sizes[:-1], reverse=True)  # the last is what is left
    assert sizes[0] > 10 * sizes[-2]


def test_a_process_past_the_warning_limit_reads_no_more_warnings_in_its_later_pieces(
    tmp_path: Path, small_pieces: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    warnings = (b"src/a.c:%d:5: warning: unused variable 'x'\n" % i for i in range(3000))
    data = b"".join(warnings) + b"src/a.c:9:1: error: boom\n"
    log = tmp_path / "build.log"
    log.write_bytes(data)
    read_before: list[int] = []
    scan_piece = pieces.scan_piece

    def spy(*args: Any, **kwargs: Any) -> Any:
        read_before.append(kwargs.get("warning_lines", 0))
        return scan_piece(*args, **kwargs)

    monkeypatch.setattr(pieces, "scan_piece", spy)
    with open(log, "rb") as f:
        report = parallel._scan(pieces.FileRange(f.fileno(), len(data)), 1, None, None)
    assert len(read_before) > 2 and max(read_before) >= MAX_WARNINGS
    assert report.to_dict() == detect(data).to_dict()


def test_a_piece_is_cut_where_no_block_can_be_open_so_it_is_never_scanned_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Cut at the second traceback's header, a piece is scanned again (the
    test above); a cut moved to where nothing stage 1 stops at is near never is."""
    data, inside = chained_log()
    log = tmp_path / "build.log"
    log.write_bytes(data)
    with open(log, "rb") as f:
        cut = pieces.quiet_start(pieces.FileRange(f.fileno(), len(data)), inside - 1)
    assert data[cut - 1 : cut] == b"\n"
    assert data[:cut].count(b"\n") >= data[:inside].count(b"\n") + pieces.QUIET  # past the block

    rescans: list[int] = []
    monkeypatch.setattr(parallel, "MIN_PIECE", 1)
    quiet_cut = pieces.quiet_start
    monkeypatch.setattr(
        parallel, "_cuts", lambda file, count: [0, quiet_cut(file, inside - 1), file.size]
    )
    rescan = pieces.rescan
    monkeypatch.setattr(
        pieces, "rescan", lambda *a, **k: rescans.append(a[1][0]) or rescan(*a, **k)
    )
    assert report_of(log, workers=2) == detect(data).to_dict()
    assert rescans == []


def test_a_failure_line_after_its_pieces_own_error_costs_no_look_at_the_output_above_it(
    tmp_path: Path, small_pieces: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The assembly would drop that output: it follows from the error. A failure
    line whose error lies in the piece before is still read, and dropped there."""
    monkeypatch.setattr(parallel, "PIECE", 1 << 14)
    step = (
        b"src/a.c:3:5: error: 'x' undeclared\n"
        + b"".join(b"  checking part %d\n" % i for i in range(5))
        + b"make: *** [Makefile:3: all] Error 1\n"
    )
    filler = b"".join(b"compiling module %d\n" % i for i in range(30))
    data = (filler + step) * 150
    log = tmp_path / "build.log"
    log.write_bytes(data)
    looks: list[int] = []
    preceding = Scanner._preceding
    monkeypatch.setattr(Scanner, "_preceding", lambda s, *a: looks.append(a[2]) or preceding(s, *a))
    scanned: list[int] = []
    scan_piece = pieces.scan_piece
    monkeypatch.setattr(
        pieces, "scan_piece", lambda *a, **k: scanned.append(a[1]) or scan_piece(*a, **k)
    )
    with open(log, "rb") as f:
        report = parallel._scan(pieces.FileRange(f.fileno(), len(data)), 1, None, None)
    assert report.to_dict() == detect(data).to_dict()
    assert len(scanned) > 3
    # Only in a piece's first lines, which the piece before may have read: not 150 times.
    assert 0 < len(looks) <= 2 * len(scanned)


def test_the_callers_own_work_is_done_as_the_pieces_are_scanned_and_its_failure_stops_them(
    tmp_path: Path, small_pieces: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    data, _ = chained_log()
    log = tmp_path / "build.log"
    log.write_bytes(data * 20)
    forked = forks_of(monkeypatch)
    done: list[int] = []
    report = scan_file(str(log), workers=2, meanwhile=lambda: done.append(len(forked)))
    assert done == [1] and report.to_dict() == detect(data * 20).to_dict()

    def broken() -> None:
        raise ValueError("patterns.toml: line 1: broken")

    with pytest.raises(ValueError, match="broken"):
        scan_file(str(log), workers=2, meanwhile=broken)
    assert len(forked) == 2
    with pytest.raises(ChildProcessError):
        os.waitpid(forked[1], os.WNOHANG)  # reaped: the child is gone


def test_a_step_that_ended_well_reads_the_same_in_pieces_as_in_one_pass(
    tmp_path: Path, small_pieces: None
) -> None:
    step = (
        b"$ ./install\nError: optional cache missing\n"
        b'The command "./install" exited with 0.\n'
        b"$ ./check\nchecking\nbroken link: docs/a.md\n"
        b'The command "./check" exited with 1.\n'
    )
    data = b"".join(b"compiling module %d\n" % i for i in range(3000)) + step * 400
    log = tmp_path / "ci.log"
    log.write_bytes(data)
    one = detect(data).to_dict()
    assert one["errors"] and scan_file(str(log), workers=2).to_dict() == one


# One free CPU: one pass. Two: one pass, stage 1 ahead in a worker. Three: three pieces.
@pytest.mark.parametrize(("free", "children"), [(1, 0), (2, 1), (3, 2)])
def test_a_big_file_is_read_in_pieces_from_three_free_cpus_with_stage_one_ahead_on_two(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, free: int, children: int
) -> None:
    data = b"noise\n" * 3000 + b"src/app.c:3:5: error: 'x' undeclared\n" + b"noise\n" * 3000
    log = tmp_path / "big.log"
    log.write_bytes(data)
    monkeypatch.setattr(parallel, "MIN_PIECE", 1 << 12)
    monkeypatch.setattr(parallel, "free_cpus", lambda: free)
    monkeypatch.setattr(ahead_module, "MIN_AHEAD", 1 << 12)
    monkeypatch.setattr(ahead_module, "free_cpus", lambda: free)
    forked = forks_of(monkeypatch)
    assert scan_file(str(log)).to_dict() == detect(data).to_dict()
    assert len(forked) == children


def test_the_free_cpus_are_those_no_other_runnable_process_takes(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(forking, "cpus", lambda: 4)
    loadavg = tmp_path / "loadavg"
    real_open = open

    def fake_open(path: str, *args: object, **kwargs: object) -> object:
        return real_open(loadavg if path == "/proc/loadavg" else path, *args, **kwargs)  # type: ignore[call-overload]

    monkeypatch.setattr("builtins.open", fake_open)
    for running, free in ((1, 4), (2, 3), (4, 1), (9, 1)):
        loadavg.write_text(f"0.50 0.40 0.30 {running}/120 4242\n")
        assert free_cpus() == free
    loadavg.unlink()
    assert free_cpus() == 4  # nothing to read: every CPU counts as free


def test_a_cpu_free_at_one_of_the_looks_is_free(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(forking, "cpus", lambda: 2)
    looks = iter([b"0.5 0.4 0.3 2/80 42\n", b"0.5 0.4 0.3 1/80 42\n"])  # a kernel thread, gone
    monkeypatch.setattr("builtins.open", lambda path, mode: io.BytesIO(next(looks)))
    assert free_cpus() == 2
    busy = iter([b"0.5 0.4 0.3 2/80 42\n"] * 3)  # a build, there at every look
    monkeypatch.setattr("builtins.open", lambda path, mode: io.BytesIO(next(busy)))
    assert free_cpus() == 1
