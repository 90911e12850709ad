"""PHP_CodeSniffer's full report (phpcs's default): each file's problems under
its ``FILE:`` heading, one row each, the message wrapped at the report's
width (and the sniff's name after it, with ``-s``)::

    FILE: /app/src/Foo.php
    ----------------------------------------------------------------------
    FOUND 2 ERRORS AFFECTING 2 LINES
    ----------------------------------------------------------------------
     1 | ERROR   | [x] Header blocks must be separated by a single blank
       |         |     line (PSR12.Files.FileHeader.SpacingAfterBlock)
     8 | WARNING | Line exceeds 120 characters; contains 122 characters

A path longer than the report is wide is cut at its start (``FILE:
...ork/app/src/Foo.php``): the file is then what is left of it, from its
first whole folder on. phpcs --report=emacs is read by php.py's linter row.
"""

from __future__ import annotations

from ..reader import Reader
from . import Format, named_above, regex

ORDER = 13  # with php.py's rows
COMMANDS = {"phpcs": "phpcs", "phpcbf": "phpcs"}
BUILDS: dict[str, frozenset[str] | None] = {"phpcs": None, "phpcbf": None}


class Wrapped(Reader):
    """The rest of a row's message, on lines of blank columns under it; the
    sniff's name in brackets at its end is the error's code."""

    frames_wanted = False
    _MORE = regex(r"^ +\| +\| +(?P<text>\S.*?)\s*$")
    _SNIFF = regex(r"^(?P<msg>.+?) \((?P<code>[A-Za-z]\w*(?:\.\w+){3})\)$")

    def accept(self, line: str) -> bool:
        if (m := self._MORE.match(line)) is None:
            return False
        self.err.message = f"{self.err.message} {m['text']}"
        return True

    def finish(self) -> None:
        if (m := self._SNIFF.match(self.err.message)) is not None:
            self.err.message, self.err.code = m["msg"], m["code"]


READERS = {"phpcs": Wrapped}

ROWS = (
    Format(
        "phpcs-full",
        r"^ *(?P<line>\d+) \| (?P<sev>ERROR|WARNING) *\| (?:\[[ x]\] )?(?P<msg>\S.*?)\s*$",
        tool="phpcs",
        block="phpcs",
        # a path longer than the report is wide loses its start: "...ork/app/src/Foo.php"
        fixup=named_above(r"^FILE: (?:\.\.\.[^/\\]*[/\\])?(?P<file>\S.*?)\s*$"),
        rank=2,
        examples=(
            " 1 | ERROR | [x] Header blocks must be separated by a single blank",
            " 8 | WARNING | Line exceeds 120 characters; contains 122 characters",
            " 12 | ERROR   | Missing doc comment for function foo()",
        ),
    ),
)
