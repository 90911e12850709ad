"""Astro's type checker, ``astro check`` (``@astrojs/check``: the language
server's diagnostics of ``.astro`` files and the TypeScript around them).
(``astro build`` fails as vite does: ``vite.py``.)

It prints each diagnostic as tsc's pretty output does, but with the source's
code in parentheses after the severity (``ts(2322)`` from TypeScript,
``astro(4000)`` from Astro's own checks), then the message's further lines
indented, a blank line, and the source line with its number and the
range marked under it::

    src/pages/index.astro:6:7 - error ts(2322): Type '{ titel: string; }' is not ...
      Property 'titel' does not exist on type 'IntrinsicAttributes & Props'.

    6 <Card titel="x" />
            ~~~~~

and the counts last (``Result (5 files):``, ``- 3 errors``). A ``hint`` (an
unused name) and a ``warning`` do not fail the check. TypeScript's codes are
tsc's (``ts(2322)`` is ``TS2322``).
"""

from __future__ import annotations

from ...report import Error
from ..reader import Reader
from . import Format, regex

COMMANDS = {"astro": "astro"}
BUILDS: dict[str, frozenset[str] | None] = {"astro": frozenset({"check", "build", "sync"})}


class AstroDiagnostic(Reader):
    """A diagnostic's further lines: its message's, indented under it, then
    after a blank line the source line (``6 <Card ...``) and the range under it."""

    frames_wanted = False
    _SOURCE = regex(r"^\d+ |^\s*~+\s*$")
    _TS = regex(r"^ts\((?P<n>\d+)\)$")

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        if err.code and (ts := self._TS.match(err.code)) is not None:
            err.code = f"TS{ts['n']}"  # TypeScript's code, as tsc names it

    def accept(self, line: str) -> bool:
        if not line.strip():
            return self.blanks < 1
        if self.blanks or self._SOURCE.match(line):  # the source quoted, after the message
            return self._SOURCE.match(line) is not None
        return line.startswith("  ")  # the message's further lines


READERS = {"astrocheck": AstroDiagnostic}

_AT = r":(?P<line>\d+):(?P<col>\d+) - (?P<sev>error|warning|hint) (?P<code>[a-z]+\(\d+\)): "

ROWS = (
    Format(  # a diagnostic: its place, severity, source's code ("ts(2322)") and message
        "astro-check",
        r"^(?P<file>(?:[A-Za-z]:)?[^\s:]+)" + _AT + r"(?P<msg>\S.*)$",
        tool="astro",
        block="astrocheck",
        rank=2,
        seek=_AT,
        examples=(
            "src/pages/index.astro:6:7 - error ts(2322): Type '{ titel: string; }' is not "
            "assignable to type 'IntrinsicAttributes & Props'.",
            "src/components/Card.astro:4:7 - warning ts(6133): 'total' is declared but its value "
            "is never read.",
        ),
    ),
)
