"""PostgreSQL for the history: a connection that the SQLite code can use as is.

``record``, ``queries`` and ``outcomes`` are written against ``sqlite3``'s
connection: ``execute(sql, params)`` with ``?`` placeholders, ``executemany``,
and ``BEGIN IMMEDIATE`` / ``COMMIT`` / ``ROLLBACK`` as statements. ``PgConn``
gives a psycopg 3 connection (in autocommit mode) the same face: placeholders
become ``%s``, an upsert's conflict target gains the ``project`` column every
unique key leads with (``schema_pg``), ``BEGIN IMMEDIATE`` also takes the
project's advisory lock (so a project's writers take turns, as SQLite's do,
and the reads deciding a repeat or an outcome see every run before), and the
parameters are made storable (booleans as the integers the columns hold; NUL,
which PostgreSQL text cannot hold, and unpaired surrogates replaced).

psycopg is imported only here, only when a history URL is set: the SQLite path
never loads it. It is the ``postgres`` extra; without it, the history is off
with one line naming the extra.
"""

from __future__ import annotations

import contextlib
import re

from .schema import VERSION, TooNew
from .schema_pg import MIGRATION_LOCK, PG_MIGRATIONS

TYPE_CHECKING = False  # mypy reads it as True: typing loads where it is used, not here
if TYPE_CHECKING:
    from collections.abc import Iterable, Sequence
    from typing import Any

    import psycopg

CONNECT_TIMEOUT = 2  # seconds to reach the server, once per run: then it is off for the run
STATEMENT_TIMEOUT_MS = 10_000  # a statement (a writer's wait for its turn too) at most
WRITE_LOCK = MIGRATION_LOCK + 1  # the advisory lock class of a project's writers
MISSING = "history is off: a PostgreSQL history needs psycopg: pip install 'errlearn[postgres]'"

_PASSWORD_IN_URL = re.compile(r"(://[^/:@?#]*:)[^@/?#]*@")
_PASSWORD_PARAM = re.compile(r"(password\s*=\s*)('(?:[^'\\]|\\.)*'|[^\s&]*)", re.IGNORECASE)


class Refused(Exception):
    """The server cannot be used as it is (the message says why, in one line)."""


def safe_url(url: str) -> str:
    """``url`` with its password masked: what may be printed."""
    return _PASSWORD_PARAM.sub(r"\1***", _PASSWORD_IN_URL.sub(r"\1***@", url))


def is_url(value: str) -> bool:
    return value.startswith(("postgresql://", "postgres://"))


def one_line(exc: BaseException, url: str = "") -> str:
    """An error as one line, with no password in it."""
    text = " ".join(str(exc).split()) or type(exc).__name__
    password = _password(url)
    if password:
        text = text.replace(password, "***")
    return safe_url(text)


def _password(url: str) -> str | None:
    if not url:
        return None
    try:
        from psycopg.conninfo import conninfo_to_dict

        value = conninfo_to_dict(url).get("password")
    except Exception:  # a URL psycopg cannot read has no password to hide from it
        return None
    return str(value) if value else None


def driver_errors() -> tuple[type[BaseException], ...]:
    """What a PostgreSQL history's reads and writes may raise."""
    import psycopg

    return (psycopg.Error, Refused)


_SQL: dict[str, str] = {}


def translate(sql: str) -> str:
    """A statement written for sqlite3, as psycopg takes it."""
    found = _SQL.get(sql)
    if found is None:
        found = sql.replace("%", "%%").replace("?", "%s")
        found = found.replace("ON CONFLICT (", "ON CONFLICT (project, ")
        _SQL[sql] = found
    return found


def _storable(value: Any) -> Any:
    if isinstance(value, bool):
        return int(value)
    if isinstance(value, str):
        if "\x00" in value:
            value = value.replace("\x00", "\ufffd")
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            value = value.encode("utf-8", "replace").decode("utf-8")
    return value


def _params(params: Sequence[Any]) -> tuple[Any, ...]:
    return tuple(_storable(v) for v in params)


