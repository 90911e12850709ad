r"""Schema migration tools and SQL model builders: Flyway, Liquibase, Alembic
and dbt, where they report a database's error inside their own. (The SQL
clients: ``sql.py``; Prisma's migrations: ``prisma.py``; Django's, Rails' and
the Node ORMs' migrations fail as their language's exceptions do.)

Flyway names the migration that failed, then a ruled table of what the driver
said: ``ERROR: Migration V2__add_orders.sql failed``, a line of dashes,
``SQL State  : 42P01``, ``Error Code : 0``, ``Message    : ERROR: relation
"users" does not exist``, ``Location   : db/migration/V2__add_orders.sql
(/abs/path)``, ``Line       : 3``, ``Statement  : ...`` (its lines following).
The command line says ``ERROR: Migration of schema "public" to version "2 -
add orders" failed! ...`` above it; an application (Spring Boot) throws it as
``FlywaySqlScriptException: Migration V2__add_orders.sql failed`` (or
``FlywayMigrateException:`` with the name on the next line).

Liquibase 4 lists the exception it failed of (``ERROR: Exception Details``,
then ``ERROR: Exception Primary Class:``, ``... Primary Reason:``, ``...
Primary Source:``), then ``Unexpected error running Liquibase: Migration failed
for changeset db/changelog.xml::2::dev:`` and, indented, ``Reason:
liquibase.exception.DatabaseException: ERROR: ... [Failed SQL: ...]``.

Alembic logs a command's failure (``ERROR [alembic.util.messaging] Can't locate
revision identified by 'ae1027a6acf'``) and prints it again: ``FAILED: Can't
locate revision ...`` (indented by two spaces before 1.0): a line of ninja's
shape, and of other test harnesses' summaries (``  FAILED:     1 Tests``),
read as Alembic's only under its logged line.

dbt reports each node that failed under its kind and path (``Database Error in
model orders (models/orders.sql)``, ``Failure in test not_null_orders_id
(models/schema.yml)``), the database's message indented below, then
``compiled Code at target/run/...``; an error outside any node is ``Database
Error`` alone, its message indented below. dbt 1.0 and later begin each line
with the time (``12:03:40  ``).
"""

from __future__ import annotations

from ...report import Error
from ..reader import Reader, diagnosed
from . import Format, regex, said_in
from .sql import db_said, sqlstate_category

ORDER = 40  # before java.py's rows, which would take a Flyway exception's line as any exception's
COMMANDS = {
    "flyway": "flyway",
    "liquibase": "liquibase",
    "alembic": "alembic",
    "dbt": "dbt",
}
BUILDS: dict[str, frozenset[str] | None] = {
    "flyway": frozenset({"migrate", "validate", "repair", "baseline"}),
    "liquibase": frozenset({"update", "update-sql", "validate", "rollback"}),
    "alembic": frozenset({"upgrade", "downgrade", "stamp", "check"}),
    "dbt": frozenset({"run", "build", "test", "seed", "snapshot", "compile", "deps"}),
}


