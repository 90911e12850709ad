"""The Metro bundler's own errors (``react-native start`` / ``bundle``, the
bundling step of ``run-android`` / ``run-ios`` and of Gradle's
``createBundleReleaseJsAndAssets``, Expo's CLI): an import it could not
follow, in one line whose shape is its version's and its CLI's::

    error: bundling failed: Error: Unable to resolve module `./Foo` from `/app/App.js`: ...
    error: Error: Unable to resolve module ./Foo from /app/src/App.js: ./Foo could not ...
    Unable to resolve "./Foo" from "src/App.tsx"
    error: Error: While resolving module `pkg/lib/x`, the Haste package `pkg` was found. ...

and a file its Babel transform could not parse, in Babel's words
(``SyntaxError: /app/src/App.js: Unexpected token (12:5)``, the place at its
end). Under both the newer versions print a code frame of the file (``> 12 |
import Foo from './Foo';``, a caret under the place): its marked line is the
error's line, the caret its column. A list of where it looked (``None of these
files exist:``, indented paths) may stand between. Babel prints its syntax
error so under other bundlers too: the row names no tool, the command's does.
"""

from __future__ import annotations

from ...report import Error
from ..reader import Reader
from . import Format, regex

ORDER = 8  # before rust.py's bare "error:" row and node.py's exception line

COMMANDS = {"metro": "metro"}


class MetroFrame(Reader):
    """The code frame under Metro's error: the file's lines (``  2 | ...``), the
    one marked ``>`` the error's line (the import it could not follow, the
    token Babel could not parse), the caret under it its column; a list of the
    folders it looked in (indented) may come first. Babel's message ends with
    the place too (``Unexpected token (12:5)``), for a frame that was not kept."""

    frames_wanted = False
    _QUOTED = regex(r"^\s*(?P<mark>>)?\s*(?P<n>\d+)? \|")
    _CARET = regex(r"^\s*\| *\^")
    _PLACE = regex(r" \((?P<line>\d+):(?P<col>\d+)\)$")

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.code_at: int | None = None  # where the marked line's code starts

    def accept(self, line: str) -> bool:
        if not line.strip():  # newer Metro: a blank line, then where it looked
            return self.err.line is None and self.count < 2
        if line.startswith("None of these files exist"):
            return True
        if (m := self._QUOTED.match(line)) is not None:
            if m["mark"] and m["n"] and self.err.line is None:
                self.err.line = int(m["n"])
                self.code_at = m.end() + 1
            elif self._CARET.match(line) and self.code_at is not None and self.err.column is None:
                self.err.column = line.index("^") - self.code_at + 1
            return True
        return line[:1].isspace() and self.count < 8  # the folders it looked in

    def category(self) -> str | None:
        return "syntax" if self.err.message.startswith("SyntaxError") else "dependency"

    def finish(self) -> None:
        if self.err.line is None and (m := self._PLACE.search(self.err.message)) is not None:
            self.err.line, self.err.column = int(m["line"]), int(m["col"])


READERS = {"metroframe": MetroFrame}

ROWS = (
    Format(  # an import Metro could not follow, or a file its Babel transform could not
        # parse: the file, then its code frame
        "metro-error",
        r"^(?:error:? )?(?:\[?Error: (?:undefined )?)?(?:bundling failed: (?:Error: )?)?"
        r"(?P<msg>(?:Unable to resolve (?:module )?[`\"']?[^`\"'\s]+[`\"']? from |SyntaxError: )"
        r"[`\"']?(?P<file>[^`\"'\s][^`\"']*?\.[A-Za-z]\w*)[`\"']?(?:: .*|:)?|"
        r"While resolving module `[^`]+`, the Haste package `[^`]+` was found\. .+)\s*$",
        block="metroframe",
        rank=2,
        words=("Unable to resolve",),  # Expo's shape says no "error"
        examples=(
            "error: bundling failed: Error: Unable to resolve module `./Calc` from "
            "`/home/user/app/App.js`: The module `./Calc` could not be found from "
            "`/home/user/app/App.js`. Indeed, none of these files exist:",
            "error: Error: Unable to resolve module ./Calc from /home/user/app/src/App.js: "
            "./Calc could not be found within the project or in these directories:",
            'Unable to resolve "./Calc" from "src/App.tsx"',
            "error: Error: While resolving module `calc/lib/add`, the Haste package `calc` was "
            "found. However the module `lib/add` could not be found within the package.",
            "error SyntaxError: /home/user/app/src/App.js: Unexpected token (12:5)",
        ),
    ),
)
