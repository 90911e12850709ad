"""SWI-Prolog: its messages as it loads a program or runs a goal, and plunit's
failed tests.

SWI-Prolog prints each message after ``ERROR:`` or ``Warning:``, its place
first. A short one says it on the same line; a long one goes on, on lines
after the same word, indented, and plunit puts a tab before a test's::

    ERROR: /app/t.pl:1:16: Syntax error: Operator expected
    Warning: /app/w.pl:1:
    Warning:    Singleton variables: [X,Y,Z]
    ERROR: /app/ut.pl:5:
    \ttest add2: wrong answer (compared using ==)
    ERROR:     Expected: 3
    ERROR:     Got:      4
"""

from __future__ import annotations

from ..reader import Reader
from . import Format, regex

TYPE_CHECKING = False  # mypy reads it as True: typing loads where it is used, not here
if TYPE_CHECKING:
    from ...report import Error

COMMANDS = {"swipl": "swipl"}
BUILDS: dict[str, frozenset[str] | None] = {"swipl": None}

_TEST = regex(r"^test (?P<test>[^:]+): (?P<msg>.+)$")


class Message(Reader):
    """The lines a message goes on with: after a tab (plunit), or after its
    word indented. Where the place's line said nothing, the first of them is
    the message (a test's name first, in plunit's); where it ends with a colon
    ("Initialization goal raised exception:"), the next line says what."""

    frames_wanted = False
    _MORE = regex(r"^(?:\t|(?:ERROR|Warning):\s{2,})(?P<text>\S.*)$")
    _NEXT = regex(r"^(?:ERROR|Warning): (?P<text>(?!\S+:\d+:)\S.*)$")
    _BARE = regex(r"^(?:ERROR|Warning): \S+:\d+:(?:\d+:)?$")

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.bare = self._BARE.match(err.text) is not None  # the place alone
        self.said = err.message.endswith(":") and not self.bare  # ... or words that go on

    def accept(self, line: str) -> bool:
        if self.said and (m := self._NEXT.match(line)) is not None:
            self.err.message, self.said = f"{self.err.message} {m['text']}", False
            return True
        if (m := self._MORE.match(line)) is None:
            return False
        if self.bare:
            text = m["text"]
            if (test := _TEST.match(text)) is not None:
                self.err.test, text = test["test"], test["msg"]
            self.err.message, self.bare = text, False
        return True

    def category(self) -> str | None:
        if self.err.test is None:
            return None
        failed = self.err.message.removeprefix("received error: ")
        return "assertion" if failed == self.err.message else self.said_else("runtime", failed)


READERS = {"swipl": Message}

ROWS = (
    Format(
        "swipl",
        r"^(?P<sev>ERROR|Warning): (?P<file>(?:[A-Za-z]:)?[^\s:]+\.(?:pl|pro|prolog|plt)):"
        r"(?P<line>\d+):(?:(?P<col>\d+):)?(?: (?P<msg>\S.*))?$",
        tool="swipl",
        block="swipl",
        rank=2,
        examples=(
            "ERROR: /app/t.pl:1:16: Syntax error: Operator expected",
            "ERROR: /app/u.pl:1: user:main catch/3: Unknown procedure: undefined_pred/1",
            "Warning: /app/w.pl:1:",
            "ERROR: /home/ci/src/tests/ut.plt:5:",
        ),
    ),
    Format(  # a goal given with -g that failed: what went wrong came before
        "swipl-goal-failed",
        r"^(?:ERROR|Warning): (?P<msg>-g \S.*: (?:false|goal \(\S+\) failed))$",
        tool="swipl",
        role="consequence",
        rank=0,
        examples=("ERROR: -g run_tests: false", "Warning: -g main: goal (directive) failed"),
    ),
    Format(  # plunit's count of its failed tests
        "plunit-failed",
        r"^% (?P<msg>(?:All )?\d+ tests? failed|\d+ tests? (?:are )?failed)\b.*$",
        tool="swipl",
        role="count",
        rank=2,
        examples=("% 3 tests failed", "% 1 test failed"),
    ),
)
