"""Running the user's command: its output reaches the user live and byte for byte,
and a copy goes to errlearn's analysis.

At a terminal the command gets a pseudo-terminal, so colours and progress
bars survive (window size passed on, SIGWINCH forwarded, stdin copied in raw
mode); otherwise pipes, stdout kept on stdout and stderr on stderr. One
thread and a ``Watch`` (poll) move every byte, so memory is bounded by the read size
whatever the command prints. Ctrl-C reaches the command once: in pipe mode it
shares errlearn's process group, so errlearn ignores SIGINT; in pty mode the
command has its own session, so errlearn passes the signal on.

Starting the command is ``process``'s; the pty and the keyboard are ``pty_mode``'s.
"""

from __future__ import annotations

import os
import signal
import sys
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager, suppress

from .process import CLOSED, pipe, shell_status, spawn
from .pty_mode import Keys, spawn_pty
from .watch import Watch

TYPE_CHECKING = False  # mypy reads it as True: typing loads where it is used, not here
if TYPE_CHECKING:
    from types import FrameType
    from typing import BinaryIO, TextIO

    from .process import Child

Feed = Callable[["bytes | memoryview"], None]

READ_SIZE = 1 << 20
LINE_LIMIT = 1 << 16  # bytes of an unfinished line held back before it is analysed as is
GRACE = 0.1  # seconds of silence, after the command exits, before errlearn stops reading
DRAIN_LIMIT = 2.0  # seconds errlearn reads at most after the command exits
POLL = 0.05  # how often the exit is polled where pidfd_open is missing

_EXIT = object()  # what the command's pidfd stands for, in the ``Watch``


def use_pty(quiet: bool) -> bool:
    """A pseudo-terminal when the user watches the output at a terminal."""
    return not quiet and sys.platform != "win32" and sys.stdout.isatty()


def run(
    argv: Sequence[str], feed: Feed, *, quiet: bool = False, env: Mapping[str, str] | None = None
) -> int:
    """Run ``argv`` (in ``env``, else errlearn's environment), pass its output
    through (unless ``quiet``), feed a copy; its status.

    Raises ``StartError`` when the command is missing (127) or cannot be executed (126).
    """
    relay = _Relay()
    with relay.installed():
        if use_pty(quiet):
            proc, streams, keys = _spawn_pty(argv, env)
        else:
            proc, streams, keys = _spawn_pipes(argv, quiet, env)
        relay.attach(proc, keys)
        with keys.raw():
            _pump(proc, streams, feed, keys)
        returncode = proc.wait()
    return shell_status(returncode)


# -- the command's outputs -------------------------------------------------------

# Where the command's output last left a line unfinished (a file descriptor of
# errlearn's), None when it ended its last line: errlearn's own output after the
# command must start on a line of its own (GitHub reads an annotation only there).
_OPEN_LINE: list[int | None] = [None]


def fresh_line(stream: TextIO) -> None:
    """End the command's unfinished last line before errlearn writes to ``stream``,
    when that line went to the same file (a terminal, ``> log 2>&1``, a pipe)."""
    fd = _OPEN_LINE[0]
    if fd is None:
        return
    try:
        same = os.path.samestat(os.fstat(fd), os.fstat(stream.fileno()))
    except (OSError, ValueError):
        return
    if same:
        stream.write("\n")
        stream.flush()
        _OPEN_LINE[0] = None


class _Stream:
    """One output of the command: where its bytes go, and errlearn's copy of them."""

    __slots__ = ("fd", "lines", "pending", "sink")

    def __init__(self, fd: int, sink: BinaryIO | None, *, lines: bool) -> None:
        self.fd = fd
        self.sink = sink  # None: --quiet, nothing passed through
        self.lines = lines  # two streams share the analysis: feed it whole lines only
        self.pending = b""  # the unfinished last line, held back (``lines`` only)

    def take(self, data: bytes, feed: Feed) -> None:
        if self.sink is not None:
            self.sink.write(data)
            self.sink.flush()
            if data:
                _OPEN_LINE[0] = None if data.endswith(b"\n") else self.sink.fileno()
        if not self.lines:
            feed(data)
            return
        cut = data.rfind(b"\n") + 1
        if cut:  # whole lines: the one held back with its end, then the rest (no copy)
            done = 0
            if self.pending:
                done = data.find(b"\n") + 1
                feed(self.pending + data[:done])
            if done < cut:
                feed(data if done == 0 and cut == len(data) else memoryview(data)[done:cut])
            self.pending = data[cut:]
        else:
            self.pending += data
        if len(self.pending) > LINE_LIMIT:
            feed(self.pending)
            self.pending = b""

    def end(self, feed: Feed) -> None:
        """The stream is done: its unfinished last line is analysed as a line."""
        if self.pending:
            feed(self.pending + b"\n")
            self.pending = b""
        with suppress(OSError):
            os.close(self.fd)


