"""The project's memory: runs, errors, and what the fixes shown achieved.

``History.open(root)`` (``store.py``) gives the SQLite store under
``.errlearn/``; ``record`` files a run and annotates its report (repeats,
noise, fix outcomes: ``record.py``); ``hints``, ``candidates`` and
``pattern_stats`` read it back (``queries.py``). Front ends call
``remember(report, ...)``: settings, open, record, close, in one call.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .commands import command_key
from .queries import Candidate, Hint, PatternStats
from .store import History, remember

if TYPE_CHECKING:
    from .record import NOISE_NOTE, demote_noise

__all__ = [
    "NOISE_NOTE",
    "Candidate",
    "Hint",
    "History",
    "PatternStats",
    "command_key",
    "demote_noise",
    "remember",
]


def __getattr__(name: str) -> Any:
    """``record`` loads on first use: what only reads the history (hints) skips it."""
    if name in ("NOISE_NOTE", "demote_noise"):
        from . import record

        return getattr(record, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
