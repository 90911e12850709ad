"""A big log file scanned in pieces at once: one scanner per CPU, one assembler.

The file is cut at line ends into one piece per CPU. Each piece is scanned by
its own process (forked: nothing is imported or compiled again), knowing the
lines just above it, and reads on into the next piece only to finish the
block and context it has open (``Scanner.drain``). The errors read go back
in order to one ``Assembler``, which folds, counts and limits them as a
single pass would, so the report is the same.

One case is checked, not assumed: a piece whose scanner opened a block in
lines that, read in one pass, belong to the block the piece before ran on
into. That piece is scanned again, here, from where that block ended.
The warning limit is the one difference left: each piece reads up to
``MAX_WARNINGS`` warning lines in full, where one pass stops after that many
in all; the report keeps the same first warnings.
"""

from __future__ import annotations

import os
import pickle
from collections.abc import Callable
from functools import partial
from typing import NamedTuple

from ..report import Error, Report
from .engine import CHUNK, Assembler, Detector
from .scanner import EARLY, LOOKBACK, Found, Scanner, last_lines
from .text import strip_colour

MIN_PIECE = 8 << 20  # bytes a piece is worth a process for


class _Piece(NamedTuple):
    """What scanning one piece gave."""

    founds: list[Found]
    quiet: int  # the first line after the piece that its blocks did not take
    early_blocks: list[tuple[int, int]]
    dropped: int


