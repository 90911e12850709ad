r"""JavaScript builds that wrap other tools: webpack, node-gyp, the dev servers'
"Failed to compile." (Create React App, Next.js), Storybook's, esbuild's errors
as its API throws them, and the lines npm prints about its own environment.
(The tools' own rows are node.py's; this file holds what stands around them.)

webpack names the module that failed (``ERROR in ./src/a.js 1:0-30``), or the
entry point where it found none to start from (``ERROR in main``), then says
what is wrong with it on the next line::

    ERROR in main
    Module not found: Error: Can't resolve './src' in '/app'

node-gyp ends a failed step with its name and ``error``, then the error's
stack, each line after ``gyp ERR!`` (under npm 7 and later, after ``npm
error`` too); what follows only says where it ran::

    gyp ERR! build error
    gyp ERR! stack Error: `make` failed with exit code: 2
    gyp ERR! stack at ChildProcess.<anonymous> (/app/node_modules/node-gyp/lib/build.js:216:23)
    gyp ERR! System Linux 6.1.0
    gyp ERR! not ok

A failed compile or make follows from the compiler's errors above it, a
failed configure from gyp's own (``gyp: name 'x' is not defined while
evaluating condition ...``); where none was read, its stack says why.

Create React App's and Next.js's dev servers and builds print ``Failed to
compile.``, then the module's path (Next.js: with its line and column), then
what is wrong with it, the code frame under it::

    Failed to compile.

    ./src/components/Cart.js
    Module not found: Can't resolve './Cart.css' in '/app/src/components'

ESLint's findings come the same way, one ``Line 5:7:  message  rule`` each.

Storybook (5 and 6) logs with npmlog: every line of an error after ``ERR!``,
its stack's too, under a line that only says what failed to build::

    ERR! => Failed to build the preview
    ERR! Module not found: Error: Can't resolve './store' in '/app/.storybook'
    ERR!     at /app/node_modules/webpack/lib/Compilation.js:925:10
"""

from __future__ import annotations

from collections.abc import Sequence

from ...report import Error
from ..reader import Reader, diagnosed
from . import Format, regex, said_in

ORDER = 19  # before node.py's rows: npm's own "npm ERR! ..." row would take these lines
COMMANDS = {
    **dict.fromkeys(("webpack", "webpack-cli"), "webpack"),
    **dict.fromkeys(("storybook", "start-storybook", "build-storybook"), "storybook"),
}
BUILDS: dict[str, frozenset[str] | None] = {
    **dict.fromkeys(("webpack", "webpack-cli", "build-storybook"), None),
    "storybook": frozenset({"build"}),
}

_NPM = r"(?:npm (?:ERR!|error) )?"  # npm 7 on prints a script's output after its own prefix
# The words of a failed step of node-gyp's, by the category they say.
_GYP_SAYS = (
    ("network", regex(r"network connectivity|\bE(?:NOTFOUND|CONNRESET|TIMEDOUT|CONNREFUSED)\b")),
    ("config", regex(r"find (?:Python|VS)\b|Could not find any (?:Python|Visual Studio)")),
)
# A dev server's words for a module it cannot find (webpack's, without its "Error: ").
_COMPILE_SAYS = (("dependency", regex(r"^Module not found: |^Can't resolve '")),)
# Storybook's words for a module it cannot load.
_STORYBOOK_SAYS = (("dependency", regex(r"Module not found: |Cannot find module '")),)


class GypError(Reader):
    """The ``gyp ERR!`` lines after a failed step's: the first of its stack
    (``stack Error: `make` failed with exit code: 2``) is the message, and
    the lines about where it ran are no more of it."""

    frames_wanted = False
    _LINE = regex(rf"^{_NPM}gyp ERR! (?P<body>.*)$")
    _STACK = regex(r"^stack (?P<msg>\S.*)$")
    _FRAME = regex(r"^stack\s+at ")

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.said: list[str] = []

    def accept(self, line: str) -> bool:
        if (m := self._LINE.match(line)) is None:
            return False
        body = m["body"].strip()
        said = self._STACK.match(body)
        if said is not None and not self._FRAME.match(body) and len(self.said) < 3:
            self.said.append(said["msg"].removeprefix("Error: "))  # of more lines: three
        return True

    def finish(self) -> None:
        if self.said:
            self.err.message = " ".join(self.said)

    def category(self) -> str | None:
        return said_in(_GYP_SAYS, self.err.message) or "build"


