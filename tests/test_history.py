"""The history store: its folder, safety under concurrency and damage, remember()."""

from __future__ import annotations

import multiprocessing
import os
import sqlite3
import stat
from pathlib import Path

import pytest
from history_helpers import count, error, opened, report, run

from pytest_errlearn.history import History, remember, store
from pytest_errlearn.history import record as record_module
from pytest_errlearn.history.schema import VERSION

# -- the folder and the file -------------------------------------------------


def test_the_folder_is_made_like_pytest_cache(tmp_path: Path) -> None:
    opened(tmp_path).close()
    folder = tmp_path / ".errlearn"
    assert (folder / ".gitignore").read_text().splitlines()[-1] == "*"
    tag = (folder / "CACHEDIR.TAG").read_text()
    assert tag.startswith("Signature: 8a477f597d28d172789f06886806bc55\n")
    assert (folder / "history.sqlite3").is_file()
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".errlearn-tmp")]


def test_the_database_uses_wal_and_the_current_schema(tmp_path: Path) -> None:
    opened(tmp_path).close()
    conn = sqlite3.connect(tmp_path / ".errlearn" / "history.sqlite3")
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert conn.execute("PRAGMA user_version").fetchone()[0] == VERSION


def test_readers_do_not_create_a_history(tmp_path: Path) -> None:
    assert History.open(tmp_path, create=False, warn=pytest.fail) is None
    assert not (tmp_path / ".errlearn").exists()


def _record_many(root: str, worker: int, n: int) -> None:
    history = History.open(Path(root))
    assert history is not None
    with history:
        for i in range(n):
            run(
                history,
                error(f"{worker:04x}{i:012x}", test=f"t{worker}::{i}"),
                command=f"pytest -k w{worker}",
            )


def test_several_processes_recording_at_once_lose_nothing(tmp_path: Path) -> None:
    ctx = multiprocessing.get_context("spawn")
    procs = [ctx.Process(target=_record_many, args=(str(tmp_path), w, 15)) for w in range(4)]
    for p in procs:
        p.start()
    for p in procs:
        p.join(60)
        assert p.exitcode == 0
    history = opened(tmp_path)
    assert count(history, "runs") == 60
    assert count(history, "errors") == 60


def test_a_corrupt_database_is_moved_aside_with_a_note_and_a_fresh_one_made(
    tmp_path: Path,
) -> None:
    folder = tmp_path / ".errlearn"
    folder.mkdir()
    (folder / "history.sqlite3").write_bytes(b"this is not sqlite\x00" * 500)
    notes: list[str] = []
    history = History.open(tmp_path, warn=notes.append)
    assert history is not None
    assert len(notes) == 1
    assert "corrupt" in notes[0]
    moved = list(folder.glob("history.sqlite3.corrupt-*"))
    assert len(moved) == 1
    assert moved[0].read_bytes().startswith(b"this is not sqlite")
    with history:
        run(history, error())
        assert history.hints("npm test")


def test_a_database_damaged_inside_is_replaced_at_the_first_query_that_trips(
    tmp_path: Path,
) -> None:
    with opened(tmp_path) as history:
        for i in range(50):
            run(history, error(f"{i:016x}", message=f"boom {i} " + "x" * 500))
    path = tmp_path / ".errlearn" / "history.sqlite3"
    data = bytearray(path.read_bytes())
    data[8192:] = b"\x13" * (len(data) - 8192)  # the header survives, the tables do not
    path.write_bytes(bytes(data))
    notes: list[str] = []
    history = History.open(tmp_path, warn=notes.append)
    assert history is not None
    with history:
        assert history.hints("npm test") == []
        assert len(notes) == 1
        assert "was corrupt; moved it to history.sqlite3.corrupt-" in notes[0]
        run(history, error())
        assert count(history, "runs") == 1


