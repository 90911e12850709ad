"""Capacitor's CLI (``npx cap sync``, ``cap copy``, ``cap run``): its own errors,
``[error] <message>``, the message's further lines indented under it::

    [error] Could not find the web assets directory: ./dist.
            Please create it and make sure it has an index.html file. ...

A step it ran that failed is its ``✖ <step> - failed!`` line (the generic
rows read it), and the step's own output comes as the ``[error]`` message: a
``pod install`` it ran says its reason in CocoaPods' ``[!] ...`` line under
it, which is then the error's message. ``[warn]`` and ``[info]`` lines say
nothing that failed. ``[error]`` is sbt's word too: the row is Capacitor's
output's only.
"""

from __future__ import annotations

from ..reader import Reader
from . import Format, regex, said_in

ORDER = 40  # before scala_builds.py's rows: sbt's "[error] ... update" is no error of Capacitor's

COMMANDS = {"cap": "capacitor", "capacitor": "capacitor"}


class CapError(Reader):
    """The further lines of a ``[error]`` message (indented), and the reason of a
    ``pod install`` the CLI ran, CocoaPods' ``[!] ...``, which says what failed.
    A pod install's output without that line (cut) says only its progress
    (``Analyzing dependencies``): the step's ``✖ ... - failed!`` line above
    is then the error, and this its consequence."""

    frames_wanted = False
    _POD = regex(r"^\[!\] (?P<msg>.+)$")
    _PROGRESS = regex(r"^(?:Error running update: )?Analyzing dependencies$")
    SAYS = (("filesystem", regex(r"[Cc]ould not find the web assets directory")),)

    def accept(self, line: str) -> bool:
        if (m := self._POD.match(line)) is not None:
            self.err.message = m["msg"].strip()
            return True
        return line[:1].isspace() and bool(line.strip())

    def category(self) -> str | None:
        return said_in(self.SAYS, self.err.message)

    def finish(self) -> None:
        self.consequence = self._PROGRESS.match(self.err.message) is not None


READERS = {"caperror": CapError}

ROWS = (
    Format(
        "capacitor-error",
        r"^\[error\] (?P<msg>\S.*)$",
        tool="capacitor",
        own_output=("capacitor", "ionic"),
        block="caperror",
        rank=2,
        examples=("[error] Could not find the web assets directory: ./dist.",),
    ),
)
