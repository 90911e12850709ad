"""Linters of a repository's other files, which CI jobs run beside its code's:
yamllint (YAML), actionlint (GitHub Actions workflows), hadolint (Dockerfiles),
codespell (spelling).

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
versions ...``. codespell: ``src/a.py:8: teh ==> the``.
"""

from __future__ import annotations

from . import Format, named_above

ORDER = 18  # before node.py's eslint rows, whose stylish row would take yamllint's lines
_TOOLS = ("yamllint", "actionlint", "hadolint", "codespell")
COMMANDS = {tool: tool for tool in _TOOLS}
BUILDS: dict[str, frozenset[str] | None] = dict.fromkeys(_TOOLS, None)

_ACTIONLINT_AT = r":(?P<line>\d+):(?P<col>\d+): (?P<msg>.+?) \[(?P<code>[\w-]+)\]$"
_HADOLINT_AT = (
    r":(?P<line>\d+) (?P<code>(?:DL|SC)\d{4}) (?P<sev>error|warning|info|style): (?P<msg>.+)$"
)
_CODESPELL_AT = r":(?P<line>\d+): (?P<msg>\S+ ==> \S.*)$"
# The standard format names the file once, unindented, above its problems.
_YAML_FILE = named_above(r"^(?P<file>(?:[A-Za-z]:)?[^\s:]+\.(?:ya?ml|yamllint))\s*$")


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
        r"^(?P<file>(?:[A-Za-z]:)?[^\s:]*Dockerfile[^\s:]*|[^\s:]+\.[Dd]ockerfile)" + _HADOLINT_AT,
        seek=_HADOLINT_AT,
        tool="hadolint",
        rank=2,
        examples=(
            "Dockerfile:5 DL3025 error: Use arguments JSON notation for CMD and ENTRYPOINT",
            "docker/api.Dockerfile:3 DL3008 warning: Pin versions in apt get install.",
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
)