def test_a_folder_that_cannot_be_made_turns_history_off_with_one_warning(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    notes: list[str] = []
    assert History.open(blocker / "project", warn=notes.append) is None
    assert len(notes) == 1
    assert notes[0].startswith("history is off: cannot write")


def test_by_default_the_warning_is_one_line_on_stderr(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    assert History.open(blocker) is None
    err = capsys.readouterr().err
    assert err.startswith("errlearn: warning: history is off: cannot write")
    assert err.count("\n") == 1


def test_a_read_only_directory_turns_history_off_with_one_warning(tmp_path: Path) -> None:
    tmp_path.chmod(stat.S_IRUSR | stat.S_IXUSR)
    try:
        if os.access(tmp_path, os.W_OK):
            pytest.skip("running as root: permissions are not enforced")
        notes: list[str] = []
        assert History.open(tmp_path, warn=notes.append) is None
        assert len(notes) == 1
    finally:
        tmp_path.chmod(stat.S_IRWXU)


def test_a_database_that_cannot_be_opened_turns_history_off_with_one_warning(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def refuse(path: Path) -> sqlite3.Connection:
        raise sqlite3.OperationalError("unable to open database file")

    monkeypatch.setattr(store, "connect", refuse)
    notes: list[str] = []
    assert History.open(tmp_path, warn=notes.append) is None
    assert notes == [
        f"history is off: cannot write {tmp_path / '.errlearn'} (unable to open database file)"
    ]


def test_a_database_from_a_newer_errlearn_is_left_alone(tmp_path: Path) -> None:
    opened(tmp_path).close()
    path = tmp_path / ".errlearn" / "history.sqlite3"
    sqlite3.connect(path).execute("PRAGMA user_version = 99")
    notes: list[str] = []
    assert History.open(tmp_path, warn=notes.append) is None
    assert "newer errlearn" in notes[0]
    assert sqlite3.connect(path).execute("PRAGMA user_version").fetchone()[0] == 99


def test_a_database_failing_mid_run_is_one_warning_and_never_an_exception(tmp_path: Path) -> None:
    notes: list[str] = []
    history = History.open(tmp_path, warn=notes.append)
    assert history is not None
    history._conn.close()  # every later statement fails
    run(history, error())
    run(history, error())
    assert history.hints("npm test") == []
    assert len(notes) == 1
    assert notes[0].startswith("history not updated:")


def test_old_runs_are_pruned(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(record_module, "MAX_RUNS", 10)
    monkeypatch.setattr(record_module, "PRUNE_EVERY", 5)
    with opened(tmp_path) as history:
        for _ in range(30):
            run(history, error())
        assert count(history, "runs") <= 15
        assert count(history, "errors") == count(history, "runs")


def test_the_default_warning_is_said_once_per_process(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    assert History.open(blocker / "p") is None  # e.g. the hints before a run
    assert History.open(blocker / "p") is None  # and recording it after
    assert capsys.readouterr().err.count("\n") == 1


# -- remember(): the one call for front ends ------------------------------------


def test_remember_records_with_the_projects_repeat_setting(tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text("[tool.errlearn]\nrepeat = 2\n")
    reports = [report(error()) for _ in range(2)]
    for rep in reports:
        remember(
            rep, source="pytest", command="pytest", exit_code=1, start=tmp_path, warn=pytest.fail
        )
    assert reports[1].errors[0].notes == ["failing the same way for 2 runs"]


def test_remember_does_nothing_when_history_is_off(tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text("[tool.errlearn]\nhistory = false\n")
    remember(
        report(error()), source="run", command="make", exit_code=2, start=tmp_path, warn=pytest.fail
    )
    assert not (tmp_path / ".errlearn").exists()


def test_remember_makes_no_history_for_a_clean_pass(tmp_path: Path) -> None:
    (tmp_path / ".git").mkdir()
    remember(report(), source="run", command="make", exit_code=0, start=tmp_path, warn=pytest.fail)
    assert not (tmp_path / ".errlearn").exists()
    remember(report(error()), source="run", command="make", exit_code=2, start=tmp_path)
    remember(report(), source="run", command="make", exit_code=0, start=tmp_path)
    with opened(tmp_path) as history:
        assert count(history, "runs") == 2


def test_remember_with_broken_settings_is_one_warning(tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text("[tool.errlearn\n")
    notes: list[str] = []
    remember(
        report(error()),
        source="run",
        command="make",
        exit_code=2,
        start=tmp_path,
        warn=notes.append,
    )
    assert len(notes) == 1
    assert notes[0].startswith("history not updated: ")


def test_a_broken_pyproject_that_does_not_name_errlearn_is_not_errlearns_to_judge(
    tmp_path: Path,
) -> None:
    """pip and pytest report their own broken pyproject.toml; errlearn records as usual."""
    (tmp_path / "pyproject.toml").write_text("[project\nname = 'p'\n")
    remember(
        report(error()), source="run", command="make", exit_code=2, start=tmp_path, warn=pytest.fail
    )
    with opened(tmp_path) as history:
        assert count(history, "runs") == 1


def test_a_new_file_a_writer_holds_in_rollback_mode_is_waited_for(tmp_path: Path) -> None:
    """Switching a new file to WAL while another process writes to it fails at once,
    without the busy handler; opening the history waits as a busy timeout would."""
    import threading

    folder = tmp_path / ".errlearn"
    folder.mkdir()
    holder = sqlite3.connect(
        folder / "history.sqlite3", isolation_level=None, check_same_thread=False
    )
    holder.execute("CREATE TABLE held (a)")
    holder.execute("BEGIN IMMEDIATE")
    holder.execute("INSERT INTO held VALUES (1)")
    threading.Timer(0.3, holder.close).start()  # closing ends the transaction
    history = History.open(tmp_path, warn=pytest.fail)
    assert history is not None
    history.close()
