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

from collections.abc import Sequence

MAX_WORDS = 2
_WORD = r"[A-Za-z:][\w:.-]*"  # a subcommand, not a path, an option or a value
# What ``shlex.quote`` leaves unquoted: ASCII letters, digits and ``_@%+=:,./-``.
_PLAIN = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_@%+=:,./-")


def command_line(argv: Sequence[str]) -> str:
    """``shlex.join(argv)``: the line a run is filed and its hints found under.

    Most commands have no word to quote, and for them ``shlex`` is not loaded:
    it loads ``re``, which a clean run before and after its hints needs nowhere
    else (``benchmarks/bench_hints.py``).
    """
    if all(word and _PLAIN.issuperset(word) for word in argv):
        return " ".join(argv)
    import shlex

    return shlex.join(argv)


def command_key(command: str | Sequence[str]) -> str:
    """``npm test --silent`` -> ``npm test``; ``python -m pytest tests`` -> ``pytest``;
    ``cd api && npx jest`` -> ``jest``."""
    import re

    from ..detect.commandkind import main_command, takes_subcommands

    found = main_command(command)
    if found is None:
        return ""
    words = [found.program]
    if takes_subcommands(found.program):
        for word in found.subcommand[:MAX_WORDS]:
            if not re.fullmatch(_WORD, word):
                break
            words.append(word)
    return " ".join(words)
