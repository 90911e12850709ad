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

Vite 2 to 7 fail on an import rollup cannot resolve; Nuxt prints that error
after its own words, in its logger's style (``[error]`` where no terminal is,
`` ERROR `` and the time at the line's end at one)::

    Nuxt Build Error: [vite]: Rollup failed to resolve import "x" from "/app/pages/a.vue".
    This is most likely unintended because it can break your application at runtime.
    If you do want to externalize this module explicitly add it to
    `build.rollupOptions.external`

Rollup's own command line says its error after ``[!]`` (the plugin's name
first, where a plugin failed), then the module, with the place in it where
the error has one, the source it quotes and the stack::

    [!] (plugin babel) SyntaxError: /home/ci/lib/src/main.js: Unexpected token (3:4)
    src/main.js (3:4)
    ...
"""

from __future__ import annotations

from collections.abc import Sequence

from ...report import Error
from ..reader import Reader, diagnosed
from . import Format, regex, said_in

# Where its rows stand: before elm-test's "✗ test" row, rebar3's "╰── message" row
# (erlang.py) and xcpretty's "[!] warning" row (apple_xcode.py), which would take
# rollup's "[!] Error: ..." for a warning.
ORDER = 13
COMMANDS = {"vite": "vite", "rollup": "rollup"}
BUILDS: dict[str, frozenset[str] | None] = {"vite": frozenset({"build"}), "rollup": None}

# rolldown's codes, where its words would not tell the kind
_KINDS = {"PARSE_ERROR": "syntax", "UNRESOLVED_IMPORT": "dependency", "UNRESOLVED_ENTRY": "config"}
# rollup's parser's words (vite 7), which read as an assertion's ("Expected ')', got '{'")
_ROLLUP_SAYS = (
    ("syntax", regex(r"^(?:Expected .+, got |Unexpected |Expression expected)|invalid \w+ syntax")),
)

# the dev server's plugins' words: Tailwind's unknown class, an import it cannot resolve
_SERVER_SAYS = (
    *_ROLLUP_SAYS,
    ("reference", regex(r"class does not exist\.")),
    ("dependency", regex(r"^Failed to resolve import ")),
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
    # vite 2 to 7: an import rollup could not resolve, and the module that imports it
    _IMPORTER = regex(r'^\[vite\]: Rollup failed to resolve import "[^"]+" from "(?P<file>[^"]+)"')

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.said = False

    def accept(self, line: str) -> bool:
        text = line.strip()
        if not self.said:
            if not text:
                return True
            text = text.removeprefix("Error: ").removeprefix("RollupError: ")  # vite 4's, 5's
            if text.startswith(("Build failed with ", "Transform failed with ")):
                self.valid = False  # rolldown's, esbuild's: their errors follow, each on its row
                return False
            self.said = True
            if (imported := self._IMPORTER.match(text)) is not None:
                self.err.file = imported["file"]
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


class RollupError(Reader):
    """What rollup's command line prints under its ``[!]`` line: a link to its
    docs, the module (``src/main.js (3:4)``, where the error has a place), the
    source it quotes, then the error's stack: rollup's own frames, none the
    project's."""

    frames_wanted = False
    _PLACE = regex(r"^(?P<file>[^\s()]+\.\w+)(?: \((?P<line>\d+):(?P<col>\d+)\))?$")
    _MORE = regex(r"^(?:\d+: |\s|https?://|(?:[A-Z]\w*)?Error: )")

    def accept(self, line: str) -> bool:
        text = line.strip()
        if self.count == 0 and (m := self._PLACE.match(text)) is not None:
            self.err.file = m["file"]
            if m["line"]:  # else a plugin's place, in its message, stands (rpt2's)
                self.err.line, self.err.column = int(m["line"]), int(m["col"])
            return True
        return bool(text) and self._MORE.match(line) is not None

    def category(self) -> str | None:
        return said_in(_ROLLUP_SAYS, self.err.message) or self.said_else("build")


class UnresolvedImport(Reader):
    """What vite says under an import rollup could not resolve: that it is most
    likely unintended, how to make it external (again, indented, where Nuxt
    prints it), and the frames of vite's own code that warned."""

    frames_wanted = False
    _MORE = regex(
        r"^\s*(?:This is most likely unintended|If you do want to externalize|"
        r"`build\.rollupOptions\.external`|at )"
    )

    def accept(self, line: str) -> bool:
        return self._MORE.match(line) is not None


class AstroBuildFailed(ViteBuildError):
    """Astro's heading for vite's failed build: the error on the next line
    (a plugin's, ``[astro:assets] Plugin error - ...``), past Astro's own
    progress lines; where a row reads that line (vite's unresolved import),
    this heading was no error of its own."""

    _PROGRESS = regex(r"^\[(?:vite|build|types|content|check|assets|router)\] ")

    def accept(self, line: str) -> bool:
        if not self.said:
            if self._PROGRESS.match(line.strip()):
                return True
            if line.strip() and diagnosed(line):
                self.valid = False
                return False
        return super().accept(line)


class DevServerError(Reader):
    """Under vite's dev server's error: the plugin that raised it (``Plugin:
    vite:css``), its place (``File: /app/src/a.css:1:0``), the source it
    quotes, the frames of the plugin's code; a place in the message itself
    (postcss's ``/app/src/a.css:1:1: ...``) comes first."""

    frames_wanted = False
    _PLUGIN = regex(r"^\s+Plugin: (?P<code>\S+)\s*$")
    _FILE = regex(r"^\s+File: (?P<file>\S+?)(?::(?P<line>\d+):(?P<col>\d+))?\s*$")

    def accept(self, line: str) -> bool:
        if not line[:1].isspace() or not line.strip():
            return False
        if (m := self._PLUGIN.match(line)) is not None:
            self.err.code = self.err.code or m["code"]
        elif self.err.file is None and (m := self._FILE.match(line)) is not None:
            self.err.file = m["file"]
            if m["line"]:
                self.err.line, self.err.column = int(m["line"]), int(m["col"]) or None
        return True

    def category(self) -> str | None:
        return said_in(_SERVER_SAYS, self.err.message) or self.said_else("build")


