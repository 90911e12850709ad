"""Linters of a repository's other files, which CI jobs run beside its code's:
yamllint (YAML), actionlint (GitHub Actions workflows), hadolint (Dockerfiles),
jsonlint (JSON), codespell and cspell (spelling), sqlfluff (SQL),
markdown-link-check and lychee (links); and super-linter's lines about them.

yamllint's ``standard`` format (the default where no terminal is) names the
file on a line of its own, then one problem a line, its rule last in
parentheses; ``-f parsable`` writes each with its file::

    .github/workflows/ci.yml
      2:1       error    duplication of key "key" in mapping  (key-duplicates)
    ci.yml:2:1: [error] duplication of key "key" in mapping (key-duplicates)

(Its ``github`` format is GitHub's own ``::error`` command, ci.py's.) eslint's
stylish format looks alike but writes its rule without parentheses: node.py's.

actionlint: ``ci.yml:12:9: property "foo" is not defined ... [expression]``,
the line quoted under it. hadolint: ``Dockerfile:3 DL3008 warning: Pin
versions ...`` (before 2.0 without the severity; a Dockerfile read from
standard input is ``-`` or ``/dev/stdin``). jsonlint (npm's, and PHP's
seld/jsonlint) says where it stopped, quotes the line with a caret under it,
then what it expected, which is the message::

    Error: Parse error on line 2:
    {  "a": 1,  "b":}
    ----------------^
    Expecting 'STRING', 'NUMBER', 'NULL', 'TRUE', 'FALSE', '{', '[', got '}'

(seld's names the file first, ``a.json: Parse error on line 2:``, and says
``Expected one of: ...``; npm's with ``--compact``, ``a.json: line 2, col 16,
found: '}' - expected: ...``.) super-linter, which runs these, says which
linter found errors (``[ERROR]   Found errors in [actionlint] linter!``) above
that linter's output: a heading, no error of its own. codespell:
``src/a.py:8: teh ==> the``; cspell: ``src/a.ts:3:5 - Unknown word (teh)``,
its counts after them. markdown-link-check lists each
link of a file (``FILE: README.md``), ``[✖]`` a dead one, and lists the dead
ones again after its count. lychee writes a link that failed with its status
(``   [404] https://... | Network error: Not Found``; before 0.13, ``✗ [404]``
or ``⧖ [TIMEOUT]`` first), lists them again after the run under each file
(``[README.md]:``), and counts them (``🔍 3 Total ✅ 2 OK 🚫 1 Error``): a
missing page (404, 410) is a dead reference, any other failure a network
error. sqlfluff names each
file that failed (``== [models/a.sql] FAIL``), then its problems, a message
too long for its column going on on the lines under it::

    L:   1 | P:  23 |  PRS | Line 1, Position 23: Found unparsable section: '= 1'.
                           | Expected: Nothing here. [...]
"""

from __future__ import annotations

from collections.abc import Sequence

from ..reader import Reader
from . import Format, named_above, regex

ORDER = 18  # before node.py's eslint rows, whose stylish row would take yamllint's lines
_TOOLS = (
    "yamllint",
    "actionlint",
    "hadolint",
    "codespell",
    "cspell",
    "sqlfluff",
    "markdown-link-check",
    "lychee",
)
COMMANDS = {tool: tool for tool in _TOOLS}
BUILDS: dict[str, frozenset[str] | None] = dict.fromkeys(_TOOLS, None)

_ACTIONLINT_AT = r":(?P<line>\d+):(?P<col>\d+): (?P<msg>.+?) \[(?P<code>[\w-]+)\]$"
_HADOLINT_AT = (
    r":(?P<line>\d+) (?P<code>(?:DL|SC)\d{4}) (?:(?P<sev>error|warning|info|style): )?"
    r"(?P<msg>.+)$"
)
# A Dockerfile's name as hadolint says it: standard input's too (a fixup drops it).
_DOCKERFILE = (
    r"(?P<file>(?:[A-Za-z]:)?[^\s:]*Dockerfile[^\s:]*|[^\s:]+\.[Dd]ockerfile|-|/dev/stdin)"
)
# ... and its parser's, on a Dockerfile it cannot read ("missing whitespace", "unexpected 'E'")
_HADOLINT_PARSE_AT = (
    r":(?P<line>\d+):(?P<col>\d+) (?P<msg>(?:unexpected|missing|expecting) .*?)\s*$"
)
_CODESPELL_AT = r":(?P<line>\d+): (?P<msg>\S+ ==> \S.*)$"
_CSPELL_AT = r":(?P<line>\d+):(?P<col>\d+) - (?P<msg>(?:Unknown|Forbidden) word \([^)]*\))"
# The standard format names the file once, unindented, above its problems.
_YAML_FILE = named_above(r"^(?P<file>(?:[A-Za-z]:)?[^\s:]+\.(?:ya?ml|yamllint))\s*$")

