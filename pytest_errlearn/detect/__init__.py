"""The detector: raw output of a test or build run in, errors out.

``detect(data, tool)`` for a whole output, ``Detector`` to stream it; the
pipeline is laid out in ``engine.py``. The engine (and its compiled
automaton) loads on first use, so ``detect.hints`` and ``detect.signature``
stay cheap to import for the commands that need only them.
"""

from __future__ import annotations

TYPE_CHECKING = False  # mypy reads it as True: typing loads where it is used, not here

if TYPE_CHECKING:
    from typing import Any

    from .engine import Detector, detect
    from .hints import tool_from_command

__all__ = ["Detector", "detect", "tool_from_command"]


def __getattr__(name: str) -> Any:
    if name in ("Detector", "detect"):
        from . import engine

        return getattr(engine, name)
    if name == "tool_from_command":
        from .hints import tool_from_command

        return tool_from_command
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
