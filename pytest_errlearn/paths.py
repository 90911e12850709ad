"""Where a project is, and where errlearn keeps its state in it.

Kept apart from ``config`` (and its dataclasses) because ``errlearn run``'s
clean path asks only "is there a history here?" (``has_history``), and
should pay for no more: not even pathlib, a large part of the interpreter's start.
"""

from __future__ import annotations

import os

TYPE_CHECKING = False  # mypy reads it as True: typing loads where it is used, not here
if TYPE_CHECKING:
    from pathlib import Path

STATE_DIR = ".errlearn"  # errlearn's own state at the project root, never committed
HISTORY_FILE = "history.sqlite3"


def is_project_root(folder: str) -> bool:
    """Whether ``folder`` holds a pyproject.toml or a .git: a project's root."""
    return os.path.isfile(os.path.join(folder, "pyproject.toml")) or os.path.exists(
        os.path.join(folder, ".git")
    )


def root_dir(start: str | None = None) -> str:
    """The project root: the nearest directory upwards with pyproject.toml or .git;
    where there is none, the start itself (``is_project_root`` tells)."""
    here = folder = os.path.realpath(start or os.getcwd())
    while True:
        if is_project_root(folder):
            return folder
        parent = os.path.dirname(folder)
        if parent == folder:
            return here
        folder = parent


def find_root(start: Path | None = None) -> Path:
    """``root_dir`` as a Path."""
    from pathlib import Path

    return Path(root_dir(None if start is None else str(start)))


def history_file(root: Path) -> Path:
    """Where the project's history lives (it may not exist yet)."""
    return root / STATE_DIR / HISTORY_FILE


def has_history(start: str | None = None) -> bool:
    """Whether the project around ``start`` (the working directory by default) has a
    history yet: its file, or a history server's URL (``config.history_url``)."""
    root = root_dir(start)
    if os.path.isfile(os.path.join(root, STATE_DIR, HISTORY_FILE)):
        return True
    from .config import ConfigError, history_url

    try:
        return history_url(root) is not None
    except ConfigError:
        return False


def replace_file(path: str, text: str) -> None:
    """Write ``path`` whole or not at all: a reader (another errlearn) sees the old
    file or the new, never half of one. Raises OSError; no temporary is left."""
    temp = f"{path}.{os.getpid()}-{os.urandom(4).hex()}.tmp"
    try:
        with open(temp, "w", encoding="utf-8") as f:
            f.write(text)
        os.replace(temp, path)
    finally:
        if os.path.exists(temp):
            os.remove(temp)
