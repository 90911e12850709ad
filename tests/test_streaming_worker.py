"""The worker that scans a stream's pieces on a second process: what it holds
when it fails or is killed, the descriptors and signals it keeps, and how the
last pieces are shared with it at the end of a run.
"""

from __future__ import annotations

import os
import select
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from streaming_helpers import chained_log, corpus_log, one_pass, shrink_pieces, stream

from pytest_errlearn.detect import forks, pieces, streaming
from pytest_errlearn.detect.streaming import StreamDetector

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="the worker is forked")


@pytest.fixture
def small_pieces(monkeypatch: pytest.MonkeyPatch) -> None:
    shrink_pieces(monkeypatch)


def slow_scans(monkeypatch: pytest.MonkeyPatch, seconds: float) -> None:
    """Each piece the worker scans takes ``seconds`` longer."""
    scan = streaming._scan_request
    monkeypatch.setattr(
        streaming, "_scan_request", lambda *a, **k: time.sleep(seconds) or scan(*a, **k)
    )


def test_the_pieces_of_a_worker_that_fails_are_read_here(
    corpora: Path, small_pieces: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    data = corpus_log(corpora, "cidiff/*/fail.log", limit=10)

    def broken(*args: Any, **kwargs: Any) -> Any:
        raise MemoryError  # only the worker sends its errors; this process never calls it

    monkeypatch.setattr(forks, "to_wire", broken)
    rescans: list[int] = []
    rescan = pieces.rescan
    monkeypatch.setattr(
        pieces, "rescan", lambda *a, **k: rescans.append(a[1][0]) or rescan(*a, **k)
    )
    assert stream(data, step=4096) == one_pass(data)
    assert rescans  # what the worker had, read here


def test_a_worker_killed_with_pieces_queued_costs_no_piece(
    small_pieces: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Killed (the OOM killer, a crash) holding two pieces, one still queued and
    so taken back at the end: every piece is still read (found by a review:
    those from the taken-back one on were dropped)."""
    slow_scans(monkeypatch, 0.3)
    filler = b"".join(b"compiling module %d\n" % i for i in range(5000))
    errors = b"".join(b"src/a%d.c:3:5: error: 'x' undeclared\n" % i for i in range(300))
    data = filler[: 3 * streaming.PIECE + streaming.PIECE // 2] + errors
    detector = StreamDetector()
    detector.feed(data)
    assert detector._worker is not None and len(detector._at_worker) >= 2
    os.kill(detector._worker.pid, signal.SIGKILL)
    time.sleep(0.1)
    report = detector.close().to_dict()
    assert len(report["errors"]) == 300
    assert report == one_pass(data)


def test_pieces_waiting_for_the_worker_are_bounded(
    small_pieces: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A slow worker makes this process wait for it, not hold the output."""
    data, _ = chained_log()
    data += b"".join(b"src/a%d.c:3:5: error: 'x' undeclared\n" % i for i in range(2000))
    slow_scans(monkeypatch, 0.02)
    detector = StreamDetector()
    for i in range(0, len(data), 4096):
        detector.feed(data[i : i + 4096])
        assert len(detector._cut_pieces) <= streaming.MAX_WAITING
    assert detector.close().to_dict() == one_pass(data)


def test_the_pieces_still_queued_at_the_worker_at_the_end_are_read_here_meanwhile(
    small_pieces: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Three pieces cut and sent, the worker slow on the first: at the end, the
    rest is read here, then the third and the second are taken back and read
    here too, while the worker ends the first."""
    filler = b"".join(b"compiling module %d\n" % i for i in range(5000))
    data = filler[: 3 * streaming.PIECE + streaming.PIECE // 2]
    data += b"src/a.c:3:5: error: 'x' undeclared\n"
    slow_scans(monkeypatch, 0.3)
    taken: list[int | None] = []
    take_back = forks.Worker.take_back

    def spy(worker: forks.Worker) -> int | None:
        taken.append(take_back(worker))
        return taken[-1]

    monkeypatch.setattr(forks.Worker, "take_back", spy)
    detector = StreamDetector()
    detector.feed(data)
    assert list(detector._at_worker) == [0, 1, 2]
    assert detector.close().to_dict() == one_pass(data)
    assert taken == [2, 1, None]  # the last sent first; none once the worker has only its own


def test_the_piece_the_worker_is_still_on_when_the_output_ends_is_read_here_too(
    small_pieces: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The output ends while the worker is on a piece (started late, or its CPU
    lost to another process): this process, with nothing else left to read,
    reads that piece too and keeps the first read to end. The worker's answer
    comes late here, and wrong: it must be neither waited for nor used."""
    errors = b"".join(b"src/a%d.c:3:5: error: 'x' undeclared\n" % i for i in range(50))
    filler = b"".join(b"compiling module %d\n" % i for i in range(5000))
    data = errors + filler[: 2 * streaming.PIECE]
    scan = streaming._scan_request

    def late_and_wrong(*args: Any, **kwargs: Any) -> tuple[int, forks.Piece]:
        time.sleep(2)
        k, piece = scan(*args, **kwargs)
        return k, piece._replace(founds=[])

    monkeypatch.setattr(streaming, "_scan_request", late_and_wrong)
    stopped: list[bool] = []
    stop = forks.Worker.stop
    monkeypatch.setattr(forks.Worker, "stop", lambda w: stopped.append(w.busy) or stop(w))
    detector = StreamDetector()
    detector.feed(data)
    assert list(detector._at_worker)[:1] == [0]  # the errors are in the worker's piece
    report = detector.close().to_dict()
    assert len(report["errors"]) == 50
    assert report == one_pass(data)
    assert stopped == [True]  # stopped while still on it: its answer was not waited for


def test_on_a_single_cpu_the_piece_the_worker_is_on_at_the_end_is_left_to_it(
    small_pieces: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Reading it here too would only take the worker's CPU."""
    data = b"src/a.c:3:5: error: 'x' undeclared\n" + b"compiling\n" * (2 * streaming.PIECE // 10)
    slow_scans(monkeypatch, 0.2)
    monkeypatch.setattr(streaming, "cpus", lambda: 1)
    here: list[int] = []
    scan_here = StreamDetector._scan_here
    monkeypatch.setattr(
        StreamDetector,
        "_scan_here",
        lambda self, k, **kw: here.append(k) or scan_here(self, k, **kw),
    )
    detector = StreamDetector()
    detector.feed(data)
    assert list(detector._at_worker)[:1] == [0]
    assert detector.close().to_dict() == one_pass(data)
    assert 0 not in here


def test_what_is_left_at_the_end_is_cut_small_and_read_from_both_ends(
    small_pieces: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The output is over with more than a piece left (the lines after the last
    piece did not come in time to cut it): it is cut into quarter pieces; the
    worker takes the first as it has room, this process reads the last first,
    so that both end together."""
    data, _ = chained_log()
    slow_scans(monkeypatch, 0.002)
    detector = StreamDetector()
    detector.feed(data)
    while detector._start + detector._used - detector._begin <= streaming.PIECE:
        line = b"compiling module %06d\n" % len(data)
        detector.feed(line)
        data += line
    assert detector._worker is not None
    cut = detector._count
    here: list[int] = []
    scan_here = StreamDetector._scan_here
    monkeypatch.setattr(
        StreamDetector,
        "_scan_here",
        lambda self, k, **kw: here.append(k) or scan_here(self, k, **kw),
    )
    assert detector.close().to_dict() == one_pass(data)
    assert detector._count - cut >= 3  # over 4 KB left: pieces of 1 KB, and the last lines
    assert here and here == sorted(here, reverse=True)  # the last first


def test_an_output_that_ends_in_long_lines_is_not_cut_finer_at_the_end(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Minified code, JSON, base64 at the end: a small piece there would hold the
    long lines after it, nearly all the rest, copied at every cut (found by a
    review: 374 MB and 0.4 s to close 20 MB, against 48 MB and 0.03 s). The
    short lines before them may be; the long ones go in one piece."""
    filler = b"".join(b"compiling module %d\n" % i for i in range(250000))  # a worker starts
    tail = b"".join(b"%06d " % i + b"x" * 389_992 + b"\n" for i in range(42))
    data = filler + tail + b"src/app.c:3:5: error: 'x' undeclared\n"
    detector = StreamDetector()
    for i in range(0, len(data), 1 << 22):
        detector.feed(data[i : i + (1 << 22)])
    assert detector._worker is not None
    cuts: list[int] = []
    cut_piece = StreamDetector._cut_piece
    monkeypatch.setattr(
        StreamDetector,
        "_cut_piece",
        lambda self, end, ahead: cuts.append(end) or cut_piece(self, end, ahead),
    )
    report = detector.close().to_dict()
    assert cuts and all(end <= len(filler) for end in cuts[:-1])  # the last: all the rest
    assert report == one_pass(data)


def test_a_piece_read_here_ahead_of_the_assembly_is_told_the_warnings_read_above_it(
    small_pieces: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The worker slow: pieces read here meanwhile, before the pieces above them
    are put back together, are told what those read, so past the warning limit
    they read no more warnings in full; the report keeps the same ones."""
    warnings = b"".join(b"src/a.c:%d:5: warning: unused variable 'x'\n" % i for i in range(3000))
    data = warnings + b"src/a.c:9:1: error: boom\n"
    slow_scans(monkeypatch, 0.02)
    detector = StreamDetector()
    told: list[tuple[int, int]] = []  # warning lines told a piece read here, and put together
    scan_piece = streaming.scan_piece

    def spy(*args: Any, **kwargs: Any) -> Any:
        told.append((kwargs["warning_lines"], detector._assembly.warning_lines))
        return scan_piece(*args, **kwargs)

    monkeypatch.setattr(streaming, "scan_piece", spy)
    for i in range(0, len(data), 4096):
        detector.feed(data[i : i + 4096])
    assert detector.close().to_dict() == one_pass(data)
    assert any(ahead > together for ahead, together in told)


def test_the_worker_keeps_none_of_the_descriptors_of_the_process_it_was_forked_from(
    small_pieces: None,
) -> None:
    """The command's pipes, the terminal: a pipe's reader sees its end when this
    process closes its writer, though the worker was forked while it was open."""
    read_end, write_end = os.pipe()
    detector = StreamDetector()
    try:
        detector.feed(b"compiling module\n" * 20000)
        worker = detector._worker
        assert worker is not None and worker.alive
        os.close(write_end)
        write_end = -1
        assert select.select([read_end], [], [], 5)[0] and os.read(read_end, 1) == b""
        detector.close()
    finally:
        if detector._worker is not None:
            detector._worker.stop()  # whatever it holds, it is gone
        os.close(read_end)
        if write_end >= 0:
            os.close(write_end)
    assert worker_ends(worker.pid)


def worker_ends(pid: int) -> bool:
    """Whether the worker ``pid``, told to end, ends within 5 s (reaped here, or
    by ``forks`` already)."""
    for _ in range(500):
        try:
            if os.waitpid(pid, os.WNOHANG)[0] == pid:
                return True
        except ChildProcessError:
            return True
        time.sleep(0.01)
    return False


def test_a_worker_told_to_end_is_not_waited_for_and_is_reaped_once_it_has_ended(
    small_pieces: None,
) -> None:
    """Its memory is the system's to free (4 ms after a big output): the close does
    not wait for it; the next worker told to end, or the exit, reaps it."""
    first, second = StreamDetector(), StreamDetector()
    for detector in (first, second):
        detector.feed(b"compiling module\n" * 20000)
    assert first._worker is not None and second._worker is not None
    pids = [first._worker.pid, second._worker.pid]
    first.close()
    time.sleep(0.2)  # ended by now
    second.close()
    with pytest.raises(ChildProcessError):
        os.waitpid(pids[0], os.WNOHANG)  # reaped, by the second close if not the first
    forks._reap_all(0)  # as at exit
    assert forks._ENDING == []
    with pytest.raises(ChildProcessError):
        os.waitpid(pids[1], os.WNOHANG)


def test_a_process_with_a_thousand_descriptors_open_still_hears_from_its_worker(
    small_pieces: None,
) -> None:
    """A CI agent's many inherited descriptors: the worker's pipes are numbered
    past 1024, which ``select`` cannot watch (found by a review)."""
    resource = pytest.importorskip("resource")
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard != resource.RLIM_INFINITY and hard < 1200:
        pytest.skip("no room for 1,100 descriptors")
    resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, 1200), hard))
    held = [os.open(os.devnull, os.O_RDONLY) for _ in range(1100)]
    try:
        data, _ = chained_log()
        report = stream(data, step=4096)
    finally:
        for fd in held:
            os.close(fd)
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))
    assert report == one_pass(data)


def test_a_worker_started_without_standard_streams_keeps_its_pipes(
    small_pieces: None,
) -> None:
    """errlearn started with stdin and stdout closed: the worker's pipes are fds
    0 and 1, which it must not give to /dev/null."""
    script = (
        "import os, sys\n"
        "from pytest_errlearn.detect import streaming\n"
        "streaming.PIECE = 1 << 12\n"
        "streaming.SLOT = (1 << 13) + (1 << 20)\n"
        "log = open(sys.argv[1], 'rb').read()\n"
        "os.close(0); os.close(1)\n"
        "detector = streaming.StreamDetector()\n"
        "for i in range(0, len(log), 4096):\n"
        "    detector.feed(log[i : i + 4096])\n"
        "worker = detector._worker\n"
        "import time; time.sleep(0.2)\n"
        "alive = os.waitpid(worker.pid, os.WNOHANG) == (0, 0)\n"
        "report = detector.close()\n"
        "sys.stderr.write(f'{alive} {len(report.errors)}\\n')\n"
    )
    data, _ = chained_log()
    with __import__("tempfile").NamedTemporaryFile(suffix=".log") as log:
        log.write(data * 3)
        log.flush()
        done = subprocess.run(
            [sys.executable, "-c", script, log.name], capture_output=True, timeout=60
        )
    assert done.returncode == 0, done.stderr
    alive, errors = done.stderr.split()
    assert alive == b"True"  # not gone at once, its requests read from /dev/null
    assert int(errors) == len(one_pass(data * 3)["errors"])


def test_the_worker_leaves_ctrl_c_to_the_command_and_goes_on(
    corpora: Path, small_pieces: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    data = corpus_log(corpora, "cidiff/*/fail.log", limit=10)
    slow_scans(monkeypatch, 0.01)
    detector = StreamDetector()
    half = len(data) // 2
    detector.feed(data[:half])
    assert detector._worker is not None
    pid = detector._worker.pid
    os.kill(pid, signal.SIGINT)
    time.sleep(0.05)
    assert os.waitpid(pid, os.WNOHANG) == (0, 0)  # still at work
    detector.feed(data[half:])
    assert detector.close().to_dict() == one_pass(data)
