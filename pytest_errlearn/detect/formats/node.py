"""JavaScript and TypeScript: node, jest, vitest, mocha, tsc, eslint, webpack and
npm (yarn: yarn.py, pnpm: pnpm.py; the package managers' subcommands and folder
options are all here). Prettier's rows are prettier.py's; Node's own coded errors
node_runtime.py's; node-gyp, the dev servers' "Failed to compile." and esbuild's
thrown errors js_builds.py's."""

from __future__ import annotations

from collections.abc import Sequence

from ..reader import Reader
from . import Format, named_above, regex

TYPE_CHECKING = False  # mypy reads it as True: typing loads where it is used, not here
if TYPE_CHECKING:
    from ...report import Error

# What follows the file name that starts eslint's compact lines (``seek``).
_ESLINT_AT = r": line (?P<line>\d+), col (?P<col>\d+), (?P<sev>Error|Warning) - "
# eslint's stylish format names the file once, on a line of its own above its problems.
_ESLINT_FILE = named_above(
    r"^(?P<file>(?:[A-Za-z]:)?[\w./\\@~-]+\.(?:[cm]?[jt]sx?|vue|svelte|json))\s*$"
)


_JS = r"[^\s:(]+\.(?:[cm]?[jt]sx?|vue|svelte)"
# What Angular's CLI prints before a compiler's error: "ERROR in " (8 to 11), "Error: " (12 on).
_NG_BEFORE = r"(?:ERROR in |Error: )?"
_PLACE_ABOVE = regex(rf"^(?P<file>\.?/?{_JS}):(?P<line>\d+):(?P<col>\d+)$")


def _place_above(groups: dict[str, str | None], before: Sequence[str]) -> None:
    """Next.js prints the file's place on the line above the error."""
    if before and (m := _PLACE_ABOVE.match(before[-1].strip())) is not None:
        groups["file"], groups["line"], groups["col"] = m["file"], m["line"], m["col"]


class EsbuildMessage(Reader):
    """An esbuild ``✘ [ERROR]``'s lines: its place (``    src/a.ts:1:20:``), the
    code frame under it (``1 │ ...``, ``╵ ~~~``) and its notes, indented."""

    frames_wanted = False
    _PLACE = regex(r"^\s+(?P<file>[^\s:]+):(?P<line>\d+):(?P<col>\d+):$")

    def accept(self, line: str) -> bool:
        if not line.strip():
            return True
        if not line[:1].isspace():
            return False
        if self.err.file is None and (m := self._PLACE.match(line)) is not None:
            self.err.file, self.err.line = m["file"], int(m["line"])
            self.err.column = int(m["col"])
        return True


_NODE_PLACE = regex(r"^(?:file://)?(?P<file>\S+\.[cm]?[jt]sx?):(?P<line>\d+)$")
_CARET = regex(r"^\s*\^+\s*$")


def node_place(before: Sequence[str]) -> tuple[str, int] | None:
    """Where Node says a script failed to load or threw, above the error: the
    file and line (``/app/x.js:2``, ``file:///app/x.mjs:2``), that line's source,
    a caret under it, a blank line. A SyntaxError has no other place: its
    frames are all Node's own."""
    lines = before[-5:]
    for i in range(len(lines) - 3, -1, -1):
        m = _NODE_PLACE.match(lines[i])
        if m and _CARET.match(lines[i + 2]) and not any(t.strip() for t in lines[i + 3 :]):
            return m["file"], int(m["line"])
    return None


def _webpack_place(groups: dict[str, str | None], before: Sequence[str]) -> None:
    """webpack's own place (``./src/a.js 1:0-30``) counts columns from 0, a type
    checker's under it (``./src/a.ts:3:14``, ``a.ts(3,14)``) from 1, as errlearn does;
    its ``./`` before a module's path is no part of the repository's name for it."""
    if (file := groups.get("file") or "").startswith("./"):
        groups["file"] = file[2:]
    if groups.get("wp_line") is not None:
        groups["line"], groups["col"] = groups["wp_line"], str(int(groups["wp_col"] or 0) + 1)
    else:
        groups["line"] = groups.get("ts_line") or groups.get("ts_line2")
        groups["col"] = groups.get("ts_col") or groups.get("ts_col2")


