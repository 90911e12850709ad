"""Running the user's command: its output reaches the user live and byte for byte,
and a copy goes to errlearn's analysis.

At a terminal the command gets a pseudo-terminal, so colours and progress
bars survive (window size passed on, SIGWINCH forwarded, stdin copied in raw
mode); otherwise pipes, stdout kept on stdout and stderr on stderr. One
thread and a selector move every byte, so memory is bounded by the read size
whatever the command prints. Ctrl-C reaches the command once: in pipe mode it
shares errlearn's process group, so errlearn ignores SIGINT; in pty mode the
command has its own session, so errlearn passes the signal on.
"""

from __future__ import annotations

import os
import selectors
import signal
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager, suppress

TYPE_CHECKING = False  # typing costs a fifth of the interpreter's start-up; mypy reads it as True
if TYPE_CHECKING:
    from types import FrameType
    from typing import Any, BinaryIO, Protocol

    class Child(Protocol):
        """The running command: ``_Process`` in pipe mode, ``subprocess.Popen`` in pty mode."""

        pid: int
        returncode: int | None

        def poll(self) -> int | None: ...
        def wait(self) -> int: ...

Feed = Callable[[bytes], None]

READ_SIZE = 1 << 20
PIPE_SIZE = 1 << 20  # pipes of 1 MiB: the command runs ahead while the analysis catches up
LINE_LIMIT = 1 << 16  # bytes of an unfinished line held back before it is analysed as is
GRACE = 0.1  # seconds of silence, after the command exits, before errlearn stops reading
DRAIN_LIMIT = 2.0  # seconds errlearn reads at most after the command exits
POLL = 0.05  # how often the exit is polled where pidfd_open is missing

_EXIT = object()  # the selector key data of the command's pidfd


