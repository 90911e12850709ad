"""The base of every block reader: it says which lines after a header belong.

A format row names a continuation kind (``blocks.READERS``); the engine feeds
the following lines to that kind's reader until it declines one.
"""

from __future__ import annotations

from ..report import Error
from .frames import Frame, frame, is_user_path

MAX_BLOCK = 60  # lines after the header, at most: a sanity bound, as in the seed


def _set_location(err: Error, where: Frame) -> None:
    err.file, err.line, err.column = where.file, where.line, where.col


class Reader:
    """Reads the lines after a header; ``feed`` says if a line belongs.

    ``end`` is the last line that carried content: trailing blank lines a
    reader accepted while waiting to see what comes next are not in the span.
    """

    innermost_first = True  # Node, JVM and Go list the innermost frame first
    valid = True  # a reader may find that its header was no error after all
    consequence = False  # ... or that it only follows from an earlier one
    frames_wanted = True  # stack traces; code frames and notes have none to look for

    def __init__(self, err: Error, start: int) -> None:
        self.err = err
        self.end = start
        self.count = 0
        self.frames: list[Frame] = []

    def feed(self, line: str, lineno: int) -> bool:
        if self.count >= MAX_BLOCK:
            return False
        if not self.accept(line):
            return False
        self.count += 1
        if line.strip():
            self.end = lineno
            self.err.block.append(line)
            if self.frames_wanted and (where := frame(line)) is not None:
                self.frames.append(where)
        return True

    def accept(self, line: str) -> bool:
        raise NotImplementedError

    def finish(self) -> None:
        """Point the error at the innermost frame in the user's own code."""
        frames = self.frames if self.innermost_first else self.frames[::-1]
        user = [f for f in frames if f.user]
        if user and (self.err.file is None or not is_user_path(self.err.file)):
            _set_location(self.err, user[0])
        elif frames and self.err.file is None:
            _set_location(self.err, frames[0])