def _said_at(groups: dict[str, str | None], before: Sequence[str]) -> None:
    """A plugin's place before its message (``[postcss] /app/src/a.css:1:1: ...``)."""
    if (at := _SAID_AT.match(groups.get("msg") or "")) is not None:
        groups.update(at.groupdict())


_SAID_AT = regex(
    r"^(?:\[(?P<code>[\w:-]+)\] )?(?P<file>\S+\.\w+):(?P<line>\d+):(?P<col>\d+):? (?P<msg>\S.*)$"
)


def _rollup_message(groups: dict[str, str | None], before: Sequence[str]) -> None:
    """Rollup names its own errors' kind (``RollupError: ``, ``Error: ``): no
    part of what is wrong (a parser's ``SyntaxError`` says more: it stays). Its
    parser's errors start with their place (``src/main.js (2:12): ...``)."""
    groups["msg"] = said = _OWN_KIND.sub("", groups["msg"] or "")
    if (at := _PLACED.match(said) or _RPT2.match(said)) is not None:
        groups.update({k: v for k, v in at.groupdict().items() if v is not None})


_OWN_KIND = regex(r"^(?:Rollup)?Error: ")
_PLACED = regex(r"^(?P<file>[^\s()]+) \((?P<line>\d+):(?P<col>\d+)\): (?P<msg>.+)$")
# rollup-plugin-typescript2's: tsc's place and code, after the kind of its check
_RPT2 = regex(
    r"^(?P<file>\S+?)\((?P<line>\d+),(?P<col>\d+)\): (?:semantic|syntactic|syntax) error "
    r"(?P<code>TS\d+): (?P<msg>.+)$"
)

READERS = {
    "rolldown": RolldownError,
    "vitebuild": ViteBuildError,
    "rollup": RollupError,
    "unresolved": UnresolvedImport,
    "astrobuild": AstroBuildFailed,
    "devserver": DevServerError,
}

ROWS = (
    Format(  # rollup's command line: the plugin that failed, if one did, and the error
        "rollup-error",
        r"^\[!\] (?:\(plugin (?P<code>[^)\s]+)\) )?(?P<msg>(?:[A-Z]\w*)?Error: .+)$",
        tool="rollup",
        block="rollup",
        fixup=_rollup_message,
        rank=2,
        words=("[!] ",),
        examples=(
            "[!] (plugin babel) Error: An unexpected situation arose.",
            '[!] RollupError: Could not resolve "./util" from "src/main.js"',
            "[!] Error: Unexpected token (Note that you need plugins to import files that are not"
            " JavaScript)",
        ),
    ),
    Format(  # its errors follow, under "error during build:"
        "vite-build-failed",
        r"^(?:Error: +)?[✗x] Build failed in \d[\d.]*m?s\s*$",  # "x" where no terminal is
        tool="vite",
        role="ignore",
        words=("build failed",),
        examples=("✗ Build failed in 122ms", "Error:  x Build failed in 6.21s"),
    ),
    Format(  # Astro's logger's: vite's error follows on the next line
        "astro-build-failed",
        r"^(?:\d\d:\d\d:\d\d )?\[ERROR\] \[vite\] (?P<msg>[✗x] Build failed) in \d[\d.]*m?s\s*$",
        tool="vite",
        block="astrobuild",
        rank=2,
        words=("build failed",),
        examples=(
            "[ERROR] [vite] x Build failed in 72ms",
            "[ERROR] [vite] ✗ Build failed in 6.41s",
        ),
    ),
    Format(  # the dev server's: a plugin's error as it served a module
        "vite-server-error",
        # its time, or (a CI stamp cut off) the half-day left
        r"^(?:\d\d?:\d\d:\d\d )?(?:[AP]M )?\[vite\] Internal server error: (?P<msg>\S.*)$",
        tool="vite",
        block="devserver",
        fixup=_said_at,
        rank=2,
        words=("[vite] internal server error",),
        examples=(
            "[vite] Internal server error: [postcss] /app/src/a.css:1:1: The `x` class does not"
            " exist.",
            '12:10:15 PM [vite] Internal server error: Failed to resolve import "./b" from'
            ' "src/a.ts". Does the file exist?',
        ),
    ),
    Format(  # vite 2 to 7's, alone or in Nuxt's words (its logger's tag first, the time last)
        "vite-unresolved-import",
        r"^\s*(?:\[error\] |ERROR +|Error: +)?(?:Nuxt Build Error: )?(?:Error: )?\[vite\]: "
        r'(?P<msg>Rollup failed to resolve import "[^"]+" from "(?P<file>[^"?]+)[^"]*"\.?)'
        r"(?: {2,}(?:\[?\d{1,2}:\d\d:\d\d(?: [AP]M)?\]?)?)?\s*$",
        tool="vite",
        category="dependency",
        block="unresolved",
        rank=2,
        words=("[vite]: ",),
        examples=(
            '[vite]: Rollup failed to resolve import "left-pad" from "/app/src/main.ts".',
            'Nuxt Build Error: [vite]: Rollup failed to resolve import "x" from'
            ' "/app/pages/a.vue?vue&type=script&setup=true&lang.ts".',
            ' ERROR  [vite]: Rollup failed to resolve import "#x" from "/app/.nuxt/paths.mjs".'
            "        11:02:26",
        ),
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
