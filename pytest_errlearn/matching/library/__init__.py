"""errlearn's starter library: patterns.toml files for common failures, by ecosystem.

They are consulted after the project's own patterns (``[tool.errlearn]
builtin = false`` turns them off). Every pattern here is tested against a
real message of its failure in ``tests/test_library.py``.
"""

from __future__ import annotations

from pathlib import Path

# In this order: ties between built-in patterns go to the earlier file.
FILES = (
    "python.toml",
    "node.toml",
    "rust.toml",
    "go.toml",
    "c.toml",
    "java.toml",
    "docker.toml",
    "git.toml",
    "network.toml",
    "apt.toml",
    "shell.toml",
    "tcl.toml",
    "ada.toml",
    "erlang.toml",
)


def library_files() -> list[Path]:
    """The library's files, in consultation order."""
    here = Path(__file__).parent
    return [here / name for name in FILES]
