r"""Maven and its plugins: the compiler plugin's diagnostics, surefire's and
failsafe's failed tests, the artifacts it could not resolve, and the ``Failed
to execute goal`` line that says which goal failed. (The enforcer, Spotless and
the checkers' counts: maven_plugins.py.)

Every line is under its level (``[ERROR]``); the goal's failure comes last,
after ``BUILD FAILURE``, and repeats what its plugin said above it::

    [ERROR] /ci/app/src/main/java/com/example/Calc.java:[10,16] cannot find symbol
      symbol:   variable totl
    [INFO] BUILD FAILURE
    [ERROR] Failed to execute goal org.apache.maven.plugins:maven-compiler-plugin:3.11.0:compile
    (default-compile) on project calc: Compilation failure
    [ERROR]   mvn <args> -rf :calc

The goal's line follows from the errors above it; where none was printed (a
pasted tail, a plugin that says nothing else) it is the error itself.

Surefire's results list the failed tests again (2.x: ``Failed tests:`` and
``  adds(com.example.CalcTest): expected:<3> but was:<2>``; 2.19 on:
``  CalcTest.adds:12 expected...``): each follows from its failure above it,
and names its test where the failure itself is not in the output.

A goal's line says what failed where its plugin printed nothing else: a test
JVM that died (``The forked VM terminated without saying properly goodbye``),
a JDK older than the release asked for (``Fatal error compiling: error:
release version 17 not supported``). An exception Maven logs under ``[ERROR]`` (javac's
``java.lang.OutOfMemoryError: PermGen space``) has its frames under it too.
"""

from __future__ import annotations

from ..reader import Reader
from . import Format, regex
from .java import JVM_SRC, javac_detail
from .scala import jvm_user_frame

ORDER = 45  # with java.py's rows, after them (by name): none takes the other's lines
COMMANDS = dict.fromkeys(("mvn", "mvnw"), "maven")
# Executable -> the subcommands that build or test (None: any use).
BUILDS: dict[str, frozenset[str] | None] = dict.fromkeys(("mvn", "mvnw"), None)
# Executable -> its options that name a manifest, whose folder is the one it works in.
MANIFEST_OPTIONS = dict.fromkeys(("mvn", "mvnw"), ("-f", "--file"))

# Maven's level before a line, or GitHub Actions' rendering of it in a job's
# page (and so in a paste from it): "Error:  Failed to execute goal ...", an
# annotation with Maven's own space after the level kept. Not in the catch-all
# row below: the page shows other tools' "ERROR" lines so too.
ERROR = r"(?:\[ERROR\]|Error: ) "


def unlevelled(line: str) -> str:
    """A line of Maven's without its level (``ERROR``'s either way it is shown)."""
    return line.removeprefix("[ERROR]").removeprefix("Error:").strip()


class Maven(Reader):
    """javac's detail lines under a maven ``[ERROR] file:[l,c]`` line (symbol, location):
    with "[ERROR] " before them in Maven's summary, with none in its first list."""

    frames_wanted = False

    def accept(self, line: str) -> bool:
        return javac_detail(self.err, line)

    def finish(self) -> None:
        pass


class LoggedStack(Reader):
    """The frames of an exception Maven logged under ``[ERROR]`` (``[ERROR] at
    java.lang.ClassLoader.defineClass1(Native Method)``), its causes with them:
    the last cause is the message, the innermost frame of the project's code the
    place."""

    frames_wanted = False
    _FRAME = regex(r"^(?:\[ERROR\]|Error:)\s*(?:at \S|\.\.\. \d+ more|Caused by: )")

    def accept(self, line: str) -> bool:
        return self._FRAME.match(line) is not None

    def finish(self) -> None:
        body = [unlevelled(line) for line in self.err.block[1:]]
        causes = [b.removeprefix("Caused by: ") for b in body if b.startswith("Caused by: ")]
        if causes:
            self.err.message = causes[-1]
        if (where := jvm_user_frame(body)) is not None:
            self.err.file, self.err.line = where


