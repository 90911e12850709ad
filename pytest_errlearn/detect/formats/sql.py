r"""SQL clients: psql and PostgreSQL's other client programs (pg_dump, pg_restore,
createdb, ...), the mysql / mariadb client, and the sqlite3 shell. (Schema
migration tools, which print the database's errors inside their own, are
``migrations.py``'s, Prisma's ``prisma.py``'s.)

PostgreSQL's client programs name themselves first. A script run by psql
(``psql -f schema.sql``, ``psql < dump.sql``) names the file and the line of
the statement that failed, then the server's severity, two spaces and the
message: ``psql:schema.sql:12: ERROR:  relation "users" does not exist``
(``<stdin>`` for a script read from its input). The server's further fields
follow, unprefixed: ``LINE 3: ...`` with a caret under the place, ``DETAIL:``,
``HINT:``, ``CONTEXT:``. A program that fails of its own says ``error:``
(PostgreSQL 12 and later: ``psql: error: connection to server on socket
"/var/run/postgresql/.s.PGSQL.5432" failed: No such file or directory``, the
question "Is the server running ...?" indented under it; ``pg_dump: error:``
with ``pg_dump: detail:`` below); before 12 it said what went wrong at once
(``psql: could not connect to server: Connection refused``, ``psql: FATAL:
password authentication failed for user "app"``, ``pg_dump: aborting because
of server version mismatch``).

The mysql client says ``ERROR``, the error's number, the SQLSTATE in
parentheses, and (reading a script) the line of the statement and the file
that ``source`` read: ``ERROR 1064 (42000) at line 3 in file: 'schema.sql':
You have an error in your SQL syntax; ... near 'x' at line 1``. The quoted
text may run over lines of its own, up to its ``' at line N``.

The sqlite3 shell, reading a script, says where the statement stood: ``Parse
error near line 4: no such table: users`` (3.33 and later; before,
``Error: near line 4: ...``), the statement and ``^--- error here`` indented
below it (3.44 and later).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ...report import Error
from ..dbwords import REFUSED
from ..reader import Reader
from . import Format, regex, said_in

_PG_PROGRAMS = (
    "psql",
    "pg_dump",
    "pg_dumpall",
    "pg_restore",
    "pg_basebackup",
    "pg_isready",
    "pg_upgrade",
    "createdb",
    "createuser",
    "dropdb",
    "dropuser",
    "vacuumdb",
    "reindexdb",
)
COMMANDS = {
    **{name: name for name in _PG_PROGRAMS},
    **dict.fromkeys(("mysql", "mariadb"), "mysql"),
    "sqlite3": "sqlite3",
}

# What a database's words say its failure is (the migration tools' too): the
# credentials or the server's setup wrong (its refusals as the classifier reads
# them too: ``dbwords``), the server out of reach, the SQL not read, a name it
# does not know. Else: as any error's words.
DB_SAYS: Sequence[tuple[str, re.Pattern[str]]] = (
    (
        "config",
        regex(
            REFUSED + r"|server version mismatch|Can't locate revision|"
            r"[Mm]ultiple head revisions|Target database is not up to date"
        ),
    ),
    (
        "network",
        regex(
            r"could not connect to server|connection to server (?:on socket|at) .+ failed: "
            r"(?!FATAL)|Connection refused|Can't connect to (?:local )?(?:MySQL |MariaDB )?server|"
            r"Can't reach database server|Unknown (?:MySQL )?server host|could not translate host "
            r"name|timeout expired|server closed the connection|"
            r"Lost connection to (?:MySQL )?server"
        ),
    ),
    ("syntax", regex(r"[Ss]yntax error|error in your SQL syntax|unterminated quoted")),
    (
        "reference",
        regex(
            r"(?:relation|column|table|function|schema|type) \"[^\"]+\" does not exist|"
            r"\bdoes not exist\b|doesn't exist|no such (?:table|column|function)|Unknown column"
        ),
    ),
)

# The SQLSTATE classes and codes that say as much (the standard's, PostgreSQL's
# and MySQL's): a connection exception, credentials, a syntax error, a name
# undefined, a database that is not there.
_SQLSTATE = (
    ("network", regex(r"^08")),
    ("config", regex(r"^(?:28|3D000)")),
    ("syntax", regex(r"^42601$")),
    ("reference", regex(r"^(?:42P01|42703|42883|42704|3F000|42S02|42S22|42S12)$")),
)


def sqlstate_category(state: str | None) -> str | None:
    """The category a SQLSTATE says, where its class or code tells; else None."""
    return None if not state else said_in(_SQLSTATE, state)


def db_said(message: str) -> str | None:
    """The category a database's message says in its words (``DB_SAYS``); else None."""
    return said_in(DB_SAYS, message)


