"""A log read in pieces, each on its own, then put back together as one pass reads it.

``parallel`` scans a big file so, one process per free CPU. A piece is
scanned knowing the lines just above it, and reads on into what follows only
to finish the block and context it has open (``Scanner.drain``). It is
numbered from its own start, so that no piece waits for the line count of
those before it. The errors read go back in order to one ``Assembler``
(``Assembly``), which numbers each piece as in the log, and folds, counts and
limits the errors as a single pass would.

One case is checked, not assumed: a piece whose scanner opened a block in
lines that, read in one pass, belong to the block the piece before ran on
into. That piece is scanned again from where that block ended (``rescan``).
It is rare: ``parallel`` cuts where no block can be open (``quiet_start``),
so that it never pays for it. The warning limit is the one difference left:
a piece reads up to ``MAX_WARNINGS`` warning lines in full beyond those it is
told were read above it; the report keeps the same first warnings.

Where the bytes come from is a ``Source``: a file read in ranges (``FileRange``).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Protocol

from ..report import Error, Report
from . import prefilter
from .baseline import Baseline
from .blocks import MAX_BLOCK
from .chunks import STEP
from .engine import CHUNK, FOLD_DISTANCE, Assembler, twin_key
from .forks import Piece
from .found import Found
from .lookback import LOOKBACK, last_lines
from .scanner import EARLY, Scanner
from .text import strip_colour

BLOCK = 1 << 16  # bytes read at a time to find the lines around a cut
QUIET = MAX_BLOCK + 2  # lines with nothing stage 1 stops at: no block runs on past them
AHEAD = EARLY + 8  # lines after a piece it may read on into (``drain``)
# Bytes before a step's end where its last line end is looked for: a scanner
# fed whole lines copies nothing (a step cut mid-line was copied twice, to put
# the line back together and to leave it out).
LONG = 1 << 12


class Source(Protocol):
    """Bytes of a log by position: ``start`` is the first one held (a line start)."""

    start: int
    size: int

    def read(self, begin: int, end: int) -> bytes: ...

    def lines(self, begin: int, end: int) -> bytes:
        """The bytes from ``begin`` to the last line end before ``end``; to ``end``
        where none is near (a long line), or where the source ends."""
        ...


class FileRange:
    """Ranges of an open file, read as needed (no mapping: memory stays bounded)."""

    start = 0

    def __init__(self, fd: int, size: int) -> None:
        self.fd, self.size = fd, size

    def read(self, begin: int, end: int) -> bytes:
        return os.pread(self.fd, max(0, min(end, self.size) - begin), begin) if begin < end else b""

    def lines(self, begin: int, end: int) -> bytes:
        chunk = self.read(begin, end)
        if begin + len(chunk) < self.size and (cut := chunk.rfind(b"\n", -LONG) + 1):
            return chunk[:cut]
        return chunk


def scan_piece(
    data: Source,
    end: int,
    tool: str | None,
    assembler: Assembler | None = None,
    *,
    start: tuple[int, int],
    warning_lines: int = 0,
    known: Baseline | None = None,
) -> Piece:
    """Scan from ``start`` (a byte and the line ends above it) to ``end``, then
    drain into what follows (when ``data`` holds more).

    With an ``assembler`` the errors go straight to it, and it may tell the
    scanner what will be folded; without, they are listed for the assembly,
    which numbers a piece from its start (0 line ends above it) as it takes it.
    """
    begin, lineno = start
    causes = _Causes(sure_from(begin, lineno))
    emit: Callable[[Found], None] = causes.add if assembler is None else assembler.add
    scanner = Scanner(
        emit, tool, lineno=lineno, tail=tail(data, begin), warning_lines=warning_lines, known=known
    )
    scanner.follows = causes.follows if assembler is None else assembler.follows
    i = begin
    while i < end:  # the scanner's own steps (no read sliced again), of whole lines
        chunk = data.lines(i, min(i + STEP, end))
        scanner.feed(chunk)
        i += len(chunk)
    lines = scanner.lineno
    if end < data.size:
        quiet = scanner.drain(data.read(end, lines_after(data, end, AHEAD)))
    else:
        scanner.close()
        quiet = scanner.lineno + 1
    return Piece(
        causes.founds, quiet, scanner.early_blocks, scanner.dropped, lines, scanner.warning_lines
    )


def scan_to_send(
    data: Source,
    end: int,
    tool: str | None,
    *,
    start: tuple[int, int],
    warning_lines: int,
    known: Baseline | None = None,
) -> Piece:
    """``scan_piece`` in a process of its own: repeats kept light until the
    assembly, less to hold, and to send."""
    piece = scan_piece(data, end, tool, start=start, warning_lines=warning_lines, known=known)
    return piece._replace(founds=compact(piece.founds, sure_from(*start)))


def rescan(
    data: Source,
    begin: tuple[int, int],
    end: int,
    quiet: int,
    tool: str | None,
    assembler: Assembler,
    known: Baseline | None = None,
) -> Piece:
    """The piece from ``begin`` (its start, and the line ends above it) to ``end``
    again, in this process, from line ``quiet`` on (exact). A piece that the
    block before it takes whole has nothing to read: only its lines count."""
    pos = lines_after(data, begin[0], quiet - 1 - begin[1])
    if pos >= end:
        return Piece([], quiet, [], 0, begin[1] + newlines(data, begin[0], end), 0)
    return scan_piece(data, end, tool, assembler, start=(pos, quiet - 1), known=known)


Rescan = Callable[[int, int, Assembler], Piece]
"""``rescan`` of one piece: given the line ends above it and its first quiet line."""


def rescanner(
    data: Source, begin: int, end: int, tool: str | None, known: Baseline | None = None
) -> Rescan:
    """``rescan`` of the piece from ``begin`` to ``end``, as ``Assembly.take`` calls it."""

    def again(lines: int, quiet: int, assembler: Assembler) -> Piece:
        return rescan(data, (begin, lines), end, quiet, tool, assembler, known)

    return again


class Assembly:
    """The pieces' errors, taken in order by one assembler."""

    def __init__(self, command: str | None) -> None:
        self.assembler = Assembler(command)
        self.quiet = 1  # the first line the pieces before did not take into a block
        self.lines = 0  # the line ends before the next piece
        self.warning_lines = 0  # warning lines read up to the end of the last piece
        self._dropped = 0

    def take(self, piece: Piece | None, again: Rescan) -> None:
        """The next piece as scanned, numbered from its start (None: it was not),
        ``again`` to scan it here."""
        if piece is not None:
            piece = numbered(piece, self.lines)
        if piece is None or any(h < self.quiet <= e for h, e in piece.early_blocks):
            piece = again(self.lines, self.quiet, self.assembler)
        else:
            for found in piece.founds:
                trigger = found.unless_follows
                if (found.err.span[0] if trigger is None else trigger) >= self.quiet:
                    self.assembler.add(found)
        # A piece inside a block the piece before ran on into (a cut where no
        # quiet place was found) ends before that block does: never go back.
        self.quiet, self.lines = max(self.quiet, piece.quiet), piece.lines
        self.warning_lines = max(self.warning_lines, piece.warning_lines)
        self._dropped += piece.dropped

    @property
    def dropped(self) -> int:
        return self._dropped + self.assembler.dropped

    def report(self, failed: bool | None = None) -> Report:
        self.assembler.dropped += self._dropped
        self._dropped = 0
        return self.assembler.report(failed)


