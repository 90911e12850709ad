"""C and C++ test runners: CTest (CMake's), GoogleTest and Catch2.

A test that did not pass is one error: GoogleTest's ``file:3: Failure`` and
Catch2's ``file:6: FAILED:`` with what the expectation says under them;
ctest's ``N/M Test #k: name ...***Failed`` with what the test printed under
it (``--output-on-failure``), read as the framework that printed it says it.
Their closing summaries only repeat the failures: consequences.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...report import Error
from ..reader import Reader, read_by_a_row
from . import Format, named_above, regex

COMMANDS = {"ctest": "ctest"}
BUILDS: dict[str, frozenset[str] | None] = {"ctest": None}

# ctest's words for a test that did not pass, and what each is. "Failed": the test
# said so, its output (``--output-on-failure``) says why.
_CTEST_CATEGORY = {"Timeout": "runtime", "Not Run": "build"}


def _ctest_message(groups: dict[str, str | None], before: Sequence[str]) -> None:
    """Until its output says more: the test, and ctest's word for how it ended
    (a crash's, "Exception: Subprocess aborted", before its "***" too)."""
    status = (groups["status"] or "").strip()
    if status == "Exception:" and groups.get("how"):
        status = f"Exception: {groups['how']}"
    groups["msg"] = f"{groups['test']}: {status}"


def _listed_message(groups: dict[str, str | None], before: Sequence[str]) -> None:
    """A listed test's message as its own line's: the test, and how it ended."""
    groups["msg"] = f"{groups['test']}: {groups['status']}"


class CTestOutput(Reader):
    """What a test that did not pass printed, under its line (``ctest
    --output-on-failure``), up to the next test's: its first line that some row
    reads as an error (a test framework's, a compiler's) is the error, with its
    place, and the lines under it are read by that row's own block reader; else
    its first line that says something went wrong is the message."""

    frames_wanted = False
    _NEXT = regex(
        r"^\s*(?:Start +\d+: |\d+/\d+ Test +#\d+: |\d+% tests passed|The following tests FAILED"
        r"|\d+ - \S+ \([A-Z][\w ]*\)$|Errors while running CTest)"
    )
    _TELLING = regex(r"(?i)error|fail|expected|exception|assert|abort|not |timed? ?out")
    # a test's own words at the place it failed ("test_div.c:6: FAIL: ...")
    _PLACED = regex(r"^(?P<file>[\w.@~+/\\-]+\.\w+):(?P<line>\d+):(?:\d+:)? ")

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.status = err.message.partition(": ")[2]
        self.said = False  # the output's own words are the message
        self.by_row = False  # ... and a row read them
        self.inner: Reader | None = None  # the reader of the lines under the error in it
        self.said_category: str | None = None

    def accept(self, line: str) -> bool:
        if self._NEXT.match(line):
            return False
        if self.inner is not None and not self.inner.feed(line, 0):
            self._take_inner()
        elif not self.said and line.strip():
            self._read(line)
        return True

    def _read(self, line: str) -> None:
        """A line of the output before its error: the error, if some row says so."""
        from ..blocks import READERS  # the readers hold the table: read once both are built

        err = self.err
        fmt = read_by_a_row(err, line, lambda row: row.name == "ctest-result")
        if fmt is not None:
            self.said = self.by_row = True
            self.said_category = fmt.category
            if fmt.block is not None:
                inner = Error(err.message, line, file=err.file, line=err.line, code=err.code)
                inner.block.append(line)
                self.inner = READERS[fmt.block](inner, 0)
        elif self._TELLING.search(line):
            self.err.message, self.said = line.strip(), True
            if (m := self._PLACED.match(line)) is not None:
                self.err.file, self.err.line = m["file"], int(m["line"])

    def _take_inner(self) -> None:
        """The inner error's lines are over: its message, place and category are the test's."""
        if (inner := self.inner) is None:
            return
        self.inner = None
        inner.finish()
        if inner.valid:
            done = inner.err
            self.err.message, self.err.code = done.message, done.code
            self.err.file, self.err.line, self.err.column = done.file, done.line, done.column
            self.said_category = inner.category() or self.said_category

    def finish(self) -> None:
        self._take_inner()

    def category(self) -> str | None:
        if self.by_row and self.said_category is not None:
            return self.said_category  # what the row that read its output says (an assert())
        if self.status.startswith("Exception"):
            return "runtime"  # a crash: ctest names the signal (SegFault, Bus error, ...)
        if self.by_row:
            return None
        return _CTEST_CATEGORY.get(self.status, "assertion")


# GoogleTest: a failed expectation's place (``unknown file``, no place, for an
# exception that escaped the test), then what it expected, over a few lines, up to the next
# bracketed status line (``[  FAILED  ] Suite.Test (0 ms)``).
_GTEST_AT = r": Failure$"
# The test is the last one GoogleTest said it runs, above.
_GTEST_TEST = named_above(r"^\[ RUN      \] (?P<test>\S+)$")
_DETAIL = 6  # lines of what an expectation says, at most, in the message


class _Expectation(Reader):
    """What a failed expectation says on the lines under its place, up to where
    ``ends`` says they end: their words joined (``_DETAIL`` lines at most) are
    the error's message."""

    frames_wanted = False

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.words: list[str] = []

    def ends(self, line: str) -> bool:
        raise NotImplementedError

    def accept(self, line: str) -> bool:
        if self.ends(line):
            return False
        if len(self.words) < _DETAIL:
            self.words.append(" ".join(line.split()))
        return True

    def finish(self) -> None:
        if self.words:
            self.err.message = " ".join(self.words)


class GTestFailure(_Expectation):
    """What a GoogleTest expectation says under its place: ``Expected equality of
    these values:`` and the values, ``Value of: ...  Actual: ...``, the test's own
    message; up to a bracketed status line."""

    def ends(self, line: str) -> bool:
        return line.startswith("[") or not line.strip() or line.endswith(": Failure")

    def category(self) -> str | None:
        return "runtime" if "exception" in self.err.message else "assertion"


# Catch2 (v2 and v3's console reporter): a test case's name between two lines of
# dashes, then each failed assertion: its place and ``FAILED:``, the expression,
# and ``with expansion:`` its values (or the exception's message), a blank line after.
_CATCH_AT = r": FAILED:$"
_DASHES = regex(r"^-{20,}$")
_DOTS = regex(r"^\.{20,}$")


def _catch2_test(groups: dict[str, str | None], before: Sequence[str]) -> None:
    """The test case is named between the last two lines of dashes above (its
    sections indented under its name): their lines joined with ``/``. (And
    MSVC's place, ``file(6)``, gives its line as gcc's does.)"""
    groups["line"] = groups.get("line") or groups.get("msvc_line")
    dashes = [i for i, line in enumerate(before) if _DASHES.match(line)]
    if len(dashes) >= 2:
        names = [line.strip() for line in before[dashes[-2] + 1 : dashes[-1]] if line.strip()]
        if names:
            groups["test"] = " / ".join(names)


class Catch2Assertion(_Expectation):
    """A failed Catch2 assertion under its place: the expression and its values
    (``REQUIRE( add(1, 2) == 3 ) with expansion: 4 == 3``), or the exception's
    message, up to the blank line after it."""

    def ends(self, line: str) -> bool:
        return not line.strip() or bool(_DASHES.match(line) or _DOTS.match(line))

    def category(self) -> str | None:
        said = self.err.message
        return "runtime" if "unexpected exception" in said or "fatal error" in said else "assertion"


class CTestListed(Reader):
    """A test ctest lists as not passed at its end (``  32 - store (Not Run)``): the
    test's error where its own line above was not read (a log cut, ``ctest -Q``);
    its category is the word ctest ends it with. Nothing under it belongs."""

    frames_wanted = False

    def accept(self, line: str) -> bool:
        return False

    def category(self) -> str | None:
        status = self.err.message.rpartition(": ")[2]
        if status == "Failed":
            return "assertion"
        return _CTEST_CATEGORY.get(status, "runtime")  # a crash: "SEGFAULT", "Subprocess aborted"


READERS = {
    "ctest": CTestOutput,
    "ctestlisted": CTestListed,
    "gtest": GTestFailure,
    "catch2": Catch2Assertion,
}

ROWS = (
    Format(
        "gtest-failure",
        r"^(?:(?P<file>(?:[A-Za-z]:)?[^\s:]+):(?P<line>\d+)|unknown file)" + _GTEST_AT,
        seek=_GTEST_AT,
        tool="gtest",
        block="gtest",
        fixup=_GTEST_TEST,
        rank=3,
        examples=("tests/math_test.cc:3: Failure", "unknown file: Failure"),
    ),
    Format(  # a test's end, each failure said above; its summary lists them again
        "gtest-failed",
        r"^\[  FAILED  \] (?:\d+ tests?, listed below:|(?P<test>\S+?)(?:, where .+?)?"
        r"(?: \(\d+ ms\))?)$|^ ?\d+ FAILED TESTS?$",
        tool="gtest",
        role="consequence",
        rank=0,
        words=("[  failed  ]", "failed test"),
        examples=(
            "[  FAILED  ] Math.Add (0 ms)",
            "[  FAILED  ] 3 tests, listed below:",
            "[  FAILED  ] Math.Add",
            " 3 FAILED TESTS",
        ),
    ),
    Format(  # ctest's line for a test that did not pass; what it printed may follow
        "ctest-result",
        r"^\s*\d+/\d+ Test +#\d+: (?P<test>\S+) \.+ *(?P<how>[A-Z][\w ]*?)?\*\*\*"
        r"(?P<status>Failed|Not Run|Timeout|Exception:(?: .+?)?)(?: +[\d.]+ sec)?\s*$",
        tool="ctest",
        block="ctest",
        fixup=_ctest_message,
        rank=3,
        words=("***failed", "***timeout", "***exception", "***not run"),
        examples=(
            "2/4 Test #2: unit_parse .......................***Failed    0.00 sec",
            "3/4 Test #3: integration ......................***Exception: SegFault  0.00 sec",
            "  4/4 Test  #4: slow .............................***Timeout   1.00 sec",
            "1/3 Test #1: test_add .........Subprocess aborted***Exception:   0.00 sec",
        ),
    ),
    Format(  # ... and the tests that did not pass, listed again at the end (the next rows)
        "ctest-summary",
        r"^Errors while running CTest$",
        tool="ctest",
        role="consequence",
        rank=0,
        examples=("Errors while running CTest",),
    ),
    Format(  # the list's heading: its lines say which (not the lines above it)
        "ctest-summary-heading",
        r"^The following tests FAILED:$",
        tool="ctest",
        role="ignore",
        rank=0,
        examples=("The following tests FAILED:",),
    ),
    Format(  # each a failure its line above said; where none was read, the error itself
        "ctest-listed",
        r"^\s+\d+ - (?P<test>\S+) \((?P<status>Failed|Not Run|Timeout|SEGFAULT|"
        r"Subprocess aborted|Child aborted|Bus error|ILLEGAL|Numerical|OTHER_FAULT|"
        r"Exception|Interrupt|Disabled)\)$",
        tool="ctest",
        role="consequence",
        block="ctestlisted",
        fixup=_listed_message,
        rank=3,
        words=(" (failed)", " (not run)", " (timeout)", " (segfault)", "aborted)"),
        examples=("\t  2 - unit_parse (Failed)", "\t 32 - store_trace (Not Run)"),
    ),
    Format(
        "catch2-failed",
        r"^(?P<file>(?:[A-Za-z]:)?[^\s:(]+)(?::(?P<line>\d+)|\((?P<msvc_line>\d+)\))" + _CATCH_AT,
        seek=_CATCH_AT,
        tool="catch2",
        block="catch2",
        fixup=_catch2_test,
        rank=3,
        words=("failed:",),
        examples=("tests/math_test.cpp:6: FAILED:", r"C:\ci\tests\math_test.cpp(6): FAILED:"),
    ),
    Format(
        "catch2-summary",
        r"^(?:test cases|assertions): +\d+ \| (?:\d+ passed \| )?\d+ failed",
        tool="catch2",
        role="consequence",
        rank=0,
        examples=("test cases: 4 | 1 passed | 3 failed", "assertions: 5 | 1 passed | 4 failed"),
    ),
)
