"""Stage 1 read ahead in a process of its own, once an output is whole on disk
(a log file, or ``errlearn run``'s spill after the command ended).

Stage 1 (``prefilter``) depends on a chunk's bytes alone: which of its lines
may be errors. So a second process can run it over the chunks ahead of the
scanner while the scanner does stage 2: the pass takes about the time of its
slower half on two CPUs, and there is nothing to put back together. (Pieces
of a log scanned at once, ``parallel``, each start without knowing what the
lines above them explained; here one scanner still reads every line in order.)

The worker is forked from the scanner's process between two chunks, so it
cuts the same chunks from the same bytes (``chunks``) and runs the same
automata (compiled there, on their first use, where the scanner had not used
them yet: the scanner, reading on, never needs them). For each chunk, in
order, it sends the starts of the lines where stage 1 stops, and the chunk
without its colours, which stage 1 reads too: the scanner need not strip it
again. A worker that fails or dies is only a worker gone: the scanner finds
the lines itself from that chunk on.

The worker runs the full automata only, never those blind to warnings that a
scanner alone switches to past ``MAX_WARNINGS`` warning lines: the scanner
then only counts each warning line the worker listed (it has the CPU to
spare, the worker has not), and the report is the same.

Stage 1 is the lighter half: the worker is done first, and may be asked to
make something more of the output's last bytes meanwhile (``start``'s
``then``: a passing run's templates, for ``errlearn run``), which the scanner
takes after the last chunk (``Ahead.after``).
"""

from __future__ import annotations

import mmap
import os
import select
import signal
import struct
from array import array
from bisect import bisect_left
from collections.abc import Callable
from contextlib import suppress
from typing import BinaryIO

from ..forking import fork_alone, free_cpus, write_all
from . import prefilter
from .chunks import STEP, Chunks, Tail
from .text import strip_colour

MIN_AHEAD = 8 << 20  # bytes still to read that are worth a second process
READ = 8 * STEP  # bytes the worker reads at a time: a multiple of STEP (``chunks``)
RING = 8 << 20  # bytes of chunks stripped of their colours the worker may be ahead by
# A record's head: a chunk's count of lines, its size, and where in the ring it
# is without its colours (-1: nowhere, it has none) and that size.
_HEAD = struct.Struct("<IIqI")
_ITEM = array("i").itemsize  # bytes of a line's start
_AFTER = (1 << 32) - 1  # in place of a count: what ``then`` made follows, its size next

# What the worker makes of the output's last bytes once stage 1 is done: how
# many bytes it needs, and the function that makes bytes of them.
Then = tuple[int, Callable[[bytes], bytes]]


