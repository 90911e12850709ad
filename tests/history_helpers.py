"""What the history tests share: errors, reports, and a store to record them in."""

from __future__ import annotations

import contextlib
import re
import sqlite3
from pathlib import Path

import pytest

from pytest_errlearn.history import History
from pytest_errlearn.history.schema import MIGRATIONS
from pytest_errlearn.report import Error, Match, Report

SIG_A = "aaaaaaaaaaaa0001"
SIG_B = "bbbbbbbbbbbb0002"


def error(
    sig: str = SIG_A,
    *,
    test: str | None = None,
    fix: str | None = None,
    message: str = "ModuleNotFoundError: No module named 'requests'",
    rank: int = 1,
) -> Error:
    match = Match("py-missing-module", 0.9, "semantic", fix) if fix else None
    return Error(
        message=message,
        text=message,
        signature=sig,
        test=test,
        match=match,
        tool="pytest",
        category="dependency",
        rank=rank,
    )


def report(*errors: Error) -> Report:
    return Report(errors=list(errors), primary_index=0 if errors else None)


def opened(root: Path) -> History:
    history = History.open(root, warn=pytest.fail)
    assert history is not None
    return history


def run(
    history: History,
    *errors: Error,
    command: str = "npm test",
    exit_code: int = 1,
    passed: tuple[str, ...] = (),
    repeat: int = 3,
) -> Report:
    rep = report(*errors)
    history.record(
        rep, source="run", command=command, exit_code=exit_code, passed=passed, repeat=repeat
    )
    return rep


def count(history: History, table: str) -> int:
    if history.dialect == "postgres":  # the project's rows: row security scopes the count
        return int(history._conn.execute(f"SELECT COUNT(*) FROM {table}").fetchone()[0])
    with contextlib.closing(sqlite3.connect(history.path)) as conn:
        return int(conn.execute(f"SELECT COUNT(*) FROM {table}").fetchone()[0])


def as_of(path: Path, version: int) -> None:
    """Make the file at ``path`` what schema ``version`` left: the tables, indexes and
    columns of the migrations after it dropped (the rows of the tables it had are kept)."""
    with contextlib.closing(sqlite3.connect(path, isolation_level=None)) as conn:
        for statements in reversed(MIGRATIONS[version:]):
            for statement in reversed(statements):  # indexes before their tables
                if made := re.match(r"CREATE (?:UNIQUE )?(TABLE|INDEX) (\w+)", statement):
                    conn.execute(f"DROP {made[1]} {made[2]}")
                elif added := re.match(r"ALTER TABLE (\w+) ADD COLUMN (\w+)", statement):
                    conn.execute(f"ALTER TABLE {added[1]} DROP COLUMN {added[2]}")
        conn.execute(f"PRAGMA user_version = {version}")
