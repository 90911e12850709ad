r"""Gatsby (2.20 and later): its structured errors, each under a heading with
the error's number and the part of Gatsby that raised it.

Under the heading come paragraphs, a blank line between them: the first says
what Gatsby was doing ("Generating JavaScript bundles failed", "There was an
error in your GraphQL query:"), the next the error itself (a file's path
first where a compiler gave one; under a minimiser's "styles.css from Css
Minimizer", on the line after it), then its source or stack, and last the
file it is in::

     ERROR #98123  WEBPACK

    Generating JavaScript bundles failed

    /app/src/components/hero.js: Unexpected token (10:9)

       9 | const Hero = () => {
    > 10 |   return <div className="hero">
         |          ^

    File: src/components/hero.js:10:9

The ``failed Building production JavaScript and CSS bundles`` line above it
only says which step it ended.
"""

from __future__ import annotations

from ...report import Error
from ..reader import Reader
from . import Format, regex

ORDER = 19  # before node.py's rows, which read an indented stack's lines as Node's
COMMANDS = {"gatsby": "gatsby"}
BUILDS: dict[str, frozenset[str] | None] = {"gatsby": frozenset({"build"})}


class GatsbyError(Reader):
    """A structured error's paragraphs, to its ``File:`` line (or the next
    error's heading, or a line of Gatsby's own progress): the second paragraph
    is the message (the first where there is no other), the ``File:`` line
    the place."""

    frames_wanted = False
    _FILE = regex(r"^File: (?P<file>\S.*?)(?::(?P<line>\d+)(?::(?P<col>\d+))?)?\s*$")
    _END = regex(r"^\s*(?:ERROR #\d+|(?:success|failed|info|warn|error|not finished) \S)")
    _FROM = regex(r"^\S+ from [A-Z][\w ]+$")  # an asset, and the plugin that said the error
    _PATH = regex(
        r"^(?P<file>/\S+?|[A-Za-z]:\\\S+?):(?:(?P<line>\d+):(?P<col>\d+):)? (?P<msg>\S.*)$"
    )

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.paragraphs: list[list[str]] = []
        self.done = False

    def accept(self, line: str) -> bool:
        text = line.strip()
        if self.done or self._END.match(line):
            return False
        if not text:
            return self.blanks < 1
        if (m := self._FILE.match(text)) is not None:
            self.err.file = m["file"]
            if m["line"]:
                self.err.line, self.err.column = int(m["line"]), int(m["col"] or 0) or None
            self.done = True
            return True
        if self.blanks or not self.paragraphs:
            self.paragraphs.append([])
        self.paragraphs[-1].append(text)
        return True

    def finish(self) -> None:
        if not self.paragraphs:
            return
        said = self.paragraphs[1] if len(self.paragraphs) > 1 else self.paragraphs[0]
        message = said[1] if self._FROM.match(said[0]) and len(said) > 1 else said[0]
        if (m := self._PATH.match(message)) is not None:  # a compiler's: the file first
            message = m["msg"]
            if self.err.file is None:
                self.err.file = m["file"]
                self.err.line = int(m["line"]) if m["line"] else None
                self.err.column = int(m["col"]) if m["col"] else None
        self.err.message = message

    def category(self) -> str | None:
        return self.said_else("build")


READERS = {"gatsby": GatsbyError}

ROWS = (
    Format(  # its heading: the error's number, and the part of Gatsby that raised it
        "gatsby-error",
        r"^\s*ERROR #(?P<code>\d{4,6})\s+(?P<msg>[A-Z][\w.-]*)\s*$",
        tool="gatsby",
        block="gatsby",
        rank=2,
        examples=(
            " ERROR #98123  WEBPACK",
            "ERROR #85901  GRAPHQL",
            " ERROR #98123  WEBPACK.BUILD-JAVASCRIPT",
        ),
    ),
)