class Ring:
    """Memory the worker and the scanner share (mapped before the fork), through
    which the worker hands on each chunk it stripped of its colours: written in
    turn, read in the same turn, a chunk never across the end. Its first bytes
    say how far the scanner has read: the worker writes no further ahead than
    the ring holds. Positions are of all the bytes ever written, so they grow."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._map = mmap.mmap(-1, _READ.size + size)  # shared with the processes forked
        self._written = 0  # the worker's: where its next chunk may go

    def put(self, data: bytes, out: int) -> int:
        """Write ``data`` (the worker, waiting while the scanner has not read far
        enough); where it is, -1 where it would never fit. A scanner gone (nobody
        reads ``out``, the worker's pipe) is a ``BrokenPipeError``."""
        size = len(data)
        if size > self.size:
            return -1
        at = self._written
        if at % self.size + size > self.size:  # not across the end: from the start
            at += self.size - at % self.size
        waiting = None
        while at + size - _READ.unpack_from(self._map)[0] > self.size:
            waiting = waiting or _watch(out)
            if waiting.poll(1):  # the pipe's reader closed it
                raise BrokenPipeError
        offset = _READ.size + at % self.size
        self._map[offset : offset + size] = data
        self._written = at + size
        return at

    def take(self, at: int, size: int) -> bytes:
        """The chunk at ``at`` (the scanner), which the worker may then write over."""
        offset = _READ.size + at % self.size
        data = self._map[offset : offset + size]
        _READ.pack_into(self._map, 0, at + size)
        return data

    def close(self) -> None:
        self._map.close()


_READ = struct.Struct("<q")  # the ring's head: how far the scanner has read


def _watch(out: int) -> select.poll:
    """A poll that says when the reader of the pipe ``out`` is gone."""
    watch = select.poll()
    watch.register(out, select.POLLERR)
    return watch


class Ahead:
    """The scanner's side: ``next(chunk)`` is the next chunk without its colours
    (None where the worker did not strip it) and its lines where stage 1 stops,
    by their starts; None once the worker is gone (the scanner then runs stage
    1 itself). Each chunk comes with its size: a chunk of another size than the
    scanner's own is a worker out of step, stopped at once."""

    def __init__(self, pid: int, pipe: int, ring: Ring) -> None:
        self.pid = pid
        self._pipe: BinaryIO | None = open(pipe, "rb")  # noqa: SIM115 (``close`` closes it)
        self._ring: Ring | None = ring

    def next(self, chunk: bytes) -> tuple[bytes | None, array[int]] | None:
        count, size, at, stripped = self._head()
        if 0 <= count < _AFTER and size == len(chunk) and self._ring is not None:
            body = self._read(count * _ITEM)
            if len(body) == count * _ITEM:
                starts = array("i")
                starts.frombytes(body)
                return (None if at < 0 else self._ring.take(at, stripped)), starts
        self.close()
        return None

    def after(self) -> bytes | None:
        """What ``then`` made, once every chunk has been read (waiting for it if
        need be); None where none was asked for (the worker ends after its last
        chunk), or where the worker failed or is gone."""
        mark, size, _, _ = self._head()
        if mark != _AFTER:
            return None
        made = self._read(size)
        return made if len(made) == size else None

    def _head(self) -> tuple[int, int, int, int]:
        """A record's head (``_HEAD``): all -1 at the pipe's end."""
        head = self._read(_HEAD.size)
        if len(head) != _HEAD.size:
            return -1, -1, -1, -1
        return _HEAD.unpack(head)

    def _read(self, size: int) -> bytes:
        return b"" if self._pipe is None else self._pipe.read(size)

    def close(self) -> None:
        """Stop the worker (it has sent all it had, or is no use now) and reap it."""
        if self._pipe is None:
            return
        self._pipe.close()
        self._pipe = None
        if self._ring is not None:
            self._ring.close()
            self._ring = None
        with suppress(OSError):
            os.kill(self.pid, signal.SIGKILL)
        with suppress(ChildProcessError):
            os.waitpid(self.pid, 0)


def start(
    chunks: Chunks,
    fd: int,
    begin: int,
    end: int,
    then: Then | None = None,
    find: prefilter.Find = prefilter.find,
) -> Ahead | None:
    """A worker reading ``fd`` from ``begin`` (the next byte ``chunks`` is fed) to
    ``end`` ahead of ``chunks``; None where it does not pay (too little left to
    read, no CPU free for it, no fork) or cannot be had. ``then``: what it
    makes of the last bytes it reads after its last chunk (``Ahead.after``),
    where it reads them all. ``find``: stage 1 as the scanner runs it (the
    command's tool's, ``prefilter.find_for``)."""
    if end - begin < MIN_AHEAD or not hasattr(os, "fork") or prefilter.ENGINE != "re2":
        return None
    if then is not None and end - begin < then[0]:
        then = None
    if free_cpus() < 2:
        return None
    try:
        ring = Ring(RING)
    except OSError:
        return None
    read_end, write_end = os.pipe()
    try:
        pid, (fd, write_end) = fork_alone(fd, write_end)
    except OSError:
        os.close(read_end)
        os.close(write_end)
        ring.close()
        return None
    if pid == 0:  # the worker: never returns
        status = 0
        try:
            _Worker(write_end, chunks, ring, then, find).read(fd, begin, end)
        except BaseException:
            status = 1
        finally:
            os._exit(status)
    os.close(write_end)
    return Ahead(pid, read_end, ring)


class Listed:
    """A chunk's lines where stage 1 stops, as the worker found them: ``find`` is
    ``prefilter.find`` over the chunk, ``starts`` those lines' starts (a line of
    it read on its own, in a block, is checked there)."""

    __slots__ = ("starts", "_sorted")

    def __init__(self, starts: array[int] | list[int]) -> None:
        self._sorted = starts.tolist() if isinstance(starts, array) else starts
        self.starts = frozenset(self._sorted)

    def find(self, buffer: bytes, pos: int) -> int:
        i = bisect_left(self._sorted, pos)
        return self._sorted[i] if i < len(self._sorted) else -1


class _Worker(Chunks):
    """The worker's side: the chunks cut as the scanner cuts them, from where it is."""

    def __init__(
        self,
        out: int,
        at: Chunks,
        ring: Ring,
        then: Then | None = None,
        find: prefilter.Find = prefilter.find,
    ) -> None:
        super().__init__()
        self._pending, self._long = at._pending, at._long  # the scanner's unfinished line
        self.out = out
        self.ring = ring
        self.then = then
        self.find = find

    def read(self, fd: int, begin: int, end: int) -> None:
        # The last bytes ``then`` needs, kept as read: the file's blocks may be
        # given back meanwhile.
        last = None if self.then is None else Tail(self.then[0])
        for offset in range(begin, end, READ):
            data = os.pread(fd, min(READ, end - offset), offset)
            self.feed(data)
            if last is not None:
                last.keep(data)
        self.flush()
        if self.then is not None and last is not None:
            made = self.then[1](last.last())
            write_all(self.out, _HEAD.pack(_AFTER, len(made), -1, 0) + made)

    def _chunk(self, chunk: bytes) -> None:
        """The starts of a chunk's lines where stage 1 stops, as the scanner's
        loop finds them (``Scanner._chunk``), and the chunk stripped of its
        colours in the ring, where that changed it."""
        stripped = strip_colour(chunk)
        starts = array("i", prefilter.line_starts(stripped, self.find))
        at = -1 if stripped is chunk else self.ring.put(stripped, self.out)
        head = _HEAD.pack(len(starts), len(chunk), at, len(stripped))
        write_all(self.out, head + starts.tobytes())  # at once: the scanner may be waiting