class JavacOutput(Reader):
    """What javac printed that the compiler plugin could not parse, under its
    ``Failure executing javac, but could not parse the error:``, up to Maven's
    own next line: its first exception (``java.lang.OutOfMemoryError: PermGen
    space``), else its first line (``javac: invalid target release: 11``), is
    the message."""

    frames_wanted = False
    _OWN = regex(
        "^" + ERROR + r"(?:-> \[Help|\[Help \d|To see the full|Re-run Maven|For more information|"
        r"Failed to execute goal)|^\[(?:INFO|WARNING|WARN)\]"
    )
    _THROWN = regex(r"^(?:[a-z_$][\w$]*\.)+[A-Z][\w$]*(?:Exception|Error)\b")
    _RELEASE = regex(
        r"invalid (?:target|source) release|release version \S+ not supported|"
        r"invalid flag: --release|is no longer supported"
    )

    def accept(self, line: str) -> bool:
        levelled = line.startswith(("[ERROR]", "Error: "))
        return self.count < 40 and levelled and not self._OWN.match(line)

    def finish(self) -> None:
        body = [unlevelled(line) for line in self.err.block[1:]]
        said = [b for b in body if b and not b.startswith("at ")]
        thrown = next((b for b in said if self._THROWN.match(b)), None)
        if thrown or said:
            self.err.message = thrown or said[0]
        if (where := jvm_user_frame(body)) is not None:
            self.err.file, self.err.line = where

    def category(self) -> str | None:
        return "config" if self._RELEASE.search(self.err.message) else None


READERS = {
    "maven": Maven,
    "javacoutput": JavacOutput,
    "mavenstack": LoggedStack,
}

# The goal's line, up to what its plugin said.
_GOAL = "^" + ERROR + r"Failed to execute goal \S+ (?:\([\w.-]+\) )?on project [\w.-]+: "
# Where surefire's results name a test again: on the heading's line, or under it.
_LISTED = f"^(?:{ERROR})?" + r"(?:(?:Failed tests|Tests in error): +| {2})"

