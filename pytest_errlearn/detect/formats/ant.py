r"""Apache Ant: what its javac and junit tasks print, each line under the task's
name, right-aligned in twelve columns::

    compile:
        [javac] /ci/app/src/App.java:4: error: cannot find symbol
        [javac]     System.out.println(y);
        [javac]                        ^
        [javac]   symbol:   variable y
    test:
        [junit] Testcase: adds took 0.005 sec
        [junit] 	FAILED
        [junit] expected:<3> but was:<2>
        [junit] junit.framework.AssertionFailedError: expected:<3> but was:<2>
        [junit] 	at AppTest.adds(AppTest.java:5)

    BUILD FAILED

javac's diagnostics are javac's errors (old javac says no ``error:``; Ant's
warning about its own build file is a warning). Under ``BUILD FAILED`` Ant
says where in its build files the task failed: each build file that called
another first (``build.xml:17: The following error occurred while executing
this line:``), then the task's own line and what it says (``build-common.xml:
118: Compile failed; see the compiler error output for details.``). That last
line follows from the errors the task printed above; where none was printed
(or pasted), it is the error. A failed test is its
verdict, ``FAILED`` or ``Caused an ERROR``, under the ``Testcase:`` line that
names it (the junit task's plain formatter, ``usefile="false"``); its message
is the exception's line, its place the innermost frame of the project's code.
"""

from __future__ import annotations

from ...report import Error
from ..reader import Reader
from . import Format, named_above, regex
from .scala import jvm_user_frame

ORDER = 45  # before gcc's row, which would take "[javac] FILE:N: error: ..." (c.py)
_BUILD_FILE = r"(?:[A-Za-z]:)?[^:\s][^:]*\.xml"  # a path may hold spaces (Windows')
# Where the build file's path ends: stage 1 seeks this part of the line (a path
# that may hold spaces would keep its automaton awake along every line).
_AT = r":(?P<line>\d+): "
_CHAIN = r":\d+: The following error occurred while executing this line:"
COMMANDS = {"ant": "ant"}
BUILDS: dict[str, frozenset[str] | None] = {"ant": None}  # its targets are the project's


class Javac(Reader):
    """What javac indents under a diagnostic (the source line, the caret, the
    symbol and its location); the next diagnostic, or the count, ends it. (The
    shared code frame would read on: every line of Ant's is indented.)"""

    frames_wanted = False
    _UNDER = regex(r"^\s*\[javac\] \s")

    def accept(self, line: str) -> bool:
        return self._UNDER.match(line) is not None


class JUnit(Reader):
    """A failed test's lines under its verdict: the message, the exception, its
    frames (the message may hold empty lines); the next test, or a line that is
    not the task's, ends them."""

    frames_wanted = False
    _LINE = regex(r"^\s*\[junit\](?: (?P<text>.*))?$")
    _NEXT = regex(r"^(?:Testcase: |Testsuite: |Tests run: |Test \S+ FAILED)")
    _EXCEPTION = regex(r"^[\w$]+(?:\.[\w$]+)+(?::.*)?$")  # java.lang.X: ..., junit.framework.Y

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.lines: list[str] = []

    def accept(self, line: str) -> bool:
        m = self._LINE.match(line)
        if m is None or self._NEXT.match(text := m["text"] or ""):
            return False
        self.lines.append(text)
        return True

    def finish(self) -> None:
        said = [t.strip() for t in self.lines if t.strip() and not t.strip().startswith("at ")]
        message = next((t for t in said if self._EXCEPTION.match(t)), said[0] if said else None)
        if message is not None:
            self.err.message = message
        if (where := jvm_user_frame(self.lines)) is not None:
            self.err.file, self.err.line = where


READERS = {"antjavac": Javac, "antjunit": JUnit}

ROWS = (
    Format(
        "ant-javac",
        r"^\s*\[javac\] (?P<file>(?:[A-Za-z]:)?[^\s:\[]+\.\w+):(?P<line>\d+): "
        r"(?:(?P<sev>error|warning): )?(?P<msg>\S.*)$",
        tool="javac",
        block="antjavac",
        rank=2,
        examples=(
            "    [javac] /home/alxr/study/j_lab1/src/main/lab1.java:9: error: class Lab1 is "
            "public, should be declared in a file named Lab1.java",
            "    [javac] /home/niall/jhippo-1.0/src/jhippo/JHippo.java:32: package "
            "org.jibble.pircbot does not exist",
            "    [javac] /home/bekr/ANT/fmw-tools/build.xml:18: warning: 'includeantruntime' was "
            "not set, defaulting to build.sysclasspath=last; set to false for repeatable builds",
        ),
    ),
    Format(
        "ant-junit",
        r"^\s*\[junit\] \t(?P<msg>FAILED|Caused an ERROR)$",
        tool="junit",
        block="antjunit",
        rank=3,
        fixup=named_above(r"^\s*\[junit\] Testcase: (?P<test>\S+) took "),
        words=("[junit]",),
        examples=("    [junit] \tFAILED", "  [junit] \tCaused an ERROR"),
    ),
    Format(  # a build file calling the next in the chain down to the task that failed
        "ant-chain",
        rf"^{_BUILD_FILE}{_CHAIN}\s*$",
        seek=_CHAIN,
        tool="ant",
        role="ignore",
        words=(".xml:",),
        examples=(
            "/home/user/app/build.xml:17: The following error occurred while executing this line:",
            r"C:\work\app\build.xml:17: The following error occurred while executing this line:",
        ),
    ),
    Format(  # the task that failed, in its build file, with the words of its BuildException
        "ant-build-failed",
        rf"^(?P<file>{_BUILD_FILE}){_AT}(?P<msg>(?:Compile failed|Test \S+ failed|"
        r"Tests? failed|exec returned: \d+|Java returned: \d+|Execute failed|Problem: failed to "
        r"create task|Target \"[^\"]+\" does not exist|Unable to find a javac compiler)\b.*)$",
        seek=_AT,
        tool="ant",
        role="count",
        rank=1,
        words=(".xml:",),
        examples=(
            "/home/user/app/build-common.xml:118: Compile failed; see the compiler error output "
            "for details.",
            "/home/user/app/build.xml:52: Test com.example.AppTest failed",
            "/home/user/app/build.xml:30: exec returned: 2",
        ),
    ),
    Format(  # printsummary's line for a test class that failed, after its tests' verdicts
        "ant-junit-summary",
        r"^\s*\[junit\] (?P<msg>Test \S+ FAILED)$",
        tool="junit",
        role="consequence",
        rank=0,
        words=("[junit]",),
        examples=("    [junit] Test com.example.AppTest FAILED",),
    ),
)
