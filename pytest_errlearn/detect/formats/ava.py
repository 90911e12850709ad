r"""AVA, the Node.js test runner, in its default reporter (what CI prints).

Each test is marked as it ends (``✔ file › title``, ``✘ [fail]: file › title
message``); the failures' details come together after the run, under a line
of ``─``, each under its title::

      cart › applies the discount

      test/cart.js:20

       19:   const cart = new Cart([10, 20]);
       20:   t.is(cart.total(0.5), 14);
       21: });

      Difference (- actual, + expected):

      - 15
      + 14

      › test/cart.js:20:4

The error is read there, from the place line under the title: the message
after the quoted source (with what follows it where it ends with a colon: the
difference, the rejection's reason), the title as its test. An uncaught
exception or an unhandled rejection of a test file is reported the same way,
under ``Uncaught exception in test/cart.js``. The marks and the counts at the
end only repeat the failures.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...report import Error
from ..reader import Reader
from . import Format, regex

COMMANDS = {"ava": "ava"}
BUILDS: dict[str, frozenset[str] | None] = {"ava": None}

_JS = r"[^\s:]+\.(?:[cm]?[jt]sx?|vue|svelte)"
_TITLE = regex(r"^  (?P<test>\S.*?)\s*$")  # a failure's title, two spaces in
_FILE_WIDE = regex(r"^(?:Uncaught exception|Unhandled rejection) in \S+$")
_SOURCE = regex(r"^\s+\d+:(?: |$)")  # a line of the quoted source
_FRAME = regex(r"^\s+› ")
_END = regex(
    r"^\s*(?:─+|\d+ (?:tests? failed|known failures?|uncaught exceptions?"
    r"|unhandled rejections?)\b|✘ )"
)
_MORE = 4  # lines of what follows a message ending with a colon, at most


def _title(groups: dict[str, str | None], before: Sequence[str]) -> None:
    """The failure's title, the nearest line above its place: its test, unless it
    says a test file failed whole (an uncaught exception)."""
    for line in reversed(before):
        if line.strip():
            if (m := _TITLE.match(line)) is not None and not _FILE_WIDE.match(m["test"]):
                groups["test"] = m["test"]
            return


class Failure(Reader):
    """A failure's details under its place: the quoted source, the message and
    what explains it, the frames (``› file:line:col``), up to three blank lines
    in a row (the next failure), a line of ``─`` or the run's counts."""

    frames_wanted = False  # the place line is the test's own

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.said: list[str] = []  # the message, and what follows a colon at its end

    def accept(self, line: str) -> bool:
        stripped = line.strip()
        if not stripped:
            return self.blanks < 2
        if _END.match(line):
            return False
        if not (_SOURCE.match(line) or _FRAME.match(line)) and self._saying(stripped):
            self.said.append(stripped)
        return True

    def _saying(self, stripped: str) -> bool:
        """Whether a line is part of the message: its first, or the lines after a
        first that ends with a colon (a difference, a rejection's reason)."""
        if not self.said:
            return True
        return self.said[0].endswith(":") and len(self.said) <= _MORE

    def finish(self) -> None:
        if self.said:
            self.err.message = " ".join(self.said)

    def category(self) -> str | None:
        """A test's failure is an assertion's; a test file's uncaught exception
        is what its message says."""
        return "assertion" if self.err.test else self.said_else("runtime")


READERS = {"ava": Failure}

ROWS = (
    Format(
        "ava-failure",
        rf"^  (?P<file>{_JS}):(?P<line>\d+)\s*$",
        tool="ava",
        block="ava",
        rank=3,
        fixup=_title,
        words=("js:", "ts:", "jsx:", "tsx:", ".vue:", ".svelte:"),
        examples=("  test/cart.js:20", "  tests/register/registerTest.js:19", "  test.cjs:9"),
    ),
    Format(  # a test marked as it failed: its details come after the run
        "ava-failed-mark",
        r"^\s*✘ \[(?:fail|unexpected pass)\]: \S.*$",
        tool="ava",
        role="ignore",
        words=("[fail]",),
        examples=(
            "  ✘ [fail]: register new user Rejected promise returned by test",
            "  ✘ [fail]: retry › respects backoffLimit Rejected promise returned by test",
            "  ✘ [unexpected pass]: test › no longer failing Test was expected to fail, but"
            " succeeded, you should stop marking the test as failing",
        ),
    ),
    Format(
        "ava-file-failed",
        rf"^\s*✘ (?P<msg>{_JS} exited with a non-zero exit code: \d+)\s*$",
        tool="ava",
        role="consequence",
        rank=1,
        examples=("  ✘ uncaught-exception.cjs exited with a non-zero exit code: 1",),
    ),
    Format(  # the run's counts: AVA's wording, the tool the command's
        "ava-summary",
        r"^\s*(?P<msg>[1-9]\d* (?:tests? failed|uncaught exceptions?|unhandled rejections?))\s*$",
        role="consequence",
        rank=0,
        words=("failed", "uncaught", "unhandled"),
        examples=("  2 tests failed", "  1 test failed", "  2 uncaught exceptions"),
    ),
)
