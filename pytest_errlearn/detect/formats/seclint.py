r"""Security linters of code, infrastructure and history: gosec, tfsec and gitleaks.
Each finding fails the run (they exit 1 on any), whatever its severity; a
finding names a rule, not one of the taxonomy's failures: ``unknown``.

gosec puts the file and line (a range for a statement of several) in brackets,
the rule and its CWE, the words and its own confidence and severity, then the
source, indented::

    [/src/app/main.go:42] - G104 (CWE-703): Errors unhandled. (Confidence: HIGH, Severity: LOW)
        41:
      > 42: f.Close()

tfsec numbers its results and rules their parts off; the place, the quoted
source, then the rule's ``ID`` under it::

    Result #1 HIGH Bucket does not have encryption enabled
    ──────────────────────────────────────────
      main.tf:1-4
    ──────────────────────────────────────────
        1    resource "aws_s3_bucket" "data" {
    ...
              ID aws-s3-enable-bucket-encryption

gitleaks (8) logs what it scanned, and last ``WRN leaks found: N``: with
``--verbose`` each leak's ``Finding:`` block above it, else that line alone.
"""

from __future__ import annotations

from ..reader import Reader
from . import Format, regex

ORDER = 20  # where its rows stand in the table (``formats.families``)
COMMANDS = {"gosec": "gosec", "tfsec": "tfsec", "gitleaks": "gitleaks"}
BUILDS: dict[str, frozenset[str] | None] = {
    "gosec": None,
    "tfsec": None,
    "gitleaks": frozenset({"detect", "protect", "git", "dir", "stdin"}),
}


class GosecIssue(Reader):
    """The source gosec quotes under an issue, indented (a blank line between
    two issues)."""

    frames_wanted = False

    def accept(self, line: str) -> bool:
        if not line.strip():
            return not self.blanks
        return line[:1].isspace()


class TfsecResult(Reader):
    """A tfsec result's parts, between rules of ``─``: its place (the first
    ``file:line`` alone on a line), the source, the check's ``ID`` (the code),
    its impact and links; a blank line within, two after it."""

    frames_wanted = False
    _PLACE = regex(r"^\s+(?P<file>[^\s:]+):(?P<line>\d+)(?:-\d+)?\s*$")
    _ID = regex(r"^\s+ID (?P<code>[\w.-]+)\s*$")

    def accept(self, line: str) -> bool:
        if not line.strip():
            return not self.blanks
        if not (line[:1].isspace() or line.startswith("─")):
            return False
        if self.err.file is None and (m := self._PLACE.match(line)) is not None:
            self.err.file, self.err.line = m["file"], int(m["line"])
        elif self.err.code is None and (m := self._ID.match(line)) is not None:
            self.err.code = m["code"]
        return True


READERS = {"gosec": GosecIssue, "tfsec": TfsecResult}

ROWS = (
    Format(
        "gosec-issue",
        r"^\[(?P<file>[^\]\s]+?):(?P<line>\d+)(?:-\d+)?\] - (?P<code>G\d{3})(?: \(CWE-\d+\))?: "
        r"(?P<msg>.+?) \(Confidence: [A-Z]+, Severity: [A-Z]+\)\s*$",
        tool="gosec",
        category="unknown",  # a security rule's finding: no failure of the taxonomy's kinds
        block="gosec",
        rank=2,
        words=("confidence:",),
        examples=(
            "[/src/app/main.go:42] - G104 (CWE-703): Errors unhandled. (Confidence: HIGH,"
            " Severity: LOW)",
            "[/src/app/db.go:10-14] - G101: Potential hardcoded credentials (Confidence: LOW,"
            " Severity: HIGH)",
        ),
    ),
    Format(  # a result, or several alike ("Results #3-4 ... (2 similar results)")
        "tfsec-result",
        r"^Results? #\d+(?:-\d+)? (?:CRITICAL|HIGH|MEDIUM|LOW) (?P<msg>\S.*?)"
        r"(?: \(\d+ similar results\))?\s*$",
        tool="tfsec",
        category="unknown",  # an insecure setting, no invalid one: none of the taxonomy's kinds
        block="tfsec",
        rank=2,
        words=("result #", "results #"),
        examples=(
            "Result #1 HIGH Bucket does not have encryption enabled ",
            "Results #3-4 MEDIUM Security group rule does not have a description (2 similar"
            " results)",
        ),
    ),
    Format(  # its count of the leaks, listed above it with --verbose
        "gitleaks-found",
        r"^(?:\d{1,2}:\d{2}(?:AM|PM) )?WRN (?P<msg>leaks found: [1-9]\d*)\s*$",
        tool="gitleaks",
        role="count",
        rank=2,
        words=("leaks found",),
        examples=("10:31AM WRN leaks found: 2", "WRN leaks found: 1"),
    ),
)
