r"""Haskell's test frameworks: hspec, HUnit, tasty, test-framework and doctest.

Each failure's message is what the assertion expected and got (or the exception
it raised), its place the ``file:line`` the framework prints with it when it
knows one; the summaries only repeat them. (GHC, its runtime errors and call
stacks: haskell.py; cabal and stack: haskell_build.py.)
"""

from __future__ import annotations

import re

from ...report import Error
from ..reader import Reader
from . import Format, regex
from .haskell import HS, STACK, stack_prefixed, unprefixed

_HSPEC_SEEK = r":(?P<line>\d+):(?:(?P<col>\d+):)?"  # hspec before 2.2: no column
_DOCTEST_SEEK = r":(?P<line>\d+): failure in expression `"
_VERDICT = r": \[(?:Failed|Error)\]"  # test-framework's, after the test's name
_TASTY_SEEK = r": +FAIL"

ORDER = 15  # with haskell.py's: before node.py's mocha row, which takes any ``  1) title`` line


def _failure_message(lines: list[str]) -> str | None:
    """What a failed Haskell test says, as one line: ``expected: 3 but got: 2``
    (with the assertion's own preface, HUnit's ``assertEqual "msg"``), an
    uncaught exception with its text, else the first line."""
    if not lines:
        return None
    for i, line in enumerate(lines[:5]):
        if (
            line.startswith("expected:")
            and i + 1 < len(lines)
            and lines[i + 1].startswith("but got:")
        ):
            said = f"{line} {lines[i + 1]}"
            return f"{': '.join(lines[:i])}: {said}" if i else said
    first = lines[0]
    if re.match(r"^(?:uncaught exception: |Exception: ?)\S+$", first) and len(lines) > 1:
        return f"{first} ({lines[1]})"
    return first


def _raised(message: str) -> str | None:
    """A test that raised an exception (``uncaught exception: ErrorCall (...)``,
    tasty's ``Exception: ...``) failed at run time, where the exception's words
    say nothing more (a missing file's ``IOException``); None for an assertion's
    message, which the classifier reads."""
    if not re.match(r"^(?:uncaught exception: |Exception: ?)", message):
        return None
    from ..classify import categorize  # its set compiles on import: not the families'

    said = categorize(message)
    return "runtime" if said in ("unknown", "assertion") else said


class HspecFailure(Reader):
    """An hspec failure under its ``  file:line:col: `` line: ``  1) Group test``,
    then the message, indented deeper, up to the blank line."""

    frames_wanted = False

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.prefixed = stack_prefixed(self.err.text)
        self.titled = False
        self.said: list[str] = []

    def accept(self, line: str) -> bool:
        line = unprefixed(line, self.prefixed)
        if not line.strip():
            return False
        if not self.titled:
            if (m := re.match(r"^\s+\d+\) (?P<test>.+)$", line)) is None:
                return False
            self.err.test, self.titled = m["test"].strip(), True
            return True
        if len(line) - len(line.lstrip()) <= 2:
            return False
        self.said.append(line.strip())
        return True

    def finish(self) -> None:
        self.valid = self.titled
        if (said := _failure_message(self.said)) is not None:
            self.err.message = said

    def category(self) -> str | None:
        return _raised(self.err.message)


class HUnitLines(Reader):
    """The lines of an HUnit ``### Failure in:`` or a tasty ``name: FAIL``: a
    ``file:line`` first when the assertion knows it, then the message."""

    frames_wanted = False
    _WHERE = regex(rf"^(?P<file>{HS}):(?P<line>\d+)(?::(?P<col>\d+))?:?$")
    _TASTY_TAIL = regex(r"^Use -p '.*' to rerun")
    indented = False  # tasty's lines are indented under the test; HUnit's are not

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.indent = len(self.err.text) - len(self.err.text.lstrip())
        self.said: list[str] = []

    def accept(self, line: str) -> bool:
        stripped = line.strip()
        if not stripped:
            return False
        if self.indented and len(line) - len(line.lstrip()) <= self.indent:
            return False
        if not self.indented and line.startswith(("###", "Cases: ", "Examples: ")):
            return False
        if (m := self._WHERE.match(stripped)) and self.err.file is None and not self.said:
            self.err.file, self.err.line = m["file"], int(m["line"])
        elif not self._TASTY_TAIL.match(stripped):
            self.said.append(stripped)
        return True

    def finish(self) -> None:
        if (said := _failure_message(self.said)) is not None:
            self.err.message = said

    def category(self) -> str | None:
        """HUnit's ``### Error in:`` is a test that raised (its ``### Failure in:``
        an assertion): what the exception says, else ``runtime``."""
        if self.err.text.startswith("### Error in:"):
            return self.said_else("runtime")
        return _raised(self.err.message)


