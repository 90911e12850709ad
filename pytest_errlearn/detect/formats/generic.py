"""The fallbacks: any tool's ``error:``, ``FATAL``, ``panic`` lines."""

from __future__ import annotations

from collections.abc import Sequence

from ..reader import Reader
from . import Format, regex
from .node import node_place
from .python import python_exception_location

TYPE_CHECKING = False  # mypy reads it as True: typing loads where it is used, not here
if TYPE_CHECKING:
    from ...report import Error

FALLBACK = True  # its rows are tried after every tool family's
ORDER = 2


def _exception_place(groups: dict[str, str | None], before: Sequence[str]) -> None:
    """A bare exception line's place, in the lines above it as Python prints
    them (a frame) or as Node does (``node.node_place``)."""
    python_exception_location(groups, before)
    if groups.get("file") is None and (where := node_place(before)) is not None:
        groups["file"], groups["line"] = where[0], str(where[1])


class Causes(Reader):
    """The chain of causes under a ``×`` line (miette's layout: uv's, pixi's, other
    Rust tools'): ``├─▶ cause`` lines, ``╰─▶`` before the innermost, each cause's
    wrapped lines indented under it. The innermost cause is the decisive part
    ("dns error: ... Temporary failure in name resolution" under "Failed to
    download `numpy`"): it ends the message."""

    frames_wanted = False
    _CAUSE = regex(r"^\s*[├╰]─▶ (?P<cause>.*\S)")

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.cause: str | None = None

    def accept(self, line: str) -> bool:
        if (m := self._CAUSE.match(line)) is not None:
            self.cause = m["cause"]
            return True
        if line.lstrip().startswith("│"):
            return True
        # a cause's wrapped lines; before any cause, indented lines are some other
        # tool's (a "×" line of its own, its details under it), left to their rows
        return self.cause is not None and bool(line.strip()) and line[:1].isspace()

    def finish(self) -> None:
        if self.cause is not None:
            self.err.message = f"{self.err.message.rstrip(':')}: {self.cause}"
        super().finish()


READERS = {"causes": Causes}

ROWS = (
    Format(
        "test-summary-header",
        r"^(?:FAILED TEST SUMMARY|Summary of all failing tests|failures:|Failures:|"
        r"Failed tests?:|\d+ failing)\s*$",
        role="ignore",
        examples=("FAILED TEST SUMMARY", "Summary of all failing tests"),
    ),
    Format(  # a CI runner's own line after a step that succeeded (Travis CI)
        "ci-step-passed",
        r'^The command ".*" exited with 0\.?$',
        role="passed",
        rank=0,
        examples=('The command "npm install" exited with 0.',),
    ),
    Format(  # a failed step's exit status as a tool reports it (npm-run-all, Jenkins,
        # execa): it follows from what the step printed above
        "exit-status",
        r"^\s*\[?(?:ERROR|FATAL|Error|error)\]?[:!]?\s+(?P<msg>(?:.*?\s)?(?:exited with|"
        r"(?:returned|with) (?:a )?(?:non-zero )?exit (?:code|status)|failed with exit code)"
        r"\s*:?\s*[1-9]\d*\.?)\s*$",
        role="consequence",
        rank=0,
        examples=(
            'ERROR: "lint:css" exited with 1.',
            "ERROR: script returned exit code 1",
        ),
    ),
    Format(
        "generic-file-error",
        r"^\s*(?P<file>(?:[A-Za-z]:)?[\w./\\-]+\.\w+):(?P<line>\d+)(?::(?P<col>\d+))?:? "
        r"(?:\[?(?P<sev>error|Error|ERROR|fatal|FATAL|warning|Warning|WARNING)\]?)"
        r"(?:\s*[:\]-]\s*|\s+)(?P<msg>.+)$",
        rank=2,
        examples=("lib/x.rb:3: [ERROR] unexpected end",),
    ),
    Format(
        "exception-line",
        r"^(?P<msg>(?:[a-z_][\w]*\.)*(?P<exc>[A-Z]\w*(?:Error|Exception|Exit|Interrupt))"
        r"(?:: .*)?)$",
        block="stack",
        rank=1,
        examples=("SyntaxError: invalid syntax", "TypeError: x is not a function"),
        fixup=_exception_place,
    ),
    Format(  # JavaScript's base class, ``throw new Error(...)``: the frames follow
        "bare-error",
        r"^Error: (?P<msg>\S.*)$",
        block="stack",
        rank=1,
        examples=("Error: boom",),
    ),
    Format(  # miette's layout (uv, pixi and other Rust tools): causes under it, innermost last
        "miette-diagnostic",
        r"^\s*× (?P<msg>\S.*)$",
        block="causes",
        rank=1,
        examples=("  × No solution found when resolving dependencies:",),
    ),
    Format(
        "generic-error",
        r"^\s*(?:\[(?:ERROR|FATAL|CRITICAL|error|fatal)\]|(?:ERROR|FATAL|CRITICAL|Error|error|fatal"
        r"|FATAL ERROR|Fatal error)(?:\[\w+\])?[:!]|(?:✖|✘) )\s*(?P<msg>\S.*)$",
        rank=1,
        examples=("ERROR: bad thing", "Error! boom", "fatal! out of cheese"),
    ),
    Format(
        "generic-failed",
        r"^\s*(?P<msg>(?:Build failed|BUILD FAILED|Compilation failed|Compilation error|"
        r"FAILED|FAIL:|Failed:|failed:|FATAL:)\b.*)$",
        rank=0,
        examples=("Compilation failed; see the output", "Build failed with 2 errors"),
    ),
)
