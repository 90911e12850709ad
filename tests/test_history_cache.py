"""A server's history is read from this machine's copy of its hints, and reached early.

The hook, ``errlearn hints`` and the hints before a run answer from
``.errlearn/hints-cache.json`` without connecting; the run that records
rewrites it; a stale one is rewritten in the background; a corrupt one is
discarded with a note. ``errlearn run`` connects while its command runs.
"""

from __future__ import annotations

import json
import os
import time
from pathlib import Path
from typing import Any

import pytest
from history_helpers import SIG_A, SIG_B, error, report

from pytest_errlearn.history import hintcache, pg, remember
from pytest_errlearn.history import remote as remote_module
from wrapper.agent_hooks import pre_tool_use


@pytest.fixture(autouse=True)
def fresh_process_state(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(remote_module, "_down", {})
    monkeypatch.setattr(remote_module, "_early", {})
    monkeypatch.delenv("ERRLEARN_HISTORY_URL", raising=False)
    monkeypatch.delenv("ERRLEARN_PROJECT", raising=False)


def project(root: Path, url: str) -> Path:
    (root / "pyproject.toml").write_text(f'[tool.errlearn]\nhistory = "{url}"\n')
    return root


def fail(root: Path, sig: str = SIG_A, message: str = "boom") -> None:
    rep = report(error(sig, message=f"RuntimeError: {message}", fix="do the thing"))
    remember(rep, source="run", command="pytest tests", exit_code=1, start=root, warn=pytest.fail)


def no_server(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("connected to the server")

    monkeypatch.setattr(pg, "connect", refuse)
    monkeypatch.setattr(hintcache, "refresh_in_background", lambda root, url: False)


def hook(root: Path, notes: list[str]) -> str:
    event = {"tool_name": "Bash", "tool_input": {"command": "pytest tests"}, "cwd": str(root)}
    return pre_tool_use(event, notes.append)


def test_the_hook_shows_a_servers_hints_from_the_copy_the_recording_run_left(
    tmp_path: Path, pg_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = project(tmp_path, pg_url)
    fail(root)
    no_server(monkeypatch)
    notes: list[str] = []
    text = hook(root, notes)
    assert "RuntimeError: boom" in text
    assert "do the thing" in text
    assert notes == []


def test_the_copy_answers_as_the_server_would(
    tmp_path: Path, pg_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = project(tmp_path, pg_url)
    fail(root, SIG_A, "first")
    fail(root, SIG_B, "second")
    fail(root, SIG_A, "first again")
    from pytest_errlearn.history import History

    with History.open(root, url=pg_url, warn=pytest.fail) as history:  # type: ignore[union-attr]
        asked = history.hints("pytest tests -x", 3)
    no_server(monkeypatch)
    cached = hintcache.lookup(str(root), pg_url, "pytest tests -x", 3, pytest.fail, wait=False)
    assert cached == asked
    assert [h.signature for h in cached] == [SIG_A, SIG_B]


def test_a_corrupt_copy_is_discarded_with_one_note_and_the_hook_says_nothing(
    tmp_path: Path, pg_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = project(tmp_path, pg_url)
    fail(root)
    Path(hintcache.path(str(root))).write_bytes(b'{"format": 1, "hints": [tru')
    no_server(monkeypatch)
    notes: list[str] = []
    assert hook(root, notes) == ""
    assert len(notes) == 1
    assert "hints cache" in notes[0]
    assert "discarded" in notes[0]
    assert not os.path.exists(hintcache.path(str(root)))


def aged(file: Path, seconds: float, **changes: object) -> dict[str, Any]:
    """The cache file made ``seconds`` old (and ``changes`` made to it); what it holds."""
    data = json.loads(file.read_text())
    data.update(changes, time=time.time() - seconds)
    file.write_text(json.dumps(data))
    return data


def test_a_stale_copy_still_answers_and_a_detached_process_rewrites_it(
    tmp_path: Path, pg_url: str
) -> None:
    root = project(tmp_path, pg_url)
    fail(root, SIG_A, "old")
    file = Path(hintcache.path(str(root)))
    stale = aged(file, hintcache.REFRESH_AFTER + 5)["time"]
    notes: list[str] = []
    assert "RuntimeError: old" in hook(root, notes)
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        fresh = json.loads(file.read_text())["time"]
        if fresh > stale:
            break
        time.sleep(0.1)
    assert fresh > stale
    assert notes == []


def test_a_copy_past_its_age_is_not_used_and_errlearn_hints_asks_the_server(
    tmp_path: Path, pg_url: str
) -> None:
    root = project(tmp_path, pg_url)
    fail(root, SIG_A, "new")
    file = Path(hintcache.path(str(root)))
    aged(file, hintcache.MAX_AGE + 5, hints={})
    found = hintcache.lookup(str(root), pg_url, "pytest tests", 3, pytest.fail, wait=True)
    assert [h.message for h in found] == ["RuntimeError: new"]
    assert json.loads(file.read_text())["time"] > time.time() - 60


def test_a_copy_of_another_servers_history_is_not_used(
    tmp_path: Path, pg_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = project(tmp_path, pg_url)
    fail(root)
    other = pg_url.rsplit("/", 1)[0] + "/another_database"
    no_server(monkeypatch)
    assert hintcache.lookup(str(root), other, "pytest tests", 3, pytest.fail, wait=False) == []


def test_a_connection_made_early_is_the_one_the_record_uses(
    tmp_path: Path, pg_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = project(tmp_path, pg_url)
    remote_module.prefetch(str(root), pg_url)
    early = remote_module._early[(str(root), pg_url)]
    early.thread.join(10)
    monkeypatch.setattr(pg, "connect", lambda *a, **k: pytest.fail("connected again"))
    fail(root)
    assert remote_module._early == {}


def test_an_early_connection_that_failed_is_one_warning_when_the_run_records(
    tmp_path: Path, pg_url: str
) -> None:
    bad = pg_url.replace("errlearn-pw-1234", "wrong-pw-5678")
    root = project(tmp_path, bad)
    remote_module.prefetch(str(root), bad)
    notes: list[str] = []
    rep = report(error(SIG_A))
    remember(rep, source="run", command="make", exit_code=2, start=root, warn=notes.append)
    assert len(notes) == 1
    assert "password authentication failed" in notes[0]
    assert "wrong-pw-5678" not in notes[0]
