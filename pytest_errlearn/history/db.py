"""SQLite for the history: the C module itself.

``import sqlite3`` loads ``_sqlite3`` and then registers the default adapters
for dates, which import ``datetime``: a cost to every ``errlearn run`` in a
project with history, for adapters errlearn never uses (it stores times as
floats). ``_sqlite3`` holds everything else, the very same classes: a
``sqlite3.Error`` raised here is caught as one anywhere.
"""

from __future__ import annotations

try:
    import _sqlite3 as sqlite3
except ImportError:  # pragma: no cover - an interpreter that builds it otherwise
    import sqlite3  # type: ignore[no-redef,unused-ignore]

__all__ = ["sqlite3"]
