"""A command's output detected in pieces as it comes, on a second process, reports
what one pass reports.

The pieces are made small here (``PIECE``) so that the corpora's real logs are
cut in every kind of place, and the worker takes many of them.
"""

from __future__ import annotations

import json
import os
import select
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from pytest_errlearn.detect import Detector, detect, forks, pieces, streaming
from pytest_errlearn.detect.scanner import MAX_PENDING
from pytest_errlearn.detect.streaming import StreamDetector

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="the worker is forked")

ERRLEARN = [sys.executable, "-c", "import sys; from errlearn_wrapper.cli import main; "
            "sys.exit(main())"]


@pytest.fixture
def small_pieces(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setattr(streaming, "PIECE", 1 << 12)
    monkeypatch.setattr(streaming, "SLOT", (1 << 13) + (1 << 20))
    yield


def stream(data: bytes, step: int = 65536, **kwargs: Any) -> dict[str, Any]:
    """The report of ``data`` fed ``step`` bytes at a time."""
    detector = StreamDetector(**kwargs)
    for i in range(0, len(data), step):
        detector.feed(data[i : i + step])
    return detector.close().to_dict()


def one_pass(data: bytes) -> dict[str, Any]:
    return detect(data).to_dict()


def corpus_log(corpora: Path, pattern: str, limit: int) -> bytes:
    """The corpus's logs matching ``pattern``, one after another."""
    logs = sorted(corpora.glob(pattern))[:limit]
    if not logs:
        pytest.skip(f"no {pattern} in the corpora")
    return b"".join(log.read_bytes().rstrip(b"\n") + b"\n" for log in logs)


def chained_log() -> tuple[bytes, int]:
    """A log with a long chained traceback, and where its second traceback starts."""
    def traceback(frames: int, exc: str) -> list[bytes]:
        lines = [b"Traceback (most recent call last):"]
        for i in range(frames):
            lines += [b'  File "app/mod%d.py", line %d, in f%d' % (i, i + 1, i), b"    f()"]
        return [*lines, exc.encode()]

    filler = b"".join(b"compiling module %d\n" % i for i in range(4000))
    chained = [*traceback(5, "KeyError: 'x'"), b"",
               b"During handling of the above exception, another exception occurred:", b"",
               *traceback(25, "RuntimeError: boom")]
    trace = b"\n".join(chained) + b"\n"
    data = filler + trace + filler + b"src/app.c:3:5: error: 'x' undeclared\n" + filler
    return data, len(filler) + trace.rindex(b"Traceback")


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
    scan = streaming._scan_request
    monkeypatch.setattr(streaming, "_scan_request", lambda *a: time.sleep(0.3) or scan(*a))
    filler = b"".join(b"compiling module %d\n" % i for i in range(5000))
    errors = b"".join(b"src/a%d.c:3:5: error: 'x' undeclared\n" % i for i in range(300))
    data = filler[: 3 * streaming.PIECE + 2 * streaming.BLOCK] + errors
    detector = StreamDetector()
    detector.feed(data)
    assert detector._worker is not None and len(detector._at_worker) == 2
    os.kill(detector._worker.pid, signal.SIGKILL)
    time.sleep(0.1)
    report = detector.close().to_dict()
    assert len(report["errors"]) == 300
    assert report == one_pass(data)


def test_a_piece_cut_inside_a_traceback_is_read_again_from_the_end_of_its_block(
    small_pieces: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Cut at the next line, not where no block can be open: the piece after the
    chained traceback's header opens a block of its own, which is read again."""
    data, inside = chained_log()
    monkeypatch.setattr(
        streaming, "quiet_start",
        lambda source, pos: inside if pos < inside else pieces.lines_after(source, pos, 1),
    )
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
    """Cuts at plain line starts (where no quiet place is found): a traceback
    longer than two pieces holds a piece whole, and the failure line after it
    still folds into it (found by a review: such a piece took the place where
    the block before ended back to its own end)."""
    monkeypatch.setattr(streaming, "quiet_start", lambda src, pos: pieces.lines_after(src, pos, 1))
    frames = b"".join(b'  File "app/m%d.py", line %d, in f%d\n    %s\n' % (i, i, i, b"x" * 300)
                      for i in range(28))  # a block: 60 lines at most
    filler = b"".join(b"compiling module %d\n" % i for i in range(600))
    data = (filler + b"Traceback (most recent call last):\n" + frames + b"RuntimeError: boom\n"
            + b"##[error]Process completed with exit code 1.\n" + filler) * 3
    assert len(frames) > 2 * streaming.PIECE
    assert stream(data, step=4096, workers=workers) == one_pass(data)


def test_a_line_without_an_end_is_held_to_its_first_bytes_and_memory_stays_bounded() -> None:
    detector = StreamDetector()
    junk = b"x" * (1 << 20)
    for _ in range(50):
        detector.feed(junk)
        assert len(detector._buf) <= MAX_PENDING
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
    assert len(detector._buf) < 2 * streaming.PIECE
    detector.close()


def test_a_block_open_at_a_cut_is_read_whole_though_its_lines_are_long() -> None:
    """A traceback quoting 60 KB source lines (minified code) across a cut."""
    filler = b"".join(b"compiling module %d\n" % i for i in range(200000))
    head = filler[: streaming.PIECE - 3000]
    trace = [b"Traceback (most recent call last):"]
    for i in range(25):
        trace += [b'  File "app/m%d.py", line %d, in f%d' % (i, i + 1, i), b"    x = '%s'" % (
            b"a" * 60000)]
    data = head[: head.rindex(b"\n") + 1] + b"\n".join([*trace, b"ValueError: boom"]) + b"\n"
    data += filler[:400000]
    assert stream(data, step=1 << 20) == one_pass(data)


def test_pieces_waiting_for_the_worker_are_bounded(
    small_pieces: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A slow worker makes this process wait for it, not hold the output."""
    data, _ = chained_log()
    data += b"".join(b"src/a%d.c:3:5: error: 'x' undeclared\n" % i for i in range(2000))
    scan = streaming._scan_request
    monkeypatch.setattr(streaming, "_scan_request", lambda *a: time.sleep(0.02) or scan(*a))
    detector = StreamDetector()
    for i in range(0, len(data), 4096):
        detector.feed(data[i : i + 4096])
        assert len(detector._cut_pieces) <= streaming.MAX_WAITING
    assert detector.close().to_dict() == one_pass(data)


def test_a_piece_still_queued_at_the_worker_at_the_end_is_read_here_meanwhile(
    small_pieces: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two pieces cut and sent, the worker slow on the first: at the end, the
    second is taken back and read here, the final one too."""
    filler = b"".join(b"compiling module %d\n" % i for i in range(5000))
    data = filler[: 2 * streaming.PIECE + streaming.BLOCK] + b"src/a.c:3:5: error: 'x' undeclared\n"
    scan = streaming._scan_request
    monkeypatch.setattr(streaming, "_scan_request", lambda *a: time.sleep(0.3) or scan(*a))
    taken: list[bool] = []
    take_back = forks.Worker.take_back

    def spy(worker: forks.Worker) -> bool:
        taken.append(take_back(worker))
        return taken[-1]

    monkeypatch.setattr(forks.Worker, "take_back", spy)
    detector = StreamDetector()
    detector.feed(data)
    assert list(detector._at_worker) == [0, 1]
    assert detector.close().to_dict() == one_pass(data)
    assert taken == [True]


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
    with pytest.raises(ChildProcessError):
        os.waitpid(worker.pid, os.WNOHANG)  # reaped: the worker is gone


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
        done = subprocess.run([sys.executable, "-c", script, log.name],
                              capture_output=True, timeout=60)
    assert done.returncode == 0, done.stderr
    alive, errors = done.stderr.split()
    assert alive == b"True"  # not gone at once, its requests read from /dev/null
    assert int(errors) == len(one_pass(data * 3)["errors"])


def test_the_worker_leaves_ctrl_c_to_the_command_and_goes_on(
    corpora: Path, small_pieces: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    data = corpus_log(corpora, "cidiff/*/fail.log", limit=10)
    scan = streaming._scan_request
    monkeypatch.setattr(streaming, "_scan_request", lambda *a: time.sleep(0.01) or scan(*a))
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


def test_errlearn_run_reports_a_big_output_as_errlearn_scan_reports_it(
    corpora: Path, tmp_path: Path
) -> None:
    data = corpus_log(corpora, "logchunks/logs/*/*/failed/*.log", limit=40)
    assert len(data) > 2 * streaming.PIECE  # a worker is started
    log = tmp_path / "build.log"
    log.write_bytes(data)
    (tmp_path / "pyproject.toml").write_text("[tool.errlearn]\nbuiltin = false\n")
    env = {k: v for k, v in os.environ.items() if not k.startswith(("ERRLEARN", "GITHUB"))}
    ran = subprocess.run([*ERRLEARN, "run", "--json", "run.json", "--", "cat", str(log)],
                         cwd=tmp_path, env=env, capture_output=True, timeout=120)
    assert ran.returncode == 0 and ran.stdout == data
    scanned = subprocess.run([*ERRLEARN, "scan", "--json", "--command", "cat", str(log)],
                             cwd=tmp_path, env=env, capture_output=True, timeout=120)
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
        subprocess.run([*ERRLEARN, "scan", "--json", *args], input=stdin, cwd=tmp_path,
                       env=env, capture_output=True, timeout=120)
        for args, stdin in ((["-"], data), ([str(log)], None))
    )
    assert piped.returncode == read.returncode == 0, piped.stderr + read.stderr
    assert json.loads(piped.stdout)["errors"] == json.loads(read.stdout)["errors"]
