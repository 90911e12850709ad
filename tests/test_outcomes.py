"""What "the fix worked" means: one outcome per failure per change of the code.

In real git repositories: a rerun of the same code counts nothing, however many
tests fail; a change (an edit, a commit) then a pass counts one "worked" per
signature, the same failure one "failed"; ``errlearn learn`` lists only what has
not passed since.
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest
from errlearn_wrapper.cli import main
from history_helpers import SIG_A, SIG_B, error, opened, run

from pytest_errlearn.history import History
from pytest_errlearn.history.tree import fingerprint
from pytest_errlearn.report import Report

FIX = "pip install requests"
TESTS = tuple(f"tests/test_a.py::test_{i}" for i in range(100))


def git(root: Path, *args: str) -> None:
    subprocess.run(
        ["git", "-C", str(root), "-c", "user.name=t", "-c", "user.email=t@t", *args],
        check=True,
        capture_output=True,
    )


@pytest.fixture
def repo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("ERRLEARN_PATTERNS", raising=False)
    (tmp_path / "app.py").write_text("import requests\n")
    git(tmp_path, "init", "-q")
    git(tmp_path, "add", "app.py")
    git(tmp_path, "commit", "-q", "-m", "first")
    return tmp_path


def fail_all(history: History, sig: str = SIG_A, repeat: int = 3) -> Report:
    """The 100 tests fail the same way, the fix shown under each."""
    errors = [error(sig, test=t, fix=FIX) for t in TESTS]
    return run(history, *errors, command="pytest", repeat=repeat)


def pass_all(history: History) -> None:
    run(history, command="pytest", exit_code=0, passed=TESTS)


def outcomes(history: History) -> tuple[int, int]:
    [stats] = history.pattern_stats()
    return stats.worked, stats.failed


def test_back_to_back_runs_of_the_same_code_count_nothing(repo: Path) -> None:
    with opened(repo) as history:
        for _ in range(2):
            fail_all(history)
        rep = fail_all(history)
        assert outcomes(history) == (0, 0)
        pass_all(history)  # a flaky pass, the code as it was: no fix to credit
        assert outcomes(history) == (0, 0)
    assert rep.errors[0].notes == ["failing the same way for 3 runs"]
    assert rep.errors[0].match is not None and rep.errors[0].match.success is None


def test_an_edit_then_a_pass_counts_one_worked_however_many_tests_it_covers(repo: Path) -> None:
    with opened(repo) as history:
        fail_all(history)
        (repo / "app.py").write_text("import json\n")  # not staged, not committed
        pass_all(history)
        assert outcomes(history) == (1, 0)
        pass_all(history)
        assert outcomes(history) == (1, 0)


def test_a_commit_then_the_same_failure_counts_one_failed_and_the_note_says_so(
    repo: Path,
) -> None:
    with opened(repo) as history:
        fail_all(history, repeat=2)
        (repo / "app.py").write_text("import requests  # tried\n")
        git(repo, "commit", "-q", "-am", "a try")
        rep = fail_all(history, repeat=2)
        assert outcomes(history) == (0, 1)
        assert rep.errors[0].match is not None
        assert rep.errors[0].match.success == "worked 0 of 1 time"
        (repo / "app.py").write_text("import requests  # tried again\n")
        rep = fail_all(history, repeat=2)
        assert outcomes(history) == (0, 2)
    assert rep.errors[0].notes == [
        "failing the same way for 3 runs; the known fix has not helped after 2 code changes"
    ]


def test_editing_an_already_modified_file_again_is_a_change(repo: Path) -> None:
    (repo / "app.py").write_text("import requests  # edited\n")
    before = fingerprint(str(repo))
    assert fingerprint(str(repo)) == before
    (repo / "app.py").write_text("import requests  # edited twice\n")
    assert fingerprint(str(repo)) != before
    (repo / "new.py").write_text("x = 1\n")  # an untracked file
    assert fingerprint(str(repo)) not in (before, None)


def test_without_git_the_project_s_files_tell_a_change_and_its_caches_do_not(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PATH", "")  # no git to start
    (tmp_path / ".git").mkdir()  # nor a repository it could read
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "app.py").write_text("x = 1\n")
    before = fingerprint(str(tmp_path))
    for cache in ("__pycache__", ".pytest_cache", "node_modules"):
        (tmp_path / "src" / cache).mkdir()
        (tmp_path / "src" / cache / "a").write_text("written by a run")
    assert fingerprint(str(tmp_path)) == before
    (tmp_path / "src" / "app.py").write_text("x = 2  # fixed\n")
    assert fingerprint(str(tmp_path)) not in (before, None)


def test_each_failure_counts_once_per_change_beside_the_others(repo: Path) -> None:
    with opened(repo) as history:
        run(
            history,
            *(error(SIG_A, test=t, fix=FIX) for t in TESTS[:50]),
            *(error(SIG_B, test=t, fix=FIX) for t in TESTS[50:]),
            command="pytest",
        )
        (repo / "app.py").write_text("import json\n")
        run(
            history,
            *(error(SIG_B, test=t, fix=FIX) for t in TESTS[50:]),
            command="pytest",
            passed=TESTS[:50],
        )
        assert outcomes(history) == (1, 1)  # A gone, B still there: one each


def test_stats_say_how_many_code_changes_the_outcomes_rest_on(
    repo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with opened(repo) as history:
        for text in ("import json\n", "import os\n"):
            fail_all(history)
            fail_all(history)  # a rerun: counts nothing
            (repo / "app.py").write_text(text)
        pass_all(history)
    assert main(["stats", "--json"]) == 0
    [row] = json.loads(capsys.readouterr().out)["patterns"]
    assert (row["worked"], row["failed"], row["changes"]) == (1, 1, 2)
    assert main(["stats"]) == 0
    assert "worked after 1 of 2 code changes" in capsys.readouterr().out


def test_learn_stops_listing_a_failure_that_has_since_passed_not_one_masked_since(
    repo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    sig_c = "cccccccccccc0003"
    with opened(repo) as history:
        run(history, error(SIG_A, test=TESTS[0]), error(sig_c, test=TESTS[1]), command="pytest")
        run(
            history,
            error(SIG_B, test=TESTS[1], message="boom"),
            command="pytest",
            passed=(TESTS[0],),
        )  # A passed; C's test fails otherwise: C may come back
    assert main(["learn", "--list"]) == 0
    out = capsys.readouterr().out
    assert SIG_B in out and sig_c in out and SIG_A not in out


def test_learn_with_a_limit_says_how_many_there_are(
    repo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with opened(repo) as history:
        for i in range(19):
            run(history, error(f"{i:016x}", test=TESTS[i], message=f"boom {i}"), command="pytest")
    assert main(["learn", "--list", "--limit", "3"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("errlearn: 3 of 19 failures without a known fix, most frequent first")
    assert main(["learn", "--json", "--limit", "3"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert (len(data["candidates"]), data["total"]) == (3, 19)