class NpmEnvironment(Reader):
    """npm's report of where it ran (``Linux 4.13.0``, ``argv "node" ...``,
    ``node v4.2.6``, ``cwd /app``), and the help it offers: no error, whatever
    its prefix says; the error is on a line of its own, before or after."""

    frames_wanted = False
    _MORE = regex(
        r"^npm (?:ERR!|error) (?:argv |node v\d|npm +v\d|node -v |npm -v |command |cwd |"
        r"code ELIFECYCLE$|errno \d|    <https?://|    \S+npm-debug\.log$|\s*$)"
    )

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.valid = False

    def accept(self, line: str) -> bool:
        return self._MORE.match(line) is not None


class FailedToCompile(Reader):
    """What a dev server's ``Failed to compile.`` says: the module's path
    (``./src/App.js``, ``./src/App.tsx:4:0``), the message under it (ESLint's
    ``Line 5:7:  'x' is not defined  no-undef``, its rule the code), then the
    code frame, the other modules' findings and the links to the docs. Where
    the line under it is another tool's own error (tsc's, webpack's), that
    row reads it, and this header was no error of its own."""

    frames_wanted = False
    _PLACE = regex(r"^\.?/?(?P<file>[^\s:()]+\.\w+)(?::(?P<line>\d+):(?P<col>\d+))?$")
    _ESLINT = regex(
        r"^Line (?P<line>\d+)(?::(?P<col>\d+))?:\s+(?P<msg>.+?)(?:\s{2,}(?P<code>[\w@/-]+))?$"
    )
    _AT = regex(r"\((?P<line>\d+):(?P<col>\d+)\)$")  # a parser's place after its message
    _MORE = regex(
        r"^(?:\s|>|\||\.?/?[^\s:()]+\.\w+(?::\d+:\d+)?$|Search for the keywords|"
        r"Import trace for|https?://|\[eslint\])"
    )

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.said = False

    def accept(self, line: str) -> bool:
        text = line.strip()
        if not text:
            return self.blanks < 2
        if text == "[eslint]":  # Create React App 5's tag before ESLint's findings
            return True
        if not self.said:
            if diagnosed(line):
                self.valid = False  # another tool's own error: its row reads it
                return False
            if self.err.file is None and (m := self._PLACE.match(text)) is not None:
                self.err.file = m["file"]
                self.err.line = int(m["line"]) if m["line"] else None
                self.err.column = int(m["col"] or 0) or None  # Next.js's 0: no column
                return True
            self._say(text)
            return True
        return self._MORE.match(line) is not None and not diagnosed(line)

    def _say(self, text: str) -> None:
        self.said = True
        if (m := self._ESLINT.match(text)) is not None:
            self.err.message, self.err.code = m["msg"], m["code"]
            self.err.line, self.err.column = int(m["line"]), int(m["col"] or 0) or None
            return
        self.err.message = text
        if self.err.line is None and (at := self._AT.search(text)) is not None:
            self.err.line, self.err.column = int(at["line"]), int(at["col"]) + 1

    def category(self) -> str | None:
        return said_in(_COMPILE_SAYS, self.err.message) or self.said_else("build")


class StorybookError(Reader):
    """The ``ERR!`` lines under the first of a Storybook error's: the same error
    again by its class's name, a require stack, the stack's frames."""

    frames_wanted = False

    def accept(self, line: str) -> bool:
        return line.startswith("ERR! ")

    def category(self) -> str | None:
        return said_in(_STORYBOOK_SAYS, self.err.message)


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


READERS = {
    "gyp": GypError,
    "npmenv": NpmEnvironment,
    "failedtocompile": FailedToCompile,
    "webpack": WebpackMessage,
    "storybook": StorybookError,
}

