"""errlearn's copy of the command's output, analysed in a process of its own.

The pass-through never waits on the analysis. The process that moves the
command's bytes (``runner``) only appends its copy to a spill file, an
unlinked temporary file, and nudges the analyser through a pipe; the
analyser, forked at the output's first byte, reads the file as it grows.
When the analysis falls behind (a command that prints faster than it is
read), the output still flows at the command's pace: what is not read yet
waits on disk, never in memory, and the part read is given back to the
file system as the analyser goes. After the command exits, errlearn waits
for the analysis to finish and takes its report.

Where no process can be forked, the output is analysed as it passes, in this
process: slower for a command that prints fast, the same report.

This is errlearn's side, and the detection both sides share; the analyser's
side is ``analyser``.
"""

from __future__ import annotations

import os
import signal
from contextlib import suppress
from functools import partial

from pytest_errlearn.forking import fork_alone, write_all
from pytest_errlearn.paths import has_history

TYPE_CHECKING = False  # mypy reads it as True: typing loads where it is used, not here
if TYPE_CHECKING:
    from pytest_errlearn.detect.ahead import Then
    from pytest_errlearn.detect.baseline import Baseline
    from pytest_errlearn.detect.chunks import Tail
    from pytest_errlearn.detect.engine import Detector
    from pytest_errlearn.report import Report

# What errlearn tells the analyser on their pipe (the protocol: ``analyser``).
NUDGE = b"."  # the spill grew
END = b"="  # the output is over: the status and whether templates are wanted follow
TAIL = 1 << 20  # bytes of a passing run's output whose lines become its command's baseline
MAX_TEMPLATES = 5000  # ... at most this many distinct lines


class Analysis:
    """The analysis of one run of the command: ``feed`` it the output, then
    ``report(status)``. A fault in the analysis stops the analysis, never the
    pass-through: the report is then empty, and ``broken`` says why."""

    def __init__(self, argv: list[str]) -> None:
        self.argv = argv
        self.broken: str | None = None
        self._started = False  # the analyser forked (or the inline detection made)
        self._fed = False  # the command printed
        self._spill = -1  # the spill file, and the analyser's pid and pipes
        self._pid = 0
        self._nudges = -1
        self._results = -1
        self._inline: Detection | None = None  # where no process could be forked
        self._templates: frozenset[int] = frozenset()

    @property
    def command(self) -> str:
        from pytest_errlearn.history import command_line

        return command_line(self.argv)

    @property
    def silent(self) -> bool:
        """The command printed nothing (so far)."""
        return not self._fed

    def feed(self, data: bytes | memoryview) -> None:
        """Take the next bytes of the output (the runner's ``Feed``); never raises."""
        if self.broken is not None:
            return
        try:
            self._fed = True
            if not self._started:
                self._start()
            if self._inline is not None:
                self._inline.feed(data)
                return
            write_all(self._spill, data)
            with suppress(BlockingIOError):  # nudges wait unread: the analyser looks anyway
                os.write(self._nudges, NUDGE)
        except Exception as exc:  # errlearn's fault must not cost the user their build
            self._fail(exc)

    def report(self, status: int) -> Report:
        """The report of the output, once the analysis has read it all."""
        from pytest_errlearn.report import Report

        want = status == 0 and has_history()  # a pass leaves its baseline where one is kept
        report: Report | None = None
        if self.broken is None and self._started:
            try:
                if self._inline is not None:
                    report, self._templates = self._inline.finish(status, want)
                else:
                    report = self._collect(status, want)
            except Exception as exc:
                self._fail(exc)
        report = report or Report()
        report.command, report.exit_code = self.command, status
        return report

    def templates(self) -> frozenset[int]:
        """The templates of a passing run's last lines, once ``report`` had them made."""
        return self._templates

    def close(self) -> None:
        """Stop the analyser, should it still run (errlearn was interrupted)."""
        if self._pid:
            with suppress(OSError):
                os.kill(self._pid, signal.SIGKILL)
            with suppress(ChildProcessError):
                os.waitpid(self._pid, 0)
            self._pid = 0
        for name in ("_spill", "_nudges", "_results"):
            if (fd := getattr(self, name)) >= 0:
                os.close(fd)
                setattr(self, name, -1)

    def start(self) -> None:
        """The spill and the analyser now, before the output's first byte: before a
        thread starts, since a process forked while another thread imports could
        hang on the locks that thread holds. Never raises."""
        if self._started or self.broken is not None:
            return
        try:
            self._start()
        except Exception as exc:
            self._fail(exc)

    def _start(self) -> None:
        """The spill and the analyser, at the output's first byte (or at ``start``)."""
        self._started = True
        if not hasattr(os, "fork"):
            self._inline = Detection(self.argv)
            return
        self._spill = _spill_file()
        nudges_in, self._nudges = os.pipe()
        self._results, results_out = os.pipe()
        try:
            pid, kept = fork_alone(self._spill, nudges_in, results_out)
        except OSError:  # no process to be had: the analysis runs here
            pid = -1
        if pid == 0:  # the analyser: never returns. Its module loads there alone.
            from .analyser import analyse

            analyse(self.argv, *kept)
        os.close(nudges_in)
        os.close(results_out)
        if pid < 0:
            self.close()
            self._inline = Detection(self.argv)
            return
        self._pid = pid
        os.set_blocking(self._nudges, False)

    def _collect(self, status: int, want: bool) -> Report:
        """Tell the analyser the output is over; wait for its report."""
        os.set_blocking(self._nudges, True)
        with suppress(BrokenPipeError):  # the analyser died: its results say what it could
            write_all(self._nudges, b"%s%d,%d\n" % (END, status, want))
        os.close(self._nudges)
        self._nudges = -1
        with open(self._results, "rb", closefd=False) as results:
            raw = results.read()
        pid, self._pid = self._pid, 0
        os.waitpid(pid, 0)
        self.close()
        if not raw:
            raise RuntimeError("the analyser ended without a report")
        import pickle

        report, self._templates, broken = pickle.loads(raw)
        if broken is not None:
            raise RuntimeError(broken)
        return report  # type: ignore[no-any-return]

    def _fail(self, exc: BaseException) -> None:
        self.broken = str(exc) if isinstance(exc, RuntimeError) else f"{type(exc).__name__}: {exc}"
        self.close()


