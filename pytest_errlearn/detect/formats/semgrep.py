"""Semgrep's findings, in its default text output (``semgrep scan``, ``semgrep ci``).

Semgrep names each file once, indented by four, then each rule that matched
in it: its severity as marks (``❯❯❱`` error, ``❯❱`` warning, ``❱`` info), the
rule's id, its message indented under it, and each match's line numbered
with a ``┆``; ``⋮┆---`` parts two matches of one rule::

        src/db.py
        ❯❱ insecure-md5
              ❰❰ Blocking ❱❱
              MD5 is insecure; use hashlib.sha256

                6┆ return hashlib.md5(x).hexdigest()
                ⋮┆----------------------------------------
               10┆ return hashlib.md5(x).digest()

Every finding fails the scan (``semgrep ci`` exits 1 on them; ``semgrep scan``
with ``--error``), whatever its severity: each is an error, as a linter's are.
A finding is a security rule's: none of the taxonomy's categories but
``unknown`` says what it is.
"""

from __future__ import annotations

from ..reader import Reader
from . import Format, named_above, regex

TYPE_CHECKING = False  # mypy reads it as True: typing loads where it is used, not here
if TYPE_CHECKING:
    from ...report import Error

ORDER = 30
COMMANDS = {"semgrep": "semgrep"}
BUILDS: dict[str, frozenset[str] | None] = {"semgrep": frozenset({"scan", "ci"})}


class SemgrepFinding(Reader):
    """A rule's message (its lines up to a blank one; ``❰❰ Blocking ❱❱`` and a
    registry rule's ``Details:`` link are none of it), then its matches, the
    first one's line the error's."""

    frames_wanted = False
    _INDENT = 6  # a finding's lines; its rule's and its file's are less indented
    _AT = regex(r"^\s*(?P<line>\d+)┆")  # "  6┆ code"
    _NOT_SAID = regex(r"^\s*(?:❰❰ .*❱❱|Details: \S+)")

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.said: list[str] = []
        self.saying = True  # the message's lines, until a blank one

    def accept(self, line: str) -> bool:
        if not line.strip():
            self.saying = self.saying and not self.said
            return True
        if len(line) - len(line.lstrip()) < self._INDENT:
            return False
        if (at := self._AT.match(line)) is not None:
            self.saying = False
            if self.err.line is None:
                self.err.line = int(at["line"])
        elif self.saying and not self._NOT_SAID.match(line):
            self.said.append(line.strip())
        return True

    def finish(self) -> None:
        if self.said:
            self.err.message = " ".join(self.said)


READERS = {"semgrep": SemgrepFinding}

ROWS = (
    Format(
        "semgrep-finding",
        r"^ {2,5}(?:❯❯❱|❯❱|❱) (?P<code>[\w.:/-]+)\s*$",
        tool="semgrep",
        category="unknown",  # a security rule's finding: no failure of the taxonomy's kinds
        block="semgrep",
        fixup=named_above(r"^ {4}(?P<file>\S+)\s*$"),  # the file its findings are under
        rank=2,
        words=("❱ ",),
        examples=(
            "   ❯❯❱ subprocess-shell-true",
            "    ❯❱ python.lang.security.insecure-hash-algorithms.insecure-hash-md5",
            "     ❱ print-used",
        ),
    ),
)
