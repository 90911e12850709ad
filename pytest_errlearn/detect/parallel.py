"""A big log file scanned in pieces at once: one scanner per CPU, one assembler.

The file is cut at line ends into pieces of a few megabytes, many more than
the CPUs. One process per CPU (forked: nothing is imported or compiled again;
this one is among them) takes the next piece whenever it is free, so all end
at about the same time however unevenly the errors lie. Each piece is scanned
knowing the lines just above it, and reads on into the next piece only to
finish the block and context it has open (``Scanner.drain``). The errors read
go back in order to one ``Assembler``, which folds, counts and limits them as
a single pass would, so the report is the same.

One case is checked, not assumed: a piece whose scanner opened a block in
lines that, read in one pass, belong to the block the piece before ran on
into. That piece is scanned again, here, from where that block ended.
The warning limit is the one difference left: each piece reads up to
``MAX_WARNINGS`` warning lines in full, where one pass stops after that many
in all; the report keeps the same first warnings.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from functools import partial

from ..report import Error, Report
from . import prefilter
from .blocks import MAX_BLOCK
from .engine import CHUNK, FOLD_DISTANCE, Assembler, Detector
from .forks import Child, Piece
from .lookback import LOOKBACK, last_lines
from .scanner import EARLY, Found, Scanner
from .text import strip_colour

MIN_PIECE = 8 << 20  # bytes of a file worth a process
PIECE = 512 << 10  # the smallest piece: the most one process may still have to read at the end
MAX_PIECES = 255  # one byte a ticket
BLOCK = 1 << 16  # bytes read at a time to find the lines around a cut
QUIET = MAX_BLOCK + 2  # lines with nothing stage 1 stops at: no block runs on past them


def cpus() -> int:
    """The CPUs this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # macOS, Windows
        return os.cpu_count() or 1


