"""Dependency audits: the known vulnerabilities ``npm audit``, ``cargo audit``,
``pip-audit`` and ``govulncheck`` report, each an error of the package (a ``dependency``) with
the advisory's id as its code.

npm's report (npm 7 on) names the package and the versions hit, then each
advisory on a line of its own, its address last::

    axios  >=1.3.2
    Severity: high
    Server-Side Request Forgery in axios - https://github.com/advisories/GHSA-8hc4-vh64-cxmj
    fix available via `npm audit fix`

npm fails the audit only at its ``--audit-level``: its advisories are warnings,
a failed run's errors. cargo audit prints a block of ``Key:  value`` lines for
each, from its ``Crate:`` (``Warning:`` among them for an unmaintained crate;
before 0.9, from its ``ID:``), pip-audit a table row. safety (``safety check``)
a row of its table per vulnerability, ``| package | installed | affected | ID |``;
since 2.0 ``-> Vulnerability found in numpy version 1.19.5`` with its fields
indented under it, and ``safety scan`` (3.0) ``-> Vuln ID 43453: CVE-..., ...``
under the package's ``numpy==1.19.5 [2 vulnerabilities found]``.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..reader import Reader
from . import Format, regex

TYPE_CHECKING = False  # mypy reads it as True: typing loads where it is used, not here
if TYPE_CHECKING:
    from ...report import Error

ORDER = 14  # before the bare error:/warning: rows (elixir.py's, rust.py's): cargo audit's counts
COMMANDS = {"pip-audit": "pip-audit", "govulncheck": "govulncheck", "safety": "safety"}
BUILDS: dict[str, frozenset[str] | None] = {
    "pip-audit": None,
    "govulncheck": None,
    "safety": frozenset({"check", "scan"}),
}

# Where npm's advisory lines point; stage 1 finds them by it (they start with any words).
_ADVISORY = r"://(?:github\.com/advisories/(?P<code>GHSA-[\w-]+)|npmjs\.com/advisories/\d+)"
_NPM_PACKAGE = regex(r"^(?P<pkg>@?[\w.-]+(?:/[\w.-]+)?)  (?P<range>\S.*?)\s*$")


class CargoAdvisory(Reader):
    """An advisory's ``Key:  value`` lines under its ``Crate:`` (and the dependency
    tree after them): its id is the code, the crate, version and title the
    message; ``Warning:`` among them (an unmaintained or yanked crate) makes it
    a warning. Lines with no ``ID:`` among them were no advisory. Before 0.9 the
    ``ID:`` came first, the ``Crate:`` among the lines under it."""

    frames_wanted = False
    valid = False  # until its ID
    _FIELD = regex(r"^(?P<key>[A-Z][A-Za-z]*(?: [a-z]+)?): +(?P<value>\S.*?)\s*$")
    _TREE = regex(r"^(?:[\w.-]+ \d\S*|[ │├└─]+\S.*)$")

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.said: dict[str, str] = {}
        self.tree = False
        self.first = "ID" if err.text.lstrip().startswith("ID:") else "Crate"  # its header's key
        if self.first == "ID":
            self.valid = True

    def accept(self, line: str) -> bool:
        if self.tree:
            return self._TREE.match(line) is not None
        if line.rstrip() == "Dependency tree:":
            self.tree = True
            return True
        if (m := self._FIELD.match(line)) is None or m["key"] == self.first:
            return False
        self.said.setdefault(m["key"], m["value"])
        if m["key"] == "ID":
            self.valid, self.err.code = True, m["value"]
        self.warning = self.warning or m["key"] == "Warning"
        return True

    def finish(self) -> None:
        name = self.said.get("Crate", "") if self.first == "ID" else self.err.message
        crate = " ".join([name, *self.said.get("Version", "").split()])
        self.err.message = f"{crate}: {self.said.get('Title', 'known vulnerability')}"


class GoVulnerability(Reader):
    """What govulncheck says of a vulnerability, indented under its number (blank
    lines within): the description, the module found and the version fixed,
    and where the project's code reaches it (``#1: main.go:12:2: ...`` since
    govulncheck 1.0, under "Call stacks in your code:" before), its place."""

    frames_wanted = False
    _PLACE = regex(r"^\s+(?:#\d+: )?(?P<file>[^\s:]+\.go):(?P<line>\d+):(?P<col>\d+): ")
    _FACT = regex(r"^\s+(?P<key>Found in|Fixed in): +(?P<value>\S+)")
    _HEADING = regex(r"^\s+(?:More info:|Standard library|Module:|Call stacks|Example traces)")

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.words: list[str] = []
        self.facts: dict[str, str] = {}
        self.described = False  # the description read: what follows is its details

    def accept(self, line: str) -> bool:
        if not line.strip():
            self.described = self.described or bool(self.words)
            return True
        if not line[:1].isspace():
            return False
        fact = self._FACT.match(line)
        if fact is not None or self._HEADING.match(line):
            self.described = True
            if fact is not None:
                self.facts.setdefault(fact["key"], fact["value"])
        elif (m := self._PLACE.match(line)) is not None:
            if self.err.file is None:
                self.err.file, self.err.line = m["file"], int(m["line"])
                self.err.column = int(m["col"])
        elif not self.described:
            self.words.append(line.strip())
        return True

    def finish(self) -> None:
        facts = ", ".join(f"{k.lower()} {v}" for k, v in self.facts.items())
        said = " ".join(self.words) or "known vulnerability"
        self.err.message = f"{said} ({facts})" if facts else said


READERS = {"cargo-audit": CargoAdvisory, "govulncheck": GoVulnerability}


def _npm_package(groups: dict[str, str | None], before: Sequence[str]) -> None:
    """The package an advisory is of, on the report's line above it."""
    for line in reversed(before[-12:]):
        if (m := _NPM_PACKAGE.match(line)) is not None:
            groups["msg"] = f"{m['pkg']} {m['range']}: {groups['title']}"
            return


