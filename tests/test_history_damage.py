"""A history that is damaged or cannot be used: every command says so once, in one
line, keeps what was recorded, and a backup that could not be made fails."""

from __future__ import annotations

import contextlib
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from errlearn_wrapper.cli import main
from history_helpers import error, opened, run

from pytest_errlearn.history import History, store
from pytest_errlearn.history.schema import VERSION
from pytest_errlearn.history.sqlitefile import quarantine

FAIL = "echo 'error: the flux capacitor is misaligned' >&2; exit 3"


def project(tmp_path: Path) -> Path:
    (tmp_path / "pyproject.toml").write_text("[project]\nname = 'p'\n")
    return tmp_path / ".errlearn" / "history.sqlite3"


def errlearn(root: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("ERRLEARN_")}
    return subprocess.run(
        [sys.executable, "-m", "errlearn_wrapper", *args],
        cwd=root,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )


def damaged_at_the_end(root: Path) -> Path:
    """A history whose last pages (messages no hint of ``make`` reads) are garbage."""
    path = project(root)
    with opened(root) as history:
        for i in range(40):
            run(history, error(f"{i:016x}", message=f"boom {i} " + "x" * 800))
    data = bytearray(path.read_bytes())
    data[-8192:] = b"\x13" * 8192
    path.write_bytes(bytes(data))
    return path


def test_a_run_without_hints_says_it_moved_a_corrupt_history_aside(tmp_path: Path) -> None:
    path = project(tmp_path)
    path.parent.mkdir()
    path.write_text("CORRUPT\n")
    done = errlearn(tmp_path, "run", "--no-hints", "--", "sh", "-c", FAIL)
    assert done.returncode == 3
    assert done.stderr.count("was corrupt; moved it to history.sqlite3.corrupt-") == 1
    assert [p.read_text() for p in path.parent.glob("*.corrupt-*")] == ["CORRUPT\n"]


def test_a_second_corruption_in_the_same_second_keeps_the_first_file_moved_aside(
    tmp_path: Path,
) -> None:
    path = tmp_path / "history.sqlite3"
    moved = []
    for text in ("first", "second"):
        path.write_text(text)
        moved.append(quarantine(str(path), 1e9))
    assert [Path(m).read_text() for m in moved] == ["first", "second"]


def test_the_history_is_off_warning_is_printed_once_per_run(tmp_path: Path) -> None:
    path = project(tmp_path)
    opened(tmp_path).close()
    with contextlib.closing(sqlite3.connect(path)) as conn:
        conn.execute(f"PRAGMA user_version = {VERSION + 1}")
    done = errlearn(tmp_path, "run", "--", "sh", "-c", FAIL)
    assert done.returncode == 3
    assert done.stderr.count("history is off") == 1


