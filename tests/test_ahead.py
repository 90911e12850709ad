"""Stage 1 read ahead by a worker process (``detect.ahead``): the same report as
one pass, a worker gone costs nothing but time, and ``errlearn run``'s analyser
starts one as soon as the command has ended."""

from __future__ import annotations

import os
import signal
import time
from pathlib import Path
from typing import Any

import pytest
from errlearn_wrapper import analyser, analysis

from pytest_errlearn.detect import ahead, chunks, scanner
from pytest_errlearn.detect.baseline import Baseline
from pytest_errlearn.detect.chunks import Chunks
from pytest_errlearn.detect.engine import Detector
from pytest_errlearn.detect.scanner import MAX_WARNINGS

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="the worker is forked")

STEP = 1 << 12  # small chunks: a few hundred of them in a log of a megabyte


@pytest.fixture
def small_chunks(monkeypatch: pytest.MonkeyPatch) -> None:
    """Chunks of ``STEP`` bytes, and a worker for whatever is left to read."""
    monkeypatch.setattr(chunks, "STEP", STEP)
    monkeypatch.setattr(ahead, "READ", 8 * STEP)
    monkeypatch.setattr(ahead, "MIN_AHEAD", 0)
    monkeypatch.setattr(ahead, "free_cpus", lambda: 2)


def build_log() -> bytes:
    """A build's output with what stage 1 and the chunks must get right: colours,
    a progress line overwritten with \\r, tracebacks across chunk ends, more
    warnings than are read in full, a line longer than is kept, no last newline."""
    parts = [
        b"\x1b[1mCompiling\x1b[0m app v0.1.0\n",
        b"[1/3] 10%\r[2/3] 60%\rsrc/a.c:1:2: error: boom\n",
    ]
    for i in range(MAX_WARNINGS + 50):
        parts.append(b"src/w%d.c:%d:1: warning: unused variable 'x'\n" % (i, i + 1))
        parts.append(b"  compiling unit %d of the library, nothing to see here\n" % i * 3)
    for i in range(120):
        parts.append(b"Traceback (most recent call last):\n")
        parts.append(b'  File "app/m%d.py", line %d, in run\n    go()\n' % (i, i + 2))
        parts.append(b"ValueError: bad value %d\n" % i)
        parts.append(b"\x1b[31merror[E0425]: cannot find value `totl%d`\x1b[0m\n" % i)
        parts.append(b" --> src/main.rs:%d:5\n" % (i + 3))
        parts.append(b"ok line %d\n" % i * 20)
    parts.append(b"x" * (chunks.MAX_PENDING + 100) + b" error: too long\n")
    parts.append(b"make: *** [all] Error 2")
    return b"".join(parts)


def detected(path: Path, *, read: int, worker: bool) -> tuple[dict[str, Any], int, bool]:
    """The report of ``path`` read ``read`` bytes at a time, with or without a
    worker; its dropped count, and whether a worker read ahead."""
    fd = os.open(path, os.O_RDONLY)
    try:
        detector = Detector()
        offset = read + 7  # a first read, its last line unfinished: the worker starts there
        detector.feed(os.pread(fd, offset, 0))
        if worker:
            detector.read_ahead(fd, offset, os.fstat(fd).st_size)
        started = detector._scanner.ahead is not None
        while data := os.pread(fd, read, offset):
            offset += len(data)
            detector.feed(data)
        report = detector.close()
    finally:
        os.close(fd)
    return report.to_dict(), detector.dropped, started


def test_a_worker_reading_ahead_gives_the_report_one_pass_gives(
    tmp_path: Path, small_chunks: None
) -> None:
    log = tmp_path / "build.log"
    log.write_bytes(build_log())
    one_pass, dropped, _ = detected(log, read=3 * STEP, worker=False)
    assert dropped > 0 and len(one_pass["errors"]) > 100  # past the warnings' limit, many errors
    report, counted, started = detected(log, read=2 * STEP, worker=True)
    assert (report, started) == (one_pass, True)
    assert counted >= dropped  # past the limit, every warning line is counted, none read


@pytest.mark.parametrize(
    "pattern", ["logchunks/logs/*/*/failed/*.log", "cidiff/*/fail.log", "analysis-model/**/*.txt"]
)
def test_real_logs_read_ahead_give_the_reports_one_pass_gives(
    corpora: Path, tmp_path: Path, small_chunks: None, pattern: str
) -> None:
    logs = sorted(corpora.glob(pattern))[:60]
    if not logs:
        pytest.skip(f"no {pattern} in the corpora")
    log = tmp_path / "big.log"
    log.write_bytes(b"".join(path.read_bytes().rstrip(b"\n") + b"\n" for path in logs))
    one_pass = detected(log, read=STEP, worker=False)[0]
    assert detected(log, read=4 * STEP, worker=True)[::2] == (one_pass, True)


