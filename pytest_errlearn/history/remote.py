"""Opening a history on a PostgreSQL server (``[tool.errlearn] history = "postgresql://..."``).

A server that cannot be used never fails the run: one warning line (the URL's
password masked), and for the rest of the process the history is off without
trying again, so a run waits at most ``pg.CONNECT_TIMEOUT`` seconds for it in
all. A writer's run is then kept in the spool (``spool.py``) and sent by the
next run that reaches the server.
"""

from __future__ import annotations

from .project import project_id

TYPE_CHECKING = False  # mypy reads it as True: typing loads where it is used, not here
if TYPE_CHECKING:
    from collections.abc import Callable

    from .pg import PgConn

_down: dict[str, str] = {}  # url -> why it could not be used, for the rest of the process


def is_down(url: str) -> bool:
    return url in _down


def mark_down(url: str, reason: str) -> None:
    _down[url] = reason


def connect(root: str, url: str, warn: Callable[[str], None], *, writing: bool) -> PgConn | None:
    """A connection for the project at ``root``, or None after one warning line."""
    if url in _down:
        return None
    from . import pg

    shown = pg.safe_url(url)
    later = "; this run is kept in .errlearn/spool to send later" if writing else ""
    try:
        import psycopg
    except ImportError:
        _down[url] = pg.MISSING
        warn(pg.MISSING)
        return None
    from .schema import TooNew

    try:
        return pg.connect(url, project_id(root))
    except TooNew as exc:
        reason = f"history is off: {shown} is from a newer errlearn ({exc}){later}"
    except (psycopg.Error, pg.Refused, OSError, ValueError) as exc:
        reason = f"history is off: cannot use {shown} ({pg.one_line(exc, url)}){later}"
    _down[url] = reason
    warn(reason)
    return None
