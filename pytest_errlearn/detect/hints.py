"""Which tool a command line runs: the hint the detector and matcher use."""

from __future__ import annotations

import os
import re
import shlex
from collections.abc import Sequence

from .formats import COMMANDS as TOOLS  # executable -> the tool its errors carry

# Environment managers run the tool named after them: `uv run pytest`, `pnpm exec tsc`.
_ENV_RUNNERS: dict[str, tuple[str, ...]] = {
    **dict.fromkeys(("uv", "poetry", "pipenv", "pdm", "hatch", "rye"), ("run",)),
    **dict.fromkeys(("pnpm", "yarn"), ("exec", "dlx")),
}
WRAPPERS = {"sudo", "env", "time", "nice", "nohup", "exec", "command", "xvfb-run", "timeout"}
ASSIGNMENT = re.compile(r"^\w+=")


def split_command(command: str | Sequence[str]) -> list[str]:
    """A command line as words (a line shlex cannot parse is split on spaces)."""
    if not isinstance(command, str):
        return list(command)
    try:
        return shlex.split(command)
    except ValueError:
        return command.split()


def program_name(word: str, suffixes: tuple[str, ...] = (".exe", ".cmd")) -> str:
    """The program a command's first word names: its file name without ``suffixes``,
    ``python3.11`` as ``python``."""
    name = os.path.basename(word)
    for suffix in suffixes:
        name = name.removesuffix(suffix)
    return re.sub(r"^(python)\d[\d.]*$", r"\1", name)


def tool_from_command(command: str | Sequence[str] | None) -> str | None:
    """The tool a command line runs (``npm test`` -> ``npm``), or None."""
    if not command:
        return None
    argv = split_command(command)
    while argv and (argv[0] in WRAPPERS or ASSIGNMENT.match(argv[0]) or argv[0].startswith("-")):
        argv = argv[1:]
    if not argv:
        return None
    name = program_name(argv[0])
    name = re.sub(r"^(gcc|g\+\+|cc|c\+\+|clang|clang\+\+)-\d[\d.]*$", r"\1", name)  # gcc-12
    rest = argv[1:]
    if name == "python" and len(rest) >= 2 and rest[0] == "-m":
        return TOOLS.get(rest[1], "python")
    if name in _ENV_RUNNERS and len(rest) >= 2 and rest[0] in _ENV_RUNNERS[name]:
        return tool_from_command(rest[1:]) or TOOLS.get(name)  # uv run pytest -> pytest
    if name in ("sh", "bash", "zsh", "dash") and len(rest) >= 2 and rest[0] == "-c":
        return tool_from_command(rest[1]) or "shell"
    if name == "npx" and rest:
        return tool_from_command(rest)
    if name == "python":
        return "python"
    return TOOLS.get(name)
