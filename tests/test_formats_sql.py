"""SQL clients and schema migration tools: psql and pg_dump, the mysql client,
the sqlite3 shell, Flyway, Liquibase, Prisma, Alembic and dbt.

The outputs of psql (PostgreSQL 15), the mariadb client, sqlite3 (3.40) and
Alembic (1.13) are real runs on small scripts of ours; Flyway's, Liquibase's,
Prisma's and dbt's lines are in the shapes their documentation and their
error messages print, with neutral names.
"""

from __future__ import annotations

from test_detect import scan


def test_a_psql_script_error_points_at_the_file_and_line_and_reads_the_caret_under_it() -> None:
    report = scan(
        """
        psql:/tmp/pg.sql:4: ERROR:  relation "orders" does not exist
        LINE 2:   FROM orders;
                       ^
        psql:/tmp/pg.sql:5: ERROR:  syntax error at or near "TABLEE"
        LINE 1: CREATE TABLEE items (id integer);
                       ^
        psql:/tmp/pg.sql:6: ERROR:  duplicate key value violates unique constraint "users_email_key"
        DETAIL:  Key (email)=(a@example.com) already exists.
        """,
        "psql",
    )
    assert [(e.tool, e.file, e.line, e.category, e.span) for e in report.errors[:2]] == [
        ("psql", "/tmp/pg.sql", 4, "reference", (1, 3)),
        ("psql", "/tmp/pg.sql", 5, "syntax", (4, 6)),
    ]
    assert report.errors[0].message == 'relation "orders" does not exist'
    assert report.errors[2].span == (7, 8)  # its DETAIL is its own


def test_psql_that_cannot_reach_the_server_is_a_network_error_with_its_question_under_it() -> None:
    report = scan(
        """
        psql: error: connection to server at "127.0.0.1", port 5499 failed: Connection refused
        \tIs the server running on that host and accepting TCP/IP connections?
        """
    )
    (err,) = report.errors
    assert (err.tool, err.category, err.span) == ("psql", "network", (1, 2))
    assert err.message.startswith('connection to server at "127.0.0.1", port 5499 failed')


def test_a_password_psql_was_refused_is_a_configuration_error_not_an_unreachable_server() -> None:
    (err,) = scan(
        'psql: error: connection to server at "127.0.0.1", port 5432 failed: FATAL:  password '
        'authentication failed for user "postgres"\n'
    ).errors
    assert (err.tool, err.category) == ("psql", "config")


def test_pg_dump_says_what_failed_and_its_detail_line_ends_the_message() -> None:
    report = scan(
        """
        pg_dump: error: aborting because of server version mismatch
        pg_dump: detail: server version: 16.1; pg_dump version: 15.5
        """
    )
    (err,) = report.errors
    assert err.tool == "pg_dump"
    assert err.message == (
        "aborting because of server version mismatch (server version: 16.1; pg_dump version: 15.5)"
    )
    assert err.category == "config"


def test_the_mysql_clients_error_number_says_its_category() -> None:
    report = scan(
        """
        ERROR 2002 (HY000): Can't connect to local server through socket '/tmp/none.sock' (2)
        """
    )
    (err,) = report.errors
    assert (err.tool, err.code, err.category) == ("mysql", "2002", "network")


def test_a_mysql_syntax_error_in_a_sourced_file_names_the_file_and_joins_its_quoted_lines() -> None:
    report = scan(
        "ERROR 1064 (42000) at line 2 in file: 'db/schema.sql': You have an error in your SQL "
        "syntax; check the manual that corresponds to your MySQL server version for the right "
        "syntax to use near 'TABLEE users (\n  id int\n)' at line 1\n"
    )
    (err,) = report.errors
    assert (err.file, err.line, err.code, err.category, err.span) == (
        "db/schema.sql",
        2,
        "1064",
        "syntax",
        (1, 3),
    )
    assert err.message.endswith("near 'TABLEE users ( id int )' at line 1")


def test_the_sqlite3_shell_names_the_scripts_line_and_its_error_mark_is_the_errors() -> None:
    report = scan(
        """
        Parse error near line 3: no such table: orders
        Parse error near line 4: near "TABLEE": syntax error
          CREATE TABLEE items (id INTEGER);
                 ^--- error here
        Runtime error near line 5: UNIQUE constraint failed: users.email (19)
        """
    )
    assert [(e.tool, e.line, e.category, e.span) for e in report.errors[:2]] == [
        ("sqlite3", 3, "reference", (1, 1)),
        ("sqlite3", 4, "syntax", (2, 4)),
    ]
    assert report.errors[2].message == "UNIQUE constraint failed: users.email (19)"


def test_a_flyway_migration_that_failed_takes_the_drivers_message_place_and_sqlstate() -> None:
    report = scan(
        """
        ERROR: Migration of schema "public" to version "2 - add orders" failed! Rolled back.
        ERROR: Migration V2__add_orders.sql failed
        ------------------------------------------
        SQL State  : 42P01
        Error Code : 0
        Message    : ERROR: relation "customers" does not exist
          Position: 58
        Location   : db/migration/V2__add_orders.sql (/home/user/db/migration/V2__add_orders.sql)
        Line       : 1
        Statement  : CREATE TABLE orders (id int, customer_id int REFERENCES customers(id)
        )
        """,
        "flyway",
    )
    (err,) = report.errors
    assert err.message == (
        'Migration V2__add_orders.sql failed: ERROR: relation "customers" does not exist'
    )
    assert (err.tool, err.file, err.line, err.code) == (
        "flyway",
        "db/migration/V2__add_orders.sql",
        1,
        "42P01",
    )
    assert (err.category, err.span) == ("reference", (1, 11))


