r"""The AWS CDK's command line (``cdk deploy``, ``cdk synth``): a stack it could
not deploy.

The CDK follows the stack's CloudFormation events as it deploys it (a failed
resource's event is ``aws_cloudformation``'s), then says the stack failed,
with its own stack trace under it, and says it again, bare, as its last line::

     ❌  AppStack failed: Error: The stack named AppStack failed to deploy: ...
        at FullCloudFormationDeployment.monitorDeployment (/usr/lib/.../aws-cdk/lib/index.js:1:2)
        at process.processTicksAndRejections (node:internal/process/task_queues:95:5)

     ❌ Deployment failed: Error: The stack named AppStack failed to deploy: ...

    The stack named AppStack failed to deploy: UPDATE_ROLLBACK_COMPLETE

The error is what the first line says after the stack's name (and the
JavaScript error's name: ``Error``, ``ToolkitError``, ``Error [ValidationError]``);
the trace is the CDK's own code, no place in the user's. Where a resource's
event said why before it, the event is the cause and ranks first (the earlier
of equals); where none did (an environment never bootstrapped: ``This stack
uses assets, so the toolkit stack must be deployed to the environment (Run
"cdk bootstrap ...")``; no credentials), this line is the error.
"""

from __future__ import annotations

from ..reader import Reader
from . import Format, regex, said_in

COMMANDS = {"cdk": "cdk"}
# No subcommand builds; each says what it does (history keys): synth, deploy, diff.
BUILDS: dict[str, frozenset[str] | None] = {"cdk": frozenset()}

_FRAME = regex(r"^\s+at \S")
_SAYS = (
    (
        "config",
        regex(
            r"cdk bootstrap|toolkit stack|Need to perform AWS calls|credentials|not authorized"
            r"|AccessDenied|ExpiredToken|security token|Unable to resolve AWS account"
        ),
    ),
    ("network", regex(r"Rate exceeded|Throttling|ETIMEDOUT|ECONNRESET|socket hang up")),
)


class Failed(Reader):
    """Under the CDK's failure line: its stack trace (the CDK's own code), the
    blank lines after it, and the message said again on a line of its own (the
    ``Deployment failed`` line repeats it too, as an error of its own: the same
    error twice)."""

    frames_wanted = False

    def accept(self, line: str) -> bool:
        text = line.strip()
        return not text or _FRAME.match(line) is not None or text == self.err.message

    def category(self) -> str | None:
        return said_in(_SAYS, self.err.message) or self.said_else("config")


READERS = {"cdk-failed": Failed}

ROWS = (
    Format(
        "cdk-failed",
        r"^ ?❌ +(?:[\w/.-]+|Deployment) failed: (?:\w*Error(?: \[\w+\])?: )?(?P<msg>\S.*)$",
        tool="cdk",
        block="cdk-failed",
        rank=2,
        examples=(
            " ❌  AppStack failed: Error: The stack named AppStack failed to deploy:"
            " UPDATE_ROLLBACK_COMPLETE",
            " ❌ Deployment failed: Error: This stack uses assets, so the toolkit stack must be"
            ' deployed to the environment (Run "cdk bootstrap aws://123456789012/eu-west-1")',
            " ❌  Pipeline/Dev/AppStack failed: ToolkitError: Need to perform AWS calls for account"
            " 123456789012, but no credentials have been configured",
        ),
    ),
)
