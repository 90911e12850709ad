"""Go's tests: go test's failures (as text or ``-json`` events), their panics and
the race detector's reports, and the summary lines that follow from them.

Its rows stand before ``go.py``'s compiler rows, which would take go test's
``main.go:12: exit status 1`` (a program's ``log.Fatal``) for a compiler error.
"""

from __future__ import annotations

import contextlib
import json
import re
from collections.abc import Sequence

from ...report import Error
from ..blocks_langs import GoPanic
from ..reader import Reader
from . import Format, named_above, regex
from .go import json_output

ORDER = 39  # before go.py's rows (``formats.families``)
# A ``go test -json`` output event, up to its text; the test's name when it has one.
_EVENT = r'^\{"Time":"[^"]*","Action":"output","Package":"[^"]*",(?:"Test":"(?P<test>[^"]+)",)?'
# go 1.20 on prints ``=== NAME`` where 1.14 to 1.19 print ``=== CONT``.
_RUN = regex(r"^=== (?P<what>RUN|CONT|NAME|PAUSE)\s+(?P<name>\S+)$")
_RESULT = regex(r"^\s*--- (?:FAIL|PASS|SKIP): \S+")
_LOC = regex(r"^\s+(?P<file>[\w./\\-]+\.go):(?P<line>\d+):(?: (?P<msg>.*))?$")
# testify's assertion, under an empty t.Errorf line: its fields, a value's
# further lines under it (``expected: 3``, ``actual  : 4``).
_FIELD = regex(r"^\s+(?P<name>Error Trace|Error|Test|Messages):\s*(?P<value>.*)$")


def _testify(lines: Sequence[str]) -> str | None:
    """What a testify assertion says: its Error field with the lines under it
    (``Not equal: expected: 3, actual: 4``), up to a blank one (a diff follows);
    None where no such field follows."""
    said: list[str] = []
    field = None
    for text in lines:
        if (m := _FIELD.match(text)) is not None:
            field = m["name"]
            if field == "Error":
                said.append(m["value"].strip())
        elif field == "Error":
            if not text.strip():
                field = None  # the diff, after a blank line, is no part of it
            else:
                said.append(re.sub(r"\s+:", ":", text.strip()))
    if not said:
        return None
    return said[0] + (" " + ", ".join(said[1:]) if len(said) > 1 else "")


def _text(line: str, test: str | None) -> str | None:
    """A line as the test printed it: a ``-json`` event's text (None when of another test)."""
    if not line.startswith("{"):
        return line
    event = json_output(line)
    return None if event is None or (test is not None and event[0] != test) else event[1]


def test_output_above(groups: dict[str, str | None], above: Sequence[str]) -> None:
    """``go test -v`` and ``-json`` print a test's ``t.Errorf`` lines before its
    ``--- FAIL`` line: the first of them, among the lines under the test's
    ``=== RUN`` (or a ``=== CONT`` of it) that are its own, says where and what.
    The lines under a subtest's or a sibling's ``=== RUN`` are theirs; the
    result lines just above a subtest's (its parent's, its earlier siblings'),
    printed once the parent ended, come after all of their output."""
    test = groups.get("test")
    if (event := groups.get("json")) is not None:  # the line as printed, its newline off
        groups["msg"] = event.removesuffix("\\n").strip()
    own: list[str] = []  # the test's own lines, in order
    lines: list[str] = []  # the lines read since the last ``===`` line, bottom up
    results = True  # still in the result lines just above it
    for line in reversed(above):
        text = _text(line, test)
        if text is None:
            continue  # another test's or package's event, interleaved
        if results and _RESULT.match(text) is not None:
            continue
        results = False
        if (m := _RUN.match(text)) is not None:
            if m["name"] == test and m["what"] != "PAUSE":
                own[:0] = lines[::-1]
                if m["what"] == "RUN":
                    break
            lines = []  # another test's (a subtest's, a sibling's), or paused
            continue
        if not text[:1].isspace():
            return  # not a test's output (another package's, a summary)
        lines.append(text)
    else:
        return
    for i, text in enumerate(own):
        if (loc := _LOC.match(text)) is not None:
            groups["file"], groups["line"] = loc["file"], loc["line"]
            said = (loc["msg"] or "").strip() or _testify(own[i + 1 :])
            if said:
                groups["msg"] = said
            return


def panic_in_test(groups: dict[str, str | None], above: Sequence[str]) -> None:
    """A panic printed just under a ``--- FAIL: TestX`` line is that test's;
    a ``-json`` event's message is unquoted."""
    if groups.get("json") is not None and (msg := groups.get("msg")) is not None:
        with contextlib.suppress(ValueError):
            groups["msg"] = json.loads(f'"{msg}"')
    if groups.get("test") is not None:
        return
    for line in reversed(above):
        text = _text(line, None)
        if text is None or not text.strip():
            continue
        if (m := re.match(r"^\s*--- FAIL: (\S+)", text)) is not None:
            groups["test"] = m[1]
        return


