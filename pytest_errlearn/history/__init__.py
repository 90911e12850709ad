"""The project's memory: runs, errors, and what the fixes shown achieved.

``History.open(root)`` (``store.py``) gives the SQLite store under
``.errlearn/``; ``record`` files a run and annotates its report (repeats,
noise: ``record.py``; fix outcomes, one per failure per change of the code:
``outcomes.py``, ``tree.py``); ``hints``, ``candidates`` and
``pattern_stats`` read it back (``queries.py``, into the named tuples of
``rows.py``). Front ends call
``remember(report, ...)``: settings, open, record, close, in one call.
"""

from __future__ import annotations

from .commands import command_key, command_line
from .store import History, remember

TYPE_CHECKING = False  # mypy reads it as True: typing loads where it is used, not here
if TYPE_CHECKING:
    from typing import Any

    from .record import NOISE_NOTE, demote_noise
    from .rows import Candidate, Hint, PatternStats

__all__ = [
    "NOISE_NOTE",
    "Candidate",
    "Hint",
    "History",
    "PatternStats",
    "command_key",
    "command_line",
    "demote_noise",
    "remember",
]


def __getattr__(name: str) -> Any:
    """``record`` and ``rows`` load on first use: the hints before a run, which mostly
    find none, skip them."""
    if name in ("NOISE_NOTE", "demote_noise"):
        from . import record

        return getattr(record, name)
    if name in ("Candidate", "Hint", "PatternStats"):
        from . import rows

        return getattr(rows, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
