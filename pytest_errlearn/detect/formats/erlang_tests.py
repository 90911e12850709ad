r"""Erlang's test frameworks: EUnit (its own report and rebar3's) and Common Test
(rebar3's report and ct_run's).

A failed test's message is the assertion's term as rebar3 renders it, or the
reason of the term it raised; its place the innermost frame of the user's code
in its stack (``erlang``'s frames and helpers). The summaries only repeat the
failures. (erlc, dialyzer, rebar3's own errors, crashes of ``erl`` and escript:
erlang.py.)

A test fails of an assertion (EUnit's ``?assert*`` macros, a ``badmatch``:
Common Test's suites assert by matching, ``ct:fail``'s ``test_case_failed``),
or of a crash (``badarith``, ``function_clause``, a timeout), or calls a
function that is not there (``undef``): its reason says which.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ...report import Error
from ..reader import Reader
from . import Format, named_above, regex, said_in
from .erlang import OTP_PATH, PRINTED_FRAME, TERM_FRAME, locate, term_reason, user_frame

# With erlang.py's: before node.py's mocha row, which would take rebar3's EUnit
# failure ("  1) calc_tests:add_test/0") as a mocha test's.
ORDER = 15
COMMANDS = {"ct_run": "common_test"}
BUILDS: dict[str, frozenset[str] | None] = {"ct_run": None}


# What a failed test's reason (``error:{badmatch,3}``, ``{assertEqual,[...]}``,
# ``?assertMatch(...) expected: ...``) says it failed of.
_REASON_SAYS = (
    ("assertion", regex(r"^\??\{?(?:assert\w*|\w+_failed|badmatch|test_case_failed)\b")),
    ("reference", regex(r"^\{?undef\b")),
)


def reason_category(reason: str) -> str:
    """A failed test's category by its reason: an assertion, a call of a function
    that is not there, else a crash."""
    reason = re.sub(r"^(?:error|exit|throw):", "", reason.strip())
    return said_in(_REASON_SAYS, reason) or "runtime"


def _string(term: str) -> str:
    """A string of a term as written (``"calc : parse ( \\"41\\" )"``): its text."""
    if len(term) > 1 and term[0] == term[-1] == '"':
        return re.sub(r'\\(["\\])', r"\1", term[1:-1])
    return term


def _assertion(term: str) -> str | None:
    """An EUnit assertion's term as rebar3 renders it: ``?assertEqual(3, calc:add(1, 1))
    expected: 3 got: 2``; None for any other term."""
    if (name := re.match(r"^(?:error:)?\{(assert\w*|\w+_failed),", term)) is None:
        return None
    fields = dict(
        re.findall(
            r"\{(expression|expected|pattern|value|unexpected_\w+),"
            r"(\"(?:[^\"\\]|\\.)*\"|[^{}]*?|\{.*?\})\}(?=,\s*\{|\]\})",
            term,
        )
    )
    # as rebar3 renders it: ``?assertMatch({ ok , 42 }, calc : parse ( "41" )) expected: = ...``
    pattern = _string(fields["pattern"]) if "pattern" in fields else None
    expression = _string(fields.get("expression", ""))
    called = ", ".join(said for said in (pattern, expression) if said)
    said = [f"?{name[1]}({called})" if "expression" in fields else name[1]]
    if pattern is not None:
        said.append(f"expected: = {pattern}")
    elif "expected" in fields:
        said.append(f"expected: {fields['expected']}")
    if "value" in fields:
        said.append(f"got: {fields['value']}")
    return " ".join(said)


class EUnitFailure(Reader):
    """An EUnit ``*failed*`` test: its stack (``in function``, ``in call from``),
    ``**error:Term`` and the test's output, up to the blank line."""

    frames_wanted = False
    _RAISED = regex(r"^\*\*(?P<what>(?:error|exit|throw):.*)$")

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.term: list[str] = []
        self.open = False  # in the lines of the term
        if err.test and (m := re.match(r"^([\w@]+): ([\w@]+)$", err.test)):
            err.test = f"{m[1]}:{m[2]}"  # ``calc_tests: add_test``: the test's function

    def accept(self, line: str) -> bool:
        if not line.strip():
            return False
        if m := self._RAISED.match(line):
            self.term, self.open = [m["what"]], True
        elif self.open and line[:1].isspace() and not line.lstrip().startswith("output:"):
            self.term.append(line.strip())
        else:
            self.open = False
        return True

    def finish(self) -> None:
        if self.term:
            term = " ".join(self.term)
            self.err.message = _assertion(term) or term
            if term == "error:undef" and (called := self._called()):
                self.err.message += f" (undefined function {called})"
        frames = (PRINTED_FRAME.search(line) for line in self.err.block[1:])
        locate(self.err, user_frame(m for m in frames if m))

    def _called(self) -> str | None:
        """The function an ``undef`` called: the stack's first (``in function calc:mul/2``)."""
        first = self.err.block[1] if len(self.err.block) > 1 else ""
        m = re.match(r"^in function (\S+/\d+)", first)
        return m[1] if m else None

    def category(self) -> str | None:
        if self.err.message == "timed out":
            return "runtime"
        return reason_category(self.err.message) if self.term else None


