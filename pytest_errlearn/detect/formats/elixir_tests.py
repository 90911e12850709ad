r"""ExUnit, Elixir's test framework, as ``mix test`` prints it: each failure
``  1) test adds (CalcTest)`` with the test's place, its message and, for an
assertion, what each side was (``left:``, ``right:``), then its stack; the
count at the end (``3 tests, 1 failure``) only repeats them. An ExUnit failure
with no exception is an assertion (``Assertion with == failed``, ``match (=)
failed``, ``Doctest failed``); an exception's name says what it is. (The
compiler, exceptions and mix: elixir.py.)
"""

from __future__ import annotations

from ...report import Error
from ..reader import Reader
from . import Format, regex
from .elixir import EX, exception_category, user_frame

ORDER = 15  # with elixir.py's: before node.py's ``  1) title`` row


class ExUnitFailure(Reader):
    """An ExUnit failure: ``  1) test name (Module)``, the test's place, the
    message, ``code:``/``left:``/``right:`` and the stacktrace, indented below.
    An assertion's message takes what its sides were (``Assertion with ==
    failed left: 2 right: 3``), as Rust's and jest's do."""

    frames_wanted = False
    _PLACE = regex(rf"^\s+(?P<file>{EX}):(?P<line>\d+)$")

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.indent = len(err.text) - len(err.text.lstrip())
        self.place: tuple[str, int] | None = None
        self.said = False

    def accept(self, line: str) -> bool:
        stripped = line.strip()
        if not stripped:
            return True
        if len(line) - len(line.lstrip()) <= self.indent:
            return False
        if self.count == 0 and (m := self._PLACE.match(line)):
            self.place = m["file"], int(m["line"])
        elif not self.said:
            self.err.message, self.said = stripped, True
        elif stripped.startswith(("left:", "right:")) and not self.err.message.startswith("** ("):
            self.err.message += " " + " ".join(stripped.split())  # what each side was
        return True

    def category(self) -> str | None:
        if not self.said:
            return None
        return exception_category(self.err.message) or "assertion"

    def finish(self) -> None:
        where = user_frame(self.err.block[1:]) or self.place
        if where is not None:
            self.err.file, self.err.line = where


READERS = {"exunit": ExUnitFailure}

ROWS = (
    Format(
        "exunit-failure",
        r"^\s+\d+\) (?P<test>(?:(?:test|doctest|property|feature|scenario) .+ \([A-Z][\w.]*\))|"
        r"[A-Z][\w.]*: failure on setup_all callback.*)$",
        tool="exunit",
        block="exunit",
        rank=3,
        examples=("  1) test adds (CalcTest)", "  2) doctest Calc.add/2 (1) (CalcTest)"),
    ),
    Format(  # ExUnit's, and rebar3's EUnit report's
        "test-count-summary",
        r"^\d+ (?:tests?|doctests?|propert(?:y|ies)|features?)"
        r"(?:, \d+ (?:tests?|doctests?|propert(?:y|ies)|features?))*, [1-9]\d* failures?\b.*$",
        role="consequence",
        rank=0,
        examples=("3 tests, 1 failure", "1 doctest, 3 tests, 2 failures, 1 excluded"),
    ),
)
