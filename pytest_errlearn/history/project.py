"""Which project a history row belongs to, on a server shared by many.

The project's git remote, normalised so that every clone names it alike
(``git@github.com:Org/repo.git``, ``https://token@github.com/Org/repo`` and
``ssh://git@github.com/Org/repo`` are all ``github.com/Org/repo``), read from
``.git/config`` without starting git; where there is none, the root folder's
name. ``ERRLEARN_PROJECT`` names it outright (a fork's CI sharing its
upstream's history, say).
"""

from __future__ import annotations

import os

# Regexes as text, for ``re`` loaded where they are used: a short run's start-up
# reads no git config unless a server is set, and needs no ``re`` otherwise.
_SECTION = r'^\s*\[\s*remote\s+"([^"]+)"\s*\]\s*$'
_URL = r"(?i)^\s*url\s*=\s*(.+?)\s*$"
_SCP = r"^(?:[^@/]+@)?([^:/]+):(?!//)(.+)$"  # git@host:org/repo


def normalise_remote(url: str) -> str:
    """``host/path`` of a git remote: no scheme, user, password, port or ``.git``."""
    import re

    url = url.strip().strip('"')
    if "://" in url:
        rest = url.split("://", 1)[1]
        host, _, path = rest.partition("/")
        host = host.rsplit("@", 1)[-1].split(":", 1)[0]
    elif m := re.match(_SCP, url):
        host, path = m.group(1), m.group(2)
    else:
        return url.rstrip("/").removesuffix(".git")
    path = path.strip("/").removesuffix(".git").rstrip("/")
    return f"{host.lower()}/{path}" if path else host.lower()


def _git_dir(root: str) -> str | None:
    """The repository folder of ``root``: ``.git``, or where a worktree's ``.git`` file points."""
    dot = os.path.join(root, ".git")
    if os.path.isdir(dot):
        return dot
    try:
        with open(dot, encoding="utf-8") as f:
            line = f.readline().strip()
    except OSError:
        return None
    if not line.startswith("gitdir:"):
        return None
    folder = os.path.join(root, line[len("gitdir:") :].strip())
    common = os.path.join(folder, "commondir")  # a worktree's config is the main repository's
    try:
        with open(common, encoding="utf-8") as f:
            return os.path.normpath(os.path.join(folder, f.read().strip()))
    except OSError:
        return folder


def git_remote(root: str) -> str | None:
    """The url of ``origin`` (else of the first remote) in ``root``'s git config."""
    folder = _git_dir(root)
    if folder is None:
        return None
    try:
        with open(os.path.join(folder, "config"), encoding="utf-8", errors="replace") as f:
            lines = f.read().splitlines()
    except OSError:
        return None
    import re

    remotes: dict[str, str] = {}
    current: str | None = None
    for line in lines:
        if line.lstrip().startswith("["):
            m = re.match(_SECTION, line)
            current = m.group(1) if m else None
        elif current is not None and current not in remotes and (u := re.match(_URL, line)):
            remotes[current] = u.group(1)
    return remotes.get("origin") or next(iter(remotes.values()), None)


def project_id(root: str) -> str:
    """The project's name on a shared history server."""
    if named := os.environ.get("ERRLEARN_PROJECT", "").strip():
        return named
    remote = git_remote(root)
    if remote:
        normal = normalise_remote(remote)
        if normal:
            return normal
    return os.path.basename(os.path.abspath(root)) or "project"
