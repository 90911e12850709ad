"""Perl's tests: Test::More's failure diagnostics, and prove (TAP::Harness), which
runs the test scripts and sums them up. (Perl's own errors, and cpanm: perl.py.)"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ...report import Error
from ..reader import Reader
from . import Format, regex
from .perl import AT_RX

ORDER = 50  # with perl.py's, after them (by name): no line fits one of theirs and one here
COMMANDS = {"prove": "prove"}
BUILDS: dict[str, frozenset[str] | None] = {"prove": None}

_TAP_LINE = regex(r"^\s*(?:not )?ok \d+|^\S+ \.{2,} ?$|^\s*\d+\.\.\d+")
# prove's own lines on the scripts before, which no script printed.
_PROVES = regex(
    r"^(?:\S+ \.{2,} ?(?:ok|skipped: .*)$|Dubious, test returned |Failed \d+/\d+ subtests|"
    r"No subtests run|All tests successful|Files=\d+|Result: |\s+(?:Failed tests|"
    r"Non-zero exit status|Parse errors):)"
)
# Carp's frames under a ``confess``: ``\tmain::setup() called at t/a.t line 7``.
_CALLED = regex(r"^\s+\S.* called at \S+ line \d+$")


class TestMoreFailure(Reader):
    """Test::More's diagnostics of a failed test (stderr: ``#   Failed test 'adds'``,
    ``#   at t/calc.t line 8.``, ``#          got: '2'``, ``#     expected: '3'``), at
    the test's own indentation (a subtest's are indented further).

    A subtest's failures end with its ``# Looks like you failed 1 test of 2.``; the
    parent's ``Failed test 'outer'`` just below only follows from them and is taken
    in too."""

    frames_wanted = False
    _DIAG = regex(r"^(?P<indent>\s*)#(?P<body>.*)$")
    _FAILED = regex(r"^Failed test\b")
    _PLACE = regex(
        r"^(?:at (?P<file>.+?) line (?P<line>\d+)\.?|in (?P<file2>\S+) at line (?P<line2>\d+)\.?)$"
    )
    _OLD = regex(r"\((?P<file>\S+) at line (?P<line>\d+)\)")
    _RULE = regex(r"[-+=| ]+")

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.indent = err.text.index("#")
        self.state = "diag"  # diag, parent (its subtest's summary read), parent-at, over
        self.said: list[str] = []
        self.blank = False

    def accept(self, line: str) -> bool:
        m = self._DIAG.match(line)
        if self.state == "parent" and not line.strip() and not self.blank:
            self.blank = True  # Test::More puts a blank line before a failure's diagnostics
            return True
        if m is None or self.state == "over":
            return False
        indent, body = len(m["indent"]), m["body"].strip()
        if self.state == "parent":
            if indent < self.indent and self._FAILED.match(body):
                self.state, self.indent = "parent-at", indent
                return True
            return False
        if self.state == "parent-at":
            self.state = "over"
            return indent == self.indent and body.startswith(("at ", "in "))
        if indent != self.indent or self._FAILED.match(body) or body.startswith("Subtest:"):
            return False
        if body.startswith("Looks like you failed"):
            self.state = "parent" if indent > 0 else "over"
            return True
        if body.startswith(("Looks like", "Tests were run")):
            return False  # the script died: that line's own row reads what it said
        if (place := self._PLACE.match(body)) is not None:
            if self.err.file is None:
                self.err.file = place["file"] or place["file2"]
                self.err.line = int(place["line"] or place["line2"])
        elif body and not self._RULE.fullmatch(body):
            self.said.append(body)
        return True

    def finish(self) -> None:
        err = self.err
        if err.file is None and (m := self._OLD.search(err.text)):
            err.file, err.line = m["file"], int(m["line"])
        name = f"Failed test '{err.test}'" if err.test else "Failed test"
        err.message = f"{name}: {'; '.join(self.said[:4])}" if self.said else name


class TestMoreEnd(Reader):
    """Test::More's last words for a script that died, each on a line of its own."""

    frames_wanted = False

    def accept(self, line: str) -> bool:
        return (
            re.match(r"^\s*# (?:Looks like|Tests were run but no plan|No tests run)", line)
            is not None
        )

    def finish(self) -> None:
        pass


