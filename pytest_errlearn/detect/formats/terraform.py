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
Before 0.15 the same came without the box, its first line a bare ``Error: ...``,
which too many other tools print to be read as Terraform's.

TFLint writes each issue so, without the box, its rule after it in
parentheses (what tells it from any tool's ``Error: ...``)::

    Error: "t1.2xlarge" is an invalid value as instance_type (aws_instance_invalid_type)

      on main.tf line 5:
       5:   instance_type = "t1.2xlarge"
"""

from __future__ import annotations

from ..reader import Reader
from . import Format, regex

TYPE_CHECKING = False  # mypy reads it as True: typing loads where it is used, not here
if TYPE_CHECKING:
    from ...report import Error

COMMANDS = {**dict.fromkeys(("terraform", "tofu", "terragrunt"), "terraform"), "tflint": "tflint"}
# No subcommand builds; each says what it does (history keys): plan, apply, validate.
BUILDS: dict[str, frozenset[str] | None] = {
    **dict.fromkeys(("terraform", "tofu"), frozenset()),
    "tflint": None,
}


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


READERS = {"terraform": Diagnostic, "tflint": TflintIssue}

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
)
