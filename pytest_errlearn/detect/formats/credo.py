"""Credo, Elixir's linter (``mix credo``): each issue with its category
(``[R]`` readability, ``[W]`` warning, ...) and priority arrow, its place on
the line under it, and a count at the end::

    ┃ [R] → Modules should have a @moduledoc tag.
    ┃       lib/rumbl.ex:1:11 #(Rumbl)
    ...
    3 mods/funs, found 3 code readability issues.

Credo fails when it finds issues: they are read as warnings, and its count
makes them the run's errors (``strict``). ``--format=oneline`` puts each on
one line: ``[R] → lib/rumbl.ex:1:11 Modules should have a @moduledoc tag.``
"""

from __future__ import annotations

from ..reader import Reader
from . import Format, regex

# `mix credo` is a command of elixir.py's mix.
_ISSUE = r"\[(?P<code>[CDFRW])\] (?:↑|↗|→|↘|↓) "  # no class: stage 1 reads bytes
_EX = r"(?:[A-Za-z]:)?[^\s:]+\.exs?"


class Issue(Reader):
    """The place under an issue (``┃       lib/a.ex:1:11 #(Mod.fun)``, the column
    optional, ``(Mod.fun)`` before Credo 1.1), and in ``mix credo list`` the code
    it quotes. An issue line with no place under it is none."""

    frames_wanted = False
    valid = False  # until its place
    _PLACE = regex(rf"^┃ +(?P<file>{_EX}):(?P<line>\d+)(?::(?P<col>\d+))?(?: #?\(.*\))?\s*$")
    _QUOTED = regex(r"^┃(?: {2,}\S.*| *\^+ *)?\s*$")

    def accept(self, line: str) -> bool:
        if not self.valid:
            if (m := self._PLACE.match(line)) is None:
                return False
            self.valid = True
            self.err.file, self.err.line = m["file"], int(m["line"])
            self.err.column = int(m["col"]) if m["col"] else None
            return True
        return not line.startswith("┃ [") and self._QUOTED.match(line) is not None


READERS = {"credo": Issue}

ROWS = (
    Format(
        "credo-issue",
        r"^┃ " + _ISSUE + r"(?P<msg>\S.*)$",
        tool="credo",
        role="warning",
        block="credo",
        rank=2,
        words=("┃ [",),
        examples=(
            "┃ [R] → Modules should have a @moduledoc tag.",
            "┃ [W] ↗ There should be no calls to IO.inspect/1.",
        ),
    ),
    Format(
        "credo-oneline",
        r"^" + _ISSUE + rf"(?P<file>{_EX}):(?P<line>\d+)(?::(?P<col>\d+))? (?P<msg>\S.*)$",
        tool="credo",
        role="warning",
        rank=2,
        examples=("[R] → lib/rumbl.ex:1:11 Modules should have a @moduledoc tag.",),
    ),
    Format(  # its count of what it found: Credo failed of them
        "credo-found",
        r"^\d+ mods/funs, found (?!no issues)(?P<msg>.+?)\.?$",
        tool="credo",
        role="strict",
        rank=2,
        words=("mods/funs, found",),
        examples=(
            "3 mods/funs, found 3 code readability issues.",
            "40 mods/funs, found 1 warning, 2 refactoring opportunities.",
        ),
    ),
)
