"""Ruby's test frameworks: RSpec, minitest (and Rails' runner) and test-unit.

Each failure's message is what it expected and got, its place the innermost
frame of the project's code (``ruby``'s frames and helpers); the summaries and
the commands to rerun the failed tests only repeat them. (Ruby itself, rake,
Bundler, RuboCop: ruby.py.)
"""

from __future__ import annotations

import re

from ...report import Error
from ..blocks_tests import Mocha
from ..reader import Reader
from . import Format, regex
from .ruby import FRAME, LOCATED, MAX_BODY, innermost_user_frame, relocate

ORDER = 15  # with ruby.py's: before node.py's mocha row, which would take RSpec's "  1) Calc adds"
COMMANDS = {"rspec": "rspec", "rails": "minitest"}
BUILDS: dict[str, frozenset[str] | None] = {"rspec": None, "rails": frozenset({"test", "spec"})}

_NUMBERED = regex(r"^\s*\d+\) \S")  # the next numbered failure


class RSpecExample(Mocha):
    """``  1) Calc adds``: an RSpec failure when ``Failure/Error:`` (or an aggregated
    ``Got 2 failures:``) follows; a pending example when a ``# reason`` does (no error).

    Mocha numbers its failures the same way, so a body that is neither is read as
    mocha's reader reads it. Of an RSpec failure, the message is the first paragraph
    under the failing code (``expected: 3`` / ``got: 2``, or ``ZeroDivisionError:`` /
    ``divided by 0``), the place its innermost ``# ./file:line`` frame in the project.
    """

    _FAILURE = regex(r"^(?:\d+\.\d+\) )?Failure/Error:\s*(?P<code>.*)$")
    _GOT = regex(r"^Got \d+ failures")
    _COMMENT = regex(r"^# (?!\S+:\d+)")

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.mode: str | None = None  # "rspec", "pending" or "mocha", from the first body line
        self.indent = len(err.text) - len(err.text.lstrip())
        self.failure: str | None = None
        self.in_code = False  # the failing code's lines, up to a blank line
        self.paragraph: list[str] = []
        self.paragraph_over = False
        self.frames: list[str] = []

    def accept(self, line: str) -> bool:
        stripped = line.strip()
        if self.mode is None:
            if not stripped:
                return super().accept(line)
            if line[:1].isspace() and (self._FAILURE.match(stripped) or self._GOT.match(stripped)):
                self.mode = "rspec"
            elif line[:1].isspace() and self._COMMENT.match(stripped):
                self.mode = "pending"
            else:
                self.mode = "mocha"
        if self.mode == "mocha":
            return super().accept(line)
        if not stripped:
            self.in_code = False
            if self.paragraph:
                self.paragraph_over = True
            return self.count < MAX_BODY
        if len(line) - len(line.lstrip()) <= self.indent:
            return False  # the next example, or the end of the section
        if FRAME.match(stripped) and stripped.startswith("#"):
            self.frames.append(stripped)
        elif m := self._FAILURE.match(stripped):
            if self.failure is None:
                self.failure = m["code"]
                self.in_code = not m["code"]
        elif not self.in_code and not self.paragraph_over and not self._GOT.match(stripped):
            self.paragraph.append(stripped)
        return True

    def finish(self) -> None:
        err = self.err
        if self.mode in (None, "mocha"):
            err.tool = "mocha"
            super().finish()
            return
        self.valid = self.mode == "rspec"
        err.tool = "rspec"
        err.message = _said(self.paragraph) or f"Failure/Error: {self.failure or ''}".strip()
        if (where := innermost_user_frame(self.frames)) is not None:
            err.file, err.line = where

    def category(self) -> str | None:
        """A matcher that failed says what it expected, under no exception's name
        (``expected: 3`` / ``got: 2``, ``expected `x` to have changed``): an
        assertion. An exception the example raised is classified by its words."""
        if self.mode != "rspec":
            return super().category()
        raised = bool(self.paragraph) and re.fullmatch(r"[A-Z][\w:]*:", self.paragraph[0])
        if not raised or "ExpectationNotMet" in self.paragraph[0]:
            return "assertion"
        return self.said_else("runtime")


def _said(paragraph: list[str]) -> str:
    """A failure's first paragraph as one line: ``NameError:`` / ``msg`` as ``NameError: msg``."""
    if not paragraph:
        return ""
    if re.fullmatch(r"[A-Z][\w:]*:", paragraph[0]) and len(paragraph) > 1:
        return f"{paragraph[0]} {' '.join(paragraph[1:3])}"
    return " ".join(paragraph[:3])


