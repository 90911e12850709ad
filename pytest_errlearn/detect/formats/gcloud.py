r"""The Google Cloud CLI (``gcloud app deploy``, ``gcloud run deploy``,
``gcloud functions deploy``, ``gcloud builds submit``) and the Cloud Build log
it streams.

gcloud ends a command that failed with one line: ``ERROR:``, the command in
parentheses, and what went wrong (details on the lines under it: a build's,
the YAML of an API's error, where its logs are)::

    Deployment failed
    ERROR: (gcloud.run.deploy) Revision 'web-00002-abc' is not ready and cannot serve traffic. ...

With ``--verbosity=debug`` it logs the same as ``DEBUG: (gcloud...) ...``
first, with its Python stack trace (gcloud's own code) under it. A Cloud Build
step that failed is ``ERROR: build step 1 "gcr.io/cloud-builders/docker"
failed: step exited with non-zero status: 1``: the step's own output above it
says why, and ``gcloud builds submit``'s ``build ... completed with status
"FAILURE"`` follows from it.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..reader import Reader
from . import Format, regex, said_in

COMMANDS = {"gcloud": "gcloud"}
# No subcommand builds; each says what it does (history keys): app, run, builds.
BUILDS: dict[str, frozenset[str] | None] = {"gcloud": frozenset()}

_SAYS = (
    ("build", regex(r"Cloud build \S+ status: FAILURE|Build failed|build step \d+|BUILD FAILURE")),
    (
        "config",
        regex(
            r"PERMISSION_DENIED|does not have (?:permission|access)|Permission .* denied|\[403\]"
            r"|has not been used in project|is disabled|INVALID_ARGUMENT|\[400\]|NOT_FOUND"
        ),
    ),
    ("runtime", regex(r"failed to start|not ready and cannot serve traffic|startup error")),
    ("network", regex(r"timed out|DEADLINE_EXCEEDED|Could not connect|Connection aborted")),
)
# What follows from a failed step (its own output says why above it).
_FOLLOWS = regex(r"^build step \d+ |^build \S+ completed with status \"FAILURE\"")
# The lines under an error: a build's details, an API error's YAML, where the logs are.
_DETAILS = regex(r"^(?:Build error details: |Logs URL: |For more troubleshooting |- |\s)")
# Under a DEBUG line: its Python stack trace, and the exception's line that ends it.
_TRACE = regex(r"^(?:Traceback \(most recent call last\):|\s|[\w.]+(?:Error|Exception)\w*: )")


def _step(groups: dict[str, str | None], before: Sequence[str]) -> None:
    """A failed build step's line says its message after ``ERROR:``."""
    if groups.get("step"):
        groups["msg"] = groups["step"]


class Failed(Reader):
    """The lines under gcloud's error: its details, or (``DEBUG:``) its stack trace."""

    frames_wanted = False

    def accept(self, line: str) -> bool:
        if not line.strip():
            return False
        said = _TRACE if self.err.text.startswith("DEBUG") else _DETAILS
        return said.match(line) is not None

    def finish(self) -> None:
        super().finish()
        self.consequence = _FOLLOWS.match(self.err.message) is not None

    def category(self) -> str | None:
        return said_in(_SAYS, self.err.message)


READERS = {"gcloud": Failed}

ROWS = (
    Format(
        "gcloud-error",
        r"^(?:ERROR|DEBUG): (?:\((?P<code>gcloud(?:\.[\w-]+)+)\) (?P<msg>\S.*)"
        r'|(?P<step>build step \d+ "[^"]*" failed: .+))$',
        tool="gcloud",
        block="gcloud",
        fixup=_step,
        rank=2,
        examples=(
            "ERROR: (gcloud.app.deploy) Error Response: [9] Cloud build 0b4c0f2e status: FAILURE",
            "ERROR: (gcloud.run.deploy) Build failed; check build logs for details",
            "DEBUG: (gcloud.functions.deploy) OperationError: code=3, message=Build failed",
            'ERROR: build step 0 "gcr.io/cloud-builders/docker" failed: step exited with'
            " non-zero status: 1",
        ),
    ),
)
