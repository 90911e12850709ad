"""The starter library worked out ahead: ``compiled.json``.

Loading the library means parsing ten TOML files (tomllib is pure Python)
and reading each trigger as the detector reads a line, which compiles the
format rows the triggers hit: a good part of what the plugin's first
failure costs. ``compiled.json`` holds what that work gives, the
patterns and each trigger's message and code, and a digest of what it read:
the library's TOML texts, and the format table's rows for the triggers. A
digest that differs (a file or a row just edited) sets that part aside and
the work is done as before, so the file is never wrong, only slower; a test
says when it is out of date, and how to write it again:

    python -m pytest_errlearn.derive
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable
from functools import cache
from pathlib import Path
from typing import Any

from ..patterns import Pattern
from . import library_files

FILE = Path(__file__).with_name("compiled.json")

Parsed = tuple[str, str | None]  # a trigger line's message and error code


def _digest(parts: Iterable[str]) -> str:
    h = hashlib.sha256()
    for part in parts:
        h.update(part.encode("utf-8", "surrogatepass"))
        h.update(b"\0")
    return h.hexdigest()


def library_digest() -> str | None:
    """The digest of the library's TOML texts; None when one cannot be read."""
    try:
        return _digest(p.read_text(encoding="utf-8") for p in library_files())
    except (OSError, UnicodeDecodeError):
        return None


def table_digest() -> str:
    """The digest of the format table's rows: what a trigger's parse depends on."""
    from ...detect.formats import TABLE

    return _digest(f"{row.name}\x1f{row.pattern}\x1f{row.role}" for row in TABLE.rows)


@cache
def _stored() -> dict[str, Any]:
    try:
        data = json.loads(FILE.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


@cache
def known_patterns() -> tuple[Pattern, ...] | None:
    """The library's patterns as stored, while the TOML files are the ones they came from."""
    data = _stored()
    if not data or data.get("library") != library_digest():
        return None
    try:
        return tuple(Pattern(**{**p, "tools": tuple(p["tools"])}) for p in data["patterns"])
    except (KeyError, TypeError):
        return None


@cache
def known_triggers() -> dict[str, Parsed]:
    """Each built-in trigger line's parse as stored, while the library and the table
    are the ones it came from; empty otherwise."""
    data = _stored()
    if not data or known_patterns() is None or data.get("table") != table_digest():
        return {}
    try:
        return {line: (message, code) for line, (message, code) in data["triggers"].items()}
    except (KeyError, TypeError, ValueError, AttributeError):
        return {}


def worked_out() -> dict[str, Any]:
    """What ``compiled.json`` holds for the library and the table as they are, worked out now."""
    from ..patterns import read_builtin
    from ..triggers import parse_trigger, trigger_line

    patterns = read_builtin()
    lines = (trigger_line(p.trigger)[0] for p in patterns)
    return {
        "library": library_digest(),
        "table": table_digest(),
        "patterns": [{**p.fields(), "tools": list(p.tools)} for p in patterns],
        "triggers": {line: list(parse_trigger(line)) for line in lines},
    }


def write() -> None:
    """Write ``compiled.json`` again (``python -m pytest_errlearn.derive``)."""
    text = json.dumps(worked_out(), indent=1, ensure_ascii=False, sort_keys=True)
    FILE.write_text(text + "\n", encoding="utf-8")
