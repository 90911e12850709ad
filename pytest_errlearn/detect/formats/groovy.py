"""Groovy's compiler (``groovyc``, ``groovy script.groovy``): the error on a line of
its own under ``startup failed:``, its line after the file, its column on the
line under it, then the source it quotes and a caret::

    org.codehaus.groovy.control.MultipleCompilationErrorsException: startup failed:
    g.groovy: 2: unable to resolve class Foo
     @ line 2, column 54.
       ng[] a) { println(totl) ; Foo f = null }
                                         ^

    1 error

The exception line only says that the errors under it follow: it is dropped.
"""

from __future__ import annotations

from ..reader import Reader
from . import Format, regex

COMMANDS = {"groovyc": "groovy", "groovy": "groovy"}
BUILDS: dict[str, frozenset[str] | None] = {"groovyc": None, "groovy": None}
ORDER = 43  # before java.py's rows: the exception line would be a Java exception
_AT = r": (?P<line>\d+): "  # after the file: its line


class GroovyError(Reader):
    """The lines under a Groovy compile error: `` @ line 2, column 54.`` (its
    column), the quoted source and the caret under it."""

    frames_wanted = False
    _AT = regex(r"^\s*@ line \d+, column (?P<col>\d+)\.\s*$")

    def accept(self, line: str) -> bool:
        if self.count == 0:
            if (m := self._AT.match(line)) is None:
                return False
            self.err.column = int(m["col"])
            return True
        return self.count < 3 and line[:1].isspace() and bool(line.strip())


READERS = {"groovy": GroovyError}

ROWS = (
    Format(
        "groovy-startup-failed",
        r"^(?P<msg>org\.codehaus\.groovy\.control\.MultipleCompilationErrorsException: "
        r"startup failed:)\s*$",
        tool="groovy",
        role="ignore",
        rank=1,
        examples=(
            "org.codehaus.groovy.control.MultipleCompilationErrorsException: startup failed:",
        ),
    ),
    Format(
        "groovy-error",
        r"^(?P<file>(?:[A-Za-z]:)?[^\s:]+\.(?:groovy|gvy|gy|gsh|gradle))"
        + _AT
        + r"(?P<msg>.+?)\s*$",
        seek=_AT,
        tool="groovy",
        block="groovy",
        rank=2,
        words=(".groovy: ", ".gradle: ", ".gvy: ", ".gy: ", ".gsh: "),
        examples=(
            "g.groovy: 2: unable to resolve class Foo ",
            "src/Cart.groovy: 14: unexpected token: } ",
        ),
    ),
)
