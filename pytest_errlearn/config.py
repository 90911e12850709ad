"""Where the project is, and its ``[tool.errlearn]`` settings.

The plugin and the command line share these settings, read from the
pyproject.toml at the project root: the nearest directory upwards holding a
pyproject.toml or a .git.
"""

from __future__ import annotations

import os

from . import UserError
from .paths import HISTORY_FILE, STATE_DIR, find_root, history_file, root_dir

TYPE_CHECKING = False  # mypy reads it as True: typing loads where it is used, not here
if TYPE_CHECKING:
    from pathlib import Path
    from typing import Any

__all__ = [
    "HISTORY_FILE",
    "STATE_DIR",
    "ConfigError",
    "Settings",
    "find_root",
    "history_file",
    "load_settings",
]


class ConfigError(UserError):
    """A setting that cannot be used; the message is one line for the user."""


class Settings:
    """The project's errlearn settings: where it is, and ``[tool.errlearn]``.

    A plain class, not a dataclass: the agent hooks and ``errlearn run`` read
    settings on every start, and the dataclasses module costs more to import.
    The paths are kept as strings (``root_dir``, ``patterns_file``) and made
    ``Path`` objects when asked for: a run that only records its outcome
    needs no pathlib.
    """

    __slots__ = (
        "builtin",
        "extra",
        "hints",
        "history",
        "patterns_file",
        "repeat",
        "root_dir",
        "threshold",
    )

    def __init__(
        self,
        root: str | os.PathLike[str],
        *,
        patterns: str | os.PathLike[str] | None = None,  # the project's patterns.toml, if any
        threshold: float = 0.6,  # similarity a semantic match must exceed
        builtin: bool = True,  # consult the starter library after the project's own patterns
        history: bool = True,  # record runs and errors in .errlearn/
        hints: bool = True,  # show known issues before `errlearn run` starts a command
        repeat: int = 3,  # the same failure this many runs in a row is called out
        extra: dict[str, Any] | None = None,
    ) -> None:
        self.root_dir = os.fspath(root)
        self.patterns_file = None if patterns is None else os.fspath(patterns)
        self.threshold = threshold
        self.builtin = builtin
        self.history = history
        self.hints = hints
        self.repeat = repeat
        self.extra = extra or {}

    @property
    def root(self) -> Path:
        from pathlib import Path

        return Path(self.root_dir)

    @property
    def patterns(self) -> Path | None:
        from pathlib import Path

        return None if self.patterns_file is None else Path(self.patterns_file)

    @patterns.setter
    def patterns(self, value: str | os.PathLike[str] | None) -> None:
        self.patterns_file = None if value is None else os.fspath(value)

    def __repr__(self) -> str:
        return f"Settings(root={self.root!r}, patterns={self.patterns!r})"


_KNOWN = {"patterns", "threshold", "builtin", "history", "hints", "repeat"}


def _table(root: str) -> dict[str, Any]:
    path = os.path.join(root, "pyproject.toml")
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read()
    except (FileNotFoundError, IsADirectoryError, NotADirectoryError):
        return {}
    except (OSError, UnicodeDecodeError) as exc:
        raise ConfigError(f"{path}: cannot read [tool.errlearn]: {exc}") from None
    if "errlearn" not in text:
        return {}  # nothing for errlearn, however it is written: not parsed, not judged
    import tomllib  # only where there is a pyproject.toml that names errlearn

    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"{path}: cannot read [tool.errlearn]: {exc}") from None
    table = data.get("tool", {}).get("errlearn", {})
    if not isinstance(table, dict):
        raise ConfigError(f"{path}: [tool.errlearn] must be a table")
    return table


def load_settings(
    start: str | os.PathLike[str] | None = None, *, patterns: str | None = None
) -> Settings:
    """Settings for the project around ``start``; ``patterns`` is an explicit file.

    The patterns file is found from ``patterns``, else ``ERRLEARN_PATTERNS``,
    else ``[tool.errlearn] patterns``, else ``patterns.toml`` at the root.
    """
    root = root_dir(None if start is None else os.fspath(start))
    table = _table(root)
    settings = Settings(root=root, extra={k: v for k, v in table.items() if k not in _KNOWN})
    pyproject = os.path.join(root, "pyproject.toml")
    try:
        settings.threshold = float(table.get("threshold", settings.threshold))
        settings.repeat = int(table.get("repeat", settings.repeat))
    except (TypeError, ValueError):
        raise ConfigError(
            f"{pyproject}: [tool.errlearn] threshold and repeat must be numbers"
        ) from None
    if not 0.0 <= settings.threshold <= 1.0:
        raise ConfigError(
            f"{pyproject}: [tool.errlearn] threshold must be "
            f"between 0 and 1, not {settings.threshold}"
        )
    for key in ("builtin", "history", "hints"):
        if key in table:
            if not isinstance(table[key], bool):
                raise ConfigError(f"{pyproject}: [tool.errlearn] {key} must be true or false")
            setattr(settings, key, table[key])
    chosen = patterns or os.environ.get("ERRLEARN_PATTERNS") or table.get("patterns")
    if chosen:
        absolute = os.path.isabs(chosen) or patterns
        settings.patterns = chosen if absolute else os.path.join(root, chosen)
    elif os.path.isfile(os.path.join(root, "patterns.toml")):
        settings.patterns = os.path.join(root, "patterns.toml")
    return settings