class GoRace(Reader):
    """The race detector's report (``go test -race``): the two accesses with their
    stacks, up to the rule that closes it. The error is at the innermost frame
    of the user's code of the first access; its words, the message. Its test
    is the first test function its stacks pass through (without -v, the
    ``--- FAIL`` line that names it comes after the report, and follows it)."""

    _RULE = regex(r"^={18}$")
    _TEST = regex(r"^\s+[\w./-]+\.(?P<test>Test\w*)(?:\.func\d+(?:\.\d+)*)*\([^)]*\)$")

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.closed = False

    def accept(self, line: str) -> bool:
        if self.closed:
            return False
        self.closed = self._RULE.match(line) is not None
        if self.count == 0 and line.strip():
            self.err.message = f"DATA RACE: {line.strip().rstrip(':')}"
        elif self.err.test is None and (m := self._TEST.match(line)) is not None:
            self.err.test = m["test"]
        return True


# The place a testify assertion names: its own line, alone above its fields
# (``calc_test.go:10:``), or its Error Trace field's first value (older testify).
_BARE = regex(r"^\s+(?P<file>[\w./\\-]+\.go):(?P<line>\d+):\s*$")
_TRACE = regex(r"^\s+Error Trace:\s*(?P<file>\S+\.go):(?P<line>\d+)")


class GoTestFail(GoPanic):
    """``--- FAIL: TestX`` as ``GoPanic`` reads it; without ``-v`` a testify
    assertion is printed under it, its place alone on its line
    (``calc_test.go:10:``, or older testify's ``Error Trace:`` field) and what
    failed in its fields (``Error: Not equal:``, ``expected: 3``, ``actual :
    4``), which ``GoPanic`` takes for no message: they are the test's."""

    def finish(self) -> None:
        err = self.err
        if self.test_failure and err.file is None and (said := _testify(err.block[1:])):
            err.message = said
            for line in err.block[1:]:
                if (m := _BARE.match(line) or _TRACE.match(line)) is not None:
                    err.file, err.line = m["file"], int(m["line"])
                    break
        super().finish()


READERS = {"gorace": GoRace, "gotestfail": GoTestFail}

ROWS = (
    Format(  # go test -race: each data race, then its test fails saying it raced
        "go-data-race",
        r"^WARNING: DATA RACE$",
        tool="go",
        category="runtime",
        block="gorace",
        fixup=named_above(r"^=== (?:RUN|CONT)\s+(?P<test>\S+)$"),
        rank=3,
        words=("data race",),
        examples=("WARNING: DATA RACE",),
    ),
    Format(  # read with its test's failure (``test_output_above``), not as an error of its own
        "testify-error-field",
        r"^\s+Error:\s{2,}\S",
        tool="go",
        role="ignore",
        examples=("        \tError:      \tNot equal: ",),
    ),
    Format(
        "go-test-fail",
        r"^\s*--- FAIL: (?P<test>\S+)(?: \([\d.]+m?s\))?$",
        tool="go",
        category="assertion",
        block="gotestfail",
        rank=3,
        examples=("--- FAIL: TestAdd (0.00s)",),
        fixup=test_output_above,
    ),
    Format(  # go test -json: the same line, as an output event
        "go-test-fail-json",
        _EVENT + r'"Output":"(?P<json>\s*--- FAIL: \S+(?: \([\d.]+m?s\))?\\n)"\}$',
        tool="go",
        category="assertion",
        block="gotestfail",
        rank=3,
        examples=(
            '{"Time":"2026-11-26T22:51:59.39Z","Action":"output","Package":"example.com/m/calc",'
            '"Test":"TestAdd","Output":"--- FAIL: TestAdd (0.00s)\\n"}',
        ),
        fixup=test_output_above,
    ),
    Format(
        "go-test-summary",
        r"^(?:FAIL\s+\S+\s+(?:[\d.]+s|\[.*\])|FAIL$|(?:\S+\.go:\d+: )?exit status \d+$)",
        tool="go",
        role="consequence",
        rank=0,
        examples=("FAIL\texample.com/demo\t0.003s", "FAIL"),
    ),
    Format(  # go test -json: a test or package failed (its output said why, above)
        "go-test-json-summary",
        r'^\{"Time":"[^"]*","Action":"fail",.*\}$|'
        + _EVENT
        + r'"Output":"(?:FAIL(?:\\t\S+\\t(?:[\d.]+s|\[.*\]))?|exit status \d+)\\n"\}$',
        tool="go",
        role="consequence",
        rank=0,
        examples=(
            '{"Time":"2026-11-26T22:51:59.40Z","Action":"fail","Package":"example.com/m/calc",'
            '"Test":"TestPick","Elapsed":0}',
            '{"Time":"2026-11-26T22:51:59.40Z","Action":"output","Package":"example.com/m/calc",'
            '"Output":"FAIL\\texample.com/m/calc\\t0.004s\\n"}',
        ),
    ),
    Format(
        "go-panic",
        r"^(?:panic: (?P<msg>.+?)(?: \[recovered\])?|fatal error: (?P<fatal>all goroutines .+))$",
        tool="go",
        block="gopanic",
        rank=3,
        examples=("panic: runtime error: index out of range [3] with length 3",),
        fixup=panic_in_test,
    ),
    Format(  # go test -json: the same line, as an output event
        "go-panic-json",
        _EVENT + r'"Output":"(?P<json>panic: (?P<msg>(?:[^"\\]|\\.)+?)(?: \[recovered\])?\\n)"\}$',
        tool="go",
        block="gopanic",
        rank=3,
        examples=(
            '{"Time":"2026-11-26T22:51:59.40Z","Action":"output","Package":"example.com/m/calc",'
            '"Test":"TestPick","Output":"panic: runtime error: index out of range [5] with '
            'length 3 [recovered]\\n"}',
        ),
        fixup=panic_in_test,
    ),
)
