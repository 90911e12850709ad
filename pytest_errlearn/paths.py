"""Where a project is, and where errlearn keeps its state in it.

Kept apart from ``config`` (and its dataclasses) because ``errlearn run``'s
clean path asks only "is there a history here?", and should pay for no more.
"""

from __future__ import annotations

from pathlib import Path

STATE_DIR = ".errlearn"  # errlearn's own state at the project root, never committed
HISTORY_FILE = "history.sqlite3"


def find_root(start: Path | None = None) -> Path:
    """The project root: the nearest directory upwards with pyproject.toml or .git."""
    here = (start or Path.cwd()).resolve()
    for folder in (here, *here.parents):
        if (folder / "pyproject.toml").is_file() or (folder / ".git").exists():
            return folder
    return here


def history_file(root: Path) -> Path:
    """Where the project's history lives (it may not exist yet)."""
    return root / STATE_DIR / HISTORY_FILE
