"""Terraform and OpenTofu: a diagnostic in its box (0.15 on); TFLint's issues.

::

    ╷
    │ Error: Unsupported argument
    │
    │   on main.tf line 12, in resource "aws_s3_bucket" "logs":
    │   12:   acl_policy = "private"
    │
    │ An argument named "acl_policy" is not expected here.
    ╵

The summary line is the error; its place is the ``on FILE line N`` line; the
paragraph after the quoted source says what is wrong, and ends the message.
With ``-no-color`` (as CI runs it; and before 0.15, always) the same comes
without the box, its first line a bare ``Error: ...``, which too many other
tools print to be read as Terraform's by itself: it is Terraform's where the
lines under it are (a blank line, then ``  on FILE line N, in ...:`` or
``  with ...,``; or right under it, where a paste lost the blank lines), where
its summary is one only Terraform writes (``Failed to query available provider
packages``), or where the command runs Terraform; any other is read as any
tool's ``Error: ...`` (a stack trace may follow it), and comes after every
other family's row for such a line (``ORDER``). Its summary starts with a
capital (a provider's own errors, "Error: creating S3 Bucket ...", are left to
the generic row, placeless); a bare ``Warning: ...`` is not read.

TFLint writes each issue so, without the box, its rule after it in
parentheses (what tells it from any tool's ``Error: ...``)::

    Error: "t1.2xlarge" is an invalid value as instance_type (aws_instance_invalid_type)

      on main.tf line 5:
       5:   instance_type = "t1.2xlarge"
"""

from __future__ import annotations

import re

from ..reader import Reader
from . import Format, regex, said_in

TYPE_CHECKING = False  # mypy reads it as True: typing loads where it is used, not here
if TYPE_CHECKING:
    from ...report import Error

ORDER = 90  # its bare "Error: ..." row after every other family's row for such a line
COMMANDS = {**dict.fromkeys(("terraform", "tofu", "terragrunt"), "terraform"), "tflint": "tflint"}
# No subcommand builds; each says what it does (history keys): plan, apply, validate.
BUILDS: dict[str, frozenset[str] | None] = {
    **dict.fromkeys(("terraform", "tofu"), frozenset()),
    "tflint": None,
}


# Terraform's words, where the classifier's general rules would not tell.
_CATEGORIES = (
    ("network", regex(r"could not connect to|dial tcp|no such host|i/o timeout|TLS handshake")),
    (
        "syntax",
        regex(
            r"^(?:Unclosed configuration block|Argument or block definition required|Invalid"
            r" expression|Missing newline after argument|Invalid block definition|Unterminated"
            r" template string|Invalid character|Missing item separator|Extra characters after)"
        ),
    ),
    (
        "dependency",
        regex(
            r"^(?:Failed to query available provider packages|Module not installed|Missing"
            r" required provider|Inconsistent dependency lock file|Failed to install provider)"
        ),
    ),
    ("reference", regex(r"^Reference to undeclared|^Unsupported attribute")),
)
_PLAIN_PLACE = regex(r"^  (?:on \S+ line \d+|with \S)")
_PLAIN_PLACE_RAW = re.compile(rb"  (?:on \S+ line \d+|with \S)")  # the raw line
# Summaries of Terraform's own diagnostics (of init, the state, the language) that
# no other tool writes: a bare "Error: ..." with one of them is Terraform's whatever
# the lines under it say (a registry's error has no place in the configuration).
_SUMMARIES = (
    r"Failed to query available provider packages|Failed to install provider(?: from shared"
    r" cache)?|Inconsistent dependency lock file|Error acquiring the state lock|Backend"
    r" initialization required, please run \"terraform init\"|Backend configuration changed"
    r"|Module not installed|Missing required provider|Invalid legacy provider address"
    r"|Required plugins are not installed|Failed to load plugin schemas|Failed to read module"
    r" directory|Module source has changed|Unreadable module directory|Failed to download"
    r" module|Provider produced inconsistent (?:final plan|result after apply)|Plugin did not"
    r" respond|No value for required variable|Reference to undeclared (?:resource|input"
    r" variable|local value|module)|Unsupported (?:argument|block type|attribute)|Missing"
    r" required argument|Invalid provider configuration|Duplicate (?:resource|provider"
    r" configuration|variable declaration)"
)


def _category(reader: Reader) -> str:
    """A diagnostic's category, from Terraform's words, else the message's; a
    diagnostic is about the configuration where neither says."""
    return said_in(_CATEGORIES, reader.err.message) or reader.said_else("config")


class Diagnostic(Reader):
    """The lines of a diagnostic's box after its summary: its place, the quoted
    source (numbered lines, and the values under an expression: ``├──``, ``│``),
    then the words that say what is wrong; ``╵`` closes it."""

    frames_wanted = False
    _PLACE = regex(r"^│\s+on (?P<file>\S+) line (?P<line>\d+)")
    _SOURCE = regex(r"^│\s+(?:\d+:|[├│]|\(|…)")

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.words: list[str] = []  # the first paragraph of words (after the place)
        self.said = False  # that paragraph is over
        self.done = False

    def accept(self, line: str) -> bool:
        if self.done or not line.startswith(("│", "╵")):
            return False
        text = line[1:].strip()
        if line.startswith("╵"):
            self.done = True
        elif (m := self._PLACE.match(line)) is not None:
            self.err.file, self.err.line = m["file"], int(m["line"])
            self.words, self.said = [], False
        elif not text:
            self.said = bool(self.words)
        elif self._SOURCE.match(line) is None and not self.said:
            self.words.append(text)
        return True

    def finish(self) -> None:
        if self.words:
            self.err.message = f"{self.err.message}: {' '.join(self.words)}"
        super().finish()

    def category(self) -> str | None:
        return _category(self)


