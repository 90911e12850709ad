"""The SQLite file of the history: ``.errlearn/history.sqlite3``, and its folder.

History is a convenience, never a reason for a run to fail: a folder that
cannot be written turns it off with one warning line, a corrupt file is moved
aside and a fresh one made. WAL and a busy timeout let several processes
(parallel CI jobs, a test session beside an ``errlearn run``) record at once.

Nothing here waits for the disk (``synchronous = OFF``): the folder is a cache
(it says so in CACHEDIR.TAG), and a run that syncs its record, then the
checkpoint when its connection closes, waits on several fsyncs every time,
more than all the rest of its history work. A crashed errlearn loses nothing
(the OS has the writes); a power cut may cost the last runs, or leave a corrupt
file, which the next run moves aside as above.
"""

from __future__ import annotations

import contextlib
import os
import time

from ..paths import STATE_DIR as DIRNAME
from .db import sqlite3
from .schema import migrate

TYPE_CHECKING = False  # mypy reads it as True: typing loads where it is used, not here
if TYPE_CHECKING:
    from .db import Conn

    StrPath = str | os.PathLike[str]  # a folder or file, as a str or a Path

BUSY_TIMEOUT = 5.0  # seconds a writer waits for another's transaction
CACHEDIR_TAG = (
    "Signature: 8a477f597d28d172789f06886806bc55\n"
    "# This file is a cache directory tag created by errlearn.\n"
    "# For information about cache directory tags, see:\n"
    "#\thttps://bford.info/cachedir/spec.html\n"
)
GITIGNORE = "# Created by errlearn automatically.\n*\n"


def is_corrupt(exc: sqlite3.DatabaseError) -> bool:
    name = getattr(exc, "sqlite_errorname", "")
    return name in ("SQLITE_CORRUPT", "SQLITE_NOTADB") or (
        not name and any(s in str(exc) for s in ("not a database", "malformed"))
    )


class Corrupt(Exception):
    pass


class Note(str):
    """A warning that a corrupt file was moved aside. Its own type, so a front end that
    leaves the other warnings to the run's record can still say it: only the process
    that moved the file can."""


def moved_note(path: str, moved: str) -> Note:
    return Note(f"{path} was corrupt; moved it to {os.path.basename(moved)} and started afresh")


def _write(path: str, text: str) -> None:
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)


def make_folder(folder: StrPath) -> None:
    """Create ``folder`` like ``.pytest_cache``: ignored by git, tagged as a cache.

    It is filled in a temporary folder and renamed into place, so a process
    never sees it without its ``.gitignore`` (pytest's cacheprovider does the same).
    """
    if os.path.isdir(folder):
        return
    parent = os.path.dirname(folder)
    tmp = os.path.join(parent, f"{DIRNAME}-tmp-{os.getpid()}-{os.urandom(4).hex()}")
    os.mkdir(tmp)  # not mkdtemp: the folder gets the umask's mode, like any other
    try:
        _write(os.path.join(tmp, ".gitignore"), GITIGNORE)
        _write(os.path.join(tmp, "CACHEDIR.TAG"), CACHEDIR_TAG)
        with contextlib.suppress(OSError):
            os.rename(tmp, folder)  # another process may have won the race: fine
    finally:
        import shutil  # only when the folder is first made: readers start faster without it

        shutil.rmtree(tmp, ignore_errors=True)
    if not os.path.isdir(folder):
        raise NotADirectoryError(f"cannot create {folder}")


def connect(path: str) -> sqlite3.Connection:
    """An autocommit connection (writers say BEGIN IMMEDIATE) to an up-to-date file."""
    _writable_like(path)
    conn = sqlite3.connect(path, timeout=BUSY_TIMEOUT, isolation_level=None)
    try:
        conn.execute(f"PRAGMA busy_timeout = {int(BUSY_TIMEOUT * 1000)}")
        _wal(conn)
        conn.execute("PRAGMA synchronous = OFF")  # a cache: see the module's docstring
        conn.execute("PRAGMA foreign_keys = ON")
        migrate(conn)
    except sqlite3.DatabaseError as exc:
        conn.close()
        if is_corrupt(exc):
            raise Corrupt(str(exc)) from None
        raise
    except BaseException:
        conn.close()
        raise
    return conn


def _wal(conn: sqlite3.Connection) -> None:
    """Put the file in WAL mode (it stays so), waiting for another process's write
    as a busy timeout waits.

    A new file is in rollback mode until its first connection switches it. A
    second process that meets it then, while the first writes, is told "database
    is locked" at once, without its busy handler: SQLite will not let two
    connections wait on each other's locks. So the switch is tried again, for
    as long as the busy timeout allows.
    """
    deadline = time.monotonic() + BUSY_TIMEOUT
    while True:
        try:
            conn.execute("PRAGMA journal_mode = WAL")
            return
        except sqlite3.OperationalError as exc:
            if "locked" not in str(exc) or time.monotonic() > deadline:
                raise
        time.sleep(0.005)


def check(conn: Conn) -> None:
    """Read every page of the file; raise ``DatabaseError`` if one is damaged."""
    (result,) = conn.execute("PRAGMA quick_check(1)").fetchone()
    if result != "ok":  # some damage is a result row, not an exception
        raise sqlite3.DatabaseError(f"database disk image is malformed ({result})")


def _writable_like(path: str) -> None:
    """Give the WAL files back the write permission the database has.

    SQLite makes them with the database's mode: once it has been read-only, they
    stay so after it is writable again, and every later write is refused
    ("attempt to write a readonly database") until they are deleted by hand.
    chmod, not unlink: another process may have the -shm mapped.
    """
    try:
        wanted = os.stat(path).st_mode & 0o222
        for suffix in ("-wal", "-shm"):
            mode = os.stat(f"{path}{suffix}").st_mode
            if wanted & ~mode:
                os.chmod(f"{path}{suffix}", (mode | wanted) & 0o7777)
    except OSError:
        pass  # no file yet, or not ours to change: SQLite says what it cannot do


def quarantine(path: str, now: float) -> str:
    """Move a corrupt database (and its WAL files) aside; return where it went.

    The name is never one taken already: a second corruption in the same second
    must not overwrite the first file moved aside (``-2``, ``-3``, ... then).
    """
    stamp = time.strftime("%Y%m%dT%H%M%S", time.localtime(now))
    n = 1
    while True:
        target = f"{path}.corrupt-{stamp}" + (f"-{n}" if n > 1 else "")
        n += 1
        try:
            os.link(path, target)  # unlike a rename, fails rather than replace a file
        except FileExistsError:
            continue
        except FileNotFoundError:
            raise
        except OSError:  # a file system without hard links: look, then rename
            if os.path.lexists(target):
                continue
            os.replace(path, target)
            break
        with contextlib.suppress(FileNotFoundError):  # another process moved it too
            os.unlink(path)
        break
    for suffix in ("-wal", "-shm"):
        with contextlib.suppress(FileNotFoundError):
            os.unlink(f"{path}{suffix}")
    return target
