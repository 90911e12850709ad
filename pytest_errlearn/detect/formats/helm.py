r"""Helm, Kubernetes' package manager: ``helm lint``, and a chart that fails to
render as it is installed or upgraded.

``helm lint`` writes each problem with the chart's file it is in, and ends
with its count (the third line below is one line)::

    ==> Linting ./nginx-chart/
    [INFO] Chart.yaml: icon is recommended
    [ERROR] templates/deployment.yaml: unable to parse YAML: error converting YAML to
    JSON: yaml: line 20: did not find expected '-' indicator
    Error: 1 chart(s) linted, 1 chart(s) failed

A template that fails names its place in its own words (``template:
nginx-chart/templates/deployment.yaml:4:19: executing ...``, ``execution error
at (app/templates/a.yaml:2:4): ...``, ``parse error at (app/templates/a.yaml:30):
...``), a rendered manifest that is no YAML its file and line (``YAML parse error
on app/templates/a.yaml: ... yaml: line 20:``): the error is placed there.
``install`` and ``upgrade`` say ``Error: INSTALLATION FAILED: ...`` the same
way (before 3.7, the bare ``Error: ...``; ``template`` always so). With
``--debug`` helm logs the error again (``helm.go:84: [debug] ...``), its Go
stack under it, and logs its steps before it (``install.go:158: [debug] ...``):
those lines are no error of their own.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..reader import Reader
from . import Format, regex, said_in

ORDER = 16  # before java.py's Maven rows, which take any "[ERROR] ..." line
COMMANDS = {"helm": "helm"}
# No subcommand builds; each says what it does (history keys): lint, install, upgrade.
BUILDS: dict[str, frozenset[str] | None] = {"helm": frozenset()}

# A chart's file as helm lint names it ("Chart.yaml", "templates/", "templates/a.yaml";
# nothing where the chart itself would not load).
_CHART_FILE = r"(?:[\w.-]+/)*(?:[\w.-]+\.(?:ya?ml|tpl|txt|json))|(?:[\w.-]+/)+|"
_TEMPLATE_AT = regex(
    r"\b(?:template: |(?:execution|parse) error at \()"
    r"(?P<file>[^\s:()]+):(?P<line>\d+)(?::(?P<col>\d+))?[:)]"
)
_YAML_LINE = regex(r"\byaml: line (?P<line>\d+):")
_YAML_ON = regex(r"\bYAML parse error on (?P<file>[^\s:]+):")
_CATEGORIES = (
    (
        "syntax",
        regex(
            r"unable to parse YAML|did not find expected|could not find expected|YAML parse error"
            r"|parse error at \("
        ),
    ),
    (
        "config",
        regex(
            r"executing \"|execution error at|nil pointer evaluating|is required|is not valid"
            r"|unable to build kubernetes objects|unable to recognize|already exists"
        ),
    ),
    ("network", regex(r"cluster unreachable|connection refused|i/o timeout")),
)
# helm's own words after a bare "Error: " (its other errors, "Error: open x: no such
# file", are any tool's): a chart that does not render or apply, a release it cannot
# make, a repository it does not know.
_HELM_SAID = (
    r"unable to build kubernetes objects from release manifest|YAML parse error on \S+:"
    r"|(?:execution|parse) error at \(|template: \S+:\d+|render error in \""
    r"|rendered manifests contain a resource that already exists|Kubernetes cluster"
    r" unreachable|cannot re-use a name that is still in use|no repo named \""
    r"|chart requires kubeVersion|found in Chart\.yaml, but missing in charts/ directory"
)


def _placed_in_words(groups: dict[str, str | None], before: Sequence[str]) -> None:
    """The place the message names: a template's file, line and column, or the
    line of a YAML error in the file the problem is listed under."""
    said = groups.get("msg") or ""
    if (m := _TEMPLATE_AT.search(said)) is not None:
        groups.update(file=m["file"], line=m["line"], col=m["col"])
    elif (m := _YAML_LINE.search(said)) is not None:
        if (on := _YAML_ON.search(said)) is not None:
            groups.update(file=on["file"], line=m["line"])  # the line of the file rendered
        elif (groups.get("file") or "")[-1:] != "/":
            groups["line"] = m["line"]
    elif (on := _YAML_ON.search(said)) is not None:
        groups["file"] = on["file"]
    if not groups.get("file"):
        groups["file"] = None  # "[ERROR] : unable to load chart", a folder's: no file


class Problem(Reader):
    """The lines a problem's message goes on on, indented under it."""

    frames_wanted = False

    def accept(self, line: str) -> bool:
        if not line.startswith(" ") or not line.strip():
            return False
        self.err.message = f"{self.err.message} {line.strip()}"
        if self.err.line is None and (m := _YAML_LINE.search(line)) is not None:
            self.err.line = int(m["line"])
        return True

    def category(self) -> str | None:
        return said_in(_CATEGORIES, self.err.message) or self.said_else("config")


