"""Where the project is, and its ``[tool.errlearn]`` settings.

The plugin and the command line share these settings, read from the
pyproject.toml at the project root: the nearest directory upwards holding a
pyproject.toml or a .git.

``history`` is true, false, or the URL of a PostgreSQL history shared by a
team (``postgresql://user@host/db``); ``ERRLEARN_HISTORY_URL`` wins over it,
so that a CI secret can carry the password.
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
    "history_url",
    "load_settings",
]

HISTORY_URL_ENV = "ERRLEARN_HISTORY_URL"
KEEP_RUNS = 5000  # runs a project's history keeps, on either backend


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
        "history_url",
        "keep_runs",
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
        history_url: str | None = None,  # a PostgreSQL history's; None: .errlearn/'s file
        keep_runs: int = KEEP_RUNS,  # runs kept; older ones go
    ) -> None:
        self.root_dir = os.fspath(root)
        self.patterns_file = None if patterns is None else os.fspath(patterns)
        self.threshold = threshold
        self.builtin = builtin
        self.history = history
        self.hints = hints
        self.repeat = repeat
        self.extra = extra or {}
        self.history_url = history_url
        self.keep_runs = keep_runs

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


_KNOWN = {"patterns", "threshold", "builtin", "history", "hints", "repeat", "keep_runs"}
_read: dict[str, tuple[tuple[int, int], dict[str, Any]]] = {}  # path -> (mtime, size), table


def _table(root: str) -> dict[str, Any]:
    """``[tool.errlearn]`` of the pyproject.toml at ``root``; read once while it is unchanged
    (a run asks for it before the command, for its history, and after)."""
    path = os.path.join(root, "pyproject.toml")
    try:
        st = os.stat(path)
    except OSError:
        stamp = (-1, -1)
    else:
        stamp = (st.st_mtime_ns, st.st_size)
    cached = _read.get(path)
    if cached is not None and cached[0] == stamp:
        return cached[1]
    table = _parse(path)
    _read[path] = (stamp, table)
    return table


def _parse(path: str) -> dict[str, Any]:
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
    settings.keep_runs = _keep_runs(table, pyproject)
    if not 0.0 <= settings.threshold <= 1.0:
        raise ConfigError(
            f"{pyproject}: [tool.errlearn] threshold must be "
            f"between 0 and 1, not {settings.threshold}"
        )
    settings.history_url = _url(table, pyproject)
    if settings.history_url:
        settings.history = True
    elif isinstance(table.get("history"), str):
        raise ConfigError(_URL_ERROR.format(pyproject))
    for key in ("builtin", "history", "hints"):
        if key in table and not (key == "history" and settings.history_url):
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


_URL_ERROR = (
    "{}: [tool.errlearn] history must be true, false or a postgresql:// URL"
    " (postgresql://user@host/database)"
)


def _url(table: dict[str, Any], pyproject: str) -> str | None:
    """The history URL: ``ERRLEARN_HISTORY_URL``, else the ``history`` string; checked."""
    env = os.environ.get(HISTORY_URL_ENV, "").strip()
    if env:
        if not env.startswith(("postgresql://", "postgres://")):
            raise ConfigError(f"{HISTORY_URL_ENV} must be a postgresql:// URL")
        return env
    value = table.get("history")
    if isinstance(value, str):
        value = value.strip()
        if not value.startswith(("postgresql://", "postgres://")):
            raise ConfigError(_URL_ERROR.format(pyproject))
        return value
    return None


def _keep_runs(table: dict[str, Any], pyproject: str) -> int:
    value = table.get("keep_runs", KEEP_RUNS)
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise ConfigError(f"{pyproject}: [tool.errlearn] keep_runs must be a whole number above 0")
    return value


def history_url(root: str | os.PathLike[str]) -> str | None:
    """The history URL of the project at ``root`` (None: the SQLite file).
    Raises ConfigError for a URL that is not one."""
    root = os.fspath(root)
    path = os.path.join(root, "pyproject.toml")
    if path not in _read and not os.environ.get(HISTORY_URL_ENV, "").strip():
        try:  # no URL in it: not parsed (a clean run's start asks this of every project)
            with open(path, "rb") as f:
                if b"postgres" not in f.read():
                    return None
        except OSError:
            return None
    return _url(_table(root), path)


def history_server(start: str | None = None) -> tuple[str, str] | None:
    """The root of the project around ``start`` (the working directory by default)
    and its history server's URL, when its history is on one. None otherwise, and
    for a URL that is not one: that is said where the settings are read."""
    root = root_dir(start)
    try:
        url = history_url(root)
    except ConfigError:
        return None
    return (root, url) if url else None
