"""kubectl: a manifest the client or the cluster refused (``apply``, ``create``,
``replace``), and a cluster it cannot reach.

The client checks a manifest against the cluster's schema before it sends it
(until 1.25, and with ``--validate=true``), the file named, the fields it
knows nothing of listed (one line)::

    error: error validating "deploy.yaml": error validating data:
    ValidationError(Deployment.spec): unknown field "replica" in
    io.k8s.api.apps.v1.DeploymentSpec; if you choose to ignore these errors,
    turn validation off with --validate=false

The API server's refusals name their reason, then what kubectl was doing and
the file, then the server's words (``Error from server (Invalid): error when
creating "deploy.yaml": Deployment.apps "web" is invalid: spec...: Required
value``). Without a file (``kubectl create deployment``, an old server) the
object is said invalid, its fields under it::

    The Service "web" is invalid:
    * spec.ports[0].name: Required value

A kind the cluster does not serve (``error: unable to recognize "a.yaml": no
matches for kind "Ingress" in version "extensions/v1beta1"``; from 1.24,
``error: resource mapping not found for name: ...``), a file that is no YAML
(``error: error parsing a.yaml: error converting YAML to JSON: yaml: line 7:
...``), a path that is not there. A manifest read from standard input is
named ``STDIN`` (or ``-``): no file to point at.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..reader import Reader
from . import Format, regex

ORDER = 12  # before the rows of tools whose "error: ..." lines are any text after the word
COMMANDS = {"kubectl": "kubectl"}  # its subcommands: shell.py's BUILDS

_YAML_LINE = regex(r"\byaml: line (?P<line>\d+):")
# The server's reasons (``metav1.StatusReason``) as categories; the rest are
# the configuration's (a manifest, the user's rights).
_REASONS = {
    "NotFound": "reference",
    "InternalError": "runtime",
    "ServiceUnavailable": "network",
    "Timeout": "network",
    "ServerTimeout": "network",
}


def _manifest(groups: dict[str, str | None], before: Sequence[str]) -> None:
    """The manifest's file, but standard input's name; the line a YAML error names."""
    if groups.get("file") in ("STDIN", "-", ""):
        groups["file"] = None
    if groups.get("file") and (m := _YAML_LINE.search(groups.get("msg") or "")) is not None:
        groups["line"] = m["line"]


class Invalid(Reader):
    """The fields listed under an object said invalid (``* spec.x: Required value``),
    after a blank line; the first is the message's, where the header says none."""

    frames_wanted = False

    def accept(self, line: str) -> bool:
        text = line.strip()
        if not text:
            return self.count == 0  # the blank line under the header
        if not text.startswith("* "):
            return False
        if self.err.message.endswith(("invalid", "invalid.", "invalid:")):
            self.err.message = f"{self.err.message.rstrip('.:')}: {text[2:]}"
        return True

    def category(self) -> str | None:
        return "config"


class ServerSaid(Reader):
    """Nothing under the API server's refusal: its reason is its category."""

    frames_wanted = False

    def accept(self, line: str) -> bool:
        return False

    def category(self) -> str | None:
        return _REASONS.get(self.err.code or "", "config")


READERS = {"kubectl-invalid": Invalid, "kubectl-server": ServerSaid}

ROWS = (
    Format(  # the client's check against the schema
        "kubectl-validating",
        r'^error: error validating "(?P<file>[^"]*)": (?P<msg>error validating data: .+?)'
        r"(?:; if you choose to ignore these errors, turn validation off with"
        r" --validate=false)?\s*$",
        tool="kubectl",
        category="config",
        fixup=_manifest,
        rank=2,
        examples=(
            'error: error validating "web.yaml": error validating data: ValidationError'
            '(Deployment.spec): unknown field "replica" in io.k8s.api.apps.v1.DeploymentSpec;'
            " if you choose to ignore these errors, turn validation off with --validate=false",
            'error: error validating "STDIN": error validating data: [apiVersion not set, kind not'
            " set]; if you choose to ignore these errors, turn validation off with"
            " --validate=false",
        ),
    ),
    Format(  # the API server's refusal: its reason, what kubectl did, the file
        "kubectl-server",
        r"^Error from server(?: \((?P<code>\w+)\))?: (?:error when [\w ]+? "
        r'"(?P<file>[^"]*)": )?(?P<msg>\S.*)$',
        tool="kubectl",
        block="kubectl-server",
        fixup=_manifest,
        rank=2,
        words=("error from server",),
        examples=(
            'Error from server (Invalid): error when creating "web.yaml": Deployment.apps "web"'
            " is invalid: spec.template.spec.containers[0].image: Required value",
            'Error from server (NotFound): deployments.apps "web" not found',
            'Error from server (BadRequest): error when creating "STDIN": Deployment in version'
            ' "v1" cannot be handled as a Deployment: strict decoding error: unknown field'
            ' "spec.replica"',
        ),
    ),
    Format(  # the server's refusal without a file: the fields under it
        "kubectl-invalid",
        r'^(?P<msg>The [A-Z][\w.]* "[^"]*" is invalid\b.*)$',
        tool="kubectl",
        block="kubectl-invalid",
        rank=2,
        words=("is invalid",),
        examples=(
            'The Service "web" is invalid:',
            'The Deployment "web" is invalid: spec.selector: Required value',
        ),
    ),
    Format(  # a kind the cluster does not serve
        "kubectl-no-kind",
        r"^error: (?P<msg>(?:unable to recognize|resource mapping not found for name: .*? from)"
        r' "(?P<file>[^"]*)": no matches for kind .+)$',
        tool="kubectl",
        category="config",
        fixup=_manifest,
        rank=2,
        examples=(
            'error: unable to recognize "ingress.yaml": no matches for kind "Ingress" in version'
            ' "extensions/v1beta1"',
            'error: resource mapping not found for name: "web" namespace: "" from "ingress.yaml":'
            ' no matches for kind "Ingress" in version "extensions/v1beta1"',
        ),
    ),
    Format(  # a manifest that is no YAML
        "kubectl-parsing",
        r"^error: (?P<msg>error parsing (?P<file>[^\s:]+): error converting YAML to JSON: .+)$",
        tool="kubectl",
        category="syntax",
        fixup=_manifest,
        rank=2,
        examples=(
            "error: error parsing web.yaml: error converting YAML to JSON: yaml: line 7: mapping"
            " values are not allowed in this context",
        ),
    ),
    Format(
        "kubectl-unreachable",
        r"^(?P<msg>The connection to the server \S+ was refused - did you specify the right host"
        r" or port\?|Unable to connect to the server: .+)$",
        tool="kubectl",
        category="network",
        rank=2,
        words=("connect to the server", "connection to the server"),
        examples=(
            "The connection to the server localhost:8080 was refused - did you specify the right"
            " host or port?",
            "Unable to connect to the server: dial tcp 10.0.0.1:443: i/o timeout",
        ),
    ),
)
