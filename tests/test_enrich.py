"""``errlearn enrich``: the validation list of the actionability scorer, criterion by criterion."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
from errlearn_wrapper.cli import main

from pytest_errlearn.output import enrich as enrich_mod
from pytest_errlearn.output.enrich import EnrichError, changed_files, enrich_summary, score_line
from pytest_errlearn.report import CATEGORIES

VAGUE = ["FAIL something went wrong", "Error: test failed"]
PRECISE = "TypeError: Cannot read property 'x' of undefined at src/app.ts:42"

needs_git = pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")


def git(repo: Path, *args: str) -> None:
    subprocess.run(
        [
            "git",
            "-c",
            "user.name=t",
            "-c",
            "user.email=t@example.com",
            "-c",
            "commit.gpgsign=false",
            *args,
        ],
        cwd=repo,
        check=True,
        capture_output=True,
    )


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    """A repository whose last commit changed src/app.ts and tests/app.test.ts."""
    root = tmp_path / "repo"
    (root / "src").mkdir(parents=True)
    (root / "tests").mkdir()
    (root / "README").write_text("x\n")
    git(root, "init", "-q")
    git(root, "add", ".")
    git(root, "commit", "-q", "-m", "first")
    (root / "src" / "app.ts").write_text("let x = 1\n")
    (root / "tests" / "app.test.ts").write_text("test()\n")
    git(root, "add", ".")
    git(root, "commit", "-q", "-m", "second")
    return root


def write(path: Path, data: Any) -> Path:
    path.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
    return path


def summary(lines: list[str]) -> dict[str, Any]:
    return {"iteration": 3, "error_count": len(lines), "error_lines": lines, "test_cmd": "npm test"}


# -- scoring ---------------------------------------------------------------------------


def test_a_line_with_no_signal_scores_zero() -> None:
    assert score_line("FAIL something went wrong").score == 0


def test_a_line_with_file_line_type_and_detail_scores_over_70() -> None:
    scored = score_line(PRECISE)
    assert scored.score > 70 and scored.category == "type"


def test_a_place_written_anywhere_in_the_line_counts_as_file_and_line() -> None:
    assert score_line('File "app/models.py", line 12, in save').score >= 45
    assert score_line("boom at 12:30:45").score == score_line("boom").score  # a time is no line


CATEGORY_CASES = [
    ("SyntaxError: invalid syntax", "syntax"),
    ("TypeError: unsupported operand", "type"),
    ("NameError: name 'foo' is not defined", "reference"),
    ("AssertionError: expected 3, got 4", "assertion"),
    ("RuntimeError: worker crashed", "runtime"),
    ("ModuleNotFoundError: No module named 'requests'", "dependency"),
    ("make: *** [Makefile:3: all] Error: compilation terminated", "build"),
    ("open config.yaml: No such file or directory", "filesystem"),
    ("connect ECONNREFUSED 127.0.0.1:5432", "network"),
    ("error: unrecognized arguments: --frobnicate", "config"),
    ("FAIL something went wrong", "unknown"),
]


@pytest.mark.parametrize(("line", "category"), CATEGORY_CASES)
def test_lines_are_categorised_with_the_taxonomy(line: str, category: str) -> None:
    assert score_line(line).category == category


def test_the_category_cases_cover_the_whole_taxonomy() -> None:
    assert {c for _, c in CATEGORY_CASES} == set(CATEGORIES)


def test_a_summary_without_error_lines_scores_100() -> None:
    out = enrich_summary(summary([]))
    assert out["actionability_score"] == 100 and out["score_breakdown"] == []
    assert "original_error_lines" not in out


# -- enriching -------------------------------------------------------------------------


@needs_git
def test_a_vague_summary_is_enriched_with_categories_and_recent_changes(repo: Path) -> None:
    out = enrich_summary(summary(VAGUE), cwd=repo)
    assert out["original_error_lines"] == VAGUE
    assert out["actionability_score"] < 70
    assert out["score_breakdown"] == [
        {"line": VAGUE[0], "score": 0, "category": "unknown"},
        {"line": VAGUE[1], "score": score_line(VAGUE[1]).score, "category": "assertion"},
    ]
    changed = "(recently changed: src/app.ts, tests/app.test.ts)"
    assert out["error_lines"] == [
        f"[unknown] {VAGUE[0]} {changed}",
        f"[assertion] {VAGUE[1]} {changed}",
    ]
    assert out["iteration"] == 3 and out["test_cmd"] == "npm test" and out["error_count"] == 2


def test_a_precise_summary_gets_scores_but_no_enrichment() -> None:
    out = enrich_summary(summary([PRECISE]))
    assert out["error_lines"] == [PRECISE]
    assert out["actionability_score"] > 70
    assert "original_error_lines" not in out


@needs_git
def test_strong_lines_stay_untouched_and_middling_ones_get_only_their_category(
    repo: Path,
) -> None:
    middling = "tests/test_a.py:12: AssertionError"  # file, line, type: 65
    lines = [PRECISE, middling, VAGUE[0]]
    out = enrich_summary(summary(lines), cwd=repo)
    assert 45 <= score_line(middling).score < 70
    assert out["error_lines"][0] == PRECISE
    assert out["error_lines"][1] == f"[assertion] {middling}"
    assert out["error_lines"][2].startswith(f"[unknown] {VAGUE[0]} (recently changed: ")


@needs_git
def test_without_a_parent_commit_uncommitted_changes_are_used(tmp_path: Path) -> None:
    git(tmp_path, "init", "-q")
    (tmp_path / "a.py").write_text("1\n")
    git(tmp_path, "add", ".")
    git(tmp_path, "commit", "-q", "-m", "only")
    (tmp_path / "a.py").write_text("2\n")
    assert changed_files(tmp_path) == ["a.py"]


@needs_git
def test_at_most_five_changed_files_are_named(tmp_path: Path) -> None:
    git(tmp_path, "init", "-q")
    git(tmp_path, "commit", "-q", "--allow-empty", "-m", "first")
    for i in range(8):
        (tmp_path / f"f{i}.py").write_text("x\n")
    git(tmp_path, "add", ".")
    git(tmp_path, "commit", "-q", "-m", "second")
    assert changed_files(tmp_path) == [f"f{i}.py" for i in range(5)]


@needs_git
def test_outside_a_repository_there_is_no_context_but_the_lines_are_enriched(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("GIT_CEILING_DIRECTORIES", str(tmp_path))
    out = enrich_summary(summary(VAGUE[:1]), cwd=tmp_path)
    assert out["error_lines"] == [f"[unknown] {VAGUE[0]}"]


@needs_git
def test_enriching_twice_gives_the_same_file_as_once(repo: Path) -> None:
    once = enrich_summary(summary(VAGUE), cwd=repo)
    assert enrich_summary(once, cwd=repo) == once


# -- the file and the command ---------------------------------------------------------------


@needs_git
def test_the_command_rewrites_the_file_in_place_and_exits_0(
    repo: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(repo / "error-summary.json", summary(VAGUE))
    monkeypatch.chdir(repo)
    assert main(["enrich", str(path)]) == 0
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["original_error_lines"] == VAGUE and data["actionability_score"] < 70
    assert "enriched" in capsys.readouterr().err
    assert sorted(p.name for p in repo.glob("*.json*")) == ["error-summary.json"]


@pytest.mark.parametrize(
    "content",
    [
        b"{not json",
        b"[1, 2]",
        b'"text"',
        b'{"iteration": 1}',
        b'{"error_lines": [1, 2]}',
        b'{"error_lines": "FAIL"}',
        b"\xff\xfe\x00",
    ],
    ids=["bad-json", "array", "string", "no-error-lines", "not-strings", "not-a-list", "binary"],
)
def test_a_summary_it_cannot_use_is_left_byte_for_byte_and_exits_0(
    content: bytes, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "error-summary.json"
    path.write_bytes(content)
    assert main(["enrich", str(path)]) == 0
    assert path.read_bytes() == content
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "left unchanged" in err


def test_a_missing_file_is_a_note_and_exit_0(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["enrich", str(tmp_path / "nope.json")]) == 0
    assert "cannot read" in capsys.readouterr().err
    assert not (tmp_path / "nope.json").exists()


def test_missing_git_leaves_the_file_as_it_was(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(tmp_path / "error-summary.json", summary(VAGUE))
    before = path.read_bytes()
    monkeypatch.setenv("PATH", str(tmp_path / "empty-bin"))
    assert main(["enrich", str(path)]) == 0
    assert path.read_bytes() == before
    assert "git is not installed" in capsys.readouterr().err


def test_a_failed_replace_leaves_the_file_and_no_temporary_behind(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = write(tmp_path / "error-summary.json", summary([PRECISE]))
    before = path.read_bytes()

    def refuse(src: str, dst: str) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(enrich_mod.os, "replace", refuse)
    with pytest.raises(EnrichError, match="cannot replace"):
        enrich_mod.enrich_file(path)
    assert path.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["error-summary.json"]


def test_the_rewritten_file_keeps_its_permissions_and_unicode(tmp_path: Path) -> None:
    path = write(tmp_path / "error-summary.json", summary([PRECISE + " — ünïcode"]))
    os.chmod(path, 0o640)
    enrich_mod.enrich_file(path)
    assert path.stat().st_mode & 0o777 == 0o640
    assert "— ünïcode" in path.read_text(encoding="utf-8")
