"""testthat, R's test framework (1 to 3: its progress, check and summary reporters,
and its output under R CMD check). (R's own errors, R CMD check, lintr: r.py.)

testthat heads each problem ``Failure ('test-calc.R:5'): adds`` (``── Failure
(test-calc.R:5:3): adds ──`` from 3.2; testthat 2: ``── 1. Failure: adds
(@test-calc.R#5)``), the message below it and, for a failure, the values it
compared (```actual`: 4`` and ```expected`: 3``, or edition 2's ``[1] 4 - 3 == 1``):
those say what went wrong, and the message keeps them. An error in a test is a
runtime error unless its words say more, at the innermost frame of the project's
code its backtrace names.
"""

from __future__ import annotations

from ...report import Error
from ..reader import Reader
from . import Format, regex, said_in
from .r import SAID, innermost

# Before r.py's rows ("Error in `f()`: Test failures" is testthat's end), and so
# before node's and gcc's, as r.py's (``r.ORDER``).
ORDER = 15

# A testthat problem's heading: "── Failure (test-calc.R:5:3): adds ───" (testthat 3.2),
# "── Failure ('test-calc.R:5'): adds ──" (3.0, 3.1), "Failure ('test-calc.R:5'): adds"
# (the progress reporter's, with no rule before it), "── 1. Failure ('tests.R:13:3'): x ─"
# (the summary reporter's), in capitals in some versions; indented under R CMD check.
_TESTTHAT_AT = (
    r" \('?(?P<file>[^\s:'()]+):(?P<line>\d+)(?::(?P<col>\d+))?'?\): (?P<test>.+?)"
    r"(?: [─-]{2,})?\s*$"
)
_TESTTHAT_RULE = r"^\s*(?:(?:──|--) (?:\d+\. )?)?"
# testthat 2: "── 1. Failure: adds (@test-calc.R#5)  ─────".
_TESTTHAT2_AT = r": (?P<test>.+?) \(@(?P<file>[^#\s]+)#(?P<line>\d+)\)\s*[─-]*\s*$"
# A problem's heading that says it is a warning (testthat's own classes).
_WARNED = regex(r"^\s*(?:(?:──|--) (?:\d+\. )?)?(?:Warning|WARNING)\b|: warning: ")
# rlang's error of two lines under testthat: "Error in `f()`:", its message on "! ..." below.
_RLANG_CALL = regex(r"^Error in `[^`]*`:$")


class TestthatProblem(Reader):
    """A testthat failure, error or warning: its message lines, maybe a
    ``Backtrace:``, up to the next problem, a rule or the results. An error is
    at the innermost frame of the project's code the backtrace names, where
    one does; else where testthat's heading says."""

    frames_wanted = False
    _END = regex(
        r"^\s*(?:(?:──|--) |(?:FAILURE|Failure|ERROR|Error|WARNING|Warning|SKIP|Skip) \(|"
        r"[─═=-]{10,}|\[ FAIL \d|══ |== |Error: Test failures|Execution halted|"
        r"Maximum number of failures|\S+\.[Rr]:\d+(?::\d+)?: (?:failure|error|warning|skip): )"
    )

    _CLASSES = regex(r"^\s*<[\w/.]+>\s*$")  # a condition's classes, above its message

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.said: list[str] = []  # the message's lines, up to a backtrace
        self.traced = False
        self.failure = err.kind.endswith("-failure") or ": failure: " in err.text

    def accept(self, line: str) -> bool:
        if not line.strip():
            return self.blanks < 2
        if self._END.match(line):
            return False
        if line.strip() == "Backtrace:":
            self.traced = True
        elif not self.traced and (self.said or not self._CLASSES.match(line)):
            self.said.append(" ".join(line.split()))
        return True

    def finish(self) -> None:
        err, said = self.err, self.said
        if said:
            err.message = said[0]
        if len(said) > 1 and _RLANG_CALL.match(said[0]) and said[1].startswith("! "):
            err.message = f"{said[0]} {said[1][2:]}"  # rlang's: the call, its message below
        elif self.failure and len(said) > 1:  # the values it compared: what went wrong
            err.message = f"{said[0]} {'; '.join(s[:200] for s in said[1:4])}"
        if not self.failure and (where := innermost(err.block[1:])):
            err.file, err.line = where

    def category(self) -> str | None:
        """An error in a test is a runtime error unless its words say more."""
        if self.failure or _WARNED.match(self.err.text):
            return None
        return said_in(SAID, self.err.message) or self.said_else("runtime")


READERS = {"testthat": TestthatProblem}

ROWS = (
    Format(  # testthat's end: "Error: Test failures" (testthat 3.2: "Error in ...: Test failures")
        "testthat-failed",
        r"^\s*Error(?: in .*?)?: (?:! )?Test failures\.?$",
        tool="testthat",
        role="consequence",
        rank=0,
        examples=("Error: Test failures",),
    ),
    Format(
        "testthat-failure",
        _TESTTHAT_RULE + r"(?:Failure|FAILURE)" + _TESTTHAT_AT,
        tool="testthat",
        category="assertion",
        block="testthat",
        rank=3,
        examples=(
            "── Failure (test-calc.R:5:3): adds ─────────────────────────────────",
            "Failure ('test-calc.R:5'): adds",
            "  ── 1. Failure ('tests.R:13:3'): Failure:1 ------------------------",
        ),
    ),
    Format(
        "testthat-problem",
        _TESTTHAT_RULE + r"(?P<sev>Error|ERROR|Warning|WARNING)" + _TESTTHAT_AT,
        tool="testthat",
        block="testthat",
        rank=3,
        examples=(
            "── Error (test-calc.R:9:3): divides ──────────────────────────────────",
            "ERROR (backtraces.R:6:3): errors thrown at block level are entraced",
            "Warning ('test-calc.R:12'): warns",
        ),
    ),
    Format(
        "testthat2-failure",
        r"^\s*(?:──|--) \d+\. Failure" + _TESTTHAT2_AT,
        tool="testthat",
        category="assertion",
        block="testthat",
        rank=3,
        examples=("── 1. Failure: adds (@test-calc.R#5)  ──────────────────────────────",),
    ),
    Format(
        "testthat2-problem",
        r"^\s*(?:──|--) \d+\. (?P<sev>Error|Warning)" + _TESTTHAT2_AT,
        tool="testthat",
        block="testthat",
        rank=3,
        examples=("── 2. Error: divides (@test-calc.R#9)  ──────────────────────────────",),
    ),
    Format(  # testthat 1 and 2's summary and check reporters (a "[" opens lintr's linter)
        "testthat-old",
        r"^\s*(?P<file>[^\s:]+\.[Rr]):(?P<line>\d+)(?::(?P<col>\d+))?: "
        r"(?P<sev>failure|error|warning): (?P<test>[^\[\s].*)$",
        tool="testthat",
        block="testthat",
        rank=3,
        examples=("test-calc.R:5: failure: adds",),
    ),
    Format(  # the progress reporter's table: "✖ | 2       3 | calc [0.1s]", above the problems
        "testthat-progress",
        r"^\s*✖ \|[\d ]+\| \S.*$",
        tool="testthat",
        role="ignore",
        examples=("✖ | 2       3 | calc [0.1s]",),
    ),
    Format(  # printed before the problems by the check and compact reporters
        "testthat-summary",
        r"^\s*\[ FAIL \d+ \| WARN \d+ \| SKIP \d+ \| PASS \d+ \]",
        tool="testthat",
        role="ignore",
        examples=("[ FAIL 1 | WARN 0 | SKIP 0 | PASS 3 ]",),
        words=("[ FAIL",),
    ),
)
