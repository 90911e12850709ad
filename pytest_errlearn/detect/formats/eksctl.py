r"""eksctl, the command line for Amazon EKS (``eksctl create cluster``): what
it logs as failed.

eksctl logs each step with its time and a mark: ``[ℹ]`` information, ``[✔]``
done, ``[!]`` a warning, ``[✖]`` a failure. Where a CloudFormation stack it
made fails, it says so, then logs the stack's events, each failed resource
with CloudFormation's reason (``[✖]  AWS::EC2::NatGateway/NATGateway:
CREATE_FAILED – "..."``); a resource whose creation was cancelled failed of
another's failure, and the stack's status only follows from them::

    2024-05-18 14:43:51 [✖]  unexpected status "ROLLBACK_IN_PROGRESS" while waiting for ...
    2024-05-18 14:43:51 [ℹ]  fetching stack events in attempt to troubleshoot the root cause ...
    2024-05-18 14:43:51 [✖]  AWS::EKS::Cluster/ControlPlane: CREATE_FAILED – "Resource ..."
    Error: failed to create cluster "demo"

A wait that ran out (``exceeded max wait time for StackCreateComplete
waiter``) is the error itself. Its last line, ``Error: ...``, says the
command failed (generic.py reads it).
"""

from __future__ import annotations

from . import Format, Said, regex

ORDER = 13  # before apple_xcode.py's xcpretty row, which takes "[!] ..." (one space) as its own
COMMANDS = {"eksctl": "eksctl"}
# No subcommand builds; each says what it does (history keys): create, delete, upgrade.
BUILDS: dict[str, frozenset[str] | None] = {"eksctl": frozenset()}

# Lines that follow from a failed resource's event logged after or before them.
_FOLLOWS = regex(
    r"^unexpected status \"[A-Z_]+\" while waiting for CloudFormation stack"
    r"|: [A-Z_]+_FAILED . \"Resource (?:creation|update|deletion) cancelled\""
)


class Logged(Said):
    """An eksctl line marked failed (or, ``[!]``, a warning)."""

    SAYS = (
        ("network", regex(r"exceeded max wait time|timed out|context deadline exceeded")),
        ("config", regex(r"_FAILED|already exists|not authorized|AccessDenied")),
    )

    def finish(self) -> None:
        super().finish()
        self.warning = "[!]" in self.err.text
        self.consequence = _FOLLOWS.search(self.err.message) is not None

    def category(self) -> str | None:
        return super().category() or self.said_else("config")


READERS = {"eksctl": Logged}

ROWS = (
    Format(
        "eksctl-log",
        r"^(?:\d{4}-\d\d-\d\d[T ]\d\d:\d\d:\d\d(?:[+-]\d\d:\d\d|Z)? )?\[(?:✖|!)\]  (?P<msg>\S.*)$",
        tool="eksctl",
        block="eksctl",
        rank=2,
        words=("[!]  ",),
        examples=(
            "2024-05-18 14:43:51 [✖]  exceeded max wait time for StackCreateComplete waiter",
            '[✖]  AWS::EKS::Cluster/ControlPlane: CREATE_FAILED – "Resource handler returned'
            ' message: Subnets specified must be in at least two different AZs"',
            "2024-05-18T14:43:51+02:00 [!]  retryable error (Throttling: Rate exceeded) from"
            " cloudformation/DescribeStacks - will retry after delay of 5s",
        ),
    ),
)
