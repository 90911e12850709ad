"""The normalised form of a command line: what its history is filed under.

``npm test --silent`` and ``npm test`` fail the same ways, ``npm run build``
differently: a command is known by its program and, for programs that take
subcommands, the first words after it. Arguments that are paths, options or
values (``pytest tests/unit -x``) are not part of it. The line is read as
``detect.commandline`` reads it for the tool hints and the agent hooks: the
same command (``uv run pytest``, ``timeout 60 make``) wherever it is named.

Working a key out loads the format table (which programs build, which take
subcommands): most of a short run's start-up. So the history keeps each
command line's key (``command_keys``) and ``queries.key_of`` looks it up
first; this is for the lines it has not met yet.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

MAX_WORDS = 2
_WORD = re.compile(r"^[A-Za-z:][\w:.-]*$")


def command_key(command: str | Sequence[str]) -> str:
    """``npm test --silent`` -> ``npm test``; ``python -m pytest tests`` -> ``pytest``;
    ``cd api && npx jest`` -> ``jest``."""
    from ..detect.commandkind import main_command, takes_subcommands

    found = main_command(command)
    if found is None:
        return ""
    words = [found.program]
    if takes_subcommands(found.program):
        for word in found.subcommand[:MAX_WORDS]:
            if not _WORD.match(word):
                break
            words.append(word)
    return " ".join(words)
