"""cargo nextest: each test that failed, ``FAIL [ 0.004s] crate tests::name`` (a
signal's name for one that crashed: ``SIGSEGV``), its captured output under it
(``--- STDOUT:``, ``--- STDERR:``, the test's panic), and at the end the run's
summary, which lists the failed tests' lines again.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...report import Error
from ..reader import Reader
from . import Format, regex

ORDER = 30  # with rust.py's rows, after them (by name): none takes the other's lines


class NextestFail(Reader):
    """cargo nextest's line of a test that failed (``FAIL [ 0.01s] crate tests::a``,
    a signal's name for one that crashed), and under it the test's output
    (``--- STDOUT:``, ``--- STDERR:``) up to the next test's line. The panic in
    it says why and where; a line without one (the run's summary repeats them,
    a crash prints none) is the test's failure line only, a consequence of
    what was read of the test, if anything was, else its error."""

    frames_wanted = False
    _NEXT = regex(
        r"^\s+(?:PASS|FAIL|SIGSEGV|SIGABRT|SIGBUS|SIGILL|SIGKILL|ABORT|TIMEOUT|LEAK\S*|SLOW|"
        r"START|RETRY|TRY \d+ \w+|FLAKY|SKIP)\s|^-{5,}$|^\s*(?:Summary|Cancelling|Starting) "
    )
    _PANIC = regex(
        r"^\s*thread '[^']*'(?: \(\d+\))? panicked at (?:'(?P<msg>.*)', )?"
        r"(?P<file>[^\s:]+):(?P<line>\d+)(?::(?P<col>\d+))?:?$"
    )
    _SIDE = regex(r"^ {0,2}(?:left|right): ")

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.consequence = True  # until a panic says why
        self.said = 0  # lines of the panic's message taken

    def accept(self, line: str) -> bool:
        if self._NEXT.match(line):
            return False
        if self.consequence and (m := self._PANIC.match(line)) is not None:
            self.consequence = False
            self.err.file, self.err.line = m["file"], int(m["line"])
            self.err.column = int(m["col"]) if m["col"] else None
            if m["msg"]:
                self.err.message, self.said = m["msg"], 1
        elif not self.consequence and self.said < 3 and line.strip():
            if self.said == 0:
                self.err.message = line.strip()
            elif self._SIDE.match(line):
                self.err.message = f"{self.err.message} {line.strip()}"
            else:
                self.said = 3
            self.said += 1
        return True

    def category(self) -> str | None:
        if not self.consequence:
            return None  # the panic's words say
        return "assertion" if self.err.text.lstrip().startswith("FAIL") else "runtime"


def _nextest(groups: dict[str, str | None], before: Sequence[str]) -> None:
    """The message of a test's line: what befell which test."""
    status, test = groups["status"], groups["test"]
    groups["msg"] = f"test {test} failed" if status == "FAIL" else f"test {test} ended: {status}"


READERS = {"nextest": NextestFail}

ROWS = (
    Format(  # cargo nextest: a test that failed (or crashed: the signal's name), its output
        # under it; the run's summary lists them again
        "nextest-fail",
        r"^\s+(?P<status>FAIL|SIGSEGV|SIGABRT|SIGBUS|SIGILL|SIGKILL|ABORT|TIMEOUT)\s+"
        r"\[\s*[\d.]+m?s\]\s+(?:\(\s*\d+/\d+\)\s+)?(?:\S+\s+)?(?P<test>\S+)$",
        tool="cargo",
        block="nextest",
        fixup=_nextest,
        rank=3,
        words=("sigsegv", "sigabrt", "sigbus", "sigill", "sigkill", "timeout"),
        examples=(
            "        FAIL [   0.004s] calc tests::adds_two",
            "     SIGSEGV [   0.120s] calc-ffi tests::reads_buffer",
        ),
    ),
    Format(  # ... its summary's count: the test lines under it say what failed
        "nextest-summary",
        r"^\s+Summary \[\s*[\d.]+m?s\] \d+ tests? run: ",
        tool="cargo",
        role="ignore",
        examples=("     Summary [   0.010s] 3 tests run: 2 passed, 1 failed, 0 skipped",),
    ),
)
