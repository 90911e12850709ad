"""`errlearn hints` (failures seen before a command) and `errlearn stats` (how patterns fare)."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest
from errlearn_wrapper.cli import main
from errlearn_wrapper.commands.hints import ago, format_hints, known_issues

from pytest_errlearn.history import Hint, History
from pytest_errlearn.report import Error, Match, Report

DAY = 86400.0


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    (tmp_path / ".git").mkdir()
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("ERRLEARN_PATTERNS", raising=False)
    return tmp_path


def failure(sig: str, message: str, pattern: str | None = None, fix: str = "") -> Error:
    match = Match(pattern, 0.9, "semantic", fix) if pattern else None
    return Error(message=message, text=message, signature=sig, match=match, tool="npm")


def record(
    root: Path, command: str, *errors: Error, exit_code: int = 1, when: float | None = None
) -> None:
    history = History.open(root)
    assert history is not None
    if when is not None:
        history.clock = lambda: when
    with history:
        history.record(
            Report(errors=list(errors), primary_index=0 if errors else None),
            source="run",
            command=command,
            exit_code=exit_code,
        )


def change(root: Path) -> None:
    """Change the project's code (a file longer by a line): outcomes count across it."""
    with (root / "app.js").open("a") as f:
        f.write("//\n")


JEST = failure(
    "1111111111111111",
    "Error: Cannot find module 'jest'",
    "npm-missing-module",
    "npm install --save-dev jest",
)
TSC = failure("2222222222222222", "error TS2304: Cannot find name 'foo'.")


# -- hints ----------------------------------------------------------------------------


def test_hints_without_history_print_nothing(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["hints", "--", "npm", "test"]) == 0
    assert capsys.readouterr().out == ""
    assert not (project / ".errlearn").exists()


def test_hints_show_how_the_command_failed_before_and_the_fix(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record(project, "npm test", JEST)
    change(project)
    record(project, "npm test --silent", JEST)  # same command: same key
    record(project, "npm run build", TSC)  # another command: not shown
    assert main(["hints", "--", "npm", "test", "--watch"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines() == [
        "errlearn: `npm test` failed like this before:",
        "  • Error: Cannot find module 'jest'  (2 times, last just now)",
        "    fix: npm install --save-dev jest  (worked 0 of 1 time)",
    ]


def test_hints_as_json(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record(project, "npm run build", TSC)
    assert main(["hints", "--json", "--", "npm", "run", "build"]) == 0
    [hint] = json.loads(capsys.readouterr().out)["hints"]
    assert (hint["signature"], hint["times"], hint["fix"]) == ("2222222222222222", 1, None)


def test_hints_show_at_most_three_newest_first(project: Path) -> None:
    for i in range(5):
        record(project, "cargo build", failure(f"{i:016x}", f"error[E0425]: problem {i}"))
    history = History.open(project, create=False)
    assert history is not None
    with history:
        hints = history.hints("cargo build --release")
    assert [h.message for h in hints] == [f"error[E0425]: problem {i}" for i in (4, 3, 2)]


def test_hints_prefer_failures_of_the_closest_command_line(project: Path) -> None:
    for i in range(4):
        record(project, "pytest tests/unit", failure(f"a{i:015x}", f"unit failure {i}"))
    record(project, "pytest tests/integration --db", failure("b" * 16, "db is down"))
    history = History.open(project, create=False)
    assert history is not None
    with history:
        assert history.hints("pytest tests/unit -x", limit=2)[0].message == "unit failure 3"
        assert history.hints("pytest tests/integration", limit=2)[0].message == "db is down"


def test_known_issues_are_what_run_prints_before_the_command(project: Path) -> None:
    assert known_issues(["npm", "test"]) == ""
    record(project, "npm test", JEST)
    assert known_issues(["npm", "test"]).startswith("errlearn: `npm test` failed like this")
    (project / "pyproject.toml").write_text("[tool.errlearn]\nhints = false\n")
    assert known_issues(["npm", "test"]) == ""


def test_hints_need_a_command(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["hints"]) == 2
    assert "give the command after --" in capsys.readouterr().err


def test_format_hints_is_empty_without_hints() -> None:
    assert format_hints([]) == ""


def test_format_hints_says_how_often_and_how_well_the_fix_worked() -> None:
    now = 1_000_000.0
    hint = Hint(
        "s",
        "boom",
        "make all -j4",
        1,
        now - 3 * DAY,
        "build",
        "make",
        "p",
        "clean",
        "worked 2 of 3 times",
    )
    assert format_hints([hint], now=now) == (
        "errlearn: `make all` failed like this before:\n"
        "  • boom  (1 time, last 3 days ago)\n"
        "    fix: clean  (worked 2 of 3 times)"
    )


@pytest.mark.parametrize(
    ("seconds", "text"),
    [
        (5, "just now"),
        (120, "2 min ago"),
        (7200, "2 h ago"),
        (DAY, "1 day ago"),
        (40 * DAY, "40 days ago"),
    ],
)
def test_ago_is_short_and_coarse(seconds: float, text: str) -> None:
    assert ago(1000.0, 1000.0 + seconds) == text


# -- stats ----------------------------------------------------------------------------


def test_stats_show_hits_outcomes_stale_and_too_generic_patterns(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (project / "patterns.toml").write_text(
        'version = 1\n\n[[pattern]]\nid = "never-hit"\ntrigger = "x"\nfix = "y"\n\n'
        '[[pattern]]\nid = "npm-missing-module"\ntrigger = "Cannot find module {m}"\nfix = "z"\n'
    )
    long_ago = time.time() - 200 * DAY
    record(project, "npm test", JEST, when=long_ago)
    change(project)
    record(project, "npm test", exit_code=0, when=long_ago + 60)  # the fix worked
    generic = failure("3333333333333333", "npm WARN deprecated", "npm-warn", "ignore it")
    record(project, "npm ci", generic, exit_code=0)

    assert main(["stats", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    rows = {r["pattern"]: r for r in data["patterns"]}
    assert rows["npm-missing-module"]["hits"] == 1
    assert rows["npm-missing-module"]["success"] == "worked after 1 of 1 code change"
    assert rows["npm-missing-module"]["changes"] == 1
    assert rows["npm-missing-module"]["success_rate"] == pytest.approx(2 / 3, abs=1e-3)
    assert data["stale"] == ["npm-missing-module", "never-hit"]
    assert data["generic"] == ["npm-warn"]

    assert main(["stats", "--stale-days", "365"]) == 0
    out = capsys.readouterr().out
    assert "npm-missing-module      1  200 days ago   worked after 1 of 1 code change" in out
    assert "stale" not in out
    assert "too generic (also matched in passing runs): npm-warn" in out


def test_stats_without_history_list_the_projects_patterns(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (project / "patterns.toml").write_text(
        'version = 1\n[[pattern]]\nid = "a"\ntrigger = "x"\nfix = "y"\n'
    )
    assert main(["stats"]) == 0
    out = capsys.readouterr().out
    assert "a            0  never          no outcome yet" in out


def test_stats_with_a_broken_patterns_file_is_one_line_and_status_2(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (project / "patterns.toml").write_text("version = 1\n[[pattern]]\nid = 'a'\n")
    assert main(["stats"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("errlearn: error: patterns.toml:2: pattern 'a': missing trigger")
    assert err.count("\n") == 1
