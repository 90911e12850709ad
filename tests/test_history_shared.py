"""A laptop sees what CI saw: two checkouts of one repository, one history server.

Each checkout is a folder of its own with the same git remote in
``.git/config`` (so the same project on the server) and no history file:
CI's failing ``errlearn run`` is then in the laptop's ``stats``, ``learn``
and ``hints``, and another repository's checkout sees none of it.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

SCRIPT = (
    "echo 'src/app.c:3:1: error: the flux capacitor is misaligned';"
    " echo \"ModuleNotFoundError: No module named 'requests'\"; exit 1"
)


def checkout(folder: Path, url: str, remote: str) -> Path:
    folder.mkdir()
    (folder / "pyproject.toml").write_text(f'[tool.errlearn]\nhistory = "{url}"\n')
    (folder / ".git").mkdir()
    (folder / ".git" / "config").write_text(f'[remote "origin"]\n\turl = {remote}\n')
    return folder


def errlearn(folder: Path, *args: str) -> str:
    env = {k: v for k, v in os.environ.items() if not k.startswith("ERRLEARN_")}
    done = subprocess.run(
        [sys.executable, "-m", "errlearn_wrapper", *args],
        cwd=folder,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    return done.stdout + done.stderr


def test_stats_learn_and_hints_on_a_laptop_show_the_failure_ci_recorded(
    tmp_path: Path, pg_url: str
) -> None:
    ci = checkout(tmp_path / "ci", pg_url, "git@github.com:org/app.git")
    laptop = checkout(tmp_path / "laptop", pg_url, "https://github.com/org/app")
    elsewhere = checkout(tmp_path / "other", pg_url, "https://github.com/org/other")
    out = errlearn(ci, "run", "--", "sh", "-c", SCRIPT)
    assert "flux capacitor" in out
    assert "warning" not in out
    assert "flux capacitor is misaligned" in errlearn(laptop, "learn")
    assert "py-missing-module" in errlearn(laptop, "stats")
    hints = errlearn(laptop, "hints", "--", "sh", "-c", SCRIPT)
    assert "failed like this before" in hints
    assert "No module named 'requests'" in hints
    assert not (laptop / ".errlearn" / "history.sqlite3").exists()
    assert "flux capacitor" not in errlearn(elsewhere, "learn")
    assert "failed like this before" not in errlearn(elsewhere, "hints", "--", "sh", "-c", SCRIPT)


def test_a_passing_pytest_session_is_recorded_on_the_server(tmp_path: Path, pg_url: str) -> None:
    """A pass settles the fixes shown before, so it is recorded where the history
    is: on the server, though no history file is here."""
    ci = checkout(tmp_path / "ci", pg_url, "https://github.com/org/app")
    (ci / "test_ok.py").write_text("def test_ok():\n    assert True\n")
    env = {k: v for k, v in os.environ.items() if not k.startswith(("ERRLEARN_", "PYTEST_"))}
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "errlearn", "-q", "test_ok.py"],
        cwd=ci,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "warning" not in done.stdout + done.stderr
    exported = errlearn(ci, "history", "export")
    assert '"source": "pytest"' in exported
    assert not (ci / ".errlearn" / "history.sqlite3").exists()
