"""Raw output cut into chunks of whole lines: what the scanner reads, and what
stage 1 reads ahead of it in a process of its own (``ahead``).

What must hold: the chunks depend only on the bytes and on where each fed
piece starts. Fed the same bytes in pieces that are multiples of ``STEP``
long, from the same start and the same unfinished line, two readers cut the
same chunks, whatever the pieces' sizes: that is how the process reading
ahead and the scanner agree on which chunk a list of lines belongs to.
"""

from __future__ import annotations

from collections import deque

from .text import MAX_LINE

MAX_PENDING = MAX_LINE * 4  # bytes of one unfinished line kept while waiting for its end
# Bytes analysed at a time: colour stripping and stage 1 each pass over a
# piece this size while it is still in the CPU's cache, not over megabytes
# that have left it by the second pass.
STEP = 1 << 17


class Chunks:
    """Feed it output (``feed``), then ``flush()``; each chunk of whole lines goes
    to ``_chunk``, the subclass's. A line longer than ``MAX_PENDING`` is cut there."""

    def __init__(self) -> None:
        self._pending = b""  # the unfinished line
        self._long = False  # it overran MAX_PENDING; the rest of it is dropped

    def feed(self, data: bytes) -> None:
        """Take the complete lines of ``data``; keep the unfinished one."""
        if type(data) is not bytes:  # a bytearray or a view: the C loops read bytes only
            data = bytes(data)
        for start in range(0, len(data), STEP):  # read in place: no piece is copied out
            self._feed(data, start, min(start + STEP, len(data)))

    def _feed(self, data: bytes, start: int, stop: int) -> None:
        """The piece ``data[start:stop]``: its lines, with the unfinished one before
        it, are one chunk (copied once); the line it leaves unfinished is kept."""
        if self._long:
            i = data.find(b"\n", start, stop)
            if i < 0:
                return
            self._chunk(self._pending + b"\n")
            self._pending, self._long, start = b"", False, i + 1
        cut = data.rfind(b"\n", start, stop) + 1
        if not cut:
            self._pending += data[start:stop]
        else:
            if self._pending:
                self._chunk(b"".join((self._pending, memoryview(data)[start:cut])))
            else:
                self._chunk(data if start == 0 and cut == len(data) else data[start:cut])
            self._pending = data[cut:stop]
        if len(self._pending) > MAX_PENDING:
            self._pending, self._long = self._pending[:MAX_PENDING], True

    def flush(self) -> None:
        """The output is over: its last line, unfinished, is a chunk of its own."""
        if self._pending:
            self._chunk(self._pending)
            self._pending = b""

    def _chunk(self, chunk: bytes) -> None:
        raise NotImplementedError


class Tail:
    """The last ``size`` bytes (or more) of raw output, kept as the reads that hold
    them: no byte is copied until ``last`` joins them."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.seen = 0  # bytes kept ever, the dropped ones too
        self._reads: deque[bytes] = deque()
        self._kept = 0  # bytes in ``_reads``

    def keep(self, data: bytes) -> None:
        self._reads.append(data)
        self._kept += len(data)
        self.seen += len(data)
        while self._kept - len(self._reads[0]) >= self.size:
            self._kept -= len(self._reads.popleft())

    def last(self) -> bytes:
        """The last ``size`` bytes kept (all of them, where fewer were)."""
        return b"".join(self._reads)[-self.size :]