def test_a_flyway_exception_whose_next_line_names_the_migration_is_flyways_not_javas() -> None:
    report = scan(
        """
        org.flywaydb.core.internal.command.DbMigrate$FlywayMigrateException:
        Migration V3__index.sql failed
        ------------------------------
        SQL State  : 42601
        Error Code : 0
        Message    : ERROR: syntax error at or near "INDEXX"
        Location   : db/migration/V3__index.sql (/home/user/app/db/migration/V3__index.sql)
        Line       : 1
        Statement  : CREATE INDEXX orders_customer ON orders (customer_id)

        \tat org.flywaydb.core.internal.command.DbMigrate.doMigrateGroup(DbMigrate.java:380)
        """
    )
    (err,) = report.errors
    assert (err.tool, err.category, err.file) == ("flyway", "syntax", "db/migration/V3__index.sql")


def test_liquibases_exception_details_are_one_error_whose_message_is_the_primary_reason() -> None:
    report = scan(
        """
        ERROR: Exception Details
        ERROR: Exception Primary Class:  PSQLException
        ERROR: Exception Primary Reason:  ERROR: relation "orders" already exists
        ERROR: Exception Primary Source:  PostgreSQL 15.5

        Unexpected error running Liquibase: Migration failed for changeset db/changelog.xml::2::dev:
             Reason: liquibase.exception.DatabaseException: ERROR: relation "orders" already exists
        """,
        "liquibase",
    )
    (err,) = report.errors
    assert (err.tool, err.message, err.span) == (
        "liquibase",
        'ERROR: relation "orders" already exists',
        (1, 7),
    )


def test_a_prisma_code_alone_takes_its_message_from_the_paragraph_below_and_its_category() -> None:
    report = scan(
        """
        Prisma schema loaded from prisma/schema.prisma
        Datasource "db": PostgreSQL database "app", schema "public" at "db.example.com:5432"

        Error: P1001

        Can't reach database server at `db.example.com:5432`

        Please make sure your database server is running at `db.example.com:5432`.
        """,
        "prisma",
    )
    (err,) = report.errors
    assert (err.tool, err.code, err.category) == ("prisma", "P1001", "network")
    assert err.message == "Can't reach database server at `db.example.com:5432`"


def test_a_prisma_migration_that_did_not_apply_names_the_database_error_inside_it() -> None:
    report = scan(
        """
        Error: P3018

        A migration failed to apply. New migrations cannot be applied before the error is recovered

        Migration name: 20240101000000_add_orders

        Database error code: 42P01

        Database error:
        ERROR: relation "customers" does not exist
        """,
        "prisma",
    )
    (err,) = report.errors
    assert err.code == "P3018"
    assert err.message.endswith(': ERROR: relation "customers" does not exist')
    assert err.category == "reference"


def test_alembics_logged_failure_and_its_failed_line_are_one_configuration_error() -> None:
    report = scan(
        """
        INFO  [alembic.runtime.migration] Context impl SQLiteImpl.
        INFO  [alembic.runtime.migration] Will assume non-transactional DDL.
        ERROR [alembic.util.messaging] Can't locate revision identified by 'ae1027a6acf'
        FAILED: Can't locate revision identified by 'ae1027a6acf'
        """,
        "alembic",
    )
    (err,) = report.errors
    assert (err.tool, err.category, err.span) == ("alembic", "config", (3, 4))
    assert err.message == "Can't locate revision identified by 'ae1027a6acf'"


def test_a_dbt_model_that_failed_names_its_file_and_the_databases_message() -> None:
    report = scan(
        """
        12:03:30  1 of 2 ERROR creating sql view model dev.orders ............ [ERROR in 0.05s]
        12:03:30
        12:03:30  Completed with 1 error and 0 warnings:
        12:03:30
        12:03:30  Database Error in model orders (models/orders.sql)
        12:03:30    syntax error at or near "from"
        12:03:30    LINE 3:   from raw.orders
        12:03:30              ^
        12:03:30    compiled Code at target/run/shop/models/orders.sql
        12:03:30
        12:03:30  Done. PASS=1 WARN=0 ERROR=1 SKIP=0 TOTAL=2
        """,
        "dbt",
    )
    err = report.primary
    assert err is not None
    assert (err.tool, err.file, err.category) == ("dbt", "models/orders.sql", "syntax")
    assert err.message == 'syntax error at or near "from"'


def test_a_dbt_test_failure_is_an_assertion() -> None:
    report = scan(
        """
        Failure in test not_null_orders_id (models/schema.yml)
          Got 3 results, configured to fail if != 0

          compiled Code at target/compiled/shop/models/schema.yml/not_null_orders_id.sql
        """,
        "dbt",
    )
    (err,) = report.errors
    assert (err.file, err.category, err.message) == (
        "models/schema.yml",
        "assertion",
        "Got 3 results, configured to fail if != 0",
    )