def test_an_export_of_a_history_that_cannot_be_read_is_one_line_and_status_2(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    path = project(tmp_path)
    opened(tmp_path).close()

    def refused(path: str) -> sqlite3.Connection:  # what a file mode 000 gives
        raise sqlite3.OperationalError("unable to open database file")

    monkeypatch.setattr(store, "connect", refused)
    monkeypatch.chdir(tmp_path)
    assert main(["history", "export"]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    reason = f"cannot read {path} (unable to open database file)"
    assert err == f"errlearn: error: history export failed: {reason}\n"


def test_an_export_from_a_server_that_cannot_be_reached_is_one_line_and_status_2(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    project(tmp_path)
    monkeypatch.chdir(tmp_path)
    assert main(["history", "export", "--url", "postgresql://u@127.0.0.1:1/db"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("errlearn: error: history export failed: ")
    assert err.count("\n") == 1
    assert "spool" not in err


def test_an_import_into_a_project_that_cannot_be_written_is_one_line_and_status_2(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    project(tmp_path)
    (tmp_path / ".errlearn").write_text("")  # the folder cannot be made
    (tmp_path / "h.jsonl").write_text("")
    monkeypatch.chdir(tmp_path)
    assert main(["history", "import", "h.jsonl"]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"errlearn: error: history import failed: cannot write {tmp_path}")
    assert err.count("\n") == 1


def test_an_export_that_meets_damage_moves_the_file_aside_and_fails_in_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = damaged_at_the_end(tmp_path)
    monkeypatch.chdir(tmp_path)
    assert main(["history", "export", "-o", str(tmp_path / "h.jsonl")]) == 2
    err = capsys.readouterr().err
    assert err.startswith("errlearn: error: history export failed: ")
    assert "was corrupt; moved it to history.sqlite3.corrupt-" in err
    assert err.count("\n") == 1
    assert len(list(path.parent.glob("*.corrupt-*"))) == 1
    assert main(["history", "export", "-o", str(tmp_path / "h.jsonl")]) == 0  # afresh


def test_hints_find_damage_their_lookup_never_reaches_and_say_so_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = damaged_at_the_end(tmp_path)
    monkeypatch.chdir(tmp_path)
    assert main(["hints", "--", "make"]) == 0
    err = capsys.readouterr().err
    assert err.count("was corrupt; moved it to history.sqlite3.corrupt-") == 1
    assert len(list(path.parent.glob("*.corrupt-*"))) == 1
    history = History.open(tmp_path, create=False, warn=pytest.fail)
    assert history is not None
    history.close()


def test_wal_files_left_read_only_are_writable_again_with_the_database(tmp_path: Path) -> None:
    path = project(tmp_path)
    opened(tmp_path).close()
    with contextlib.closing(sqlite3.connect(path)) as holder:
        holder.execute("SELECT 1 FROM runs").fetchall()  # keeps the -shm there
        shm = Path(f"{path}-shm")
        shm.chmod(0o444)  # as SQLite made it while the database was read-only
        with opened(tmp_path) as history:
            run(history, error())
        assert shm.stat().st_mode & 0o200


def test_an_export_that_fails_leaves_the_earlier_backup_as_it_was(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    damaged_at_the_end(tmp_path)
    monkeypatch.chdir(tmp_path)
    backup = tmp_path / "h.jsonl"
    backup.write_text('{"kind": "earlier backup"}\n')
    assert main(["history", "export", "-o", str(backup)]) == 2
    assert backup.read_text() == '{"kind": "earlier backup"}\n'
    assert sorted(p.name for p in tmp_path.glob("h.jsonl*")) == ["h.jsonl"]  # no temporary left


ENTRY = [sys.executable, "-c", "from errlearn_wrapper.cli import entry; entry()"]  # the script's


def a_long_history(root: Path) -> None:
    """More to export than a pipe holds (64 KiB): a reader that leaves early is seen."""
    project(root)
    with opened(root) as history:
        for i in range(120):
            run(history, error(f"{i:016x}", message=f"boom {i} " + "x" * 800))


def test_an_export_whose_reader_leaves_early_ends_well(tmp_path: Path) -> None:
    a_long_history(tmp_path)
    export = subprocess.Popen(
        [*ENTRY, "history", "export"],
        cwd=tmp_path,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert export.stdout is not None and export.stderr is not None
    assert export.stdout.read(1) == b"{"  # then gone, as `| head -c 1` is
    export.stdout.close()
    assert (export.wait(timeout=60), export.stderr.read()) == (0, b"")


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full")
def test_an_export_to_a_full_stdout_says_so_in_one_line(tmp_path: Path) -> None:
    a_long_history(tmp_path)
    with open("/dev/full", "w") as dev_full:
        done = subprocess.run(
            [*ENTRY, "history", "export"],
            cwd=tmp_path,
            stdout=dev_full,
            stderr=subprocess.PIPE,
            text=True,
            timeout=60,
        )
    assert (done.returncode, done.stderr) == (
        2,
        "errlearn: error: cannot write the output: No space left on device\n",
    )
