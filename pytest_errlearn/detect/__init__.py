"""The detector: raw output of a test or build run in, errors out.

``detect(data, tool)`` for a whole output, ``Detector`` to stream it; the
pipeline is laid out in ``engine.py``.
"""

from __future__ import annotations

from .engine import Detector, detect
from .hints import tool_from_command

__all__ = ["Detector", "detect", "tool_from_command"]
