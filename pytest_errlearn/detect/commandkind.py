"""What errlearn makes of a command (one of a line's, as ``commandline`` reads them):
whether it builds or tests and as what (``build_kind``: the agent hooks run
errlearn around such a command), the tool its errors carry (``tool``: tool
hints), whether its leading words say what it does (``takes_subcommands``:
history keys), and which of a line's commands the line is about
(``main_command``).

What a program is comes from its family in ``formats/`` (``COMMANDS``,
``BUILDS``), through what ``programs`` worked out ahead: cheap to import.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import cache

from .commandline import Command, commands, known_builds, known_tools, word_set

# npm, yarn, pnpm, bun also build or test through a package.json script: `npm run test:unit`.
PACKAGE_MANAGERS = frozenset({"npm", "yarn", "pnpm", "bun"})
_SCRIPT = (
    r"^(?:test|tests|build|lint|jest|mocha|vitest|check|typecheck|type-check|tsc|compile|ci|"
    r"e2e|coverage|verify)(?:[:._-][\w:.-]*)?$"
)


@cache
def _script() -> re.Pattern[str]:
    """``_SCRIPT`` compiled, when first a package manager's script is read."""
    return re.compile(_SCRIPT)


# `python -m X`: the module's own entry decides (pytest, pip, mypy); these are python.
PYTHON_MODULES = frozenset({"unittest", "build", "compileall", "py_compile"})
# Builders whose every use builds (BUILDS says None) and whose words name a target or a
# task (``make test``, ``gradle build``): their history is kept by those words too.
TASK_RUNNERS = word_set("make gmake mingw32-make just gradle gradlew mvn mvnw rake sbt sbtn mill")


def build_kind(cmd: Command) -> str | None:
    """The kind of build or test ``cmd`` is (its program: ``pytest``, ``npm``), or None.

    The families' ``BUILDS`` say which programs build and with which subcommands
    (``go test``; ``docker compose up``: two words); a package manager builds
    with a script named so (``npm run test:unit``); ``python setup.py`` and
    ``python -m unittest`` are python's.
    """
    name, words = cmd.program, cmd.words
    if name == "python":
        return name if words[:1] == ("setup.py",) else None
    if name in PYTHON_MODULES and cmd.via[-1:] == ("python",):
        return "python"
    builds = known_builds()
    if name not in builds:
        return None
    subs = builds[name]
    first = words[0] if words else None
    if name in PACKAGE_MANAGERS:
        if first in ("run", "run-script"):
            return name if len(words) > 1 and _script().match(words[1]) else None
        if first is None:
            return None if name == "npm" else name  # a bare `yarn` installs
        return name if (subs is None or first in subs or _script().match(first)) else None
    if subs is None:
        return name
    if first is not None and (first in subs or " ".join(words[:2]) in subs):
        return name
    return None


def tool(cmd: Command) -> str | None:
    """The tool ``cmd``'s errors carry: its program's, else a launcher's (``npx foo``:
    npm; ``bash -c '...'``: shell); python for what python runs."""
    tools = known_tools()
    for name in (cmd.program, *reversed(cmd.via)):
        if name == "python":
            return name
        if name in tools:
            return tools[name]
    return None


def takes_subcommands(program: str) -> bool:
    """Whether ``program``'s leading words say what it does (``npm test``, ``make all``)."""
    return program in TASK_RUNNERS or known_builds().get(program) is not None


def main_command(command: str | Sequence[str] | None) -> Command | None:
    """The command a line is about: its first that builds or tests (``cd api && npm
    test``: npm test), else its first a tool is known for, else its first."""
    if not command:
        return None
    found = commands(command)
    return (
        next((c for c in found if build_kind(c) is not None), None)
        or next((c for c in found if tool(c) is not None), None)
        or (found[0] if found else None)
    )
