r"""Bazel: its ``ERROR:`` lines, the actions that failed, test targets that failed,
and its summaries.

An action that failed (``ERROR: /app/BUILD:5:10: Compiling app/calc.cc failed:
(Exit 1): gcc failed: error executing command ...``) is followed by the tool's
own output. When some row knows a line of that output (gcc's ``error:``,
javac's), the tool's errors are the cause and the Bazel line only says which
action they stopped: it is dropped. Otherwise the Bazel line is the error, and
the tool's output its block.
"""

from __future__ import annotations

from ...report import Error
from ..reader import Reader, diagnosed
from . import Format, regex

ORDER = 42  # before c.py's ninja row (``FAILED: ...``) and java.py's
COMMANDS = {"bazel": "bazel", "bazelisk": "bazel", "blaze": "bazel"}
BUILDS: dict[str, frozenset[str] | None] = {
    "bazel": frozenset({"build", "test", "run", "coverage"}),
    "bazelisk": frozenset({"build", "test", "run", "coverage"}),
}

# A place in a BUILD file (or a .bzl, WORKSPACE, MODULE.bazel) as Bazel prints it.
_BUILD_FILE = (
    r"(?:[A-Za-z]:)?/?[^\s:]*?(?:BUILD(?:\.bazel)?|WORKSPACE(?:\.bazel)?|\.bzl|MODULE\.bazel)"
)
_AT = rf"(?P<file>{_BUILD_FILE}):(?P<line>\d+):(?P<col>\d+): "


class BazelAction(Reader):
    """The lines after a located ``ERROR:``: the failed command (with
    ``--verbose_failures``), then the tool's output, up to Bazel's next line."""

    frames_wanted = False
    # Bazel's own lines: the block ends there.
    _OWN = regex(
        r"^(?:INFO|ERROR|WARNING|DEBUG|FAILED|FAIL|TIMEOUT|PASSED|Target //|Executed \d|"
        r"Loading|Analyzing|\[[\d,]+ / [\d,]+\]|//\S+ )"
    )
    _SKIPPED = regex(r"(?:: error executing .*|\s*\(remaining \d+ arguments? skipped\).*)$")

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        err.message = self._SKIPPED.sub("", err.message)

    def accept(self, line: str) -> bool:
        stripped = line.strip()
        if not stripped or line[:1].isspace() or stripped.startswith("Use --sandbox_debug"):
            return True  # the command, the sandbox's advice
        if self._OWN.match(line):
            return False
        if diagnosed(line):
            self.valid = False  # the tool's own errors follow: they are the cause
            return False
        return True


class StarlarkTraceback(Reader):
    """``ERROR: Traceback (most recent call last):``, its ``File "...", line N,
    column C`` frames (outermost first) and the ``Error in rule: ...`` line that
    ends it. A Python traceback logged at ERROR level has no column: no Bazel's."""

    _FRAME = regex(r'^\s+File "(?P<file>[^"]+)", line (?P<line>\d+)(?:, column (?P<col>\d+))?')

    done = False  # the ``Error in ...`` line ends it

    def accept(self, line: str) -> bool:
        if self.done:
            return False
        if line[:1].isspace():
            if m := self._FRAME.match(line):
                if m["col"] is None:
                    self.valid = False  # Python's, not Starlark's
                    return False
                self.err.file, self.err.line, self.err.column = (
                    m["file"],
                    int(m["line"]),
                    int(m["col"]),
                )
            return bool(line.strip())
        if line.startswith("Error"):
            self.err.message, self.done = line.strip(), True
            return True
        return False

    def finish(self) -> None:
        self.valid = self.valid and self.done


READERS = {"bazelaction": BazelAction, "starlark": StarlarkTraceback}

