r"""JavaScript builds that wrap other tools: node-gyp, the dev servers'
"Failed to compile." (Create React App, Next.js), esbuild's errors as its
API throws them, and the lines npm prints about its own environment. (The
tools' own rows are node.py's; webpack's are js_webpack.py's; this file holds
what stands around them.)

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

ESLint's findings come the same way, one ``Line 5:7:  message  rule`` each,
under the file they are in.
"""

from __future__ import annotations

from ...report import Error
from ..reader import Reader, diagnosed
from . import Format, regex, said_in

ORDER = 19  # before node.py's rows: npm's own "npm ERR! ..." row would take these lines

_NPM = r"(?:npm (?:ERR!|error) )?"  # npm 7 on prints a script's output after its own prefix
# The words of a failed step of node-gyp's, by the category they say.
_GYP_SAYS = (
    ("network", regex(r"network connectivity|\bE(?:NOTFOUND|CONNRESET|TIMEDOUT|CONNREFUSED)\b")),
    ("config", regex(r"find (?:Python|VS)\b|Could not find any (?:Python|Visual Studio)")),
)
# A dev server's words for a module it cannot find (webpack's, without its "Error: ").
_COMPILE_SAYS = (("dependency", regex(r"^Module not found: |^Can't resolve '")),)


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
    # a path may hold parentheses: the route groups of Next.js's app folder, app/(shop)/
    _PLACE = regex(r"^\.?/?(?P<file>[^\s:]+\.\w+)(?::(?P<line>\d+):(?P<col>\d+))?$")
    _ESLINT = regex(
        r"^Line (?P<line>\d+)(?::(?P<col>\d+))?:\s+(?P<msg>.+?)(?:\s{2,}(?P<code>[\w@/-]+))?$"
    )
    _AT = regex(r"\((?P<line>\d+):(?P<col>\d+)\)$")  # a parser's place after its message
    _MORE = regex(
        r"^(?:\s|>|\||\.?/?[^\s:]+\.\w+(?::\d+:\d+)?$|Search for the keywords|"
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


READERS = {
    "gyp": GypError,
    "npmenv": NpmEnvironment,
    "failedtocompile": FailedToCompile,
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
    Format(  # esbuild's own message where the terminal has no "✘" (Windows' console)
        "esbuild-message-plain",
        r"^X \[ERROR\] (?P<msg>\S.*)$",
        tool="esbuild",
        block="esbuild",
        rank=2,
        words=("[error]",),
        examples=('X [ERROR] No matching export in "src/a.js" for import "b"',),
    ),
    Format(  # ... and its thrown error, the messages cut short after it: they are above
        "esbuild-build-failed-listed",
        r"^(?:\w*Error: |error: )?(?P<msg>(?:Build|Transform) failed with \d+ errors?): \S",
        tool="esbuild",
        role="consequence",
        rank=0,
        words=("build failed", "transform failed"),
        examples=("Error: Build failed with 2 errors: ..", "Build failed with 1 error: a.ts:1:2"),
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