class PostgresError(Reader):
    """Under a PostgreSQL client's error: the server's further fields (``LINE 3:``
    and the caret under it, ``DETAIL:``, ``HINT:``, ``CONTEXT:``, ``QUERY:``),
    the lines the client indents under it ("Is the server running locally
    ..."), and its own ``detail:`` / ``hint:`` lines, whose detail ends the
    message (``server version: 16.2; pg_dump version: 15.4``)."""

    frames_wanted = False
    _FIELD = regex(r"^(?:LINE \d+: |(?:DETAIL|HINT|CONTEXT|QUERY|WHERE|STATEMENT):  )")
    _OWN = regex(
        r"^(?:psql|pg_\w+|createdb|createuser|dropdb|dropuser|\w+db): "
        r"(?P<what>detail|hint): (?P<text>.+)$"
    )

    def accept(self, line: str) -> bool:
        if not line.strip() or self.blanks:
            return False
        if (own := self._OWN.match(line)) is not None:
            if own["what"] == "detail":
                self.err.message = f"{self.err.message} ({own['text'].strip()})"
            return True
        if line[:1].isspace():  # a caret, an indented question or field
            return True
        return self._FIELD.match(line) is not None

    def category(self) -> str | None:
        return db_said(self.err.message)


_MYSQL_CODES = (
    ("config", regex(r"^(?:1044|1045|1049|1698|1251)$")),
    ("network", regex(r"^(?:2002|2003|2005|2006|2013|2026)$")),
    ("syntax", regex(r"^1064$")),
    ("reference", regex(r"^(?:1054|1146|1305|1109)$")),
)


class MysqlError(Reader):
    """Under the mysql client's ``ERROR 1064 (42000) ...: ... near '...`` whose quoted
    text runs over lines of its own: those lines, up to the one that ends it
    (``' at line 11``), joined into the message. The error's number says its
    category, where it tells."""

    frames_wanted = False
    _END = regex(r"' at line \d+\s*$")
    _MORE = 8  # lines of quoted text, at most

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        said = err.message.rstrip()
        self.open = " near '" in said and self._END.search(said) is None

    def accept(self, line: str) -> bool:
        if not self.open or self.count >= self._MORE:
            return False
        if self._END.search(line) is not None:
            self.open = False
        self.err.message = f"{self.err.message.rstrip()} {line.strip()}"
        return True

    def category(self) -> str | None:
        return said_in(_MYSQL_CODES, self.err.code or "") or db_said(self.err.message)


class SqliteError(Reader):
    """Under the sqlite3 shell's error: the statement and the mark under the place
    (``  SELECT * FROM users;`` / ``                ^--- error here``), indented."""

    frames_wanted = False
    _LINES = 2

    def accept(self, line: str) -> bool:
        return self.count < self._LINES and line[:1].isspace() and bool(line.strip())

    def category(self) -> str | None:
        return db_said(self.err.message)


READERS = {"pgerror": PostgresError, "mysqlerror": MysqlError, "sqliteerror": SqliteError}

ROWS = (
    Format(  # psql running a script (the file and the statement's line), or a client program's own
        "postgres-client",
        r"^(?:(?P<tool>" + "|".join(_PG_PROGRAMS) + r"):"
        r"(?:(?P<file>(?:[A-Za-z]:)?[^:\s][^:]*?):(?P<line>\d+):)? "
        r"(?:(?:error|ERROR|FATAL|PANIC):\s+(?:(?:ERROR|FATAL):\s+)?|"
        r"(?=(?:could not |FATAL: |aborting |\[archiver)))|(?:ERROR|FATAL|PANIC):  (?=\S))"
        r"(?P<msg>.+)$",
        tool="psql",
        block="pgerror",
        rank=2,
        words=("could not",),
        examples=(
            'psql:db/schema.sql:12: ERROR:  relation "users" does not exist',
            'psql:<stdin>:3: ERROR:  syntax error at or near "TABLEE"',
            'psql: error: connection to server on socket "/var/run/postgresql/.s.PGSQL.5432" '
            "failed: No such file or directory",
            "psql: could not connect to server: Connection refused",
            'psql: FATAL:  password authentication failed for user "app"',
            "pg_dump: error: aborting because of server version mismatch",
            "pg_dump: aborting because of server version mismatch",
            'ERROR:  column "emial" does not exist',
        ),
    ),
    Format(  # the mysql / mariadb client: the error's number, its SQLSTATE, where in the script
        "mysql-client",
        r"^ERROR (?P<code>\d{4}) \([0-9A-Z]{5}\)"
        r"(?: at line (?P<line>\d+)(?: in file: '(?P<file>[^']+)')?)?: (?P<msg>.+)$",
        tool="mysql",
        block="mysqlerror",
        rank=2,
        examples=(
            "ERROR 1045 (28000): Access denied for user 'app'@'localhost' (using password: YES)",
            "ERROR 1146 (42S02) at line 4: Table 'shop.orders' doesn't exist",
            "ERROR 1064 (42000) at line 2 in file: 'db/schema.sql': You have an error in your SQL "
            "syntax; check the manual that corresponds to your MySQL server version for the right "
            "syntax to use near 'TABLEE users' at line 1",
        ),
    ),
    Format(  # the sqlite3 shell reading a script: where the statement stood
        "sqlite3-shell",
        r"^(?:(?:(?:Parse|Runtime) error|Error:) near line (?P<line>\d+): |"
        r"Error: in (?:prepare|step), )(?P<msg>.+)$",
        tool="sqlite3",
        block="sqliteerror",
        rank=2,
        examples=(
            "Parse error near line 4: no such table: users",
            'Error: near line 2: near "TABLEE": syntax error',
            "Runtime error near line 7: UNIQUE constraint failed: users.email (19)",
            "Error: in prepare, no such table: orders",
        ),
    ),
)