class WebpackMessage(Reader):
    """What is wrong with a module webpack names (``ERROR in ./src/a.js 1:0-30``):
    the line under it is the message (a type checker's code first, ``TS2322:
    ...``, is its code; a parser's place last, ``Unexpected token (8:6)``, is
    the place where webpack names none; under ``Module build failed (from
    ./node_modules/babel-loader/lib/index.js):``, the loader's error is the
    line after); then webpack's own lines about it (how it resolved the
    request, indented; a quoted source; "You may need an appropriate loader";
    ``@ ./src/a.js 1:0-30``, the place in webpack 4), to a blank line or the
    first line of something else (a script's next command)."""

    frames_wanted = False
    _CODED = regex(r"^(?P<code>TS\d+): (?P<msg>.+)$")
    _PARSED = regex(r"\((?P<line>\d+):(?P<col>\d+)\)$")  # a parser's place (its column from 0)
    _AT = regex(r"^\s*@ (?P<file>\S+) (?P<line>\d+):(?P<col>\d+)")
    _LOADER = regex(r"^Module build failed \(from [^)]+\):$")
    _MORE = regex(
        r"^(?:\s|[>|@]|resolve '|File was parsed |You may need |For more info|Did you mean"
        r"|BREAKING CHANGE|If you want |Module build failed|Error: )"
    )

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.said = False

    def accept(self, line: str) -> bool:
        text = line.strip()
        if not text or (self.said and not self._MORE.match(line)):
            return False
        if not self.said:
            self.said = self._LOADER.match(text) is None  # a loader's: its error is next
            m = self._CODED.match(text)
            self.err.code = m["code"] if m else self.err.code
            self.err.message = m["msg"] if m else text
            if self.err.line is None and (at := self._PARSED.search(text)) is not None:
                self.err.line, self.err.column = int(at["line"]), int(at["col"]) + 1
        elif self.err.line is None and (at := self._AT.match(line)) is not None:
            self.err.line, self.err.column = int(at["line"]), int(at["col"]) + 1
        return True


READERS = {"esbuild": EsbuildMessage, "webpack": WebpackMessage}

ORDER = 20  # where its rows stand in the table (``formats.families``)
COMMANDS = {
    **dict.fromkeys(("npm", "npx"), "npm"),
    "node": "node",
    **dict.fromkeys(("tsc", "vue-tsc"), "tsc"),
    "eslint": "eslint",
    "oxlint": "oxlint",
    "jest": "jest",
    "vitest": "vitest",
    "mocha": "mocha",
    "esbuild": "esbuild",
}
# Executable -> the subcommands that build or test (None: any use). A package manager
# also builds through a script named so (``npm run test:unit``; ``detect.commandline``).
_INSTALL_OR_BUILD = frozenset({"test", "t", "tst", "build", "ci", "install", "i", "add"})
BUILDS: dict[str, frozenset[str] | None] = {
    **dict.fromkeys(("npm", "yarn", "pnpm", "bun"), _INSTALL_OR_BUILD),
    **dict.fromkeys(("jest", "mocha", "vitest", "eslint", "oxlint", "tsc", "vue-tsc"), None),
    **dict.fromkeys(("cypress", "tap"), None),  # karma: karma.py; ava: ava.py; deno: deno.py
    "nx": frozenset({"test", "build", "lint", "run-many", "affected"}),
    "turbo": frozenset({"test", "build", "lint", "run"}),
    "lerna": frozenset(),  # none builds; its history is kept by subcommand
}
# Executable -> its options that name the folder it works in (``detect.locate``).
FOLDER_OPTIONS = dict.fromkeys(("npm", "yarn", "pnpm", "bun"), ("--prefix", "--cwd", "--dir", "-C"))

