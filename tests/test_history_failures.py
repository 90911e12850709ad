"""The ``failures`` table: each command key's failures, counted as runs are recorded
and pruned, so that the hints before a command read a few rows, not every error
the key ever had. It must say what the error rows say."""

from __future__ import annotations

import contextlib
import random
import sqlite3
from pathlib import Path

import pytest
from history_helpers import as_of, error, opened, run

from pytest_errlearn.history import record as record_module

# What the hints read before the table: every failing error row of the key, grouped.
FROM_ERRORS = (
    "SELECT e.signature, COUNT(*), MAX(e.id), r.command FROM runs r"
    " JOIN errors e ON e.run_id = r.id WHERE r.key = ? AND e.passing = 0"
    " GROUP BY e.signature ORDER BY MAX(e.id) DESC"
)
FROM_TABLE = (
    "SELECT signature, times, last_error, command FROM failures WHERE key = ?"
    " ORDER BY last_error DESC"
)
COMMANDS = ("npm test", "npm test -- --shard 2", "cargo build", "make -k all", "pytest tests")


def _agree(path: Path) -> None:
    with contextlib.closing(sqlite3.connect(path)) as conn:
        keys = [k for (k,) in conn.execute("SELECT DISTINCT key FROM runs")]
        assert keys
        for key in keys:
            assert (
                conn.execute(FROM_TABLE, (key,)).fetchall()
                == conn.execute(FROM_ERRORS, (key,)).fetchall()
            )
        assert not conn.execute(  # no count left for a key with no runs
            "SELECT 1 FROM failures WHERE key NOT IN (SELECT key FROM runs)"
        ).fetchall()


def _record_at_random(root: Path, runs: int, seed: int) -> None:
    rng = random.Random(seed)
    with opened(root) as history:
        for _ in range(runs):
            errors = [
                error(
                    f"{rng.randrange(12):016x}",
                    message=f"error {rng.randrange(3)}",
                    test=rng.choice([None, None, f"tests/test_x.py::t{rng.randrange(4)}"]),
                )
                for _ in range(rng.randrange(5))
            ]
            run(
                history,
                *errors,
                command=rng.choice(COMMANDS),
                exit_code=rng.choice([0, 1, 1, 2]),
                passed=tuple(f"tests/test_x.py::t{i}" for i in range(4) if rng.random() < 0.3),
            )


@pytest.mark.parametrize("seed", range(4))
def test_the_counts_say_what_the_error_rows_say_as_runs_come_and_go(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, seed: int
) -> None:
    monkeypatch.setattr(record_module, "MAX_RUNS", 12)
    monkeypatch.setattr(record_module, "PRUNE_EVERY", 4)
    _record_at_random(tmp_path, 60, seed)  # pruned a dozen times over
    _agree(tmp_path / ".errlearn" / "history.sqlite3")


def test_a_history_from_before_the_table_gets_it_filled_from_its_errors(tmp_path: Path) -> None:
    _record_at_random(tmp_path, 40, seed=9)
    path = tmp_path / ".errlearn" / "history.sqlite3"
    as_of(path, 1)  # a file from before the failures table
    with opened(tmp_path) as history:
        assert [h.signature for h in history.hints("npm test", limit=50)]
    _agree(path)


def test_hints_read_the_newest_failures_of_the_key_and_leave_out_noise(tmp_path: Path) -> None:
    with opened(tmp_path) as history:
        run(history, error("a" * 16), command="npm test")
        run(history, error("b" * 16), error("a" * 16), command="npm test")
        run(history, error("c" * 16), command="cargo build")
        run(history, error("n" * 16), command="npm test")
        run(history, error("n" * 16), command="npm test", exit_code=0)  # seen passing: noise
        hints = history.hints("npm test", limit=5)
    assert [(h.signature[0], h.times) for h in hints] == [("a", 2), ("b", 1)]
