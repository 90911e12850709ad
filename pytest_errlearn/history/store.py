"""Opening the history: ``.errlearn/history.sqlite3`` under the project root.

History is a convenience, never a reason for a run to fail: a folder that
cannot be written turns it off with one warning line, a corrupt file is moved
aside and a fresh one made, and any database error after that is one warning
and a no-op. WAL and a busy timeout let several processes (parallel CI jobs,
a test session beside an ``errlearn run``) record at once.

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
import sys
import time
from collections.abc import Callable

from ..paths import HISTORY_FILE as FILENAME
from ..paths import STATE_DIR as DIRNAME
from ..redact import redact
from . import queries
from .db import sqlite3
from .schema import TooNew, migrate

TYPE_CHECKING = False  # mypy reads it as True: typing loads where it is used, not here
if TYPE_CHECKING:
    from collections.abc import Iterable
    from pathlib import Path
    from types import TracebackType
    from typing import Literal, TypeVar

    from ..report import Report
    from .rows import Candidate, Hint, PatternStats, Recorded

    T = TypeVar("T")
    StrPath = str | os.PathLike[str]  # a folder or file, as a str or a Path

BUSY_TIMEOUT = 5.0  # seconds a writer waits for another's transaction
CACHEDIR_TAG = (
    "Signature: 8a477f597d28d172789f06886806bc55\n"
    "# This file is a cache directory tag created by errlearn.\n"
    "# For information about cache directory tags, see:\n"
    "#\thttps://bford.info/cachedir/spec.html\n"
)
GITIGNORE = "# Created by errlearn automatically.\n*\n"

Warn = Callable[[str], None]


_said: set[str] = set()


def _stderr(message: str) -> None:
    """The default warning: once per process (hints before a run, then recording it)."""
    if message not in _said:
        _said.add(message)
        print(f"errlearn: warning: {message}", file=sys.stderr)


def _is_corrupt(exc: sqlite3.DatabaseError) -> bool:
    name = getattr(exc, "sqlite_errorname", "")
    return name in ("SQLITE_CORRUPT", "SQLITE_NOTADB") or (
        not name and any(s in str(exc) for s in ("not a database", "malformed"))
    )


class _Corrupt(Exception):
    pass


def _moved_note(path: str, moved: str) -> str:
    return f"{path} was corrupt; moved it to {os.path.basename(moved)} and started afresh"


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
    conn = sqlite3.connect(path, timeout=BUSY_TIMEOUT, isolation_level=None)
    try:
        conn.execute(f"PRAGMA busy_timeout = {int(BUSY_TIMEOUT * 1000)}")
        conn.execute("PRAGMA journal_mode = WAL")
        conn.execute("PRAGMA synchronous = OFF")  # a cache: see the module's docstring
        conn.execute("PRAGMA foreign_keys = ON")
        migrate(conn)
    except sqlite3.DatabaseError as exc:
        conn.close()
        if _is_corrupt(exc):
            raise _Corrupt(str(exc)) from None
        raise
    except BaseException:
        conn.close()
        raise
    return conn


def quarantine(path: str, now: float) -> str:
    """Move a corrupt database (and its WAL files) aside; return where it went."""
    stamp = time.strftime("%Y%m%dT%H%M%S", time.localtime(now))
    target = f"{path}.corrupt-{stamp}"
    os.replace(path, target)
    for suffix in ("-wal", "-shm"):
        with contextlib.suppress(FileNotFoundError):
            os.unlink(f"{path}{suffix}")
    return target


class History:
    """The project's record of runs, errors, and what the fixes shown achieved."""

    def __init__(self, path: str, conn: sqlite3.Connection, warn: Warn) -> None:
        self.path = path  # the database file
        folder = os.path.dirname(os.path.abspath(path))
        self._conn = conn
        self._warn = warn
        self._warned = False
        self.clock: Callable[[], float] = time.time  # tests move time forward
        # The state of the project's code, asked for when a run shows or settles a fix.
        self.tree: Callable[[], str | None] = lambda: _tree(os.path.dirname(folder))

    @classmethod
    def open(
        cls, root: StrPath, *, create: bool = True, warn: Warn | None = None
    ) -> History | None:
        """The history under ``root``, or None (after one ``warn`` line) when it cannot be used.

        ``warn`` gets each problem as one line without a prefix (the plugin
        shows it among its faults); by default it goes to stderr as
        ``errlearn: warning: ...``. ``create=False`` is for readers: no
        history yet is None, silently.
        """
        warn = warn or _stderr
        folder = os.path.join(root, DIRNAME)  # os.path, not pathlib: a run's start-up
        path = os.path.join(folder, FILENAME)
        if not create and not os.path.isfile(path):
            return None
        try:
            make_folder(folder)
            try:
                conn = connect(path)
            except _Corrupt:
                moved = quarantine(path, time.time())
                warn(_moved_note(path, moved))
                conn = connect(path)
        except TooNew as exc:
            warn(f"history is off: {path} is from a newer errlearn ({exc})")
            return None
        except (OSError, sqlite3.Error, _Corrupt) as exc:
            reason = getattr(exc, "strerror", None) or str(exc)
            warn(f"history is off: cannot write {folder} ({reason})")
            return None
        return cls(path, conn, warn)

    def close(self) -> None:
        self._conn.close()

    def __enter__(self) -> History:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.close()

    def _guard(self, action: Callable[[sqlite3.Connection], T], default: T) -> T:
        """Run ``action``; a corrupt file is replaced once, any other failure is one warning."""
        for attempt in (1, 2):
            try:
                return action(self._conn)
            except sqlite3.Error as exc:
                corrupt = isinstance(exc, sqlite3.DatabaseError) and _is_corrupt(exc)
                if attempt == 1 and corrupt and self._start_afresh():
                    continue
                if not self._warned:
                    self._warned = True
                    self._warn(f"history not updated: {exc}")
                return default
        return default  # pragma: no cover - the loop always returns

    def _start_afresh(self) -> bool:
        self._conn.close()
        try:
            moved = quarantine(self.path, self.clock())
            self._conn = connect(self.path)
        except (OSError, sqlite3.Error, _Corrupt, TooNew):
            self._conn = sqlite3.connect(":memory:")  # keeps later calls harmless
            return False
        self._warn(_moved_note(self.path, moved))
        return True

    # -- writing ------------------------------------------------------------

    def record(
        self,
        report: Report,
        *,
        source: Literal["run", "pytest", "hook"],
        command: str,
        exit_code: int,
        passed: Iterable[str] = (),
        repeat: int = 3,
        templates: Iterable[int] = (),
    ) -> None:
        """Record a run and its errors, and annotate ``report`` from what came before.

        ``passed``: the ids of what passed (pytest node ids); the command itself
        passed when ``exit_code`` is 0. Annotations: ``err.notes`` for failures
        repeated ``repeat`` runs in a row and for noise (also seen in passing
        runs; never the primary), ``err.match.success`` for fixes with outcomes.
        ``templates``: those of a passing run's lines, kept as its command's
        baseline (``detect.baseline``).
        """
        from .record import record_run  # writers only: readers (hints) skip its imports

        passed = list(passed)
        now = self.clock()
        self._guard(
            lambda conn: record_run(
                conn,
                report,
                source=source,
                command=command,
                exit_code=exit_code,
                passed=passed,
                repeat=repeat,
                now=now,
                templates=templates,
                tree=self.tree,
            ),
            None,
        )

    def mark_learned(self, signature: str, pattern: str, fix: str) -> None:
        """Note that ``signature`` now has a pattern: it leaves the candidates list,
        and hints show its fix before the pattern has ever matched."""
        now = self.clock()
        self._guard(
            lambda conn: conn.execute(
                "INSERT OR REPLACE INTO learned VALUES (?, ?, ?, ?)",
                (signature, pattern, redact(fix), now),
            ),
            None,
        )

    # -- reading ------------------------------------------------------------

    def hints(self, command: str, limit: int = 3) -> list[Hint]:
        """Up to ``limit`` known failures of ``command``, most relevant first."""
        return self._guard(lambda conn: queries.hints(conn, command, limit), [])

    def baseline(self, command: str) -> frozenset[int]:
        """The line templates of the last passing runs of ``command``'s key."""

        def read(conn: sqlite3.Connection) -> frozenset[int]:
            rows = conn.execute(
                "SELECT template FROM passing_lines WHERE key = ?",
                (queries.key_of(conn, redact(command)),),  # as ``record`` keys it
            )
            return frozenset(t for (t,) in rows)

        return self._guard(read, frozenset())

    def candidates(self, limit: int | None = None) -> list[Candidate]:
        """Failures no pattern knows yet, the most frequent and recent first."""
        return self.unknown(limit)[0]

    def unknown(self, limit: int | None = None) -> tuple[list[Candidate], int]:
        """Up to ``limit`` of the failures no pattern knows yet, the most frequent and
        recent first, and how many there are in all. A failure whose tests (or command)
        have since passed or failed otherwise is no longer one."""
        none: tuple[list[Candidate], int] = ([], 0)
        return self._guard(lambda conn: queries.candidates(conn, limit), none)

    def resolve(self, prefix: str) -> list[str]:
        """The recorded signatures that start with ``prefix``."""
        return self._guard(lambda conn: queries.resolve(conn, prefix), [])

    def candidate(self, signature: str) -> Candidate | None:
        """What history knows of one signature (matched or not)."""
        return self._guard(lambda conn: queries.candidate(conn, signature), None)

    def learned(self, signature: str) -> str | None:
        """The id of the pattern ``errlearn learn`` wrote for ``signature``, if any."""

        def find(conn: sqlite3.Connection) -> str | None:
            row = conn.execute("SELECT pattern FROM learned WHERE signature = ?", (signature,))
            found: tuple[str] | None = row.fetchone()
            return found[0] if found else None

        return self._guard(find, None)

    def failures(self, signature: str | None = None, limit: int = 2000) -> list[Recorded]:
        """The newest failing error of each signature (of ``signature``: one per
        message), newest first; none when the history cannot be read."""
        return self._guard(lambda conn: queries.failures(conn, signature, limit), [])

    def pattern_stats(self) -> list[PatternStats]:
        """Per pattern ever matched: hits, last seen, outcomes, hits in passing runs."""
        return self._guard(queries.pattern_stats, [])

    def success_rate(self, pattern: str) -> float | None:
        """``pattern``'s smoothed success rate (0.5 with no outcomes), None if never shown."""
        return self._guard(lambda conn: queries.success_rate(conn, pattern), None)

    def first_run(self) -> float | None:
        """When the oldest recorded run happened."""

        def oldest(conn: sqlite3.Connection) -> float | None:
            when: float | None = conn.execute("SELECT MIN(time) FROM runs").fetchone()[0]
            return when

        return self._guard(oldest, None)


def _tree(root: str) -> str | None:
    from .tree import fingerprint  # only for a run that shows or settles a fix

    return fingerprint(root)


def remember(
    report: Report,
    *,
    source: Literal["run", "pytest", "hook"],
    command: str,
    exit_code: int,
    passed: Iterable[str] = (),
    start: Path | None = None,
    warn: Warn | None = None,
    templates: Iterable[int] = (),
) -> None:
    """Record a finished run in its project's history, when history is on; never raises.

    The one call for front ends: reads the settings (``[tool.errlearn] history``
    and ``repeat``) from the project around ``start``, then ``History.record``.
    A clean pass makes no history where there is none: it would have nothing to settle.
    """
    from ..config import ConfigError, load_settings

    warn = warn or _stderr
    try:
        settings = load_settings(start)
    except ConfigError as exc:
        warn(f"history not updated: {exc}")
        return
    if not settings.history:
        return
    create = exit_code != 0 or bool(report.errors)
    history = History.open(settings.root_dir, create=create, warn=warn)
    if history is not None:
        with history:
            history.record(
                report,
                source=source,
                command=command,
                exit_code=exit_code,
                passed=passed,
                repeat=settings.repeat,
                templates=templates,
            )
