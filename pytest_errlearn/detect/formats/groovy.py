"""Groovy's compiler (``groovyc``, ``groovy script.groovy``, Gradle's ``compileGroovy``)
and the script runner's uncaught exceptions.

A compile error stands on a line of its own under ``startup failed:``, its line
after the file; its column is on the line under it (or, for the parser's
syntax errors, at the end of the line itself: ``... @ line 3, column 9.``),
then the source it quotes and a caret::

    org.codehaus.groovy.control.MultipleCompilationErrorsException: startup failed:
    g.groovy: 2: unable to resolve class Foo
     @ line 2, column 54.
       ng[] a) { println(totl) ; Foo f = null }
                                         ^

    1 error

The exception line only says that the errors under it follow: it is dropped.

A script that throws ends with ``Caught: `` and the exception, then the stack
trace that repeats it; a failed ``assert`` is Groovy's power assertion, whose
diagram shows each value of the expression::

    Caught: Assertion failed:

    assert total == 5
           |     |
           -1    false

    (the same again, then)
    \tat check.run(check.groovy:4)
"""

from __future__ import annotations

from ...report import Error
from ..reader import Reader
from . import Format, regex, said_in
from .scala import jvm_user_frame

COMMANDS = {"groovyc": "groovy", "groovy": "groovy"}
BUILDS: dict[str, frozenset[str] | None] = {"groovyc": None, "groovy": None}
ORDER = 43  # before java.py's rows: the exception line would be a Java exception
_AT = r": (?P<line>\d+): "  # after the file: its line

# What groovyc's messages say, where the classifier's words would not tell: the
# parser's (``unexpected token``; Groovy 3's ``Unexpected input``) and the static
# type checker's, which names a method or property it cannot find, else a type.
_GROOVYC_SAYS = (
    ("syntax", regex(r"^(?:[Uu]nexpected (?:token|input|char(?:acter)?)|expecting )")),
    (
        "reference",
        regex(r"^\[Static type checking\] - (?:Cannot find matching method|No such property)"),
    ),
    ("type", regex(r"^\[Static type checking\] - ")),
)
# The runtime's exceptions for a name the script uses that nothing defines.
_UNDEFINED = regex(
    r"^groovy\.lang\.(?:MissingPropertyException: No such property|MissingMethodException: "
    r"No signature of method)"
)


class GroovyError(Reader):
    """The lines under a Groovy compile error: `` @ line 2, column 54.`` (its
    column; the header carries it for a syntax error), the quoted source and
    the caret under it."""

    frames_wanted = False
    _AT = regex(r"^\s*@ line \d+, column (?P<col>\d+)\.\s*$")

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.placed = err.column is not None  # ``@ line, column`` was on the header

    def accept(self, line: str) -> bool:
        if self.count == 0 and not self.placed:
            if (m := self._AT.match(line)) is None:
                return False
            self.err.column = int(m["col"])
            return True
        return self.count < (2 if self.placed else 3) and line[:1].isspace() and bool(line.strip())

    def category(self) -> str | None:
        return said_in(_GROOVYC_SAYS, self.err.message)


class GroovyCaught(Reader):
    """What follows the script runner's ``Caught:`` line: the power assertion's
    diagram, the exception again, and its frames, up to the last frame. The
    error is at the innermost frame of the script's own code."""

    frames_wanted = False
    _FRAME = regex(r"^\s+(?:at |\.\.\. \d+ more)|^Caused by: ")

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.framed = False  # the frames began: only frames belong now

    def accept(self, line: str) -> bool:
        if self._FRAME.match(line):
            self.framed = True
            return True
        if self.framed:
            return False
        stripped = line.strip()
        # before the frames: blank lines, the diagram, the exception said again
        return (
            not stripped
            or line[:1].isspace()
            or stripped.startswith(("assert ", "Assertion failed:", "Possible solutions: "))
            or stripped == self.err.message
        )

    def finish(self) -> None:
        err = self.err
        body = err.block[1:]
        if err.message.startswith("Assertion failed:"):
            said = next((b.strip() for b in body if b.startswith("assert ")), None)
            if said is not None:
                err.message = f"Assertion failed: {said}"
        if (where := jvm_user_frame(body)) is not None:
            err.file, err.line = where

    def category(self) -> str | None:
        if self.err.message.startswith("Assertion failed:"):
            return "assertion"
        return "reference" if _UNDEFINED.match(self.err.message) else None


READERS = {"groovy": GroovyError, "groovycaught": GroovyCaught}

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
        + r"(?P<msg>.+?)(?:\s+@ line \d+, column (?P<col>\d+)\.)?\s*$",
        seek=_AT,
        tool="groovy",
        block="groovy",
        rank=2,
        words=(".groovy: ", ".gradle: ", ".gvy: ", ".gy: ", ".gsh: "),
        examples=(
            "g.groovy: 2: unable to resolve class Foo ",
            "src/Cart.groovy: 14: unexpected token: } ",
            "/home/user/app/Cart.groovy: 3: unexpected token: total  @ line 3, column 9.",
        ),
    ),
    Format(  # ``groovy script.groovy``: what the script threw
        "groovy-caught",
        r"^Caught: (?P<msg>(?:(?:[a-z_$][\w$]*\.)+[A-Z][\w$]*(?:Exception|Error)\b.*?"
        r"|Assertion failed:))\s*$",
        tool="groovy",
        block="groovycaught",
        rank=3,
        examples=(
            "Caught: Assertion failed: ",
            "Caught: groovy.lang.MissingPropertyException: No such property: reserved for "
            "class: Inventory",
        ),
    ),
)