def numbered(piece: Piece, above: int) -> Piece:
    """A piece scanned from its start as line 1, numbered as in the log, where
    ``above`` line ends come before it. Scanned so, a piece needs nothing of
    the pieces before it: none of them is counted, here or in a worker."""
    if not above:
        return piece
    for found in piece.founds:  # each with an error of its own (the scanner's, or compact's)
        err = found.err
        if found.unless_follows is not None:
            found.unless_follows += above
        err.span = (err.span[0] + above, err.span[1] + above)
        err.related = [(a + above, b + above) for a, b in err.related]
    return piece._replace(
        quiet=piece.quiet + above,
        early_blocks=[(h + above, e + above) for h, e in piece.early_blocks],
        lines=piece.lines + above,
    )


def sure_from(begin: int, lineno: int) -> int:
    """The first line of the piece at byte ``begin`` (after line ``lineno``) whose
    errors the assembly surely takes: all of the log's first piece; past the
    lines the piece before may read on into for any other."""
    return lineno + 1 + EARLY if begin else 1


class _Causes:
    """A piece's errors as read, and its own, partial answer to ``Assembler.follows``.

    A failure line that follows from a root error of the piece (near it, or
    anywhere after a test failure) does so in the whole run too: the
    assembler's latest cause can only end later. So the output above that line
    is not read; in CI logs that was a thousand reads a piece that the assembly
    only dropped. Only errors the assembly surely takes count: not those in
    the piece's first lines (the piece before may have read them), nor the
    output read above a failure line (taken only when that line does not
    follow), which may only bring the latest cause's end closer.
    """

    def __init__(self, first_kept: int) -> None:
        self.founds: list[Found] = []
        self.first_kept = first_kept
        self.last: int | None = None  # where the latest sure root error ends
        self.failed_test = False  # ... and whether one was a test failure or a crash

    def add(self, found: Found) -> None:
        self.founds.append(found)
        err = found.err
        if found.role == "passed":
            # A step ended well: the assembler's cause goes back to the one of
            # the last failure line, which may end before this piece's latest.
            self.last, self.failed_test = None, False
            return
        if found.role != "error":
            return
        if found.unless_follows is not None:
            if self.last is not None:
                self.last = min(self.last, err.span[1])
        elif err.span[0] >= self.first_kept:
            self.last = err.span[1]
            self.failed_test = self.failed_test or err.rank >= 3

    def follows(self, n: int) -> bool:
        return self.last is not None and (self.failed_test or n - self.last <= FOLD_DISTANCE)


