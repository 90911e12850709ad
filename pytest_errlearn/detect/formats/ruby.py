"""Ruby: uncaught exceptions and syntax errors, rake, RuboCop. (Its test frameworks,
RSpec, minitest and test-unit: ruby_tests.py; Bundler and RubyGems: bundler.py.)"""

from __future__ import annotations

import re

from ...report import Error
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
FRAME = regex(
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
LOCATED = regex(r"^(?P<file>(?:[A-Za-z]:)?[^\s:]+):(?P<line>\d+): (?P<rest>.*)$")
# error_highlight's and did_you_mean's lines under an exception's message.
_CARETS = regex(r"^\s*\^+~*\s*$")
MAX_BODY = 60  # lines of a test's or task's body read, at most


def user_code(path: str) -> bool:
    """Whether a Ruby frame's file is the project's own code."""
    return is_user_path(path) and _LIBRARY.search(path) is None


def innermost_user_frame(lines: list[str]) -> tuple[str, int] | None:
    """The first frame (Ruby lists the innermost first) in the project's code."""
    for line in lines:
        if (m := FRAME.match(line)) and user_code(m["file"]):
            return m["file"], int(m["line"])
    return None


def relocate(err: Error, text: str) -> str:
    """``/app/lib/a.rb:5: syntax error, ...`` inside a message: the error is there."""
    if (m := LOCATED.match(text)) is not None:
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
        if self.state == "code" and stripped and FRAME.match(line) is None and ":in " not in line:
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
        said = relocate(err, said)
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


class RakeAborted(Reader):
    """``rake aborted!`` (``rails aborted!`` where Rails runs the task): the cause on
    the next line (``NameError: ...``, or ``Command failed with status (1)``, which
    only follows from the failure above it) and its message's further lines, its
    frames, the exceptions that caused it (``Caused by:``, the root cause last),
    ``Tasks: TOP => test`` and the ``--trace`` hint.

    A cause that ends in ":" says why in the paragraph under it (Active Record's
    ``StandardError: An error has occurred, this and all later migrations
    canceled:``, then the database's error): that goes into the message."""

    frames_wanted = False
    _CAUSED = regex(r"^Caused by:\s*$")
    _EXCEPTION = regex(r"^(?:[A-Z]\w*::)*[A-Z]\w*: \S")

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.caused = False
        self.over = False
        self.said = 0  # lines of the cause's message read, while it may go on
        self.why = False  # the cause ended in ":": its reason is the next paragraph
        self.cause_next = False  # after "Caused by:": the next line is the deeper cause

    def accept(self, line: str) -> bool:
        stripped = line.strip()
        if self.over:
            return False
        if stripped.startswith("(See full trace by running task"):
            self.over = True
            return True
        if not stripped:
            self.said = 0
            return self.count < MAX_BODY
        if self._CAUSED.match(line):
            self.cause_next, self.said = True, 0
            return True
        if not self.caused or self.cause_next:
            self.caused, self.cause_next, self.said = True, False, 1
            self.err.message = stripped
            self.consequence = stripped.startswith("Command failed with status")
            self.why = stripped.endswith(":")
            return True
        if FRAME.match(line) or stripped.startswith("Tasks: ") or line[:1].isspace():
            self.said = 0
            return True
        if self.why and self._EXCEPTION.match(line):
            self.why = False
            self.err.message = f"{self.err.message} {stripped}"
            return True
        if 0 < self.said < 4:  # the message goes on, above its frames
            self.said += 1
            self.err.message = f"{self.err.message} {stripped}"
            return True
        return False

    def finish(self) -> None:
        err = self.err
        err.message = relocate(err, err.message) if "syntax error" in err.message else err.message
        if err.file is None and (where := innermost_user_frame(err.block[2:])) is not None:
            err.file, err.line = where


class RuboCopOffense(Reader):
    """The source line and carets RuboCop prints under an offense (under a syntax
    error's note of the parser it used, ``(Using Ruby 2.6 parser; ...)``)."""

    frames_wanted = False
    _PARSER = regex(r"^\(Using Ruby [\d.]+ parser; ")

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.code = 0  # the line of the block the source line is on

    def accept(self, line: str) -> bool:
        if self.count == 0 and self._PARSER.match(line):
            self.code = 1
            return True
        if self.count == self.code:
            return bool(line.strip()) and _OFFENSE_AT_RX.search(line) is None
        return self.count == self.code + 1 and _CARETS.match(line) is not None

    def finish(self) -> None:
        pass


_OFFENSE_AT_RX = regex(_OFFENSE_AT)
ORDER = 15  # with ruby_tests.py's: before node.py's mocha rows
COMMANDS = {
    "ruby": "ruby",
    "rake": "rake",
    "rubocop": "rubocop",
    "fasterer": "fasterer",
}
BUILDS: dict[str, frozenset[str] | None] = {
    "ruby": None,
    "rake": None,
    "rubocop": None,
    "fasterer": None,
}
READERS = {
    "rubyexception": RubyException,
    "rubysyntax": RubySyntax,
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
        "rake-aborted",  # Capistrano (SSHKit) puts "rake stderr: " before its first line
        r"^(?:rake stderr: )?(?:rake|rails) aborted!$",
        tool="rake",
        block="rake",
        rank=2,
        examples=("rake aborted!", "rails aborted!", "rake stderr: rake aborted!"),
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
    Format(  # fasterer: each place where Ruby has a faster way (and RuboCop's count after)
        "fasterer",
        r"^(?P<file>(?:[A-Za-z]:)?[^\s:]+\.(?:rb|rake|gemspec)):(?P<line>\d+) "
        r"(?P<msg>\S.* (?:is|are) (?:slower|faster) than .+)$",
        tool="fasterer",
        role="warning",
        words=("slower than", "faster than"),
        examples=(
            "app/services/report.rb:12 Hash#keys.each is slower than Hash#each_key.",
            "app/models/user.rb:42 Using tr is faster than gsub when replacing a single character "
            "in a string with another single character.",
        ),
    ),
    Format(
        "rubocop-summary",
        r"^\d+ files? inspected, (?:no|\d+) offenses? detected|^Offenses:$",
        tool="rubocop",
        role="ignore",
        words=("offenses detected", "offense detected", "offenses:"),
        examples=(
            "2 files inspected, 10 offenses detected, 7 offenses autocorrectable",
            "1 file inspected, no offenses detected",
        ),
    ),
)
