"""Ruby: uncaught exceptions and syntax errors, RSpec, minitest (and Rails' runner),
test-unit, rake, Bundler and RubyGems, RuboCop."""

from __future__ import annotations

import re

from ...report import Error
from ..blocks_tests import Mocha
from ..frames import is_user_path
from ..reader import Reader
from . import Format, regex

# ``file:line:in 'method'`` (Ruby 3.4 quotes 'x'; earlier, `x'), the place an uncaught
# exception's first line starts with: what that row seeks.
_RAISED_AT = r":(?P<line>\d+):in [`']"
_RAISED_FILE = r"^(?P<file><internal:[^>]*>|(?:[A-Za-z]:)?[^\s:<][^:]*?)"
# What follows the file on a syntax error's line (``ruby -c``, parse.y and prism).
_SYNTAX_AT = r":(?P<line>\d+): (?P<msg>syntax errors? found\b.*|syntax error, .*)$"
# RuboCop's offense line after its file: ``:3:5: C: [Correctable] Style/Cop: message``.
_OFFENSE_AT = r":(?P<line>\d+):(?P<col>\d+): (?P<sev>[CWREF]): "

# A Ruby backtrace's frame: ``from app.rb:7:in '<main>'`` (an uncaught exception's),
# ``# ./spec/a_spec.rb:5:in 'block ...'`` (RSpec's), ``    lib/a.rb:3:in 'm'`` (minitest's),
# ``/app/Rakefile:2:in 'block ...'`` (rake's, test-unit's).
_FRAME = regex(
    r"^\s*(?:from |# )?(?P<file><internal:[^>]*>|(?:[A-Za-z]:)?[^\s:<#][^\s:]*):"
    r"(?P<line>\d+)(?::in [`'].*)?\s*$"
)
# Frames of Ruby itself and of installed gems: not the project's code.
_LIBRARY = regex(
    r"^<internal:|/lib/ruby/|/gems/|/rubygems|/vendor_ruby/|/vendor/bundle/|/\.rbenv/|/\.rvm/"
    r"|/\.gem/|/usr/share/ruby|/ruby/\d+\.\d+\.\d+/|^/opt/hostedtoolcache/"
)
# ``path:line: message``: an error of a file other than the one that raised it (a file
# with a syntax error, as ``require`` reports it).
_LOCATED = regex(r"^(?P<file>(?:[A-Za-z]:)?[^\s:]+):(?P<line>\d+): (?P<rest>.*)$")
# error_highlight's and did_you_mean's lines under an exception's message.
_CARETS = regex(r"^\s*\^+~*\s*$")
_NUMBERED = regex(r"^\s*\d+\) \S")


def user_code(path: str) -> bool:
    """Whether a Ruby frame's file is the project's own code."""
    return is_user_path(path) and _LIBRARY.search(path) is None


def innermost_user_frame(lines: list[str]) -> tuple[str, int] | None:
    """The first frame (Ruby lists the innermost first) in the project's code."""
    for line in lines:
        if (m := _FRAME.match(line)) and user_code(m["file"]):
            return m["file"], int(m["line"])
    return None


def _relocate(err: Error, text: str) -> str:
    """``/app/lib/a.rb:5: syntax error, ...`` inside a message: the error is there."""
    if (m := _LOCATED.match(text)) is not None:
        err.file, err.line, err.column = m["file"], int(m["line"]), None
        return m["rest"]
    return text


class RubyException(Reader):
    """An uncaught exception: ``app.rb:3:in 'divide': divided by 0 (ZeroDivisionError)``,
    error_highlight's code and carets, did_you_mean's suggestions, then ``from`` frames.

    The message is ``Class: message``; the place, the innermost frame in the
    project's code (the first line's own place when that is the project's)."""

    frames_wanted = False
    _FROM = regex(r"^\s+from \S|^\s+\.\.\. \d+ levels\.\.\.$")

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.state = "start"  # start, code (after a blank), carets, frames
        self.exc = _raised_class(err.text)

    def accept(self, line: str) -> bool:
        if self._FROM.match(line):
            self.state = "frames"
            return True
        stripped = line.strip()
        if self.state == "start" and not stripped and self.count == 0:
            self.state = "code"
            return True
        if self.state == "code" and stripped and _FRAME.match(line) is None and ":in " not in line:
            self.state = "carets"
            return True
        if self.state in ("carets", "start") and _CARETS.match(line):
            self.state = "start"
            return True
        if self.state in ("start", "carets") and stripped.startswith("Did you mean?"):
            self.state = "suggestions"
            return True
        return self.state == "suggestions" and line[:1].isspace() and bool(stripped)

    def finish(self) -> None:
        err = self.err
        said = err.message
        if self.exc and said.endswith(f" ({self.exc})"):
            said = said[: -len(self.exc) - 3]
        said = _relocate(err, said)
        err.message = f"{self.exc}: {said}" if self.exc and said != self.exc else said
        if err.file is not None and user_code(err.file):
            return
        if (where := innermost_user_frame(err.block[1:])) is not None:
            err.file, err.line = where


