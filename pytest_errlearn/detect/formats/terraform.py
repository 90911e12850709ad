"""Terraform and OpenTofu: a diagnostic in its box (0.15 on).

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
"""

from __future__ import annotations

from ..reader import Reader
from . import Format, regex

TYPE_CHECKING = False  # mypy reads it as True: typing loads where it is used, not here
if TYPE_CHECKING:
    from ...report import Error

COMMANDS = dict.fromkeys(("terraform", "tofu", "terragrunt"), "terraform")
# No subcommand builds; each says what it does (history keys): plan, apply, validate.
BUILDS: dict[str, frozenset[str] | None] = dict.fromkeys(("terraform", "tofu"), frozenset())


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


READERS = {"terraform": Diagnostic}

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
)
