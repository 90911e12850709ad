"""A big log file scanned in pieces at once: one scanner per free CPU, one assembler.

The file is cut at line ends into pieces of a few megabytes, many more than
the CPUs. One process per CPU free (forked: nothing is imported or compiled
again; this one is among them) takes the next piece whenever it is free, so
all end at about the same time however unevenly the errors lie. How a piece
is read, and how the pieces are put back together as one pass reads them, is
``pieces``'s.

A second process pays for itself only when it has a CPU of its own and
enough to read: each process starts its automata and caches cold, and the
pieces cost a little to put back together. And with two CPUs, one pass with
stage 1 read ahead in a second process (``ahead``) is as quick on an
ordinary log and never reads a line twice, where pieces read a test run's
failure lines three times over. So unless told how many processes to use,
the file is cut into pieces only when three CPUs or more are free
(``free_cpus``), and it is at least ``2 * MIN_PIECE``; else it is read in
one pass, with stage 1 ahead where a second CPU is free.
``benchmarks/bench_processes.py`` measures the ways side by side.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from functools import partial

from ..forking import free_cpus
from ..report import Report
from . import pieces
from .baseline import Baseline
from .engine import CHUNK, Detector
from .forks import Child, Piece
from .pieces import FileRange

MIN_PIECE = 8 << 20  # bytes of a file worth a process
PIECE = 512 << 10  # the smallest piece: the most one process may still have to read at the end
MAX_PIECES = 255  # one byte a ticket


def scan_file(
    path: str,
    tool: str | None = None,
    *,
    command: str | None = None,
    workers: int | None = None,
    meanwhile: Callable[[], object] | None = None,
    known: Baseline | None = None,
) -> Report:
    """The report for a log file: in ``workers`` pieces at once where that many
    are asked for, else as the free CPUs allow (see above); ``known``: a
    passing run's baseline.

    ``meanwhile`` is work of the caller's (loading the patterns) done here while
    the other processes start on the pieces, else before the file is read; an
    exception from it stops the scan.
    """
    with open(path, "rb") as f:
        size = os.fstat(f.fileno()).st_size
        least = 2 if workers else 3  # pieces, and so processes, worth it
        if (count := size // MIN_PIECE) >= least:  # only then are the CPUs looked at
            count = min(workers or free_cpus(), count)
        if count < least or not hasattr(os, "fork"):
            detector = Detector(tool, command=command, known=known)
            detector.read_ahead(f.fileno(), 0, size)
            if meanwhile is not None:
                meanwhile()
            while chunk := f.read(CHUNK):
                detector.feed(chunk)
            return detector.close()
        return _scan(FileRange(f.fileno(), size), count, tool, command, meanwhile, known)


def _scan(
    data: FileRange,
    count: int,
    tool: str | None,
    command: str | None,
    meanwhile: Callable[[], object] | None = None,
    known: Baseline | None = None,
) -> Report:
    cuts = _cuts(data, count)
    tickets, write_end = os.pipe()
    os.write(write_end, bytes(range(len(cuts) - 1)))  # the pieces, in order, to be taken
    os.close(write_end)
    children: list[Child] = []
    try:
        work = partial(_take_pieces, data, cuts, tool, tickets, known)
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
    assembly = pieces.Assembly(command)
    for k in range(len(cuts) - 1):
        assembly.take(scanned.get(k), pieces.rescanner(data, cuts[k], cuts[k + 1], tool, known))
    return assembly.report()


def _take_pieces(
    data: FileRange, cuts: list[int], tool: str | None, tickets: int, known: Baseline | None
) -> dict[int, Piece]:
    """Scan the pieces this process takes (a byte each from the ``tickets``
    pipe) until none is left, each numbered from its start (the assembly
    numbers them as in the log)."""
    scanned: dict[int, Piece] = {}
    warnings = 0
    while ticket := os.read(tickets, 1):
        k = ticket[0]
        # Pieces are taken in order: past MAX_WARNINGS here, a single pass would
        # be past it too, and read no more warnings in full.
        scanned[k] = piece = pieces.scan_to_send(
            data, cuts[k + 1], tool, start=(cuts[k], 0), warning_lines=warnings, known=known
        )
        warnings = piece.warning_lines
    return scanned


def _cuts(data: FileRange, count: int) -> list[int]:
    """Where the pieces start, and the file's end. Each piece is a share of
    what is left, so they shrink towards the end: the first take little
    scheduling, the last let every process finish at about the same time."""
    size, cuts = data.size, [0]
    while cuts[-1] < size:
        step = max(PIECE, (size - cuts[-1]) // (2 * count), size // MAX_PIECES + 1)
        cuts.append(min(size, pieces.quiet_start(data, cuts[-1] + step - 1)))
    return cuts