def _raised_class(text: str) -> str | None:
    m = re.search(r" \(((?:[A-Z]\w*::)*[A-Z]\w*)\)$", text)
    return m[1] if m else None


class RubySyntax(Reader):
    """A syntax error's code frame: prism's ``> 4 | code`` and ``| ^ message`` lines
    (Ruby 3.4), or parse.y's code line and caret line. Prism's first caret message
    says what is wrong; the header only counts the errors."""

    frames_wanted = False
    _PRISM = regex(r"^\s*>?\s*\d+ \|(?: |$)|^\s+\|(?: |$)")
    _PRISM_SAID = regex(r"^\s+\|\s*\^~*\s+(?P<said>\S.*)$")

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.code = False  # parse.y's code line was taken: its carets must follow
        self.said: str | None = None

    def accept(self, line: str) -> bool:
        if self._PRISM.match(line):
            if self.said is None and (m := self._PRISM_SAID.match(line)):
                self.said = m["said"]
            return True
        if self.count == 0 and line.strip() and "syntax error" not in line:
            self.code = True
            return True
        if self.code and _CARETS.match(line):
            self.code = False
            return True
        return False

    def finish(self) -> None:
        err = self.err
        err.message = err.message.removesuffix(" (SyntaxError)")
        if self.said:
            err.message = f"syntax error, {self.said}"


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
        if _FRAME.match(stripped) and stripped.startswith("#"):
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


MAX_BODY = 60


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
        if stripped.startswith("# ") and _FRAME.match(stripped):
            self.frames.append(stripped)
        elif not line[:1].isspace() and re.fullmatch(r"[A-Z][\w:]*:", stripped):
            self.exc = stripped[:-1]
        elif self.exc is not None and line[:1].isspace() and not self.said_over:
            self.said.append(stripped)
        return True

    def finish(self) -> None:
        err = self.err
        located = next((s for s in self.said if _LOCATED.match(s) and "error" in s), None)
        said = _relocate(err, located) if located else " ".join(self.said[:2])
        if self.exc:
            err.message = f"{self.exc}: {said}" if said else self.exc
        if located is None and (where := innermost_user_frame(self.frames)) is not None:
            err.file, err.line = where


class Minitest(Reader):
    """A minitest failure (``1) Failure:``, or Rails' bare ``Failure:``): the test and
    its place (``CalcTest#test_add [test/calc_test.rb:8]:``), the message
    (``Expected: 3`` / ``  Actual: 2``), or an error's exception and its frames,
    up to a blank line."""

    frames_wanted = False
    # ``Class#test [file:line]:`` (minitest-reporters leaves the colon out), ``Class#test:``
    _TEST = regex(r"^(?P<test>\S[^\[\]]*?)(?: \[(?P<file>[^\]]+?):(?P<line>\d+)\]:?|:)$")

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.said: list[str] = []
        self.frames: list[str] = []

    def accept(self, line: str) -> bool:
        stripped = line.strip()
        if self.count == 0:
            m = self._TEST.match(line)
            if m is None:
                self.valid = False
                return False
            self.err.test = m["test"]
            if m["file"]:
                self.err.file, self.err.line = m["file"], int(m["line"])
            return True
        if not stripped or _NUMBERED.match(line):
            return False
        if line[:1].isspace() and _FRAME.match(line):
            self.frames.append(line)
        else:
            self.said.append(stripped)
        return True

    def finish(self) -> None:
        err = self.err
        if self.said:
            error = err.text.rstrip().endswith("Error:")
            err.message = self.said[0] if error else " ".join(self.said[:4])
        if (where := innermost_user_frame(self.frames)) is not None:
            err.file, err.line = where


class TestUnit(Reader):
    """A test-unit failure (``Failure: test_add(CalcTest)``) or error, up to the
    ``=====`` line that closes it: its frames, the code around the failing line
    (``  => 6: ...``) and the message (``<3> expected but was`` / ``<2>``)."""

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
        if _FRAME.match(line):
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
        if (where := innermost_user_frame(self.frames)) is not None:
            err.file, err.line = where