def test_a_worker_that_dies_leaves_the_scanner_to_find_the_lines_itself(
    tmp_path: Path, small_chunks: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    log = tmp_path / "build.log"
    log.write_bytes(build_log())
    one_pass = detected(log, read=STEP, worker=False)[0]
    start = ahead.start

    def killed_at_once(*args: Any) -> ahead.Ahead | None:
        worker = start(*args)
        assert worker is not None
        os.kill(worker.pid, signal.SIGKILL)
        return worker

    monkeypatch.setattr(ahead, "start", killed_at_once)
    assert detected(log, read=STEP, worker=True)[::2] == (one_pass, True)


def test_a_worker_out_of_step_is_stopped_and_the_scanner_reads_on_alone(
    tmp_path: Path, small_chunks: None
) -> None:
    log = tmp_path / "build.log"
    log.write_bytes(build_log())
    fed = b"one line the worker never sees\n" + log.read_bytes()  # every chunk cut elsewhere
    fd = os.open(log, os.O_RDONLY)
    try:
        detector = Detector()
        detector.read_ahead(fd, 0, log.stat().st_size)
        assert detector._scanner.ahead is not None
        for i in range(0, len(fed), STEP):
            detector.feed(fed[i : i + STEP])
        assert detector._scanner.ahead is None  # stopped at its first chunk
        report = detector.close()
    finally:
        os.close(fd)
    one_pass = Detector()
    one_pass.feed(fed)
    assert report.to_dict() == one_pass.close().to_dict()


CHUNK = b"ok\nsrc/a.c:1:2: error: boom\n"  # stage 1 stops at the line from byte 3
COLOURED = b"ok\n\x1b[31msrc/a.c:1:2: error: boom\x1b[0m\n"


def sent_for(chunk: bytes) -> tuple[tuple[int, ...], bytes, bytes | None]:
    """What the worker sends for one chunk, before any other and before its end:
    the record's head and the lines' starts; and the chunk it put in the ring."""
    read_end, write_end = os.pipe()
    ring = ahead.Ring(1 << 16)
    try:
        worker = ahead._Worker(write_end, Chunks(), ring)
        worker.feed(chunk)  # one chunk: far less than a pipe's buffer
        os.set_blocking(read_end, False)
        sent = os.read(read_end, 1 << 16)  # no waiting for more chunks, nor for the worker's end
        head = ahead._HEAD.unpack(sent[: ahead._HEAD.size])
        at, size = head[2], head[3]
        return head, sent[ahead._HEAD.size :], None if at < 0 else ring.take(at, size)
    finally:
        os.close(read_end)
        os.close(write_end)
        ring.close()


def test_each_chunk_s_lines_reach_the_scanner_as_soon_as_the_worker_has_them() -> None:
    head, starts, stripped = sent_for(CHUNK)
    assert (head[:2], starts, stripped) == ((1, len(CHUNK)), (3).to_bytes(4, "little"), None)


def test_a_chunk_s_colours_are_stripped_by_the_worker_alone(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    head, starts, stripped = sent_for(COLOURED)
    assert (head[:2], starts, stripped) == ((1, len(COLOURED)), (3).to_bytes(4, "little"), CHUNK)
    read_end, write_end = os.pipe()
    os.write(write_end, ahead._HEAD.pack(1, len(COLOURED), 0, len(CHUNK)) + starts)
    ring = ahead.Ring(1 << 16)
    ring.put(CHUNK, write_end)
    stripped_here: list[bytes] = []
    monkeypatch.setattr(scanner, "strip_colour", lambda chunk: stripped_here.append(chunk) or chunk)
    found: list[str] = []
    scan = scanner.Scanner(lambda f: found.append(f.err.message))
    scan.ahead = ahead.Ahead(os.getpid(), read_end, ring)
    scan._chunk(COLOURED)
    scan.close()
    assert scan.ahead is not None and scan.ahead._pipe is not None
    scan.ahead._pipe.close()  # its pipe closed by hand: the "worker" is this process
    os.close(write_end)
    ring.close()
    assert (found[0], stripped_here) == ("boom", [])  # then the output's end, which says so too


def test_a_worker_as_far_ahead_as_the_ring_holds_waits_for_the_scanner() -> None:
    read_end, write_end = os.pipe()
    ring = ahead.Ring(100)
    try:
        assert [ring.put(b"x" * 40, write_end) for _ in range(2)] == [0, 40]
        pid = os.fork()
        if pid == 0:  # the worker: the third would overwrite the first, unread
            os._exit(0 if ring.put(b"z" * 40, write_end) == 100 else 1)
        time.sleep(0.05)
        assert os.waitpid(pid, os.WNOHANG) == (0, 0)  # still waiting
        assert ring.take(0, 40) == b"x" * 40  # read: the ring starts again after it
        assert os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1]) == 0
        assert ring.take(100, 40) == b"z" * 40
    finally:
        os.close(read_end)
        os.close(write_end)
        ring.close()


