r"""Maven and its plugins: the compiler plugin's diagnostics, surefire's and
failsafe's failed tests, the enforcer's rules, the artifacts it could not
resolve, and the ``Failed to execute goal`` line that says which goal failed.

Every line is under its level (``[ERROR]``); the goal's failure comes last,
after ``BUILD FAILURE``, and repeats what its plugin said above it::

    [ERROR] /ci/app/src/main/java/com/example/Calc.java:[10,16] cannot find symbol
      symbol:   variable totl
    [INFO] BUILD FAILURE
    [ERROR] Failed to execute goal org.apache.maven.plugins:maven-compiler-plugin:3.11.0:compile
    (default-compile) on project calc: Compilation failure
    [ERROR]   mvn <args> -rf :calc

The goal's line follows from the errors above it; where none was printed (a
pasted tail, a plugin that says nothing else) it is the error itself. The
enforcer names the rule that failed, its reason on the lines under it (under
``[ERROR]`` since 3.2; before, under no level, the rule's line a warning)::

    [ERROR] Rule 0: org.apache.maven.enforcer.rules.version.RequireJavaVersion failed with message:
    [ERROR] Detected JDK version 17.0.15 (JAVA_HOME=/usr/lib/jvm/java-17) is not in the allowed
    range [21,).

Surefire's results list the failed tests again (2.x: ``Failed tests:`` and
``  adds(com.example.CalcTest): expected:<3> but was:<2>``; 2.19 on:
``  CalcTest.adds:12 expected...``): each follows from its failure above it,
and names its test where the failure itself is not in the output.
"""

from __future__ import annotations

from ...report import Error
from ..reader import Reader
from . import Format, regex
from .java import JVM_SRC, javac_detail

ORDER = 45  # with java.py's rows, after them (by name): none takes the other's lines
COMMANDS = dict.fromkeys(("mvn", "mvnw"), "maven")
# Executable -> the subcommands that build or test (None: any use).
BUILDS: dict[str, frozenset[str] | None] = dict.fromkeys(("mvn", "mvnw"), None)
# Executable -> its options that name a manifest, whose folder is the one it works in.
MANIFEST_OPTIONS = dict.fromkeys(("mvn", "mvnw"), ("-f", "--file"))


class Maven(Reader):
    """javac's detail lines under a maven ``[ERROR] file:[l,c]`` line (symbol, location):
    with "[ERROR] " before them in Maven's summary, with none in its first list."""

    frames_wanted = False

    def accept(self, line: str) -> bool:
        return javac_detail(self.err, line)

    def finish(self) -> None:
        pass


class EnforcerRule(Reader):
    """The reason under an enforcer rule's ``failed with message:`` line: the
    lines up to the next of Maven's own, under ``[ERROR]`` or under no level.
    Its first line is the message (``Detected JDK version 17 is not in the
    allowed range [21,)``); the rule's name is the code."""

    frames_wanted = False
    _OWN = regex(
        r"^\[(?:INFO|WARNING|WARN|DEBUG)\]|^\[ERROR\] (?:Rule \d+:|Failed to execute goal|->|"
        r"-{10,}|BUILD|\s*$)"
    )
    _LEVEL = regex(r"^\[ERROR\] ")

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.said: list[str] = []

    def accept(self, line: str) -> bool:
        if self.count >= 20 or not line.strip() or self._OWN.match(line):
            return False
        self.said.append(self._LEVEL.sub("", line).strip())
        return True

    def finish(self) -> None:
        if self.said:
            self.err.message = self.said[0]


READERS = {"maven": Maven, "enforcer": EnforcerRule}

# Where surefire's results name a test again: on the heading's line, or under it.
_LISTED = r"^(?:\[ERROR\] )?(?:(?:Failed tests|Tests in error): +| {2})"

