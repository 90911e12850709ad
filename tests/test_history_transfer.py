"""``errlearn history export|import``: a history moves between machines and backends
as JSON Lines, and importing the same file twice adds nothing."""

from __future__ import annotations

from pathlib import Path

import pytest
from errlearn_wrapper.cli import main
from history_helpers import SIG_A, SIG_B, count, error, opened, run

from pytest_errlearn.history import History


def filled(root: Path) -> None:
    (root / "pyproject.toml").write_text("[project]\nname = 'p'\n")
    with opened(root) as history:
        run(history, error(SIG_A, fix="pip install requests"), command="pytest tests")
        run(history, error(SIG_B, test="t.py::test_b"), command="pytest tests")
        run(history, command="make", exit_code=0)
        history.mark_learned(SIG_B, "team-b", "do b")


def summary(history: History) -> tuple[object, ...]:
    hints = [(h.signature, h.times, h.fix) for h in history.hints("pytest tests")]
    candidates = [(c.signature, c.times) for c in history.candidates()]
    stats = [(s.pattern, s.hits) for s in history.pattern_stats()]
    return hints, candidates, stats, history.learned(SIG_B), count(history, "runs")


def test_an_export_imported_elsewhere_gives_the_same_answers_and_twice_is_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    here, there = tmp_path / "here", tmp_path / "there"
    here.mkdir()
    there.mkdir()
    filled(here)
    (there / "pyproject.toml").write_text("[project]\nname = 'p'\n")
    monkeypatch.chdir(here)
    assert main(["history", "export", "-o", str(tmp_path / "h.jsonl")]) == 0
    monkeypatch.chdir(there)
    for _ in range(2):
        assert main(["history", "import", str(tmp_path / "h.jsonl")]) == 0
    assert "imported 0 runs, 0 outcomes, 0 learneds, 0 streaks" in capsys.readouterr().err
    with opened(here) as a, opened(there) as b:
        assert summary(b) == summary(a)
        assert summary(b)[-1] == 3


def test_a_local_history_moves_to_the_server_and_back(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, pg_url: str
) -> None:
    laptop, other = tmp_path / "laptop", tmp_path / "other"
    laptop.mkdir()
    other.mkdir()
    filled(laptop)
    monkeypatch.chdir(laptop)
    monkeypatch.setenv("ERRLEARN_HISTORY_URL", pg_url)
    assert main(["history", "export", "--local", "-o", str(tmp_path / "local.jsonl")]) == 0
    assert main(["history", "import", str(tmp_path / "local.jsonl")]) == 0
    assert main(["history", "import", str(tmp_path / "local.jsonl")]) == 0
    assert main(["history", "export", "-o", str(tmp_path / "server.jsonl")]) == 0
    server = History.open(laptop, url=pg_url, warn=pytest.fail)
    local = History.open(laptop, url=None, warn=pytest.fail)
    assert server is not None and local is not None
    with server, local:
        assert summary(server) == summary(local)
    (other / "pyproject.toml").write_text("[project]\nname = 'p'\n")
    monkeypatch.chdir(other)
    assert main(["history", "import", "--local", str(tmp_path / "server.jsonl")]) == 0
    monkeypatch.delenv("ERRLEARN_HISTORY_URL")
    with opened(other) as back, opened(laptop) as local:
        assert summary(back) == summary(local)


def test_an_import_of_something_else_is_one_line_and_status_2(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "pyproject.toml").write_text("[project]\nname = 'p'\n")
    (tmp_path / "x.jsonl").write_text("not json\n")
    monkeypatch.chdir(tmp_path)
    assert main(["history", "import", "x.jsonl"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("errlearn: error: x.jsonl: line 1: not JSON")
    assert err.count("\n") == 1
