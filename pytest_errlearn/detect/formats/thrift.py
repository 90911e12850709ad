r"""Apache Thrift's compiler (``thrift --gen java api.thrift``), run alone or by
the build plugins (``maven-thrift-plugin``, Gradle's ``compileThrift``).

It reports a problem in brackets, its kind, the file and the line:
``[ERROR:/src/api.thrift:13] (last token was 'Target')`` and, on the next line,
what is wrong (``Type "Target" has not been defined.``); a failure that stops
it names the step instead of a file (``[FAILURE:arguments:1] Could not open
input file with realpath: /src/api.thrift``); ``[WARNING:...]`` the same way.
A syntax error's ``[ERROR:...]`` line is followed by ``syntax error`` and the
parse's ``[FAILURE:...] Parser error during include pass.``, which follows
from it.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...report import Error
from . import Format, Said, regex

COMMANDS = {"thrift": "thrift"}
BUILDS: dict[str, frozenset[str] | None] = {"thrift": None}


class ThriftSaid(Said):
    """Under a thrift line that names only the last token it read: the line
    that says what is wrong, as the message, and the ``[FAILURE:...] Parser
    error during include pass.`` that follows from it."""

    SAYS = (
        ("reference", regex(r"has not been defined|[Uu]ndefined|not found in")),
        ("filesystem", regex(r"[Cc]ould not open|[Cc]annot open|No such file")),
        ("syntax", regex(r"syntax error|[Uu]nexpected|last token was")),
    )

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.waiting = err.message.startswith("(last token was")

    def accept(self, line: str) -> bool:
        if line.startswith("[FAILURE:") and line.rstrip().endswith(
            "Parser error during include pass."
        ):
            return not self.waiting  # the parse it stopped, of the error above
        if not self.waiting or not line.strip() or line.startswith("["):
            return False
        self.waiting = False
        self.err.message = f"{line.strip()} {self.err.message}"
        return True


def _step(groups: dict[str, str | None], before: Sequence[str]) -> None:
    """A failure of a step (``arguments``, ``generation``) names no file."""
    if "." not in (groups.get("file") or ""):
        groups["file"] = groups["line"] = None


READERS = {"thrift": ThriftSaid}

ROWS = (
    Format(
        "thrift",
        r"^\[(?P<sev>ERROR|FAILURE|WARNING):(?P<file>[^\]]+?):(?P<line>\d+)\] (?P<msg>.+)$",
        tool="thrift",
        block="thrift",
        fixup=_step,
        rank=2,
        examples=(
            "[ERROR:/home/user/api/calc.thrift:13] (last token was 'Money')",
            "[FAILURE:arguments:1] Could not open input file with realpath: /home/user/calc.thrift",
            '[FAILURE:/home/user/api/calc.thrift:4] Cannot use reserved language keyword: "end"',
        ),
    ),
)
