"""What each program is, read from the format table's families without loading them.

The families say it (``formats/``: ``COMMANDS``, the tool a program's errors
carry; ``BUILDS``, which of its subcommands build or test), but importing
them builds every family's rows. A command line read before a tool runs (the
agent's hook, before every tool call) needs only these two tables, so they
are worked out ahead into ``programs.json`` (``python -m
pytest_errlearn.derive``), with a digest of the families' files: their names
and sizes. A file whose digest is not that of the families as they are is not
used: the families are then imported, never out of date, only slower. (Their
names and sizes, not their bytes: reading and hashing 600 KB cost every
process that reads a command line 5 ms, a fifth of ``errlearn run``'s start.
An edit that keeps a family's size is not seen here; the tests say when the
file is out of date.)
"""

from __future__ import annotations

import json
import os
from functools import cache

try:
    from _sha1 import sha1  # type: ignore[import-not-found,unused-ignore]
except ImportError:  # pragma: no cover - an interpreter built without it
    from hashlib import sha1

TYPE_CHECKING = False  # mypy reads it as True: typing loads where it is used, not here
if TYPE_CHECKING:
    from typing import Any

    Builds = dict[str, frozenset[str] | None]

HERE = os.path.dirname(os.path.abspath(__file__))
FAMILIES = os.path.join(HERE, "formats")
FILE = os.path.join(HERE, "programs.json")


def digest() -> str:
    """A digest of the families' source files: their names and sizes."""
    h = sha1()
    with os.scandir(FAMILIES) as entries:
        for name, size in sorted((e.name, e.stat().st_size) for e in entries):
            if name.endswith(".py"):
                h.update(b"%s\0%d\0" % (name.encode(), size))
    return str(h.hexdigest())


@cache
def programs() -> tuple[dict[str, str], Builds]:
    """``COMMANDS`` and ``BUILDS`` of the families: from ``programs.json`` when it is
    that of the families as they are, else from the families themselves."""
    try:
        with open(FILE, encoding="utf-8") as f:
            data = json.load(f)
        if data["digest"] == digest():
            builds = {k: None if v is None else frozenset(v) for k, v in data["builds"].items()}
            return dict(data["commands"]), builds
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        pass
    from .formats import BUILDS, COMMANDS

    return COMMANDS, BUILDS


def worked_out() -> dict[str, Any]:
    """What ``programs.json`` holds for the families as they are, worked out now."""
    from .formats import BUILDS, COMMANDS

    return {
        "digest": digest(),
        "commands": dict(sorted(COMMANDS.items())),
        "builds": {k: None if v is None else sorted(v) for k, v in sorted(BUILDS.items())},
    }


def write() -> None:
    """Write ``programs.json`` for the families as they are."""
    with open(FILE, "w", encoding="utf-8") as f:
        f.write(json.dumps(worked_out(), indent=0) + "\n")
