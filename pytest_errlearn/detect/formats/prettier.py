"""Prettier: ``prettier --check``'s files it would change, and the files it
could not read.

``--check`` names each file it would reformat after ``[warn]``, then counts
them (``Code style issues found in 2 files. Run Prettier with --write to
fix.``); a file its parser could not read is an ``[error]`` with the parser's
message and place, the code frame under it, each line after ``[error]`` too.
(Split from node.py, whose tools run it.)
"""

from __future__ import annotations

from collections.abc import Sequence

from ..reader import Reader
from . import Format, regex

ORDER = 20  # node.py's: its rows stand with the other JavaScript tools'


class PrettierError(Reader):
    """The lines prettier's logger prints under an error, each after ``[error]``:
    a parser's code frame (``[error] > 1 | const = ;``), a stack's frames."""

    frames_wanted = False
    _BODY = regex(r"^\[error\](?:\s*$|\s+[\s>|\d])")

    def accept(self, line: str) -> bool:
        return self._BODY.match(line) is not None


def _prettier_file(groups: dict[str, str | None], before: Sequence[str]) -> None:
    """``prettier --check`` names each file it would change, and only that."""
    groups["msg"] = "would reformat (prettier)"


READERS = {"prettier": PrettierError}

ROWS = (
    Format(  # `prettier --check`: each file it would change, alone on its line
        "prettier-file",
        r"^\[warn\] (?P<file>[^\s\[][^\s:]*\.\w+)\s*$",
        tool="prettier",
        fixup=_prettier_file,
        rank=2,
        words=("[warn] ",),
        examples=("[warn] src/index.ts", "[warn] packages/ui/Button.module.css"),
    ),
    Format(  # a file prettier could not read: the parser's error and where, a code frame under
        "prettier-error",
        r"^\[error\] (?P<file>[^\s:]+\.\w+): (?P<msg>\w*Error: .+?)"
        r"(?: \((?P<line>\d+):(?P<col>\d+)\))?$",
        tool="prettier",
        block="prettier",
        rank=2,
        examples=(
            "[error] src/bad.js: SyntaxError: Unexpected token (1:7)",
            '[error] src/App.vue: SyntaxError: Unexpected closing tag "div". (12:3)',
        ),
    ),
    Format(  # ... and its count of them
        "prettier-failed",
        r"^(?:\[error\] )?(?P<msg>Error occurred when checking code style in .+)$",
        tool="prettier",
        role="consequence",
        rank=2,
        examples=("Error occurred when checking code style in the above file.",),
    ),
    Format(  # ... then its count (prettier 1 listed the files without "[warn]")
        "prettier-check",
        r"^(?:\[warn\] )?(?P<msg>Code style issues (?:were )?found in .+)$",
        tool="prettier",
        category="config",
        role="count",
        rank=2,
        examples=(
            "[warn] Code style issues found in the above file(s). Forgot to run Prettier?",
            "[warn] Code style issues found in 2 files. Run Prettier with --write to fix.",
        ),
    ),
)