def scan_file(
    path: str,
    tool: str | None = None,
    *,
    command: str | None = None,
    workers: int | None = None,
    meanwhile: Callable[[], object] | None = None,
) -> Report:
    """The report for a log file, scanned on up to ``workers`` CPUs (all by default).

    ``meanwhile`` is work of the caller's (loading the patterns) done here while
    the other processes start on the pieces, else before the file is read; an
    exception from it stops the scan.
    """
    with open(path, "rb") as f:
        size = os.fstat(f.fileno()).st_size
        count = min(workers or cpus(), size // MIN_PIECE)
        if count < 2 or not hasattr(os, "fork"):
            if meanwhile is not None:
                meanwhile()
            detector = Detector(tool, command=command)
            while chunk := f.read(CHUNK):
                detector.feed(chunk)
            return detector.close()
        return _scan(_File(f.fileno(), size), count, tool, command, meanwhile)


class _File:
    """Ranges of an open file, read as needed (no mapping: memory stays bounded)."""

    def __init__(self, fd: int, size: int) -> None:
        self.fd, self.size = fd, size

    def read(self, begin: int, end: int) -> bytes:
        return os.pread(self.fd, max(0, min(end, self.size) - begin), begin) if begin < end else b""


def _scan(
    data: _File,
    count: int,
    tool: str | None,
    command: str | None,
    meanwhile: Callable[[], object] | None = None,
) -> Report:
    cuts = _cuts(data, count)
    tickets, write_end = os.pipe()
    os.write(write_end, bytes(range(len(cuts) - 1)))  # the pieces, in order, to be taken
    os.close(write_end)
    children: list[Child] = []
    try:
        work = partial(_take_pieces, data, cuts, tool, tickets)
        for _ in range(count - 1):
            children.append(Child(work))  # one by one: a failed fork stops those started
        if meanwhile is not None:
            meanwhile()
        scanned = work()
        for child in children:
            scanned.update(child.result() or {})
    except BaseException:
        for child in children:
            child.stop()
        raise
    finally:
        os.close(tickets)
    assembler = Assembler(command)
    quiet, dropped, lines = 1, 0, 0
    for k in range(len(cuts) - 1):
        piece = scanned.get(k)
        if piece is None or any(h < quiet <= e for h, e in piece.early_blocks):
            piece = _rescan(data, (cuts[k], lines), cuts, k, quiet, tool, assembler)
        else:
            for found in piece.founds:
                trigger = found.unless_follows
                if (found.err.span[0] if trigger is None else trigger) >= quiet:
                    assembler.add(found)
        quiet, dropped, lines = piece.quiet, dropped + piece.dropped, piece.lines
    assembler.dropped += dropped
    return assembler.report()


def _take_pieces(
    data: _File, cuts: list[int], tool: str | None, tickets: int
) -> dict[int, Piece]:
    """Scan the pieces this process takes (a byte each from the ``tickets``
    pipe) until none is left; the lines above each are counted on the way."""
    scanned: dict[int, Piece] = {}
    pos = lines = warnings = 0
    while ticket := os.read(tickets, 1):
        k = ticket[0]
        lines += _newlines(data, pos, cuts[k])
        # Pieces are taken in order: past MAX_WARNINGS here, a single pass would
        # be past it too, and read no more warnings in full.
        piece = _scan_piece(data, cuts, k, tool, start=(cuts[k], lines), warning_lines=warnings)
        # Repeats kept light until the assembly: less to hold, and to send.
        scanned[k] = piece = piece._replace(founds=_compact(piece.founds, _sure_from(lines)))
        pos, lines, warnings = cuts[k + 1], piece.lines, piece.warning_lines
    return scanned


def _cuts(data: _File, count: int) -> list[int]:
    """Where the pieces start, and the file's end. Each piece is a share of
    what is left, so they shrink towards the end: the first take little
    scheduling, the last let every process finish at about the same time."""
    size, cuts = data.size, [0]
    while cuts[-1] < size:
        step = max(PIECE, (size - cuts[-1]) // (2 * count), size // MAX_PIECES + 1)
        cuts.append(min(size, _quiet_start(data, cuts[-1] + step - 1)))
    return cuts


def _quiet_start(data: _File, pos: int) -> int:
    """The first line start after ``pos`` below ``QUIET`` lines that stage 1
    passes over, when there is one near: no block can be open across it, so
    the piece that starts there is never scanned again (``_rescan``, which
    costs a whole piece). Else the start of the next line."""
    begin = max(0, pos - BLOCK // 8)
    for ahead in (BLOCK // 8, BLOCK):  # most often a few lines on
        raw = data.read(begin, pos + ahead)
        clean = strip_colour(raw)  # the same lines: no colour sequence spans a newline
        hits: set[int] = set()
        at = line = 0
        while (hit := prefilter.find(clean, at)) >= 0:
            line += clean.count(b"\n", at, hit)
            hits.add(line)
            if (at := clean.find(b"\n", hit) + 1) == 0:
                break
            line += 1
        since = QUIET if begin == 0 else 0  # above the window: unknown unless the file starts
        offset = 0
        for i, text in enumerate(raw.split(b"\n")):
            if (i or begin == 0) and begin + offset > pos and since >= QUIET:
                return begin + offset
            since = 0 if i in hits else since + 1
            offset += len(text) + 1
    return _line_start(data, pos)


def _line_start(data: _File, pos: int) -> int:
    """The start of the line after the one ``pos`` is in (where a piece is cut)."""
    return _lines_after(data, pos, 1)


def _scan_piece(
    data: _File,
    cuts: list[int],
    k: int,
    tool: str | None,
    assembler: Assembler | None = None,
    *,
    start: tuple[int, int],
    warning_lines: int = 0,
) -> Piece:
    """Scan piece ``k`` from ``start`` (a byte and the line ends above it),
    then drain into the next.

    With an ``assembler`` the errors go straight to it, and it may tell the
    scanner what will be folded; without, they are listed for the assembly.
    """
    begin, lineno = start
    end = cuts[k + 1]
    causes = _Causes(_sure_from(lineno))
    emit: Callable[[Found], None] = causes.add if assembler is None else assembler.add
    scanner = Scanner(emit, tool, lineno=lineno, tail=_tail(data, begin),
                      warning_lines=warning_lines)
    scanner.follows = causes.follows if assembler is None else assembler.follows
    for i in range(begin, end, CHUNK):
        scanner.feed(data.read(i, min(i + CHUNK, end)))
    lines = scanner.lineno
    if end < data.size:
        quiet = scanner.drain(data.read(end, _lines_after(data, end, EARLY + 8)))
    else:
        scanner.close()
        quiet = scanner.lineno + 1
    return Piece(causes.founds, quiet, scanner.early_blocks, scanner.dropped, lines,
                  scanner.warning_lines)


def _sure_from(lineno: int) -> int:
    """The first line of the piece after line ``lineno`` whose errors the assembly
    surely takes: the piece before may read on into the lines above it."""
    return lineno + 1 + EARLY if lineno else 1


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


def _compact(founds: list[Found], first_kept: int) -> list[Found]:
    """The errors read, repeats sent as no more than the assembler reads of them.

    A repeat is a twin of the first of its kind only when that one is surely
    kept or surely dropped by a limit: an error or warning (not a failure
    line, which may fold), at or after ``first_kept`` (the earlier lines may
    belong to the piece before).
    """
    seen: set[tuple[str, str, int | None, int | None]] = set()
    out: list[Found] = []
    for found in founds:
        err = found.err
        if found.role in ("error", "warning") and found.unless_follows is None:
            key = (found.role, err.signature, err.line, err.column)
            if key in seen:
                found = Found(
                    Error("", "", line=err.line, column=err.column, span=err.span,
                          signature=err.signature, rank=err.rank), found.role
                )
            elif err.span[0] >= first_kept:
                seen.add(key)
        out.append(found)
    return out


def _rescan(
    data: _File,
    begin: tuple[int, int],
    cuts: list[int],
    k: int,
    quiet: int,
    tool: str | None,
    assembler: Assembler,
) -> Piece:
    """Piece ``k`` (``begin``: its start, and the line ends above it) again,
    in this process, from line ``quiet`` on (exact)."""
    pos = _lines_after(data, begin[0], quiet - 1 - begin[1])
    return _scan_piece(data, cuts, k, tool, assembler, start=(pos, quiet - 1))


def _newlines(data: _File, begin: int, end: int) -> int:
    """The number of line ends from ``begin`` to ``end``."""
    return sum(data.read(i, min(i + CHUNK, end)).count(b"\n") for i in range(begin, end, CHUNK))


def _tail(data: _File, pos: int) -> list[bytes]:
    """The LOOKBACK raw lines above ``pos``, cleaned of colour as a scanner would."""
    span = BLOCK
    while True:  # back far enough for LOOKBACK whole lines, in one read most often
        begin = max(0, pos - span)
        text = data.read(begin, pos)
        if begin == 0 or text.count(b"\n") > LOOKBACK:
            break
        span *= 4
    if begin:
        text = text[text.index(b"\n") + 1 :]  # from the start of a line
    text = strip_colour(text)
    return last_lines(text, len(text), LOOKBACK)


def _lines_after(data: _File, pos: int, n: int) -> int:
    """The position ``n`` lines after ``pos`` (or the end)."""
    while n and pos < data.size:
        block = data.read(pos, pos + BLOCK)
        i = 0
        while n and (nl := block.find(b"\n", i)) >= 0:
            i, n = nl + 1, n - 1
        pos += i if not n else len(block)
    return min(pos, data.size)
