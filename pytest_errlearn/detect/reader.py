"""The base of every block reader: it says which lines after a header belong.

A format row names a continuation kind (``blocks.READERS``); the engine feeds
the following lines to that kind's reader until it declines one.
"""

from __future__ import annotations

import re

from ..report import Error
from .frames import Frame, is_user_path, located
from .text import MAX_LINE

TYPE_CHECKING = False  # mypy reads it as True: the table loads where it is used, not here
if TYPE_CHECKING:
    from collections.abc import Callable

    from .formats import Format

MAX_BLOCK = 60  # lines after the header, at most: a sanity bound, as the detection design has

# One raw line that needs no cleaning: no control character, no \r but the
# one of a CRLF, short enough that its text is never cut. Anything else is
# read line by line.
_PLAIN_REST = rb"[^\n\r\x00-\x08\x0b\x0c\x0e-\x1f\x7f]{0,%d}\r?\n" % (MAX_LINE - 1)


def line_run(head: bytes) -> re.Pattern[bytes]:
    """A run of up to MAX_BLOCK plain, non-blank raw lines that start with ``head``."""
    return re.compile(rb"(?:(?:%s)%s){1,%d}" % (head, _PLAIN_REST, MAX_BLOCK))


# Indented, non-blank: the body of most blocks.
INDENTED_RUN = line_run(rb"[ \t]+[^\s\x00-\x1f\x7f]")


def _inside(path: str) -> bool:
    """A runtime's own code, no file anyone can open (``node:internal/...``,
    ``<frozen importlib._bootstrap>``, a bundle a browser was served): no place
    to point an error at."""
    return path.startswith(("node:", "internal/", "<", "http://", "https://"))


def _set_location(err: Error, where: Frame) -> None:
    err.file, err.line, err.column = where.file, where.line, where.col


class Reader:
    """Reads the lines after a header; ``feed`` says if a line belongs.

    ``end`` is the last line that carried content: trailing blank lines a
    reader accepted while waiting to see what comes next are not in the span.
    ``blanks`` is how many blank lines came right before the line ``accept``
    is given (those it accepted: a line it refuses ends the block).
    """

    innermost_first = True  # Node, JVM and Go list the innermost frame first
    valid = True  # a reader may find that its header was no error after all
    consequence = False  # ... or that it only follows from an earlier one
    warning = False  # ... or that it opened a warning (the words after a place say so)
    frames_wanted = True  # stack traces; code frames and notes have none to look for

    def __init__(self, err: Error, start: int) -> None:
        self.err = err
        self.end = start
        self.count = 0
        self.blanks = 0

    def feed(self, line: str, lineno: int) -> bool:
        if self.count >= MAX_BLOCK:
            return False
        if not self.accept(line):
            return False
        self.count += 1
        if self.is_blank(line):
            self.blanks += 1
        else:
            self.blanks = 0
        if line.strip():
            self.end = lineno
            self.err.block.append(line)
        return True

    def is_blank(self, line: str) -> bool:
        """Whether ``line`` counts as blank in ``blanks``."""
        return not line.strip()

    def accept(self, line: str) -> bool:
        raise NotImplementedError

    def run(self) -> re.Pattern[bytes] | None:
        """Raw lines this reader now accepts whatever they say, matched in one
        call over the chunk (``take``) instead of one ``feed`` each; None when
        every line needs a look (the reader's state depends on it)."""
        return None

    def take(self, raw: bytes, lineno: int) -> int:
        """Accept the lines of a ``run()`` match starting at line ``lineno``;
        how many were taken (none once the block is full)."""
        if self.count >= MAX_BLOCK:
            return 0
        text = raw.decode("utf-8", "replace")
        lines = (text.replace("\r\n", "\n") if "\r" in text else text).split("\n")
        del lines[-1]  # after the last newline
        if len(lines) > (room := MAX_BLOCK - self.count):
            del lines[room:]
        self.count += len(lines)
        self.err.block += lines
        if lines:  # a run's lines are never blank (``line_run``)
            self.end = lineno + len(lines) - 1
            self.blanks = 0
        return len(lines)

    def category(self) -> str | None:
        """The error's category where the block says more than its words would
        (read once the block is whole); None: classify its words as any error's."""
        return None

    def said_else(self, default: str, text: str | None = None) -> str:
        """The category the error's message (or ``text``, a part of the block that
        says more) says, else ``default``: for a reader whose other lines would
        mislead the classifier (quoted source, a banner, a wrapper's exception name)."""
        from .classify import categorize  # its set compiles on import: not the families'

        said = categorize(self.err.message if text is None else text)
        return default if said == "unknown" else said

    def locate(self) -> Frame | None:
        """Where the error is: the innermost frame of the user's code in the block
        (its header aside), else the innermost of all; None when there is no frame."""
        return self.frame_in(self.err.block[1:])

    def frame_in(self, lines: list[str]) -> Frame | None:
        """``locate`` over some of the block's lines."""
        return located(lines, innermost_first=self.innermost_first)

    def finish(self) -> None:
        """Point the error at the innermost frame in the user's own code.

        Frames are read here, once the block is whole, innermost first, and
        only up to the first of the user's.
        """
        err = self.err
        if not self.frames_wanted or (err.file is not None and is_user_path(err.file)):
            return
        where = self.locate()
        if where is not None and (where.user or (err.file is None and not _inside(where.file))):
            _set_location(err, where)


def diagnosed(line: str) -> bool:
    """Whether a row of the table reads ``line`` as an error or a warning: under a
    build tool's line for a step that failed (ninja's ``FAILED:``, bazel's), the
    step's own tool speaking, whose diagnostics are then the cause."""
    from .formats import TABLE  # the families' readers hold the table: read once both are built

    hit = TABLE.match(line)
    return hit is not None and hit.fmt.role in ("error", "warning")


def read_by_a_row(err: Error, line: str, refused: Callable[[Format], bool]) -> Format | None:
    """A line of a tool's output inside another's block (a test's output under
    ctest, a build's under pip): where a row of the table reads it as an error
    (and ``refused`` does not refuse the row), its message, file, line and code
    go into ``err``, and the row is returned; else None and ``err`` is left alone."""
    from .formats import TABLE  # the families' readers hold the table: read once both are built

    hit = TABLE.match(line)
    if hit is None or hit.fmt.role != "error" or refused(hit.fmt):
        return None
    groups = hit.groups
    err.message = (groups.get("msg") or line).strip()
    err.file, err.code = groups.get("file"), groups.get("code")
    place = groups.get("line") or ""
    err.line = int(place) if place.isdigit() else None
    return hit.fmt