_LINKS_FILE = named_above(r"^FILE: (?P<file>\S.*?)\s*$")
_LYCHEE_FILE = named_above(r"^\[(?P<file>[^\]\s][^\]]*)\]:\s*$")
# A link lychee could not check: its mark (before 0.13), its status, the link and why.
_LYCHEE = (
    r"^\s*(?:(?:✗|⧖)\s+)?\[(?P<code>{})\] "  # marks of more than a byte: no class
    r"(?P<msg>(?:https?|ftp|file|mailto):\S+(?: \| .+)?)$"
)
_SQL_FILE = named_above(r"^== \[(?P<file>[^\]]+)\] FAIL\s*$")
_JSON_PARSE_AT = r": (?P<msg>Parse error on line (?P<line>\d+):)\s*$"
_JSON_AT = r": line (?P<line>\d+), col (?P<col>\d+), (?P<msg>found: .+)$"


def _not_stdin(groups: dict[str, str | None], before: Sequence[str]) -> None:
    """A Dockerfile read from standard input: no file to point at."""
    if groups.get("file") in ("-", "/dev/stdin"):
        groups["file"] = None


class JsonParseError(Reader):
    """The quoted line and the caret under a jsonlint parse error, then what it
    expected, the message."""

    frames_wanted = False
    _EXPECTED = regex(r"^(?:Expecting|Expected one of:) ")

    def accept(self, line: str) -> bool:
        if self.count >= 3 or (self.count == 2 and self._EXPECTED.match(line) is None):
            return False
        if self._EXPECTED.match(line) is not None:
            self.err.message = f"{self.err.message} {line.strip()}"
            self.count = 2  # nothing after it
        return True

    def category(self) -> str | None:
        return "syntax"


class SqlfluffProblem(Reader):
    """The lines a sqlfluff message goes on on (``   | ...``), its rule's name
    (``[layout.spacing]``) dropped; a parse error is `syntax`, a template's
    `config`."""

    frames_wanted = False
    _MORE = regex(r"^\s+\| (?P<more>.*)$")
    _RULE = regex(r"\s*\[[\w.]+\]$")

    def accept(self, line: str) -> bool:
        if (m := self._MORE.match(line)) is None:
            return False
        self.err.message = f"{self.err.message} {m['more'].strip()}"
        return True

    def finish(self) -> None:
        self.err.message = self._RULE.sub("", self.err.message)

    def category(self) -> str | None:
        return {"PRS": "syntax", "TMP": "config"}.get(self.err.code or "")


READERS = {"sqlfluff": SqlfluffProblem, "jsonlint": JsonParseError}