class Detection:
    """The output's detection: the detector, made as the analyser starts, and the
    output's last lines, whose templates a passing run leaves its command.

    One pass in one process. A second process scanning pieces of the output
    ends a big ordinary output a little sooner only while a CPU is free, costs
    more CPU, and a piece cannot know what the lines before it explained: a
    test run's thousands of failure lines in a row each had the output above
    them read again, several times slower (``benchmarks/bench_processes.py``).
    """

    def __init__(self, argv: list[str]) -> None:
        self.argv = argv
        self.detector: Detector | None = None
        self.tail: Tail | None = None  # the output's last TAIL bytes, from its first read

    def prepare(self) -> Detector:
        """The detector, made now if it is not yet: its modules loaded, and the
        baseline of the command's passing runs read from the history."""
        if self.detector is None:
            from pytest_errlearn.detect import tool_from_command
            from pytest_errlearn.detect.engine import Detector
            from pytest_errlearn.history import command_line

            command = command_line(self.argv)  # the line the run is recorded under
            known = baseline(command) if has_history() else None
            self.detector = Detector(tool_from_command(self.argv), command=command, known=known)
        return self.detector

    def feed(self, data: bytes | memoryview) -> None:
        data = data if isinstance(data, bytes) else bytes(data)
        self.prepare().feed(data)
        if self.tail is None:
            from pytest_errlearn.detect.chunks import Tail

            self.tail = Tail(TAIL)
        self.tail.keep(data)

    def finish(self, status: int, want_templates: bool) -> tuple[Report | None, frozenset[int]]:
        """The report (None before any output), and the templates when wanted:
        made by stage 1's worker where one read the output's end (``then``)."""
        report = None if self.detector is None else self.detector.close(failed=status != 0)
        if not want_templates:
            return report, frozenset()
        if self.detector is not None and (made := self.detector.after) is not None:
            return report, unpacked(made)
        if self.tail is None:  # no output: no lines
            return report, frozenset()
        return report, templates(self.tail.last(), cut=self.tail.seen > TAIL)


def templates(tail: bytes, *, cut: bool) -> frozenset[int]:
    """The templates of a passing run's last lines, ``tail``: from its first whole
    line where it was ``cut`` from a longer output."""
    from pytest_errlearn.detect.baseline import Baseline

    first = tail.find(b"\n") + 1 if cut else 0
    return Baseline.of(tail[first:], limit=MAX_TEMPLATES, telling=True).templates


def then(end: int) -> Then:
    """The templates of an output ``end`` bytes long, as stage 1's worker makes them
    once it has read the output's last TAIL bytes (``ahead.Then``): packed."""
    return TAIL, partial(_packed, cut=end > TAIL)


def _packed(tail: bytes, *, cut: bool) -> bytes:
    """``templates`` as the worker sends them: 64-bit integers (each below 2**63)."""
    from array import array

    return array("q", templates(tail, cut=cut)).tobytes()


def unpacked(made: bytes) -> frozenset[int]:
    """The templates the worker sent (``_packed``)."""
    from array import array

    return frozenset(array("q", made))


def baseline(command: str) -> Baseline | None:
    """What the last passing runs of ``command`` printed, from the history; None if nothing."""
    from pytest_errlearn.config import ConfigError, load_settings
    from pytest_errlearn.detect.baseline import Baseline
    from pytest_errlearn.history import History

    try:
        settings = load_settings()
    except ConfigError:
        return None
    if not settings.history:
        return None
    # The analyser's stderr is /dev/null: a corrupt file is left for the run's
    # record to move aside, which says so (moved here, it would go unsaid).
    history = History.open(settings.root_dir, create=False, warn=lambda m: None, repair=False)
    if history is None:
        return None
    with history:
        templates = history.baseline(command)
    return Baseline(templates) if templates else None


def _spill_file() -> int:
    """An unlinked temporary file: nothing is left behind, however errlearn ends."""
    folder = os.environ.get("TMPDIR") or "/tmp"
    flags = getattr(os, "O_TMPFILE", 0)
    if flags:
        with suppress(OSError):  # a file system without O_TMPFILE
            return os.open(folder, flags | os.O_RDWR | os.O_CLOEXEC, 0o600)
    import tempfile

    with tempfile.TemporaryFile() as f:  # made and unlinked; the descriptor kept
        return os.dup(f.fileno())
