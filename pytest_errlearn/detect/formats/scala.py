"""Scala's compilers: scalac 2 and 3 (alone, under scala-cli and under Maven's
scala-maven-plugin) and scalastyle. The helpers here serve the rest of the
family: what sbt and Maven put before a line (``[error]``), and the innermost
JVM frame of the user's code, which Kotlin's readers use too. (sbt and Mill:
scala_builds.py; ScalaTest, MUnit, uTest and specs2: scala_tests.py.)"""

from __future__ import annotations

from collections.abc import Sequence

from ...report import Error
from ..reader import Reader
from . import Format, regex

ORDER = 44  # before the JVM's rows: ``file.scala:3: error:`` would be javac's
COMMANDS = dict.fromkeys(("scalac", "scala", "scala-cli", "scala3", "scalac3"), "scalac")
BUILDS: dict[str, frozenset[str] | None] = {
    "scalac": None,
    "scala3": None,
    "scalac3": None,
    "scala-cli": frozenset({"compile", "test", "run", "package"}),
    "scala": frozenset({"compile", "test", "run", "package"}),
}

# What sbt, zinc in Mill (``[error]``, Mill's ``[12] `` task number) and Maven put
# before a line; a block's lines carry its header's level.
_PREFIX = regex(
    r"^(?:\[\d+\] )?\[(error|warn|info|success|ERROR|WARNING|WARN|INFO|Error|Warn|Warning)\] ?"
)
SCALA_SRC = r"(?:[A-Za-z]:)?[^\s:\[\]]*\.(?:scala|sc|sbt)"
SBT_SRC = r"(?:[A-Za-z]:)?[^\s:\[\]]*\.(?:scala|sc|sbt|java)"  # sbt compiles Java too
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
    "groovy.",
    "org.codehaus.groovy.",
    "org.apache.groovy.",
    "org.spockframework.",
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


def level(text: str) -> str | None:
    """The level sbt or Maven put before a header (``error`` of ``[error]``), if any."""
    m = _PREFIX.match(text)
    return None if m is None else m[1]


def unprefixed(line: str, carried: str | None) -> str | None:
    """A line without its ``[error]``; None when the block's lines carry one
    (``carried``, the level) and this line carries none, or another."""
    if carried is None:
        return line
    m = _PREFIX.match(line)
    return None if m is None or m[1] != carried else line[m.end() :]


# -- compilers -----------------------------------------------------------------

_HEADERISH = regex(
    rf"^{SBT_SRC}:\d+(?::\d+)?(?::| |$)|^-- |^(?:one|two|three|four|five|six|seven|eight"
    r"|nine|ten|\d+) (?:errors?|warnings?)(?: found)?$|^Error compiling project|^Total time:"
    r"|^\([\w:/ .-]*\) |^Compilation failed|^\d+ (?:errors?|warnings?) found"
)


class ScalacDiagnostic(Reader):
    """scalac 2's message lines (``found : Int``, ``required: String``), the
    source line and its caret; sbt and scala-cli print each after ``[error]``.
    scala-cli puts the whole message under a bare ``file:line:col`` header.
    The caret ends the diagnostic and gives its column."""

    frames_wanted = False

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.level = level(err.text)
        self.body: list[str] = []
        self.done = False

    def accept(self, line: str) -> bool:
        body = unprefixed(line, self.level)
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
        self.level = level(err.text)
        self.margin: list[tuple[bool, str]] = []  # (a source line, its text)

    def accept(self, line: str) -> bool:
        body = unprefixed(line, self.level)
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


READERS = {"scalac": ScalacDiagnostic, "scala3": Scala3Frame}

# What follows the file name on scalac 2's line, which starts with any path.
_SCALAC_AT = r":(?P<line>\d+)(?::(?P<col>\d+))?: (?P<sev>error|warning): "
# Scala 3's header, after an optional ``[error]``: ``-- [E006] Not Found Error: f:5:12 ---``.
_S3 = r"^(?:(?:\[\d+\] )?\[(?:error|warn|info)\] )?-- (?:\[(?P<code>E\d+)\] )?"
_S3_AT = rf"(?P<file>{SCALA_SRC}):(?P<line>\d+):(?P<col>\d+)(?: -*)?\s*$"
# A line's start, where Mill puts its task number (``[12] ``) before sbt's ``[error]``.
SBT = r"^(?:\[\d+\] )?"

# Messages whose kind the row knows better than their words say.
NOT_FOUND = (
    r"(?:not found: (?:value|type|object|method|package) .+|Not found: .+|.+ is not a member of .+)"
)
SYNTAX = (
    r"(?:.+ expected but .+ found\.?|illegal start of .+|unclosed .+|Missing closing brace .+"
    r"|expected start of definition|';' expected.*|Illegal start of .+)"
)

ROWS = (
    Format(
        "scalac-reference",
        rf"^(?P<file>{SCALA_SRC}){_SCALAC_AT}(?P<msg>{NOT_FOUND})$",
        seek=_SCALAC_AT,
        tool="scalac",
        category="reference",
        block="scalac",
        rank=2,
        examples=("src/Calc.scala:5: error: not found: value foo",),
    ),
    Format(
        "scalac-syntax",
        rf"^(?P<file>{SCALA_SRC}){_SCALAC_AT}(?P<msg>{SYNTAX})$",
        seek=_SCALAC_AT,
        tool="scalac",
        category="syntax",
        block="scalac",
        rank=2,
        examples=("src/Calc.scala:9: error: ')' expected but '}' found.",),
    ),
    Format(
        "scalac",
        rf"^(?P<file>{SCALA_SRC}){_SCALAC_AT}(?P<msg>.+)$",
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
        rf"(?P<file>{SCALA_SRC}):(?P<line>\d+)(?::(?P<col>\d+))?: "
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
        rf"{SBT}(?:\[(?:error|ERROR|Error)\] )?"
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
    Format(  # scala-cli (and Bloop): the place alone, the message on the lines after it
        "scala-cli",
        rf"^\[(?P<sev>error|warn)\] (?P<file>{SBT_SRC}):(?P<line>\d+):(?P<col>\d+)\s*$",
        tool="scalac",
        block="scalac",
        rank=2,
        examples=("[error] ./Calc.scala:6:72",),
    ),
)
