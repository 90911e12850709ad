"""Which tool a command line runs: the hint the detector and matcher use."""

from __future__ import annotations

from collections.abc import Sequence

from .commandkind import main_command, tool

__all__ = ["tool_from_command"]


def tool_from_command(command: str | Sequence[str] | None) -> str | None:
    """The tool a command line runs (``npm test`` -> ``npm``, ``npx jest`` -> ``jest``,
    ``cd api && make`` -> ``make``), or None; read as ``detect.commandline`` reads it."""
    found = main_command(command)
    return None if found is None else tool(found)
