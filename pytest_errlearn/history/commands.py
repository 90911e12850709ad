"""The normalised form of a command line: what its history is filed under.

``npm test --silent`` and ``npm test`` fail the same ways, ``npm run build``
differently: a command is known by its program and, for programs that take
subcommands, the first words after it. Arguments that are paths, options or
values (``pytest tests/unit -x``) are not part of it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ..detect.hints import ASSIGNMENT, WRAPPERS, program_name
from ..detect.hints import split_command as split

# Programs whose first (one or two) bare words name what they do.
SUBCOMMANDS = frozenset({
    "npm", "yarn", "pnpm", "bun", "deno", "nx", "turbo", "lerna", "cargo", "go", "make",
    "gmake", "just", "rake", "bundle", "mix", "docker", "docker-compose", "podman", "dotnet",
    "git", "mvn", "mvnw", "gradle", "gradlew", "bazel", "poetry", "uv", "pipenv", "pdm",
    "hatch", "pip", "pip3", "tox", "nox", "cmake", "ctest", "swift", "stack", "cabal",
    "composer", "dune", "zig", "helm", "kubectl", "terraform",
})
MAX_WORDS = 2
_WORD = re.compile(r"^[A-Za-z:][\w:.-]*$")
_DURATION = re.compile(r"^\d+(?:\.\d+)?[smhd]?$")  # `timeout 60 make`




def command_key(command: str | Sequence[str]) -> str:
    """``npm test --silent`` -> ``npm test``; ``python -m pytest tests`` -> ``pytest``."""
    argv = split(command)
    while argv and (
        argv[0] in WRAPPERS or ASSIGNMENT.match(argv[0]) or argv[0].startswith("-")
        or _DURATION.match(argv[0])
    ):
        argv = argv[1:]
    if not argv:
        return ""
    name = program_name(argv[0])
    rest = argv[1:]
    if name == "python" and len(rest) >= 2 and rest[0] == "-m":
        name, rest = rest[1], rest[2:]
    elif name in ("sh", "bash", "zsh", "dash") and len(rest) >= 2 and rest[0] == "-c":
        return command_key(rest[1]) or name
    elif name == "npx" and rest:
        return command_key(rest)
    words = [name]
    if name in SUBCOMMANDS:
        for arg in rest:
            if len(words) > MAX_WORDS or not _WORD.match(arg):
                break
            words.append(arg)
    return " ".join(words)