def _spawn_pipes(
    argv: Sequence[str], quiet: bool, env: Mapping[str, str] | None
) -> tuple[Child, list[_Stream], Keys]:
    if not CLOSED and _same_file(sys.stdout, sys.stderr):  # > log 2>&1, | tee, CI: one pipe
        out, out_w = pipe()  # keeps the order
        try:
            proc = spawn(
                argv, [(os.POSIX_SPAWN_DUP2, out_w, 1), (os.POSIX_SPAWN_DUP2, out_w, 2)], env
            )
        except BaseException:
            os.close(out)
            raise
        finally:
            os.close(out_w)
        return proc, [_Stream(out, None if quiet else sys.stdout.buffer, lines=False)], Keys()
    # An output errlearn was started without (``>&-``) the command is started without.
    ends = {fd: pipe() for fd in (1, 2) if fd not in CLOSED}
    actions: list[tuple[int, ...]] = [(os.POSIX_SPAWN_CLOSE, fd) for fd in sorted(CLOSED)]
    actions += [(os.POSIX_SPAWN_DUP2, write, fd) for fd, (_, write) in ends.items()]
    try:
        proc = spawn(argv, actions, env)
    except BaseException:
        for read, _ in ends.values():
            os.close(read)
        raise
    finally:
        for _, write in ends.values():
            os.close(write)
    sinks = {1: sys.stdout, 2: sys.stderr}
    streams = [
        _Stream(read, None if quiet else sinks[fd].buffer, lines=True)
        for fd, (read, _) in ends.items()
    ]
    return proc, streams, Keys()


def _same_file(a: TextIO, b: TextIO) -> bool:
    """Whether two of errlearn's streams go to the same file or pipe."""
    try:
        return os.path.samestat(os.fstat(a.fileno()), os.fstat(b.fileno()))
    except (OSError, ValueError, AttributeError):
        return False


def _spawn_pty(
    argv: Sequence[str], env: Mapping[str, str] | None
) -> tuple[Child, list[_Stream], Keys]:
    proc, keys, err = spawn_pty(argv, env)
    assert keys.master is not None
    # stderr on the pty too: one stream, fed as it comes; kept apart: whole lines each
    streams = [_Stream(keys.master, sys.stdout.buffer, lines=err is not None)]
    if err is not None:
        streams.append(_Stream(err, sys.stderr.buffer, lines=True))
    return proc, streams, keys


# -- signals -------------------------------------------------------------------


class _Relay:
    """errlearn's signal handlers while the command runs.

    SIGTERM and SIGHUP go on to the command. SIGINT and SIGQUIT come from the
    terminal: in pipe mode the command got them too (same process group) and
    errlearn only waits; in pty mode the command has its own session, so they
    are passed on. Python handlers, unlike SIG_IGN, are reset by exec: the
    command starts with the default dispositions.
    """

    def __init__(self) -> None:
        self.proc: Child | None = None
        self.own_session = False
        self.early: list[int] = []  # signals that came before the command started
        self.keys: Keys | None = None

    @contextmanager
    def installed(self) -> Iterator[None]:
        handled = [signal.SIGTERM, signal.SIGHUP, signal.SIGINT, signal.SIGQUIT, signal.SIGWINCH]
        saved = {s: signal.signal(s, self._handle) for s in handled}
        try:
            yield
        finally:
            for s, handler in saved.items():
                signal.signal(s, handler)

    def attach(self, proc: Child, keys: Keys) -> None:
        self.proc, self.keys = proc, keys
        self.own_session = keys.master is not None
        for signum in self.early:
            self._handle(signum, None)

    def _handle(self, signum: int, frame: FrameType | None) -> None:
        if signum == signal.SIGWINCH:
            if self.keys is not None:
                self.keys.resize()
            return
        if signum in (signal.SIGINT, signal.SIGQUIT) and not self.own_session:
            return
        if self.proc is None:
            self.early.append(signum)
        elif self.proc.returncode is None:
            with suppress(ProcessLookupError):
                os.kill(self.proc.pid, signum)


