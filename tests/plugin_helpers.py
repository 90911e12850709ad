"""What the plugin's tests share: sample tests, a patterns file, reading the output."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

MISSING_MODULE = """
def test_missing_module():
    import nosuchmod_x
"""

# One pattern; its [[pattern]] header is line 2, so its source is "patterns.toml:2".
PATTERNS = """version = 1
[[pattern]]
id = "py-missing-module"
trigger = "ModuleNotFoundError: No module named {{module}}"
match = "No module named '(?P<module>[^']+)'"
fix = "{fix}"
category = "dependency"
"""


@pytest.fixture(autouse=True)
def autoload(monkeypatch: pytest.MonkeyPatch) -> None:
    """pytest loads plugins by their entry points in the runs under test, as for a user.

    Without this, a ``PYTEST_DISABLE_PLUGIN_AUTOLOAD`` set around the test
    suite would silently leave errlearn out of every run it tests.
    """
    monkeypatch.delenv("PYTEST_DISABLE_PLUGIN_AUTOLOAD", raising=False)


def known_fix(pytester: pytest.Pytester, fix: str) -> None:
    """A project whose patterns.toml holds one pattern, without the built-in library.

    The built-in library is left out so that no other pattern can compete.
    """
    pytester.makepyprojecttoml("[tool.errlearn]\nbuiltin = false\n")
    pytester.makefile(".toml", patterns=PATTERNS.format(fix=fix))


_SEPARATOR = re.compile(r"^={3,} .* ={3,}$")
_TIMING = re.compile(r" in \d+\.\d+s( \([\d:]+\))?")


def errlearn_lines(result: pytest.RunResult) -> list[str]:
    """The lines of errlearn's summary section, without its heading."""
    lines = result.outlines
    heading = [i for i, line in enumerate(lines) if _SEPARATOR.match(line) and " errlearn " in line]
    start = heading[0]
    end = next((i for i in range(start + 1, len(lines)) if _SEPARATOR.match(lines[i])), len(lines))
    return lines[start + 1 : end]


def said_anything(result: pytest.RunResult) -> bool:
    """Whether errlearn printed anything: its section or one of its lines."""
    return any(
        line.startswith("errlearn") or " errlearn " in line
        for line in result.outlines + result.errlines
    )


def without_timing(lines: list[str]) -> list[str]:
    """Output lines to compare between runs: no durations, no plugin list."""
    return [_TIMING.sub("", line) for line in lines if not line.startswith("plugins:")]


def read_json(path: Path) -> Any:
    return json.loads(path.read_text(encoding="utf-8"))
