"""sbt and Mill: scalac's diagnostics after sbt's ``[error]`` (and zinc's as Mill
prints them), the dependencies sbt could not resolve, the exceptions it logged,
and what both say failed after the errors. (The compilers: scala.py; the test
frameworks: scala_tests.py.)"""

from __future__ import annotations

from collections.abc import Sequence

from ...report import Error
from ..reader import Reader
from . import Format, regex
from .scala import NOT_FOUND, SBT, SBT_SRC, SYNTAX, jvm_user_frame, level, unprefixed

ORDER = 44  # with scala.py's: the family's rows stay together, before the JVM's (java.py's)
COMMANDS = {"sbt": "sbt", "sbtn": "sbt", "mill": "mill"}
BUILDS: dict[str, frozenset[str] | None] = {"sbt": None, "sbtn": None, "mill": None}


class SbtStack(Reader):
    """An exception sbt logged: its lines indented under it (frames, the causes,
    the artifacts not found), under ``[error]`` as its own line is (sbt 0.12's
    launcher prints a ``ResolveException`` under none), at the innermost frame
    of the user's code."""

    frames_wanted = False
    _BODY = regex(r"^(?:\s+\S|Caused by: )")

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.level = level(err.text)

    def accept(self, line: str) -> bool:
        body = unprefixed(line, self.level)
        return body is not None and self._BODY.match(body) is not None

    def finish(self) -> None:
        lines = [unprefixed(b, self.level) or "" for b in self.err.block[1:]]
        if (where := jvm_user_frame(lines)) is not None:
            self.err.file, self.err.line = where


READERS = {"sbtstack": SbtStack}


def _mismatch(groups: dict[str, str | None], before: Sequence[str]) -> None:
    """A diagnostic whose first line was not pasted says what scalac's would."""
    groups["msg"] = f"type mismatch; {' '.join((groups.get('found') or '').split())}"


# What follows the file on sbt's line: its line and column (``:5:12: ``).
_SBT_AT = r":(?P<line>\d+)(?::(?P<col>\d+))?: "

ROWS = (
    Format(
        "sbt-reference",
        rf"{SBT}\[error\] (?P<file>{SBT_SRC}){_SBT_AT}(?P<msg>{NOT_FOUND})$",
        tool="sbt",
        category="reference",
        block="scalac",
        rank=2,
        examples=("[error] /home/ci/src/main/scala/Calc.scala:5:12: not found: value foo",),
    ),
    Format(
        "sbt-syntax",
        rf"{SBT}\[error\] (?P<file>{SBT_SRC}){_SBT_AT}(?P<msg>{SYNTAX})$",
        tool="sbt",
        category="syntax",
        block="scalac",
        rank=2,
        examples=("[error] /home/ci/src/main/scala/Calc.scala:9:3: ')' expected but '}' found.",),
    ),
    Format(  # sbt and zinc in Mill: ``[error] /src/Calc.scala:5:12: type mismatch;``
        "sbt-compile",
        rf"{SBT}\[(?P<sev>error|warn|Error|Warn|Warning)\] (?P<file>{SBT_SRC})"
        r"(?::(?P<line>\d+)(?::(?P<col>\d+))?)?"
        r": (?:error: )?(?P<msg>.+)$",  # sbt 0.7 kept scalac's "error: "
        tool="sbt",
        block="scalac",
        rank=2,
        examples=(
            "[error] /home/ci/src/main/scala/Calc.scala:5:12: type mismatch;",
            "[warn] /home/ci/src/main/scala/Calc.scala:4:5: match may not be exhaustive.",
            "[Error] /home/ci/src/main/scala/Calc.scala:3:5: type mismatch;",
            "[error] /home/ci/src/main/scala/Calc.scala:5: error: type mismatch;",
        ),
    ),
    Format(  # a type mismatch pasted from its "found" line on (its first line cut off)
        "sbt-found",
        rf"{SBT}\[error\] +(?P<found>found +: .+?)\s*$",
        tool="sbt",
        category="type",
        block="scalac",
        fixup=_mismatch,
        rank=2,
        examples=("[error]  found   : Int(1)",),
    ),
    Format(
        "sbt-unresolved",
        rf"{SBT}(?:\[error\] (?:\([^)]*\) )?(?P<msg>(?:[\w.]+\.)?ResolveException: .*)"
        r"|(?:sbt\.ResolveException: .*))$",  # sbt 0.12's launcher: under no level
        tool="sbt",
        category="dependency",
        block="sbtstack",
        rank=2,
        examples=(
            "[error] (update) sbt.librarymanagement.ResolveException: Error downloading x:y:1.0",
            "sbt.ResolveException: unresolved dependency: com.example#util_2.10;1.0: not found",
        ),
    ),
    Format(  # sbt's summary of what failed above: the task, the totals, the time
        "sbt-consequence",
        rf"{SBT}\[error\] (?:\([^)]*\) (?:Compilation failed|sbt\.(?:\w+\.)*TestsFailedException"
        r"|.*Nonzero exit code|.*(?:errors|Tests) (?:exist|unsuccessful)"
        r"|java\.lang\.RuntimeException: (?:Nonzero|errors exist)).*$"
        r"|Total time: .*$|(?:Failed|Error): Total \d+.*$|stack trace is suppressed.*$"
        r"|(?:Failed tests:|Error during tests:|\s+[\w.$]+"
        r"|Nonzero exit code returned from runner: \d+|Use 'last' for the full log\."
        r"|Compilation failed)\s*$|Error running \S+: .*$)",
        tool="sbt",
        role="consequence",
        rank=0,
        examples=(
            "[error] (Compile / compileIncremental) Compilation failed",
            "[error] Total time: 2 s, completed Oct 23, 2016 4:40:13 AM",
            "[error] (Test / test) sbt.TestsFailedException: Tests unsuccessful",
            "[error] Failed: Total 1, Failed 1, Errors 0, Passed 0",
            "[error] \tfoo.HelloTests",
            "[error] Error running compile: Compilation unsuccessful.",
        ),
    ),
    Format(  # -Werror (-Xfatal-warnings) failed the compilation: the warnings above are
        # its errors
        "sbt-fatal-warnings",
        rf"{SBT}\[error\] (?P<msg>No warnings can be incurred under -(?:Werror|Xfatal-warnings)\.)"
        r"\s*$",
        tool="sbt",
        role="strict",
        rank=2,  # a fallback's line would be read as saying "-Werror", no error
        examples=("[error] No warnings can be incurred under -Werror.",),
    ),
    Format(  # ... scalac's own, run alone
        "scalac-fatal-warnings",
        r"^error: (?P<msg>No warnings can be incurred under -(?:Werror|Xfatal-warnings)\.)\s*$",
        tool="scalac",
        role="strict",
        rank=2,
        examples=("error: No warnings can be incurred under -Xfatal-warnings.",),
    ),
    Format(  # an exception sbt logged (``run``, a task that threw)
        "sbt-exception",
        rf"{SBT}\[error\] (?P<msg>(?:[a-z_$][\w$]*\.)+[A-Z][\w$]*(?:Exception|Error)(?:: .*)?)$",
        tool="sbt",
        block="sbtstack",
        rank=3,
        examples=("[error] java.lang.ArithmeticException: / by zero",),
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
