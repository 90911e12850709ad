"""Bundler and RubyGems: the gems an install could not find or reach, the
errors they raise, and what follows an install that failed."""

from __future__ import annotations

import re

from ...report import Error
from ..reader import INDENTED_RUN, Reader, diagnosed
from . import Format, regex

# After ruby.py's and ruby_tests.py's rows (none takes the other's lines), before eunit's
# "*** ... failed ***" (erlang_tests.py), which would take extconf.rb's.
ORDER = 14
COMMANDS = {**dict.fromkeys(("bundle", "bundler"), "bundler"), "gem": "gem"}
BUILDS: dict[str, frozenset[str] | None] = {
    "bundle": frozenset({"exec", "install", "update", "check"}),
    "bundler": frozenset({"exec", "install", "update", "check"}),
    "gem": frozenset({"install", "build"}),
}
WRAP = 80  # Thor's width when there is no terminal (a pipe): Bundler wraps its errors to it


class BundlerError(Reader):
    """A Bundler error, wrapped to the terminal's width (``WRAP`` in a pipe): a
    line goes on in the next when that line's first word would not fit after it,
    unless it ends a sentence (the next may be an error of its own). Then the
    indented lines under it (the gems it lists)."""

    frames_wanted = False

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.last = err.text.rstrip()  # the message's last line, while it may go on

    def accept(self, line: str) -> bool:
        word = line.split(maxsplit=1)[0] if line.strip() else ""
        if (
            word
            and not line[:1].isspace()
            and self.last
            and not self.last.endswith((".", "!", "?"))
            and len(self.last) + len(word) >= WRAP
        ):
            self.err.message = f"{self.err.message} {line.strip()}"
            self.last = line.rstrip()
            return True
        self.last = ""
        return line[:1].isspace() and bool(line.strip())

    def run(self) -> re.Pattern[bytes] | None:
        return None if self.last else INDENTED_RUN

    def finish(self) -> None:
        pass


class NativeBuild(Reader):
    """A gem's native extension that did not build: RubyGems' verdict, then each
    step it ran (``current directory: ...``, the command, what it printed) up to
    where it kept the files (``Gem files will remain installed ...``, ``Results
    logged to ...``). The reason goes into the message: what ``extconf.rb``
    printed before ``*** extconf.rb failed ***`` (a library it did not find), else
    the last check it printed that failed (``checking for libxml/parser.h... no``),
    or the exception that stopped the build before any step. A compiler's error
    in the output is an error of its own, and ends the block: the verdict follows
    from it."""

    frames_wanted = False
    _END = regex(
        r"^(?:An error occurred while installing |Make sure that `gem install |In Gemfile:)"
    )
    _LOGGED = regex(r"^\s*Results logged to ")
    _STEP = regex(r"^\s*current directory:")
    # "*** extconf.rb failed ***", alone or after the check it stopped in
    _EXTCONF_FAILED = regex(r"^(?P<check>.*?)\s*\*{3} extconf\.rb failed \*{3}$")
    _CHECK_FAILED = regex(r"^checking .+\.\.\. no$")
    # extconf.rb's own progress, and the command that ran it: not why it failed
    _PROGRESS = regex(
        r"^(?:checking |creating |Extracting |Running '|Activating |"
        r"\S.*\.\.\. OK$|.*\sextconf\.rb$)"
    )

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.paragraph: list[str] = []  # what the current step says, up to a blank line
        self.last: list[str] = []  # ... and its paragraph before that
        self.reason: str | None = None
        self.check: str | None = None  # the last check that failed
        self.stepped = False  # a step (``current directory:``, extconf.rb's progress) began
        self.said = err.message.rstrip().endswith(":")  # "Error installing x:" says more below
        self.over = False

    def accept(self, line: str) -> bool:
        stripped = line.strip()
        if self.over or self._END.match(line):
            return False
        if stripped and diagnosed(line):
            self.consequence = _an_error(line)
            return False
        self.over = self._LOGGED.match(line) is not None
        if self.said and stripped:
            self.err.message, self.said = f"{self.err.message} {stripped}", False
        elif self._STEP.match(line):
            self.stepped, self.paragraph, self.last = True, [], []
        elif failed := self._EXTCONF_FAILED.match(stripped):
            check = failed["check"] or self.check
            self.reason = self.reason or " ".join(self.paragraph or self.last) or check
        elif not stripped:
            if self.paragraph:
                self.last, self.paragraph = self.paragraph, []
        elif self._PROGRESS.match(stripped):
            self.stepped = True
            if self._CHECK_FAILED.match(stripped):
                self.check = stripped
        elif not self.stepped and self.reason is None:
            if stripped[:1].isalpha():  # the exception that stopped it before any step
                self.reason = stripped
        else:
            self.paragraph.append(stripped)
        return True

    def finish(self) -> None:
        if self.reason:
            self.err.message = f"{self.err.message.rstrip().removesuffix('.')}: {self.reason}"


def _an_error(line: str) -> bool:
    """Whether a row of the table reads ``line`` as an error (not a warning)."""
    from . import TABLE  # the families' readers hold the table: read once both are built

    hit = TABLE.match(line)
    return hit is not None and hit.fmt.role == "error"


READERS = {"bundler": BundlerError, "native-build": NativeBuild}

ROWS = (
    Format(
        "bundler-not-found",
        r"^(?P<msg>Could not find gem '[^']+'(?:\.| in .+)|"
        r"Could not find [\w.-]+-\d[\w.]*(?:-[\w-]+)? in .+|"
        r"Your bundle is locked to .+|Bundler could not find compatible versions for gem .+|"
        r"Could not locate Gemfile.*|Could not find '[\w.-]+' \([^)]*\) required by .+)$",
        tool="bundler",
        category="dependency",
        block="bundler",
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
    Format(
        "bundler-network",
        r"^(?P<msg>Could not reach host \S+\. .+|Network error while fetching \S+ .+)$",
        tool="bundler",
        category="network",
        block="bundler",
        rank=2,
        words=("could not reach host", "network error while fetching"),
        examples=(
            "Could not reach host index.rubygems.org. Check your network connection and try",
            "Network error while fetching https://index.rubygems.org/versions (execution expired)",
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
        block="native-build",
        rank=2,
        words=("Gem::", "Bundler::"),
        examples=(
            "Gem::Ext::BuildError: ERROR: Failed to build gem native extension.",
            "Bundler::GemNotFound: Could not find gem 'foo' in locally installed gems.",
        ),
    ),
    Format(
        "gem-error",
        r"^ERROR: {1,2}(?P<msg>(?:Could not find a valid gem|Error installing|While executing gem|"
        r"Failed to build gem native extension).*)$",
        tool="gem",
        category="dependency",
        block="native-build",
        rank=2,
        examples=(
            "ERROR:  Could not find a valid gem 'nope' (>= 0) in any repository",
            "ERROR: Error installing calc-ext:",  # the two spaces, as pages show it: one
        ),
    ),
    Format(  # a native extension's extconf.rb gave up: why, it printed above (``NativeBuild``)
        "extconf-failed",
        r"^\*{3} extconf\.rb failed \*{3}$",
        tool="gem",
        role="ignore",
        examples=("*** extconf.rb failed ***",),
    ),
)
