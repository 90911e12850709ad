r"""The AWS SAM CLI (``sam build``, ``sam deploy``): its own errors.

``sam build`` builds each function through a workflow of AWS Lambda Builders
and, where an action of it fails, says ``Build Failed`` and then the workflow,
the action and why (the action names what failed: ``ResolveDependencies``,
``NpmInstall`` a package it could not install; ``CopySource``,
``NpmPack`` the build itself)::

    Build Failed
    Error: PythonPipBuilder:ResolveDependencies - {numpy==2.3.0(wheel)}

``sam deploy`` follows the stack's CloudFormation events in a table (a failed
resource's event is ``aws_cloudformation``'s), then says the stack failed:
``Error: Failed to create/update the stack: app, Waiter StackCreateComplete
failed: ...``, which follows from that event. A change set it could not create
(``Error: Failed to create changeset for the stack: app, ...``) or a waiter
that gave up (``Error: Waiter ChangeSetCreateComplete failed: Max attempts
exceeded``) is the error itself.
"""

from __future__ import annotations

from . import Format, Said, regex

COMMANDS = {"sam": "sam"}
BUILDS: dict[str, frozenset[str] | None] = {"sam": frozenset({"build"})}

_STACK_FAILED = regex(r"^Failed to create/update the stack\b")


class Failed(Said):
    """A SAM CLI error line: its category as the workflow's action or the words
    say it; the stack's failure follows from its failed resource's event."""

    SAYS = (
        (
            "dependency",
            regex(
                r"^\w+:(?:ResolveDependencies|NpmInstall|NpmCI|Bundle\w*|Gradle"
                r"Resolve\w*|MavenResolve\w*|DotnetCliPackage|Go\w*Resolve\w*) - "
            ),
        ),
        ("build", regex(r"^\w+Builder:\w+ - ")),
        ("network", regex(r"Max attempts exceeded|timed out|Could not connect")),
    )

    def finish(self) -> None:
        super().finish()
        self.consequence = _STACK_FAILED.match(self.err.message) is not None

    def category(self) -> str | None:
        return super().category() or self.said_else("config")


READERS = {"sam": Failed}

ROWS = (
    Format(
        "sam-error",
        r"^Error: (?P<msg>(?P<code>\w+Builder:\w+) - .+|Failed to create(?:/update the stack"
        r"| changeset for the stack| managed resources)\b.*|Waiter \w+ failed: .+)$",
        tool="sam",
        block="sam",
        rank=2,
        examples=(
            "Error: PythonPipBuilder:ResolveDependencies - {numpy==2.3.0(wheel)}",
            "Error: NodejsNpmBuilder:NpmInstall - NPM Failed: npm ERR! code E404",
            "Error: Failed to create changeset for the stack: app, ex: Waiter"
            " ChangeSetCreateComplete failed: Waiter encountered a terminal failure state",
            "Error: Waiter ChangeSetCreateComplete failed: Max attempts exceeded",
        ),
    ),
)
