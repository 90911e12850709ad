"""Scala: scalac 2 and 3, scala-cli, sbt (and zinc as Mill runs it), ScalaTest,
MUnit and uTest."""

from __future__ import annotations

from collections.abc import Sequence

from ...report import Error
from ..reader import Reader
from . import Format, regex

ORDER = 44  # before the JVM's rows: ``file.scala:3: error:`` would be javac's
COMMANDS = {
    "sbt": "sbt",
    "sbtn": "sbt",
    **dict.fromkeys(("scalac", "scala", "scala-cli", "scala3", "scalac3"), "scalac"),
    "mill": "mill",
}
BUILDS: dict[str, frozenset[str] | None] = {
    "sbt": None,
    "sbtn": None,
    "scalac": None,
    "scala3": None,
    "scalac3": None,
    "scala-cli": frozenset({"compile", "test", "run", "package"}),
    "scala": frozenset({"compile", "test", "run", "package"}),
    "mill": None,
}

# What sbt, zinc in Mill (``[error]``, Mill's ``[12] `` task number) and Maven put
# before a line; a block's lines carry its header's level.
_PREFIX = regex(
    r"^(?:\[\d+\] )?\[(error|warn|info|success|ERROR|WARNING|WARN|INFO|Error|Warn|Warning)\] ?"
)
_SCALA_SRC = r"(?:[A-Za-z]:)?[^\s:\[\]]*\.(?:scala|sc|sbt)"
_SBT_SRC = r"(?:[A-Za-z]:)?[^\s:\[\]]*\.(?:scala|sc|sbt|java)"  # sbt compiles Java too
_CARET = regex(r"^\s*\^+\s*$")

# -- JVM frames, with the libraries of the Scala and Kotlin worlds ----------------

_JVM_FRAME = regex(
    r"^\s*(?:at )?(?:[\w.$@-]*/)*(?P<where>[\w.$<>/-]+)\((?P<file>[^\s:()]+):(?P<line>\d+)\)\s*$"
)
JVM_LIBRARIES = (
    "java.",
    "javax.",
    "jdk.",
    "sun.",
    "com.sun.",
    "scala.",
    "sbt.",
    "xsbt.",
    "org.scalatest.",
    "munit.",
    "utest.",
    "org.specs2.",
    "zio.",
    "cats.effect.",
    "mill.",
    "org.junit.",
    "junit.",
    "org.opentest4j.",
    "kotlin.",
    "kotlinx.",
    "org.jetbrains.",
    "org.gradle.",
    "worker.org.gradle.",
    "org.apache.maven.",
    "org.testng.",
    "io.kotest.",
    "org.spekframework.",
    "jdk.internal.",
    "org.assertj.",
    "org.hamcrest.",
    "org.mockito.",
    "io.mockk.",
)


def jvm_user_frame(lines: Sequence[str]) -> tuple[str, int] | None:
    """The innermost frame of the user's code among JVM stack lines (innermost
    first, ``at`` optional as uTest prints them), a Scala or Kotlin test
    library's own frames passed over; None when there is none."""
    for line in lines:
        m = _JVM_FRAME.match(line)
        if m is not None and not m["where"].startswith(JVM_LIBRARIES):
            return m["file"], int(m["line"])
    return None


def _level(text: str) -> str | None:
    """The level sbt or Maven put before a header (``error`` of ``[error]``), if any."""
    m = _PREFIX.match(text)
    return None if m is None else m[1]


def _unprefixed(line: str, level: str | None) -> str | None:
    """A line without its ``[error]``; None when the block's lines carry one
    (``level``) and this line carries none, or another."""
    if level is None:
        return line
    m = _PREFIX.match(line)
    return None if m is None or m[1] != level else line[m.end() :]


# -- compilers -----------------------------------------------------------------

_HEADERISH = regex(
    rf"^{_SBT_SRC}:\d+(?::\d+)?(?::| |$)|^-- |^(?:one|two|three|four|five|six|seven|eight"
    r"|nine|ten|\d+) (?:errors?|warnings?)(?: found)?$|^Error compiling project|^Total time:"
    r"|^\(.*\) |^Compilation failed|^\d+ (?:errors?|warnings?) found"
)


