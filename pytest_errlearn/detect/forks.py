"""The processes that scan a big file's pieces (``parallel``): forked, so nothing
is imported or compiled again; a ``Child`` takes pieces until none is left and
sends back what they gave."""

from __future__ import annotations

import os
import pickle
import signal
from collections.abc import Callable
from operator import attrgetter
from typing import Any, NamedTuple

from ..report import Error
from .found import Found


class Piece(NamedTuple):
    """What scanning one piece gave."""

    founds: list[Found]
    quiet: int  # the first line after the piece that its blocks did not take
    early_blocks: list[tuple[int, int]]
    dropped: int
    lines: int  # the line ends before the piece's end (where the next one starts)
    warning_lines: int  # read by its scanner, and by those of the pieces before it here


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
