"""TestCafe (``testcafe chrome tests/``): its spec reporter's failures and its own errors.

The spec reporter marks each test as it ends, a failed one ``✖`` (``×`` on
Windows), and under it each of the test's errors, numbered from 1: the error
on the number's line, then the browser it failed in, the screenshot taken,
the test's source around the failing line and the frames::

     ✖ adds an item (screenshots: /home/user/shop/screenshots/...)

       1) AssertionError: expected 2 to deeply equal 3

          Browser: Chrome 120.0.0.0 / Ubuntu 22.04

             6 |test('adds an item', async t => {
           > 7 |    await t.expect(count).eql(3);

             at <anonymous> (/home/user/shop/tests/cart.js:7:27)

An error that says only its kind (``2) Uncaught exception:``) says the rest
on the line under it. The numbered lines are mocha's and RSpec's shape too:
those rows read TestCafe's output only. Before any test runs, TestCafe's own
errors start with ``ERROR `` (a browser it cannot find or open, no tests to run).
"""

from __future__ import annotations

from ...report import Error
from ..reader import Reader
from . import Format, Said, named_above, regex, said_in

ORDER = 14  # before mocha's and RSpec's "1) title" rows, which would take its errors
COMMANDS = {"testcafe": "testcafe"}
BUILDS: dict[str, frozenset[str] | None] = {"testcafe": None}

_MARK = r"[✖×] "  # the spec reporter's mark of a failed test


class Failure(Reader):
    """A numbered error's lines: those indented as far as its number's line or
    further, up to the next error or test. The error's place is its innermost
    frame in the user's code (TestCafe's own frames are its node_modules')."""

    _NEXT = regex(rf"^\s*(?:\d+\) |{_MARK})")
    # An expectation that failed, or a page without the element a step wanted.
    SAYS = (
        (
            "assertion",
            regex(r"^AssertionError\b|selector does not match any element|selector is not visible"),
        ),
    )

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.indent = len(err.text) - len(err.text.lstrip())
        self.kind_only = err.message.endswith(":")  # "Uncaught exception:"

    def accept(self, line: str) -> bool:
        stripped = line.strip()
        if not stripped:
            return True
        if len(line) - len(line.lstrip()) < self.indent or self._NEXT.match(line):
            return False
        if self.kind_only:
            self.err.message = stripped
            self.kind_only = False
        return True

    def category(self) -> str | None:
        return said_in(self.SAYS, self.err.message)


class RunError(Said):
    """TestCafe's own error before the tests: a browser that is not there (its
    alias unknown, its provider not installed) or a connection to it lost."""

    SAYS = (
        ("network", regex(r"establish one or more of the specified browser connections")),
        ("config", regex(r"the browser|No tests to run|glob pattern")),
    )


READERS = {"testcafe": Failure, "testcafe-run": RunError}

ROWS = (
    Format(
        "testcafe-failure",
        r"^\s*\d+\) (?P<msg>\S.*?)\s*$",
        tool="testcafe",
        block="testcafe",
        rank=3,
        own_output=("testcafe",),
        fixup=named_above(rf"^\s*{_MARK}(?P<test>\S.*?)(?: \(screenshots?: .*)?\s*$"),
        examples=(
            "   1) AssertionError: expected 2 to deeply equal 3",
            "   1) The specified selector does not match any element in the DOM tree.",
            "   2) Uncaught exception:",
        ),
    ),
    Format(  # its errors, read under it (the row above)
        "testcafe-failed-test",
        rf"^\s*{_MARK}\S.*$",
        tool="testcafe",
        role="ignore",
        own_output=("testcafe",),
        examples=(" ✖ adds an item (screenshots: /home/user/shop/screenshots/1.png)",),
    ),
    Format(
        "testcafe-error",
        r"^ERROR (?P<msg>(?:Was u|U)nable to (?:find|open|establish)\b.*|Cannot (?:find the "
        r"browser|prepare tests)\b.*|No tests to run\b.*|The specified glob pattern\b.*)$",
        tool="testcafe",
        block="testcafe-run",
        rank=2,
        examples=(
            'ERROR Unable to find the browser. "edge" is not a browser alias or path to an'
            " executable file.",
            'ERROR Was unable to open the browser "chrome" due to error.',
            "ERROR Unable to establish one or more of the specified browser connections.",
        ),
    ),
)