class ScalacDiagnostic(Reader):
    """scalac 2's message lines (``found : Int``, ``required: String``), the
    source line and its caret; sbt and scala-cli print each after ``[error]``.
    scala-cli puts the whole message under a bare ``file:line:col`` header.
    The caret ends the diagnostic and gives its column."""

    frames_wanted = False

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.level = _level(err.text)
        self.body: list[str] = []
        self.done = False

    def accept(self, line: str) -> bool:
        body = _unprefixed(line, self.level)
        if self.done or self.count >= 15 or body is None or not body.strip():
            return False
        if _HEADERISH.match(body.strip()):
            return False
        self.body.append(body)
        self.done = _CARET.match(body) is not None
        return True

    def finish(self) -> None:
        err, body = self.err, self.body
        caret = next((i for i, b in enumerate(body) if _CARET.match(b)), None)
        said = body[: caret - 1] if caret else body[:4]
        words = " ".join(" ".join(s.split()) for s in said)
        header = err.message if err.message != err.text.strip() else ""
        if not header or _PREFIX.match(header):
            header = ""
        err.message = f"{header} {words}".strip() if len(words) < 200 else header or words
        if not err.message:
            err.message = err.text
        if caret is not None and err.column is None:
            err.column = body[caret].index("^") + 1


class Scala3Frame(Reader):
    """Scala 3's code frame under ``-- [E006] Not Found Error: file:l:c``:
    ``5 |  foo(1)``, ``  |  ^^^`` and the message in the ``|`` margin below
    the carets (``  |  Not found: foo``)."""

    frames_wanted = False
    _MARGIN = regex(r"^\s*(?P<n>\d+)?\s*\|(?P<text>.*)$")
    _EXPLAIN = regex(r"longer explanation available|^\s*-{5,}\s*$|^\s*Explanation")

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.level = _level(err.text)
        self.margin: list[tuple[bool, str]] = []  # (a source line, its text)

    def accept(self, line: str) -> bool:
        body = _unprefixed(line, self.level)
        if body is None:
            return False
        m = self._MARGIN.match(body)
        if m is None:
            return False
        self.margin.append((m["n"] is not None, m["text"]))
        return True

    def finish(self) -> None:
        caret = next(
            (i for i, (src, t) in enumerate(self.margin) if not src and _CARET.match(t)), None
        )
        after = self.margin[caret + 1 :] if caret is not None else self.margin
        said: list[str] = []
        for src, text in after:
            if src or self._EXPLAIN.search(text):
                if said:
                    break
                continue
            if text.strip():
                said.append(" ".join(text.split()))
        if said:
            self.err.message = " ".join(said[:4])


# -- sbt -----------------------------------------------------------------------


class SbtStack(Reader):
    """An exception sbt logged: its ``[error]`` lines indented under it (frames,
    the causes, the artifacts not found), at the innermost frame of the user's code."""

    frames_wanted = False
    _BODY = regex(r"^(?:\s+\S|Caused by: )")

    def accept(self, line: str) -> bool:
        body = _unprefixed(line, "error")
        return body is not None and self._BODY.match(body) is not None

    def finish(self) -> None:
        lines = [_unprefixed(b, "error") or "" for b in self.err.block[1:]]
        if (where := jvm_user_frame(lines)) is not None:
            self.err.file, self.err.line = where


# -- test frameworks -----------------------------------------------------------


class ScalaTestFailure(Reader):
    """A ScalaTest ``- test *** FAILED ***``: the lines indented under it say why,
    the first with its place (``2 did not equal 3 (CalcSpec.scala:8)``); an
    exception is reported at the innermost frame of the user's code."""

    frames_wanted = False
    _AT = regex(r"^(?P<msg>.*?) \((?P<file>[^\s:()]+\.(?:scala|java|sc)):(?P<line>\d+)\)$")

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.level = _level(err.text)
        head = _unprefixed(err.text, self.level) or ""
        self.indent = len(head) - len(head.lstrip())
        self.body: list[str] = []

    def accept(self, line: str) -> bool:
        body = _unprefixed(line, self.level)
        if body is None or not body.strip() or len(body) - len(body.lstrip()) <= self.indent:
            return False
        self.body.append(body)
        return True

    def finish(self) -> None:
        err = self.err
        if not self.body:
            return
        first = self.body[0].strip()
        err.message = first
        for line in self.body[:12]:  # specs2's and ScalaCheck's messages run over lines
            if m := self._AT.match(line.strip()):
                err.file, err.line = m["file"], int(m["line"])
                if line is self.body[0]:
                    err.message = m["msg"]
                return
        if (where := jvm_user_frame(self.body)) is not None:
            err.file, err.line = where


