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
"""

from __future__ import annotations

import os
import select
import signal
from contextlib import suppress
from functools import cache

from pytest_errlearn.forking import fork_alone, write_all
from pytest_errlearn.paths import has_history

TYPE_CHECKING = False  # mypy reads it as True: typing loads where it is used, not here
if TYPE_CHECKING:
    from typing import Any

    from pytest_errlearn.detect.ahead import Ahead
    from pytest_errlearn.detect.baseline import Baseline
    from pytest_errlearn.detect.engine import Detector
    from pytest_errlearn.report import Report

TAIL = 1 << 20  # bytes of a passing run's output whose lines become its command's baseline
MAX_TEMPLATES = 5000  # ... at most this many distinct lines
READ = 1 << 20  # bytes the analyser reads of the spill at a time
NICE = 10  # the analyser's lower priority: what CPU the command leaves, it takes
GIVE_BACK = 64 << 20  # bytes read between two holes punched into the spill
_NUDGE = b"."  # the spill grew
_END = b"="  # the output is over: the status and whether templates are wanted follow


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
        import shlex  # with the re module it loads: only once there is output

        return shlex.join(self.argv)

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
                os.write(self._nudges, _NUDGE)
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
        if pid == 0:  # the analyser: never returns
            _analyser(self.argv, *kept)
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
            write_all(self._nudges, b"%s%d,%d\n" % (_END, status, want))
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
        self.tail = bytearray()  # the output's last TAIL bytes or more

    def prepare(self) -> Detector:
        """The detector, made now if it is not yet: its modules loaded, and the
        baseline of the command's passing runs read from the history."""
        if self.detector is None:
            import shlex

            from pytest_errlearn.detect import tool_from_command
            from pytest_errlearn.detect.engine import Detector

            command = shlex.join(self.argv)
            known = baseline(command) if has_history() else None
            self.detector = Detector(tool_from_command(self.argv), command=command, known=known)
        return self.detector

    def feed(self, data: bytes | memoryview) -> None:
        self.prepare().feed(data if isinstance(data, bytes) else bytes(data))
        self.tail += data
        if len(self.tail) > 2 * TAIL:
            del self.tail[:-TAIL]

    def finish(self, status: int, want_templates: bool) -> tuple[Report | None, frozenset[int]]:
        """The report (None before any output), and the templates when wanted."""
        report = None if self.detector is None else self.detector.close(failed=status != 0)
        return report, self._templates() if want_templates else frozenset()

    def _templates(self) -> frozenset[int]:
        from pytest_errlearn.detect.baseline import Baseline

        tail = bytes(self.tail[-TAIL:])
        first = tail.find(b"\n") + 1 if len(self.tail) > TAIL else 0  # a whole line first
        return Baseline.of(tail[first:], limit=MAX_TEMPLATES, telling=True).templates


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
    history = History.open(settings.root_dir, create=False, warn=lambda m: None)
    if history is None:
        return None
    with history:
        templates = history.baseline(command)
    return Baseline(templates) if templates else None


# -- the analyser's side ---------------------------------------------------------


def _analyser(argv: list[str], spill: int, nudges: int, results: int) -> None:
    """In the forked analyser: follow the spill until the output is over, send
    back the report (or why there is none), exit. Errlearn gone before the
    end of the output, it exits at once."""
    status = 0
    try:
        with suppress(OSError):  # the command and the pass-through first, where CPUs are few
            os.nice(NICE)
        follower = _Follower(spill, nudges, Detection(argv))
        follower.prepare()  # before the output: ``Analysis.start`` may fork this early
        if (end := follower.follow()) is not None:
            import pickle

            write_all(
                results, pickle.dumps(follower.finish(*end), protocol=pickle.HIGHEST_PROTOCOL)
            )
    except BaseException:
        status = 1
    finally:
        os._exit(status)