class FlywayFailed(Reader):
    """Under Flyway's migration that failed: the line naming it (where the header
    named the schema, or was an exception's name), the ruled table of the
    driver's error, the statement's lines, a ``Caused by:`` that repeats the
    table, and the stack under it. ``Message`` ends the error's message,
    ``Location`` (its path before the absolute one) and ``Line`` are its
    place, the ``SQL State`` its code and, where the state tells, its category."""

    frames_wanted = False
    _NAMED = regex(
        r"^(?:ERROR: |Caused by: )?(?:[\w$.]+Exception: )?(?P<name>Migration \S+ failed)$"
    )
    _FIELD = regex(
        r"^(?P<key>SQL State|Error Code|Message|Location|Line|Statement)\s*: ?(?P<value>.*)$"
    )

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.state: str | None = None
        self.said: str | None = None  # the Message field

    def accept(self, line: str) -> bool:
        if not line.strip():
            return not self.blanks
        if (named := self._NAMED.match(line)) is not None:
            if self.said is None:
                self.err.message = named["name"]
            return True
        if (field := self._FIELD.match(line)) is not None:
            self._read(field["key"], field["value"].strip())
            return True
        if line.startswith(("\tat ", "    at ", "\t... ")) or line.lstrip().startswith("---"):
            return True
        return (not self.blanks and line[:1].isspace()) or self._in_statement(line)

    def _in_statement(self, line: str) -> bool:
        """A statement's own line (not indented, ``)``), before any blank."""
        return not self.blanks and self.said is not None and not diagnosed(line)

    def _read(self, key: str, value: str) -> None:
        err = self.err
        if key == "Message" and self.said is None and value:
            self.said = value
            err.message = f"{err.message.rstrip(': ')}: {value}"
        elif key == "SQL State" and value != "null":
            self.state = err.code = value
        elif key == "Location" and value and err.file is None:
            err.file = value.split(" (", 1)[0]
        elif key == "Line" and value.isdigit() and err.line is None:
            err.line = int(value)

    def category(self) -> str | None:
        return sqlstate_category(self.state) or db_said(self.said or self.err.message)


class LiquibaseFailed(Reader):
    """Under Liquibase's ``ERROR: Exception Details`` or ``Unexpected error running
    Liquibase:``: the exception's lines (its ``Primary Reason`` the message),
    the ``Unexpected error`` that follows, and its indented ``Reason:`` (the
    message where no ``Primary Reason`` said it)."""

    frames_wanted = False
    _REASON = regex(
        r"^(?:ERROR: Exception Primary Reason:\s+|\s+Reason: (?:[\w.]+Exception: )?)(?P<why>.+)$"
    )

    _LAST = "Unexpected error running Liquibase: "

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.why: str | None = None
        err.message = err.message.removeprefix(self._LAST)

    def accept(self, line: str) -> bool:
        if not line.strip():
            return not self.blanks
        if (reason := self._REASON.match(line)) is not None:
            if self.why is None:
                self.why = reason["why"].strip()
                head = self.err.message.rstrip(": ")
                self.err.message = (
                    self.why if head == "Exception Details" else f"{head}: {self.why}"
                )
            return True
        return line.startswith(("ERROR: Exception ", "Unexpected error running Liquibase:")) or (
            not self.blanks and line[:1].isspace()
        )

    def category(self) -> str | None:
        return db_said(self.why or self.err.message)


class AlembicFailed(Reader):
    """Under Alembic's logged failure: the ``FAILED:`` line that repeats it
    (indented before Alembic 1.0)."""

    frames_wanted = False

    def accept(self, line: str) -> bool:
        return self.count == 0 and line.lstrip(" ").startswith("FAILED: ")

    def category(self) -> str | None:
        return db_said(self.err.message)


_DBT_KINDS = (
    ("assertion", regex(r"^(?:\S+  )?Failure in ")),
    ("build", regex(r"^(?:\S+  )?Compilation Error")),
    ("config", regex(r"^(?:\S+  )?Parsing Error")),
    ("dependency", regex(r"^(?:\S+  )?Dependency Error")),
)


