"""JVM: javac, Java exceptions, the JVM's own fatal errors, Gradle, kotlinc under
Gradle, the JUnit console launcher. (Maven and surefire: maven.py; the Android
Gradle plugin: android.py.)

A JVM that crashed (a signal in native code, no memory left to map) says so on
lines that each start with ``#``: what happened and where, the frame it was in
under ``Problematic frame:``, the ``hs_err_pid`` file it wrote the rest to::

    # A fatal error has been detected by the Java Runtime Environment:
    #
    #  SIGSEGV (0xb) at pc=0x00007f3a2c1d0de0, pid=4242, tid=4243
    # ...
    # Problematic frame:
    # C  [libnative.so+0x15de0]  decode+0x20
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ...report import Error
from ..reader import Reader
from . import Format, regex
from .scala import jvm_user_frame

JVM_SRC = r"(?:[A-Za-z]:)?[^\s:\[]+\.(?:java|kt|kts|scala|groovy)"
# A request to a repository that failed for a reason a retry may not meet again:
# the server's 5xx, a timeout, a dropped or refused connection (a 404 is no such one).
_TRANSPORT = (
    r"Could not (?:GET|HEAD|PUT|POST) '[^']+'\. (?:Received status code 5\d\d\b.*|"
    r".*(?:timed out|[Cc]onnection reset|refused|handshake|Remote host terminated).*)"
)
_TRANSPORT_LINE = regex(rf"^\s*(?:> )?(?P<msg>{_TRANSPORT})$")


def transport_failure(line: str) -> str | None:
    """A Gradle line that says a repository request failed transiently (``Could
    not GET '...'. Received status code 502 from server: Bad Gateway``), as the
    message of the error it causes; None for any other line."""
    m = _TRANSPORT_LINE.match(line)
    return None if m is None else m["msg"]


class GradleCause(Reader):
    """The ``>`` lines nested under a Gradle ``Could not resolve ...`` line
    printed without its ``* What went wrong:`` heading: the deepest is the
    cause, and a transient repository failure among them is the message."""

    frames_wanted = False
    _NESTED = re.compile(r"^\s+(?:> |Required by:|\S)")

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.caused = False

    def accept(self, line: str) -> bool:
        if not self._NESTED.match(line):
            return False
        if not self.caused and (cause := transport_failure(line)) is not None:
            self.err.message, self.caused = cause, True
        return True

    def finish(self) -> None:
        pass


# The lines javac puts under a diagnostic that say which name it could not find
# ("  symbol:   method cout()"; "  location: class Inventory" after it), as Maven
# prints them too, under its "[ERROR] " or none.
_DETAIL = regex(
    r"^(?:\[(?:ERROR|WARNING|WARN)\]|(?:Error|Warning): )? {2,}(?P<key>\w+):\s+(?P<value>\S.*)$"
)  # under Maven's level, or GitHub Actions' rendering of it ("Error:  ", ``maven.ERROR``)
_JAVAC_AT = regex(rf"^{JVM_SRC}:\d+: |^\d+ (?:errors?|warnings?)$")


def javac_detail(err: Error, line: str) -> bool:
    """Whether ``line`` is one of javac's detail lines; its ``symbol:`` goes into
    ``err``'s message: "cannot find symbol: method cout()"."""
    if (m := _DETAIL.match(line)) is None:
        return False
    if m["key"] == "symbol" and ": " not in err.message:
        err.message = f"{err.message.strip()}: {m['value'].strip()}"
    return True


class Javac(Reader):
    """javac's source line and caret under its diagnostic, then its detail lines
    (``symbol:``, ``location:``): the caret says the column javac does not print."""

    frames_wanted = False

    def accept(self, line: str) -> bool:
        if self.count == 0:  # the source line, as written: at the margin too
            return bool(line.strip()) and _JAVAC_AT.match(line) is None
        if javac_detail(self.err, line):
            return True
        stripped = line.strip()
        if stripped == "^" and self.err.column is None:
            self.err.column = line.index("^") + 1
        return bool(stripped) and line[:1].isspace()

    def finish(self) -> None:
        pass


class ConsoleFailure(Reader):
    """The frames under a failure the JUnit Platform console launcher lists (no
    ``at`` before them, ``[...]`` for those it leaves out): the innermost in the
    project is the place."""

    frames_wanted = False
    _FRAME = regex(r"^ {7}\S|^ {7}\[\.\.\.\]$")

    def accept(self, line: str) -> bool:
        return self._FRAME.match(line) is not None

    def finish(self) -> None:
        if (where := jvm_user_frame(self.err.block[1:])) is not None:
            self.err.file, self.err.line = where


_CONSOLE_TEST = regex(r"^  (?:JUnit \w+|[\w.-]+):(?P<test>\S.*?)\s*$")


