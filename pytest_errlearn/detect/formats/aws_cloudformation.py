r"""AWS CloudFormation's stack events, as the tools that deploy through it print
them: a resource it failed to create, update or delete, and why.

Every tool that deploys a stack (the CDK, the SAM CLI, the Serverless
Framework) follows its events as they come and prints each in its own shape;
the event whose status is ``CREATE_FAILED`` (``UPDATE_FAILED``,
``DELETE_FAILED``, ...) names the resource, its type and CloudFormation's
reason, and is the deployment's error. The stack's own failure the tool
reports after it (``The stack named X failed to deploy: UPDATE_ROLLBACK_COMPLETE``,
``Failed to create/update the stack``) only follows from it::

    6:41:29 PM | CREATE_FAILED | AWS::S3::Bucket | Logs (Logs1A2B3C) logs already exists
    2/7 | 6:41:29 PM | CREATE_FAILED | AWS::Lambda::Function | Handler (Handler886C) ...
    CREATE_FAILED          AWS::DynamoDB::Table       OrdersTable          Table already exists
    CloudFormation - CREATE_FAILED - AWS::S3::Bucket - ServerlessDeploymentBucket
    CREATE_FAILED: HelloLambdaFunction (AWS::Lambda::Function)

The CDK's (with its progress count, and in its summary of the failed
resources after the stack's name: ``MyStack | 6:41:29 PM | CREATE_FAILED |
...``), the SAM CLI's table (the reason wrapped under its column), the
Serverless Framework's before v3 (``sls deploy -v``) and from v3 (the reason on
the line under it). Where the terminal was narrow, the CDK and v3 put the
reason on the next line. A resource whose creation CloudFormation cancelled
(``Resource creation cancelled``) failed of another's failure: it follows
from that one.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..reader import Reader
from . import Format, regex

# What a failed resource's event says of it: its status, and its type (a resource
# type is "AWS::S3::Bucket", "Custom::Name", "Alexa::ASK::Skill").
_STATUS = r"(?:CREATE|UPDATE|DELETE|IMPORT|UPDATE_ROLLBACK|ROLLBACK|IMPORT_ROLLBACK)_FAILED"
_TYPE = r"(?:AWS|Custom|Alexa)::\w[\w:]*"
# What stands before the status, in each tool's shape: the CDK's time (after its
# progress count, or the stack's name in its summary), the Serverless Framework's
# word, nothing in the SAM CLI's table and the Serverless Framework's v3.
_CDK_TIME = r"\s*(?:\d+/\d+ *\| *|[\w-]+ \| )?\d{1,2}:\d\d:\d\d(?: [AP]M)? *\| *"
_SLS_BEFORE_V3 = r"CloudFormation - "
# The event's fields after the status, shape by shape: type, resource, reason.
_FIELDS = (
    regex(rf"^\s*\|\s*(?P<type>{_TYPE})\s*\|\s*(?P<id>\S+)(?:\s+(?P<why>.*))?$"),  # CDK
    regex(rf"^ - (?P<type>{_TYPE}) - (?P<id>\S+)(?: - (?P<why>.*))?$"),  # Serverless before v3
    regex(rf"^: (?P<id>\S+) \((?P<type>{_TYPE})\)(?P<why>)$"),  # Serverless v3
    regex(rf"^\s+(?P<type>{_TYPE})\s+(?P<id>\S+)(?:\s+(?P<why>.*))?$"),  # SAM's table
)
_STATUS_LINE = regex(rf"\b{_STATUS}\b")
_CANCELLED = regex(r"^Resource (?:creation|update|deletion) cancelled\b")
_PHYSICAL = regex(r"^\([^()\s]+\)\s*")  # the CDK's physical id after the logical one
_SAYS = (
    ("network", regex(r"Rate exceeded|Throttling|timed out|did not stabilize")),
    ("config", regex(r"already exists|not authorized|AccessDenied|is invalid|validation")),
)


def _event(groups: dict[str, str | None], before: Sequence[str]) -> None:
    """The event's fields as one message (status, type, resource: reason) and the
    tool whose shape its line has."""
    line, status = groups.get("msg") or "", groups.get("code") or ""
    head, _, rest = line.partition(status)
    for fields in _FIELDS:
        if (m := fields.match(rest)) is not None:
            why = _PHYSICAL.sub("", (m["why"] or "").strip()).strip(' "-')
            said = f"{status} {m['type']} {m['id']}"
            groups["msg"] = f"{said}: {why}" if why and why != "-" else said
            break
    if head.startswith(_SLS_BEFORE_V3) or rest.startswith(": "):
        groups["tool"] = "serverless"
    elif head.strip():
        groups["tool"] = "cdk"
    else:
        groups["tool"] = "sam"


class Event(Reader):
    """Under a failed resource's event: its reason where the line had none (the
    next line, where the terminal wrapped it or Serverless v3 put it) or where
    the SAM CLI wrapped it under its column (lines indented past the event's
    first fields); no other event, and nothing more."""

    frames_wanted = False

    def accept(self, line: str) -> bool:
        text = line.strip()
        if not text:
            return False
        if ": " not in self.err.message and self.count == 0 and self._reason_alone(line):
            self.err.message = f"{self.err.message}: {text.strip(chr(34))}"
            return True
        if len(line) - len(line.lstrip(" ")) >= 40 and ": " in self.err.message:
            self.err.message = f"{self.err.message} {text}"  # the SAM CLI's wrapped column
            return True
        return False

    @staticmethod
    def _reason_alone(line: str) -> bool:
        """A line that is a reason of its own: words, not another event or a tool's line."""
        return (
            line[:1].isalnum()
            and "|" not in line
            and not line.rstrip().endswith(":")
            and _STATUS_LINE.search(line) is None
            and not line.startswith(("Error", "Serverless", "CloudFormation"))
        )

    def finish(self) -> None:
        super().finish()
        _, _, why = self.err.message.partition(": ")
        self.consequence = _CANCELLED.match(why) is not None

    def category(self) -> str | None:
        _, _, why = self.err.message.partition(": ")
        if not why:
            return "config"  # no reason said: the resource's configuration, as most are
        said = next((c for c, words in _SAYS if words.search(why)), None)
        return said or self.said_else("config", why)


READERS = {"cloudformation-event": Event}

ROWS = (
    Format(
        "cloudformation-event",
        rf"^(?:{_CDK_TIME}|{_SLS_BEFORE_V3})?(?P<code>{_STATUS})(?:\s*\|\s*| - |\s{{2,}}|: \S+ \()"
        rf"{_TYPE}.*$",
        block="cloudformation-event",
        fixup=_event,
        rank=2,
        examples=(
            "6:41:29 PM | CREATE_FAILED        | AWS::S3::Bucket        | LogsBucket",
            "  2/7 | 10:22:28 AM | UPDATE_FAILED        | AWS::Lambda::Function | Handler"
            " (Handler886CB40B) Resource handler returned message: Runtime is not supported",
            "AppStack | 10:22:28 | CREATE_FAILED | AWS::SQS::Queue | Jobs (Jobs1A2B) Rate exceeded",
            "CREATE_FAILED                      AWS::DynamoDB::Table               OrdersTable"
            "                        Table already exists",
            "CloudFormation - CREATE_FAILED - AWS::S3::Bucket - ServerlessDeploymentBucket",
            "CREATE_FAILED: HelloLambdaFunction (AWS::Lambda::Function)",
        ),
    ),
)
