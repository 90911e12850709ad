"""pre-commit (and prek, which prints the same): a hook that failed.

Each hook is one status line, its name padded with dots to its outcome
(``trim trailing whitespace....Failed``). Under a failed one come ``- hook id:``,
``- exit code:``, ``- duration:`` and ``- files were modified by this hook`` as
they apply, a blank line, then the hook's own output, which the rows of its
tool read (mypy's, ruff's). A formatter or a fixer that rewrote files prints
nothing any row knows: the status line is then the only sign of the failure,
so each failed hook is an error, named by its id; one whose output holds a
tool's error ranks below that error, which stays the root cause.

The row is the ``- hook id:`` line, which starts alike on every run: a row for
the status line, whose name may be any text, would keep stage 1's automaton
awake along every line of every log. The status line is read above it.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..reader import Reader
from . import Format, regex

TYPE_CHECKING = False  # mypy reads it as True: typing loads where it is used, not here
if TYPE_CHECKING:
    from ...report import Error

COMMANDS = dict.fromkeys(("pre-commit", "prek"), "pre-commit")
BUILDS: dict[str, frozenset[str] | None] = dict.fromkeys(("pre-commit", "prek"), None)

_STATUS = regex(r"^(?P<name>\S.*?)\.{3,}Failed$")
FAILED = " failed"  # how the message of a hook that failed ends


def hook_status(groups: dict[str, str | None], before: Sequence[str]) -> None:
    """The hook's name, from its status line just above, when that says it failed
    (a hook run with ``verbose: true`` prints its ``- hook id:`` on passing too)."""
    if before and (m := _STATUS.match(before[-1])) is not None:
        groups["msg"] = m["name"] + FAILED


class HookFailed(Reader):
    """The ``- key: value`` lines of a hook: no error unless its status line said it
    failed (``hook_status``); "files were modified" says why a fixer did."""

    frames_wanted = False
    _LINE = regex(r"^- (?:exit code|duration|description|files were modified by this hook)")

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.valid = err.message.endswith(FAILED)
        self.modified = False

    def accept(self, line: str) -> bool:
        if self._LINE.match(line) is None:
            return False
        self.modified = self.modified or line.startswith("- files")
        return True

    def finish(self) -> None:
        if self.modified:
            self.err.message += ": files were modified by this hook"
        super().finish()


READERS = {"precommit": HookFailed}

ROWS = (
    Format(
        "pre-commit-hook",
        r"^- hook id: (?P<code>\S+)$",
        tool="pre-commit",
        category="build",  # a check of the build's, whatever the hook checks
        block="precommit",
        rank=1,
        fixup=hook_status,
        words=("- hook id:",),
        examples=("- hook id: trailing-whitespace", "- hook id: ruff-format"),
    ),
)
