r"""Pulumi (``pulumi up``, ``pulumi preview``): the diagnostics it ends with.

Pulumi lists what went wrong under ``Diagnostics:``, resource by resource:
its type and name, then each message indented under it, ``error:`` or
``warning:`` first; a provider's error may list its causes under it (``*
...``)::

    Diagnostics:
      aws:s3:Bucket (site-bucket):
        error: 1 error occurred:
            * creating urn:pulumi:dev::site::aws:s3/bucket:Bucket::site-bucket: BucketAlreadyExists

      pulumi:pulumi:Stack (site-dev):
        error: update failed

The stack's ``error: update failed`` only says the update failed of the
resources' errors. Where the program itself failed (``error: Running
program '/app' failed with an unhandled exception:``, ``error: an unhandled
error occurred: Program exited with non-zero exit code: 1``), the program's
own output follows, indented as the rest: its error (a TypeScript error, a
JavaScript or Python exception and its trace) is the error, placed where its
lines say.
"""

from __future__ import annotations

from ..frames import Frame
from ..reader import Reader, read_by_a_row
from . import Format, regex

TYPE_CHECKING = False  # mypy reads it as True: typing loads where it is used, not here
if TYPE_CHECKING:
    from ...report import Error

COMMANDS = {"pulumi": "pulumi"}
# No subcommand builds; each says what it does (history keys): up, preview, refresh.
BUILDS: dict[str, frozenset[str] | None] = {"pulumi": frozenset()}

_SAID = regex(r"^(?P<sev>error|warning): (?P<msg>.*)$")
_PROGRAM = regex(
    r"^(?:Running program .* failed with an unhandled exception:|an unhandled error occurred:"
    r" Program exited with non-zero exit code|Program failed with an unhandled exception:"
    r"|Unhandled exception: )"
)
_CAUSE = regex(r"^\* ")  # a cause a provider's error lists under it
_ONLY_FAILED = regex(r"^(?:update|preview|destroy|refresh) failed$")
_TS_NODE = regex(r"Unable to compile TypeScript")  # ts-node's line above the compiler's


class Resource(Reader):
    """A resource's diagnostics: the lines indented under it (its messages, and the
    program's output under the stack's), blank lines among them. Its first
    ``error:`` is the error (a warning where it has only ``warning:``, none where
    it has neither); the causes listed under it go on its message; where the
    program failed, the first line of the program's output that a row reads as
    an error is the error."""

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.resource = err.message.strip().rstrip(":")
        self.said: str | None = None  # "error" or "warning", once one is read
        self.program = False  # the program failed: its output follows
        self.inner = False  # a line of the program's output gave the error

    def accept(self, line: str) -> bool:
        text = line.strip()
        if text and not line.startswith(("    ", "\t")):
            return False
        if not text:
            return True
        m = _SAID.match(text)
        if m is not None and self.said != "error":
            self._said(m["sev"], m["msg"])
        elif _CAUSE.match(text) is not None and self.said and not self.program:
            self.err.message = f"{self.err.message} {text}"
        elif self.program and not self.inner:
            self._program_line(line[4:] if line.startswith("    ") else line.lstrip("\t"))
        return True

    def _said(self, sev: str, said: str) -> None:
        self.said = sev
        self.program = sev == "error" and _PROGRAM.match(said) is not None
        self.err.message = said if self.program else f"{self.resource}: {said}"

    def _program_line(self, text: str) -> None:
        """A line of the failed program's output: the error, where a row reads one."""
        before = (self.err.message, self.err.file, self.err.line, self.err.code)
        row = read_by_a_row(self.err, text, lambda fmt: False)
        if row is None:
            return
        if _TS_NODE.search(self.err.message) is not None:  # ts-node's line: the next says it
            self.err.message, self.err.file, self.err.line, self.err.code = before
            return
        self.err.tool, self.inner = row.tool or self.err.tool, True

    def locate(self) -> Frame | None:
        where = super().locate()
        return where if where is not None and where.user and self.program else None

    def finish(self) -> None:
        super().finish()
        self.valid = self.said is not None
        self.warning = self.said == "warning"
        _, _, said = self.err.message.partition(": ")
        self.consequence = _ONLY_FAILED.match(said) is not None

    def category(self) -> str | None:
        return None if self.inner else self.said_else("config")


READERS = {"pulumi": Resource}

ROWS = (
    Format(
        "pulumi-resource",
        r"^  [a-z][\w-]*:[\w/.-]*:[\w/.-]+ \([^()]*\):$",
        tool="pulumi",
        block="pulumi",
        rank=2,
        words=("):",),
        examples=(
            "  aws:s3:Bucket (site-bucket):",
            "  pulumi:pulumi:Stack (site-dev):",
            "  kubernetes:apps/v1:Deployment (web):",
        ),
    ),
)