def _died_at(groups: dict[str, str | None], before: Sequence[str]) -> None:
    """A test script that died: what ``die`` said, on the line above Test::More's
    ``# Looks like your test exited with 255`` (its diagnostics, prove's own lines
    and Carp's frames between), is the error, at the place it names; a ``die`` whose
    message ends in a newline names none."""
    for line in reversed(before[-12:]):
        if not line.strip() or _PROVES.match(line):
            return  # the script said nothing before it died (prove's line is another's)
        if line.lstrip().startswith("#") or _TAP_LINE.match(line) or _CALLED.match(line):
            continue
        if (m := AT_RX.match(line.strip())) is not None:
            groups["msg"], groups["file"], groups["line"] = m["msg"], m["file"], m["line"]
        else:
            groups["msg"] = line.strip()
        return


class ProveSummary(Reader):
    """prove's ``Test Summary Report``: the failed scripts again, up to ``Result: FAIL``."""

    frames_wanted = False
    _BODY = regex(r"^-{3,}$|^\S+ \(Wstat: |^\s+\S|^Files=\d+, Tests=\d+|^Result: ")

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.over = False

    def accept(self, line: str) -> bool:
        if self.over or self._BODY.match(line) is None:
            return False
        self.over = line.startswith("Result: ")
        return True

    def finish(self) -> None:
        pass


READERS = {
    "testmore": TestMoreFailure,
    "testmoreend": TestMoreEnd,
    "provesummary": ProveSummary,
}

ROWS = (
    Format(
        "test-more-failed",
        r"^\s*#\s+Failed test(?: '(?P<test>.*)')?(?: at (?P<file>\S+) line (?P<line>\d+)\.|"
        r" \(\S+ at line \d+\))?\s*$",
        tool="prove",
        category="assertion",
        block="testmore",
        rank=3,
        examples=(
            "#   Failed test 'adds again'",
            "#   Failed test at t/calc.t line 8.",
            "    #   Failed test 'inner'",
            "# Failed test 'adds'",
        ),
    ),
    Format(  # the script died: what it said is on a line above (``_died_at``)
        "test-more-died",
        r"^\s*# (?P<msg>Looks like your test exited with \d+ (?:just after \d+|before it could "
        r"output anything)|Looks like you planned \d+ tests? but ran \d+|Tests were run but no "
        r"plan was declared and done_testing\(\) was not seen|No tests run!)\.?$",
        tool="prove",
        category="runtime",
        block="testmoreend",
        rank=3,
        fixup=_died_at,
        words=("looks like you", "no plan was declared"),
        examples=(
            "# Looks like your test exited with 255 just after 1.",
            "# Tests were run but no plan was declared and done_testing() was not seen.",
            "# Looks like you planned 3 tests but ran 2.",
        ),
    ),
    Format(
        "test-more-failed-count",
        r"^\s*# Looks like you failed \d+ tests? of \d+(?: run)?\.$",
        tool="prove",
        role="consequence",
        rank=0,
        examples=("# Looks like you failed 1 test of 3.",),
    ),
    Format(
        "tap-bail-out",
        r"^Bail out!\s*(?P<msg>.*)$",
        tool="prove",
        rank=2,
        examples=("Bail out!  Cannot connect to the database",),
    ),
    Format(
        "prove-consequence",
        r"^(?:Dubious, test returned \d+ \(wstat \d+, 0x[0-9a-fA-F]+\)|"
        r"(?:Failed \d+/\d+ subtests|No subtests run)\s*|Result: FAIL|"
        r"Failed \d+/\d+ test programs\. \d+/\d+ subtests failed\.|"
        r"FAILED--Further testing stopped.*|Bailout called\..*)$",
        tool="prove",
        role="consequence",
        rank=0,
        words=("dubious, test returned",),
        examples=(
            "Dubious, test returned 1 (wstat 256, 0x100)",
            "Failed 1/3 subtests ",
            "Result: FAIL",
            "Failed 1/2 test programs. 1/4 subtests failed.",
        ),
    ),
    Format(
        "prove-summary",
        r"^Test Summary Report$",
        tool="prove",
        role="consequence",
        block="provesummary",
        rank=0,
        words=("test summary report",),
        examples=("Test Summary Report",),
    ),
)