class Rebar3EUnit(Reader):
    """A failure in rebar3's EUnit report: ``  1) mod:test/0``, then
    ``Failure/Error:`` with what failed, a ``%% file:line:in`` frame."""

    frames_wanted = False
    _WHERE = regex(r"^\s+%% (?P<file>\S+?):(?P<line>\d+):in ")

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.said: list[str] = []
        self.failed = False

    def accept(self, line: str) -> bool:
        if not line.strip() or len(line) - len(line.lstrip()) < 3:
            return False
        stripped = line.strip()
        if stripped.startswith("Failure/Error:"):
            self.failed = True
            self.said = [stripped.removeprefix("Failure/Error:").strip()]
        elif self.failed and not stripped.startswith(("%%", "Output:")) and self.count < 40:
            self.said.append(stripped)
        return True

    def finish(self) -> None:
        err = self.err
        self.valid = self.failed
        term = " ".join(self.said)
        if self.said and self.said[0].startswith("{"):
            err.message = term_reason(term)
        elif self.said:
            err.message = term
        wheres = [m for line in err.block[1:] if (m := self._WHERE.match(line))]
        user = [m for m in wheres if "/" in m["file"] and not OTP_PATH.search(m["file"])]
        if user:
            err.file, err.line = user[0]["file"], int(user[0]["line"])
        else:
            locate(err, user_frame(TERM_FRAME.finditer(term)))

    def category(self) -> str | None:
        return reason_category(self.err.message) if self.said else None


class CommonTestFailure(Reader):
    """rebar3's Common Test report: ``%%% suite ==> case: FAILED``, then
    ``%%% suite ==> {Reason, Stack}`` and the term's lines."""

    frames_wanted = False

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.term: list[str] = []
        if m := re.match(r"^%%% (?P<suite>\w+) ==> (?P<case>\S+): FAILED$", err.text):
            err.test = f"{m['suite']}:{m['case']}"

    def accept(self, line: str) -> bool:
        if not self.term:
            if (m := re.match(r"^%%% \S+ ==> (?P<term>\{.*)$", line)) is None:
                return False
            self.term.append(m["term"])
            return True
        if line[:1].isspace() and line.strip():
            self.term.append(line.strip())
            return True
        return False

    def finish(self) -> None:
        term = " ".join(self.term)
        if term:
            self.err.message = term_reason(term)
            locate(self.err, user_frame(TERM_FRAME.finditer(term)))

    def category(self) -> str | None:
        return reason_category(self.err.message) if self.term else None


class CtRunFailure(Reader):
    """ct_run's ``suite:case failed on line N``, then ``Reason: ...`` (the term cut
    short: ``{badarith,[{erlang,...},{...}|...]}``). Where the test crashed in a
    function of another module, the line names that function (``erlang:'div'
    failed``), not the test."""

    frames_wanted = False

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.reason: str | None = None
        if err.test and not re.match(r"^\w+_SUITE:", err.test):
            err.test = None

    def accept(self, line: str) -> bool:
        if self.count == 0 and line.startswith("Reason: "):
            self.reason = term_reason(line.removeprefix("Reason: ").strip())
            self.err.message = f"{self.err.message}: {self.reason}"
            return True
        return False

    def finish(self) -> None:
        pass

    def category(self) -> str | None:
        return reason_category(self.reason) if self.reason is not None else None