class RSpecLoadError(Reader):
    """``An error occurred while loading ./spec/a_spec.rb.``: the failing line, the
    exception (``NameError:`` / ``uninitialized constant Nope``) and its frames, at
    the line's start. A syntax error in a file the spec loads is reported there."""

    frames_wanted = False
    _STOP = regex(
        r"^(?:An error occurred |No examples found|Run options:|Finished in |Randomized with|"
        r"\d+ examples?, |Failures:|Pending:|Top \d+ slowest)"
    )

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.exc: str | None = None
        self.said: list[str] = []
        self.said_over = False  # a blank line after the message: error_highlight's lines follow
        self.frames: list[str] = []

    def accept(self, line: str) -> bool:
        if self._STOP.match(line):
            return False
        stripped = line.strip()
        if not stripped:
            self.said_over = bool(self.said)
            return self.count < MAX_BODY
        if self.frames and not stripped.startswith("#"):
            return False  # the frames are over
        if stripped.startswith("# ") and FRAME.match(stripped):
            self.frames.append(stripped)
        elif not line[:1].isspace() and re.fullmatch(r"[A-Z][\w:]*:", stripped):
            self.exc = stripped[:-1]
        elif self.exc is not None and line[:1].isspace() and not self.said_over:
            self.said.append(stripped)
        return True

    def finish(self) -> None:
        err = self.err
        located = next((s for s in self.said if LOCATED.match(s) and "error" in s), None)
        said = relocate(err, located) if located else " ".join(self.said[:2])
        if self.exc:
            err.message = f"{self.exc}: {said}" if said else self.exc
        if located is None and (where := innermost_user_frame(self.frames)) is not None:
            err.file, err.line = where


class Minitest(Reader):
    """A minitest failure (``1) Failure:``, or Rails' bare ``Failure:``): the test and
    its place (``CalcTest#test_add [test/calc_test.rb:8]:``), the message
    (``Expected: 3`` / ``  Actual: 2``), or an error's exception and its frames,
    up to a blank line. (Ruby 3.1 on quotes the code that raised, under the
    exception and a blank line, above the frames: an error reads on past it.)"""

    frames_wanted = False
    # ``Class#test [file:line]:`` (minitest-reporters leaves the colon out), ``Class#test:``
    _TEST = regex(r"^(?P<test>\S[^\[\]]*?)(?: \[(?P<file>[^\]]+?):(?P<line>\d+)\]:?|:)$")
    # ... or, from minitest-reporters, a test without its place: ``Class#test_adds ``
    _NAMED = regex(r"^(?P<test>[A-Z][\w:]*#\S.*?)\s*$")
    # what only a test's name holds: its class (``Class#test``, ``test(Class)``)
    _CLASSED = regex(r"^[A-Z][\w:]*#\S|\([A-Z][\w:]*\):?$")

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.said: list[str] = []
        self.frames: list[str] = []
        self.erred = err.text.rstrip().endswith("Error:")  # an error, not a failure
        self.quoting = False  # past the blank line before the code an error quotes

    def accept(self, line: str) -> bool:
        stripped = line.strip()
        if self.quoting and not line[:1].isspace():
            return False
        if not stripped and not self.quoting and not self.frames and self.erred:
            self.quoting = True
            return True
        if self.count == 0:
            m = self._TEST.match(line) or self._NAMED.match(line)
            bare = self.err.text.strip() == "Error:"  # Rails': R's (rlang) is bare too
            if m is None or (bare and not self._CLASSED.search(line.rstrip())):
                self.valid = False
                return False
            self.err.test = m["test"]
            if m.groupdict().get("file"):
                self.err.file, self.err.line = m["file"], int(m["line"])
            return True
        if not stripped or _NUMBERED.match(line):
            return False
        if line[:1].isspace() and FRAME.match(line):
            self.frames.append(line)
        else:
            self.said.append(stripped)
        return True

    def finish(self) -> None:
        err = self.err
        if self.said:
            err.message = self.said[0] if self.erred else " ".join(self.said[:4])
        if (where := innermost_user_frame(self.frames)) is not None:
            err.file, err.line = where


class TestUnit(Reader):
    """A test-unit failure (``Failure: test_add(CalcTest)``) or error, up to the
    ``=====`` line that closes it: its frames, the code around the failing line
    (``  => 6: ...``) and the message (``<3> expected but was`` / ``<2>``; an
    error's exception, on its header's line or, where it has several, under it)."""

    frames_wanted = False
    _SNIPPET = regex(r"^\s+(?:=> )?\d+:(?: |$)")
    _PLACE = regex(r"^(?P<test>.+?) \[(?P<file>[^\]]+?):(?P<line>\d+)\]:$")

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.said: list[str] = []
        self.frames: list[str] = []
        self.over = False

    def accept(self, line: str) -> bool:
        if self.over:
            return False
        stripped = line.strip()
        if re.fullmatch(r"={20,}", stripped):
            self.over = True
            return True
        if FRAME.match(line):
            self.frames.append(line)
        elif m := self._PLACE.match(stripped):
            self.err.file, self.err.line = m["file"], int(m["line"])
        elif stripped and not self._SNIPPET.match(line):
            self.said.append(stripped)
        return True

    def finish(self) -> None:
        err = self.err
        if self.said and err.text.startswith("Failure"):
            err.message = " ".join(self.said[:3])
        elif self.said and err.text.endswith(":"):  # an error's exception under it
            err.message = self.said[0]  # (Ruby 3.1's quote of the call that raised follows)
        if (where := innermost_user_frame(self.frames)) is not None:
            err.file, err.line = where