# -- moving the bytes --------------------------------------------------------------


def _pump(proc: Child, streams: list[_Stream], feed: Feed, keys: Keys) -> None:
    """Pass the command's output through until it ends (or goes quiet after the exit)."""
    watch = Watch()
    for stream in streams:
        watch.add(stream.fd, stream)
    pidfd = _pidfd(proc.pid)
    if pidfd is not None:
        watch.add(pidfd, _EXIT)
    keys.start(watch)
    master = next((s for s in streams if s.fd == keys.master), None)
    live = set(streams)
    exited: float | None = None  # when the command exited
    try:
        while live:
            timeout = None if pidfd is not None else POLL
            if exited is not None:
                timeout = min(GRACE, exited + DRAIN_LIMIT - time.monotonic())
                if timeout <= 0:
                    break
            events = watch.wait(timeout)
            if exited is not None and not events:
                break  # a background child holds the output open, silent: stop here
            for fd, data, readable, writable in events:
                if data is _EXIT:
                    watch.remove(fd)
                    exited = time.monotonic()
                    keys.stop()
                elif data is keys:
                    if master in live:
                        keys.typed()
                elif writable and not keys.write():
                    watch.writing(fd, False)
                elif readable and isinstance(data, _Stream) and not _read(data, feed):
                    watch.remove(fd)
                    live.discard(data)
                    if data is master:
                        keys.closed()
                    data.end(feed)
            if exited is None and pidfd is None and proc.poll() is not None:
                exited = time.monotonic()
    finally:
        keys.closed()
        for stream in live:
            stream.end(feed)
        watch.close()
        if pidfd is not None:
            os.close(pidfd)


def _read(stream: _Stream, feed: Feed) -> bool:
    """Move one read of ``stream``; False at its end (or when its reader went away)."""
    try:
        data = os.read(stream.fd, READ_SIZE)
    except BlockingIOError:
        return True
    except OSError:  # EIO: the pty's last writer closed it
        return False
    if not data:
        return False
    try:
        stream.take(data, feed)
    except BrokenPipeError:  # our stdout's reader went away: the command gets SIGPIPE,
        if stream.sink is not None:  # as in a shell
            _silence(stream.sink)
        return False
    except OSError as exc:  # a full disk, /dev/full: the output is lost, and the user told
        _lost(stream, exc)
        stream.take(data, feed)  # the sink failed before the analysis got its copy
    return True


def _pidfd(pid: int) -> int | None:
    """A descriptor that turns readable when the command exits (Linux), else None: poll."""
    try:
        return os.pidfd_open(pid)
    except (AttributeError, OSError):
        return None


def _lost(stream: _Stream, exc: OSError) -> None:
    """Say once that the command's output could not be passed on; the command runs
    on (its status stays its own) and the rest of that output is only analysed."""
    if stream.sink is None:
        return
    name = "standard output" if stream.sink.fileno() == 1 else "standard error"
    _silence(stream.sink)  # what its buffer holds is not written, and fails, again
    stream.sink = None
    say(
        f"warning: cannot pass the command's output on to {name}: "
        f"{exc.strerror or exc}; the rest of it is not shown"
    )


def say(text: str) -> None:
    """One line of errlearn's on stderr, on a line of its own; dropped where stderr
    cannot be written (closed, full, the file that failed): errlearn's own output
    failing must not change the command's status."""
    with suppress(OSError, ValueError):
        fresh_line(sys.stderr)
        print(f"errlearn: {text}", file=sys.stderr, flush=True)


def _silence(sink: BinaryIO) -> None:
    """Point a broken output at /dev/null, so exit's flush does not raise again."""
    with suppress(OSError, ValueError):
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sink.fileno())
        os.close(devnull)
