"""Python's test runners as they report in a terminal: pytest (each ``--tb``
mode, its sections, its short summary) and unittest.

Where a row's words could be another tool's (``E   ...``, ``FAILED ...``),
the sections around them say whose they are: a test's heading names the
errors under it, and the report's own headings end it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ..frames import is_user_path
from ..reader import Reader
from . import Format, regex

ORDER = 10  # with python.py's rows, after them (by name): none takes the other's lines
COMMANDS = {**dict.fromkeys(("pytest", "py.test", "tox", "nox"), "pytest")}
BUILDS: dict[str, frozenset[str] | None] = {
    **dict.fromkeys(("pytest", "py.test", "tox", "nox"), None),
}
_PY = r"[^\s:]+\.pyi?"
_PYTEST_FRAME = regex(r"^(?P<file>[^\s:]+\.py):(?P<line>\d+): in \S+")


def _pytest_frame(groups: dict[str, str | None], before: Sequence[str]) -> None:
    """pytest's short tracebacks (and collection errors) put ``path:line: in f``
    above the ``E`` lines: the innermost such frame in the user's code."""
    frames = []
    for line in reversed(before):  # innermost first, within this test's section
        if line.startswith(("___", "===", "E ")):
            break
        if m := _PYTEST_FRAME.match(line):
            frames.append(m)
    user = [m for m in frames if is_user_path(m["file"])] or frames
    if user:
        groups["file"], groups["line"] = user[0]["file"], user[0]["line"]


class PytestPasses(Reader):
    """``==== PASSES ====`` (``pytest -rA`` or ``-rP``): the captured output of the
    tests that passed, up to the report's next part. An error logged there (a
    handled exception, a line saying ERROR) failed nothing: no error is read in
    it, however long it is."""

    valid = False
    frames_wanted = False
    _NEXT = re.compile(r"^={3,} .+ ={3,}$")

    def feed(self, line: str, lineno: int) -> bool:
        return self.accept(line)

    def accept(self, line: str) -> bool:
        return not self._NEXT.match(line)


READERS = {"pytest-passes": PytestPasses}

ROWS = (
    Format(
        "pytest-E",
        r"^E {3,}(?P<msg>(?!\[\s*\d+%\]$)\S.*)$",  # not the progress line "E    [100%]"
        tool="pytest",
        block="pytest",
        rank=3,
        examples=("E       assert 1 == 2", "E   ModuleNotFoundError: No module named 'x'"),
        fixup=_pytest_frame,
    ),
    Format(
        "pytest-section",
        r"^_{3,} (?:ERROR at (?:setup|teardown) of |ERROR collecting )?(?P<test>\S+) _{3,}$",
        tool="pytest",
        role="section",
        examples=("_____ ERROR collecting tests/test_x.py _____", "_______ test_a[1] _______"),
    ),
    Format(  # the passed tests' output: nothing in it failed
        "pytest-passes",
        r"^={3,} PASSES ={3,}$",
        tool="pytest",
        block="pytest-passes",
        rank=0,
        examples=("==================== PASSES ====================",),
    ),
    Format(  # a part of the report begins: what follows is no earlier test's
        "pytest-part",
        r"^={3,} (?:FAILURES|ERRORS|warnings summary|short test summary info) ={3,}$",
        tool="pytest",
        role="section",
        examples=("========================= FAILURES =========================",),
    ),
    Format(
        "pytest-no-tests",
        r"^=+ (?P<msg>no tests ran)(?: in [\d.]+s)? =+$",
        tool="pytest",
        category="config",
        rank=1,
        examples=("======================= no tests ran in 0.01s ========================",),
    ),
    Format(
        "pytest-separator",
        r"^(?:_{3,}|={3,}|!{3,}) .*(?:_{3,}|={3,}|!{3,})$|^(?:_ ){3,}_?$",
        tool="pytest",
        role="ignore",
        examples=("==== 1 failed in 0.1s ====", "_ _ _ _ _ _ _ _ _ _ _ _"),
    ),
    Format(
        "pytest-short-summary",
        rf"^(?P<sev>FAILED|ERROR) (?P<file>{_PY})(?:::(?P<test>\S+))?(?: - (?P<msg>.+))?$",
        tool="pytest",
        role="consequence",
        rank=1,
        examples=("FAILED tests/test_a.py::test_b - assert 1 == 2",),
    ),
    Format(
        "pytest-tb-line",
        rf"^(?P<file>/?{_PY}):(?P<line>\d+): (?P<msg>\w*(?:Error|Exception|Failed)\b.*)$",
        tool="pytest",
        rank=2,
        examples=("/src/test_a.py:3: AssertionError: assert 1 == 2",),
    ),
    Format(
        "unittest-header",
        r"^(?:FAIL|ERROR): (?P<test>[\w.]+ \([\w.]+\)|[\w.]+)\s*$",
        tool="unittest",
        role="section",
        examples=(
            "FAIL: test_add (tests.test_math.MathTest)",
            "ERROR: tests.test_export (unittest.loader._FailedTest.tests.test_export)",
        ),
    ),
    Format(  # the loader's words before the traceback that says why (the error)
        "unittest-import-failed",
        r"^ImportError: Failed to import test module: \S+$",
        tool="unittest",
        role="ignore",
        examples=("ImportError: Failed to import test module: tests.test_export",),
    ),
    Format(
        "unittest-summary",
        r"^FAILED \((?:failures|errors)=\d+",
        tool="unittest",
        role="consequence",
        rank=0,
        examples=("FAILED (failures=1, errors=2)",),
    ),
)
