r"""The Azure CLI (``az deployment group create``, ``az webapp up``, ...): the
error Azure answered with.

``az`` writes Azure's error on one line after ``ERROR:``, its code in
parentheses first, then says it again field by field; a template that fails
validation says why in the inner errors under it::

    ERROR: (InvalidTemplateDeployment) The template deployment 'main' is not valid ...
    Code: InvalidTemplateDeployment
    Message: The template deployment 'main' is not valid ...
    Exception Details:	(StorageAccountAlreadyTaken) The storage account named logs is ...
        Code: StorageAccountAlreadyTaken

Some commands write the service's JSON after ``ERROR:`` as it came
(``ERROR: {"error":{"code":"AuthorizationFailed","message":"..."}}``); before
2.12 ``az`` printed the error object itself (``{'additional_properties': {},
'code': 'InvalidTemplate', 'message': "..."``). The code and the message
are the error; an inner error's code and message go on its message.
"""

from __future__ import annotations

from ..reader import Reader
from . import Format, regex, said_in

TYPE_CHECKING = False  # mypy reads it as True: typing loads where it is used, not here
if TYPE_CHECKING:
    from ...report import Error

COMMANDS = {"az": "az"}
# No subcommand builds; each says what it does (history keys): deployment, webapp, acr.
BUILDS: dict[str, frozenset[str] | None] = {"az": frozenset()}

_SAYS = (
    ("network", regex(r"timed out|Timeout|ServiceUnavailable|Connection aborted|TooManyRequests")),
    ("reference", regex(r"NotFound|could not be found|does not exist")),
)
_FIELD = regex(r"^\s*(?:Code|Message|Target|Inner error|Exception Details):")
_INNER = regex(r"^\s*(?:Exception Details:)?\s*(?P<said>\([A-Z]\w+\) \S.*)$")


class Answered(Reader):
    """The fields ``az`` writes under the error, and its inner errors (the first
    one's code and message go on the message)."""

    frames_wanted = False

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.inner = False

    def accept(self, line: str) -> bool:
        if not line.strip() or (_FIELD.match(line) is None and line[:1] not in (" ", "\t")):
            return False
        if not self.inner and (m := _INNER.match(line)) is not None:
            self.err.message, self.inner = f"{self.err.message} {m['said']}", True
        return True

    def category(self) -> str | None:
        return said_in(_SAYS, self.err.message) or "config"


READERS = {"azure-cli": Answered}

ROWS = (
    Format(
        "azure-cli-error",
        r"^(?:ERROR: \(|ERROR: \{\"error\": ?\{\"code\": ?\"|\{'additional_properties': \{\},"
        r" 'code': ')(?P<code>[A-Z][A-Za-z]+)(?:\) |\", ?\"message\": ?\"|', 'message': [\"'])"
        r"(?P<msg>.+?)(?:\"\}\}|[\"'], 'target'.*)?$",
        tool="az",
        block="azure-cli",
        rank=2,
        examples=(
            "ERROR: (ResourceGroupNotFound) Resource group 'rg-app' could not be found.",
            'ERROR: {"error":{"code":"AuthorizationFailed","message":"The client \'0000\' does'
            " not have authorization to perform action 'Microsoft.Resources/deployments/write'"
            '"}}',
            "{'additional_properties': {}, 'code': 'InvalidTemplate', 'message': \"Deployment"
            " template validation failed: 'The resource 'web' is not defined.'\", 'target': None,"
            " 'details': None}",
        ),
    ),
)