def test_a_worker_waiting_for_a_scanner_that_is_gone_gives_up() -> None:
    read_end, write_end = os.pipe()
    ring = ahead.Ring(100)
    try:
        ring.put(b"x" * 60, write_end)
        os.close(read_end)  # the scanner gone (killed, say), the ring never read
        with pytest.raises(BrokenPipeError):
            ring.put(b"y" * 60, write_end)
    finally:
        os.close(write_end)
        ring.close()


def warned(tmp_path: Path, past: int) -> tuple[Path, dict[str, Any]]:
    """A build log of one warning line, ``past`` times more than the limit, then
    an error; and its report read in one pass."""
    log = tmp_path / "build.log"
    warning = b"src/w.c:1:1: warning: unused variable 'x'\n"
    log.write_bytes(warning * (MAX_WARNINGS + past) + b"src/a.c:1:2: error: boom\n")
    return log, detected(log, read=STEP, worker=False)[0]


def test_a_warning_line_past_the_limit_is_read_once_however_often_the_worker_lists_it(
    tmp_path: Path, small_chunks: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    log, one_pass = warned(tmp_path, 500)
    read: list[str] = []
    row_of = scanner.row_of
    monkeypatch.setattr(
        scanner, "row_of", lambda text, tool=None: read.append(text) or row_of(text, tool)
    )
    assert detected(log, read=STEP, worker=True)[::2] == (one_pass, True)
    assert len(read) < MAX_WARNINGS + 10  # in full up to the limit; the 500 past it counted


def test_a_warning_line_past_the_limit_read_before_is_not_even_visited_in_later_chunks(
    tmp_path: Path, small_chunks: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    log, one_pass = warned(tmp_path, 2000)
    visited: list[int] = []
    line = scanner.Scanner._line

    def noted(self: scanner.Scanner, *args: Any, **kwargs: Any) -> None:
        visited.append(self.lineno)
        line(self, *args, **kwargs)

    monkeypatch.setattr(scanner.Scanner, "_line", noted)
    assert detected(log, read=STEP, worker=True)[::2] == (one_pass, True)
    past = [n for n in visited if n > 2 * MAX_WARNINGS]  # well past the limit
    assert len(past) < 200  # the 1,800 warning lines there: only counted, in their chunk's list


def test_no_worker_for_little_left_to_read_or_without_a_free_cpu(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    log = tmp_path / "build.log"
    log.write_bytes(build_log())  # far less than MIN_AHEAD
    assert detected(log, read=STEP, worker=True)[2] is False
    monkeypatch.setattr(ahead, "MIN_AHEAD", 0)
    monkeypatch.setattr(ahead, "free_cpus", lambda: 1)
    assert detected(log, read=STEP, worker=True)[2] is False


class Kept(Chunks):
    def __init__(self) -> None:
        super().__init__()
        self.kept: list[bytes] = []

    def _chunk(self, chunk: bytes) -> None:
        self.kept.append(chunk)


@pytest.mark.parametrize("reads", [[1], [3, 1, 2], [8]])
def test_the_chunks_are_the_same_however_many_steps_each_read_holds(
    small_chunks: None, reads: list[int]
) -> None:
    data, pieces = build_log(), Kept()
    for i in range(0, len(data), STEP):
        pieces.feed(data[i : i + STEP])
    pieces.flush()
    read, at, k = Kept(), 0, 0
    while at < len(data):
        size = reads[k % len(reads)] * STEP
        read.feed(data[at : at + size])
        at, k = at + size, k + 1
    read.flush()
    assert read.kept == pieces.kept and len(pieces.kept) > 20


def finished(
    follower: analyser.Follower, said: int, status: int, want: bool
) -> tuple[Any, frozenset[int], str | None]:
    """Errlearn says the output is over (the command's ``status``, and whether
    the templates are wanted); what the analyser sends back."""
    os.write(said, b".=%d,%d\n" % (status, want))
    os.close(said)
    assert follower.follow() == (status, want)
    return follower.finish(status, want)


@pytest.mark.parametrize(
    "ended", ["before the detector is made", "while its modules load", "between two reads"]
)
def test_the_analyser_reads_the_rest_ahead_as_soon_as_it_learns_the_command_ended(
    tmp_path: Path, small_chunks: None, monkeypatch: pytest.MonkeyPatch, ended: str
) -> None:
    data = build_log()
    spill = tmp_path / "spill"
    spill.write_bytes(data)  # the command printed it all
    fd = os.open(spill, os.O_RDONLY)
    nudges, said = os.pipe()
    started: list[tuple[int, int, bool]] = []  # and whether the detector was yet to be made
    start = ahead.start
    detection = analysis.Detection(["make"])

    def noted(at: Chunks, spill: int, begin: int, end: int, *more: Any) -> ahead.Ahead | None:
        started.append((begin, end, detection.detector is None))
        return start(at, spill, begin, end, *more)

    monkeypatch.setattr(ahead, "start", noted)
    monkeypatch.setattr(analyser, "READ", 4 * STEP)
    follower = analyser.Follower(fd, nudges, detection)
    load = analyser.import_module

    def loaded_then_ended(name: str) -> object:
        module = load(name)
        if name == analyser._LOADED_IN_TURN[1] and ended == "while its modules load":
            os.write(said, b".=1,0\n")
        return module

    monkeypatch.setattr(analyser, "import_module", loaded_then_ended)
    try:
        if ended == "before the detector is made":
            os.write(said, b".=1,0\n")
        follower.prepare()
        report, _, broken = finished(follower, said, 1, False)  # a second end: never read
    finally:
        os.close(fd)
        os.close(nudges)
    assert broken is None
    early = ended != "between two reads"
    first = 0 if early else 4 * STEP  # one read, then the end
    assert started == [(first, len(data), early)]
    one_pass = Detector(command="make")
    one_pass.feed(data[:first])
    one_pass.feed(data[first:])
    assert report.to_dict() == one_pass.close(failed=True).to_dict()


def test_a_worker_whose_reader_is_gone_ends_of_itself(tmp_path: Path, small_chunks: None) -> None:
    log = tmp_path / "build.log"
    log.write_bytes(build_log())
    fd = os.open(log, os.O_RDONLY)
    try:
        worker = ahead.start(Chunks(), fd, 0, log.stat().st_size)
    finally:
        os.close(fd)
    assert worker is not None
    assert worker._pipe is not None
    worker._pipe.close()  # the analyser killed, say: nobody reads the worker any more
    for _ in range(1000):
        pid, status = os.waitpid(worker.pid, os.WNOHANG)
        if pid:
            break
        time.sleep(0.01)
    assert pid == worker.pid and os.waitstatus_to_exitcode(status) == 1


@pytest.mark.parametrize("worker", ["reads to the end", "is killed"])
def test_a_passing_run_s_templates_are_made_by_the_worker_or_else_by_the_analyser(
    tmp_path: Path, small_chunks: None, monkeypatch: pytest.MonkeyPatch, worker: str
) -> None:
    monkeypatch.setattr(analysis, "TAIL", 3 * STEP)  # the last lines: over several chunks
    monkeypatch.setattr(analyser, "READ", 4 * STEP)
    retries = (b"WARN: retry %c%c refused\n" % (97 + i % 26, 97 + i // 26) for i in range(600))
    data = build_log() + b"\n" + b"".join(retries)
    spill = tmp_path / "spill"
    spill.write_bytes(data)
    fd = os.open(spill, os.O_RDONLY)
    nudges, said = os.pipe()
    start = ahead.start
    made: list[bool] = []

    def asked(at: Chunks, *args: Any) -> ahead.Ahead | None:
        started = start(at, *args)
        assert started is not None
        made.append(args[-1] is not None)
        if worker == "is killed":
            os.kill(started.pid, signal.SIGKILL)
        return started

    monkeypatch.setattr(ahead, "start", asked)
    detection = analysis.Detection(["make"])
    follower = analyser.Follower(fd, nudges, detection)
    try:
        follower.prepare()
        _, templates, broken = finished(follower, said, 0, True)  # passed, templates wanted
    finally:
        os.close(fd)
        os.close(nudges)
    assert (broken, made) == (None, [True])
    assert detection.detector is not None
    assert (detection.detector.after is None) == (worker == "is killed")
    tail = data[-3 * STEP :]
    assert templates == Baseline.of(tail[tail.find(b"\n") + 1 :], telling=True).templates
    assert len(templates) > 400  # a line each