def _console_test(groups: dict[str, str | None], before: Sequence[str]) -> None:
    """The failed test, named two lines above its exception (``JUnit Jupiter:CalcTest:
    subtracts()``, then its ``MethodSource [...]``)."""
    for line in before[-2:]:
        if (m := _CONSOLE_TEST.match(line)) is not None:
            groups["test"] = m["test"]


class JvmCrash(Reader):
    """The ``#`` lines under the JVM's fatal error: the signal and its place
    (``SIGSEGV (0xb) at pc=0x7f3a2c1d0de0``, its ``pid=`` left out), with the
    frame named under ``Problematic frame:``; for a JVM out of native memory,
    the allocation that failed."""

    frames_wanted = False
    _SAID = regex(
        r"^(?:SIGSEGV|SIGBUS|SIGILL|SIGFPE|SIGABRT|EXCEPTION_\w+|Internal Error|Out of Memory "
        r"Error|Native memory allocation)\b"
    )

    def accept(self, line: str) -> bool:
        return self.count < 40 and line.startswith("#")

    def finish(self) -> None:
        said = [line.lstrip("#").strip() for line in self.err.block[1:]]
        what = next((s for s in said if self._SAID.match(s)), None)
        if what is None:
            return
        at = said.index("Problematic frame:") + 1 if "Problematic frame:" in said else 0
        frame = f" in {' '.join(said[at].split())}" if 0 < at < len(said) and said[at] else ""
        self.err.message = what.split(", pid=")[0] + frame


READERS = {
    "jvmcrash": JvmCrash,
    "gradlecause": GradleCause,
    "javac": Javac,
    "junitconsole": ConsoleFailure,
}

ORDER = 45  # where its rows stand in the table (``formats.families``)
COMMANDS = {
    **dict.fromkeys(("gradle", "gradlew"), "gradle"),
    "javac": "javac",
    **dict.fromkeys(("java", "kotlinc"), "java"),
}
# Executable -> the subcommands that build or test (None: any use).
BUILDS: dict[str, frozenset[str] | None] = dict.fromkeys(("gradle", "gradlew", "javac"), None)
# Executable -> its options that name the folder it works in (``detect.locate``).
FOLDER_OPTIONS = dict.fromkeys(("gradle", "gradlew"), ("-p", "--project-dir"))

_WHERE = regex(
    r"^(?:Build|Settings|Script|Initialization script) file '(?P<file>[^']+)' line: (?P<line>\d+)$"
)


def _gradle_where(groups: dict[str, str | None], before: Sequence[str]) -> None:
    """Gradle's ``* Where:`` section, just above ``* What went wrong:``: the build
    script's line the failure is at (``Build file '/abs/build.gradle' line: 4``)."""
    for line in before[-4:]:
        if (m := _WHERE.match(line)) is not None:
            groups["file"], groups["line"] = m["file"], m["line"]


