"""SQLite for the history: the C module itself; and what any history connection offers.

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

TYPE_CHECKING = False  # mypy reads it as True: typing loads where it is used, not here
if TYPE_CHECKING:
    from collections.abc import Iterable, Iterator, Sequence
    from typing import Any, Protocol

    class Cursor(Protocol):
        """What the history reads from a statement: ``sqlite3``'s cursor, or psycopg's."""

        def fetchone(self) -> Any: ...
        def fetchall(self) -> list[Any]: ...
        def __iter__(self) -> Iterator[Any]: ...

    class Conn(Protocol):
        """A history connection: ``sqlite3``'s, or ``pg.PgConn`` with the same face."""

        def execute(self, sql: str, params: Sequence[Any] = ..., /) -> Cursor: ...
        def executemany(self, sql: str, rows: Iterable[Sequence[Any]], /) -> Any: ...
        def close(self) -> None: ...