ROWS = (
    Format(  # what only follows from the errors above
        "bazel-consequence",
        r"^(?:(?:ERROR|FAILED): (?P<msg>Build did NOT complete successfully.*|Analysis of target "
        r"'[^']+' failed(?:; build aborted)?.*|command succeeded, but .*|"
        r"Couldn't start the build\. Unable to run tests|Build failed\. Not running target|"
        r"error loading package '[^']*': "
        r"Package '[^']*' contains errors|Skipping '[^']+': Error evaluating '[^']+': .*contains "
        r"errors|Analysis failed|build interrupted)|Target //\S+ failed to build|"
        r"Executed \d+ out of \d+ tests?: .*(?:fails?|failed|timed out|was cancelled).*|"
        r"//\S+\s+(?:\(cached\) )?(?:FAILED|TIMEOUT|FAILED TO BUILD|NO STATUS|INCOMPLETE|"
        r"FLAKY)\b.*)$",
        tool="bazel",
        role="consequence",
        rank=0,
        examples=(
            "ERROR: Build did NOT complete successfully",
            "FAILED: Build did NOT complete successfully",
            "//app:calc_test                                                 FAILED in 0.5s",
            "Executed 1 out of 2 tests: 1 fails locally.",
            "Target //app:calc failed to build",
        ),
    ),
    Format(
        "bazel-no-such",
        r"^ERROR: (?:" + _AT + r")?(?P<msg>(?:Skipping '[^']+': )?(?:no such (?:package|target) "
        r"|An error occurred during the fetch of repository |Error fetching repository|"
        r"Error downloading|Failed to fetch|error loading package '[^']*': (?!Package '[^']*' "
        r"contains errors)|Unable to find package for |Error computing the main repository "
        r"mapping|.+ is not visible from target ).*)$",
        tool="bazel",
        category="dependency",
        rank=2,
        examples=(
            "ERROR: /home/ci/app/BUILD:3:1: no such package '@foo//': The repository '@foo' could "
            "not be resolved: Repository '@foo' is not defined",
            "ERROR: no such package 'lib': BUILD file not found in any of the following "
            "directories. Add a BUILD file to a directory to mark it as a package.",
        ),
    ),
    Format(
        "bazel-starlark-traceback",
        r"^ERROR: Traceback \(most recent call last\):$",
        tool="bazel",
        block="starlark",
        rank=2,
        examples=("ERROR: Traceback (most recent call last):",),
    ),
    Format(  # an action that failed, or a located error of Bazel's own
        "bazel-error",
        r"^ERROR: " + _AT + r"(?P<msg>.+)$",
        tool="bazel",
        block="bazelaction",
        rank=2,
        examples=(
            "ERROR: /home/ci/app/BUILD:5:10: Compiling app/calc.cc failed: (Exit 1): gcc failed: "
            "error executing command (from target //app:calc) /usr/bin/gcc -U_FORTIFY_SOURCE",
            "ERROR: /home/ci/app/BUILD:3:1: C++ compilation of rule '//app:calc' failed (Exit 1)",
        ),
    ),
    Format(  # a test target that failed; its log (or, with --test_output=errors, the
        # output that follows) holds the test framework's own failure
        "bazel-test-failed",
        r"^(?:FAIL|TIMEOUT): (?P<test>//\S+)(?: \(shard \d+ of \d+\))?(?: \(see \S+\))?$",
        tool="bazel",
        category="assertion",
        rank=2,
        examples=(
            "FAIL: //app:calc_test (see /home/ci/.cache/bazel/_bazel_ci/4f1e/execroot/_main/"
            "bazel-out/k8-fastbuild/testlogs/app/calc_test/test.log)",
        ),
    ),
    Format(
        "bazel-test-output",
        r"^={10,} Test output for (?P<test>//\S+?):$",
        tool="bazel",
        role="section",
        examples=("==================== Test output for //app:calc_test:",),
        words=("Test output for",),
    ),
    Format(
        "bazel-warning",
        r"^WARNING: " + _AT + r"(?P<msg>.+)$",
        tool="bazel",
        role="warning",
        examples=("WARNING: /home/ci/app/BUILD:7:11: target '//app:old' is deprecated",),
    ),
    Format(  # Bazel's progress and bookkeeping (``INFO: Build completed, 1 test FAILED``)
        "bazel-info",
        r"^INFO: (?:From |Analyzed |Found \d|Elapsed time|\d+ process|Build completed|Streaming "
        r"build results|Invocation ID|Reading |Current date|Options provided|Running command "
        r"line|Build option|Build Event Protocol|Repository |Starting clean|Deleting |"
        r"Build completed successfully)",
        tool="bazel",
        role="ignore",
        examples=("INFO: Build completed, 1 test FAILED, 7 total actions",),
    ),
)
