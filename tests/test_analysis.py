"""``errlearn run``'s analysis in a process of its own: the output never waits for it."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest
from errlearn_wrapper import analyser
from errlearn_wrapper.analysis import Analysis, Detection
from errlearn_wrapper.runner import run

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="the analyser is forked")

# Eight pipes' worth of lines, then the error the report must still find.
LOUD = "yes compiling | head -c 8000000; echo 'src/main.c:3:5: error: expected ;' >&2; exit 1"


def _held_until(go: Path, fed: Path, deadline: float = 20.0) -> object:
    """A ``Detection.feed`` that notes each call in ``fed``, and holds every call
    after the first until ``go`` exists: an analysis far slower than the command."""
    original = Detection.feed

    def feed(self: Detection, data: bytes | memoryview) -> None:
        with fed.open("a") as f:
            f.write(f"{len(data)}\n")
        end = time.monotonic() + deadline
        while fed.read_text().count("\n") > 1 and not go.exists() and time.monotonic() < end:
            time.sleep(0.01)
        original(self, data)

    return feed


def test_the_command_runs_to_its_end_while_its_analysis_is_held_back(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    go, fed = tmp_path / "go", tmp_path / "fed"
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(Detection, "feed", _held_until(go, fed))
    job = Analysis(["sh", "-c", LOUD])
    status = run(["sh", "-c", LOUD], job.feed, quiet=True)
    # Under load the niced analyser may not have read a byte yet: so much the better.
    read_so_far = sum(map(int, fed.read_text().split())) if fed.exists() else 0
    go.touch()
    report = job.report(status)
    assert (status, job.broken) == (1, None)
    assert read_so_far < 8_000_000  # the command had ended while the analysis was held
    assert [(e.file, e.line) for e in report.errors] == [("src/main.c", 3)]


def test_an_analysis_that_fails_says_why_and_the_output_passes_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capfd: pytest.CaptureFixture[str]
) -> None:
    def explode(self: Detection, data: bytes | memoryview) -> None:
        raise ValueError("bad byte")

    monkeypatch.setattr(Detection, "feed", explode)
    job = Analysis(["sh", "-c", "echo one; exit 4"])
    status = run(["sh", "-c", "echo one; exit 4"], job.feed)
    report = job.report(status)
    assert (status, report.errors, job.broken) == (4, [], "ValueError: bad byte")
    assert capfd.readouterr().out == "one\n"


def test_where_no_process_can_be_forked_the_output_is_analysed_as_it_passes(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def no_fork(*keep: int) -> tuple[int, tuple[int, ...]]:
        raise BlockingIOError(11, "Resource temporarily unavailable")

    monkeypatch.setattr("errlearn_wrapper.analysis.fork_alone", no_fork)
    cmd = ["sh", "-c", "echo 'src/a.c:7:1: error: unknown type name foo'; exit 1"]
    job = Analysis(cmd)
    report = job.report(run(cmd, job.feed, quiet=True))
    assert [(e.file, e.line) for e in report.errors] == [("src/a.c", 7)]


def test_an_interrupted_run_leaves_no_analyser_and_no_spill_behind(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    spills = tmp_path / "tmp"
    spills.mkdir()
    monkeypatch.setenv("TMPDIR", str(spills))
    job = Analysis(["true"])
    job.feed(b"building\n")
    pid = job._pid
    assert pid > 0
    job.close()
    with pytest.raises(ChildProcessError):
        os.waitpid(pid, os.WNOHANG)  # reaped already
    assert list(spills.iterdir()) == []


def test_the_spill_already_read_is_given_back_to_the_file_system(tmp_path: Path) -> None:
    path = tmp_path / "spill"
    path.write_bytes(b"x" * (1 << 20))
    fd = os.open(path, os.O_RDWR)
    try:
        before = os.fstat(fd).st_blocks
        analyser.give_back(fd, 1 << 19)
        after = os.fstat(fd)
    finally:
        os.close(fd)
    if after.st_blocks == before:
        pytest.skip("this file system punches no holes")
    assert (after.st_size, after.st_blocks < before) == (1 << 20, True)


def test_an_analyser_started_early_leaves_the_run_silent_until_the_command_prints() -> None:
    """``errlearn run`` forks it before logging into a history server: a process
    forked while another thread imports could hang on a lock that thread holds."""
    analysis = Analysis(["true"])
    analysis.start()
    try:
        forked = analysis._pid
        assert forked > 0 and analysis.silent
        analysis.feed(b"src/main.c:3:5: error: expected ';'\n")
        assert analysis._pid == forked and not analysis.silent
        assert len(analysis.report(1).errors) == 1
    finally:
        analysis.close()


def test_a_passing_run_leaves_the_templates_of_its_last_lines_only(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from errlearn_wrapper import analysis

    from pytest_errlearn.detect.baseline import Baseline

    monkeypatch.setattr(analysis, "TAIL", 400)
    lines = [b"WARN: retry %c%c refused\n" % (97 + i % 26, 97 + i // 26) for i in range(100)]
    output = b"".join(lines)
    detection = Detection(["make"])
    for i in range(0, len(output), 70):  # pieces cut mid-line, some of them views
        piece = output[i : i + 70]
        detection.feed(memoryview(piece) if i % 140 else piece)
    tail = output[-400:]
    expected = Baseline.of(tail[tail.find(b"\n") + 1 :], telling=True).templates
    assert detection.finish(0, True)[1] == expected
    assert len(expected) == 400 // len(lines[-1])  # the whole lines of the last 400 bytes
