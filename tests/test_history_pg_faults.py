"""A PostgreSQL history's faults never fail the build: a server down, bad
credentials, a dropped connection, a role without privileges, a port that never
answers, many runners migrating at once. And what it is for: one server, many
projects, each seeing its own; a run that could not be sent is sent later, once."""

from __future__ import annotations

import multiprocessing
import socket
import sys
import threading
import time
from pathlib import Path

import pytest
from history_helpers import SIG_A, SIG_B, count, error, report

from pytest_errlearn.history import History, remember
from pytest_errlearn.history import remote as remote_module
from pytest_errlearn.history.schema import VERSION
from pytest_errlearn.history.spool import Spool


@pytest.fixture(autouse=True)
def fresh_process_state(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each test is a run of its own: no server remembered as down from another."""
    monkeypatch.setattr(remote_module, "_down", {})
    monkeypatch.delenv("ERRLEARN_HISTORY_URL", raising=False)
    monkeypatch.delenv("ERRLEARN_PROJECT", raising=False)


def project(root: Path, url: str, remote: str = "https://github.com/org/app.git") -> Path:
    (root / "pyproject.toml").write_text(f'[tool.errlearn]\nhistory = "{url}"\n')
    (root / ".git").mkdir()
    (root / ".git" / "config").write_text(f'[remote "origin"]\n\turl = {remote}\n')
    return root


def fail(root: Path, sig: str = SIG_A, notes: list[str] | None = None) -> None:
    warn = pytest.fail if notes is None else notes.append
    remember(report(error(sig)), source="run", command="make", exit_code=2, start=root, warn=warn)


def runs(root: Path, url: str) -> int:
    with History.open(root, url=url, warn=pytest.fail) as history:  # type: ignore[union-attr]
        return count(history, "runs")


def test_a_wrong_password_is_one_warning_without_it_and_the_run_is_sent_next_time(
    tmp_path: Path, pg_server: object, pg_url: str
) -> None:
    bad = pg_url.replace("errlearn-pw-1234", "wrong-pw-5678")
    root = project(tmp_path, bad)
    notes: list[str] = []
    started = time.monotonic()
    fail(root, notes=notes)
    assert time.monotonic() - started < 2.5
    assert len(notes) == 1
    assert "\n" not in notes[0]
    assert "password authentication failed" in notes[0]
    assert "wrong-pw-5678" not in notes[0]
    assert "errlearn:***@" in notes[0]
    assert len(Spool(str(root))) == 1
    project_file = root / "pyproject.toml"
    project_file.write_text(f'[tool.errlearn]\nhistory = "{pg_url}"\n')
    remote_module._down.clear()
    fail(root, SIG_B)
    assert len(Spool(str(root))) == 0
    assert runs(root, pg_url) == 2


def test_a_spooled_run_sent_twice_is_recorded_once(tmp_path: Path, pg_url: str) -> None:
    root = project(tmp_path, pg_url)
    spool = Spool(str(root))
    spool.save(
        report(error()),
        uid="u" * 32,
        now=1000.0,
        source="run",
        command="make",
        exit_code=2,
        passed=[],
        repeat=3,
        templates=[],
        tree=None,
    )
    copy = next(spool.entries())
    with History.open(root, url=pg_url, warn=pytest.fail) as history:  # type: ignore[union-attr]
        assert history.flush_spool() == 1
        again = {k: v for k, v in copy.data.items() if k not in ("errors", "time")}
        spool.save(report(error()), now=copy.data["time"], **again)  # the same run again
        assert history.flush_spool() == 0
        assert count(history, "runs") == 1


def test_a_server_stopped_mid_run_is_one_warning_and_the_run_waits_in_the_spool(
    tmp_path: Path,
) -> None:
    from pg_server import PgServer

    server = PgServer().start()
    try:
        url = server.url(server.database())
        root = project(tmp_path, url)
        notes: list[str] = []
        history = History.open(root, url=url, warn=notes.append)
        assert history is not None
        server.stop()  # the connection drops under the open history
        with history:
            history.record(report(error()), source="run", command="make", exit_code=2)
        assert len(notes) == 1
        assert "kept in .errlearn/spool" in notes[0]
        assert len(Spool(str(root))) == 1
        server.resume()
        remote_module._down.clear()
        fail(root, SIG_B)
        assert len(Spool(str(root))) == 0
        assert runs(root, url) == 2
    finally:
        server.close()


def test_a_role_that_may_only_read_never_fails_the_run(
    tmp_path: Path, pg_server: object, pg_url: str
) -> None:
    root = project(tmp_path, pg_url)
    fail(root)  # migrated and recorded by the owner
    admin = pg_server.admin  # type: ignore[attr-defined]
    db = pg_url.rsplit("/", 1)[1]
    admin(f"DROP ROLE IF EXISTS reader_{db}; CREATE ROLE reader_{db} LOGIN PASSWORD 'rpw'")
    admin(f"GRANT SELECT ON ALL TABLES IN SCHEMA public TO reader_{db}", db=db)
    reader = pg_url.replace("errlearn:errlearn-pw-1234", f"reader_{db}:rpw")
    (root / "pyproject.toml").write_text(f'[tool.errlearn]\nhistory = "{reader}"\n')
    with History.open(root, url=reader, warn=pytest.fail) as history:  # type: ignore[union-attr]
        assert [h.signature for h in history.hints("make")] == [SIG_A]  # reading is fine
    notes: list[str] = []
    fail(root, SIG_B, notes)
    assert len(notes) == 1
    assert "permission denied" in notes[0]
    assert len(Spool(str(root))) == 1


def _silent_server(ready: threading.Event, stop: threading.Event, port: list[int]) -> None:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        s.listen(8)
        port.append(s.getsockname()[1])
        ready.set()
        held = []
        s.settimeout(0.1)
        while not stop.is_set():
            try:
                held.append(s.accept()[0])  # accepted, never answered
            except TimeoutError:
                continue
        for c in held:
            c.close()


def test_a_server_that_never_answers_costs_at_most_two_seconds_in_all(tmp_path: Path) -> None:
    pytest.importorskip("psycopg")
    ready, stop, port = threading.Event(), threading.Event(), []
    thread = threading.Thread(target=_silent_server, args=(ready, stop, port), daemon=True)
    thread.start()
    ready.wait(5)
    url = f"postgresql://errlearn:secret-pw@127.0.0.1:{port[0]}/errlearn"
    root = project(tmp_path, url)
    notes: list[str] = []
    started = time.monotonic()
    try:
        assert History.open(root, create=False, warn=notes.append) is None  # the hints
        fail(root, notes=notes)  # the record after the command: not tried again
    finally:
        stop.set()
    assert time.monotonic() - started < 2.8
    assert len(notes) == 1
    assert "secret-pw" not in notes[0]
    assert len(Spool(str(root))) == 1


def _open_and_record(url: str, root: str, sig: str) -> None:
    history = History.open(Path(root), url=url)
    assert history is not None
    with history:
        history.record(report(error(sig)), source="run", command="make", exit_code=2)


def test_eight_processes_migrating_a_new_database_at_once_all_record(
    tmp_path: Path, pg_url: str
) -> None:
    root = project(tmp_path, pg_url)
    ctx = multiprocessing.get_context("spawn")
    procs = [
        ctx.Process(target=_open_and_record, args=(pg_url, str(root), f"{i:016x}"))
        for i in range(8)
    ]
    for p in procs:
        p.start()
    for p in procs:
        p.join(60)
        assert p.exitcode == 0
    with History.open(root, url=pg_url, warn=pytest.fail) as history:  # type: ignore[union-attr]
        assert count(history, "runs") == 8
        assert count(history, "schema_version") == 1
        version = history._conn.execute("SELECT version FROM schema_version").fetchone()[0]
        assert version == VERSION


def test_projects_sharing_a_server_each_see_their_own(tmp_path: Path, pg_url: str) -> None:
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    app = project(tmp_path / "a", pg_url)
    api = project(tmp_path / "b", pg_url, remote="git@github.com:org/api.git")
    fail(app, SIG_A)
    fail(api, SIG_B)
    with History.open(app, url=pg_url, warn=pytest.fail) as history:  # type: ignore[union-attr]
        assert [h.signature for h in history.hints("make")] == [SIG_A]
        assert count(history, "runs") == 1
    clone = tmp_path / "clone"  # another checkout of the same repository, another URL form
    clone.mkdir()
    project(clone, pg_url, remote="ssh://git@github.com/org/app")
    with History.open(clone, url=pg_url, warn=pytest.fail) as history:  # type: ignore[union-attr]
        assert [h.signature for h in history.hints("make")] == [SIG_A]


def test_a_superuser_is_refused_so_that_projects_never_mix(
    tmp_path: Path, pg_server: object, pg_url: str
) -> None:
    from pg_server import SUPER_PASSWORD

    superuser = pg_url.replace("errlearn:errlearn-pw-1234", f"postgres:{SUPER_PASSWORD}")
    notes: list[str] = []
    assert History.open(tmp_path, url=superuser, warn=notes.append) is None
    assert "bypasses row security" in notes[0]
    assert SUPER_PASSWORD not in notes[0]


def test_a_secret_is_masked_before_it_reaches_the_server(
    tmp_path: Path, pg_server: object, pg_url: str
) -> None:
    root = project(tmp_path, pg_url)
    test_id = "t.py::test_login[token=abc123def]"
    remember(
        report(error(test=test_id, fix="pip install requests")),
        source="pytest",
        command="pytest --password=hunter2secret",
        exit_code=1,
        start=root,
        warn=pytest.fail,
    )
    db = pg_url.rsplit("/", 1)[1]
    dump = pg_server.admin(  # type: ignore[attr-defined]
        "SELECT r::text FROM runs r UNION ALL SELECT e::text FROM errors e", db=db
    )
    assert "token=" in dump
    assert "abc123def" not in dump
    assert "hunter2secret" not in dump


def test_without_psycopg_the_warning_names_the_extra(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "psycopg", None)
    notes: list[str] = []
    root = project(tmp_path, "postgresql://errlearn@127.0.0.1:1/errlearn")
    fail(root, notes=notes)
    assert notes == [
        "history is off: a PostgreSQL history needs psycopg: pip install 'errlearn[postgres]'"
    ]
    assert len(Spool(str(root))) == 1
