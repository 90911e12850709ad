"""pnpm: its own errors, each a code and a message, then what it says more.

pnpm's default reporter prints an error as its code between two spaces, on a
coloured background in a terminal; without one (CI, a log) those spaces are
U+2009 THIN SPACEs, which neither a regex's ``\\s`` over raw bytes nor a
reader of ASCII takes for blanks::

     ERR_PNPM_OUTDATED_LOCKFILE  Cannot install with "frozen-lockfile" because
    pnpm-lock.yaml is not up to date with <ROOT>/package.json

    Note that in CI environments this setting is true by default. ...

        Failure reason:
        specifiers in the lockfile ({"ms":"2.1.3"}) don't match specs in package.json

Paragraphs of hints follow the message, each after a blank line, and details
indented under a label of their own. A script that failed ends with
``ELIFECYCLE  Test failed. See above for more details.``, and under ``pnpm -r``
with ``ERR_PNPM_RECURSIVE_RUN_FIRST_FAIL``: both only follow from the
script's own output above. (pnpm's subcommands and folder options are
node.py's, with the other package managers'.)
"""

from __future__ import annotations

from ..reader import Reader, diagnosed
from . import Format, regex

TYPE_CHECKING = False  # mypy reads it as True: typing loads where it is used, not here
if TYPE_CHECKING:
    from ...report import Error

ORDER = 20  # node.py's: the package managers' rows stand together
COMMANDS = {"pnpm": "pnpm"}

_GAP = "(?:\\s|\u2009)"  # what stands around a code: spaces, or thin ones outside a terminal


class PnpmError(Reader):
    """The paragraphs after an error's line (hints, each after a blank line;
    details, indented). A detail under ``Failure reason:`` and the latest
    release pnpm names for a version it could not find say what is wrong: they
    go into the message. An error that only says a script failed follows from
    that script's output."""

    frames_wanted = False
    _PARAGRAPHS = 4  # hints after the message, at most: then another tool speaks
    _LABEL = "Failure reason:"
    _LATEST = regex(r"^The latest release of \S+ is \S+$")
    _FOLLOWS = regex(r"^ERR_PNPM_RECURSIVE_\w*FAIL$")

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.paragraphs = 0
        self.labelled = False  # the line before was the failure reason's label
        self.consequence = bool(self._FOLLOWS.match(err.code or ""))

    def accept(self, line: str) -> bool:
        text = line.strip()
        if not text:
            return True
        if line[:1].isspace():
            if self.labelled:
                self.err.message += f" ({text})"
            self.labelled = text == self._LABEL
            return True
        self.labelled = False
        if self.blanks == 0 or self.paragraphs >= self._PARAGRAPHS or diagnosed(line):
            return False
        self.paragraphs += 1
        if self._LATEST.match(text):
            self.err.message += f" ({text.rstrip('.')})"
        return True

    def category(self) -> str | None:
        """A lockfile pnpm cannot install from (``ERR_PNPM_LOCKFILE_MISSING_DEPENDENCY``,
        ``ERR_PNPM_BROKEN_LOCKFILE``), whatever its words say: a dependency's."""
        return "dependency" if "LOCKFILE" in (self.err.code or "") else None


READERS = {"pnpm": PnpmError}

ROWS = (
    Format(
        "pnpm-error",
        rf"^{_GAP}*(?P<code>ERR_PNPM_\w+){_GAP}+(?P<msg>\S.*)$",
        tool="pnpm",
        block="pnpm",
        rank=2,
        words=("err_pnpm_",),
        examples=(
            " ERR_PNPM_NO_MATCHING_VERSION  No matching version found for nope@9",
            "\u2009ERR_PNPM_NO_SCRIPT\u2009 Missing script: nope",
            "\u2009ERR_PNPM_RECURSIVE_RUN_FIRST_FAIL\u2009 a@1.0.0 test: `vitest run`",
        ),
    ),
    Format(  # a script that failed: its own output above says why
        "pnpm-lifecycle",
        rf"^{_GAP}*(?P<code>ELIFECYCLE){_GAP}+(?P<msg>\w+ failed\b.*)$",
        tool="pnpm",
        role="consequence",
        rank=0,
        words=("elifecycle",),
        examples=(
            "\u2009ELIFECYCLE\u2009 Test failed. See above for more details.",
            " ELIFECYCLE  Command failed with exit code 1.",
        ),
    ),
)
