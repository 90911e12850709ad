r"""webpack's errors, as webpack prints them and as the tools built on it do:
Vue CLI's and Nuxt 2's printer (friendly-errors-webpack-plugin),
postcss-loader's, Storybook's.

webpack names the module that failed (``ERROR in ./src/a.js 1:0-30``; the
loaders that read it in brackets after it where one failed), or the entry
point where it found none to start from (``ERROR in main``), then says what
is wrong with it on the next line; under a loader's ``Module build failed
(from ./node_modules/sass-loader/dist/cjs.js):`` the loader's own error
follows, Sass's with its place last (``src/a.scss 4:10  root stylesheet``)::

    ERROR in ./src/a.scss (./node_modules/css-loader/dist/cjs.js!./src/a.scss)
    Module build failed (from ./node_modules/sass-loader/dist/cjs.js):
    SassError: Undefined variable.
      ╷
    4 │   width: $sidebar-width;
      │          ^^^^^^^^^^^^^^
      ╵
      src/a.scss 4:10  root stylesheet

node-sass (before Dart Sass) quotes the line first, the message under the
caret, then ``in /app/src/a.scss (line 4, column 10)``.

friendly-errors-webpack-plugin (Vue CLI 3 to 5, Nuxt 2) counts the errors
first (`` ERROR  Failed to compile with 2 errors``), then prints each under
`` error  in ./src/a.js`` and a blank line; modules it could not resolve it
lists under one heading::

    These relative modules were not found:

    * ./env in ./build/config.js

postcss-loader puts the place first, then the style sheet and the message
(``(56:5) /app/src/a.css The `x` class does not exist. ...``), the source
it quotes under it.

Storybook (5 and 6) logs with npmlog: every line of an error after ``ERR!``,
its stack's too, under a line that only says what failed to build::

    ERR! => Failed to build the preview
    ERR! Module not found: Error: Can't resolve './store' in '/app/.storybook'
    ERR!     at /app/node_modules/webpack/lib/Compilation.js:925:10
"""

from __future__ import annotations

from collections.abc import Sequence

from ...report import Error
from ..reader import Reader
from . import Format, regex, said_in

ORDER = 19  # before node.py's rows (its stack rows would take a loader's "SassError: ...")
COMMANDS = {
    **dict.fromkeys(("webpack", "webpack-cli", "webpack-dev-server"), "webpack"),
    **dict.fromkeys(("storybook", "start-storybook", "build-storybook"), "storybook"),
}
BUILDS: dict[str, frozenset[str] | None] = {
    **dict.fromkeys(("webpack", "webpack-cli", "build-storybook"), None),
    "storybook": frozenset({"build"}),
}

