"""The history database's tables, and bringing an older file up to date.

``PRAGMA user_version`` says how many of ``MIGRATIONS`` a file has had; each
migration is a list of statements run in one transaction, so a file is never
left half migrated and two processes opening a new file do not both migrate.
Add a migration at the end; never edit one that has shipped.
"""

from __future__ import annotations

import contextlib

from .db import sqlite3

MIGRATIONS: tuple[tuple[str, ...], ...] = (
    (
        # One row per test session or `errlearn run`.
        """CREATE TABLE runs (
            id INTEGER PRIMARY KEY,
            time REAL NOT NULL,
            source TEXT NOT NULL,          -- "run", "pytest" or "hook"
            command TEXT NOT NULL,         -- redacted
            key TEXT NOT NULL,             -- commands.command_key: "npm test"
            tool TEXT,
            exit_code INTEGER NOT NULL
        )""",
        "CREATE INDEX runs_key ON runs (key, id)",
        # One row per error of a run. `subject` is what passes or fails: the
        # test id, else the command key. `passing`: the subject passed anyway.
        """CREATE TABLE errors (
            id INTEGER PRIMARY KEY,
            run_id INTEGER NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
            subject TEXT NOT NULL,
            signature TEXT NOT NULL,
            tool TEXT,
            category TEXT NOT NULL,
            message TEXT NOT NULL,         -- redacted, one line
            normal TEXT NOT NULL,          -- redacted, then signature.normalize
            example TEXT NOT NULL,         -- redacted lines of the error's block
            test TEXT,
            pattern TEXT,                  -- the matched pattern's id
            fix TEXT,                      -- the fix shown, redacted
            passing INTEGER NOT NULL
        )""",
        "CREATE INDEX errors_run ON errors (run_id)",
        "CREATE INDEX errors_signature ON errors (signature, passing)",
        "CREATE INDEX errors_pattern ON errors (pattern) WHERE pattern IS NOT NULL",
        # How many runs in a row a subject has failed with a signature.
        """CREATE TABLE streaks (
            subject TEXT NOT NULL,
            signature TEXT NOT NULL,
            runs INTEGER NOT NULL,
            PRIMARY KEY (subject, signature)
        ) WITHOUT ROWID""",
        # A fix shown for a failure; decided by the subject's next run.
        """CREATE TABLE outcomes (
            id INTEGER PRIMARY KEY,
            pattern TEXT NOT NULL,
            subject TEXT NOT NULL,
            signature TEXT NOT NULL,
            shown REAL NOT NULL,
            result TEXT,                   -- NULL pending, "worked", "failed"
            decided REAL
        )""",
        "CREATE INDEX outcomes_pending ON outcomes (subject) WHERE result IS NULL",
        "CREATE INDEX outcomes_pattern ON outcomes (pattern, result)",
        # Signatures `errlearn learn` has written a pattern for.
        """CREATE TABLE learned (
            signature TEXT PRIMARY KEY,
            pattern TEXT NOT NULL,
            fix TEXT NOT NULL,             -- as written, placeholders and all
            time REAL NOT NULL
        ) WITHOUT ROWID""",
    ),
    (
        # What each command key failed with: the hints before a command read this,
        # not every error row of the key, which grow with every run while this
        # holds one row per failure. Kept by every run's record and prune.
        """CREATE TABLE failures (
            key TEXT NOT NULL,
            signature TEXT NOT NULL,
            times INTEGER NOT NULL,        -- failing error rows of the key's runs
            last_error INTEGER NOT NULL,   -- errors.id of the newest of them
            command TEXT NOT NULL,         -- the command of that error's run
            PRIMARY KEY (key, signature)
        ) WITHOUT ROWID""",
        "CREATE INDEX failures_newest ON failures (key, last_error)",
        # The newest fix shown for a signature (each hint's), however often it recurred.
        "CREATE INDEX errors_fixed ON errors (signature, id) WHERE fix IS NOT NULL",
        # From the errors already recorded; MAX(e.id) picks the row r.command comes from.
        "INSERT INTO failures (key, signature, times, last_error, command)"
        " SELECT r.key, e.signature, COUNT(*), MAX(e.id), r.command"
        " FROM runs r JOIN errors e ON e.run_id = r.id"
        " WHERE e.passing = 0 GROUP BY r.key, e.signature",
    ),
    (
        # The templates of the lines the last passing runs of each command key
        # printed (``detect.baseline``): a failing run's lines among them are no
        # errors. Kept for BASELINE_RUNS runs a key, a bounded number each.
        """CREATE TABLE passing_lines (
            key TEXT NOT NULL,
            run_id INTEGER NOT NULL,
            template INTEGER NOT NULL,
            PRIMARY KEY (key, run_id, template)
        ) WITHOUT ROWID""",
    ),
    (
        # Each command line's key (and tool) as ``record`` worked it out: the hints
        # before a run, and its record after, look it up instead of loading the
        # format table ``command_key`` reads (most of a run's start-up). A row is
        # used only by the errlearn ``version`` that wrote it; pruned with its runs.
        """CREATE TABLE command_keys (
            command TEXT PRIMARY KEY,      -- redacted, as in runs
            key TEXT NOT NULL,
            tool TEXT,
            version TEXT NOT NULL,         -- the errlearn that worked the key out
            last_run INTEGER NOT NULL      -- runs.id of its newest run
        ) WITHOUT ROWID""",
        "CREATE INDEX command_keys_last ON command_keys (last_run)",
        # The outcomes of fixes shown before the oldest run kept go with it.
        "CREATE INDEX outcomes_shown ON outcomes (shown)",
    ),
    (
        # The state of the code when a run was recorded (``tree.fingerprint``), when
        # it was asked for (the run showed or settled a fix); a fix's outcome is
        # counted only across a change of it.
        "ALTER TABLE runs ADD COLUMN tree TEXT",
        # The state a pending fix was shown in; a decided outcome's, that it was decided in.
        "ALTER TABLE outcomes ADD COLUMN tree TEXT",
        # Outcomes decided before were counted per test, reruns of the same code
        # and all (``worked 2424 of 7196 times``): they say nothing, so they go.
        "DELETE FROM outcomes WHERE result IS NOT NULL",
        # A streak now stays, at 0 runs, when its subject fails some other way, and
        # goes only when it passes: ``errlearn learn`` lists the failures not passed
        # since. Those of the subjects that failed otherwise before are put back.
        "INSERT OR IGNORE INTO streaks (subject, signature, runs)"
        " SELECT DISTINCT e.subject, e.signature, 0 FROM errors e"
        " WHERE e.passing = 0 AND e.subject IN (SELECT subject FROM streaks)",
    ),
    (
        # Each run's own id, made by the client that recorded it: a run sent again
        # (from the spool of a run that could not reach the server, or by
        # ``errlearn history import``) is recognised and not recorded twice.
        "ALTER TABLE runs ADD COLUMN uid TEXT",
        "UPDATE runs SET uid = lower(hex(randomblob(16))) WHERE uid IS NULL",
        "CREATE UNIQUE INDEX runs_uid ON runs (uid)",
    ),
)
VERSION = len(MIGRATIONS)


class TooNew(Exception):
    """The file was written by a newer errlearn; this one leaves it alone."""


def migrate(conn: sqlite3.Connection) -> None:
    """Apply the migrations ``conn``'s file has not had yet."""
    if conn.execute("PRAGMA user_version").fetchone()[0] == VERSION:
        return
    conn.execute("BEGIN IMMEDIATE")
    try:
        version = conn.execute("PRAGMA user_version").fetchone()[0]
        if version > VERSION:
            raise TooNew(f"schema {version}, this errlearn knows {VERSION}")
        for statements in MIGRATIONS[version:]:
            for statement in statements:
                conn.execute(statement)
        conn.execute(f"PRAGMA user_version = {VERSION}")
        conn.execute("COMMIT")
    except BaseException:
        with contextlib.suppress(sqlite3.Error):  # the first error is the one to report
            conn.execute("ROLLBACK")
        raise
