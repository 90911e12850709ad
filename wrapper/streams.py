"""errlearn's standard outputs made safe to write to before any command runs.

A daemon, a cron job or a CI step may start errlearn with stdout or stderr
closed (``>&-``): Python then sets ``sys.stdout`` to None, and the next pipe
errlearn opens would take the free descriptor 1 and receive its printing. So
a closed output gets /dev/null in its place. For ``run`` errlearn's own
printing there is dropped and the command gets its output closed, as without
errlearn. For every other command stdout is the command's result: a write
that fails (closed, a full disk, /dev/full) raises ``OutputError``, which
``cli`` says as one line with status 2.
"""

from __future__ import annotations

import io
import os
import sys


class OutputError(OSError):
    """errlearn's stdout could not be written: the user's redirection, not a bug."""


class _Output(io.FileIO):
    """stdout's descriptor, whose failed writes say that it is stdout that failed.

    Every layer above (text, buffer, rich) reaches the descriptor through
    ``write``: a failure there is known for what it is, whichever layer flushed.
    """

    closed_at_start = False

    def write(self, data: object) -> int | None:  # type: ignore[override]
        try:
            return super().write(data)  # type: ignore[arg-type]
        except BrokenPipeError:  # the reader left (``| head``): cli's own case, status 0
            raise
        except OSError as exc:
            reason = "standard output is closed" if self.closed_at_start else exc.strerror
            raise OutputError(exc.errno, reason) from None


def standard_streams(*, run: bool) -> frozenset[int]:
    """Put /dev/null on a closed stdout (fd 1) or stderr (fd 2); those that were closed.

    With ``run`` False, stdout is also made one whose failed writes raise ``OutputError``.
    """
    closed: set[int] = set()
    for fd, name in ((1, "stdout"), (2, "stderr")):
        if getattr(sys, name) is not None:
            continue
        # A closed stdout outside ``run`` is opened read-only: writing to it fails
        # (EBADF) as writing to the closed descriptor would, and the user is told.
        flags = os.O_RDONLY if fd == 1 and not run else os.O_WRONLY
        null = os.open(os.devnull, flags)
        if null != fd:
            os.dup2(null, fd)
            os.close(null)
        closed.add(fd)
        stream = open(fd, "w", errors="backslashreplace", closefd=False)  # noqa: SIM115 open for life
        setattr(sys, name, stream)
    if not run:
        _checked_stdout(closed_at_start=1 in closed)
    return frozenset(closed)


def _checked_stdout(*, closed_at_start: bool) -> None:
    old = sys.stdout
    with_flush = old.line_buffering if isinstance(old, io.TextIOWrapper) else False
    raw = _Output(1, "w", closefd=False)
    raw.closed_at_start = closed_at_start
    sys.stdout = io.TextIOWrapper(
        io.BufferedWriter(raw),
        encoding=getattr(old, "encoding", None) or "utf-8",
        errors=getattr(old, "errors", None) or "strict",
        line_buffering=with_flush,
    )
