"""What a run costs in a project with history: the hints before it, its record after.

Both happen on every ``errlearn run`` once a project has history, so they read
through indexes only, load no more of errlearn than they need, never wait for
the disk, and the history stays bounded.
"""

from __future__ import annotations

import contextlib
import os
import re
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from history_helpers import as_of, count, error, opened, run

import pytest_errlearn
from pytest_errlearn.history import record as record_module
from pytest_errlearn.history import store
from pytest_errlearn.history.schema import VERSION


def _history(root: Path, runs: int = 30) -> None:
    """Failing and passing runs of a few commands, fixes shown, tests and all."""
    with opened(root) as history:
        for i in range(runs):
            test = f"tests/test_a.py::t{i % 3}"
            errors = [
                error(f"{i % 5:016x}", test=test, fix="pip install requests"),
                error(f"{i % 7:016x}", message=f"boom {i % 7}"),
            ]
            command = ("npm test", "cargo build", "pytest tests")[i % 3]
            run(
                history,
                *errors,
                command=command,
                exit_code=int(i % 4 != 3),
                passed=(f"tests/test_a.py::t{(i + 1) % 3}",),
            )


def _scans(path: Path, statements: list[str]) -> list[str]:
    """The statements whose plan reads a whole table (or a whole index of it)."""
    with contextlib.closing(sqlite3.connect(path)) as conn:
        tables = {n for (n,) in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        found = []
        for sql in statements:
            if not re.match(r"\s*(SELECT|UPDATE|DELETE|INSERT INTO \w+ [^V]*SELECT)", sql, re.I):
                continue
            plan = [row[3] for row in conn.execute(f"EXPLAIN QUERY PLAN {sql}")]
            if any(m and m[1] in tables for m in (re.match(r"SCAN (\w+)", p) for p in plan)):
                found.append(f"{sql}  ->  {plan}")
    return found


def test_a_run_s_hints_and_record_read_through_indexes_never_a_whole_table(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(record_module, "MAX_RUNS", 10)
    monkeypatch.setattr(record_module, "PRUNE_EVERY", 8)
    _history(tmp_path, runs=31)  # the next run, the 32nd, prunes
    statements: list[str] = []
    with opened(tmp_path) as history:
        history._conn.set_trace_callback(statements.append)
        assert history.hints("npm test --ci")
        run(
            history,
            error("0" * 16, test="tests/test_a.py::t1", fix="pip install requests"),
            command="npm test",
            passed=("tests/test_a.py::t2",),
        )
        run(history, command="npm test", exit_code=0)
    assert len(statements) > 20
    assert _scans(tmp_path / ".errlearn" / "history.sqlite3", statements) == []


_PROBE = """
import sys
before = set(sys.modules)
from pytest_errlearn.history import History
from pytest_errlearn.report import Report
history = History.open(sys.argv[1], create=False)
assert not history.hints(sys.argv[2])
history.record(Report(), source="run", command=sys.argv[2], exit_code=0)
history.close()
print(" ".join(sorted(set(sys.modules) - before)))
"""


def _loaded(root: Path, command: str) -> set[str]:
    """The modules a fresh interpreter loads (beyond its own start-up's) to read the hints
    of ``command`` and record a clean pass of it, as ``errlearn run`` does. Without
    ``site`` (``-S``), whose finder of an editable install loads ``re`` first."""
    package = Path(pytest_errlearn.__file__).parent.parent
    done = subprocess.run(
        [sys.executable, "-S", "-c", _PROBE, str(root), command],
        capture_output=True,
        text=True,
        check=True,
        env={**os.environ, "PYTHONPATH": str(package)},
    )
    return set(done.stdout.split())


def test_a_command_line_met_before_is_hinted_and_recorded_without_reading_it_again(
    tmp_path: Path,
) -> None:
    _history(tmp_path)
    first = _loaded(tmp_path, "true")
    assert "pytest_errlearn.detect.commandline" in first  # read once, the first time,
    assert "pytest_errlearn.detect.formats" not in first  # from programs.json
    loaded = _loaded(tmp_path, "true")
    assert not loaded & {
        "pytest_errlearn.detect.formats",
        "pytest_errlearn.detect.commandline",
        "pytest_errlearn.detect.commandkind",
        "pytest_errlearn.detect.programs",
    }
    # ... nor what only errors need, nor sqlite3's date adapters
    assert not loaded & {
        "pytest_errlearn.detect.signature",
        "pytest_errlearn.history.rows",
        "pytest_errlearn.history.outcomes",  # no fix shown nor settled: no outcome,
        "pytest_errlearn.history.tree",  # nor the code's state asked for
        "datetime",
        "re",  # a short run's start-up pays for it, and a clean pass has no text to read
    }


def test_the_key_filed_by_another_errlearn_is_worked_out_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with opened(tmp_path) as history:
        run(history, error(), command="npm test --ci")
        history._conn.execute("UPDATE command_keys SET key = 'stale', version = 'old'")
        assert [h.key for h in history.hints("npm test --ci")] == ["npm test"]


def test_the_history_never_waits_for_the_disk(tmp_path: Path) -> None:
    (tmp_path / "h.sqlite3").touch()
    with contextlib.closing(store.connect(str(tmp_path / "h.sqlite3"))) as conn:
        assert conn.execute("PRAGMA synchronous").fetchone()[0] == 0  # OFF


def test_a_history_of_huge_failing_runs_keeps_at_most_max_errors_rows(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(record_module, "MAX_ERRORS", 40)
    monkeypatch.setattr(record_module, "PRUNE_EVERY", 4)
    with opened(tmp_path) as history:
        for i in range(40):
            run(history, *(error(f"{i:08x}{j:08x}") for j in range(10)))
        assert count(history, "runs") <= 8  # 4 runs of 10 kept, and the 4 since a pruning
        assert count(history, "errors") <= 40 + 4 * 10
        assert history.hints("npm test", limit=1)[0].times == 1


def test_outcomes_and_command_keys_go_with_the_runs_pruned(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(record_module, "MAX_RUNS", 8)
    monkeypatch.setattr(record_module, "PRUNE_EVERY", 8)
    with opened(tmp_path) as history:
        clock = iter(range(1000))
        history.clock = lambda: float(next(clock))
        for i in range(4):  # a fix shown, then settled after a change, for four commands
            run(history, error(fix="pip install requests"), command=f"make t{i}")
            (tmp_path / "app.py").write_text("pass\n" * (i + 1))
            run(history, command=f"make t{i}", exit_code=0)
        assert count(history, "outcomes") == 4 and count(history, "command_keys") == 4
        for _ in range(8):
            run(history, command="make all", exit_code=0)
        assert count(history, "outcomes") == 0
        assert count(history, "command_keys") == 1


def test_an_old_history_is_upgraded_with_its_runs_and_hints_kept(tmp_path: Path) -> None:
    _history(tmp_path)
    path = tmp_path / ".errlearn" / "history.sqlite3"
    with opened(tmp_path) as history:
        before = history.hints("npm test")
    as_of(path, 3)  # a file from before command_keys
    with opened(tmp_path) as history:
        assert history.hints("npm test") == before
        assert count(history, "runs") == 30
        run(history, command="npm test", exit_code=0)
    with contextlib.closing(sqlite3.connect(path)) as conn:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == VERSION
        assert conn.execute("SELECT key FROM command_keys").fetchall() == [("npm test",)]


def test_an_upgrade_drops_the_outcomes_counted_per_test_and_keeps_what_still_fails(
    tmp_path: Path,
) -> None:
    path = tmp_path / ".errlearn" / "history.sqlite3"
    a, c = "a" * 16, "c" * 16
    with opened(tmp_path) as history:
        run(history, error(a, test="t.py::a", fix="pip install requests"), error(c, test="t.py::c"))
    as_of(path, 4)  # before the code's state was recorded
    with contextlib.closing(sqlite3.connect(path, isolation_level=None)) as conn:
        conn.execute(  # what an errlearn of then counted for an unchanged rerun
            "INSERT INTO outcomes (pattern, subject, signature, shown, result, decided)"
            " SELECT pattern, subject, signature, shown, 'failed', shown FROM outcomes"
        )
        conn.execute("UPDATE streaks SET signature = 'd' WHERE signature = ?", (c,))  # then D
    with opened(tmp_path) as history:
        assert [(s.worked, s.failed) for s in history.pattern_stats()] == [(0, 0)]
        assert count(history, "outcomes") == 1  # the fix shown, still open
        assert [x.signature for x in history.candidates()] == [c]  # not passed since
        run(history, error(a, test="t.py::a", fix="pip install requests"))