class StartError(Exception):
    """The command could not be started; ``status`` is the shell's (127, 126)."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status


def shell_status(returncode: int) -> int:
    """A return code as a shell reports it: 128+N after signal N."""
    return 128 - returncode if returncode < 0 else returncode


def use_pty(quiet: bool) -> bool:
    """A pseudo-terminal when the user watches the output at a terminal."""
    return not quiet and sys.platform != "win32" and sys.stdout.isatty()


def run(argv: Sequence[str], feed: Feed, *, quiet: bool = False) -> int:
    """Run ``argv``, pass its output through (unless ``quiet``), feed a copy; its status.

    Raises ``StartError`` when the command is missing (127) or cannot be executed (126).
    """
    relay = _Relay()
    with relay.installed():
        if use_pty(quiet):
            proc, streams, keys = _spawn_pty(argv)
        else:
            proc, streams, keys = _spawn_pipes(argv, quiet)
        relay.attach(proc, keys)
        with keys.raw():
            _pump(proc, streams, feed, keys)
        returncode = proc.wait()
    return shell_status(returncode)


# -- starting the command ------------------------------------------------------


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
        if not self.lines:
            feed(data)
            return
        buf = self.pending + data if self.pending else data
        cut = buf.rfind(b"\n") + 1
        if cut:
            feed(buf if cut == len(buf) else buf[:cut])
        self.pending = buf[cut:]
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


class _Keys:
    """The terminal side of pty mode: keystrokes in, window size; inert in pipe mode."""

    def __init__(self, master: int | None = None, tty_in: bool = False) -> None:
        self.master = master  # None in pipe mode, and once the pty is closed
        self.tty_in = tty_in  # stdin is a terminal: copy it to the pty in raw mode
        self.buffer = b""  # keystrokes the pty has not taken yet
        self.sel: selectors.BaseSelector | None = None  # while stdin is being copied

    def resize(self) -> None:
        if self.master is None:
            return
        import fcntl
        import termios

        with suppress(OSError):
            size = fcntl.ioctl(sys.stdout.fileno(), termios.TIOCGWINSZ, b"\0" * 8)
            fcntl.ioctl(self.master, termios.TIOCSWINSZ, size)

    @contextmanager
    def raw(self) -> Iterator[None]:
        """stdin in raw mode while the command runs, so Ctrl-C and Ctrl-D reach its pty."""
        if self.master is None or not self.tty_in:
            yield
            return
        import termios
        import tty

        fd = sys.stdin.fileno()
        saved = termios.tcgetattr(fd)
        tty.setraw(fd, termios.TCSANOW)
        try:
            yield
        finally:
            termios.tcsetattr(fd, termios.TCSADRAIN, saved)

    def start(self, sel: selectors.BaseSelector) -> None:
        if self.master is not None and self.tty_in:
            sel.register(sys.stdin.fileno(), selectors.EVENT_READ, self)
            self.sel = sel

    def stop(self) -> None:
        """No more keystrokes: the command exited, or its pty closed (``closed``)."""
        if self.sel is not None:
            self.sel.unregister(sys.stdin.fileno())
            self.sel = None

    def closed(self) -> None:
        self.stop()
        self.master, self.buffer = None, b""

    def typed(self, master: _Stream) -> None:
        """Copy what the user typed to the pty; what it cannot take yet waits."""
        try:
            data = os.read(sys.stdin.fileno(), 4096)
        except OSError:
            data = b""
        if not data:
            self.stop()
            return
        self.buffer += data
        if self.write() and self.sel is not None:
            self.sel.modify(master.fd, selectors.EVENT_READ | selectors.EVENT_WRITE, master)

    def write(self) -> bool:
        """Give the pty what it takes of the keystrokes; True when some are left."""
        if self.master is None:
            return False
        try:
            self.buffer = self.buffer[os.write(self.master, self.buffer) :]
        except BlockingIOError:
            pass
        except OSError:  # the pty is going away
            self.buffer = b""
        return bool(self.buffer)


class _Process:
    """The running command: its pid, and its return code once reaped (-N after signal N)."""

    __slots__ = ("pid", "returncode")

    def __init__(self, pid: int) -> None:
        self.pid = pid
        self.returncode: int | None = None

    def poll(self) -> int | None:
        if self.returncode is None and (reaped := os.waitpid(self.pid, os.WNOHANG))[0]:
            self.returncode = os.waitstatus_to_exitcode(reaped[1])
        return self.returncode

    def wait(self) -> int:
        if self.returncode is None:
            self.returncode = os.waitstatus_to_exitcode(os.waitpid(self.pid, 0)[1])
        return self.returncode


# The command starts with the default disposition of the signals Python ignores.
_DEFAULT_SIGNALS = tuple(getattr(signal, name) for name in ("SIGPIPE", "SIGXFSZ")
                         if hasattr(signal, name))


def _spawn(argv: Sequence[str], actions: list[tuple[Any, ...]]) -> _Process:
    """Start the command, its descriptors set up by ``actions`` (pipe mode).

    ``posix_spawn``, not ``subprocess``: importing subprocess alone costs half
    the interpreter's start-up, and a clean ``errlearn run`` pays for every
    import. Descriptors errlearn was given pass on to the command, as a shell
    passes them (make's jobserver relies on it); errlearn's own are close-on-exec.
    """
    try:
        pid = os.posix_spawnp(argv[0], list(argv), os.environ, file_actions=actions,
                              setsigdef=_DEFAULT_SIGNALS)
    except OSError as exc:
        raise _start_error(argv[0], exc) from None
    return _Process(pid)


def _start_error(name: str, exc: OSError) -> StartError:
    """Why the command did not start, as a shell says it (127 not found, 126 not executable)."""
    if isinstance(exc, FileNotFoundError):
        return StartError(127, f"{name}: No such file or directory" if "/" in name
                          else f"{name}: command not found")
    return StartError(126, f"{name}: {exc.strerror or exc}")


def _pipe() -> tuple[int, int]:
    """A pipe for one output of the command, made bigger where the system allows."""
    import fcntl

    read_end, write_end = os.pipe()
    with suppress(OSError, AttributeError):
        fcntl.fcntl(read_end, fcntl.F_SETPIPE_SZ, PIPE_SIZE)
    return read_end, write_end


def _spawn_pipes(argv: Sequence[str], quiet: bool) -> tuple[_Process, list[_Stream], _Keys]:
    (out, out_w), (err, err_w) = _pipe(), _pipe()
    try:
        proc = _spawn(argv, [(os.POSIX_SPAWN_DUP2, out_w, 1), (os.POSIX_SPAWN_DUP2, err_w, 2)])
    except BaseException:
        os.close(out)
        os.close(err)
        raise
    finally:
        os.close(out_w)
        os.close(err_w)
    streams = [_Stream(fd, None if quiet else sink.buffer, lines=True)
               for fd, sink in ((out, sys.stdout), (err, sys.stderr))]
    return proc, streams, _Keys()


def _popen_tty(argv: Sequence[str], tty: int, *, stdin: int | None, stderr: int) -> Child:
    """Start the command in a session of its own, the pty ``tty`` its controlling terminal.

    ``subprocess`` here, not ``posix_spawn``: no spawn action can make a terminal
    the controlling one (BSD and macOS give it only through ``TIOCSCTTY``, run
    in the child), and without it Ctrl-C typed into the pty reaches no one. At
    a terminal, the import's few milliseconds are not felt.
    """
    import fcntl
    import subprocess
    import termios

    def controlling_tty() -> None:  # in the child, after setsid
        fcntl.ioctl(1, termios.TIOCSCTTY, 0)

    try:  # close_fds=False: descriptors errlearn was given pass on, as in pipe mode
        return subprocess.Popen(list(argv), stdin=stdin, stdout=tty, stderr=stderr,
                                close_fds=False, start_new_session=True,
                                preexec_fn=controlling_tty)
    except OSError as exc:
        raise _start_error(argv[0], exc) from None


def _spawn_pty(argv: Sequence[str]) -> tuple[Child, list[_Stream], _Keys]:
    import termios

    master, slave = os.openpty()
    tty_in = sys.stdin is not None and sys.stdin.isatty()
    with suppress(termios.error):  # the command's terminal is set up as the user's is
        attrs = termios.tcgetattr(sys.stdout.fileno())
        if not tty_in:  # the user's terminal stays cooked: it turns "\n" into "\r\n" itself
            attrs[1] &= ~termios.OPOST
        termios.tcsetattr(slave, termios.TCSANOW, attrs)
    split_err = not sys.stderr.isatty()  # stderr redirected: keep it apart from the pty
    err, err_w = _pipe() if split_err else (None, None)
    try:
        proc = _popen_tty(argv, slave, stdin=slave if tty_in else None,
                          stderr=slave if err_w is None else err_w)
    except BaseException:
        for fd in (master, err):
            if fd is not None:
                os.close(fd)
        raise
    finally:
        os.close(slave)  # the command holds it now; the master sees EOF when it closes
        if err_w is not None:
            os.close(err_w)
    os.set_blocking(master, False)  # keystrokes are written as far as the pty takes them
    keys = _Keys(master, tty_in)
    keys.resize()
    streams = [_Stream(master, sys.stdout.buffer, lines=split_err)]
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
        self.keys: _Keys | None = None

    @contextmanager
    def installed(self) -> Iterator[None]:
        handled = [signal.SIGTERM, signal.SIGHUP, signal.SIGINT, signal.SIGQUIT, signal.SIGWINCH]
        saved = {s: signal.signal(s, self._handle) for s in handled}
        try:
            yield
        finally:
            for s, handler in saved.items():
                signal.signal(s, handler)

    def attach(self, proc: Child, keys: _Keys) -> None:
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


def _pump(proc: Child, streams: list[_Stream], feed: Feed, keys: _Keys) -> None:
    """Pass the command's output through until it ends (or goes quiet after the exit)."""
    sel = selectors.DefaultSelector()
    for stream in streams:
        sel.register(stream.fd, selectors.EVENT_READ, stream)
    pidfd = _pidfd(proc.pid)
    if pidfd is not None:
        sel.register(pidfd, selectors.EVENT_READ, _EXIT)
    keys.start(sel)
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
            events = sel.select(timeout)
            if exited is not None and not events:
                break  # a background child holds the output open, silent: stop here
            for key, mask in events:
                if key.data is _EXIT:
                    sel.unregister(key.fd)
                    exited = time.monotonic()
                    keys.stop()
                elif key.data is keys:
                    if master in live:
                        keys.typed(master)
                elif mask & selectors.EVENT_WRITE and not keys.write():
                    sel.modify(key.fd, selectors.EVENT_READ, key.data)
                elif mask & selectors.EVENT_READ and not _read(key.data, feed):
                    sel.unregister(key.fd)
                    live.discard(key.data)
                    if key.data is master:
                        keys.closed()
                    key.data.end(feed)
            if exited is None and pidfd is None and proc.poll() is not None:
                exited = time.monotonic()
    finally:
        keys.closed()
        for stream in live:
            stream.end(feed)
        sel.close()
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
    except OSError:  # our stdout's reader went away: the command gets SIGPIPE, as in a shell
        if stream.sink is not None:
            _silence(stream.sink)
        return False
    return True


def _pidfd(pid: int) -> int | None:
    """A descriptor that turns readable when the command exits (Linux), else None: poll."""
    try:
        return os.pidfd_open(pid)
    except (AttributeError, OSError):
        return None


def _silence(sink: BinaryIO) -> None:
    """Point a broken output at /dev/null, so exit's flush does not raise again."""
    with suppress(OSError, ValueError):
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sink.fileno())
        os.close(devnull)
