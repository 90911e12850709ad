"""Opening a history on a PostgreSQL server (``[tool.errlearn] history = "postgresql://..."``).

A server that cannot be used never fails the run: one warning line (the URL's
password masked), and for the rest of the process the history is off without
trying again, so a run waits at most ``pg.CONNECT_TIMEOUT`` seconds for it in
all. A writer's run is then kept in the spool (``spool.py``) and sent by the
next run that reaches the server.

Importing psycopg and logging in take far longer than recording a run, so a
front end that will record later (``errlearn run``, the pytest plugin) calls
``prefetch`` as it starts: a background thread does both while the command
runs, and ``connect`` takes its connection (or its failure) when asked.
"""

from __future__ import annotations

import os

from .project import project_id

TYPE_CHECKING = False  # mypy reads it as True: typing loads where it is used, not here
if TYPE_CHECKING:
    from collections.abc import Callable

    from .pg import PgConn

_down: dict[str, str] = {}  # url -> why it could not be used, for the rest of the process
_early: dict[tuple[str, str], _Prefetch] = {}  # (root, url) -> its connection on the way


FORK_WAIT = 10.0  # seconds a fork waits at most for the thread (its connect times out sooner)


class _Prefetch:
    """psycopg imported and a connection made in a daemon thread; ``take`` waits for it.

    A process forked while the thread works would inherit locks held by a
    thread it does not have (the imports' module locks, libpq's and OpenSSL's)
    and could hang on them. ``errlearn run`` forks its analyser before it starts
    the thread; any other fork (a test's own, under the pytest plugin) waits for
    the thread to be done, never longer than the connect timeout.
    """

    def __init__(self, root: str, url: str) -> None:
        import threading

        self.root = root
        self.url = url
        self.result: PgConn | BaseException | None = None
        self.done = threading.Event()
        self.thread = threading.Thread(target=self._work, name="errlearn-connect", daemon=True)
        self.thread.start()

    def _work(self) -> None:
        try:
            from . import pg

            self.result = pg.connect(self.url, project_id(self.root))
        except BaseException as exc:  # handed to the taker, which reports it as its own
            self.result = exc
        finally:
            self.done.set()

    def take(self) -> PgConn:
        """The connection, or the exception the connect raised."""
        from . import pg

        # The import, then the connect's own timeout: never longer than a connect.
        self.thread.join(pg.CONNECT_TIMEOUT + 3.0)
        result = self.result
        if result is None:
            raise TimeoutError("timed out connecting")
        if isinstance(result, BaseException):
            raise result
        return result


def _before_fork() -> None:
    for early in list(_early.values()):
        early.done.wait(FORK_WAIT)


_hooked: list[bool] = []


def prefetch(root: str, url: str) -> None:
    """Start connecting to ``url`` for the project at ``root`` in the background."""
    if url not in _down and (root, url) not in _early:
        if not _hooked and hasattr(os, "register_at_fork"):
            # logging's own fork hook takes its lock, which the thread's imports need:
            # registered first, it runs after this one (hooks run last-registered first).
            import logging  # noqa: F401

            _hooked.append(True)
            os.register_at_fork(before=_before_fork)
        _early[(root, url)] = _Prefetch(root, url)


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

    early = _early.pop((root, url), None)
    try:
        return early.take() if early is not None else pg.connect(url, project_id(root))
    except TooNew as exc:
        reason = f"history is off: {shown} is from a newer errlearn ({exc}){later}"
    except ImportError:
        reason = pg.MISSING
    except (psycopg.Error, pg.Refused, OSError, ValueError) as exc:
        reason = f"history is off: cannot use {shown} ({pg.one_line(exc, url)}){later}"
    _down[url] = reason
    warn(reason)
    return None


def configured_url(root: str) -> str | None:
    """The history URL set for the project at ``root`` (None: the SQLite file)."""
    from ..config import ConfigError, history_url

    try:
        return history_url(root)
    except ConfigError:
        return None  # the setting's fault is reported where the settings are read
