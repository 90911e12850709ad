"""The file the pytest plugin leaves its errors in for ``errlearn run``.

``errlearn run`` names it in its command's environment as ``ERRLEARN_RUN``
(made empty, in a folder of the user's own under the temp folder; the files
of runs that were killed are swept from it by the next run). A pytest session with the plugin,
anywhere in the command, records itself in the history as usual and appends
its errors there, printing no summary of its own; ``errlearn run`` then shows
those errors (node ids, known fixes, history notes) in its one summary, in
place of what it read in the output, and records nothing more: one report,
one record. The plugin knows each failure's exception and test; the output
only its text.
"""

from __future__ import annotations

import os
from contextlib import suppress

TYPE_CHECKING = False  # mypy reads it as True: typing loads where it is used, not here
if TYPE_CHECKING:
    from pytest_errlearn.report import Error

VARIABLE = "ERRLEARN_RUN"


class Handoff:
    """One attempt's file: made and named for the command, read and removed after it."""

    def __init__(self, patterns: str | None = None) -> None:
        self.variables: dict[str, str] = {}  # what the command's environment gets
        if patterns:  # the plugin matches with the patterns errlearn run was given
            self.variables["ERRLEARN_PATTERNS"] = os.path.abspath(patterns)
        self.path: str | None = None
        try:
            folder = _folder()
            _sweep(folder)
            path = os.path.join(folder, f"{os.getpid()}-{os.urandom(6).hex()}.jsonl")
            os.close(os.open(path, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o600))
        except OSError:  # no temp folder of ours to write to: the output alone is read
            return
        self.path = self.variables[VARIABLE] = path

    def environ(self) -> dict[str, str] | None:
        """The command's environment: errlearn's own with the handoff's variables
        (None: errlearn's own as it is)."""
        return {**os.environ, **self.variables} if self.variables else None

    def take(self, status: int) -> list[Error] | None:
        """The errors pytest's sessions handed over (maybe none), or None when no
        session did, or when they all passed and the command failed all the same
        (its failure is elsewhere: the output tells it); the file is removed."""
        try:
            if self.path is None or os.path.getsize(self.path) == 0:  # the usual case
                return None
            from pytest_errlearn.plugin.summary import read_handoff

            handed = read_handoff(self.path)
        except OSError:
            return None
        finally:
            self.close()
        if handed is None or (status != 0 and not handed[1]):
            return None
        return handed[0]

    def close(self) -> None:
        self.variables.clear()
        if self.path is not None:
            with suppress(OSError):
                os.unlink(self.path)
            self.path = None


def _folder() -> str:
    """errlearn's own folder for these files in the temp folder: the user's alone."""
    folder = os.path.join(os.environ.get("TMPDIR") or "/tmp", f"errlearn-run-{os.getuid()}")
    try:
        os.mkdir(folder, 0o700)
    except FileExistsError:
        info = os.lstat(folder)
        if info.st_uid != os.getuid() or info.st_mode & 0o077 or not os.path.isdir(folder):
            raise PermissionError(f"{folder} is not errlearn's own") from None
    return folder


def _sweep(folder: str) -> None:
    """Remove the files of errlearn runs that were killed (SIGKILL leaves them behind)."""
    for name in os.listdir(folder):
        pid = name.partition("-")[0]
        if not pid.isdigit():
            continue
        try:
            os.kill(int(pid), 0)
        except ProcessLookupError:
            with suppress(OSError):
                os.unlink(os.path.join(folder, name))
        except OSError:  # alive, someone else's
            pass