ROWS = (
    Format(  # old compiler plugins put javac's own "error: " after the place
        "maven-compiler",
        rf"^(?:\[(?P<sev>ERROR|WARNING|WARN)\] |Error:  )(?P<file>{JVM_SRC}):"
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
        rf"^(?:{ERROR})?"
        r"(?P<test>[\w$.]+(?:\([^()]*\))?(?:\[\d+\])?)(?: --)?\s+Time elapsed: "
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
        r"^(?:\[(?:ERROR|WARNING|INFO)\] |(?:Error|Warning):  )?Tests run: \d+, Failures: \d+, "
        r"Errors: \d+, "
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
        f"^(?:{ERROR})?" r"(?:Failed tests|Tests in error|Failures|Errors|Flakes):\s*$",
        tool="maven",
        role="ignore",
        examples=("Failed tests: ", "[ERROR] Failures: "),
    ),
    Format(  # a goal that failed for want of an artifact: nothing before it says so
        "maven-unresolved",
        "^" + ERROR + r"Failed to execute goal (?:\S+ (?:\([\w.-]+\) )?)?on project [\w.-]+: "
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
    Format(  # the test JVM died: of what it printed above (a memory error), else of itself
        "maven-fork-failed",
        _GOAL + r"(?:Execution \S+ of goal \S+ failed: )?(?P<msg>(?:The forked VM terminated"
        r"|There was an error in the forked process|ExecutionException)\b.*?)"
        r"(?: -> \[Help \d+\])?\s*$",
        tool="maven",
        category="runtime",
        role="count",
        rank=1,
        examples=(
            "[ERROR] Failed to execute goal org.apache.maven.plugins:maven-surefire-plugin:3.2.5:"
            "test (default-test) on project calc: The forked VM terminated without properly "
            "saying goodbye. VM crash or System.exit called?",
        ),
    ),
    Format(  # a JDK older than the release the build asks for
        "maven-compiler-release",
        _GOAL + r"(?P<msg>Fatal error compiling: (?:error: )?(?:release version \S+ not "
        r"supported|invalid (?:target|source) release: \S+|invalid flag: --release|(?:Source|"
        r"Target) option \S+ is no longer supported\b.*?))(?: -> \[Help \d+\])?\s*$",
        tool="maven",
        category="config",
        rank=2,
        examples=(
            "[ERROR] Failed to execute goal org.apache.maven.plugins:maven-compiler-plugin:3.13.0:"
            "compile (default-compile) on project calc: Fatal error compiling: error: release "
            "version 21 not supported -> [Help 1]",
        ),
    ),
    Format(  # javac's own output, which the compiler plugin could not parse, under it
        "maven-javac-unparsed",
        "^" + ERROR + r"(?P<msg>Failure executing javac, but could not parse the error:)\s*$",
        tool="javac",
        block="javacoutput",
        rank=3,
        examples=("[ERROR] Failure executing javac, but could not parse the error:",),
    ),
    Format(  # a JVM out of memory: surefire's fork says the error's message alone
        "maven-out-of-memory",
        "^" + ERROR + r"(?P<msg>(?:java\.lang\.OutOfMemoryError: )?(?:Java heap space|GC overhead "
        r"limit exceeded|Metaspace|PermGen space|Compressed class space|unable to create (?:new )?"
        r"native thread)\b.*?)(?: -> \[Help \d+\])?\s*$",
        tool="maven",
        category="runtime",
        block="mavenstack",
        rank=3,
        examples=(
            "[ERROR] Java heap space",
            "[ERROR] java.lang.OutOfMemoryError: Metaspace",
        ),
    ),
    Format(  # another exception logged under [ERROR] (not Maven's own, which repeat the goal)
        "maven-logged-exception",
        "^" + ERROR + r"(?P<msg>(?!org\.apache\.maven\.)(?:[a-z_$][\w$]*\.)+[A-Z][\w$]*"
        r"(?:Exception|Error)(?:: .*)?)$",
        tool="maven",
        block="mavenstack",
        rank=3,
        examples=("[ERROR] java.lang.IllegalStateException: no handler for scheme",),
    ),
    Format(  # the goal that failed, of the errors above it; of itself where none was read
        "maven-goal-failed",
        _GOAL + r"(?P<msg>\S.*?)(?: -> \[Help \d+\])?\s*$",
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
        "^" + ERROR + r"(?P<msg>Failed to execute goal \S+ (?:\([\w.-]+\) )?on project "
        r"[\w.-]+):\s*$",
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
        "^" + ERROR + r"(?P<msg>(?:Failed to execute goal|Tests run:|Failures:|Errors:|"
        r"There (?:are|were) test failures|BUILD FAILURE|"
        r"Please refer to|To see the full|Re-run Maven|For more information|-> \[Help|"
        r"\[Help \d|After correcting|\s*$|\s+\S+:\d+ |Crashed tests|The forked VM|"
        r"ExecutionException|Command was|\s+mvn <|\s+(?:Run \d|\w[\w.$]+[.:])|"
        r"org\.apache\.maven\.[\w.$]+(?:Exception|Error)\b)).*$",
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
        r"^(?:\[(?:ERROR|WARNING)\]|(?:Error|Warning): ) (?:Picked up (?:JAVA_TOOL_OPTIONS|"
        r"_JAVA_OPTIONS)|"
        r"Java HotSpot\(TM\)|OpenJDK 64-Bit Server VM warning|COMPILATION ERROR :?\s*$|"
        r"\s*at [\w$.<>/]+\(.*\)$)",  # the frames of an exception whose line was read
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
