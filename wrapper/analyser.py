"""The analyser's side of ``errlearn run``'s analysis (``analysis``): a process
forked for it, which follows the spill file as the command's output grows,
feeds it to the detection, and sends the report back when told the output is
over.

The protocol, on the pipe from errlearn: a ``NUDGE`` byte each time the spill
grew, then ``END`` (both ``analysis``'s) and ``status,want\n`` (the command's
exit status, and whether a passing run's templates are wanted) once the output
is over; the report goes back pickled on a second pipe.
"""

from __future__ import annotations

import os
import select
from contextlib import suppress
from functools import cache
from importlib import import_module

from pytest_errlearn.forking import write_all

from . import analysis  # loaded already, by the process that forked this one

TYPE_CHECKING = False  # mypy reads it as True: typing loads where it is used, not here
if TYPE_CHECKING:
    from typing import Any

    from pytest_errlearn.detect.ahead import Ahead


READ = 1 << 20  # bytes the analyser reads of the spill at a time
NICE = 10  # the analyser's lower priority: what CPU the command leaves, it takes
GIVE_BACK = 64 << 20  # bytes read between two holes punched into the spill
# The detector's modules, loaded one by one: the end of the output heard
# between two, stage 1's worker starts at once (it needs only the first).
_LOADED_IN_TURN = (
    "pytest_errlearn.detect.ahead",
    "pytest_errlearn.detect.agnostic",
    "pytest_errlearn.detect.blocks",
    "pytest_errlearn.detect.scanner",
    "pytest_errlearn.detect.engine",
)


def analyse(argv: list[str], spill: int, nudges: int, results: int) -> None:
    """In the forked analyser: follow the spill until the output is over, send
    back the report (or why there is none), exit. Errlearn gone before the
    end of the output, it exits at once."""
    status = 0
    try:
        with suppress(OSError):  # the command and the pass-through first, where CPUs are few
            os.nice(NICE)
        follower = Follower(spill, nudges, analysis.Detection(argv))
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


class Follower:
    """The spill read as it grows, into the detection (until the detection fails:
    then the rest is only waited for, and the failure is the answer)."""

    def __init__(self, spill: int, nudges: int, detection: analysis.Detection) -> None:
        self.spill = spill
        self.nudges = nudges
        self.detection = detection
        self.offset = self.given_back = 0
        self.broken: str | None = None
        self._said: bytes | None = None  # what came down the pipe after the end's mark
        self._early: Ahead | None = None  # stage 1's worker, started before the detector

    def _ended(self) -> tuple[int, bool] | None:
        """The command's status and whether templates are wanted, once errlearn has
        said the output is over; None before."""
        if self._said is None or not self._said.endswith(b"\n"):
            return None
        status, want = self._said[:-1].split(b",")
        return int(status), want == b"1"

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
            if (ended := self._ended()) is not None:
                if read:
                    continue
                return ended
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
            for module in _LOADED_IN_TURN:
                import_module(module)
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
        if self._ended() is None and select.select([self.nudges], [], [], 0)[0]:
            self._hear()

    def _hear(self) -> bool:
        """What the pipe holds (it has something, or its end); False when
        errlearn is gone. Once the output is known to be over, the rest of the
        spill is read ahead."""
        got = os.read(self.nudges, 1 << 16)
        if not got:
            return False
        if self._said is None and (mark := got.find(analysis.END)) >= 0:
            self._said, got = b"", got[mark + 1 :]
        if self._said is not None:
            self._said += got
            if self._ended() is not None:  # the output is whole in the spill
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
            ended = self._ended()
            then = analysis.then(end) if ended is not None and ended[1] else None
            if (detector := self.detection.detector) is not None:
                detector.read_ahead(self.spill, self.offset, end, then)
            elif self.offset == 0:
                from pytest_errlearn.detect import ahead, prefilter, tool_from_command
                from pytest_errlearn.detect.chunks import Chunks

                find = prefilter.find_for(tool_from_command(self.detection.argv))
                self._early = ahead.start(Chunks(), self.spill, 0, end, then, find)
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
            self.given_back = give_back(self.spill, self.offset)
        return True


def give_back(spill: int, offset: int) -> int:
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