ROWS = (
    Format(
        "yamllint-standard",
        r"^\s+(?P<line>\d+):(?P<col>\d+)\s+(?P<sev>error|warning)\s+(?P<msg>.+?)"
        r"\s+\((?P<code>[\w-]+)\)$",  # two spaces before a rule, one before "(syntax)"
        tool="yamllint",
        fixup=_YAML_FILE,
        rank=2,
        examples=(
            '  2:1       error    duplication of key "key" in mapping  (key-duplicates)',
            "  3:2       error    syntax error: expected ',' or ']', but got ':' (syntax)",
        ),
    ),
    Format(
        "yamllint-parsable",
        r"^(?P<file>(?:[A-Za-z]:)?[^\s:]+\.ya?ml):(?P<line>\d+):(?P<col>\d+): "
        r"\[(?P<sev>error|warning)\] (?P<msg>.+?) \((?P<code>[\w-]+)\)$",
        tool="yamllint",
        rank=2,
        examples=(
            'ci.yml:2:1: [error] duplication of key "key" in mapping (key-duplicates)',
            '.github/workflows/a.yaml:1:1: [warning] missing document start "---" (document-start)',
        ),
    ),
    Format(
        "sqlfluff",
        r"^L:\s*(?P<line>\d+) \| P:\s*(?P<col>\d+) \|\s*(?P<code>[A-Z]{1,3}\d{0,3}) \|"
        r" (?P<msg>.+)$",
        tool="sqlfluff",
        block="sqlfluff",
        fixup=_SQL_FILE,
        rank=2,
        words=("| p:",),
        examples=(
            "L:   1 | P:  21 | AL01 | Implicit/explicit aliasing of table. [aliasing.table]",
            "L:   1 | P:  23 |  PRS | Line 1, Position 23: Found unparsable section: '= 1'.",
            "L:   3 | P:   5 | L003 | Indentation not hanging or a multiple of 4 spaces",
        ),
    ),
    Format(  # the file whose problems follow: they are the errors
        "sqlfluff-file",
        r"^== \[[^\]]+\] FAIL\s*$",
        tool="sqlfluff",
        role="ignore",
        examples=("== [models/orders.sql] FAIL",),
    ),
    Format(
        "actionlint",
        r"^(?P<file>(?:[A-Za-z]:)?[^\s:]+\.ya?ml)" + _ACTIONLINT_AT,
        seek=_ACTIONLINT_AT,
        tool="actionlint",
        block="codeframe",
        rank=2,
        examples=(
            '.github/workflows/ci.yml:12:9: property "foo" is not defined in object type'
            " {bar: string} [expression]",
        ),
    ),
    Format(
        "hadolint",
        r"^" + _DOCKERFILE + _HADOLINT_AT,
        seek=_HADOLINT_AT,
        tool="hadolint",
        fixup=_not_stdin,
        rank=2,
        words=(" dl3", " dl4", " sc1", " sc2"),  # hadolint's codes (before 2.0, no severity)
        examples=(
            "Dockerfile:5 DL3025 error: Use arguments JSON notation for CMD and ENTRYPOINT",
            "docker/api.Dockerfile:3 DL3008 warning: Pin versions in apt get install.",
            "Dockerfile:7 DL3003 Use WORKDIR to switch to a directory",
            "-:2 DL3020 error: Use COPY instead of ADD for files and folders",
        ),
    ),
    Format(  # a Dockerfile hadolint cannot parse: its parser's words at the place
        "hadolint-parse",
        r"^(?P<file>(?:[A-Za-z]:)?[^\s:]*Dockerfile[^\s:]*|[^\s:]+\.[Dd]ockerfile)"
        + _HADOLINT_PARSE_AT,
        seek=_HADOLINT_PARSE_AT,
        tool="hadolint",
        category="syntax",
        rank=2,
        examples=(
            "hdbad/Dockerfile:3:7 missing whitespace ",
            "Dockerfile:2:1 unexpected '?' expecting '#', '\\', ADD, ARG, CMD, COPY, ENTRYPOINT,"
            " ENV, EXPOSE, FROM, HEALTHCHECK, LABEL, MAINTAINER, ONBUILD, RUN, SHELL, STOPSIGNAL,"
            " USER, VOLUME, WORKDIR, a pragma, at least one space, or end of input ",
        ),
    ),
    Format(  # npm's
        "jsonlint",
        r"^Error: (?P<msg>Parse error on line (?P<line>\d+):)\s*$",
        tool="jsonlint",
        block="jsonlint",
        rank=2,
        examples=("Error: Parse error on line 2:",),
    ),
    Format(  # seld/jsonlint's: the file first
        "jsonlint-file",
        r"^(?P<file>[^\s:][^:]*?\.json[c5]?)" + _JSON_PARSE_AT,
        seek=_JSON_PARSE_AT,
        tool="jsonlint",
        block="jsonlint",
        rank=2,
        examples=("config/app.json: Parse error on line 14:",),
    ),
    Format(  # --compact
        "jsonlint-compact",
        r"^(?P<file>[^\s:][^:]*?\.json[c5]?)" + _JSON_AT,
        seek=_JSON_AT,
        tool="jsonlint",
        category="syntax",
        rank=2,
        words=("found:",),
        examples=("config/app.json: line 3, col 9, found: '}' - expected: 'STRING'.",),
    ),
    Format(  # super-linter: a heading, the errors of the linter it names under it
        "super-linter-found",
        r"^\[ERROR\]\s+(?P<msg>Found errors (?:in \[[\w-]+\] linter!|when linting \S+)"
        r"|Error code: \d+\. Command output:).*$",
        tool="super-linter",
        role="ignore",
        words=("found errors", "error code"),
        examples=(
            "[ERROR]   Found errors in [actionlint] linter!",
            "[ERROR]   Error code: 1. Command output:",
            "[ERROR]   Found errors when linting YAML. Exit code: 1.",
        ),
    ),
    Format(
        "codespell",
        r"^(?P<file>(?:[A-Za-z]:)?[^\s:]+)" + _CODESPELL_AT,
        seek=_CODESPELL_AT,
        tool="codespell",
        rank=2,
        words=("==>",),
        examples=("src/shop/cart.py:8: teh ==> the", "README.md:3: recieve ==> receive"),
    ),
    Format(  # its suggestions after the word, where it has some: "fix: (the)"
        "cspell",
        r"^(?P<file>(?:[A-Za-z]:)?[^\s:]+)" + _CSPELL_AT + r"(?: .*)?$",
        seek=_CSPELL_AT,
        tool="cspell",
        rank=2,
        examples=(
            "README.md:3:5 - Unknown word (teh)",
            "src/components/Forecast/utils/precipitationLabel.ts:119:70 - Unknown word (graupel)",
            "doc.md:3:6 - Unknown word (sentense) fix: (sentence)",
        ),
    ),
    Format(
        "cspell-summary",
        r"^CSpell: Files checked: \d+, Issues found: [1-9]\d* in \d+ files?\.?\s*$",
        tool="cspell",
        role="consequence",
        rank=0,
        words=("issues found",),
        examples=("CSpell: Files checked: 12, Issues found: 1 in 1 files.",),
    ),
    Format(  # listed, then again after the count with its status: the same error twice
        "markdown-link-check",
        r"^\s*\[✖\] (?P<msg>\S+)(?: (?:→|->) Status: \d+.*)?$",
        tool="markdown-link-check",
        category="reference",
        fixup=_LINKS_FILE,
        rank=2,
        words=("[✖]",),
        examples=("  [✖] /pages/toolbox.html", "  [✖] https://nbp2202map.com/ → Status: 0"),
    ),
    Format(  # listed as checked, then again under its file after the run
        "lychee-missing",
        _LYCHEE.format("404|410"),
        tool="lychee",
        category="reference",
        fixup=_LYCHEE_FILE,
        rank=2,
        examples=(
            "     [404] https://example.com/gone | Network error: Not Found",
            "✗ [404] https://journals.equinoxpub.com/article/view/19524 | Network error: Not Found",
        ),
    ),
    Format(
        "lychee-failed",
        _LYCHEE.format(r"ERROR|TIMEOUT|4\d\d|5\d\d"),
        tool="lychee",
        category="network",
        fixup=_LYCHEE_FILE,
        rank=2,
        words=("[timeout]",),
        examples=(
            "   [ERROR] https://example.com/404 | URL is missing a host",
            "✗ [403] https://catboost.ai/ | Network error: Forbidden",
            "⧖ [TIMEOUT] http://www.ahandfulofleaves.org/ | Timeout",
        ),
    ),
    Format(
        "lychee-summary",
        r"^\s*(?P<msg>🔍 \d+ Total\b.* 🚫 [1-9]\d* Errors?\b.*)$",
        tool="lychee",
        role="consequence",
        rank=0,
        words=("errors",),
        examples=(
            "🔍 3 Total (in 0s) ✅ 2 OK 🚫 1 Error",
            "🔍 2 Total ✅ 0 OK 🚫 2 Errors (HTTP:2)",
        ),
    ),
    Format(
        "markdown-link-check-count",
        r"^\s*ERROR: \d+ dead links found!\s*$",
        tool="markdown-link-check",
        role="consequence",
        rank=0,
        examples=("  ERROR: 5 dead links found!",),
    ),
)
