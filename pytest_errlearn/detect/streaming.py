"""A command's output detected as it comes, on a second CPU once it is big.

``Detector`` reads a stream in one process: a command that prints faster
than one CPU scans waits for errlearn. ``StreamDetector`` cuts the
stream into pieces of a few megabytes, each at the first line end past its
size, and queues each at a worker process when the worker has room, else
scans it here. The pieces go back together in order (``pieces.Assembly``),
so the report is the one ``Detector`` gives. When the output ends, what is
left is cut finer and read from both ends, so that the two processes finish
together, and a piece the worker is still on is read here too (``_race``).
An output smaller than a piece is scanned here at its end, and costs no
process.

``parallel`` cuts a file where no block can be open; a stream is cut at any
line end instead: looking for such a place would cost this process more than
the piece, rare on real output, read again for a block open across its start
(``pieces.rescan``).

Memory stays bounded whatever the output: the piece being cut, and at most
``MAX_WAITING`` not yet put back together (the worker's among them), then at
the end what is left, cut finer only when it is two pieces or less. A line
longer than ``MAX_PENDING`` keeps only its start, as the scanner keeps it.
"""

from __future__ import annotations

import mmap
import os
from collections import deque
from collections.abc import Callable
from functools import cache, partial
from typing import Any

from ..report import Report
from .baseline import Baseline
from .forks import Piece, Worker, cpus
from .lookback import LOOKBACK
from .pieces import (
    AHEAD,
    Assembly,
    Memory,
    Stopped,
    rescanner,
    scan_piece,
    scan_to_send,
)
from .scanner import MAX_PENDING

Buffer = bytearray | mmap.mmap

# Bytes a piece holds, about (it ends at a line end): 2 MB, the quickest of the
# sizes tried since the byte loops are in C (benchmarks/README.md).
PIECE = 1 << 21
# Bytes after a piece held for it at most, however few lines they are: the
# lines a block open at its end may run on into (AHEAD), a small part of this
# on real output.
AHEAD_LIMIT = 16 << 20
SLOT = 2 * PIECE + (1 << 20)  # the largest piece the worker takes; a larger one is scanned here
BUFFER = SLOT  # bytes of a stream buffer: a piece, the lines after it, and a part
# Bytes of a read taken at a time: a piece is cut as soon as they complete it,
# so a buffer holds little past its piece (a pipe's 1 MB read would go whole
# into one, nearly doubling the memory each buffer is given and freed).
PART = 1 << 18
# Pieces, the worker's included, not yet put back together. This process
# scans a piece whenever the worker is full, and must not wait for it then:
# fewer would leave it waiting for the assembly instead of scanning.
MAX_WAITING = 8