class TastyLines(HUnitLines):
    indented = True


class FrameworkLines(HUnitLines):
    """test-framework's ``  add: [Failed]``: the message below, up to the next test."""

    _NEXT = regex(r"^\s+\S.*: \[(?:OK|Failed|Error)\]|^\s+(?:Test Cases|Properties)\s")

    def accept(self, line: str) -> bool:
        return not self._NEXT.match(line) and super().accept(line)


READERS = {
    "hspec": HspecFailure,
    "hunit": HUnitLines,
    "tasty": TastyLines,
    "testframework": FrameworkLines,
}


ROWS = (
    Format(  # ``ghc-bare``'s shape indented under ``Failures:``, which that row does not take
        "hspec-failure",
        rf"^{STACK}  (?P<file>{HS}){_HSPEC_SEEK} ?$",
        seek=_HSPEC_SEEK + " ?$",  # the line's end too: ":8:5:" alone is every compiler's
        tool="hspec",
        block="hspec",
        rank=3,
        examples=("  test/CalcSpec.hs:10:15: ",),
    ),
    Format(
        "hspec-summary",
        r"^\d+ examples?, [1-9]\d* failures?(?:, \d+ pending)?$",
        tool=None,  # RSpec prints the same line
        role="consequence",
        rank=0,
        examples=("3 examples, 1 failure",),
    ),
    Format(
        "hunit-failure",
        r"^### (?:Failure|Error) in: +(?P<test>.+?)\s*$",
        tool="hunit",
        block="hunit",
        rank=3,
        examples=("### Failure in: 0:add", "### Error in:   2:head"),
    ),
    Format(
        "hunit-summary",
        r"^Cases: \d+ +Tried: \d+ +Errors: (?:[1-9]\d* +Failures: \d+|0 +Failures: [1-9]\d*)\s*$",
        tool="hunit",
        role="consequence",
        rank=0,
        examples=("Cases: 4  Tried: 4  Errors: 1  Failures: 2",),
    ),
    Format(
        "tasty-failure",
        r"^\s+(?P<test>\S.*?)" + _TASTY_SEEK + r"(?: \([\d.]+s\))? *$",
        seek=_TASTY_SEEK,
        tool="tasty",
        block="tasty",
        rank=3,
        examples=("  List comparison (different length): FAIL", "    add:      FAIL (0.02s)"),
    ),
    Format(
        "test-framework-failure",
        rf"^\s+(?P<test>\S.*?){_VERDICT}$",
        seek=_VERDICT,  # a test's name may be any text
        tool="test-framework",
        block="testframework",
        rank=3,
        examples=("  add: [Failed]",),
    ),
    Format(  # doctest: an example in a comment that gave another value
        "doctest-failure",
        rf"^(?P<file>{HS}){_DOCTEST_SEEK}(?P<expr>.*)'$",
        seek=_DOCTEST_SEEK,
        tool="doctest",
        block="hunit",
        rank=3,
        examples=("src/Calc.hs:12: failure in expression `add 1 1'",),
    ),
    Format(
        "doctest-summary",
        r"^Examples: \d+ +Tried: \d+ +Errors: "
        r"(?:[1-9]\d* +Failures: \d+|0 +Failures: [1-9]\d*)\s*$",
        role="consequence",
        rank=0,
        examples=("Examples: 5  Tried: 5  Errors: 0  Failures: 1",),
    ),
    Format(
        "tasty-summary",
        r"^\d+ out of \d+ tests failed(?: \([\d.]+s\))?$",
        tool="tasty",
        role="consequence",
        rank=0,
        examples=("1 out of 2 tests failed (0.00s)",),
    ),
)