ROWS = (
    Format(  # Checkstyle's plain format (its command line, maven-checkstyle-plugin; Gradle's
        # checkstyle plugin puts "[ant:checkstyle] " first): the check's name at the end
        "checkstyle",
        r"^(?:\[ant:checkstyle\] )?\[(?P<sev>ERROR|WARN|INFO)\] "
        r"(?P<file>(?:[A-Za-z]:)?[^\s:\[\]][^:\[\]]*?\.\w+):(?P<line>\d+)(?::(?P<col>\d+))?: "
        r"(?P<msg>.+?) \[(?P<code>\w+)\]$",
        tool="checkstyle",
        rank=2,
        examples=(
            "[WARN] /path/to/Test.java:7:1: Missing a Javadoc comment. [JavadocType]",
            "[ERROR] /home/ci/app/src/main/java/com/acme/App.java:12:5: Missing a Javadoc "
            "comment. [MissingJavadocMethod]",
            "[ant:checkstyle] [ERROR] /home/ci/app/src/main/java/A.java:20: Line is longer than "
            "100 characters (found 120). [LineLength]",
        ),
    ),
    Format(
        "javac",
        rf"^(?P<file>{JVM_SRC}):(?P<line>\d+): (?P<sev>error|warning): (?P<msg>.+)$",
        tool="javac",
        block="javac",
        rank=2,
        examples=("src/A.java:3: error: cannot find symbol",),
    ),
    Format(
        "kotlinc",
        rf"^(?P<sev>e|w): (?:file://)?(?P<file>{JVM_SRC}):(?:\s?\(?(?P<line>\d+)[:,]\s?"
        r"(?P<col>\d+)\)?:?)? (?P<msg>.+)$",
        tool="gradle",
        rank=2,
        examples=("e: /src/A.kt: (3, 5): Unresolved reference: foo",),
    ),
    Format(  # the JUnit Platform console launcher's list of failures: each test's exception
        "junit-console-failure",
        r"^ {4}=> (?P<msg>(?:[a-z_$][\w$]*\.)+[A-Z][\w$]*(?::.*)?)$",
        tool="junit",
        block="junitconsole",
        fixup=_console_test,
        rank=3,
        words=("    => ",),
        examples=(
            "    => org.opentest4j.AssertionFailedError: 2 - 3 ==> expected: <-1> but was: <5>",
            "    => java.lang.ArithmeticException: / by zero",
        ),
    ),
    Format(  # the JVM's own fatal error: its reasons on the "#" lines under it
        "jvm-fatal-error",
        r"^#\s*(?P<msg>A fatal error has been detected by the Java Runtime Environment:|There is "
        r"insufficient memory for the Java Runtime Environment to continue\.)\s*$",
        tool="java",
        category="runtime",
        block="jvmcrash",
        rank=3,
        words=("java runtime environment",),
        examples=(
            "# A fatal error has been detected by the Java Runtime Environment:",
            "# There is insufficient memory for the Java Runtime Environment to continue.",
        ),
    ),
    Format(
        "gradle-what-went-wrong",
        r"^\* What went wrong:$",
        tool="gradle",
        block="gradle",
        fixup=_gradle_where,
        rank=2,
        examples=("* What went wrong:",),
    ),
    Format(  # what went wrong, without its "* What went wrong:" heading: the causes under it
        "gradle-task-failed",
        r"^(?P<msg>Execution failed for task '[^']+'\.)\s*$",
        tool="gradle",
        block="gradle",
        rank=2,
        examples=("Execution failed for task ':app:kaptDebugKotlin'.",),
    ),
    Format(  # a repository request that failed transiently, printed on its own
        "gradle-transport",
        rf"^\s*(?:> )?(?P<msg>{_TRANSPORT})$",
        tool="gradle",
        category="network",
        rank=2,
        words=("could not",),
        examples=(
            "Could not GET 'https://repo.maven.apache.org/maven2/com/google/guava/guava/31.1-jre/"
            "guava-31.1-jre.pom'. Received status code 502 from server: Bad Gateway",
            "> Could not HEAD 'https://plugins.gradle.org/m2/org/x/x/1.0/x-1.0.pom'. "
            "Received status code 504 from server: Gateway Timeout",
        ),
    ),
    Format(  # dependency resolution that failed, without its "* What went wrong:" heading
        "gradle-could-not-resolve",
        r"^(?:> )?(?P<msg>Could not resolve (?:all (?:files|dependencies|artifacts) for "
        r"configuration '[^']+'|[\w.-]+:[\w.-]+(?::[\w.+-]+)?)\.)$",
        tool="gradle",
        block="gradlecause",
        rank=2,
        words=("could not",),
        examples=(
            "> Could not resolve all files for configuration ':compileClasspath'.",
            "Could not resolve com.google.guava:guava:31.1-jre.",
        ),
    ),
    Format(  # Gradle says what went wrong after this line, not before it
        "gradle-failure-heading",
        r"^FAILURE: Build (?:failed with an exception|completed with \d+ failures)\.$",
        tool="gradle",
        role="ignore",
        examples=("FAILURE: Build failed with an exception.",),
    ),
    Format(
        "gradle-consequence",
        r"^(?:BUILD FAILED(?: in .*)?|"
        r"(?:> Task )?:[\w:.-]+ FAILED|"
        r"> There were failing tests\..*|\d+ tests? completed, \d+ failed.*)$",
        tool="gradle",
        role="consequence",
        rank=0,
        examples=("BUILD FAILED in 3s",),
    ),
    Format(
        "gradle-test-failure",
        r"^(?P<test>[\w$.]+ > .+?) FAILED$",
        tool="gradle",
        block="gradletest",
        rank=3,
        examples=("com.example.AppTest > testAdd FAILED",),
    ),
    Format(
        "gradle-exception",
        r"^(?P<msg>org\.gradle\.[\w.$]+(?:Exception|Error): .*)$",
        tool="gradle",
        block="stack",
        role="consequence",
        rank=0,
        examples=("org.gradle.api.tasks.TaskExecutionException: Execution failed for task ':t'.",),
    ),
    Format(  # Maven's own exception under -e: it repeats the goal's failure, read above
        "maven-exception",
        r"^(?P<msg>org\.apache\.maven\.[\w.$]+(?:Exception|Error): .*)$",
        tool="maven",
        block="stack",
        role="consequence",
        rank=0,
        examples=(
            "org.apache.maven.lifecycle.LifecycleExecutionException: Failed to execute goal "
            "org.apache.maven.plugins:maven-surefire-plugin:3.2.5:test (default-test) on project "
            "calc: There are test failures.",
        ),
    ),
    Format(
        "java-exception",
        r"^(?:Exception in thread \"[^\"]*\" )?(?P<msg>(?P<exc>(?:[a-z_$][\w$]*\.)+"
        r"[A-Z][\w$]*(?:Exception|Error|Failure|Failed))(?:: .*)?)$",
        tool="java",
        block="stack",
        rank=3,
        examples=('Exception in thread "main" java.lang.NullPointerException',),
    ),
)
