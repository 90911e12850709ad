"""The hints of a server's history, kept on this machine: ``.errlearn/hints-cache.json``.

The agent's pre-tool-use hook, ``errlearn hints`` and the hints before an
``errlearn run`` must answer at once; a PostgreSQL history would have them
import psycopg and log in first. So they read this file instead: for the
project's most recently failing command keys, the failures ``queries.hints``
would pick from (its pool, newest first), ready to rank for the command line
as it does.

Freshness, and what bounds it:

- the run that records (``remember``) rewrites the file after recording, on
  the connection it has: this machine sees its own runs at once;
- a reader that finds the file older than ``REFRESH_AFTER`` answers from it
  and starts a detached process to rewrite it (``refresh_in_background``), so
  while the machine is in use an answer lags the server by at most
  ``REFRESH_AFTER`` and one refresh;
- a file older than ``MAX_AGE``, or written for another server or project, is
  not used: the hook answers nothing (and refreshes), ``errlearn hints`` asks
  the server itself.

The file is replaced atomically (written beside, then renamed), bounded
(``MAX_KEYS`` keys, ``MAX_COMMANDS`` command lines, ``MAX_MESSAGE`` characters
a message), and one that cannot be read is discarded with one note.
"""

from __future__ import annotations

import contextlib
import json
import os
import time

from ..paths import STATE_DIR, replace_file
from .queries import FUZZY_POOL

TYPE_CHECKING = False  # mypy reads it as True: typing loads where it is used, not here
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

    from .db import Conn
    from .rows import Hint

FILENAME = "hints-cache.json"
LOCK = "hints-cache.refreshing"  # a background refresh is under way (or died: then stale)
FORMAT = 1
REFRESH_AFTER = 30.0  # seconds: an older file is rewritten in the background
MAX_AGE = 3600.0  # seconds: an older file is not used at all
LOCK_STALE = 30.0  # seconds: a refresh taking longer is taken for dead
MAX_KEYS = 64  # command keys kept, the most recently failing
POOL = 3 * FUZZY_POOL  # failures kept a key: queries.hints' pool for up to 3 hints
MAX_COMMANDS = 500  # command lines whose key is kept, the most recently run
MAX_MESSAGE = 2000  # characters of a message or fix kept

# One statement, so a refresh is one round-trip: the newest keys' pools, each
# failure with its newest error's text and time, its fix (the newest error that
# showed one, else what ``errlearn learn`` wrote) and how that fix fared. Row
# security scopes every table to the connection's project.
_REFRESH = """
WITH keys AS (
    SELECT key FROM failures GROUP BY key ORDER BY MAX(last_error) DESC LIMIT %(keys)s
), pool AS (
    SELECT k.key, f.signature, f.times, f.last_error, f.command
    FROM keys k CROSS JOIN LATERAL (
        SELECT signature, times, last_error, command FROM failures f
        WHERE f.key = k.key AND NOT EXISTS (
            SELECT 1 FROM errors p WHERE p.signature = f.signature AND p.passing = 1)
        ORDER BY last_error DESC LIMIT %(pool)s) f
)
SELECT p.key, p.signature, p.times, p.command, left(e.message, %(text)s), e.category, e.tool,
    r.time, fx.pattern, left(fx.fix, %(text)s),
    (SELECT COUNT(*) FROM outcomes o WHERE o.pattern = fx.pattern AND o.result = 'worked'),
    (SELECT COUNT(*) FROM outcomes o WHERE o.pattern = fx.pattern AND o.result = 'failed')
FROM pool p
JOIN errors e ON e.id = p.last_error
JOIN runs r ON r.id = e.run_id
LEFT JOIN LATERAL (
    SELECT pattern, fix FROM (
        (SELECT x.pattern, x.fix, 0 AS rank FROM errors x
         WHERE x.signature = p.signature AND x.fix IS NOT NULL ORDER BY x.id DESC LIMIT 1)
        UNION ALL
        SELECT l.pattern, l.fix, 1 FROM learned l WHERE l.signature = p.signature
    ) found ORDER BY rank LIMIT 1
) fx ON true
ORDER BY p.key, p.last_error DESC
"""
_COMMANDS = (
    "SELECT command, key FROM command_keys WHERE version = %s ORDER BY last_run DESC LIMIT %s"
)


def path(root: str) -> str:
    return os.path.join(root, STATE_DIR, FILENAME)


def _source(url: str) -> str:
    """What the file was written for: the server and database, never the password."""
    from .pg import safe_url

    return safe_url(url)


def read(root: str, url: str, project: str, note: Callable[[str], None]) -> dict[str, Any] | None:
    """The cache of ``url``'s history for ``project``, or None (none, or another's).
    A file that cannot be read is removed, with one ``note``."""
    file = path(root)
    try:
        with open(file, "rb") as f:
            data = json.loads(f.read())
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise ValueError("not a hints cache of this errlearn")
        if not isinstance(data.get("hints"), dict) or not isinstance(data.get("time"), float):
            raise ValueError("no hints in it")
    except FileNotFoundError:
        return None
    except (OSError, ValueError) as exc:
        note(f"hints cache {file} discarded: {' '.join(str(exc).split())}")
        _remove(file)
        return None
    if data.get("source") != _source(url) or data.get("project") != project:
        return None
    return data


def age(data: dict[str, Any], now: float | None = None) -> float:
    return (time.time() if now is None else now) - float(data["time"])


