"""Whether the code changed between two runs: a fingerprint of the working tree.

A fix's outcome is counted only across a change of the code (``record.py``):
a rerun of the same code says nothing about a fix. The fingerprint is taken
when a run is recorded, and only when that run shows a fix or settles one
shown before (most runs do neither, and pay nothing).

With git, it is ``git status --porcelain=v2 --branch`` (HEAD, and every
changed, staged or untracked file; a folder nothing in which is tracked is one
entry, so a large one costs nothing) plus the size and modification time of
each path it names: editing an already modified file again changes it too.
Reading ``.git/HEAD`` and the index's size and time instead would start no
process, but it misses what is the usual fix, an edit not yet staged. git is
started with ``posix_spawn`` (``subprocess`` would cost more to import than
git takes to run), never takes the index lock (``GIT_OPTIONAL_LOCKS=0``: a
``git commit`` at the same time is not disturbed), and never looks above the
folder holding ``.git``.

Without git (or when it fails), the sizes and modification times of the
project's files: hidden files and folders, and the usual build, cache and
dependency folders, left out; at most MAX_FILES files (a change beyond them
is missed, never invented). None when nothing can be read: no outcome is
counted then.
"""

from __future__ import annotations

import os

TYPE_CHECKING = False  # mypy reads it as True: typing loads where it is used, not here
if TYPE_CHECKING:
    from collections.abc import Iterator

GIT_TIMEOUT = 3.0  # seconds git may take before the file walk is used instead
MAX_FILES = 5000  # files a walk without git reads the size and time of
MAX_STATED = 2000  # files git names that have their size and time read
SKIP_DIRS = frozenset(
    {
        "__pycache__",
        "node_modules",
        "build",
        "dist",
        "target",
        "venv",
        "env",
        "site-packages",
        "htmlcov",
        "coverage",
        "bower_components",
        "vendor",
    }
)
SKIP_SUFFIXES = (".pyc", ".pyo", ".log", ".tmp", ".swp", ".swo", "~")


def fingerprint(root: str) -> str | None:
    """The state of the code under ``root``: equal for two runs when nothing changed."""
    top = _git_top(root)
    if top is not None:
        state = _git_state(top)
        if state is not None:
            return state
    return _files_state(root)


def _digest(parts: Iterator[str]) -> str:
    try:  # the C module itself: ``hashlib`` would load OpenSSL too, which costs every start
        from _blake2 import blake2b
    except ImportError:  # pragma: no cover - an interpreter that builds it otherwise
        from hashlib import blake2b

    h = blake2b(digest_size=12)
    for part in parts:
        h.update(part.encode("utf-8", "surrogateescape"))
        h.update(b"\0")
    return h.hexdigest()


def _git_top(root: str) -> str | None:
    """The folder at or above ``root`` that holds ``.git`` (a folder or a worktree's file)."""
    folder = os.path.abspath(root)
    while True:
        if os.path.exists(os.path.join(folder, ".git")):
            return folder
        parent = os.path.dirname(folder)
        if parent == folder:
            return None
        folder = parent


def _stat(path: str) -> str:
    try:
        st = os.stat(path)
    except OSError:
        return "-"
    return f"{st.st_mtime_ns} {st.st_size}"


def _git_state(top: str) -> str | None:
    """HEAD and the changed files of the repository at ``top``; None when git cannot say."""
    out = _run_git(
        [
            "git",
            "-C",
            top,
            "status",
            "--porcelain=v2",
            "-z",
            "--branch",
            "--untracked-files=normal",
            "--no-renames",
            "--ignore-submodules=dirty",
        ],
        {
            **os.environ,
            "GIT_OPTIONAL_LOCKS": "0",
            "GIT_CEILING_DIRECTORIES": os.path.dirname(top),
            "LC_ALL": "C",
        },
    )
    if out is None:
        return None
    records = out.decode("utf-8", "surrogateescape").split("\0")

    def parts() -> Iterator[str]:
        stated = 0
        for record in records:
            if record.startswith("# ") and not record.startswith("# branch.oid "):
                continue  # the branch's name and upstream are no change of the code
            yield record
            fields = {"1": 8, "u": 10, "?": 1}.get(record[:1])
            if fields is None or stated >= MAX_STATED:
                continue
            stated += 1
            yield _stat(os.path.join(top, record.split(" ", fields)[-1]))

    return _digest(parts())


def _run_git(argv: list[str], env: dict[str, str]) -> bytes | None:
    """git's standard output, or None when it is missing, fails or takes too long."""
    if not hasattr(os, "posix_spawnp"):  # pragma: no cover - Windows
        import subprocess

        try:
            done = subprocess.run(
                argv, env=env, capture_output=True, timeout=GIT_TIMEOUT, check=False
            )
        except (OSError, subprocess.SubprocessError):
            return None
        return done.stdout if done.returncode == 0 else None
    import select
    import signal
    import time

    read, write = os.pipe()
    try:
        pid = os.posix_spawnp(
            argv[0],
            argv,
            env,
            file_actions=[
                (os.POSIX_SPAWN_DUP2, write, 1),
                (os.POSIX_SPAWN_OPEN, 2, os.devnull, os.O_WRONLY, 0),
                (os.POSIX_SPAWN_OPEN, 0, os.devnull, os.O_RDONLY, 0),
            ],
        )
    except OSError:  # no git
        os.close(read)
        os.close(write)
        return None
    os.close(write)
    chunks: list[bytes] = []
    deadline = time.monotonic() + GIT_TIMEOUT
    try:
        while (left := deadline - time.monotonic()) > 0 and select.select([read], [], [], left)[0]:
            chunk = os.read(read, 1 << 16)
            if not chunk:
                break
            chunks.append(chunk)
        else:
            os.kill(pid, signal.SIGKILL)  # too slow: the walk is cheaper than waiting
    finally:
        os.close(read)
        status = os.waitpid(pid, 0)[1]
    return b"".join(chunks) if os.waitstatus_to_exitcode(status) == 0 else None


def _files_state(root: str) -> str | None:
    """The sizes and times of the project's files, walked in order (at most MAX_FILES)."""
    found: list[str] = []

    def walk(folder: str, rel: str) -> None:
        try:
            with os.scandir(folder) as it:
                entries = sorted(it, key=lambda e: e.name)
        except OSError:
            return
        for entry in entries:
            if len(found) >= MAX_FILES:
                return
            name = entry.name
            if name.startswith("."):
                continue
            try:
                if entry.is_dir(follow_symlinks=False):
                    if name not in SKIP_DIRS and not name.endswith(".egg-info"):
                        walk(entry.path, f"{rel}{name}/")
                elif entry.is_file() and not name.endswith(SKIP_SUFFIXES):
                    st = entry.stat()
                    found.append(f"{rel}{name} {st.st_mtime_ns} {st.st_size}")
            except OSError:
                continue

    if not os.path.isdir(root):
        return None
    walk(root, "")
    return _digest(iter(found))
