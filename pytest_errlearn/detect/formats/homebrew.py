"""Homebrew's formula builds: ``brew install --build-from-source``, ``brew
reinstall -s``, ``brew test-bot``.

brew runs a formula's build commands (``==> ./configure --prefix=...``, ``==> make``),
each logged to ``~/Library/Logs/Homebrew/foo/02.make``. Where one fails it prints
``Last 15 lines from .../02.make:``, that log's last lines (the compiler's or make's
own errors among them), then ``Error: An exception occurred within a child process:``
with the exception indented under it: ``  BuildError: Failed executing: make``
follows from the command's own lines above it; any other (``  Errno::ENOENT: No such
file or directory - src/foo``, a file ``bin.install`` did not find) is the error
itself. ``brew install --debug`` prints the exception without the ``Error:`` line,
then a menu (``1. raise``, ``2. ignore``...).
"""

from __future__ import annotations

from ..reader import Reader
from . import Format, regex

COMMANDS = {"brew": "brew"}
BUILDS: dict[str, frozenset[str] | None] = {
    "brew": frozenset({"install", "reinstall", "upgrade", "test-bot", "test"}),
}


class BrewChild(Reader):
    """The exception a formula's build raised, on the indented line under ``Error: An
    exception occurred within a child process:`` (the message then): a consequence
    where it says a build command failed, whose output above says why."""

    frames_wanted = False
    _EXCEPTION = regex(r"^ +(?P<exc>[A-Z]\w*(?:::\w+)*: \S.*)$")
    _FAILED = regex(r"^BuildError: Failed executing: ")

    def accept(self, line: str) -> bool:
        if self.count or not self.err.message.endswith(":"):
            return False
        if (m := self._EXCEPTION.match(line)) is None:
            return False
        self.err.message = m.group("exc")
        return True

    def finish(self) -> None:
        self.consequence = self._FAILED.match(self.err.message) is not None

    def category(self) -> str | None:
        return "build" if self.consequence else self.said_else("build")


READERS = {"brew-child": BrewChild}

ROWS = (
    Format(  # a formula's build raised (``BrewChild``); --debug prints the exception alone
        "brew-child-exception",
        r"^(?:Error: (?P<msg>An exception occurred within a child process:)"
        r"|BuildError: Failed executing: \S.*)$",
        tool="brew",
        block="brew-child",
        rank=2,
        words=("child process", "builderror"),
        examples=(
            "Error: An exception occurred within a child process:",
            "BuildError: Failed executing: make install",
        ),
    ),
)