class RakeAborted(Reader):
    """``rake aborted!``: the cause on the next line (``NameError: ...``, or ``Command
    failed with status (1)``, which only follows from the failure above it), its
    frames, ``Tasks: TOP => test`` and the ``--trace`` hint."""

    frames_wanted = False

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.caused = False
        self.over = False

    def accept(self, line: str) -> bool:
        stripped = line.strip()
        if self.over:
            return False
        if stripped.startswith("(See full trace by running task"):
            self.over = True
            return True
        if not stripped:
            return self.count < MAX_BODY
        if not self.caused:
            self.caused = True
            self.err.message = stripped
            self.consequence = stripped.startswith("Command failed with status")
            return True
        return bool(_FRAME.match(line) or stripped.startswith("Tasks: ") or line[:1].isspace())

    def finish(self) -> None:
        err = self.err
        err.message = _relocate(err, err.message) if "syntax error" in err.message else err.message
        if err.file is None and (where := innermost_user_frame(err.block[2:])) is not None:
            err.file, err.line = where


class RuboCopOffense(Reader):
    """The source line and carets RuboCop prints under an offense."""

    frames_wanted = False

    def accept(self, line: str) -> bool:
        if self.count == 0:
            return bool(line.strip()) and _OFFENSE_AT_RX.search(line) is None
        return self.count == 1 and _CARETS.match(line) is not None

    def finish(self) -> None:
        pass


_OFFENSE_AT_RX = regex(_OFFENSE_AT)

ORDER = 15  # before node's mocha row, which would take RSpec's "  1) Calc adds"
COMMANDS = {
    "ruby": "ruby",
    "rspec": "rspec",
    "rake": "rake",
    **dict.fromkeys(("bundle", "bundler"), "bundler"),
    "gem": "gem",
    "rubocop": "rubocop",
    "rails": "minitest",
}
BUILDS: dict[str, frozenset[str] | None] = {
    "ruby": None,
    "rspec": None,
    "rake": None,
    "bundle": frozenset({"exec", "install", "update", "check"}),
    "bundler": frozenset({"exec", "install", "update", "check"}),
    "gem": frozenset({"install", "build"}),
    "rubocop": None,
    "rails": frozenset({"test", "spec"}),
}
READERS = {
    "rubyexception": RubyException,
    "rubysyntax": RubySyntax,
    "rspec": RSpecExample,
    "rspecload": RSpecLoadError,
    "minitest": Minitest,
    "testunit": TestUnit,
    "rake": RakeAborted,
    "rubocop": RuboCopOffense,
}


def _raised(classes: str | None) -> str:
    """An uncaught exception's first line; ``classes``: the exception classes it must name."""
    tail = rf" \((?P<exc>{classes})\)$" if classes else r"(?: \((?P<exc>[A-Z][\w:]*)\))?$"
    return _RAISED_FILE + _RAISED_AT + r"(?P<fn>[^`']*)': (?P<msg>.*?)" + tail


