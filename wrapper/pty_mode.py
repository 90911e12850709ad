"""Pty mode: the command gets a pseudo-terminal of its own, as if it ran at the user's.

Colours and progress bars survive because the command sees a terminal; the
window size is passed on (and again on SIGWINCH), and what the user types is
copied in, stdin in raw mode so that Ctrl-C and Ctrl-D reach the command's pty.
In pipe mode the runner holds an inert ``Keys`` (no pty), so one loop serves both.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager, suppress

from .process import pipe, popen_tty

TYPE_CHECKING = False  # mypy reads it as True: typing loads where it is used, not here
if TYPE_CHECKING:
    from .process import Child
    from .watch import Watch


class Keys:
    """The terminal side of pty mode: keystrokes in, window size; inert in pipe mode."""

    def __init__(self, master: int | None = None, tty_in: bool = False) -> None:
        self.master = master  # None in pipe mode, and once the pty is closed
        self.tty_in = tty_in  # stdin is a terminal: copy it to the pty in raw mode
        self.buffer = b""  # keystrokes the pty has not taken yet
        self.watch: Watch | None = None  # while stdin is being copied

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

    def start(self, watch: Watch) -> None:
        if self.master is not None and self.tty_in:
            watch.add(sys.stdin.fileno(), self)
            self.watch = watch

    def stop(self) -> None:
        """No more keystrokes: the command exited, or its pty closed (``closed``)."""
        if self.watch is not None:
            self.watch.remove(sys.stdin.fileno())
            self.watch = None

    def closed(self) -> None:
        self.stop()
        self.master, self.buffer = None, b""

    def typed(self) -> None:
        """Copy what the user typed to the pty; what it cannot take yet waits, and the
        pty is watched until it can take more."""
        try:
            data = os.read(sys.stdin.fileno(), 4096)
        except OSError:
            data = b""
        if not data:
            self.stop()
            return
        # No NUL reaches the command: ``script`` (the usual way to give a CI job a
        # terminal) sends one down a raw terminal when its stdin ends, and the
        # command's terminal echoed it into the output as "^@". Nobody types one.
        self.buffer += data.replace(b"\0", b"")
        if self.write() and self.watch is not None and self.master is not None:
            self.watch.writing(self.master, True)

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


def spawn_pty(
    argv: Sequence[str], env: Mapping[str, str] | None = None
) -> tuple[Child, Keys, int | None]:
    """Start the command on a new pty: the command, its ``Keys`` (the pty's master
    is ``keys.master``), and the read end of its stderr when that is kept apart."""
    import termios

    master, slave = os.openpty()
    tty_in = sys.stdin is not None and sys.stdin.isatty()
    with suppress(termios.error):  # the command's terminal is set up as the user's is
        attrs = termios.tcgetattr(sys.stdout.fileno())
        if not tty_in:  # the user's terminal stays cooked: it turns "\n" into "\r\n" itself
            attrs[1] &= ~termios.OPOST
        termios.tcsetattr(slave, termios.TCSANOW, attrs)
    split_err = not sys.stderr.isatty()  # stderr redirected: keep it apart from the pty
    err, err_w = pipe() if split_err else (None, None)
    try:
        proc = popen_tty(
            argv,
            slave,
            stdin=slave if tty_in else None,
            stderr=slave if err_w is None else err_w,
            env=env,
        )
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
    keys = Keys(master, tty_in)
    keys.resize()
    return proc, keys, err
