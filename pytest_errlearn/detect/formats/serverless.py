r"""The Serverless Framework (``serverless``/``sls deploy``): the error it ends
with.

Before v3 it frames the error under a banner, the message indented on the
lines under it, then (with ``SLS_DEBUG``, or for its own bugs) its stack
trace under a banner of its own, then where to get help::

      Serverless Error ---------------------------------------

      An error occurred: ApiLambdaFunction - Value of property Variables must
      be an object with String (or simple type) properties.

      Get Support --------------------------------------------
         Docs:          docs.serverless.com

(``Error ---``, ``Type Error ---`` for the JavaScript errors it did not
expect.) From v3 it says the stack failed, its environment, then ``Error:``
and the message on the lines under it::

    ✖ Stack app-dev failed to deploy (8s)
    Environment: linux, node 18.16.0, framework 3.33.0, plugin 6.2.3, SDK 4.3.2
    Docs:        docs.serverless.com

    Error:
    CREATE_FAILED: HelloLambdaFunction (AWS::Lambda::Function)
    Resource handler returned message: "Uploaded file must be a non-empty zip"

The message is the error (its stack trace is the framework's own code). A
failed resource's event that ``sls deploy -v`` printed above it
(``aws_cloudformation``) is its cause, and ranks first, being earlier.
"""

from __future__ import annotations

from ..reader import Reader
from . import Format, regex

TYPE_CHECKING = False  # mypy reads it as True: typing loads where it is used, not here
if TYPE_CHECKING:
    from ...report import Error

ORDER = 18  # before node.py's rows, which read "✖ ... (8s)" as a failed test
COMMANDS = {"serverless": "serverless", "sls": "serverless"}
# No subcommand builds; each says what it does (history keys): deploy, package.
BUILDS: dict[str, frozenset[str] | None] = {"serverless": frozenset(), "sls": frozenset()}

_BANNER = r"\s*(?:Serverless |[A-Z][a-z]+ )?Error -{10,}\s*"
_HELP = regex(r"^\s*(?:Get Support|Your Environment Information) -{5,}")
_TRACE = regex(r"^\s*Stack Trace -{5,}")
_DEBUG_HINT = regex(r"^For debugging logs, run again")
# v3's lines between the stack's failure and the error: its environment, where to get help.
_V3_ABOUT = regex(r"^(?:Environment|Credentials|Docs|Support|Bugs):\s")
_RESOURCE_FAILED = regex(r"\b[A-Z]+_FAILED: ")


class Framed(Reader):
    """The lines of the error: before v3 the banner's paragraph (the message) and
    its stack trace up to where to get help; from v3 the environment, then the
    message's lines under ``Error:``, up to the blank line after them."""

    frames_wanted = False

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.v3 = err.message.startswith("✖")
        self.words: list[str] = []
        self.said = False  # the message's paragraph is over
        self.trace = False  # in the stack trace's section
        self.opened = False  # v3: "Error:" was read

    def accept(self, line: str) -> bool:
        text = line.strip()
        return self._v3(line, text) if self.v3 else self._framed(line, text)

    def _framed(self, line: str, text: str) -> bool:
        if _HELP.match(line) is not None:
            return False
        if _TRACE.match(line) is not None:
            self.trace = self.said = True
        elif not text:
            self.said = self.said or bool(self.words)
        elif not self.trace and line[:1] not in (" ", "\t"):
            return False
        elif not self.said and _DEBUG_HINT.match(text) is None:
            self.words.append(text)
        return True

    def _v3(self, line: str, text: str) -> bool:
        if not self.opened:
            self.opened = text == "Error:"
            return not text or self.opened or _V3_ABOUT.match(line) is not None
        if not text:
            return False  # the message's lines are over
        self.words.append(text)
        return True

    def finish(self) -> None:
        if self.words:
            self.err.message = " ".join(self.words)
        super().finish()

    def category(self) -> str | None:
        if _RESOURCE_FAILED.search(self.err.message) is not None:
            return "config"  # a resource's event: CloudFormation refused its configuration
        return self.said_else("config")


READERS = {"serverless": Framed}

ROWS = (
    Format(
        "serverless-error",
        rf"^(?P<msg>{_BANNER}|✖ Stack \S+ failed to deploy\b.*)$",
        tool="serverless",
        block="serverless",
        rank=2,
        words=("error ----",),
        examples=(
            "  Serverless Error ---------------------------------------",
            "  Type Error ---------------------------------------------",
            "✖ Stack app-dev failed to deploy (8s)",
        ),
    ),
)
