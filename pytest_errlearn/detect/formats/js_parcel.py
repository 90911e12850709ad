r"""Parcel 2: a failed build's diagnostics, each after the name of the plugin
that gave it, the place and the source it quotes under it::

    🚨 Build failed.

    @parcel/core: Failed to resolve 'left-pad' from './src/index.js'

      /app/src/index.js:3:21
        2 | import { a } from './a';
      > 3 | import pad from 'left-pad';
      >   |                 ^^^^^^^^^^
        4 |

    @parcel/resolver-default: Cannot find module 'left-pad'

The lines of the other plugins after the first (the resolver's, above) say
more of the same error; ``💡`` lines are Parcel's hints.
"""

from __future__ import annotations

from ...report import Error
from ..reader import Reader
from . import Format, regex, said_in

ORDER = 19  # with the other JavaScript builds' rows, before node.py's
COMMANDS = {"parcel": "parcel"}
BUILDS: dict[str, frozenset[str] | None] = {"parcel": frozenset({"build"})}

_PARCEL_SAYS = (
    ("dependency", regex(r"^Failed to resolve |^Cannot (?:find|load) (?:module|file) ")),
    ("syntax", regex(r"^(?:Expected |Unexpected |Expression expected|Unterminated )")),
)


class ParcelDiagnostic(Reader):
    """What Parcel prints under a diagnostic: the place (``  /app/src/a.js:3:21``),
    the source it quotes, the other plugins' words on the same failure, hints."""

    frames_wanted = False
    _PLACE = regex(r"^\s+(?P<file>\S.*?):(?P<line>\d+):(?P<col>\d+)\s*$")
    _MORE = regex(r"^\s*(?:>?\s*\d*\s*\||@parcel/[\w-]+: |💡 |\S+\.\w+:\d+:\d+\s*$)|^\s")

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.placed = False

    def accept(self, line: str) -> bool:
        if not line.strip():
            return self.blanks < 1
        if not self.placed and (m := self._PLACE.match(line)) is not None:
            self.err.file, self.err.line, self.err.column = m["file"], int(m["line"]), int(m["col"])
            self.placed = True
            return True
        return self._MORE.match(line) is not None

    def category(self) -> str | None:
        return said_in(_PARCEL_SAYS, self.err.message)


READERS = {"parcel": ParcelDiagnostic}

ROWS = (
    Format(  # its heading: the diagnostics follow
        "parcel-build-failed",
        r"^🚨 +Build failed\.?\s*$",
        tool="parcel",
        role="ignore",
        examples=("🚨 Build failed.",),
    ),
    Format(  # a diagnostic: the plugin that gave it, what is wrong
        "parcel-diagnostic",
        r"^(?:🚨 +)?(?P<code>@parcel/[\w-]+): (?P<msg>\S.*)$",
        tool="parcel",
        block="parcel",
        rank=2,
        words=("@parcel/",),
        examples=(
            "@parcel/core: Failed to resolve 'left-pad' from './src/index.js'",
            "@parcel/transformer-js: Expected ',', got 'class'",
        ),
    ),
)