READERS = {
    "eunit": EUnitFailure,
    "rebar3eunit": Rebar3EUnit,
    "commontest": CommonTestFailure,
    "ctrun": CtRunFailure,
}


def _ct_file(groups: dict[str, str | None], before: Sequence[str]) -> None:
    """ct_run names the suite's module: its file is ``module.erl``."""
    if groups.get("line") and (test := groups.get("test")):
        groups["file"] = test.split(":", 1)[0] + ".erl"


ROWS = (
    Format(
        "eunit-failure",
        r"^\s*(?P<test>[\w@]+:(?:\d+:)?\s*\S.*?)\.\.\.(?:\[[\d.]+ s\] )?"
        r"\*(?P<msg>failed|timed out)\*$",
        tool="eunit",
        block="eunit",
        rank=3,
        words=("*timed out*",),
        examples=("calc_tests: add_test...*failed*", "  calc_tests: add_test...*timed out*"),
    ),
    Format(
        "eunit-aborted",
        r"^\s*\*{3} (?P<msg>(?:context setup failed|test module not found|"
        r"(?:setup|cleanup|instantiation) failed|timed out|.*\bfailed)) \*{3}$",
        tool="eunit",
        block="eunit",
        category="runtime",
        rank=2,
        examples=("*** context setup failed ***",),
    ),
    Format(
        "eunit-summary",
        r"^\s*(?:Failed: [1-9]\d*\.\s+Skipped: \d+\.\s+Passed: \d+\.|"
        r"One or more tests were cancelled\.)\s*$",
        tool="eunit",
        role="consequence",
        rank=0,
        examples=("  Failed: 1.  Skipped: 0.  Passed: 2.",),
    ),
    Format(
        "rebar3-eunit-failure",
        # an EUnit test: ``module:function/0`` or ``module:12: name`` (RSpec's, which this
        # report copies, reads ``  1) Cart::Item total``)
        r"^  \d+\) (?P<test>[a-z][\w@]*:(?:[a-z'][\w@'-]*/\d+|\d+:)(?: .*)?)$",
        tool="eunit",
        block="rebar3eunit",
        rank=3,
        examples=("  1) calc_tests:add_test/0",),
    ),
    Format(  # its ``Pending:`` tests, cancelled: one timed out (the others, ``{blame,...}``, of it)
        "rebar3-eunit-timeout",
        r"^ {4}%% Unknown error: \{(?P<msg>timeout)\b.*$",
        tool="eunit",
        category="runtime",
        rank=3,
        fixup=named_above(r"^  (?P<test>[a-z][\w@]*:\S+/\d+)\s*$"),
        words=("Unknown error",),
        examples=("    %% Unknown error: {timeout,",),
    ),
    Format(
        "ct-failure",
        r"^%%% (?P<suite>\w+) ==> (?P<case>\S+): FAILED$",
        tool="common_test",
        block="commontest",
        rank=3,
        examples=("%%% calc_SUITE ==> add: FAILED",),
    ),
    Format(
        "ct-run-failure",
        r"^(?P<test>[\w@]+:'?[\w@]+'?) failed(?: on line (?P<line>\d+))?$",
        tool="common_test",
        block="ctrun",
        rank=3,
        fixup=_ct_file,
        examples=("calc_SUITE:add failed on line 8", "erlang:'div' failed"),
    ),
    Format(
        "ct-summary",
        r"^(?:Failed \d+ tests?\. Passed \d+ tests?\.|"
        r"Testing \S+: \*\*\* FAILED test case \d+ of \d+ \*\*\*|"
        r"Testing \S+: TEST COMPLETE, \d+ ok, [1-9]\d* failed\b.*)\s*$",
        tool="common_test",
        role="consequence",
        rank=0,
        examples=(
            "Failed 2 tests. Passed 1 tests.",
            "Testing tmp.ctx: TEST COMPLETE, 1 ok, 2 failed of 3 test cases",
        ),
    ),
)
