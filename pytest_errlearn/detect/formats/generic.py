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

# A miette diagnostic's code before its message: oxlint's ``eslint(no-debugger)``,
# miette's own ``app::config::invalid``.
_MIETTE_CODE = r"(?:(?P<code>[\w-]+\([\w/.@-]+\)|\w+(?:::[\w-]+)+): )?"


def _exception_place(groups: dict[str, str | None], before: Sequence[str]) -> None:
    """A bare exception line's place, in the lines above it as Python prints
    them (a frame) or as Node does (``node.node_place``)."""
    python_exception_location(groups, before)
    if groups.get("file") is None and (where := node_place(before)) is not None:
        groups["file"], groups["line"] = where[0], str(where[1])


class Miette(Reader):
    """A diagnostic in miette's layout (uv's, pixi's, oxlint's, other Rust
    tools'): its causes, ``├─▶ cause`` lines with ``╰─▶`` before the innermost,
    each cause's wrapped lines indented under it; the source it is about, from
    its place (``╭─[src/a.js:4:3]``, ``,-[src/a.js:4:3]`` where no terminal shows
    the box's lines) down to the line closing the box; ``help:`` lines.

    The innermost cause is the decisive part ("dns error: ... Temporary failure
    in name resolution" under "Failed to download `numpy`"): it ends the
    message. A header whose mark could start any line (``x``, ``!`` without
    colours) is miette's only where its place is the very next line."""

    frames_wanted = False
    _CAUSE = regex(r"^\s*[├╰]─▶ (?P<cause>.*\S)")
    _PLACE = regex(r"^\s*(?:╭─|,-)\[(?P<file>[^\]]+?):(?P<line>\d+):(?P<col>\d+)\]$")
    _SOURCE = regex(r"^\s*(?:\d+\s*)?[│|:·]|^\s*(?:╰─+|`-+)$|^\s*help: ")

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.cause: str | None = None
        self.valid = err.text.lstrip()[:1] not in ("x", "!")

    def accept(self, line: str) -> bool:
        if (m := self._CAUSE.match(line)) is not None:
            self.cause = m["cause"]
            return True
        if (at := self._PLACE.match(line)) is not None and self.err.file is None:
            self.err.file, self.err.line, self.err.column = (
                at["file"],
                int(at["line"]),
                int(at["col"]),
            )
            self.valid = True
            return True
        if not self.valid:
            return False
        if self.err.file is not None:
            return bool(self._SOURCE.match(line))
        if line.lstrip().startswith("│"):
            return True
        # a cause's wrapped lines; before any cause, indented lines are some other
        # tool's (a "×" line of its own, its details under it), left to their rows
        return self.cause is not None and bool(line.strip()) and line[:1].isspace()

    def finish(self) -> None:
        if self.cause is not None:
            self.err.message = f"{self.err.message.rstrip(':')}: {self.cause}"
        super().finish()


READERS = {"miette": Miette}

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
        r"(?::(?: .*)?)?)$",
        block="stack",
        rank=1,
        examples=(
            "SyntaxError: invalid syntax",
            "TypeError: x is not a function",
            "ConfigurationError:",  # its message on the next line
        ),
        fixup=_exception_place,
    ),
    Format(  # JavaScript's base class, ``throw new Error(...)``: the frames follow
        "bare-error",
        r"^Error: (?P<msg>\S.*)$",
        block="stack",
        rank=1,
        examples=("Error: boom",),
    ),
    Format(  # miette's layout (uv, pixi, oxlint and other Rust tools): ``x`` without colours
        "miette-diagnostic",
        rf"^(?:\s*×|  x) {_MIETTE_CODE}(?P<msg>\S.*)$",
        block="miette",
        rank=1,
        words=("  x ",),
        examples=(
            "  × No solution found when resolving dependencies:",
            "  x eslint(no-debugger): `debugger` statement is not allowed",
            "  x Unexpected token",
        ),
    ),
    Format(  # ... a warning: ``!``, ``⚠`` at a terminal
        "miette-warning",
        rf"^(?:\s*⚠|  !) {_MIETTE_CODE}(?P<msg>\S.*)$",
        role="warning",
        block="miette",
        rank=1,
        words=("  ! ", "⚠"),
        examples=(
            "  ! eslint(no-unused-vars): Variable 'x' is declared but never used.",
            "  ⚠ eslint(no-unused-vars): Variable 'x' is declared but never used.",
        ),
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
