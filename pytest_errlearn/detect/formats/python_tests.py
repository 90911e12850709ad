"""Python's test runners as they report in a terminal: pytest (each ``--tb``
mode, its sections, its short summary, pytest-mypy's items), unittest and nose,
and tox and nox, which run them.

Where a row's words could be another tool's (``E   ...``, ``FAILED ...``),
the sections around them say whose they are: a test's heading names the
errors under it, and the report's own headings end it. tox and nox say last
that the command they ran failed (``py311: FAIL code 1``, ``nox > Command
pytest failed with exit code 1``): that only follows from what the command
printed above, and is the error only where it printed none.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ..frames import is_user_path
from ..reader import Reader
from . import Format, named_above, regex

TYPE_CHECKING = False  # mypy reads it as True: typing loads where it is used, not here
if TYPE_CHECKING:
    from ...report import Error

ORDER = 10  # with python.py's rows, after them (by name): none takes the other's lines
COMMANDS = {**dict.fromkeys(("pytest", "py.test", "tox", "nox"), "pytest"), "nosetests": "nose"}
BUILDS: dict[str, frozenset[str] | None] = {
    **dict.fromkeys(("pytest", "py.test", "tox", "nox", "nosetests"), None),
}
_PY = r"[^\s:]+\.pyi?"
_PYTEST_FRAME = regex(r"^(?P<file>[^\s:]+\.py):(?P<line>\d+): in \S+")
# A fixture pytest cannot find: the function that asked for it, as "file PATH, line N"
# above its source (the test, then each fixture that asked on its behalf).
_FIXTURE_ASKED = regex(r"^file (?P<file>.+), line (?P<line>\d+)$")


def _pytest_frame(groups: dict[str, str | None], before: Sequence[str]) -> None:
    """pytest's short tracebacks (and collection errors) put ``path:line: in f``
    above the ``E`` lines: the innermost such frame in the user's code. Under
    ``fixture 'x' not found`` it names the function that asked for the fixture,
    the last of them the one whose parameter it is."""
    frames: list[re.Match[str]] = []
    for line in reversed(before):  # innermost first, within this test's section
        if line.startswith(("___", "===", "E ")):
            break
        if not frames and (asked := _FIXTURE_ASKED.match(line)) is not None:
            groups["file"], groups["line"] = asked["file"], asked["line"]
            return
        if m := _PYTEST_FRAME.match(line):
            frames.append(m)
    user = [m for m in frames if is_user_path(m["file"])] or frames
    if user:
        groups["file"], groups["line"] = user[0]["file"], user[0]["line"]


# pytest-mypy's items: the file in the section's heading ("[mypy] " before it from
# its 0.10 on), mypy's messages under it without the file.
_MYPY_ITEM = named_above(r"^_{3,} (?:\[mypy\] )?(?P<file>[^\s:]+\.pyi?) _{3,}\s*$")


class ImportMismatch(Reader):
    """What pytest says under ``import file mismatch:``: the module of that name
    already imported from another file (its ``__file__``), then the test file it
    wanted to collect, each path indented on a line of its own, then its hint.
    The message names the module and the file it came from; the error is the
    test file's, which its section names."""

    frames_wanted = False
    _MODULE = regex(r"^imported module '(?P<module>[^']+)' has this __file__ attribute:$")

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.paths: list[str] = []

    def accept(self, line: str) -> bool:
        if (m := self._MODULE.match(line)) is not None:
            self.err.message = f"import file mismatch: module '{m['module']}' was imported"
            return True
        if line[:1].isspace() and line.strip():
            self.paths.append(line.strip())
            return True
        return line.startswith(("which is not the same as the test file", "HINT: remove"))

    def finish(self) -> None:
        if len(self.paths) == 2:
            self.err.message = f"{self.err.message} from {self.paths[0]}"
            self.err.file = self.paths[1]


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