class StreamDetector:
    """Feed it output as it comes (``feed``), then ``close()`` for the report.

    ``workers=False`` keeps every piece in this process.
    """

    def __init__(
        self,
        tool: str | None = None,
        *,
        command: str | None = None,
        workers: bool = True,
        known: Baseline | None = None,
    ) -> None:
        self.tool = tool
        self.command = command
        self.known = known  # a passing run's baseline: the worker has it from its fork
        self._spare: list[Buffer] = []  # buffers of pieces put back, to be filled again
        self._buf: Buffer = bytearray()  # the stream from ``_start`` (a line start) on:
        self._used = 0  # ... its first bytes, this many
        self._start = 0
        self._begin = 0  # where the next piece begins
        self._cut: int | None = None  # where it ends, once chosen
        self._unfinished = 0  # bytes of the stream's last line so far, which has no end yet
        self._long = False  # ... which ran past MAX_PENDING: the rest of it is dropped
        self._assembly = Assembly(command)
        self._cut_pieces: dict[int, tuple[Memory, int, int]] = {}  # not put back yet:
        # their bytes, where they begin and end, should one be scanned again
        self._scanned: dict[int, Piece | None] = {}
        self._count = 0  # pieces cut
        self._worker: Worker | None = None
        self._at_worker: deque[int] = deque()  # the pieces the worker has, oldest first
        self._taken_back: set[int] = set()  # ... of which these are scanned here instead
        self._may_fork = workers and hasattr(os, "fork")

    @property
    def dropped(self) -> int:
        """Errors and warnings past the limits: counted, not kept."""
        return self._assembly.dropped

    def feed(self, data: bytes | memoryview) -> None:
        """Take the next bytes of the output; scan the pieces they complete."""
        try:
            if len(data) <= PART:
                self._take(data)
                return
            with memoryview(data) as view:
                for i in range(0, len(view), PART):
                    self._take(view[i : i + PART])
        except BaseException:
            self._stop()
            raise

    def _take(self, data: bytes | memoryview) -> None:
        old, self._used = self._used, self._used + len(data)
        if self._used > len(self._buf):
            full, self._buf = self._buf, self._buffer(self._used, 0, old)
            self._recycle(full)
        self._buf[old : self._used] = data  # as long as the slice: no resizing
        self._bound(old)
        while (ahead := self._ahead(PIECE)) is not None:
            assert self._cut is not None
            self._piece(self._cut, ahead)

    def close(self, failed: bool | None = None) -> Report:
        """Finish the output and return the report, root cause named (``failed``:
        whether the run failed, when known)."""
        try:
            self._share_out(self._cut_rest())
            self._race()
            for k in self._cut_pieces:  # none left behind (those taken back among them)
                self._scanned.setdefault(k, None)  # None: scanned here now
            self._assemble()
        finally:
            self._stop()
        return self._assembly.report(failed)

    # -- cutting --------------------------------------------------------------

    def _buffer(self, size: int, begin: int, end: int) -> Buffer:
        """A buffer for the stream that holds ``size`` bytes, starting with the
        current one's bytes from ``begin`` to ``end``: a spare one when it is big
        enough.

        Buffers are made once, as mappings whose pages the system gives when
        first written, and filled again: a bytearray grown as the bytes came,
        a new one for every piece, took fresh pages all along.
        """
        if size > BUFFER:  # a line longer than a piece, ahead of the cut
            buf: Buffer = bytearray(size + size // 8)
        elif self._spare:
            buf = self._spare.pop()
        else:
            buf = mmap.mmap(-1, BUFFER)
            _raise_heap_threshold()
        if end > begin:
            with memoryview(self._buf) as old:
                buf[: end - begin] = old[begin:end]
        return buf

    def _recycle(self, buf: object) -> None:
        """A buffer no longer read, kept to be filled again (as many as may be in use)."""
        if isinstance(buf, mmap.mmap) and len(self._spare) <= MAX_WAITING:
            self._spare.append(buf)

    def _bound(self, old: int) -> None:
        """Drop what the bytes fed from ``old`` on hold past MAX_PENDING bytes of a line."""
        buf, used = self._buf, self._used
        if self._long:
            i = buf.find(b"\n", old, used)
            if i < 0:
                self._used = old
                return
            buf[old : old + used - i] = buf[i:used]
            self._used = used = old + used - i
            self._long, self._unfinished = False, 0
        i = buf.rfind(b"\n", old, used)
        self._unfinished = used - i - 1 if i >= 0 else self._unfinished + used - old
        if self._unfinished > MAX_PENDING:
            self._used = used - (self._unfinished - MAX_PENDING)
            self._unfinished, self._long = MAX_PENDING, True

    def _ahead(self, size: int) -> int | None:
        """Where the lines after the next piece (of about ``size`` bytes, to a line
        end) end, once the stream holds the piece and enough of them (``AHEAD``,
        for the block it may leave open)."""
        buf, used = self._buf, self._used
        if self._cut is None:
            if self._start + used - self._begin < size:
                return None
            if (nl := buf.find(b"\n", self._begin + size - 1 - self._start, used)) < 0:
                return None  # no line ends past it yet
            self._cut = self._start + nl + 1
        p = start = self._cut - self._start
        stop = min(used, start + AHEAD_LIMIT)
        for _ in range(AHEAD):
            if (nl := buf.find(b"\n", p, stop)) >= 0:
                p = nl + 1
            elif stop < start + AHEAD_LIMIT:
                return None  # more lines may come
            elif p > start:
                break  # the lines that fit
            elif (nl := buf.find(b"\n", stop, used)) >= 0:
                return self._start + nl + 1  # one line longer than the limit: all of it
            else:
                return None  # ... when it has ended
        return self._start + p

    def _piece(self, end: int, ahead: int) -> None:
        """Cut the next piece and have it scanned."""
        self._scan(self._cut_piece(end, ahead), last=end == ahead)

    def _cut_piece(self, end: int, ahead: int) -> int:
        """Cut the next piece (to ``end``, what it may read on into to ``ahead``);
        keep only the lines above the next one. The piece's number."""
        begin, buf, start, used = self._begin, self._buf, self._start, self._used
        k, self._count = self._count, self._count + 1
        # The piece keeps the buffer, to ``ahead``; the next one starts in another.
        self._cut_pieces[k] = (Memory(buf, start, ahead - start), begin, end)
        self._begin, self._cut = end, None
        keep = end - start  # from LOOKBACK + 1 lines above the next piece on
        for _ in range(LOOKBACK + 1):
            if keep <= 0:
                break
            keep = buf.rfind(b"\n", 0, keep - 1) + 1
        self._buf, self._used = self._buffer(used - keep, keep, used), used - keep
        self._start += keep
        return k

    def _cut_rest(self) -> deque[int]:
        """The output is over: what is left of it cut into pieces, small ones (a
        quarter of ``PIECE``) when the worker is there to share them; their numbers.

        Only a usual rest is cut finer, and only where the lines after a cut are
        short: each piece holds the lines it may read on into, so where lines are
        long (minified JavaScript, JSON, base64), pieces cut small would each
        hold most of the rest, and it would be copied at every cut.
        """
        rest: deque[int] = deque()
        end = self._start + self._used
        quarter = PIECE // 4
        if self._worker is not None and self._worker.alive and end - self._begin <= 2 * PIECE:
            self._cut = None  # chosen for a whole piece, waiting for the lines after it
            while True:
                ahead = self._ahead(quarter)
                if (cut := self._cut) is None or ahead is None or ahead - cut > PIECE:
                    break
                rest.append(self._cut_piece(cut, ahead))
        if end > self._begin:
            rest.append(self._cut_piece(end, end))
        return rest

    # -- scanning -----------------------------------------------------------------

    def _scan(self, k: int, *, last: bool) -> None:
        """Piece ``k`` queued at the worker when it has room, else scanned here."""
        self._collect_ready()
        if not self._send(k, last=last):
            self._scanned[k] = self._scan_here(k)
            self._assemble()
        while self._at_worker and len(self._cut_pieces) >= MAX_WAITING:
            self._collect()  # the worker is far behind: memory says wait

    def _share_out(self, rest: deque[int]) -> None:
        """The last pieces read from both ends, so that the worker and this process
        finish together: the worker takes the first ones as it has room, this
        process the last, and then those queued at the worker that it has not
        started (``take_back``)."""
        while True:
            self._collect_ready()
            while len(rest) > 1 and self._send(rest[0], last=True):
                rest.popleft()
            if rest:
                k = rest.pop()
            elif (taken := self._take_back()) is not None:
                k = taken
            else:
                return
            self._scanned[k] = self._scan_here(k)
            self._assemble()

    def _race(self) -> None:
        """The worker's last answers. A piece it is still on (just started, or
        its CPU lost to another process) is scanned here too, and the first
        scan to end is kept, so this process does not wait for it idle. Not on
        a single CPU, where that only slows the
        worker down. What was all scanned here is not waited for."""
        race = cpus() > 1
        while self._at_worker:
            mine = [k for k in self._at_worker if k not in self._taken_back]
            worker = self._worker
            if not mine or worker is None:
                break  # nothing left that only the worker has
            if not race or worker.ready():
                self._collect()
                continue
            try:
                piece = self._scan_here(mine[0], stop=worker.ready)
            except Stopped:
                continue  # the worker answered first: taken next time round
            self._scanned[mine[0]] = piece
            self._taken_back.add(mine[0])  # its answer, should it come, is not wanted
            self._assemble()
        self._at_worker.clear()  # anything still there was scanned here
        self._taken_back.clear()

    def _send(self, k: int, *, last: bool) -> bool:
        """Piece ``k`` queued at the worker, when it has room."""
        source, begin, end = self._cut_pieces[k]
        size = source.size - source.start
        if (worker := self._taker(size, last)) is None:
            return False
        with memoryview(source.data) as held, held[:size] as data:
            if not worker.send(
                data, source.start, (k, begin, end, self._warnings_above(k), self.tool)
            ):
                return False
        self._at_worker.append(k)
        return True

    def _scan_here(self, k: int, stop: Callable[[], bool] | None = None) -> Piece:
        """Piece ``k`` scanned in this process (until ``stop`` says otherwise)."""
        source, begin, end = self._cut_pieces[k]
        return scan_piece(
            source,
            end,
            self.tool,
            start=(begin, 0),
            warning_lines=self._warnings_above(k),
            stop=stop,
            known=self.known,
        )

    def _warnings_above(self, k: int) -> int:
        """Warning lines surely read above piece ``k``: those of the pieces put back
        together, or of one before ``k`` scanned since. The more a piece is told,
        the sooner it stops reading warnings past the limit in full."""
        known = (p.warning_lines for j, p in self._scanned.items() if j < k and p is not None)
        return max(self._assembly.warning_lines, *known, 0)

    def _taker(self, size: int, last: bool) -> Worker | None:
        """The worker when it can take a piece of ``size`` bytes; started for the
        first piece with more to come."""
        if self._worker is None and self._may_fork and not last:
            self._may_fork = False
            try:
                self._worker = Worker(partial(_scan_request, known=self.known), SLOT)
            except OSError:  # no fork to be had: every piece is scanned here
                return None
        worker = self._worker
        return worker if worker is not None and worker.takes(size) else None

    def _take_back(self) -> int | None:
        """The last piece queued behind another at the worker and not started, if
        any, taken back to be scanned here."""
        worker = self._worker
        if worker is None or (i := worker.take_back()) is None:
            return None
        self._taken_back.add(k := self._at_worker[i])
        return k

    def _collect_ready(self) -> None:
        """What the worker gave for the pieces it has done, without waiting."""
        while self._at_worker and self._worker is not None and self._worker.ready():
            self._collect()

    def _collect(self) -> None:
        """What the worker gave for its oldest piece, waiting for it."""
        worker = self._worker
        if worker is None or not self._at_worker:
            return
        k = self._at_worker.popleft()
        got = worker.result()
        if k in self._taken_back:  # scanned here already
            self._taken_back.discard(k)
        else:
            self._scanned[k] = None if got is None else got.get(k)  # None: scanned here again
        if got is None:  # the worker is gone: what it still had is scanned here
            self._scanned.update((k, None) for k in self._at_worker if k not in self._taken_back)
            self._at_worker.clear()
            self._taken_back.clear()
        self._assemble()

    def _assemble(self) -> None:
        """Put back together the pieces scanned, in order, as far as they go."""
        k = self._count - len(self._cut_pieces)  # the first not put back yet
        while k in self._scanned:
            source, begin, end = self._cut_pieces.pop(k)
            self._assembly.take(
                self._scanned.pop(k), rescanner(source, begin, end, self.tool, self.known)
            )
            self._recycle(source.data)
            k += 1

    def _stop(self) -> None:
        if self._worker is not None:
            self._worker.close()


@cache
def _raise_heap_threshold() -> None:
    """Have the C allocator keep the scanner's 128 KB steps in its heap.

    glibc gives a block over its mmap threshold (128 KB at first) fresh pages
    every time, and raises the threshold to the size of such a block once one
    is freed. The stream's buffers are mappings, not glibc's blocks, so nothing
    raised it: every step's copies faulted their pages in again. One 8 MB
    block made and freed here raises it, for the worker too (forked after, it
    inherits it). Elsewhere, a block that costs nothing.
    """
    bytes(8 << 20)


def _scan_request(
    data: memoryview, start: int, request: Any, *, known: Baseline | None = None
) -> tuple[int, Piece]:
    """In the worker: one piece scanned, to be sent back."""
    k, begin, end, warnings, tool = request
    return k, scan_to_send(
        Memory(data, start), end, tool, start=(begin, 0), warning_lines=warnings, known=known
    )
