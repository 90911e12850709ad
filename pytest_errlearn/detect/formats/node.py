"""JavaScript and TypeScript: node, jest, vitest, mocha, tsc, eslint and npm (yarn:
yarn.py, pnpm: pnpm.py; the package managers' subcommands and folder options are
all here). Prettier's rows are prettier.py's; Node's own coded errors
node_runtime.py's; webpack, node-gyp, the dev servers' "Failed to compile.",
Storybook's and esbuild's thrown errors js_builds.py's.

Next.js lints with ESLint's rules but a format of its own: each file's path,
then one line a problem, its severity capitalised and followed by a colon::

    ./src/app/page.tsx
    12:7  Error: 'x' is assigned a value but never used.  @typescript-eslint/no-unused-vars
"""

from __future__ import annotations

from collections.abc import Sequence

from ..reader import Reader
from . import Format, named_above, regex

# What follows the file name that starts eslint's compact lines (``seek``).
_ESLINT_AT = r": line (?P<line>\d+), col (?P<col>\d+), (?P<sev>Error|Warning) - "
# eslint's stylish format names the file once, on a line of its own above its problems;
# linters of other languages print it too (stylelint's CSS, solhint's Solidity).
_ESLINT_FILE = named_above(r"^(?P<file>(?:[A-Za-z]:)?[\w./\\@~-]+\.[A-Za-z]\w{0,9})\s*$")


_JS = r"[^\s:(]+\.(?:[cm]?[jt]sx?|vue|svelte)"
# What Angular's CLI prints before a compiler's error: "ERROR in " (8 to 11), "Error: " (12 on).
_NG_BEFORE = r"(?:ERROR in |Error: )?"
# Next.js's place of a module: its app router's folders may hold brackets and
# parentheses (a route group "(shop)", a segment "[id]"), "./" before them.
_NEXT_FILE = r"(?P<file>(?:\./)?[^\s:]+\.(?:[cm]?[jt]sx?|vue|svelte))"
_PLACE_ABOVE = regex(rf"^{_NEXT_FILE}:(?P<line>\d+):(?P<col>\d+)$")
# Next.js's lint names each file once, above its problems.
_NEXT_LINT_FILE = named_above(rf"^{_NEXT_FILE}\s*$")


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


def _angular_place(groups: dict[str, str | None], before: Sequence[str]) -> None:
    """Angular's compiler (2 to 4) names a template by its URL (``ng:///src/a.html``):
    the file is the path in it."""
    groups["file"] = _NG_URL.sub("", groups.get("file") or "")


_NG_URL = regex(r"^ng:///?(?=[A-Za-z]:/)|^ng://")


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


READERS = {"esbuild": EsbuildMessage}

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
    Format(  # Angular 2 to 4's AOT compiler: the place after a space, no code
        "ngc-aot",
        r"^ERROR in (?P<file>(?:ng://)?[^\s(]+\.(?:ts|html)) \((?P<line>\d+),(?P<col>\d+)\): "
        r"(?P<msg>\S.*)$",
        tool="tsc",
        fixup=_angular_place,
        rank=2,
        examples=(
            "ERROR in /app/src/$$_gendir/app/a.component.ngfactory.ts (12,34): Property 'url'"
            " does not exist on type '{}'.",
            "ERROR in ng:///home/user/app/src/app/b.component.html (3,5): Property 'items' does"
            " not exist on type 'B'.",
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
    Format(  # next lint, and next build's lint: the file named on a line above its problems
        "next-lint",
        r"^(?P<line>\d+):(?P<col>\d+)  (?P<sev>Error|Warning): (?P<msg>.+?)"
        r"(?:  +(?P<code>@?[\w-]+(?:/[\w-]+)*))?\s*$",
        tool="eslint",
        rank=2,
        fixup=_NEXT_LINT_FILE,
        words=("error: ", "warning: "),
        examples=(
            "12:7  Error: 'x' is assigned a value but never used.  no-unused-vars",
            "4:10  Error: 'y' is defined but never used.  @typescript-eslint/no-unused-vars",
            "3:1  Warning: Unexpected console statement.  no-console",
        ),
    ),
    Format(  # its configuration names a plugin, a shared config or a parser it cannot load
        "eslint-load-failed",
        r"^(?:Error: )?(?P<msg>(?:Failed to load (?:plugin|config|parser) |"
        r"ESLint couldn't find the (?:plugin|config) )\S.*)$",
        tool="eslint",
        category="dependency",
        rank=2,
        words=("couldn't find the",),
        examples=(
            "Error: Failed to load plugin 'react' declared in '.eslintrc.json': Cannot find module"
            " 'eslint-plugin-react'",
            'ESLint couldn\'t find the config "airbnb" to extend from. Please check that the name'
            " of the config is correct.",
        ),
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
    Format(
        "node-uncaught",
        # Node 14 and before: "(node:PID) UnhandledPromiseRejectionWarning: TypeError: ...",
        # then a line of its own on such rejections, which is none
        r"^(?:\(node:\d+\) )?(?!UnhandledPromiseRejectionWarning: Unhandled promise rejection)"
        r"(?:Uncaught |\[?UnhandledPromiseRejection\w*\]?:? ?)(?P<msg>.+)$",
        tool="node",
        block="stack",
        rank=2,
        examples=(
            "Uncaught TypeError: x is not a function",
            "(node:2592) UnhandledPromiseRejectionWarning: TypeError: x is not a function",
        ),
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