def cpus() -> int:
    """The CPUs this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # macOS, Windows
        return os.cpu_count() or 1


def scan_file(
    path: str, tool: str | None = None, *, command: str | None = None, workers: int | None = None
) -> Report:
    """The report for a log file, scanned on up to ``workers`` CPUs (all by default)."""
    with open(path, "rb") as f:
        size = os.fstat(f.fileno()).st_size
        count = min(workers or cpus(), size // MIN_PIECE)
        if count < 2 or not hasattr(os, "fork"):
            detector = Detector(tool, command=command)
            while chunk := f.read(CHUNK):
                detector.feed(chunk)
            return detector.close()
        return _scan(_File(f.fileno(), size), count, tool, command)


class _File:
    """Ranges of an open file, read as needed (no mapping: memory stays bounded)."""

    def __init__(self, fd: int, size: int) -> None:
        self.fd, self.size = fd, size

    def read(self, begin: int, end: int) -> bytes:
        return os.pread(self.fd, max(0, min(end, self.size) - begin), begin) if begin < end else b""

    def find_nl(self, pos: int) -> int:
        """The position of the first newline at or after ``pos``; -1 when none."""
        while pos < self.size:
            block = self.read(pos, pos + (1 << 16))
            if (i := block.find(b"\n")) >= 0:
                return pos + i
            pos += len(block)
        return -1

    def rfind_nl(self, end: int) -> int:
        """The position of the last newline before ``end``; -1 when none."""
        while end > 0:
            begin = max(0, end - (1 << 16))
            if (i := self.read(begin, end).rfind(b"\n")) >= 0:
                return begin + i
            end = begin
        return -1


def _scan(data: _File, count: int, tool: str | None, command: str | None) -> Report:
    size = data.size
    cuts = [0] + [_line_start(data, size * k // count) for k in range(1, count)] + [size]
    cuts = sorted(set(cuts))
    readers = [_fork(partial(_scan_piece, data, cuts, k, tool)) for k in range(1, len(cuts) - 1)]
    assembler = Assembler(command)
    first = _scan_piece(data, cuts, 0, tool, assembler)
    quiet, dropped = first.quiet, first.dropped
    for k, read in enumerate(readers, start=1):
        piece = read()
        if piece is None or any(h < quiet <= e for h, e in piece.early_blocks):
            piece = _rescan(data, cuts, k, quiet, tool, assembler)
        else:
            for found in piece.founds:
                trigger = found.unless_follows
                if (found.err.span[0] if trigger is None else trigger) >= quiet:
                    assembler.add(found)
        quiet, dropped = piece.quiet, dropped + piece.dropped
    assembler.dropped += dropped
    return assembler.report()


def _line_start(data: _File, pos: int) -> int:
    """The start of the line after the one ``pos`` is in (where a piece is cut)."""
    return _lines_after(data, pos, 1)


def _scan_piece(
    data: _File,
    cuts: list[int],
    k: int,
    tool: str | None,
    assembler: Assembler | None = None,
    start: tuple[int, int] | None = None,
) -> _Piece:
    """Scan piece ``k`` (from ``start``, a byte and its line's number, when
    given), then drain into the next.

    With an ``assembler`` the errors go straight to it, and it may tell the
    scanner what will be folded; without, they are listed for the parent.
    """
    begin, lineno = (cuts[k], _lines_before(data, cuts[k])) if start is None else start
    end = cuts[k + 1]
    founds: list[Found] = []
    emit: Callable[[Found], None] = founds.append if assembler is None else assembler.add
    scanner = Scanner(emit, tool, lineno=lineno, tail=_tail(data, begin))
    if assembler is not None:
        scanner.follows = assembler.follows
    for i in range(begin, end, CHUNK):
        scanner.feed(data.read(i, min(i + CHUNK, end)))
    if end < data.size:
        quiet = scanner.drain(data.read(end, _lines_after(data, end, EARLY + 8)))
    else:
        scanner.close()
        quiet = scanner.lineno + 1
    if assembler is None:
        founds = _compact(founds, first_kept=scanner.first + EARLY)
    return _Piece(founds, quiet, scanner.early_blocks, scanner.dropped)


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
                          signature=err.signature), found.role
                )
            elif err.span[0] >= first_kept:
                seen.add(key)
        out.append(found)
    return out


def _rescan(
    data: _File, cuts: list[int], k: int, quiet: int, tool: str | None, assembler: Assembler
) -> _Piece:
    """Piece ``k`` again, in this process, from line ``quiet`` on (exact)."""
    pos = _lines_after(data, cuts[k], quiet - 1 - _lines_before(data, cuts[k]))
    return _scan_piece(data, cuts, k, tool, assembler, start=(pos, quiet - 1))


def _lines_before(data: _File, pos: int) -> int:
    """The number of line ends above ``pos``."""
    return sum(data.read(i, min(i + CHUNK, pos)).count(b"\n") for i in range(0, pos, CHUNK))


def _tail(data: _File, pos: int) -> list[bytes]:
    """The LOOKBACK raw lines above ``pos``, cleaned of colour as a scanner would."""
    begin = pos
    for _ in range(LOOKBACK + 1):
        if begin <= 0:
            break
        begin = data.rfind_nl(begin - 1) + 1
    text = strip_colour(data.read(begin, pos))
    return last_lines(text, len(text), LOOKBACK)


def _lines_after(data: _File, pos: int, n: int) -> int:
    """The position ``n`` lines after ``pos`` (or the end)."""
    for _ in range(n):
        nl = data.find_nl(pos)
        if nl < 0:
            return data.size
        pos = nl + 1
    return pos


def _fork(work: Callable[[], _Piece]) -> Callable[[], _Piece | None]:
    """Run ``work`` in a child process; a function that waits for its result
    (None when the child failed: the caller does the work itself)."""
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: never returns
        status = 0
        try:
            os.close(read_end)
            with open(write_end, "wb") as out:
                pickle.dump(work(), out, protocol=pickle.HIGHEST_PROTOCOL)
        except BaseException:
            status = 1
        finally:
            os._exit(status)
    os.close(write_end)

    def result() -> _Piece | None:
        with open(read_end, "rb") as inp:
            raw = inp.read()
        _, status = os.waitpid(pid, 0)
        if status != 0:
            return None
        try:
            piece = pickle.loads(raw)
        except Exception:
            return None
        return piece if isinstance(piece, _Piece) else None

    return result