def compact(founds: list[Found], first_kept: int) -> list[Found]:
    """The errors read, repeats sent as no more than the assembler reads of them.

    A repeat is a twin of the first of its kind only when that one is surely
    kept or surely dropped by a limit: an error or warning (not a failure
    line, which may fold), at or after ``first_kept`` (the earlier lines may
    belong to the piece before).
    """
    seen: set[str] = set()
    out: list[Found] = []
    for found in founds:
        err = found.err
        if found.role in ("error", "warning") and found.unless_follows is None:
            key = twin_key(err, found.role)
            if key in seen:
                found = Found(
                    Error(
                        "",
                        "",
                        file=err.file,
                        line=err.line,
                        column=err.column,
                        span=err.span,
                        signature=err.signature,
                        rank=err.rank,
                        test=err.test,
                    ),
                    found.role,
                )
            elif err.span[0] >= first_kept:
                seen.add(key)
        out.append(found)
    return out


def quiet_start(data: Source, pos: int) -> int:
    """The first line start after ``pos`` below ``QUIET`` lines that stage 1
    passes over, when there is one near: no block can be open across it, so
    the piece that starts there is never scanned again (``rescan``, which
    costs a whole piece). Else the start of the next line."""
    begin = max(data.start, pos - BLOCK // 8)
    for ahead in (BLOCK // 8, BLOCK):  # most often a few lines on
        raw = data.read(begin, pos + ahead)
        clean = strip_colour(raw)  # the same lines: no colour sequence spans a newline
        hits: set[int] = set()  # the numbers of the lines stage 1 stops at, from 0
        line = at = 0
        for start in prefilter.line_starts(clean):
            line, at = line + clean.count(b"\n", at, start), start
            hits.add(line)
        since = QUIET if begin == 0 else 0  # above the window: unknown unless the log starts
        offset = 0
        for i, text in enumerate(raw.split(b"\n")):
            if (i or begin == 0) and begin + offset > pos and since >= QUIET:
                return begin + offset
            since = 0 if i in hits else since + 1
            offset += len(text) + 1
    return lines_after(data, pos, 1)


def tail(data: Source, pos: int) -> list[bytes]:
    """The LOOKBACK raw lines above ``pos``, cleaned of colour as a scanner would."""
    span = BLOCK
    while True:  # back far enough for LOOKBACK whole lines, in one read most often
        begin = max(data.start, pos - span)
        text = data.read(begin, pos)
        if begin == data.start or text.count(b"\n") > LOOKBACK:
            break
        span *= 4
    if begin > data.start:
        text = text[text.index(b"\n") + 1 :]  # from the start of a line
    text = strip_colour(text)
    return last_lines(text, len(text), LOOKBACK)


def newlines(data: Source, begin: int, end: int) -> int:
    """The number of line ends from ``begin`` to ``end``, read a chunk at a time."""
    return sum(data.read(i, min(i + CHUNK, end)).count(b"\n") for i in range(begin, end, CHUNK))


def lines_after(data: Source, pos: int, n: int) -> int:
    """The position ``n`` lines after ``pos`` (or the end)."""
    while n and pos < data.size:
        block = data.read(pos, pos + BLOCK)
        i = 0
        while n and (nl := block.find(b"\n", i)) >= 0:
            i, n = nl + 1, n - 1
        pos += i if not n else len(block)
    return min(pos, data.size)
