"""Biome (``biome lint``, ``biome check``, ``biome ci``, ``biome format``): each
diagnostic on a line of its own, then its message under a mark.

The line names the file, the place where there is one, and the diagnostic's
category (``lint/suspicious/noDebugger``, ``format``, ``parse``), a rule's
badge (``FIXABLE``) and a rule of ``━`` after; the mark of the first line
under it says how grave it is: ``×`` an error, ``!`` a warning, ``i`` a note
(``✖``, ``⚠``, ``ℹ`` where it prints colours)::

    src/app.js:4:3 lint/suspicious/noDebugger  FIXABLE  ━━━━━━━━━━━━━━━━━━━━

      × This is an unexpected use of the debugger statement.

      > 4 │   debugger;
          │   ^^^^^^^^^

At the end, a line of the command's name and ``× Some errors were emitted while
running checks.`` only sum up the diagnostics above.
"""

from __future__ import annotations

from ..reader import Reader
from . import Format, regex

TYPE_CHECKING = False  # mypy reads it as True: typing loads where it is used, not here
if TYPE_CHECKING:
    from ...report import Error

ORDER = 20  # with node.py's JavaScript tools
COMMANDS = {"biome": "biome"}
BUILDS: dict[str, frozenset[str] | None] = {
    "biome": frozenset({"ci", "check", "lint", "format"}),
}

_CATEGORY = r"(?:lint|assist|format|parse|check|syntax|organizeImports|internalError)(?:/[\w/]+)?"


class BiomeDiagnostic(Reader):
    """The lines under a diagnostic's line, indented, up to the next one: the first
    says what is wrong, its mark how grave it is."""

    frames_wanted = False
    _SAID = regex(r"^\s+(?P<mark>[×✖!⚠iℹ]) (?P<msg>\S.*?)\s*$")
    _WARNING = ("!", "⚠", "i", "ℹ")

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.said = False

    def accept(self, line: str) -> bool:
        if not line.strip():
            return True
        if not line[:1].isspace():
            return False
        if not self.said and (m := self._SAID.match(line)) is not None:
            self.said = True
            self.err.message = m["msg"]
            self.warning = m["mark"] in self._WARNING
        return True

    def category(self) -> str | None:
        code = self.err.code or ""
        return "syntax" if code.startswith(("parse", "syntax")) else None


READERS = {"biome": BiomeDiagnostic}

ROWS = (
    Format(
        "biome-diagnostic",
        rf"^(?P<file>[^\s:]+?)(?::(?P<line>\d+):(?P<col>\d+))? (?P<code>{_CATEGORY})"
        r"(?:  [A-Z][\w ]*[A-Z])? {1,2}━━━",
        tool="biome",
        block="biome",
        rank=2,
        words=("━━━",),
        examples=(
            "src/app.js:4:3 lint/suspicious/noDebugger  FIXABLE  ━━━━━━━━━━━━━━━━━━━━━━━━━━━━",
            "src/app.js:1:7 lint/correctness/noUnusedVariables  ━━━━━━━━━━━━━━━━━━━━━━━━━━━━",
            "src/app.js format ━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━",
            "src/bad.ts:2:8 parse ━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━",
        ),
    ),
    Format(  # the sum of the diagnostics above
        "biome-summary",
        r"^\s+[×✖] (?P<msg>Some errors were emitted while running checks\.)",
        tool="biome",
        role="consequence",
        rank=0,
        words=("some errors were emitted",),
        examples=("  × Some errors were emitted while running checks.",),
    ),
)