ROWS = (
    Format(  # Angular's compiler too: a template's errors, after "ERROR in " (ng 8 to 11)
        "tsc-pretty",
        rf"^{_NG_BEFORE}(?P<file>{_JS}|[^\s:(]+\.html):(?P<line>\d+):(?P<col>\d+) - "
        r"(?P<sev>error|warning) (?P<code>(?:TS|NG)\d+): (?P<msg>.+)$",
        tool="tsc",
        block="tsframe",
        rank=2,
        examples=(
            "src/a.ts:3:7 - error TS2322: Type 'string' is not assignable to type 'num'.",
            "ERROR in src/app/a.component.ts:3:7 - error TS2339: Property 'x' does not exist",
            "Error: src/app/a.component.html:2:5 - error NG8001: 'app-b' is not a known element:",
        ),
    ),
    Format(
        "tsc",
        rf"^{_NG_BEFORE}(?P<file>{_JS})\((?P<line>\d+),(?P<col>\d+)\): (?P<sev>error|warning) "
        r"(?P<code>TS\d+): (?P<msg>.+)$",
        tool="tsc",
        rank=2,
        examples=(
            "src/a.ts(3,7): error TS2322: Type 'string' is not assignable to type 'num'.",
            "ERROR in src/app/a.component.ts(3,7): error TS2339: Property 'x' does not exist",
        ),
    ),
    Format(  # Next.js's build: tsc's message, its place on the line above
        "next-type-error",
        r"^Type error: (?P<msg>.+)$",
        tool="tsc",
        category="type",
        rank=2,
        fixup=_place_above,
        examples=("Type error: Type 'string' is not assignable to type 'number'.",),
    ),
    Format(  # esbuild's (and Vite's, through it): its place and code frame below
        "esbuild-message",
        r"^✘ \[ERROR\] (?P<msg>.+)$",
        tool="esbuild",
        block="esbuild",
        rank=2,
        words=("[error]",),
        examples=('✘ [ERROR] Could not resolve "lodash"',),
    ),
    Format(
        "tsc-summary",
        r"^Found \d+ errors?(?: in (?:\d+ files|the same file))?\.?",
        tool="tsc",
        role="consequence",
        rank=0,
        examples=("Found 2 errors in the same file, starting at: src/a.ts:3",),
    ),
    Format(
        "eslint-stylish",
        r"^\s+(?P<line>\d+):(?P<col>\d+)\s+(?P<sev>error|warning)\s+(?P<msg>.+?)"
        r"(?:\s{2,}(?P<code>[\w@/-]+))?\s*$",
        tool="eslint",
        rank=2,
        examples=("  3:10  error  'x' is not defined  no-undef",),
        fixup=_ESLINT_FILE,
    ),
    Format(
        "eslint-compact",
        r"^(?P<file>[^:]+)" + _ESLINT_AT + r"(?P<msg>.+?)(?: \((?P<code>[\w@/-]+)\))?$",
        seek=_ESLINT_AT,
        tool="eslint",
        rank=2,
        examples=("/src/a.js: line 3, col 10, Error - 'x' is not defined. (no-undef)",),
    ),
    Format(
        "eslint-summary",
        r"^\s*(?:✖|×) \d+ problems? \([1-9]\d* errors?, \d+ warnings?\)",
        tool="eslint",
        role="consequence",
        rank=0,
        examples=("✖ 2 problems (2 errors, 0 warnings)",),
    ),
    Format(  # of warnings alone: no failure, unless --max-warnings says so (below)
        "eslint-summary-warnings",
        r"^\s*(?:✖|×) \d+ problems? \(0 errors, \d+ warnings?\)",
        tool="eslint",
        role="ignore",
        examples=("✖ 7 problems (0 errors, 7 warnings)",),
    ),
    Format(  # --max-warnings: the warnings above failed the run
        "eslint-max-warnings",
        r"^(?P<msg>ESLint found too many warnings \(maximum: \d+\)\.?)\s*$",
        tool="eslint",
        role="strict",
        rank=0,
        examples=("ESLint found too many warnings (maximum: 0).",),
    ),
    Format(
        "jest-failure",
        r"^\s*● (?P<test>(?!Console\b).+?)\s*$",
        tool="jest",
        block="jest",
        rank=3,
        examples=("  ● Math › adds two numbers",),
    ),
    Format(
        "jest-suite",
        rf"^\s*FAIL\s+(?P<file>{_JS})(?:\s+\(.*\))?\s*$",
        tool="jest",
        role="ignore",
        examples=("FAIL src/a.test.js (5.2 s)",),
    ),
    Format(
        "jest-summary",
        r"^(?:Test Suites|Tests|Snapshots):\s+\d+ failed",
        tool="jest",
        role="consequence",
        rank=0,
        examples=("Tests:       1 failed, 3 passed, 4 total",),
    ),
    Format(  # a test's failure; a file that failed whole names itself in brackets
        "vitest-failure",
        r"^\s*(?:FAIL|×|✕)\s+(?:\|[^|]+\| )?(?:(?P<test>\S+\.(?:test|spec)\.[cm]?[jt]sx? > .+?)"
        r"|(?P<file>\S+\.(?:test|spec)\.[cm]?[jt]sx?) \[ \S+ \])\s*$",
        tool="vitest",
        block="vitest",
        rank=3,
        examples=(
            " FAIL  src/a.test.ts > math > adds",
            " FAIL  |unit| src/cart.test.js > cart > sums prices",
            " FAIL  src/cart.test.js [ src/cart.test.js ]",
        ),
    ),
    Format(  # vitest's list of a file's tests before its failures: each failure follows in full
        "vitest-test-line",
        r"^\s{3,}× (?P<test>\S.*?)(?: \d+(?:\.\d+)?m?s)?$",
        tool="vitest",
        role="ignore",
        examples=("     × sums prices 6ms", "   × basic > snapshot"),
    ),
    Format(  # node --test's spec reporter (at a terminal): the failing tests listed again
        "node-test-summary",
        r"^✖ failing tests:$",
        tool="node",
        role="consequence",
        block="swallow",
        rank=0,
        examples=("✖ failing tests:",),
    ),
    Format(  # node --test's spec reporter: the error's lines and frames are indented under it
        "node-test-spec",
        r"^\s*✖ (?P<test>.+?) \(\d[\d.]*m?s\)$",
        tool="node",
        block="nodespec",
        rank=3,
        examples=("✖ adds numbers (8.414611ms)", "  ✖ nested (0.2ms)"),
    ),
    Format(  # TAP, as node --test prints it in a pipe (also tape, node-tap); TODO/SKIP pass
        "tap-not-ok",
        r"^\s*not ok \d+\b(?!.*#\s*(?i:todo|skip)\b)(?:\s+-)?\s*(?P<test>[^#]*?)\s*(?:#.*)?$",
        block="tap",
        rank=3,
        examples=(
            "not ok 1 - adds numbers",
            "    not ok 2 - nested # time=3ms",
            "not ok 6 no errors",
        ),  # tape leaves the dash out
    ),
    Format(
        "mocha-test",
        r"^\s*\d+\) (?P<test>\S.*?):?\s*$",
        tool="mocha",
        block="mocha",
        rank=3,
        examples=("  1) Array #indexOf() should return -1:",),
    ),
    Format(
        "mocha-failure",
        # one space: testify's "Error:" field, its value aligned by a run of them, is Go's
        r"^\s+(?P<msg>(?:[A-Z]\w*)?Error\b(?: \[\w+\])?: \S.*)$",
        tool="mocha",
        block="stack",
        rank=2,
        examples=("     AssertionError [ERR_ASSERTION]: 1 == 2",),
    ),
    Format(  # webpack 4 and 5: a module that failed, its place if webpack knows it
        "webpack-module",
        r"^(?P<sev>ERROR|WARNING) in (?P<file>(?:\(webpack\)/|\.{0,2}/?)[^\s(:]+\.\w+)"
        r"(?: (?P<wp_line>\d+):(?P<wp_col>\d+)(?:-\d+)?|:(?P<ts_line>\d+):(?P<ts_col>\d+)"
        r"|\((?P<ts_line2>\d+),(?P<ts_col2>\d+)\))?\s*$",
        tool="webpack",
        block="webpack",
        fixup=_webpack_place,
        rank=2,
        examples=(
            "ERROR in ./src/index.js 1:0-30",
            "ERROR in ./src/app.ts:3:14",
            "WARNING in ./src/legacy.js",
            "ERROR in (webpack)/lib/node/NodeTargetPlugin.js",  # webpack 4's own modules
        ),
    ),
    Format(
        "webpack-summary",
        r"^webpack(?: [\d.]+)? compiled with [1-9]\d* errors?",
        tool="webpack",
        role="consequence",
        rank=0,
        examples=("webpack 5.88.2 compiled with 2 errors in 112 ms",),
    ),
    Format(
        "node-uncaught",
        r"^(?:Uncaught |\[?UnhandledPromiseRejection\w*\]?:? ?)(?P<msg>.+)$",
        tool="node",
        block="stack",
        rank=2,
        examples=("Uncaught TypeError: x is not a function",),
    ),
    Format(
        "npm-lifecycle",
        r"^npm (?:ERR!|error) (?P<msg>(?:code ELIFECYCLE|errno \d|Exit status|Failed at the|"
        r"A complete log|This is probably|Make sure you|Tell the author|Test failed\.|"
        r"Lifecycle script|command failed|\s*$|code \d+\s*$|"
        r"(?:@[\w.-]+/)?[\w.-]+@\S+ [\w:.-]+: `).*)$",  # npm 2 to 6: "x@1.0.0 install: `cmd`"
        tool="npm",
        block="npm",
        role="consequence",
        rank=0,
        examples=(
            "npm ERR! code ELIFECYCLE",
            "npm error Lifecycle script `test` failed",
            "npm error code 1",  # npm 7 on: the script's own status
            "npm ERR! bcrypt@5.0.1 install: `node-pre-gyp install --fallback-to-build`",
        ),
    ),
    Format(
        "npm-error",
        r"^npm (?:ERR!|error) (?P<msg>.+)$",
        tool="npm",
        block="npm",
        rank=2,
        examples=("npm ERR! 404 Not Found - GET https://registry.npmjs.org/nope",),
    ),
)