READERS = {"pytest-passes": PytestPasses, "pytest-import-mismatch": ImportMismatch}

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
    Format(  # tox 3's heading of its summary: no test's section
        "tox-summary",
        r"^_{3,} summary _{3,}\s*$",
        tool="tox",
        role="section",
        words=(" summary ",),
        examples=(
            "___________________________________ summary ____________________________________",
        ),
    ),
    Format(
        "pytest-section",
        r"^_{3,} (?:ERROR at (?:setup|teardown) of |ERROR collecting )?"
        r"(?P<test>\S+(?:::Cell \d+)?) _{3,}\s*$",  # nbval's test: a notebook's cell
        tool="pytest",
        role="section",
        examples=(
            "_____ ERROR collecting tests/test_x.py _____",
            "_______ test_a[1] _______",
            "_______ notebooks/calc.ipynb::Cell 0 _______",
        ),
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
        rf"^(?P<sev>FAILED|ERROR) (?P<file>{_PY}|[^\s:]+\.ipynb)(?:::(?P<test>Cell \d+|\S+))?"
        r"(?: - (?P<msg>.+))?$",
        tool="pytest",
        role="consequence",
        rank=1,
        examples=(
            "FAILED tests/test_a.py::test_b - assert 1 == 2",
            "FAILED notebooks/calc.ipynb::Cell 0 - Notebook cell execution failed",
        ),
    ),
    Format(
        "pytest-tb-line",
        rf"^(?P<file>/?{_PY}):(?P<line>\d+): (?P<msg>\w*(?:Error|Exception|Failed)\b.*)$",
        tool="pytest",
        rank=2,
        examples=("/src/test_a.py:3: AssertionError: assert 1 == 2",),
    ),
    Format(  # two test files of one name outside packages: the second is not imported
        "pytest-import-mismatch",
        r"^(?P<msg>import file mismatch):$",
        tool="pytest",
        category="config",
        block="pytest-import-mismatch",
        rank=2,
        words=("import file mismatch",),
        examples=("import file mismatch:",),
    ),
    Format(  # pytest-xdist: a worker died (a segfault, os._exit, the OOM killer) in a
        # test, which printed no traceback: the line names the test, under its file's heading
        "pytest-xdist-crashed",
        r"^(?P<msg>worker '?gw\w+'? crashed while running '(?P<test>(?P<file>[^':]+)[^']*)')\s*$",
        tool="pytest",
        category="runtime",
        rank=3,
        words=("crashed while running",),
        examples=("worker 'gw1' crashed while running 'tests/test_calc.py::test_divide'",),
    ),
    Format(  # pytest-mypy: mypy's message under its file's heading, the line its place
        "pytest-mypy",
        r"^(?P<line>\d+): (?P<sev>error|warning|note): (?P<msg>\S.*?)  \[(?P<code>[\w-]+)\]$",
        tool="mypy",
        block="mypy",
        rank=2,
        fixup=_MYPY_ITEM,
        examples=(
            '6: error: Incompatible types in assignment (expression has type "str", variable'
            ' has type "int")  [assignment]',
        ),
    ),
    Format(  # pytest-mypy's item for mypy's own status, above or below the messages it
        # follows from (mypy's own output, where it printed no message, is under "mypy")
        "pytest-mypy-status",
        r"^mypy exited with status \d+\.$",
        tool="mypy",
        role="ignore",
        examples=("mypy exited with status 1.",),
    ),
    Format(  # nose could not load a test module: the traceback under it says why
        "nose-failure",
        r"^(?:ERROR|FAIL): Failure: \w+ \(.*\)$",
        tool="nose",
        role="section",
        examples=("ERROR: Failure: ImportError (No module named yaml)",),
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
    # tox and nox: the command they ran failed, of the errors it printed above; where
    # none was read, the line is the error (the lines above are their own progress)
    Format(  # tox 4: each environment's result, then the run's
        "tox-fail",
        r"^\s*(?P<msg>\S+: FAIL code -?\d+|evaluation failed :\() \(.* seconds\)$",
        tool="tox",
        role="count",
        rank=0,
        examples=(
            "  py312: FAIL code 1 (2.31=setup[1.10]+cmd[1.21] seconds)",
            "  evaluation failed :( (2.40 seconds)",
        ),
    ),
    Format(  # tox 3 (and 2): the command, the environment or its dependencies failed
        "tox-invocation",
        r"^ERROR: +(?P<msg>(?:\S+: )?InvocationError(?: for command|:) .+|\S+: commands failed|"
        r"invocation failed \(exit code \d+\).*|could not install deps \[.+)$",
        tool="tox",
        role="count",
        rank=0,
        examples=(
            "ERROR: InvocationError for command /ci/.tox/py39/bin/pytest (exited with code 1)",
            "ERROR:   py39: commands failed",
            "ERROR:   py39: InvocationError for command /ci/.tox/py39/bin/python -m pip install"
            " pkg.zip (exited with code 1)",
            "ERROR: invocation failed (exit code 1), logfile: /ci/.tox/py39/log/py39-1.log",
            "ERROR: could not install deps [pytest, pkg==9.9]; v = InvocationError('/ci/.tox/"
            "py39/bin/python -m pip install pytest pkg==9.9', 1)",
        ),
    ),
    Format(  # an environment whose Python tox cannot find
        "tox-no-interpreter",
        r"^ERROR: +(?:\S+: )?(?P<msg>InterpreterNotFound: .+)$",
        tool="tox",
        category="config",
        rank=2,
        examples=("ERROR:  py36: InterpreterNotFound: python3.6",),
    ),
    Format(
        "nox-command-failed",
        r"^nox > (?P<msg>Command .+ failed with exit code -?\d+):?$",
        tool="nox",
        role="count",
        rank=0,
        examples=("nox > Command python -m pytest -q tests failed with exit code 1",),
    ),
    Format(
        "nox-session-failed",
        r"^nox > (?P<msg>Session \S+ (?:failed|aborted)(?:\.|: .+)|\* \S+: failed)$",
        tool="nox",
        role="count",
        rank=0,
        examples=(
            "nox > Session tests-3.12 failed.",
            "nox > Session lint failed: the configuration is missing",
            "nox > * tests-3.12: failed",
        ),
    ),
)