ROWS = (
    Format(  # old compiler plugins put javac's own "error: " after the place
        "maven-compiler",
        rf"^\[(?P<sev>ERROR|WARNING|WARN)\] (?P<file>{JVM_SRC}):"
        r"\[(?P<line>\d+)(?:,(?P<col>\d+))?\] (?:\((?P<code>[\w-]+)\) )?(?:(?:error|warning): )?"
        r"(?P<msg>.+)$",
        tool="maven",
        block="maven",
        rank=2,
        examples=(
            "[ERROR] /src/main/java/A.java:[3,5] cannot find symbol",
            "[ERROR] /ci/app/src/main/java/com/example/Calc.java:[10,16] error: cannot find symbol",
        ),
    ),
    Format(
        "surefire-failure",
        # surefire 2: ``testAdd(com.example.AppTest)  Time elapsed``; 3: ``com.example.AppTest.adds
        # -- Time elapsed`` (a parameterised test's ``(int)[1]`` after it)
        r"^(?:\[ERROR\] )?(?P<test>[\w$.]+(?:\([^()]*\))?(?:\[\d+\])?)(?: --)?\s+Time elapsed: "
        r".*<<< (?:FAILURE|ERROR)!$",
        tool="maven",
        block="javatest",
        rank=3,
        examples=(
            "testAdd(com.example.AppTest)  Time elapsed: 0.01 sec  <<< FAILURE!",
            "[ERROR] com.example.CalcTest.adds -- Time elapsed: 0.015 s <<< FAILURE!",
        ),
    ),
    Format(  # a test class's count, its failures below it: no error of its own, nor the
        # sign of one above it (the surefire 2.12 of Maven 3's defaults prints it unprefixed)
        "surefire-class-summary",
        r"^(?:\[(?:ERROR|WARNING|INFO)\] )?Tests run: \d+, Failures: \d+, Errors: \d+, "
        r"Skipped: \d+, Time elapsed: .*<<< (?:FAILURE|ERROR)!(?: --? in [\w$.]+)?$",
        tool="maven",
        role="ignore",
        examples=(
            "[ERROR] Tests run: 3, Failures: 1, Errors: 1, Skipped: 0, Time elapsed: 0.110 s "
            "<<< FAILURE! -- in com.example.CalcTest",
        ),
    ),
    Format(  # surefire 2's results: a failed test named again, its message after it
        "surefire-results",
        _LISTED + r"(?P<test>[\w$]+\((?:[\w$]+\.)+[\w$]+\)):(?:\s*(?P<msg>\S.*?))?\s*$",
        tool="maven",
        role="consequence",
        rank=0,
        words=("): ",),
        examples=(
            "Failed tests:   adds(com.example.CalcTest): expected:<3> but was:<2>",
            "  divides(com.example.CalcTest): / by zero",
        ),
    ),
    Format(  # ... 2.19's and 3's: the test's class (a capital first) and method, its line;
        # an error's exception after a guillemet
        "surefire-results-error",
        _LISTED + r"(?P<test>(?:[\w$]+[.>])*[A-Z][\w$]*\.[\w$]+):\d+\s+\xbb\s+(?P<msg>\S.*?)\s*$",
        tool="maven",
        role="consequence",
        rank=0,
        words=("test.",),
        examples=("[ERROR]   CalcTest.divides:20 \xbb Arithmetic / by zero",),
    ),
    Format(  # ... a failure's message, an assertion's
        "surefire-results-failure",
        _LISTED + r"(?P<test>(?:[\w$]+[.>])*[A-Z][\w$]*\.[\w$]+):\d+(?:\s+(?P<msg>\S.*?))?\s*$",
        tool="maven",
        category="assertion",
        role="consequence",
        rank=0,
        words=("test.",),
        examples=("  CalcTest.adds:12 expected:<3> but was:<2>",),
    ),
    Format(  # the results' headings, their tests under them
        "surefire-results-heading",
        r"^(?:\[ERROR\] )?(?:Failed tests|Tests in error|Failures|Errors|Flakes):\s*$",
        tool="maven",
        role="ignore",
        examples=("Failed tests: ", "[ERROR] Failures: "),
    ),
    Format(  # a goal that failed for want of an artifact: nothing before it says so
        "maven-unresolved",
        r"^\[ERROR\] Failed to execute goal (?:\S+ (?:\([\w.-]+\) )?)?on project [\w.-]+: "
        r"(?P<msg>.*?(?:Could not resolve dependencies|could not be resolved|Cannot access|"
        r"Could not (?:find|transfer) artifact|Failed to read artifact descriptor).*?)"
        r"(?: -> \[Help \d+\])?$",
        tool="maven",
        category="dependency",
        rank=2,
        examples=(
            "[ERROR] Failed to execute goal on project demo: Could not resolve dependencies for "
            "project com.ex:demo:jar:1.0: Cannot access central in offline mode -> [Help 1]",
        ),
    ),
    Format(  # an enforcer rule that failed, its reason on the lines under it
        "maven-enforcer",
        r"^\[(?:ERROR|WARNING)\] Rule \d+: (?:[\w$]+\.)*(?P<code>[\w$]+) failed with message:\s*$",
        tool="maven",
        category="config",
        block="enforcer",
        rank=2,
        examples=(
            "[ERROR] Rule 0: org.apache.maven.enforcer.rules.version.RequireJavaVersion failed "
            "with message:",
            "[WARNING] Rule 1: org.apache.maven.plugins.enforcer.RequireMavenVersion failed with "
            "message:",
        ),
    ),
    Format(  # the goal that failed, of the errors above it; of itself where none was read
        "maven-goal-failed",
        r"^\[ERROR\] Failed to execute goal \S+ (?:\([\w.-]+\) )?on project [\w.-]+: "
        r"(?P<msg>\S.*?)(?: -> \[Help \d+\])?\s*$",
        tool="maven",
        role="count",
        rank=1,
        examples=(
            "[ERROR] Failed to execute goal org.apache.maven.plugins:maven-surefire-plugin:3.2.5:"
            "test (default-test) on project calc: There are test failures.",
        ),
    ),
    Format(  # ... its reason on the lines under it (the enforcer's rules)
        "maven-goal-failed-below",
        r"^\[ERROR\] (?P<msg>Failed to execute goal \S+ (?:\([\w.-]+\) )?on project [\w.-]+):\s*$",
        tool="maven",
        role="count",
        rank=1,
        examples=(
            "[ERROR] Failed to execute goal org.apache.maven.plugins:maven-enforcer-plugin:3.6.3:"
            "enforce (enforce-java) on project calc: ",
        ),
    ),
    Format(
        "maven-consequence",
        r"^\[ERROR\] (?P<msg>(?:Failed to execute goal|Tests run:|Failures:|Errors:|"
        r"There (?:are|were) test failures|BUILD FAILURE|"
        r"Please refer to|To see the full|Re-run Maven|For more information|-> \[Help|"
        r"\[Help \d|After correcting|\s*$|\s+\S+:\d+ |Crashed tests|The forked VM|"
        r"ExecutionException|Command was|\s+mvn <|\s+(?:Run \d|\w[\w.$]+[.:]))).*$",
        tool="maven",
        role="consequence",
        rank=0,
        examples=(
            "[ERROR] Failed to execute goal org.apache.maven.plugins:maven-compiler-plugin",
            "[ERROR]   mvn <args> -rf :calc",
        ),
    ),
    Format(
        "maven-noise",
        r"^\[(?:ERROR|WARNING)\] (?:Picked up (?:JAVA_TOOL_OPTIONS|_JAVA_OPTIONS)|"
        r"Java HotSpot\(TM\)|OpenJDK 64-Bit Server VM warning|COMPILATION ERROR :?\s*$)",
        tool="maven",
        role="ignore",
        examples=("[ERROR] Picked up JAVA_TOOL_OPTIONS: -Dfile.encoding=UTF8",),
    ),
    Format(
        "maven-build-failure",
        r"^\[INFO\] BUILD FAILURE$|^\[(?:INFO|ERROR)\] -{20,}$",
        tool="maven",
        role="ignore",
        examples=("[INFO] BUILD FAILURE",),
    ),
    Format(
        "maven-error",
        r"^\[ERROR\] (?P<msg>.+)$",
        tool="maven",
        rank=1,
        examples=("[ERROR] Failed to read artifact descriptor for x:y:jar:1.0",),
    ),
)
