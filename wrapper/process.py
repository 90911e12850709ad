"""Starting the user's command, and what its end means, as a shell would say it.

In pipe mode the command starts through ``posix_spawn``; at a terminal
through ``subprocess``, in a session of its own with the pty as its
controlling terminal (``pty_mode``). Either way a missing command is 127 and
one that cannot be executed 126, as in a shell.
"""

from __future__ import annotations

import os
import signal
from collections.abc import Mapping, Sequence
from contextlib import suppress

TYPE_CHECKING = False  # mypy reads it as True: typing loads where it is used, not here
if TYPE_CHECKING:
    from typing import Any, Protocol

    class Child(Protocol):
        """The running command: ``Process`` in pipe mode, ``subprocess.Popen`` in pty mode."""

        pid: int
        returncode: int | None

        def poll(self) -> int | None: ...
        def wait(self) -> int: ...


# errlearn's stdout (1) and stderr (2) when they were closed at its start (``streams``):
# the command gets them closed too, as it would without errlearn.
CLOSED: set[int] = set()

PIPE_SIZE = 1 << 20  # pipes of 1 MiB: the command runs ahead while the analysis catches up

# The command starts with the default disposition of the signals Python ignores.
_DEFAULT_SIGNALS = tuple(
    getattr(signal, name) for name in ("SIGPIPE", "SIGXFSZ") if hasattr(signal, name)
)


class StartError(Exception):
    """The command could not be started; ``status`` is the shell's (127, 126)."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status


class Status(int):
    """An exit status as a shell reports it (128+N after signal N), and the
    signal that ended the command, if one did: ``exit 137`` is no SIGKILL."""

    signal: int | None = None


def shell_status(returncode: int) -> Status:
    """A return code as a shell reports it: 128+N after signal N."""
    if returncode >= 0:
        return Status(returncode)
    status = Status(128 - returncode)
    status.signal = -returncode
    return status


class Process:
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


def spawn(
    argv: Sequence[str], actions: list[tuple[Any, ...]], env: Mapping[str, str] | None = None
) -> Process:
    """Start the command, its descriptors set up by ``actions`` (pipe mode), in
    ``env`` (errlearn's own environment by default).

    ``posix_spawn``, not ``subprocess``: importing subprocess alone costs half
    the interpreter's start-up, and a clean ``errlearn run`` pays for every
    import. Descriptors errlearn was given pass on to the command, as a shell
    passes them (make's jobserver relies on it); errlearn's own are close-on-exec.
    """
    _check_name(argv[0])
    try:
        pid = os.posix_spawnp(
            argv[0],
            list(argv),
            os.environ if env is None else env,
            file_actions=actions,
            setsigdef=_DEFAULT_SIGNALS,
        )
    except OSError as exc:
        raise start_error(argv[0], exc) from None
    return Process(pid)


def popen_tty(
    argv: Sequence[str],
    tty: int,
    *,
    stdin: int | None,
    stderr: int,
    env: Mapping[str, str] | None = None,
) -> Child:
    """Start the command in a session of its own, the pty ``tty`` its controlling terminal.

    ``subprocess`` here, not ``posix_spawn``: no spawn action can make a terminal
    the controlling one (BSD and macOS give it only through ``TIOCSCTTY``, run
    in the child), and without it Ctrl-C typed into the pty reaches no one. At
    a terminal, the import's few milliseconds are not felt.
    """
    import fcntl
    import subprocess
    import termios

    _check_name(argv[0])

    def controlling_tty() -> None:  # in the child, after setsid
        fcntl.ioctl(1, termios.TIOCSCTTY, 0)

    try:  # close_fds=False: descriptors errlearn was given pass on, as in pipe mode
        return subprocess.Popen(
            list(argv),
            stdin=stdin,
            stdout=tty,
            stderr=stderr,
            env=env,
            close_fds=False,
            start_new_session=True,
            preexec_fn=controlling_tty,
        )
    except OSError as exc:
        raise start_error(argv[0], exc) from None


def _check_name(name: str) -> None:
    """An empty name is a command a shell does not find (exec would raise ValueError)."""
    if not name:
        raise start_error(name, FileNotFoundError())


def start_error(name: str, exc: OSError) -> StartError:
    """Why the command did not start, as a shell says it (127 not found, 126 not executable)."""
    if isinstance(exc, FileNotFoundError):
        return StartError(
            127,
            f"{name}: No such file or directory" if "/" in name else f"{name}: command not found",
        )
    if "/" in name and os.path.isdir(name):  # exec says EACCES; a shell says what it is
        return StartError(126, f"{name}: Is a directory")
    return StartError(126, f"{name}: {exc.strerror or exc}")


def pipe() -> tuple[int, int]:
    """A pipe for one output of the command, made bigger where the system allows."""
    import fcntl

    read_end, write_end = os.pipe()
    with suppress(OSError, AttributeError):
        fcntl.fcntl(read_end, fcntl.F_SETPIPE_SZ, PIPE_SIZE)
    return read_end, write_end


def ended(status: int) -> str:
    """How the command ended, as a person would say it: "was killed by SIGKILL
    (status 137)" where a signal did it (a ``Status`` that says so), else
    "failed with status 137", whatever the number."""
    number = getattr(status, "signal", None)
    if number is not None:
        import signal

        try:
            return f"was killed by {signal.Signals(number).name} (status {int(status)})"
        except ValueError:
            pass
    return f"failed with status {int(status)}"