READERS = {"helm": Problem}

ROWS = (
    Format(
        "helm-lint",
        rf"^\[(?P<sev>ERROR|WARNING)\] (?P<file>{_CHART_FILE}): (?P<msg>\S.*)$",
        tool="helm",
        block="helm",
        fixup=_placed_in_words,
        rank=2,
        examples=(
            "[ERROR] templates/deployment.yaml: unable to parse YAML: error converting YAML to"
            " JSON: yaml: line 20: did not find expected '-' indicator",
            "[ERROR] templates/: template: nginx-chart/templates/deployment.yaml:4:19: executing"
            ' "nginx-chart/templates/deployment.yaml" at <.Release.Name>: nil pointer evaluating'
            " interface {}.Name",
            '[ERROR] Chart.yaml: apiVersion is required. The value must be either "v1" or "v2"',
            "[ERROR] : unable to load chart",
        ),
    ),
    Format(
        "helm-release-failed",
        r"^Error: (?P<msg>(?:INSTALLATION|UPGRADE|ROLLBACK|UNINSTALLATION) FAILED: .+)$",
        tool="helm",
        block="helm",
        fixup=_placed_in_words,
        rank=2,
        examples=(
            "Error: INSTALLATION FAILED: template: app/templates/deployment.yaml:14:18: executing"
            ' "app/templates/deployment.yaml" at <.Values.image.tag>: nil pointer evaluating'
            " interface {}.tag",
            "Error: UPGRADE FAILED: another operation (install/upgrade/rollback) is in progress",
        ),
    ),
    Format(  # helm 3 before 3.7, and ``template``: the bare "Error: ...", in its own words
        "helm-error",
        rf"^Error: (?P<msg>(?:{_HELM_SAID}).*)$",
        tool="helm",
        block="helm",
        fixup=_placed_in_words,
        rank=2,
        examples=(
            "Error: execution error at (app/templates/secret.yaml:2:4): password is required",
            "Error: YAML parse error on app/templates/deployment.yaml: error converting YAML to"
            " JSON: yaml: line 12: did not find expected key",
            "Error: unable to build kubernetes objects from release manifest: unable to recognize"
            ' "": no matches for kind "Deployment" in version "extensions/v1beta1"',
        ),
    ),
    Format(  # --debug: the error logged again, or a step; its Go stack follows
        "helm-debug",
        r"^[\w.-]+\.go:\d+: (?:\d{4}-\d\d-\d\d [\d:.]+ [+-]\d{4} \w+ m=\+[\d.]+ )?\[debug\] ",
        tool="helm",
        role="ignore",
        words=("[debug]",),
        examples=(
            'helm.go:88: [debug] failed to download "example/app" (hint: running `helm repo update`'
            " may help)",
            'install.go:172: [debug] Original chart version: ""',
            "helm.go:86: 2025-03-02 10:11:12.1234567 +0000 UTC m=+0.051234501 [debug] error"
            " converting YAML to JSON: yaml: line 9: could not find expected ':'",
        ),
    ),
    Format(
        "helm-lint-failed",
        r"^Error: (?P<msg>\d+ chart\(s\) linted, [1-9]\d* chart\(s\) failed)\s*$",
        tool="helm",
        role="consequence",
        rank=0,
        examples=("Error: 1 chart(s) linted, 1 chart(s) failed",),
    ),
)