ROWS = (
    Format(  # gyp's own error, in the files it reads: a failed configure follows from it
        "gyp-error",
        rf"^{_NPM}gyp: (?P<msg>\S.*)$",
        tool="node-gyp",
        category="build",
        rank=2,
        words=("gyp: ",),
        examples=(
            "gyp: Undefined variable module_name in binding.gyp while trying to load binding.gyp",
        ),
    ),
    Format(  # a failed step of node-gyp's: the errors above say why, else its stack
        "node-gyp-failed",
        rf"^{_NPM}gyp ERR! (?P<msg>(?:configure|build|rebuild|install|clean|find \w+) error)\s*$",
        tool="node-gyp",
        role="count",
        block="gyp",
        rank=1,
        words=("gyp err!",),
        examples=(
            "gyp ERR! build error ",
            "npm error gyp ERR! configure error",
            "npm ERR! gyp ERR! find Python error",
        ),
    ),
    Format(  # where it ran and its versions, the last of them "not ok": no error's
        "node-gyp-report",
        rf"^{_NPM}gyp ERR! (?:stack|System|command|cwd|node -v|node-gyp -v|not ok)\b",
        tool="node-gyp",
        role="ignore",
        words=("gyp err!",),
        examples=("gyp ERR! not ok ", "npm error gyp ERR! cwd /app/node_modules/bcrypt"),
    ),
    Format(  # npm 2 to 6: the OS it ran on, first; then its arguments and versions
        "npm-environment",
        r"^npm ERR! (?:(?:System )?(?:Linux|Darwin|Windows_NT|SunOS|FreeBSD|OpenBSD|AIX) \d\S*"
        r"|argv \".*|If you need help, you may report this error at:|"
        r"Please include the following file with any support request:)\s*$",
        tool="npm",
        block="npmenv",
        rank=0,
        words=("npm err!",),
        examples=(
            "npm ERR! Linux 4.13.0-45-generic",
            "npm ERR! System Windows_NT 10.0.19045",
            "npm ERR! If you need help, you may report this error at:",
        ),
    ),
    Format(  # Create React App's and Next.js's: the module and its error under it
        "failed-to-compile",
        r"^(?P<msg>Failed to compile)\.?\s*$",
        block="failedtocompile",
        rank=2,
        words=("failed to compile",),
        examples=("Failed to compile.", "Failed to compile"),
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
    Format(  # webpack 5: an entry point (or a chunk) by its name, what is wrong on the next line
        "webpack-entry",
        r"^(?P<sev>ERROR|WARNING) in (?P<msg>[\w~-]+)\s*$",
        tool="webpack",
        block="webpack",
        rank=2,
        examples=("ERROR in main", "WARNING in configuration"),
    ),
    Format(  # webpack 4: an entry point it could not resolve, said on the line itself
        "webpack-not-found",
        r"^ERROR in (?P<msg>(?:Entry module not found|Module not found): .+)$",
        tool="webpack",
        category="dependency",
        rank=2,
        examples=("ERROR in Entry module not found: Error: Can't resolve './src' in '/app'",),
    ),
    Format(  # Storybook's: the error follows on the next ERR! line
        "storybook-failed",
        r"^ERR! (?:=> )?Failed to build the (?:storybook|preview|manager)\s*$",
        tool="storybook",
        role="ignore",
        words=("err! ",),
        examples=("ERR! => Failed to build the preview", "ERR! Failed to build the storybook"),
    ),
    Format(  # Storybook's (npmlog's) error: its stack and details after "ERR!" too
        "storybook-error",
        r"^ERR! (?P<msg>\S.*)$",
        tool="storybook",
        block="storybook",
        rank=2,
        words=("err! ",),
        examples=("ERR! Error: Cannot find module '../webpack.config.js'",),
    ),
    Format(  # esbuild's API: its error thrown, each message after it on a line of its own
        "esbuild-build-failed",
        r"^(?:\w*Error: |error: )(?:Build|Transform) failed with \d+ errors?:\s*$",
        tool="esbuild",
        role="ignore",
        words=("build failed", "transform failed"),
        examples=(
            "Error: Build failed with 1 error:",
            "error: Build failed with 2 errors:",
            "Error: Transform failed with 3 errors:",
        ),
    ),
    Format(  # ... each of them so: its place, "ERROR:", the plugin that said it
        "esbuild-flat-message",
        # (a module's, or its input's, "<stdin>": meson's "meson.build:5:0: ERROR: ..." is
        # meson's own; before 0.10 esbuild said "error:", as a C compiler does of its sources)
        r"^(?P<file>[^\s:]+\.(?:[cm]?[jt]sx?|css|json|vue|svelte|html)|<stdin>):(?P<line>\d+):"
        r"(?P<col>\d+): (?:ERROR|error): (?:\[plugin:? [^\]]+\] )?"
        r"(?P<msg>\S.*)$",
        seek=r": (?:ERROR|error): ",
        tool="esbuild",
        rank=2,
        examples=(
            'src/app.ts:3:18: ERROR: Could not resolve "left-pad"',
            '<stdin>:1:20: ERROR: The symbol "a" has already been declared',
            "assets/index.4f2a.js:17:8: error: Transforming destructuring to the configured target"
            " environment is not supported yet",
        ),
    ),
)
