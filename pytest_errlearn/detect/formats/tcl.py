r"""Tcl: ``tclsh`` and the programs that embed it (expect, wish, the shells of
EDA tools), and tcltest, Tcl's own test framework.

An error Tcl does not catch is printed as its message, then its
``errorInfo``: what was being executed, innermost first, each step a quoted
command and where it ran::

    can't read "totl": no such variable
        while executing
    "return $totl"
        (procedure "total" line 4)
        invoked from within
    "total {1 2 3}"
        (file "t.tcl" line 6)

The message has no mark of its own, so its row is the ``while executing``
under it, which takes the line above as the message. A procedure's line
counts from the procedure's start: the error's place is the innermost
``(file "..." line N)``.

tcltest frames each failure between ``==== name description FAILED`` and
``==== name FAILED``: the result and the one expected under ``---- Result
was:`` and ``---- Result should have been (exact matching):``, or the error
the test raised under ``---- errorInfo:``. Its counts at the end, and the
files they name, only repeat the failures.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...report import Error
from ..reader import Reader
from . import Format, named_above, regex, said_in

COMMANDS = dict.fromkeys(("tclsh", "wish", "expect"), "tcl")
BUILDS: dict[str, frozenset[str] | None] = dict.fromkeys(COMMANDS)

# What a program puts before an uncaught error's message (tcltest's all.tcl,
# wish, a host application's console).
_PREFIX = regex(r"^(?:Test file error|Error in startup script|Error): ")
_FILE = regex(r'^\s+\(file "(?P<file>[^"]+)" line (?P<line>\d+)\)\s*$')
_STEP = regex(r"^\s+(?:while executing|invoked from within|\(.*\))\s*$")
# Tcl's own words, for the category the words alone would not say.
_CATEGORIES = (
    (
        "reference",
        regex(r'invalid command name "|can\'t (?:read|set|unset) "|no such (?:vari|elem)'),
    ),
    ("type", regex(r'wrong # args|expected [\w -]+ but got "|bad \w+ "')),
    ("dependency", regex(r"^can't find package ")),
    ("filesystem", regex(r'^couldn\'t (?:open|read file) "')),
    ("syntax", regex(r"missing close-|extra characters after close-|syntax error|missing operand")),
)


def _message_above(groups: dict[str, str | None], before: Sequence[str]) -> None:
    """The message: the line above ``while executing``, without a program's prefix."""
    if before and (said := _PREFIX.sub("", before[-1], count=1).strip()):
        groups["msg"] = said


class TclStack(Reader):
    """An error's ``errorInfo``: ``while executing`` / ``invoked from within``,
    the quoted command (of several lines where its text has them), the
    ``(procedure ... line N)`` or ``(file ... line N)`` of each step. The
    error's place is the innermost file named."""

    frames_wanted = False

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.quoted = False  # inside a quoted command that goes on to the next line

    def accept(self, line: str) -> bool:
        if self.quoted:
            self.quoted = not line.rstrip().endswith('"')
            return True
        if line.startswith('"'):
            text = line.rstrip()
            self.quoted = len(text) == 1 or not text.endswith('"')
            return True
        if _STEP.match(line) is None:
            return False
        if self.err.file is None and (m := _FILE.match(line)) is not None:
            self.err.file, self.err.line = m["file"], int(m["line"])
        return True

    def finish(self) -> None:
        self.valid = len(self.err.block) > 1  # a quoted command under it: Tcl's own trace

    def category(self) -> str | None:
        return tcl_category(self, self.err.message)


def tcl_category(reader: Reader, message: str) -> str:
    """The category of a Tcl error's message: a bad name, bad arguments, ...;
    else what its words say, else ``runtime`` (an error raised while it ran)."""
    return said_in(_CATEGORIES, message) or reader.said_else("runtime", message)


class TcltestFailure(Reader):
    """A failed test, up to its closing ``==== name FAILED``: the message is
    the result (or output) against the one expected, or the error the test
    raised, or the return code it ended with against those expected."""

    frames_wanted = False
    # A section's head: "---- Result was:", "---- errorInfo: divide by zero", ...
    _SECTION = regex(r"^(?:====|----) (?P<head>[^:]+):(?: (?P<rest>.*))?$")
    _EXPECTED = regex(r"^(?P<what>Result|Output|Error output) should have been(?P<how>.*)$")

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.closing = f"==== {err.test} FAILED"
        self.section = ""
        self.heads: dict[str, str] = {}  # each section's head, and the rest of its line
        self.values: dict[str, list[str]] = {}  # ... and its first lines under it

    def accept(self, line: str) -> bool:
        if not self.closing:
            return False
        if line.rstrip() == self.closing:
            self.closing = ""  # the block ends with this line
        elif (m := self._SECTION.match(line)) is not None:
            self.section = m["head"]
            self.heads[self.section] = (m["rest"] or "").strip()
        elif line.strip() and len(values := self.values.setdefault(self.section, [])) < 3:
            values.append(line.strip())
        return True

    def finish(self) -> None:
        said = self._said()
        if said:
            self.err.message = said

    def _said(self) -> str | None:
        if raised := self.heads.get("errorInfo"):
            return f"Test generated error: {raised}"
        for head in self.heads:
            if (m := self._EXPECTED.match(head)) is not None:
                was = " ".join(self.values.get(f"{m['what']} was", []))
                wanted = " ".join(self.values.get(head, []))
                return f"{m['what']} was: {was}; should have been{m['how']}: {wanted}"
        for head, rest in self.heads.items():
            if head.startswith("Test completed normally"):
                wanted = self.heads.get("Return code should have been one of", "")
                return f"{head}: {rest}; should have been one of: {wanted}"
        return None

    def category(self) -> str | None:
        if raised := self.heads.get("errorInfo"):
            return tcl_category(self, raised)
        return "assertion"


READERS = {"tcl-stack": TclStack, "tcltest": TcltestFailure}

_COUNTS = r":\s+Total\s+\d+\s+Passed\s+\d+\s+Skipped\s+"  # after the file's name

ROWS = (
    Format(
        "tcl-error",
        r"^\s*while executing\s*$",  # indented: a CI timestamp before it takes the spaces
        tool="tcl",
        block="tcl-stack",
        fixup=_message_above,
        rank=3,
        words=("while executing",),
        examples=("    while executing",),
    ),
    Format(  # "==== name description FAILED" (the closing "==== name FAILED" has no description)
        "tcltest-failed",
        r"^==== (?P<test>\S+) (?P<msg>.*) FAILED\s*$",
        tool="tcltest",
        block="tcltest",
        fixup=named_above(r"^(?P<file>\S+\.test)\s*$"),  # all.tcl names each file it runs
        rank=3,
        examples=("==== calc-1.1 adds two numbers FAILED", "==== string-5.1  FAILED"),
    ),
    Format(  # the counts of a file (its name first) or of a whole run (all.tcl's)
        "tcltest-summary",
        r"^(?P<msg>\S+" + _COUNTS + r"\d+\s+Failed\s+[1-9]\d*)\s*$",
        seek=_COUNTS,
        tool="tcltest",
        role="consequence",
        rank=0,
        examples=("calc.test:\tTotal\t2\tPassed\t0\tSkipped\t0\tFailed\t2",),
    ),
    Format(
        "tcltest-files",
        r"^(?P<msg>(?:Files with failing tests: \S|Test files exiting with errors:).*)$",
        tool="tcltest",
        role="consequence",
        rank=0,
        examples=(
            "Files with failing tests: calc.test str.test",
            "Test files exiting with errors:  ",
        ),
    ),
)