READERS = {
    "rspec": RSpecExample,
    "rspecload": RSpecLoadError,
    "minitest": Minitest,
    "testunit": TestUnit,
}

ROWS = (
    Format(
        "minitest-failure",
        r"^(?:\s*\d+\) )?Failure:$",
        tool="minitest",
        category="assertion",
        block="minitest",
        rank=3,
        examples=("  1) Failure:", "Failure:"),
    ),
    Format(
        "minitest-error",
        r"^\s*\d+\) Error:$",  # Rails' bare "Error:" is R's (rlang) too
        tool="minitest",
        block="minitest",
        rank=3,
        examples=("  2) Error:",),
    ),
    Format(  # Rails' runner: "Error:" alone, the test on the next line (``Minitest``)
        "rails-test-error",
        r"^Error:$",
        tool="minitest",
        block="minitest",
        rank=3,
        examples=("Error:",),
    ),
    Format(
        "minitest-summary",
        r"^\d+ (?:runs|tests), \d+ assertions, (?:[1-9]\d* failures, \d+ errors|"
        r"\d+ failures, [1-9]\d* errors)\b",
        tool="minitest",
        role="consequence",
        rank=0,
        examples=(
            "2 runs, 1 assertions, 1 failures, 1 errors, 0 skips",
            "2 tests, 1 assertions, 1 failures, 1 errors, 0 pendings, 0 omissions, 0 notifications",
        ),
    ),
    Format(  # Rails' runner names each failed test again, as a command to rerun it
        "rails-test-rerun",
        r"^(?:bin/)?rails test (?P<file>[^\s:]+):(?P<line>\d+)$",
        tool="minitest",
        role="consequence",
        rank=0,
        words=("rails test",),
        examples=("bin/rails test test/models/article_test.rb:6",),
    ),
    Format(
        "test-unit-failure",
        r"^Failure: (?P<test>.+?\([\w:]+\))(?: \[(?P<file>[^\]]+?):(?P<line>\d+)\])?:?$",
        tool="test-unit",
        category="assertion",
        block="testunit",
        rank=3,
        examples=("Failure: test_add(CalcTuTest)",),
    ),
    Format(
        "test-unit-error",
        r"^Error: (?P<test>.+?\([\w:]+\)):(?: (?P<msg>.+)|$)",
        tool="test-unit",
        block="testunit",
        rank=3,
        examples=(
            "Error: test_div(CalcTuTest): ZeroDivisionError: divided by 0",
            "Error: test_e(TU):",
        ),
    ),
    Format(
        "rspec-example",
        r"^\s*\d+\) (?P<test>\S.*?[^:\s])\s*$",  # mocha's one-line title ends in ":"
        block="rspec",
        rank=3,
        examples=("  1) Calc adds",),
    ),
    Format(
        "rspec-load-error",
        r"^An error occurred (?:while loading (?P<file>\S+?)|in an? `?[\w():]+`? hook)\.$",
        tool="rspec",
        block="rspecload",
        rank=3,
        examples=(
            "An error occurred while loading ./spec/calc_spec.rb.",
            "An error occurred in a `before(:suite)` hook.",
        ),
    ),
    Format(
        "rspec-summary",
        r"^\d+ examples?, (?:[1-9]\d* failures?|\d+ failures?(?:, \d+ pending)?, "
        r"[1-9]\d* errors? occurred outside of examples)",
        tool="rspec",
        role="consequence",
        rank=0,
        examples=(  # "3 examples, 2 failures" alone is hspec's line too, which its row takes
            "0 examples, 0 failures, 2 errors occurred outside of examples",
            "3 examples, 1 failure, 1 error occurred outside of examples",
        ),
    ),
    Format(  # the failed examples listed again, as commands to rerun them
        "rspec-rerun",
        r"^rspec '?(?P<file>[^\s:'\[]+)(?::(?P<line>\d+)|\[[\d:,]+\])'? # (?P<test>.+)$",
        tool="rspec",
        role="consequence",
        rank=0,
        words=("rspec ",),
        examples=(
            "rspec ./spec/calc_spec.rb:4 # Calc adds",
            "rspec './spec/calc_spec.rb[1:2]' # Calc divides",
        ),
    ),
)