def lookup(
    root: str,
    url: str,
    command: str,
    limit: int,
    note: Callable[[str], None],
    *,
    wait: bool,
    background: bool = True,
) -> list[Hint]:
    """The hints for ``command`` from a server's history, as fresh as the cache allows.

    A usable cache answers (and, past ``REFRESH_AFTER``, a detached process
    rewrites it when ``background``). Without one, ``wait`` asks the server
    (and writes the cache on the same connection); otherwise the answer is none.
    """
    from .project import project_id

    project = project_id(root)
    data = read(root, url, project, note)
    fresh = data is not None and age(data) < MAX_AGE
    if limit <= POOL // FUZZY_POOL and fresh and data is not None:
        if background and age(data) >= REFRESH_AFTER:
            refresh_in_background(root, url)
        try:
            return hints(data, command, limit)
        except (TypeError, ValueError, AttributeError, KeyError) as exc:
            note(f"hints cache {path(root)} discarded: {type(exc).__name__}: {exc}")
            _remove(path(root))
    if not wait:
        if background:
            refresh_in_background(root, url)
        return []
    from .store import History

    history = History.open(root, create=False, warn=note, url=url)
    if history is None:
        return []
    with history:
        found = history.hints(command, limit)
        history.refresh_cache()
    return found


def _remove(file: str) -> None:
    with contextlib.suppress(OSError):
        os.remove(file)


def hints(data: dict[str, Any], command: str, limit: int) -> list[Hint]:
    """What ``queries.hints`` would say for ``command``, from the cache: the newest of its
    key's pool, the command lines closest to it first when they differ."""
    from ..redact import redact
    from .queries import overlap

    command = redact(command)
    commands = data.get("commands")
    key = commands.get(command) if isinstance(commands, dict) else None
    if not isinstance(key, str):
        from .commands import command_key

        key = command_key(command)
    pool = data["hints"].get(key)
    if not isinstance(pool, list) or not pool:
        return []
    pool = pool[: limit * FUZZY_POOL]
    from .rows import Hint

    if len(pool) > limit and len({row[2] for row in pool}) > 1:
        from ..detect.shellwords import split_command as split

        words = set(split(command))
        pool = sorted(pool, key=lambda row: -overlap(words, set(split(row[2]))))
    out = []
    for row in pool[:limit]:
        signature, message, last, times, when, category, tool, pattern, fix, success = row
        out.append(
            Hint(signature, message, last, times, when, category, tool, pattern, fix, success, key)
        )
    return out


def fetch(conn: Conn) -> dict[str, Any]:
    """The cache's content, read from a server's history in two round-trips."""
    from .. import __version__
    from .queries import success_text

    params = {"keys": MAX_KEYS, "pool": POOL, "text": MAX_MESSAGE}
    raw: Any = getattr(conn, "raw", conn)  # psycopg's own: named parameters as they are
    pools: dict[str, list[list[Any]]] = {}
    for row in raw.execute(_REFRESH, params).fetchall():
        key, signature, times, command, message, category, tool, when, pattern, fix, w, f = row
        success = success_text(w, w + f) if pattern and w + f else None
        hint = [signature, message, command, times, when, category, tool, pattern, fix, success]
        pools.setdefault(key, []).append(hint)
    commands = dict(raw.execute(_COMMANDS, (__version__, MAX_COMMANDS)).fetchall())
    return {"hints": pools, "commands": commands}


def write(root: str, url: str, project: str, content: dict[str, Any]) -> None:
    """Replace the cache atomically: a reader sees the old file or the new, never half."""
    file = path(root)
    data = {
        "format": FORMAT,
        "source": _source(url),
        "project": project,
        "time": time.time(),
        **content,
    }
    replace_file(file, json.dumps(data, ensure_ascii=False, separators=(",", ":")))


def refresh(conn: Conn, root: str, url: str, project: str) -> None:
    """Rewrite the cache from the server's history; raises the driver's errors or OSError."""
    from .sqlitefile import make_folder

    make_folder(os.path.join(root, STATE_DIR))
    write(root, url, project, fetch(conn))


def refresh_in_background(root: str, url: str) -> bool:
    """Start a detached process that rewrites the cache, unless one is at it; whether one
    started. The caller never waits: its child connects, reads, writes and exits."""
    if not hasattr(os, "fork"):
        return False  # Windows: the run that records refreshes it
    from .sqlitefile import make_folder

    lock = os.path.join(root, STATE_DIR, LOCK)
    try:
        make_folder(os.path.join(root, STATE_DIR))
        if time.time() - os.stat(lock).st_mtime < LOCK_STALE:
            return False
        os.remove(lock)
    except OSError:
        pass
    try:
        os.close(os.open(lock, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o644))
    except OSError:
        return False  # another reader started one first, or there is no folder to write
    import sys

    for stream in (sys.stdout, sys.stderr):
        stream.flush()
    try:
        pid = os.fork()
    except OSError:
        os.remove(lock)
        return False
    if pid:
        return True
    try:  # the child: its own session, no terminal, never back into the caller's code
        os.setsid()
        null = os.open(os.devnull, os.O_RDWR)
        for fd in (0, 1, 2):
            os.dup2(null, fd)
        _refresh_now(root, url)
    finally:
        try:
            os.remove(lock)
        finally:
            os._exit(0)
    return True  # pragma: no cover - the child never gets here


def _refresh_now(root: str, url: str) -> None:
    from . import pg
    from .project import project_id

    project = project_id(root)
    conn = pg.connect(url, project)
    try:
        refresh(conn, root, url, project)
    finally:
        conn.close()