class DbtError(Reader):
    """Under dbt's ``Database Error in model x (models/x.sql)``: the lines indented
    below it (after the time dbt begins each line with), up to ``compiled Code
    at``. The first (``syntax error at or near "1"``, ``Got 3 results,
    configured to fail if != 0``) is the message; under a bare ``Database Error``,
    the first two, where the first ends in ``:``. An error's kind says its
    category where the message's words do not (a test's failure, a Jinja
    error); a header with nothing indented below it is no dbt error."""

    frames_wanted = False
    _TIME = regex(r"^\d\d:\d\d:\d\d(?:\.\d+)?  ?(?:\| )?")
    _SKIP = regex(r"^(?:LINE \d+:|\^|compiled (?:Code|SQL) at )")

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.said: list[str] = []
        self.valid = False  # until an indented line follows
        self.over = False  # its compiled code's path was read: the block's last line

    def accept(self, line: str) -> bool:
        body = self._TIME.sub("", line, count=1)
        if self.over or not body.strip() or not body[:1].isspace():
            return False
        self.valid = True
        text = body.strip()
        self.over = text.startswith(("compiled Code at ", "compiled SQL at "))
        if not self._SKIP.match(text) and (not self.said or self.said[-1].endswith(":")):
            self.said.append(text)
        return True

    def finish(self) -> None:
        said = " ".join(self.said[:2])
        if said:
            head = self._TIME.sub("", self.err.message, count=1).strip()
            self.err.message = f"{head}: {said}" if " in " not in head else said
        super().finish()

    def category(self) -> str | None:
        return db_said(self.err.message) or said_in(_DBT_KINDS, self.err.text)


READERS = {
    "flyway": FlywayFailed,
    "liquibase": LiquibaseFailed,
    "alembic": AlembicFailed,
    "dbt": DbtError,
}

ROWS = (
    Format(  # the migration that failed (or the schema whose migration did), or the exception
        # whose next line names it
        "flyway-migration-failed",
        r"^(?:(?:ERROR: |Caused by: )?(?:[\w$.]*[.$]Flyway\w*Exception: )?"
        r"(?P<msg>Migration (?:of schema .+ failed!.*|\S+ failed))|"
        r"(?:Caused by: )?[\w$.]*[.$]Flyway\w*Exception:\s*)$",
        tool="flyway",
        block="flyway",
        rank=2,
        examples=(
            "ERROR: Migration V2__add_orders.sql failed",
            'ERROR: Migration of schema "public" to version "2 - add orders" failed! Changes '
            "successfully rolled back.",
            "Caused by: org.flywaydb.core.internal.sqlscript.FlywaySqlScriptException: Migration "
            "V2__add_orders.sql failed",
            "org.flywaydb.core.internal.command.DbMigrate$FlywayMigrateException: ",
        ),
    ),
    Format(  # Liquibase 4's exception it failed of, or (before, and after it) its last word
        "liquibase-failed",
        r"^(?:ERROR: (?P<msg>Exception Details)|Unexpected error running Liquibase: .+)$",
        tool="liquibase",
        block="liquibase",
        rank=2,
        examples=(
            "ERROR: Exception Details",
            "Unexpected error running Liquibase: Migration failed for changeset "
            "db/changelog.xml::2::dev:",
        ),
    ),
    Format(  # Alembic's command that failed, as logged (its "FAILED:" line is read under it)
        "alembic-failed",
        r"^ERROR \[alembic\.util\.messaging\] (?P<msg>.+)$",
        tool="alembic",
        block="alembic",
        rank=2,
        examples=(
            "ERROR [alembic.util.messaging] Can't locate revision identified by 'ae1027a6acf'",
            "ERROR [alembic.util.messaging] Target database is not up to date.",
        ),
    ),
    Format(  # dbt: a node that failed (its kind, name and path), or an error outside any node
        "dbt-error",
        r"^(?:\d\d:\d\d:\d\d(?:\.\d+)?  ?(?:\| )?)?(?P<msg>(?:(?:Database|Compilation|Runtime|"
        r"Parsing|Dependency) Error(?= in |\s*$)|Failure(?= in ))(?: in (?:model|test|seed|"
        r"snapshot|macro|analysis|operation|sql_operation|unit_test|exposure|source) \S+"
        r"(?: \((?P<file>[^)]+)\))?)?)\s*$",
        tool="dbt",
        block="dbt",
        rank=2,
        words=("Database Error", "Failure in "),
        examples=(
            "Database Error in model orders (models/orders.sql)",
            "12:03:40  Failure in test not_null_orders_id (models/schema.yml)",
            "Database Error",
        ),
    ),
)
