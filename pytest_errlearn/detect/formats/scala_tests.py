"""Scala's test frameworks: ScalaTest, specs2 (whose failures ScalaTest's reader
reads), MUnit and uTest, and JUnit's tests under sbt (junit-interface). (The
compilers and the helpers these readers share: scala.py; sbt and Mill:
scala_builds.py.)"""

from __future__ import annotations

from collections.abc import Sequence

from ...report import Error
from ..reader import Reader
from . import Format, regex
from .scala import SBT, SCALA_SRC, jvm_user_frame, level, unprefixed

ORDER = 44  # with scala.py's: the family's rows stay together, before the JVM's (java.py's)


class ScalaTestFailure(Reader):
    """A ScalaTest ``- test *** FAILED ***``: the lines indented under it say why,
    the first with its place (``2 did not equal 3 (CalcSpec.scala:8)``); an
    exception is reported at the innermost frame of the user's code."""

    frames_wanted = False
    _AT = regex(r"^(?P<msg>.*?) \((?P<file>[^\s:()]+\.(?:scala|java|sc)):(?P<line>\d+)\)$")

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.level = level(err.text)
        head = unprefixed(err.text, self.level) or ""
        self.indent = len(head) - len(head.lstrip())
        self.body: list[str] = []

    def accept(self, line: str) -> bool:
        body = unprefixed(line, self.level)
        if body is None and self.level == "info":
            # sbt before 1.0 logs a specs2 example's "x" under [info], why under [error]
            body = unprefixed(line, "error")
        if body is None or not body.strip() or len(body) - len(body.lstrip()) <= self.indent:
            return False
        self.body.append(body)
        return True

    def category(self) -> str | None:
        """specs2's ``x`` is an expectation that failed (``!``, an exception thrown)."""
        head = (unprefixed(self.err.text, self.level) or "").lstrip()
        return "assertion" if head.startswith("x ") else None

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


READERS = {"scalatest": ScalaTestFailure, "munit": MUnitFailure, "utest": UTestFailure}

ROWS = (
    Format(  # junit-interface under sbt: a JUnit test's failure, its frames below
        "sbt-junit",
        rf"{SBT}\[error\] Test (?P<test>[\w.$]+) failed: (?P<msg>.+?)(?:, took [\d.]+ sec)?\s*$",
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
        rf"(?P<file>{SCALA_SRC}):(?P<line>\d+)(?P<rest>.*)$",
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
)