class MUnitFailure(Reader):
    """An MUnit ``==> X Suite.test  0.01s munit.ComparisonFailException: file:line``:
    the source lines around the assertion, the explanation and the diff, then
    the frames; up to the next test or suite."""

    frames_wanted = False
    _SOURCE = regex(r"^\d+:")
    _NEXT = regex(r"^(?:==> |\s*\+ \S|\S+:$|\[\w+\] |Test run |Execution took|\d+ tests, )")

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.body: list[str] = []

    def accept(self, line: str) -> bool:
        if not line.strip() or self._NEXT.match(line):
            return False
        self.body.append(line)
        return True

    def finish(self) -> None:
        err = self.err
        if err.file is None:  # an exception: where the user's code threw it
            if (where := jvm_user_frame(self.body)) is not None:
                err.file, err.line = where
            return
        said = [
            b.strip()
            for b in self.body
            if not self._SOURCE.match(b) and not b.lstrip().startswith("at ")
        ]
        if (not err.message.strip() or err.message == err.text.strip()) and said:
            err.message = said[0]


class UTestFailure(Reader):
    """A uTest ``X Suite.test 12ms``: the error indented under it, then its frames
    (without ``at``)."""

    frames_wanted = False

    def accept(self, line: str) -> bool:
        return bool(line[:1].isspace() and line.strip())

    def finish(self) -> None:
        body = self.err.block[1:]
        if body:
            self.err.message = body[0].strip()
        if (where := jvm_user_frame(body[1:])) is not None:
            self.err.file, self.err.line = where


def _munit_message(groups: dict[str, str | None], before: Sequence[str]) -> None:
    """MUnit puts the failure's place in its exception's message: the message is the rest."""
    groups["msg"] = (groups.get("rest") or "").strip()


READERS = {
    "scalac": ScalacDiagnostic,
    "scala3": Scala3Frame,
    "sbtstack": SbtStack,
    "scalatest": ScalaTestFailure,
    "munit": MUnitFailure,
    "utest": UTestFailure,
}

# What follows the file name on scalac 2's line, which starts with any path.
_SCALAC_AT = r":(?P<line>\d+)(?::(?P<col>\d+))?: (?P<sev>error|warning): "
# Scala 3's header, after an optional ``[error]``: ``-- [E006] Not Found Error: f:5:12 ---``.
_S3 = r"^(?:(?:\[\d+\] )?\[(?:error|warn|info)\] )?-- (?:\[(?P<code>E\d+)\] )?"
_S3_AT = rf"(?P<file>{_SCALA_SRC}):(?P<line>\d+):(?P<col>\d+)(?: -*)?\s*$"
_SBT = r"^(?:\[\d+\] )?"
_SBT_AT = r":(?P<line>\d+)(?::(?P<col>\d+))?: "

# Messages whose kind the row knows better than their words say.
_NOT_FOUND = (
    r"(?:not found: (?:value|type|object|method|package) .+|Not found: .+|.+ is not a member of .+)"
)
_SYNTAX = (
    r"(?:.+ expected but .+ found\.?|illegal start of .+|unclosed .+|Missing closing brace .+"
    r"|expected start of definition|';' expected.*|Illegal start of .+)"
)