# Storybook's words for a module it cannot load.
_STORYBOOK_SAYS = (("dependency", regex(r"Module not found: |Cannot find module '")),)
# postcss's and its plugins' words: Tailwind's unknown class is a name it cannot resolve
_POSTCSS_SAYS = (
    ("reference", regex(r"class does not exist\.")),
    ("syntax", regex(r"^(?:Unknown word|Unclosed |Missed semicolon|Unexpected )")),
)
# A module's path, webpack's way (``./src/a.js``, ``../lib/a.js``, ``(webpack)/lib/a.js``),
# then a query a loader reads (``?vue&type=style&index=0&lang=scss``), no part of the file.
_MODULE = r"(?P<file>(?:\(webpack\)/|\.{0,2}/?)[^\s(:?]+\.\w+)(?:\?\S*)?"


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
    the line under it is the message (after a blank line where Vue CLI prints
    it; a type checker's code first, ``TS2322: ...``, is its code; a parser's
    place last, ``Unexpected token (8:6)``, is the place where webpack names
    none; under ``Module build failed (from ./node_modules/x-loader/index.js):``,
    the loader's error is the line after); then webpack's own lines about it
    (how it resolved the request, indented; a quoted source; "You may need an
    appropriate loader"; ``@ ./src/a.js 1:0-30``, the place in webpack 4), to a
    blank line or the first line of something else (a script's next command).
    Sass's place (``src/a.scss 4:10  root stylesheet``, node-sass's ``in
    /app/src/a.scss (line 4, column 10)``) is the error's: the style sheet's line."""

    frames_wanted = False
    _CODED = regex(r"^(?P<code>TS\d+): (?P<msg>.+)$")
    _PARSED = regex(r"\((?P<line>\d+):(?P<col>\d+)\)$")  # a parser's place (its column from 0)
    _AT = regex(r"^\s*@ (?P<file>\S+) (?P<line>\d+):(?P<col>\d+)")
    _LOADER = regex(r"^(?:ModuleBuildError: )?Module build failed \(from [^)]+\):$")
    _MORE = regex(
        r"^(?:\s|[>|@]|\d+ │|resolve '|File was parsed |You may need |For more info|Did you mean"
        r"|BREAKING CHANGE|If you want |Module build failed|ModuleBuildError: |Error: )"
    )
    _CARET = regex(r"^\s*\^+\s*$")  # node-sass's, under the line it quotes: its message next
    # Dart Sass's frames, innermost first; node-sass's place under its message
    _SASS_AT = regex(
        r"^\s+(?P<file>\S+\.(?:s[ac]ss|css|less|vue|svelte)) (?P<line>\d+):(?P<col>\d+)  \S"
    )
    _SASS_IN = regex(r"^\s+in (?P<file>\S.*?) \(line (?P<line>\d+), column (?P<col>\d+)\)$")

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.said = False
        self.quoted = False  # node-sass's caret: its message is the next line
        self.sass = False  # a style sheet's place read: the innermost wins

    def accept(self, line: str) -> bool:
        text = line.strip()
        if not self.said:
            if not text:
                return self.blanks < 1  # Vue CLI's, and a loader's, before the message
            self.said = self._LOADER.match(text) is None  # a loader's: its error is next
            m = self._CODED.match(text)
            self.err.code = m["code"] if m else self.err.code
            self.err.message = m["msg"] if m else text
            if self.err.line is None and (at := self._PARSED.search(text)) is not None:
                self.err.line, self.err.column = int(at["line"]), int(at["col"]) + 1
            return True
        if not text or not self._MORE.match(line):
            return False
        if self.quoted:
            self.err.message, self.quoted = text, False
        elif self._CARET.match(line):
            self.quoted = True
        elif not self.sass and (m := self._SASS_AT.match(line) or self._SASS_IN.match(line)):
            self.err.file, self.sass = m["file"], True
            self.err.line, self.err.column = int(m["line"]), int(m["col"])
        elif self.err.line is None and (at := self._AT.match(line)) is not None:
            self.err.line, self.err.column = int(at["line"]), int(at["col"]) + 1
        return True


def _not_found(groups: dict[str, str | None], before: Sequence[str]) -> None:
    """friendly-errors' ``* ./env in ./build/config.js``: the request it could not
    resolve, in the module (the first, of several) that imports it."""
    groups["msg"] = f"Module not found: Can't resolve '{groups['request']}'"
    groups["file"] = (groups.get("file") or "").removeprefix("./")


class PostcssSource(Reader):
    """The source postcss-loader quotes under its error (``> 56 |   @apply x;``,
    the caret under it) and webpack's ``@ ./src/index.js`` lines after it."""

    frames_wanted = False
    _MORE = regex(r"^\s*(?:>?\s*\d*\s*\||@ )")

    def accept(self, line: str) -> bool:
        return (not line.strip() and self.blanks < 1) or self._MORE.match(line) is not None

    def category(self) -> str | None:
        return said_in(_POSTCSS_SAYS, self.err.message) or self.said_else("build")


READERS = {"webpack": WebpackMessage, "storybook": StorybookError, "postcss": PostcssSource}

ROWS = (
    Format(  # webpack 4 and 5: a module that failed, its place if webpack knows it
        "webpack-module",
        rf"^(?P<sev>ERROR|WARNING) in {_MODULE}"
        r"(?: (?P<wp_line>\d+):(?P<wp_col>\d+)(?:-\d+)?|:(?P<ts_line>\d+):(?P<ts_col>\d+)"
        r"|\((?P<ts_line2>\d+),(?P<ts_col2>\d+)\))?(?: \(\S*!\S*\))?\s*$",  # the loaders
        tool="webpack",
        block="webpack",
        fixup=_webpack_place,
        rank=2,
        examples=(
            "ERROR in ./src/index.js 1:0-30",
            "ERROR in ./src/app.ts:3:14",
            "WARNING in ./src/legacy.js",
            "ERROR in (webpack)/lib/node/NodeTargetPlugin.js",  # webpack 4's own modules
            "ERROR in ./src/a.scss (./node_modules/css-loader/dist/cjs.js!./node_modules/"
            "sass-loader/dist/cjs.js!./src/a.scss)",
            "ERROR in ./src/App.vue?vue&type=script&lang=ts",
        ),
    ),
    Format(  # friendly-errors (Vue CLI, Nuxt 2): the module, a blank line, its error
        "friendly-errors-module",
        rf"^\s*(?P<sev>error|warning)  in {_MODULE}\s*$",
        tool="webpack",
        block="webpack",
        fixup=_webpack_place,
        rank=2,
        examples=(
            " error  in ./src/styles/index.scss",
            " error  in ./src/views/404.vue?vue&type=style&index=0&lang=scss&scoped=true&",
            " warning  in ./src/main.js",
        ),
    ),
    Format(  # friendly-errors' count, above the errors it counts
        "friendly-errors-count",
        r"^\s*ERROR  Failed to compile with \d+ errors?",
        tool="webpack",
        role="ignore",
        examples=(" ERROR  Failed to compile with 2 errors                      4:34:35 PM",),
    ),
    Format(  # ... the heading of the modules it could not resolve: each on a line below
        "friendly-errors-not-found-heading",
        r"^\s*(?:These|This) (?:relative )?(?:modules? were|modules? was|dependenc(?:y|ies) "
        r"(?:was|were)) not found:\s*$",
        tool="webpack",
        role="ignore",
        examples=(
            "These relative modules were not found:",
            "This dependency was not found:",
        ),
    ),
    Format(  # ... each of them, in the module (or modules) that import it
        "friendly-errors-not-found",
        r"^\s*\* (?P<request>\S+) in (?P<file>\.{0,2}/[^\s,?]+\.\w+)(?:\?\S*)?(?:, \S+)*\s*$",
        tool="webpack",
        category="dependency",
        fixup=_not_found,
        rank=2,
        examples=("* ../../build/env in ./src/libs/util.js", "* vue in ./src/main.js, ./src/a.js"),
    ),
    Format(  # a loader's failure where webpack's module line is not above it (cut, or wrapped)
        "webpack-build-failed",
        r"^(?:ModuleBuildError: )?(?P<msg>Module build failed \(from [^)]+\):)\s*$",
        tool="webpack",
        block="webpack",
        rank=1,
        examples=("Module build failed (from ./node_modules/sass-loader/dist/cjs.js):",),
    ),
    Format(  # postcss-loader's: the place, the style sheet, the message (Tailwind's)
        "postcss-loader",
        r"^\((?P<line>\d+):(?P<col>\d+)\) (?:(?P<code>[\w-]+): )?"
        r"(?P<file>\S+\.(?:p?css|s[ac]ss|less|styl)|<css input>) (?P<msg>\S.*)$",
        tool="postcss",
        block="postcss",
        rank=2,
        examples=(
            "(56:5) /app/src/a.css The `flex-x` class does not exist. If `flex-x` is a custom"
            " class, make sure it is defined within a `@layer` directive.",
            "(3:1) postcss-import: /app/src/b.css Unknown word",
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
)