_SAFETY_PACKAGE = regex(r"^\s*(?P<pkg>\S+) \[\d+ vulnerabilit(?:y|ies) found\]")


def _safety_advisory(groups: dict[str, str | None], before: Sequence[str]) -> None:
    """A package, its version and what the advisory affects; ``safety scan``'s
    package is on the line above its advisories."""
    if groups.get("vuln"):
        package = next((m["pkg"] for t in reversed(before) if (m := _SAFETY_PACKAGE.match(t))), "")
        groups["msg"] = f"{package}: {groups['vuln']}".lstrip(": ")
        groups["code"] = groups["vid"]
    elif groups.get("spec"):
        groups["msg"] = (
            f"{groups['pkg']} {groups['version']}: known vulnerability ({groups['spec']})"
        )
    else:
        groups["msg"] = f"{groups['found']} {groups['installed']}: known vulnerability"


def _pip_advisory(groups: dict[str, str | None], before: Sequence[str]) -> None:
    fix = f" (fixed in {groups['fix']})" if groups.get("fix") else ""
    groups["msg"] = f"{groups['pkg']} {groups['version']}: known vulnerability{fix}"


ROWS = (
    Format(
        "npm-audit-advisory",
        r"^(?P<title>\S.*?) - https" + _ADVISORY + r"\s*$",
        seek=_ADVISORY,
        tool="npm",
        role="warning",
        category="dependency",
        fixup=_npm_package,
        rank=2,
        words=("/advisories/",),
        examples=(
            "Server-Side Request Forgery in axios - https://github.com/advisories/GHSA-8hc4-vh64-cxmj",
            "Cross-Site Scripting - https://npmjs.com/advisories/1000",
        ),
    ),
    Format(
        "cargo-audit-advisory",
        r"^(?:Crate: +(?P<msg>[\w-]+)|ID: +(?P<code>RUSTSEC-\d{4}-\d{4}))\s*$",
        tool="cargo-audit",
        category="dependency",
        block="cargo-audit",
        rank=2,
        words=("crate:", "rustsec-"),
        examples=("Crate:     time", "Crate:     ansi_term", "ID:      RUSTSEC-2019-0033"),
    ),
    Format(  # its count of them
        "cargo-audit-found",
        r"^error: (?P<msg>\d+ vulnerabilit(?:y|ies) found!?)$",
        tool="cargo-audit",
        role="count",
        rank=2,
        examples=("error: 1 vulnerability found!", "error: 3 vulnerabilities found!"),
    ),
    Format(  # ... and of the warnings among them, read already (and, before 0.9, its
        # heading above the advisories)
        "cargo-audit-warnings",
        r"^(?:warning: \d+ allowed warnings? found|error: Vulnerable crates found!)$",
        tool="cargo-audit",
        role="ignore",
        examples=("warning: 1 allowed warning found", "error: Vulnerable crates found!"),
    ),
    Format(
        "govulncheck",
        r"^Vulnerability #\d+: (?P<code>GO-\d{4}-\d+)\s*$",
        tool="govulncheck",
        category="dependency",
        block="govulncheck",
        rank=2,
        words=("vulnerability #",),
        examples=("Vulnerability #1: GO-2023-1840", "Vulnerability #12: GO-2022-0969"),
    ),
    Format(  # ... and its count of those the project's code reaches
        "govulncheck-affected",
        r"^(?P<msg>Your code is affected by [1-9]\d* vulnerabilit(?:y|ies)\b.*?)\.?\s*$",
        tool="govulncheck",
        role="count",
        rank=2,
        words=("your code is affected",),
        examples=("Your code is affected by 1 vulnerability from the Go standard library.",),
    ),
    Format(
        "pip-audit-advisory",
        r"^(?P<pkg>[A-Za-z0-9][\w.-]*) +(?P<version>\d\S*) +"
        r"(?P<code>(?:PYSEC|GHSA|CVE|OSV|BIT|PVE)-[\w-]+)(?: +(?P<fix>\d\S*(?:,\s*\d\S*)*))?"
        r"(?: +\S.*)?\s*$",  # --desc: the description last
        tool="pip-audit",
        category="dependency",
        fixup=_pip_advisory,
        rank=2,
        words=("pysec-", "ghsa-", "cve-"),
        examples=(
            "Flask 0.5    PYSEC-2019-179 1.0",
            "requests 2.19.0  GHSA-j8r2-6x86-q33q 2.31.0",
            "jinja2   2.10    CVE-2019-10906",
        ),
    ),
    Format(  # its count comes first, the table under it
        "pip-audit-found",
        r"^(?P<msg>Found [1-9]\d* known vulnerabilit(?:y|ies) in \d+ packages?)\s*$",
        tool="pip-audit",
        role="ignore",
        rank=2,
        examples=("Found 2 known vulnerabilities in 1 package",),
    ),
    Format(  # safety check's table row; since 2.0 its "->" line, and safety scan's
        "safety-vulnerability",
        r"^(?:\| (?P<pkg>[A-Za-z0-9][\w.-]*) +\| (?P<version>\d\S*) +\| (?P<spec>[<>=!~]\S*) +"
        r"\| (?P<code>\d{4,}) +\||\s*-> Vulnerability found in (?P<found>\S+) version "
        r"(?P<installed>\S+)|\s*-> Vuln ID (?P<vid>\d+): (?P<vuln>\S.*?))\s*$",
        tool="safety",
        category="dependency",
        fixup=_safety_advisory,
        rank=2,
        words=("vulnerability found", "vuln id", "    |"),  # the last: its table's padded cells
        examples=(
            "| requests                   | 2.19.0    | <2.20.0                  | 36546    |",
            "-> Vulnerability found in jinja2 version 2.10",
            "  -> Vuln ID 51668: CVE-2022-00001, CVSS Severity HIGH",
        ),
    ),
)
