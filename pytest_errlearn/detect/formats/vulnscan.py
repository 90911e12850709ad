r"""Vulnerability scanners of images and dependencies: Trivy, Grype, the Snyk CLI and
OWASP dependency-check. Each reports the packages a known vulnerability hits,
an error of the package (a ``dependency``) with the advisory's id as its code;
a CI job runs them to fail on what they find (``--exit-code 1``, ``--fail-on``,
``failBuildOnCVSS``).

Trivy writes a table per target, a row per vulnerability (box-drawn since 0.30,
of ``|`` and ``+`` before; a ``Status`` column since 0.44), the package's cell
blank under the row that named it::

    │ libssl3 │ CVE-2023-0286 │ HIGH     │ fixed  │ 3.0.7-r0 │ 3.0.8-r0 │ openssl: X.400 ... │
    │         │ CVE-2023-0464 │ MEDIUM   │ fixed  │          │ 3.0.8-r1 │ openssl: ...       │

Grype a table under its heading ``NAME INSTALLED FIXED-IN TYPE VULNERABILITY
SEVERITY``, read as one error: its worst row. The Snyk CLI marks each issue
``✗`` (``✗ Title [High Severity][https://security.snyk.io/vuln/ID] in pkg@1.0``;
before 1.300, ``✗ High severity vulnerability found in pkg`` and the
``Description:`` and ``Info:`` under it). dependency-check (its Maven, Gradle
and CLI runs) says it failed the build, then each dependency and its ids::

    One or more dependencies were identified with vulnerabilities that have a CVSS
    score greater than or equal to '7.0':

    log4j-1.2.17.jar: CVE-2022-23307(9.8)

and ``... with known vulnerabilities in app:`` where it only lists them: a warning.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..reader import Reader
from . import Format, regex

TYPE_CHECKING = False  # mypy reads it as True: typing loads where it is used, not here
if TYPE_CHECKING:
    from ...report import Error

ORDER = 20  # before rust.py's bare "error:", maven's "[ERROR]" and elm-test's "✗ name"
COMMANDS = {
    "trivy": "trivy",
    "grype": "grype",
    "snyk": "snyk",
    "dependency-check": "dependency-check",  # its script too: a command line's name drops ".sh"
}
BUILDS: dict[str, frozenset[str] | None] = {
    "trivy": frozenset({"image", "fs", "filesystem", "repo", "rootfs", "config", "k8s"}),
    "grype": None,
    "snyk": frozenset({"test", "monitor"}),
    "dependency-check": None,
}

# An advisory's id, as the scanners name it: CVE, GitHub's, Go's, a distribution's.
_ID = (
    r"(?:CVE|GHSA|GMS|GO|RUSTSEC|PYSEC|OSV|DLA|DSA|DTSA|ALAS\d*|RHSA|ELSA|USN|TEMP|NSWG|SNYK)"
    r"-[\w:.-]+"
)
_CELL = r" *(?:\||│) *"  # a Trivy table's column rule, ASCII or box-drawn
_TRIVY_PACKAGE = regex(r"^(?:\||│) (\S[^|]*?) *(?:\||│)")


def _trivy_row(groups: dict[str, str | None], before: Sequence[str]) -> None:
    """The row's package (the nearest row above that names it, where its cell is
    blank), version and title, as the message."""
    package = groups.get("pkg")
    if not package:
        for line in reversed(before):
            if (m := _TRIVY_PACKAGE.match(line)) is not None and m[1] not in ("LIBRARY", "Library"):
                package = m[1]
                break
    version = groups.get("version") or ""
    title = (groups.get("title") or "").strip()
    said = f"{groups['code']} ({groups['level']})" + (f" {title}" if title else "")
    groups["msg"] = f"{package or 'package'} {version}".rstrip() + f": {said}"


class GrypeTable(Reader):
    """Grype's rows under its heading: the worst of them (the first among equals)
    is the error, the count of all after it."""

    frames_wanted = False
    _ROW = regex(
        r"^(?P<pkg>\S+) +(?P<version>\S+) +.*?\b(?P<code>" + _ID + r") +"
        r"(?P<level>Critical|High|Medium|Low|Negligible|Unknown)\b"
    )
    _RANK = ("Unknown", "Negligible", "Low", "Medium", "High", "Critical")

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.rows = 0
        self.worst: tuple[int, str, str] | None = None  # rank, message, code
        self.valid = False  # until a row

    def accept(self, line: str) -> bool:
        if (m := self._ROW.match(line)) is None:
            return False
        self.rows += 1
        self.valid = True
        rank = self._RANK.index(m["level"])
        if self.worst is None or rank > self.worst[0]:
            said = f"{m['pkg']} {m['version']}: {m['code']} ({m['level']})"
            self.worst = (rank, said, m["code"])
        return True

    def finish(self) -> None:
        if self.worst is not None:
            more = f" (and {self.rows - 1} more)" if self.rows > 1 else ""
            self.err.message, self.err.code = self.worst[1] + more, self.worst[2]


class SnykIssue(Reader):
    """What the Snyk CLI indents under an issue's ``✗``: the path that brought the
    package in, and before 1.300 its ``Description:`` (the message) and
    ``Info:`` (the advisory's address, whose last part is its id)."""

    frames_wanted = False
    _FIELD = regex(r"^\s+(?P<key>Description|Info): +(?P<value>\S.*?)\s*$")

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.indent = len(err.text) - len(err.text.lstrip())

    def accept(self, line: str) -> bool:
        if not line.strip():
            return not self.blanks
        if len(line) - len(line.lstrip()) <= self.indent:
            return False
        if (m := self._FIELD.match(line)) is not None:
            if m["key"] == "Description":
                self.err.message = f"{self.err.message}: {m['value']}"
            elif self.err.code is None:
                self.err.code = m["value"].rstrip("/").rsplit("/", 1)[-1]
        return True


def _snyk_issue(groups: dict[str, str | None], before: Sequence[str]) -> None:
    """The package and the issue's title (the old form's title is under it)."""
    if groups.get("title"):
        groups["msg"] = f"{groups['pkg']}: {groups['title']}"
    else:
        groups["msg"] = groups["old"]


class DependencyCheckFailure(Reader):
    """The dependencies dependency-check lists under its verdict, each with its
    ids (a Maven or Actions prefix on every line, blank ones and rules between),
    up to ``See the dependency-check report``: the first is the message's end,
    its first id the code. A list of ``known vulnerabilities`` failed nothing."""

    frames_wanted = False
    _PREFIX = regex(r"^(?:\[(?:ERROR|WARNING)\] ?|Error: +|Warning: +)")
    _DEPENDENCY = regex(
        r"^(?P<dep>\S+?)(?: \((?:pkg|cpe):[^)]*\))?(?: \([^)]*\))? ?: +(?P<ids>\S.*?)\s*$"
    )
    _ID = regex(r"[A-Z]+-[\w-]*\d")
    _RULE = regex(r"^(?:-{3,}|\.{3,}|=> .*)$")

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.first: str | None = None
        self.done = False
        self.warning = " known vulnerabilities in " in err.message

    def accept(self, line: str) -> bool:
        if self.done:
            return False
        text = self._PREFIX.sub("", line, count=1).strip()
        if not text or self._RULE.match(text):
            return not text or self.first is not None or self.blanks < 2
        if text.startswith("See the dependency-check report"):
            self.done = True
            return True
        if (m := self._DEPENDENCY.match(text)) is None:
            return False
        if self.first is None:
            self.first = f"{m['dep']}: {m['ids']}"
            if (code := self._ID.search(m["ids"])) is not None:
                self.err.code = code[0]
        return True

    def finish(self) -> None:
        said = self.err.message.rstrip(": ")
        if self.first is not None:
            self.err.message = f"{said}: {self.first}"


READERS = {
    "grype": GrypeTable,
    "snyk": SnykIssue,
    "dependency-check": DependencyCheckFailure,
}

ROWS = (
    Format(  # a row of Trivy's table: the package (blank: the row above's), the id, ...
        "trivy-vulnerability",
        r"^(?:\||│) (?P<pkg>\S(?:.*?\S)?)?"
        + _CELL
        + r"(?P<code>"
        + _ID
        + r")"
        + _CELL
        + r"(?P<level>CRITICAL|HIGH|MEDIUM|LOW|UNKNOWN)"
        + _CELL
        + r"(?:(?:fixed|affected|will_not_fix|fix_deferred|end_of_life|under_investigation"
        r"|not_affected|unknown)" + _CELL + r")?"
        r"(?P<version>[^\s|]*)" + _CELL + r"(?P<fix>.*?)" + _CELL + r"(?P<title>.*?)"
        r" *(?:\||│)?\s*$",
        tool="trivy",
        category="dependency",
        fixup=_trivy_row,
        rank=2,
        words=("cve-", "ghsa-"),
        examples=(
            "│ libssl3 │ CVE-2023-0286 │ HIGH │ fixed │ 3.0.7-r0 │ 3.0.8-r0 │ openssl: X.400 │",
            "| org.example:lib | CVE-2021-0001 | CRITICAL | 1.0.0 | 1.0.1 | lib: overflow |",
            "│         │ GHSA-xxxx-yyyy-zzzz │ MEDIUM   │ 1.2 │  │ app: title │",
        ),
    ),
    Format(  # Grype's table, its rows read under it
        "grype-table",
        r"^NAME +INSTALLED +FIXED[ -]IN +(?:TYPE +)?VULNERABILITY +SEVERITY\b.*$",
        tool="grype",
        category="dependency",
        block="grype",
        rank=2,
        words=("name ",),
        examples=(
            "NAME        INSTALLED  FIXED-IN  TYPE  VULNERABILITY   SEVERITY",
            "NAME     INSTALLED  FIXED IN  TYPE    VULNERABILITY  SEVERITY  EPSS  RISK",
        ),
    ),
    Format(  # the Snyk CLI's issue, and its form before 1.300
        "snyk-issue",
        r"^\s*✗ (?:(?P<title>\S.*?) \[(?:Low|Medium|High|Critical) Severity\]\[https?://\S*?/"
        r"(?P<code>[^/\s\]]+)\] in (?P<pkg>\S+)"
        r"|(?P<old>(?:Low|Medium|High|Critical) severity (?:vulnerability|vuln) found (?:in|on) "
        r"\S+))\s*$",
        tool="snyk",
        category="dependency",
        block="snyk",
        fixup=_snyk_issue,
        rank=2,
        words=("severity",),
        examples=(
            "  ✗ Prototype Pollution [High Severity][https://security.snyk.io/vuln/"
            "SNYK-JS-LODASH-567746] in lodash@4.17.15",
            "✗ High severity vulnerability found in minimist",
        ),
    ),
    Format(  # dependency-check's verdict, and the dependencies under it
        "dependency-check-failure",
        r"^(?:\[ERROR\] |Error: +|\[WARNING\] )?(?P<msg>One or more dependencies were "
        r"identified with (?:known )?vulnerabilities\b.*?)\s*$",
        tool="dependency-check",
        category="dependency",
        block="dependency-check",
        rank=2,
        words=("one or more dependencies",),
        examples=(
            "One or more dependencies were identified with vulnerabilities that have a CVSS "
            "score greater than or equal to '7.0': ",
            "[ERROR] One or more dependencies were identified with vulnerabilities: ",
            "One or more dependencies were identified with known vulnerabilities in app:",
        ),
    ),
)