class _Follower:
    """The spill read as it grows, into the detection (until the detection fails:
    then the rest is only waited for, and the failure is the answer)."""

    def __init__(self, spill: int, nudges: int, detection: Detection) -> None:
        self.spill = spill
        self.nudges = nudges
        self.detection = detection
        self.offset = self.given_back = 0
        self.broken: str | None = None
        self._said: bytes | None = None  # what came down the pipe after the end's mark
        self._early: Ahead | None = None  # stage 1's worker, started before the detector

    def follow(self) -> tuple[int, bool] | None:
        """Read the spill as the nudges come; the status and whether templates are
        wanted, once errlearn says the output is over (None: errlearn is gone).

        Every byte of the spill is written before the nudge that follows it, and
        all of them before the end: read to the file's end after each nudge, and
        once more after the end, the analyser has read everything. The nudges
        are looked at between two reads too, so that the end is known at once,
        with the spill still to be read: the rest may then be read ahead
        (``_read_ahead``).
        """
        while True:
            read = self._read()
            if self._said is not None and self._said.endswith(b"\n"):
                if read:
                    continue
                status, want = self._said[:-1].split(b",")
                return int(status), want == b"1"
            if read and not select.select([self.nudges], [], [], 0)[0]:
                continue  # more to read, nothing said: read on
            if not self._hear():
                return None

    def prepare(self) -> None:
        """The detector made before the output comes; a fault is the answer, as in
        ``_read``. A command that has ended by then, or while the detector's
        modules load, has stage 1's worker started first (``_listen``)."""
        self._listen()
        try:
            from pytest_errlearn.detect import ahead  # noqa: F401 (stage 1's half of the imports)

            self._listen()
            detector = self.detection.prepare()
            if self._early is not None:
                detector.take_ahead(self._early)
                self._early = None
        except Exception as exc:
            self.broken = f"{type(exc).__name__}: {exc}"
        self._listen()

    def finish(self, status: int, want: bool) -> tuple[object, frozenset[int], str | None]:
        """What goes back to errlearn: the report, the templates, why there are none."""
        if self._early is not None:  # the detector was never made to take it
            self._early.close()
        if self.broken is None:
            try:
                return (*self.detection.finish(status, want), None)
            except Exception as exc:
                self.broken = f"{type(exc).__name__}: {exc}"
        return None, frozenset(), self.broken

    def _listen(self) -> None:
        """Whatever the pipe holds by now, without waiting for it."""
        over = self._said is not None and self._said.endswith(b"\n")
        if not over and select.select([self.nudges], [], [], 0)[0]:
            self._hear()

    def _hear(self) -> bool:
        """What the pipe holds (it has something, or its end); False when
        errlearn is gone. Once the output is known to be over, the rest of the
        spill is read ahead."""
        got = os.read(self.nudges, 1 << 16)
        if not got:
            return False
        if self._said is None and (mark := got.find(_END)) >= 0:
            self._said, got = b"", got[mark + 1 :]
        if self._said is not None:
            self._said += got
            if self._said.endswith(b"\n"):  # the output is whole in the spill
                self._read_ahead()
        return True

    def _read_ahead(self) -> None:
        """Stage 1 run ahead over the rest of the spill, where that pays
        (``detect.ahead``); before the detector is made, from the spill's start,
        for the detector to take."""
        if self.broken is not None:
            return
        try:
            end = os.fstat(self.spill).st_size
            if (detector := self.detection.detector) is not None:
                detector.read_ahead(self.spill, self.offset, end)
            elif self.offset == 0:
                from pytest_errlearn.detect import ahead
                from pytest_errlearn.detect.chunks import Chunks

                self._early = ahead.start(Chunks(), self.spill, 0, end)
        except Exception as exc:
            self.broken = f"{type(exc).__name__}: {exc}"

    def _read(self) -> bool:
        """The spill's next bytes, read into the detection; False at its end (so far)."""
        data = os.pread(self.spill, READ, self.offset)
        if not data:
            return False
        self.offset += len(data)
        if self.broken is None:
            try:
                self.detection.feed(data)
            except Exception as exc:
                self.broken = f"{type(exc).__name__}: {exc}"
        if self.offset - self.given_back >= GIVE_BACK:
            self.given_back = _give_back(self.spill, self.offset)
        return True


def _give_back(spill: int, offset: int) -> int:
    """Free the disk blocks of the spill read so far (a hole punched in the file,
    its length kept); where the system cannot, they stay until errlearn ends."""
    start = offset - offset % 4096
    with suppress(Exception):
        _fallocate()(spill, _PUNCH_HOLE | _KEEP_SIZE, 0, start)
    return start


_KEEP_SIZE, _PUNCH_HOLE = 0x01, 0x02  # fallocate's modes (linux/falloc.h)


@cache
def _fallocate() -> Any:
    """The C library's ``fallocate`` (Python has only ``posix_fallocate``)."""
    import ctypes

    fallocate = ctypes.CDLL(None, use_errno=True).fallocate
    fallocate.argtypes = (ctypes.c_int, ctypes.c_int, ctypes.c_long, ctypes.c_long)
    return fallocate


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
