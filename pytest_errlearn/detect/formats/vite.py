r"""``vite build``: the error under ``error during build:``, after its progress
line ``✗ Build failed in 122ms`` (which only says that it failed).

Vite 8 bundles with rolldown, which counts its errors (``Build failed with 1
error:``) and prints each one with its code, its place in a box and the source
it quotes, then the bundler's stack::

    [UNRESOLVED_IMPORT] Could not resolve './components/header.js' in src/main.js
       ╭─[ src/main.js:1:30 ]
       │
     1 │ import { renderHeader } from './components/header.js';
       │                              ────────────┬───────────
       │                                          ╰───────────── Module not found.
    ───╯

Vite 7 bundles with rollup: the message (a plugin's name first, in brackets,
where a plugin failed; the module's place first, ``src/calc.js (3:21): ``, where
rollup's parser failed), then ``file:`` with the module's path (and its line and
column where the error has a place), the source quoted, then the stack::

    error during build:
    Could not resolve "./components/header.js" from "src/main.js"
    file: /home/ci/app/src/main.js
        at getRollupError (file:///home/ci/app/node_modules/rollup/...)
"""

from __future__ import annotations

from ...report import Error
from ..reader import Reader
from . import Format, regex, said_in

ORDER = 14  # before elm-test's "✗ test" row and rebar3's "╰── message" row (erlang.py)
COMMANDS = {"vite": "vite"}
BUILDS: dict[str, frozenset[str] | None] = {"vite": frozenset({"build"})}

# rolldown's codes, where its words would not tell the kind
_KINDS = {"PARSE_ERROR": "syntax", "UNRESOLVED_IMPORT": "dependency", "UNRESOLVED_ENTRY": "config"}
# rollup's parser's words (vite 7), which read as an assertion's ("Expected ')', got '{'")
_ROLLUP_SAYS = (
    ("syntax", regex(r"^(?:Expected .+, got |Unexpected |Expression expected)|invalid \w+ syntax")),
)


class RolldownError(Reader):
    """A rolldown error's lines: its place in the box's top (``╭─[ file:1:30 ]``),
    the quoted source and labels in the box, the box's end (``───╯``), then the
    bundler's frames and the error's fields (``{ errors: ... }``); all of them
    vite's own but the place."""

    frames_wanted = False
    _PLACE = regex(r"^\s*╭─\[ (?P<file>\S+?):(?P<line>\d+):(?P<col>\d+) \]\s*$")
    _BOX_END = regex(r"^─*╯\s*$")

    def accept(self, line: str) -> bool:
        if not line.strip() or line.strip() == "}" or self._BOX_END.match(line):
            return True
        if not line[:1].isspace():
            return False
        if self.err.file is None and (m := self._PLACE.match(line)) is not None:
            self.err.file, self.err.line, self.err.column = m["file"], int(m["line"]), int(m["col"])
        return True

    def category(self) -> str | None:
        return _KINDS.get(self.err.code or "")


class ViteBuildError(Reader):
    """What follows vite's ``error during build:``: rollup's (vite 7) message, its
    ``file:`` place, the quoted source and the bundler's frames. Under vite 8,
    rolldown's count (``Build failed with 1 error:``) comes instead, then each
    error with its code (``RolldownError``): this line was no error of its own."""

    frames_wanted = False
    _PLUGIN = regex(r"^\[(?P<code>[^\]\s][^\]]*)\] (?P<msg>.+)$")
    _PLACED = regex(  # the place rollup puts first, after the plugin's name again
        r"^(?:\[plugin [^\]]+\] )?(?P<file>\S+) \((?P<line>\d+):(?P<col>\d+)\): (?P<msg>.+)$"
    )
    _FILE = regex(r"^file: (?P<file>\S+?)(?::(?P<line>\d+):(?P<col>\d+))?\s*$")
    _QUOTED = regex(r"^\d+: |^\s")  # rollup's code frame (``3:   x = {``), frames, carets

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.said = False

    def accept(self, line: str) -> bool:
        text = line.strip()
        if not self.said:
            if not text:
                return True
            if text.startswith("Build failed with "):
                self.valid = False  # rolldown's: its errors follow, each on its own row
                return False
            self.said = True
            m = self._PLUGIN.match(text)
            self.err.code = m["code"] if m else None
            self.err.message = m["msg"] if m else text
            if (at := self._PLACED.match(self.err.message)) is not None:  # rollup's own place
                self.err.file, self.err.message = at["file"], at["msg"]
                self.err.line, self.err.column = int(at["line"]), int(at["col"])
            return True
        if (m := self._FILE.match(text)) is not None:
            if self.err.file is None:
                self.err.file = m["file"]
                self.err.line = int(m["line"]) if m["line"] else None
                self.err.column = int(m["col"]) if m["col"] else None
            return True
        return text in ("", "}") or self._QUOTED.match(line) is not None

    def category(self) -> str | None:
        return said_in(_ROLLUP_SAYS, self.err.message) or self.said_else("build")


READERS = {"rolldown": RolldownError, "vitebuild": ViteBuildError}

ROWS = (
    Format(  # its errors follow, under "error during build:"
        "vite-build-failed",
        r"^✗ Build failed in \d[\d.]*m?s\s*$",
        tool="vite",
        role="ignore",
        words=("build failed",),
        examples=("✗ Build failed in 122ms",),
    ),
    Format(
        "vite-build-error",
        r"^error during build:\s*$",
        tool="vite",
        block="vitebuild",
        rank=2,
        examples=("error during build:",),
    ),
    Format(  # rolldown's count of the errors below it
        "rolldown-count",
        r"^Build failed with \d+ errors?:\s*$",
        tool="vite",
        role="ignore",
        examples=("Build failed with 1 error:",),
    ),
    Format(  # rolldown (vite 8): a code of capitals joined by "_", its place in a box below
        "rolldown-error",
        r"^\[(?P<code>[A-Z]+(?:_[A-Z]+)+)\] (?!Warning: )(?P<msg>\S.*)$",  # not its warnings
        tool="vite",
        block="rolldown",
        rank=2,
        words=("unresolved_", "missing_export"),
        examples=(
            "[UNRESOLVED_IMPORT] Could not resolve './components/header.js' in src/main.js",
            "[PARSE_ERROR] Expected `)` but found `{`",
        ),
    ),
)