ROWS = (
    Format(
        "ruby-exception-dependency",
        _raised(r"LoadError|(?:Gem|Bundler)::\w+(?:::\w+)*"),
        seek=_RAISED_AT,
        tool="ruby",
        category="dependency",
        block="rubyexception",
        rank=3,
        examples=(
            "<internal:/usr/lib/ruby/vendor_ruby/rubygems/core_ext/kernel_require.rb>:85:in "
            "`require': cannot load such file -- nokogiri (LoadError)",
            "/usr/lib/ruby/3.1.0/bundler/definition.rb:481:in `materialize': Could not find "
            "rake-12.3.3 in any of the sources (Bundler::GemNotFound)",
        ),
    ),
    Format(
        "ruby-exception-reference",
        _raised(r"NameError|NoMethodError"),
        seek=_RAISED_AT,
        tool="ruby",
        category="reference",
        block="rubyexception",
        rank=3,
        examples=(
            "name.rb:1:in `<main>': undefined local variable or method `fo' for main:Object "
            "(NameError)",
            "test.rb:1:in 'Foo#bar': undefined method 'foo' for an instance of Foo (NoMethodError)",
        ),
    ),
    Format(
        "ruby-exception-syntax",
        _raised(r"SyntaxError"),
        seek=_RAISED_AT,
        tool="ruby",
        category="syntax",
        block="rubyexception",
        rank=3,
        examples=(
            "req.rb:1:in `require_relative': /app/synlib/bad.rb:5: syntax error, unexpected "
            "end-of-input, expecting `end' (SyntaxError)",
        ),
    ),
    Format(
        "ruby-exception",
        _raised(None),
        seek=_RAISED_AT,
        tool="ruby",
        block="rubyexception",
        rank=3,
        examples=(
            "/tmp/rb/lib/calc.rb:7:in `/': divided by 0 (ZeroDivisionError)",
            "app.rb:3:in 'Integer#/': divided by 0 (ZeroDivisionError)",
            "rt.rb:1:in `<main>': boom (RuntimeError)",
        ),
    ),
    Format(
        "ruby-syntax",
        r"^(?:(?:[A-Za-z]:)?[^\s:]+: )?(?P<file>(?:[A-Za-z]:)?[^\s:]+)" + _SYNTAX_AT,
        seek=_SYNTAX_AT,
        tool="ruby",
        category="syntax",
        block="rubysyntax",
        rank=2,
        examples=(
            "syn.rb:5: syntax error, unexpected end-of-input, expecting `end'",
            "/usr/local/bin/ruby: -:3: syntax error found (SyntaxError)",
            "ruby: app.rb:18: syntax errors found (SyntaxError)",
        ),
    ),
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
        r"^Error: (?P<test>.+?\([\w:]+\)): (?P<msg>.+)$",
        tool="test-unit",
        block="testunit",
        rank=3,
        examples=("Error: test_div(CalcTuTest): ZeroDivisionError: divided by 0",),
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
    Format(
        "rake-aborted",
        r"^rake aborted!$",
        tool="rake",
        block="rake",
        rank=2,
        examples=("rake aborted!",),
    ),
    Format(
        "rake-tasks",
        r"^Tasks: TOP => \S|^\(See full trace by running task with --trace\)$",
        tool="rake",
        role="ignore",
        words=("Tasks: TOP", "full trace by running"),
        examples=("Tasks: TOP => test",),
    ),
    Format(
        "bundler-not-found",
        r"^(?P<msg>Could not find gem '[^']+'(?:\.| in .+)|"
        r"Could not find [\w.-]+-\d[\w.]*(?:-[\w-]+)? in .+|"
        r"Your bundle is locked to .+|Bundler could not find compatible versions for gem .+|"
        r"Could not locate Gemfile.*|Could not find '[\w.-]+' \([^)]*\) required by .+)$",
        tool="bundler",
        category="dependency",
        block="codeframe",
        rank=2,
        words=("could not find", "bundle is locked", "could not locate"),
        examples=(
            "Could not find gem 'nokogiri_nope_x' in locally installed gems.",
            "Could not find gem 'rails'.",
            "Could not find gem 'nokogiri_nope_x' in cached gems or installed locally.",
            "Could not find rake-12.3.3 in any of the sources",
            "Your bundle is locked to mimemagic (0.3.5) from rubygems repository "
            "https://rubygems.org/ or installed locally, but that version can no longer be found "
            "in that source.",
        ),
    ),
    Format(  # the error that stopped an install (a native extension's build) came before
        "bundler-install-failed",
        r"^(?:An error occurred while installing \S+ \([^)]*\), and Bundler cannot continue\.?|"
        r"Make sure that `gem install .+` succeeds before bundling\.)$",
        tool="bundler",
        role="consequence",
        rank=0,
        examples=(
            "An error occurred while installing nokogiri (1.10.0), and Bundler cannot continue.",
        ),
    ),
    Format(  # RubyGems' and Bundler's own exceptions, as they and rake print them
        "gem-exception",
        r"^(?P<msg>(?P<exc>(?:Gem|Bundler)::(?:\w+::)*\w+): .+)$",
        tool="bundler",
        category="dependency",
        block="codeframe",
        rank=2,
        words=("Gem::", "Bundler::"),
        examples=(
            "Gem::Ext::BuildError: ERROR: Failed to build gem native extension.",
            "Bundler::GemNotFound: Could not find gem 'foo' in locally installed gems.",
        ),
    ),
    Format(
        "gem-error",
        r"^ERROR:  (?P<msg>(?:Could not find a valid gem|Error installing|While executing gem|"
        r"Failed to build gem native extension).*)$",
        tool="gem",
        category="dependency",
        block="codeframe",
        rank=2,
        examples=("ERROR:  Could not find a valid gem 'nope' (>= 0) in any repository",),
    ),
    Format(
        "rubocop",
        r"^(?P<file>(?:[A-Za-z]:)?[^\s:][^:]*)"
        + _OFFENSE_AT
        + r"(?:\[(?:Correctable|Corrected|Todo|Unsupported)\] )?"
        r"(?:(?P<code>[A-Z]\w*(?:/[A-Z]\w*)+): )?(?P<msg>.+)$",
        seek=_OFFENSE_AT,
        tool="rubocop",
        block="rubocop",
        rank=2,
        examples=(
            "lib/a.rb:9:1: E: Lint/Syntax: unexpected token $end",
            "lib/a.rb:1:9: C: [Correctable] Layout/SpaceInsideParens: Space inside parentheses "
            "detected.",
            "lib/a.rb:2:3: W: Lint/UselessAssignment: Useless assignment to variable - x.",
        ),
    ),
    Format(
        "rubocop-summary",
        r"^\d+ files? inspected, (?:no|\d+) offenses? detected|^Offenses:$",
        tool="rubocop",
        role="ignore",
        words=("offenses detected", "offense detected", "offenses:"),
        examples=("2 files inspected, 10 offenses detected, 7 offenses autocorrectable",),
    ),
)