class Plain(Reader):
    """A bare ``Error: ...``: Terraform's diagnostic without its box when the lines
    under it say so (or the command runs Terraform), read as the box's
    (``Diagnostic``, each line as if in the box) up to the end of the paragraph
    that says what is wrong; else any tool's, read as ``blocks`` reads such a
    line (its stack trace under it)."""

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.box = Diagnostic(err, start)
        self.other: Reader | None = None  # the stack reader (``_stack``)
        self.ours: bool | None = None  # Terraform's or not, once the lines say

    def _stack(self) -> Reader:
        if self.other is None:
            from ..blocks import READERS  # it imports the families: read once both are built

            self.other = READERS["stack"](self.err, self.end)
        return self.other

    def feed(self, line: str, lineno: int) -> bool:
        if self.ours is None:
            if self.count == 0 and not line.strip():
                return super().feed(line, lineno)  # Terraform's blank line, or the stack's end
            placed = _PLAIN_PLACE.match(line) is not None  # right under it: a paste lost a blank
            said = placed or self.err.tool == "terraform"
            self.ours = (self.count > 0 or placed) and said and bool(line.strip())
            if self.ours:
                self.err.tool, self.err.rank = "terraform", 2
            elif self.count > 0:
                return False
        if self.ours:
            return super().feed(line, lineno)
        taken = self._stack().feed(line, lineno)
        self.end = self._stack().end
        return taken

    def accept(self, line: str) -> bool:
        if not line.strip() and self.count == 0:
            return True
        if (self.box.said and line.strip() and not line[:1].isspace()) or line.startswith(
            ("Error: ", "Warning: ")
        ):
            return False  # the paragraph that says what is wrong is over
        return self.box.accept(f"\u2502 {line}")

    def run(self) -> re.Pattern[bytes] | None:
        return None if self.ours or self.count > 0 else self._stack().run()

    def take(self, raw: bytes, lineno: int) -> int:
        if self.count == 0 and _PLAIN_PLACE_RAW.match(raw) is not None:
            return 0  # its place right under it: read line by line, as Terraform's
        self.ours = False
        taken = self._stack().take(raw, lineno)
        self.end = self._stack().end
        return taken

    def finish(self) -> None:
        if self.ours:
            self.box.finish()
        else:
            self._stack().finish()

    def category(self) -> str | None:
        return _category(self) if self.ours else None


class TflintIssue(Reader):
    """A TFLint issue's place (``  on main.tf line 5:``) and its quoted source."""

    frames_wanted = False
    _PLACE = regex(r"^\s+on (?P<file>\S+) line (?P<line>\d+)")

    def accept(self, line: str) -> bool:
        if line.strip() and not line[:1].isspace():
            return False
        if self.err.file is None and (m := self._PLACE.match(line)) is not None:
            self.err.file, self.err.line = m["file"], int(m["line"])
        return True


READERS = {"terraform": Diagnostic, "terraform-plain": Plain, "tflint": TflintIssue}

ROWS = (
    Format(
        "terraform-diagnostic",
        r"^│ (?P<sev>Error|Warning): (?P<msg>.+)$",
        tool="terraform",
        block="terraform",
        rank=2,
        words=("│ error:", "│ warning:"),
        examples=("│ Error: Unsupported argument", "│ Warning: Deprecated attribute"),
    ),
    Format(
        "tflint-issue",
        r"^(?P<sev>Error|Warning|Notice): (?P<msg>.+) \((?P<code>[a-z][a-z0-9]*(?:_[a-z0-9]+)+)\)$",
        tool="tflint",
        block="tflint",
        category="config",
        rank=2,
        examples=(
            'Error: "t1.2xlarge" is an invalid value as instance_type (aws_instance_invalid_type)',
            'Warning: Missing version constraint for provider "aws" in `required_providers`'
            " (terraform_required_providers)",
        ),
    ),
    Format(  # a heading: the issues follow it
        "tflint-count",
        r"^(?P<msg>[1-9]\d* issue\(s\) found):\s*$",
        tool="tflint",
        role="ignore",
        words=("issue(s) found",),
        examples=("2 issue(s) found:",),
    ),
    Format(  # -no-color, a summary of Terraform's alone: Terraform's, whatever follows
        "terraform-summary",
        rf"^Error: (?P<msg>(?:{_SUMMARIES})(?:\W.*)?)$",
        tool="terraform",
        block="terraform-plain",
        rank=2,
        examples=(
            "Error: Failed to query available provider packages",
            'Error: Backend initialization required, please run "terraform init"',
            "Error: Unsupported block type",
        ),
    ),
    Format(  # -no-color: Terraform's where the lines under it say so (``Plain``)
        "terraform-plain",
        r"^Error: (?P<msg>[A-Z].*)$",  # its summaries start so ("Error: boom" is any tool's)
        block="terraform-plain",
        rank=1,
        examples=("Error: Not enough function arguments", "Error: Invalid function argument"),
    ),
)
