"""The processes that scan a log's pieces: forked, so nothing is imported or
compiled again, each sends back what its pieces gave. A ``Child`` takes a big
file's pieces until none is left (``parallel``); a ``Worker`` is sent a
stream's pieces one at a time as they come (``streaming``)."""

from __future__ import annotations

import os
import pickle
import signal
from collections import deque
from collections.abc import Callable
from contextlib import suppress
from operator import attrgetter
from typing import Any, NamedTuple

from ..forking import fork_alone, write_all
from ..report import Error
from .scanner import Found

TYPE_CHECKING = False  # mypy reads it as True: typing loads where it is used, not here

if TYPE_CHECKING:
    from mmap import mmap


def cpus() -> int:
    """The CPUs this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # macOS, Windows
        return os.cpu_count() or 1


class Piece(NamedTuple):
    """What scanning one piece gave."""

    founds: list[Found]
    quiet: int  # the first line after the piece that its blocks did not take
    early_blocks: list[tuple[int, int]]
    dropped: int
    lines: int  # the line ends before the piece's end (where the next one starts)
    warning_lines: int  # read by its scanner, and by those of the pieces before it here


Scan = Callable[[memoryview, int, Any], tuple[int, Piece]]
"""A worker's work: a piece's bytes, where they start in the stream, and the
rest of its request, to the piece's number and what it gave."""


# Errors cross from a child as plain tuples: a slotted object pickles through
# Python code (copyreg's), a tuple of plain values in C.
_error_values = attrgetter(*Error.__slots__)
_found_values = attrgetter(*(name for name in Found.__slots__ if name != "err"))


def to_wire(scanned: dict[int, Piece]) -> dict[int, tuple[Piece, list[tuple[Any, ...]]]]:
    """The pieces with their errors as plain tuples, to be pickled."""
    sent = {}
    for k, piece in scanned.items():
        errors = [(_error_values(found.err), *_found_values(found)) for found in piece.founds]
        sent[k] = (piece._replace(founds=[]), errors)
    return sent


def from_wire(sent: dict[int, tuple[Piece, list[tuple[Any, ...]]]]) -> dict[int, Piece]:
    """The pieces as ``to_wire`` had them."""
    return {
        k: piece._replace(founds=[Found(Error(*err), *rest) for err, *rest in founds])
        for k, (piece, founds) in sent.items()
    }


class Child:
    """A child process running ``work``; ``result()`` waits for what it returns
    (None when it failed: the caller does the work itself)."""

    def __init__(self, work: Callable[[], dict[int, Piece]]) -> None:
        read_end, write_end = os.pipe()
        pid = os.fork()
        if pid == 0:  # the child: never returns
            status = 0
            try:
                os.close(read_end)
                with open(write_end, "wb") as out:
                    pickle.dump(to_wire(work()), out, protocol=pickle.HIGHEST_PROTOCOL)
            except BaseException:
                status = 1
            finally:
                os._exit(status)
        os.close(write_end)
        self.pid, self.read_end = pid, read_end
        self.done = False

    def result(self) -> dict[int, Piece] | None:
        read_end, self.read_end = self.read_end, -1  # the file object closes it
        with open(read_end, "rb") as inp:
            raw = inp.read()
        _, status = os.waitpid(self.pid, 0)
        self.done = True
        if status != 0:
            return None
        try:
            return from_wire(pickle.loads(raw))
        except Exception:
            return None

    def stop(self) -> None:
        """The scan is over without its result (the caller failed, or was interrupted)."""
        if self.done:
            return
        self.done = True
        if self.read_end >= 0:
            os.close(self.read_end)
        os.kill(self.pid, signal.SIGKILL)  # not reaped yet: the pid is still its
        os.waitpid(self.pid, 0)


