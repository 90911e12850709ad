"""yamllint, the YAML linter CI jobs run on workflows, charts and manifests.

Its ``standard`` format (the default where no terminal is) names the file on a
line of its own, then one problem a line, its rule last in parentheses::

    .github/workflows/ci.yml
      2:1       error    duplication of key "key" in mapping  (key-duplicates)
      5:3       warning  too many spaces after hyphen  (hyphens)

``-f parsable`` writes each with its file: ``ci.yml:2:1: [error] ... (key-duplicates)``.
(Its ``github`` format is GitHub's own ``::error`` command, ci.py's.) eslint's
stylish format looks alike but writes its rule without parentheses: node.py's.
"""

from __future__ import annotations

from collections.abc import Sequence

from . import Format, regex

ORDER = 18  # before node.py's eslint rows, whose stylish row would take the standard lines
COMMANDS = {"yamllint": "yamllint"}
BUILDS: dict[str, frozenset[str] | None] = {"yamllint": None}

_YAML_FILE = regex(r"^(?:[A-Za-z]:)?[^\s:]+\.(?:ya?ml|yamllint)$")


def _file_above(groups: dict[str, str | None], before: Sequence[str]) -> None:
    """The standard format names the file once, unindented, above its problems."""
    for line in reversed(before):
        if not line[:1].isspace() and _YAML_FILE.match(line.strip()):
            groups["file"] = line.strip()
            return


ROWS = (
    Format(
        "yamllint-standard",
        r"^\s+(?P<line>\d+):(?P<col>\d+)\s+(?P<sev>error|warning)\s+(?P<msg>.+?)"
        r"\s{2,}\((?P<code>[\w-]+)\)$",
        tool="yamllint",
        fixup=_file_above,
        rank=2,
        examples=('  2:1       error    duplication of key "key" in mapping  (key-duplicates)',),
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
)
