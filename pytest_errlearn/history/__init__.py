"""The project's memory: runs, errors, and what the fixes shown achieved.

``History.open(root)`` (``store.py``) gives the SQLite store under
``.errlearn/``; ``record`` files a run and annotates its report (repeats,
noise, fix outcomes: ``record.py``); ``hints``, ``candidates`` and
``pattern_stats`` read it back (``queries.py``). Front ends call
``remember(report, ...)``: settings, open, record, close, in one call.
"""

from __future__ import annotations

from .commands import command_key
from .queries import Candidate, Hint, PatternStats
from .record import NOISE_NOTE, demote_noise
from .store import History, remember

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
