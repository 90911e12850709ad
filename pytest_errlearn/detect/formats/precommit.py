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

from ..frames import frame
from ..reader import Reader, diagnosed
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
    failed (``hook_status``); "files were modified" says why a fixer did. Else the
    first line of the hook's output says why, where no row reads it as a tool's
    error: a pygrep hook's match (``a.py:2:    x = 1  # TODO``, its place too),
    "Executable `mypy` not found"."""

    frames_wanted = False
    _LINE = regex(r"^- (?:exit code|duration|description|files were modified by this hook)")
    _MATCHED = regex(r"^(?P<file>[^\s:]+):(?P<line>\d+):(?P<text>.*\S)")
    _MISSING = regex(r"^Executable `[^`]+` not found")

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.valid = err.message.endswith(FAILED)
        self.modified = False
        self.told = False  # the output's first line was read

    def accept(self, line: str) -> bool:
        if self._LINE.match(line) is not None and not self.told:
            self.modified = self.modified or line.startswith("- files")
            return True
        if not line.strip():
            return not self.told and not self.blanks
        if self.told or self.modified or not self.blanks or diagnosed(line) or frame(line):
            return False  # a tool's error (or its stack) that its own row reads
        self.told = True
        said = line.strip()
        if (m := self._MATCHED.match(line)) is not None:
            self.err.file, self.err.line = m["file"], int(m["line"])
            said = m["text"].strip()
        self.err.message += f": {said}"
        return True

    def finish(self) -> None:
        if self.modified:
            self.err.message += ": files were modified by this hook"
        super().finish()

    def category(self) -> str | None:
        missing = self._MISSING.search(self.err.message.partition(FAILED + ": ")[2])
        return "dependency" if missing else "build"  # a check of the build's, whatever it checks


class Fatal(Reader):
    """pre-commit's own failure (``An error has occurred: InvalidConfigError:``): the
    ``==>`` lines say where (``==> File .pre-commit-config.yaml``), the ``=====>``
    line what is wrong, which ends the message."""

    frames_wanted = False
    _FILE = regex(r"^==> File (?P<file>\S.*)$")
    _WHAT = regex(r"^=+> (?P<what>\S.*)$")
    _CONFIG = ("InvalidConfigError", "InvalidManifestError")

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        said = "" if err.message.startswith("An error") else err.message  # the whole line: none
        err.message = f"{err.code}: {said}" if said else str(err.code)

    def accept(self, line: str) -> bool:
        if (m := self._FILE.match(line)) is not None:
            self.err.file = m["file"]
        elif (m := self._WHAT.match(line)) is not None and line.startswith("=====>"):
            self.err.message = f"{self.err.message}: {m['what']}"
        return line.startswith(("==>", "=====>", "Check the log at "))

    def category(self) -> str | None:
        return "config" if self.err.code in self._CONFIG else None


READERS = {"precommit": HookFailed, "precommit-fatal": Fatal}

ROWS = (
    Format(
        "pre-commit-hook",
        r"^- hook id: (?P<code>\S+)$",
        tool="pre-commit",
        block="precommit",
        rank=1,
        fixup=hook_status,
        words=("- hook id:",),
        examples=("- hook id: trailing-whitespace", "- hook id: ruff-format"),
    ),
    Format(  # pre-commit's own failure: a config it cannot read, a hook it cannot install
        "pre-commit-fatal",
        r"^An error has occurred: (?P<code>\w+): ?(?P<msg>.*)$",
        tool="pre-commit",
        block="precommit-fatal",
        rank=2,
        words=("an error has occurred:",),
        examples=(
            "An error has occurred: InvalidConfigError: ",
            "An error has occurred: CalledProcessError: command: ('/usr/bin/git', 'fetch')",
        ),
    ),
)
