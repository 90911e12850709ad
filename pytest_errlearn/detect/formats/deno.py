r"""Deno: ``deno test`` (1.22 on), ``deno check`` and ``deno lint``.

``deno test`` marks each test as it ends (``subtract ... FAILED (2ms)``),
then lists the failures' errors under `` ERRORS ``, each under its test and
where the test is declared, the exception with its source line and frames::

    subtract => ./main_test.ts:8:6
    error: AssertionError: Values are not equal.
        ...
        at file:///home/runner/work/app/main_test.ts:9:3

then the same headers alone under `` FAILURES ``, and its counts. The error is
the exception, at its innermost frame in the project (else where the test is
declared). The type checker's and the linter's errors name their code first,
their place under them (``at file:///src/main.ts:1:7``, `` --> src/main.ts:1:7``).
"""

from __future__ import annotations

from ...report import Error
from ..reader import Reader, _set_location
from . import Format, regex

ORDER = 9  # before python.py's ruff row, which takes "TS2322 [ERROR]: ..." for a rule's code
COMMANDS = {"deno": "deno"}
BUILDS: dict[str, frozenset[str] | None] = {
    "deno": frozenset({"test", "check", "lint", "compile", "bench"})
}

_AT = r":(?P<line>\d+):(?P<col>\d+)\s*$"
_HEADER = r" => (?P<file>\S+?)" + _AT  # after a test's name: where it is declared
_REMOTE = regex(r"\b(?:https?|ext|jsr|npm|node):")  # a module's URL: no file of the project
_PLACE = regex(r"^\s*(?:at|-->) (?:file://)?(?P<file>[^\s()]+?):(?P<line>\d+):(?P<col>\d+)\s*$")


class TestError(Reader):
    """A test's error under `` ERRORS ``: the exception (``error: ...``), the
    difference an assertion shows (``[Diff] Actual / Expected``), its source
    line and its frames, blank lines between them, up to the next test or
    `` FAILURES ``. The same header there has no error under it: it only
    repeats the test, and is no error."""

    _NEXT = regex(r"^ ?(?:ERRORS|FAILURES)\s*$|^(?:FAILED|ok) \||^\S.* => \S+:\d+:\d+\s*$")
    _DIFF = regex(r"^([-+])\s+(\S.*)$")  # "-   3": the actual value; "+   4": the expected

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.valid = False
        self.diff: list[str] = []

    def accept(self, line: str) -> bool:
        if not line.strip():
            return self.valid and self.blanks < 3
        if not self.valid:
            if not line.startswith("error: "):
                return False
            self.valid = True
            self.err.message = line.removeprefix("error: ").strip()
            return True
        if self._NEXT.match(line):
            return False
        if (m := self._DIFF.match(line)) is not None and len(self.diff) < 4:
            self.diff.append(f"{m[1]} {m[2]}")
        return True

    def finish(self) -> None:
        """The message with its difference; the place, the innermost frame in the
        project where there is one (the failing line), else the test's."""
        if self.diff:
            self.err.message = f"{self.err.message} {' '.join(self.diff)}"
        local = [line for line in self.err.block[1:] if not _REMOTE.search(line)]
        if (where := self.frame_in(local)) is not None and where.user:
            _set_location(self.err, where)

    def category(self) -> str | None:
        """A failed assertion's, else what the exception says."""
        return "assertion" if "AssertionError" in self.err.message else self.said_else("runtime")


class Placed(Reader):
    """A checker's or linter's lines under its error: the quoted source, its
    marker, the notes; the place, the first ``at``/``-->`` line."""

    frames_wanted = False

    def accept(self, line: str) -> bool:
        if not line.strip():
            return False
        if line.startswith(("error", "TS", "Found ", "Checked ")):
            return False
        if self.err.file is None and (m := _PLACE.match(line)) is not None:
            self.err.file, self.err.line, self.err.column = m["file"], int(m["line"]), int(m["col"])
        return True

    def category(self) -> str | None:
        """The type checker's: what its words say (a name it cannot find is a
        reference), else a type error; the linter's: what its words say."""
        code = self.err.code or ""
        return self.said_else("type", f"{code} {self.err.message}") if code[:2] == "TS" else None


READERS = {"deno-test": TestError, "deno-placed": Placed}

ROWS = (
    Format(  # a test's error under " ERRORS " (under " FAILURES ", no error follows it)
        "deno-test-error",
        r"^(?P<test>\S.*?)" + _HEADER,
        seek=_AT,
        tool="deno",
        block="deno-test",
        rank=3,
        words=(" => ",),
        examples=(
            "subtract => ./main_test.ts:8:6",
            "nested failure ... step 1 ... inner 1 => ./test/steps/failing_steps.ts:10:13",
        ),
    ),
    Format(
        "deno-check",
        r"^(?:error: )?(?P<code>TS\d+) \[ERROR\]: (?P<msg>.+)$",
        tool="deno",
        block="deno-placed",
        rank=2,
        examples=(
            "TS2322 [ERROR]: Type 'string' is not assignable to type 'number'.",
            "error: TS2304 [ERROR]: Cannot find name 'foo'.",
        ),
    ),
    Format(
        "deno-lint",
        r"^error\[(?P<code>[a-z][a-z0-9]*(?:-[a-z0-9]+)+)\]: (?P<msg>.+)$",
        tool="deno",
        block="deno-placed",
        rank=2,
        examples=("error[no-unused-vars]: `x` is never used",),
    ),
    Format(  # what deno says once its tests, its checks or its lints have failed
        "deno-failed",
        r"^(?:error: (?P<msg>Test failed|Type checking failed\.?)|(?P<count>FAILED \| \d+ passed"
        r".* \| [1-9]\d* failed.*)|(?P<found>Found [1-9]\d* problems?))\s*$",
        tool="deno",
        role="consequence",
        rank=0,
        examples=(
            "error: Test failed",
            "FAILED | 1 passed | 1 failed (13ms)",
            "FAILED | 0 passed (1 step) | 3 failed (5 steps) (12ms)",
            "error: Type checking failed.",
            "Found 2 problems",
        ),
    ),
)