class PgConn:
    """A psycopg connection with the face of the ``sqlite3`` one the history code uses."""

    dialect = "postgres"

    def __init__(self, raw: psycopg.Connection[Any], project: str, url: str) -> None:
        self.raw = raw
        self.project = project
        self.url = url
        # A write transaction's statements are sent in pipeline mode: those whose
        # answer is not read at once wait for the next that is, so a record takes a
        # round-trip per read, not per statement.
        self._pipe: contextlib.AbstractContextManager[Any] | None = None

    def execute(self, sql: str, params: Sequence[Any] = ()) -> psycopg.Cursor[Any]:
        if sql == "BEGIN IMMEDIATE":
            self._pipe = self.raw.pipeline()
            self._pipe.__enter__()
            self.raw.execute("BEGIN")
            return self.raw.execute(
                "SELECT pg_advisory_xact_lock(%s, hashtext(%s))", (WRITE_LOCK, self.project)
            )
        if sql in ("COMMIT", "ROLLBACK"):
            return self._end(sql)
        return self.raw.execute(translate(sql), _params(params))

    def _end(self, sql: str) -> psycopg.Cursor[Any]:
        """End a transaction and its pipeline: what it queued is sent, and an error
        raised. A rollback leaves the connection out of any transaction, even after
        an error the pipeline had not read yet."""
        pipe, self._pipe = self._pipe, None
        if pipe is None:
            return self.raw.execute(sql)
        if sql == "COMMIT":
            cursor = self.raw.execute(sql)
            pipe.__exit__(None, None, None)  # sends, waits, raises what failed
            return cursor
        with contextlib.suppress(Exception):  # the first error is the one reported
            self.raw.execute(sql)
            pipe.__exit__(None, None, None)
        from psycopg.pq import TransactionStatus

        if self.raw.info.transaction_status != TransactionStatus.IDLE:
            with contextlib.suppress(Exception):
                self.raw.execute("ROLLBACK")
        return self.raw.cursor()

    def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        rows = [_params(r) for r in rows]
        if rows:
            with self.raw.cursor() as cur:
                cur.executemany(translate(sql), rows)

    def close(self) -> None:
        self.raw.close()


def connect(url: str, project: str) -> PgConn:
    """A connection to the history at ``url``, scoped to ``project``, its schema up to date.

    Raises ImportError without psycopg, ``Refused`` for a role that row security
    would not scope, ``TooNew`` for a schema from a newer errlearn, and psycopg's
    errors for the rest (no server, bad credentials, no privileges).
    """
    import psycopg
    from psycopg.conninfo import conninfo_to_dict

    given = conninfo_to_dict(url).get("connect_timeout")
    try:
        timeout = min(int(str(given)), CONNECT_TIMEOUT) if given else CONNECT_TIMEOUT
    except ValueError:
        timeout = CONNECT_TIMEOUT
    raw = psycopg.connect(
        url,
        autocommit=True,
        connect_timeout=max(timeout, 1),
        application_name="errlearn",
    )
    try:
        bypass = raw.execute(
            "SELECT set_config('errlearn.project', %s, false),"
            " set_config('statement_timeout', %s, false),"
            " (SELECT rolsuper OR rolbypassrls FROM pg_roles WHERE rolname = current_user)",
            (project, str(STATEMENT_TIMEOUT_MS)),
        ).fetchone()
        if bypass is not None and bypass[2]:
            raise Refused(
                "the role is a superuser or bypasses row security, which would mix"
                " the projects' histories: connect as an ordinary role (docs/learning.md)"
            )
        migrate(raw)
    except BaseException:
        raw.close()
        raise
    return PgConn(raw, project, url)


def schema_version(raw: psycopg.Connection[Any]) -> int | None:
    """How many migrations the database has had; None before the first."""
    import psycopg

    try:
        row = raw.execute("SELECT max(version) FROM schema_version").fetchone()
    except psycopg.errors.UndefinedTable:
        return None
    return None if row is None or row[0] is None else int(row[0])


def migrate(raw: psycopg.Connection[Any]) -> None:
    """Apply the migrations the database has not had, once however many clients start
    together: under an advisory lock, in one transaction (DDL is transactional here)."""
    version = schema_version(raw)
    if version == VERSION:
        return  # the usual case: no lock, no DDL (an application role may not make any)
    if version is not None and version > VERSION:
        raise TooNew(f"schema {version}, this errlearn knows {VERSION}")
    with raw.transaction():
        raw.execute("SELECT pg_advisory_xact_lock(%s, 0)", (MIGRATION_LOCK,))
        raw.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
        row = raw.execute("SELECT max(version) FROM schema_version").fetchone()
        version = int(row[0]) if row and row[0] is not None else 0
        if version > VERSION:
            raise TooNew(f"schema {version}, this errlearn knows {VERSION}")
        for statements in PG_MIGRATIONS[version:]:
            for statement in statements:
                raw.execute(statement)
        if version < VERSION:
            raw.execute("DELETE FROM schema_version")
            raw.execute("INSERT INTO schema_version (version) VALUES (%s)", (VERSION,))