ROWS = (
    Format(
        "scalac-reference",
        rf"^(?P<file>{_SCALA_SRC}){_SCALAC_AT}(?P<msg>{_NOT_FOUND})$",
        seek=_SCALAC_AT,
        tool="scalac",
        category="reference",
        block="scalac",
        rank=2,
        examples=("src/Calc.scala:5: error: not found: value foo",),
    ),
    Format(
        "scalac-syntax",
        rf"^(?P<file>{_SCALA_SRC}){_SCALAC_AT}(?P<msg>{_SYNTAX})$",
        seek=_SCALAC_AT,
        tool="scalac",
        category="syntax",
        block="scalac",
        rank=2,
        examples=("src/Calc.scala:9: error: ')' expected but '}' found.",),
    ),
    Format(
        "scalac",
        rf"^(?P<file>{_SCALA_SRC}){_SCALAC_AT}(?P<msg>.+)$",
        seek=_SCALAC_AT,
        tool="scalac",
        block="scalac",
        rank=2,
        examples=("src/Calc.scala:5: error: type mismatch;",),
    ),
    Format(
        "scala3-syntax",
        rf"{_S3}(?P<msg>Syntax Error): {_S3_AT}",
        tool="scalac",
        category="syntax",
        block="scala3",
        rank=2,
        examples=("-- [E040] Syntax Error: src/Calc.scala:3:14 -------------------------------",),
    ),
    Format(
        "scala3-not-found",
        rf"{_S3}(?P<msg>Not Found Error): {_S3_AT}",
        tool="scalac",
        category="reference",
        block="scala3",
        rank=2,
        examples=("-- [E006] Not Found Error: src/Calc.scala:5:12 -----------------------------",),
    ),
    Format(
        "scala3-type",
        rf"{_S3}(?P<msg>Type (?:Mismatch )?Error): {_S3_AT}",
        tool="scalac",
        category="type",
        block="scala3",
        rank=2,
        examples=("[error] -- [E007] Type Mismatch Error: /src/main/scala/Calc.scala:3:22 ",),
    ),
    Format(
        "scala3",
        rf"{_S3}(?P<msg>(?:[A-Z][\w ]*? )?(?P<sev>Error|Warning|Info)): {_S3_AT}",
        tool="scalac",
        block="scala3",
        rank=2,
        examples=(
            "-- Error: src/Calc.scala:9:17 ------------------------------------------------",
            "-- [E198] Unused Symbol Warning: src/Calc.scala:6:8 -------------------------",
        ),
    ),
    Format(  # scala-maven-plugin: scalac's lines under Maven's level, which decides
        "scala-maven",
        r"^\[(?P<sev>ERROR|WARNING|WARN|INFO)\] "
        rf"(?P<file>{_SCALA_SRC}):(?P<line>\d+)(?::(?P<col>\d+))?: "
        r"(?:error|warning): (?P<msg>.+)$",
        tool="scalac",
        block="scalac",
        rank=2,
        examples=("[ERROR] /home/ci/src/main/scala/Calc.scala:59: error: not found: value foo",),
    ),
    Format(  # scalastyle's text output
        "scalastyle",
        r"^(?P<sev>error|warning|info) file=(?P<file>\S+) message=(?P<msg>.+?)"
        r"(?: line=(?P<line>\d+))?(?: column=(?P<col>\d+))?\s*$",
        tool="scalastyle",
        rank=2,
        examples=(
            "error file=/home/ci/src/main/scala/Calc.scala message=Header does not match expected "
            "text line=1",
        ),
    ),
    Format(  # the scalastyle plugin fails its task once it reported errors
        "scalastyle-consequence",
        r"^(?:\[error\] )?(?:\([^)]*\) )?(?:java\.lang\.RuntimeException: )?errors exist\s*$",
        tool="scalastyle",
        role="consequence",
        block="stack",
        rank=0,
        examples=(
            "java.lang.RuntimeException: errors exist",
            "[error] (compile:scalastyle) errors exist",
        ),
    ),
    Format(
        "scalac-summary",
        rf"{_SBT}(?:\[(?:error|ERROR|Error)\] )?"
        r"(?:(?:one|two|three|four|five|six|seven|eight|nine|ten|\d+) "
        r"errors? found|Error compiling project \(.*\)|Compilation failed)\s*$",
        tool="scalac",
        role="consequence",
        rank=0,
        examples=(
            "two errors found",
            "[error] one error found",
            "Error compiling project (Scala 3.3.0, JVM)",
        ),
    ),
    Format(  # scalac 2.13's and javac's count of the errors above
        "error-count",
        r"^\d+ errors?\s*$",
        role="consequence",
        rank=0,
        examples=("1 error", "12 errors"),
    ),
    Format(
        "scalac-driver",
        r"^(?:scalac|scala) error: (?P<msg>.+)$",
        tool="scalac",
        category="config",
        rank=2,
        examples=("scalac error: /tmp/out does not exist or is not a directory",),
    ),
    Format(
        "sbt-reference",
        rf"{_SBT}\[error\] (?P<file>{_SBT_SRC}){_SBT_AT}(?P<msg>{_NOT_FOUND})$",
        tool="sbt",
        category="reference",
        block="scalac",
        rank=2,
        examples=("[error] /home/ci/src/main/scala/Calc.scala:5:12: not found: value foo",),
    ),
    Format(
        "sbt-syntax",
        rf"{_SBT}\[error\] (?P<file>{_SBT_SRC}){_SBT_AT}(?P<msg>{_SYNTAX})$",
        tool="sbt",
        category="syntax",
        block="scalac",
        rank=2,
        examples=("[error] /home/ci/src/main/scala/Calc.scala:9:3: ')' expected but '}' found.",),
    ),
    Format(  # sbt and zinc in Mill: ``[error] /src/Calc.scala:5:12: type mismatch;``
        "sbt-compile",
        rf"{_SBT}\[(?P<sev>error|warn|Error|Warn|Warning)\] (?P<file>{_SBT_SRC})"
        r"(?::(?P<line>\d+)(?::(?P<col>\d+))?)?"
        r": (?P<msg>.+)$",
        tool="sbt",
        block="scalac",
        rank=2,
        examples=(
            "[error] /home/ci/src/main/scala/Calc.scala:5:12: type mismatch;",
            "[warn] /home/ci/src/main/scala/Calc.scala:4:5: match may not be exhaustive.",
            "[Error] /home/ci/src/main/scala/Calc.scala:3:5: type mismatch;",
        ),
    ),
    Format(  # scala-cli (and Bloop): the place alone, the message on the lines after it
        "scala-cli",
        rf"^\[(?P<sev>error|warn)\] (?P<file>{_SBT_SRC}):(?P<line>\d+):(?P<col>\d+)\s*$",
        tool="scalac",
        block="scalac",
        rank=2,
        examples=("[error] ./Calc.scala:6:72",),
    ),
    Format(
        "sbt-unresolved",
        rf"{_SBT}\[error\] (?:\([^)]*\) )?(?P<msg>(?:[\w.]+\.)?ResolveException: .*)$",
        tool="sbt",
        category="dependency",
        block="sbtstack",
        rank=2,
        examples=(
            "[error] (update) sbt.librarymanagement.ResolveException: Error downloading x:y:1.0",
        ),
    ),
    Format(  # sbt's summary of what failed above: the task, the totals, the time
        "sbt-consequence",
        rf"{_SBT}\[error\] (?:\([^)]*\) (?:Compilation failed|sbt\.(?:\w+\.)*TestsFailedException"
        r"|.*Nonzero exit code|.*(?:errors|Tests) (?:exist|unsuccessful)"
        r"|java\.lang\.RuntimeException: (?:Nonzero|errors exist)).*$"
        r"|Total time: .*$|(?:Failed|Error): Total \d+.*$|stack trace is suppressed.*$"
        r"|(?:Failed tests:|Error during tests:|\s+[\w.$]+"
        r"|Nonzero exit code returned from runner: \d+|Use 'last' for the full log\."
        r"|No warnings can be incurred under -(?:Werror|Xfatal-warnings)\."
        r"|Compilation failed)\s*$)",
        tool="sbt",
        role="consequence",
        rank=0,
        examples=(
            "[error] (Compile / compileIncremental) Compilation failed",
            "[error] Total time: 2 s, completed Oct 23, 2016 4:40:13 AM",
            "[error] (Test / test) sbt.TestsFailedException: Tests unsuccessful",
            "[error] Failed: Total 1, Failed 1, Errors 0, Passed 0",
            "[error] \tfoo.HelloTests",
        ),
    ),
    Format(  # junit-interface under sbt: a JUnit test's failure, its frames below
        "sbt-junit",
        rf"{_SBT}\[error\] Test (?P<test>[\w.$]+) failed: (?P<msg>.+?)(?:, took [\d.]+ sec)?\s*$",
        tool="sbt",
        block="sbtstack",
        rank=3,
        examples=(
            "[error] Test calc.CalcTest.adds failed: expected:<3> but was:<2>, took 0.01 sec",
        ),
    ),
    Format(  # specs2 under sbt: ``x`` a failed example, ``!`` one that threw
        "specs2-failure",
        r"^\[(?:error|info)\] *(?P<mark>[x!]) (?P<test>\S.*?)\s*$",
        tool="specs2",
        block="scalatest",
        rank=3,
        examples=("[error]   x add two numbers",),
    ),
    Format(  # an exception sbt logged (``run``, a task that threw)
        "sbt-exception",
        rf"{_SBT}\[error\] (?P<msg>(?:[a-z_$][\w$]*\.)+[A-Z][\w$]*(?:Exception|Error)(?:: .*)?)$",
        tool="sbt",
        block="sbtstack",
        rank=3,
        examples=("[error] java.lang.ArithmeticException: / by zero",),
    ),
    Format(
        "scalatest-failed",
        r"^(?:\[info\] )?\s*- (?P<test>.+?) \*\*\* FAILED \*\*\*(?: \([^)]*\))?\s*$",
        tool="scalatest",
        block="scalatest",
        rank=3,
        examples=(
            "[info] - should add *** FAILED ***",
            "- [SPARK-3353] parent stage should have lower id *** FAILED *** (27 milliseconds)",
        ),
    ),
    Format(
        "scalatest-aborted",
        r"^(?:\[info\] )?\s*(?:\*\*\* RUN ABORTED \*\*\*|(?:Exception encountered when attempting "
        r"to run a suite with class name: )?(?P<test>[\w.$]+) \*\*\* ABORTED \*\*\*"
        r"(?: \([^)]*\))?)\s*$",
        tool="scalatest",
        block="scalatest",
        rank=3,
        examples=("*** RUN ABORTED ***", "[info] CalcSpec *** ABORTED ***"),
    ),
    Format(
        "scalatest-summary",
        r"^(?:\[info\] )?\*\*\* \d+ (?:TESTS?|SUITES?) (?:FAILED|ABORTED) \*\*\*\s*$",
        tool="scalatest",
        role="consequence",
        rank=0,
        examples=("[info] *** 1 TEST FAILED ***",),
    ),
    Format(  # MUnit's assertions name their place in the exception's message
        "munit-assertion",
        r"^(?:\[\w+\] )?==> X (?P<test>.+?)\s+[\d.]+m?s (?P<exc>munit\.\w+): "
        rf"(?P<file>{_SCALA_SRC}):(?P<line>\d+)(?P<rest>.*)$",
        tool="munit",
        category="assertion",
        block="munit",
        rank=3,
        examples=(
            "==> X CalcSuite.adds  0.01s munit.ComparisonFailException: "
            "/src/test/scala/CalcSuite.scala:5",
        ),
        fixup=_munit_message,
    ),
    Format(
        "munit-failure",
        r"^(?:\[\w+\] )?==> X (?P<test>.+?)\s+[\d.]+m?s (?P<msg>\S.*)$",
        tool="munit",
        block="munit",
        rank=3,
        examples=(
            "==> X p.BufTest.wraps  0.001s java.lang.ArrayIndexOutOfBoundsException: Index 8",
        ),
    ),
    Format(
        "utest-failure",
        r"^(?:\[\d+\] )?X (?P<test>[\w$-]+(?:\.[^\s.][^.]*?)+) \d+ms\s*$",
        tool="utest",
        category="assertion",
        block="utest",
        rank=3,
        examples=("X foo.FooTests.hello 12ms",),
        words=("ms\n",),
    ),
    Format(  # Mill: the tasks that failed, after their errors
        "mill-consequence",
        r"^(?:\d+ (?:targets|tasks) failed\s*$|(?:[\w-]+\.)+\w+ (?:Compilation failed"
        r"|\d+ tests? failed|java\.lang\.\w+: ).*$)",
        tool="mill",
        role="consequence",
        rank=0,
        examples=("1 targets failed", "foo.compile Compilation failed"),
    ),
)