class Worker:
    """A child process that scans the pieces of a stream it is sent (``streaming``),
    in order, up to ``SLOTS`` queued, until its requests end.

    A piece's bytes go through memory both processes share (one copy each
    way, and the parent never waits for the child to read); only a small
    request and the errors found go through pipes. Forked mid-run
    (``fork_alone``), it ends with its requests, so it never outlives the
    parent by more than a piece.
    """

    SLOTS = 3  # two queued while it scans one; at the end, one taken back, the last sent

    def __init__(self, scan: Scan, slot: int) -> None:
        import mmap

        self.slot = slot  # bytes of the largest piece it takes
        self._shared = mmap.mmap(-1, self.SLOTS * slot)  # anonymous, shared with the child
        self._states = mmap.mmap(-1, self.SLOTS)  # each slot's: _QUEUED, _STARTED, _TAKEN_BACK
        requests, self._requests = os.pipe()
        try:
            self._results, results = os.pipe()
        except OSError:
            os.close(requests)
            os.close(self._requests)
            raise
        _widen(results)
        try:
            pid, kept = fork_alone(requests, results)
        except OSError:
            for fd in (requests, self._requests, self._results, results):
                os.close(fd)
            self._shared.close()
            self._states.close()
            raise
        if pid == 0:  # the child: never returns
            status = 0
            try:
                _serve(scan, kept[0], kept[1], self._shared, self._states, slot)
            except BaseException:
                status = 1
            finally:
                os._exit(status)
        os.close(requests)
        os.close(results)
        import select

        self._poll = select.poll()
        self._poll.register(self._results, select.POLLIN)
        self.pid = pid
        self.alive = True
        self._free = list(range(self.SLOTS))
        self._sent: deque[int] = deque()  # the slots of the pieces sent, oldest first

    @property
    def busy(self) -> bool:
        """Pieces were sent whose results are not read yet."""
        return bool(self._sent)

    def takes(self, size: int) -> bool:
        """Whether it can take a piece of ``size`` bytes now."""
        return self.alive and bool(self._free) and size <= self.slot

    def send(self, data: bytes | bytearray | memoryview, start: int, request: Any) -> bool:
        """Queue a piece (its bytes, where they start, and what else its scan
        needs); False when the worker is gone (the caller scans it)."""
        slot = self._free.pop()
        at = slot * self.slot
        self._shared[at : at + len(data)] = data
        self._states[slot] = _QUEUED
        frame = (slot, len(data), start, request)
        try:
            _write_frame(self._requests, pickle.dumps(frame, protocol=pickle.HIGHEST_PROTOCOL))
        except OSError:
            self.stop()
            return False
        self._sent.append(slot)
        return True

    def take_back(self) -> int | None:
        """Take back the last piece sent that the worker has not started, when it
        has another before it: the caller scans it, and ignores what the worker
        answers for it (nothing, or the same, should it have started it after
        all). Its place among the pieces sent and not answered, oldest first;
        None when there is none to take."""
        kept = [i for i, slot in enumerate(self._sent) if self._states[slot] != _TAKEN_BACK]
        if len(kept) < 2 or self._states[self._sent[kept[-1]]] != _QUEUED:
            return None
        self._states[self._sent[kept[-1]]] = _TAKEN_BACK
        return kept[-1]

    def ready(self) -> bool:
        """Whether the oldest piece sent is done (its result waits to be read).
        ``poll``, not ``select``: a descriptor numbered past 1024 is no error."""
        return self.busy and bool(self._poll.poll(0))

    def result(self) -> dict[int, Piece] | None:
        """What the oldest piece sent gave, waiting for it; None when the worker
        failed (it is stopped: the caller scans the piece itself)."""
        if not self.alive:
            return None
        self._free.append(self._sent.popleft())
        try:
            return from_wire(pickle.loads(_read_frame(self._results)))
        except Exception:
            self.stop()
            return None

    def close(self) -> None:
        """No more pieces: the worker ends (stopped, should it still be on one)."""
        if self.busy:
            self.stop()
        elif self.alive:
            self._end()

    def stop(self) -> None:
        """The worker is not wanted any more, whatever it is doing."""
        if self.alive:
            os.kill(self.pid, signal.SIGKILL)
            self._end()

    def _end(self) -> None:
        self.alive = False
        self._sent.clear()
        os.close(self._requests)
        os.close(self._results)
        _reap(self.pid)
        self._shared.close()
        self._states.close()


_ENDING: list[int] = []  # workers told to end that had not ended when last looked at


def _reap(pid: int) -> None:
    """Reap a worker told to end (its requests closed, or killed) once it has ended:
    at once if it has, else later, at the latest at this process's exit. The
    system frees its memory meanwhile, long after a big output, and nothing
    here needs to wait for that."""
    _ENDING.append(pid)
    _reap_all(os.WNOHANG)
    if _ENDING:
        import atexit

        atexit.unregister(_reap_all)  # registered once, however many are left
        atexit.register(_reap_all, 0)


def _reap_all(options: int) -> None:
    """The workers told to end that have ended (all, waiting, without ``WNOHANG``)."""
    for pid in list(_ENDING):
        with suppress(ChildProcessError):  # reaped already
            if os.waitpid(pid, options)[0] == 0:
                continue  # still ending
        _ENDING.remove(pid)


def _widen(fd: int) -> None:
    """A pipe that holds a piece's errors whole, where the system allows."""
    with suppress(OSError, AttributeError, ImportError):
        import fcntl

        fcntl.fcntl(fd, fcntl.F_SETPIPE_SZ, 1 << 20)


_QUEUED, _STARTED, _TAKEN_BACK = 1, 2, 3  # a slot's state


def _serve(
    scan: Scan,
    requests: int,
    results: int,
    shared: mmap,
    states: mmap,
    size: int,
) -> None:
    """Scan each piece as it comes, send back what it gave (nothing for one taken
    back); until the requests end."""
    while True:
        try:
            slot, length, start, request = pickle.loads(_read_frame(requests))
        except EOFError:
            return
        scanned: dict[int, Piece] = {}
        if states[slot] != _TAKEN_BACK:
            states[slot] = _STARTED
            with memoryview(shared) as view:  # the slot is the worker's until it answers
                k, scanned[k] = scan(view[slot * size : slot * size + length], start, request)
        _write_frame(results, pickle.dumps(to_wire(scanned), protocol=pickle.HIGHEST_PROTOCOL))


_LENGTH = 8  # bytes of a frame's length, before it


def _write_frame(fd: int, payload: bytes) -> None:
    write_all(fd, len(payload).to_bytes(_LENGTH, "little"))
    write_all(fd, payload)


def _read_frame(fd: int) -> bytes:
    size = int.from_bytes(_read_exactly(fd, _LENGTH), "little")
    return _read_exactly(fd, size)


def _read_exactly(fd: int, size: int) -> bytes:
    parts: list[bytes] = []
    while size:
        part = os.read(fd, min(size, 1 << 20))
        if not part:
            raise EOFError("the other end closed the pipe")
        parts.append(part)
        size -= len(part)
    return b"".join(parts)
