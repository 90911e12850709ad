"""Opening the history: ``.errlearn/history.sqlite3`` under the project root, or a
PostgreSQL server named by a history URL (``ERRLEARN_HISTORY_URL``, else
``[tool.errlearn] history = "postgresql://..."``).

History is a convenience, never a reason for a run to fail: a history that
cannot be opened is off with one warning line (``sqlitefile.py`` for the file,
``remote.py`` for a server), and any database error after that is one warning
and a no-op. On a server, a run that could not be written is kept in the
spool and sent by the next run that can (``spool.py``). Both backends run the
same statements (``pg.PgConn`` adapts them) behind this one class.
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
from .schema import TooNew
from .sqlitefile import Corrupt, check, connect, is_corrupt, make_folder, moved_note, quarantine

TYPE_CHECKING = False  # mypy reads it as True: typing loads where it is used, not here
if TYPE_CHECKING:
    from collections.abc import Iterable, Iterator
    from types import TracebackType
    from typing import Any, Literal, TypeVar

    from ..report import Report
    from .db import Conn
    from .rows import Candidate, Hint, PatternStats, Recorded
    from .spool import Spool

    T = TypeVar("T")
    StrPath = str | os.PathLike[str]  # a folder or file, as a str or a Path

__all__ = ["History", "make_folder", "remember"]

Warn = Callable[[str], None]
LOOKUP = "?"  # History.open's url: the project's own setting


_said: set[str] = set()


def _stderr(message: str) -> None:
    """The default warning: once per process (hints before a run, then recording it)."""
    if message not in _said:
        _said.add(message)
        print(f"errlearn: warning: {message}", file=sys.stderr)


class History:
    """The project's record of runs, errors, and what the fixes shown achieved."""

    def __init__(
        self,
        path: str,
        conn: Conn,
        warn: Warn,
        *,
        root: str | None = None,
        errors: tuple[type[BaseException], ...] = (sqlite3.Error,),
        spool: Spool | None = None,
        repair: bool = True,
    ) -> None:
        self.path = path  # the database file, or the server's URL without its password
        if root is None:
            root = os.path.dirname(os.path.dirname(os.path.abspath(path)))
        self._conn = conn
        self._warn = warn
        self._warned = False
        self.repair = repair  # a corrupt file is moved aside (``open``'s ``repair``)
        self._errors = errors  # what a read or write may raise: a warning, not a failure
        self.spool = spool  # a server's history: where a run that cannot be sent waits
        self.keep_runs: int | None = None  # runs kept (``keep_runs``); None: record.MAX_RUNS
        self.clock: Callable[[], float] = time.time  # tests move time forward
        # The state of the project's code, asked for when a run shows or settles a fix.
        self.tree: Callable[[], str | None] = lambda: _tree(root)

    @property
    def dialect(self) -> str:
        return getattr(self._conn, "dialect", "sqlite")

    @classmethod
    def open(
        cls,
        root: StrPath,
        *,
        create: bool = True,
        warn: Warn | None = None,
        url: str | None = LOOKUP,
        repair: bool = True,
    ) -> History | None:
        """The history under ``root``, or None (after one ``warn`` line) when it cannot be used.

        ``warn`` gets each problem as one line without a prefix (the plugin
        shows it among its faults); by default it goes to stderr as
        ``errlearn: warning: ...``. ``create=False`` is for readers: no
        history yet is None, silently. ``url``: a PostgreSQL history's; by
        default the project's setting, None for the SQLite file whatever it says.
        ``repair=False`` leaves a corrupt file where it is (the history is then
        off): for a reader whose warnings nobody sees, as the moving needs its note.
        """
        warn = warn or _stderr
        if url == LOOKUP:
            from .remote import configured_url

            url = configured_url(os.fspath(root))
        if url:
            return cls._open_server(os.fspath(root), url, warn, writing=create)
        folder = os.path.join(root, DIRNAME)  # os.path, not pathlib: a run's start-up
        path = os.path.join(folder, FILENAME)
        if not create and not os.path.isfile(path):
            return None
        try:
            make_folder(folder)
            try:
                conn = connect(path)
            except Corrupt:
                if not repair:
                    raise
                moved = quarantine(path, time.time())
                warn(moved_note(path, moved))
                conn = connect(path)
        except TooNew as exc:
            warn(f"history is off: {path} is from a newer errlearn ({exc})")
            return None
        except (OSError, sqlite3.Error, Corrupt) as exc:
            reason = getattr(exc, "strerror", None) or str(exc)
            # What the caller came to do: a reader is told it cannot read the file.
            where = f"write {folder}" if create else f"read {path}"
            warn(f"history is off: cannot {where} ({reason})")
            return None
        return cls(path, conn, warn, repair=repair)

    @classmethod
    def _open_server(cls, root: str, url: str, warn: Warn, *, writing: bool) -> History | None:
        from . import pg, remote
        from .spool import Spool

        conn = remote.connect(root, url, warn, writing=writing)
        if conn is None:
            return None
        errors = pg.driver_errors()
        return cls(pg.safe_url(url), conn, warn, root=root, errors=errors, spool=Spool(root))

    def close(self) -> None:
        self._conn.close()

    def __enter__(self) -> History:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.close()

    def _guard(self, action: Callable[[Conn], T], default: T, note: str = "") -> T:
        """Run ``action``; a corrupt file is replaced once, any other failure is one warning."""
        for attempt in (1, 2):
            try:
                return action(self._conn)
            except self._errors as exc:
                corrupt = isinstance(exc, sqlite3.DatabaseError) and is_corrupt(exc)
                if attempt == 1 and corrupt and self._start_afresh():
                    continue
                if not self._warned:
                    self._warned = True
                    self._warn(f"history not updated: {self._describe(exc)}{note}")
                return default
        return default  # pragma: no cover - the loop always returns

    def _describe(self, exc: BaseException) -> str:
        if self.spool is None:
            return str(exc)
        from .pg import one_line

        return one_line(exc, getattr(self._conn, "url", ""))

    def _start_afresh(self) -> bool:
        if not self.repair:
            return False
        self._conn.close()
        try:
            moved = quarantine(self.path, self.clock())
            self._conn = connect(self.path)
        except (OSError, sqlite3.Error, Corrupt, TooNew):
            self._conn = sqlite3.connect(":memory:")  # keeps later calls harmless
            return False
        self._warn(moved_note(self.path, moved))
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

        run: dict[str, Any] = {
            "source": source,
            "command": command,
            "exit_code": exit_code,
            "passed": list(passed),
            "repeat": repeat,
            "templates": list(templates),
            "now": self.clock(),
            "uid": os.urandom(16).hex(),  # the run's own id: sent again, it is known
        }
        later = "" if self.spool is None else "; this run is kept in .errlearn/spool to send later"
        done = self._guard(
            lambda conn: record_run(conn, report, **run, tree=self.tree, keep_runs=self.keep_runs),
            False,
            later,
        )
        if not done and self.spool is not None:
            self.spool_run(report, **run)

    def spool_run(self, report: Report, **run: Any) -> None:
        """Keep a run that could not be written, to send later (``spool.py``)."""
        from .spool import keep

        if self.spool is not None:
            keep(self.spool, report, self.tree, self._warn, **run)

    def flush_spool(self) -> int:
        """Send the runs kept in the spool, oldest first; how many were sent. Stops at
        the first that cannot be: it and the rest wait for the next run."""
        from functools import partial

        from .spool import replay

        if self.spool is None:
            return 0
        sent = 0
        for entry in self.spool.entries():
            send = partial(replay, entry=entry, keep_runs=self.keep_runs)
            done = self._guard(send, None)
            if done is None:
                break
            self.spool.done(entry)
            sent += done
        return sent

    def mark_learned(self, signature: str, pattern: str, fix: str) -> None:
        """Note that ``signature`` now has a pattern: it leaves the candidates list,
        and hints show its fix before the pattern has ever matched."""
        now = self.clock()
        self._guard(
            lambda conn: conn.execute(
                "INSERT INTO learned (signature, pattern, fix, time) VALUES (?, ?, ?, ?)"
                " ON CONFLICT (signature) DO UPDATE SET pattern = excluded.pattern,"
                " fix = excluded.fix, time = excluded.time",
                (signature, pattern, redact(fix), now),
            ),
            None,
        )

    @property
    def errors(self) -> tuple[type[BaseException], ...]:
        """What this history's reads and writes may raise."""
        return self._errors

    def export_lines(self) -> Iterator[str]:
        """The history as JSON Lines (``transfer.py``); raises ``errors``."""
        from .transfer import export_lines

        with self._moving_corrupt():
            yield from export_lines(self._conn)

    def import_lines(self, lines: Iterable[str]) -> dict[str, int]:
        """Add an export's runs and the rest that are not here yet; how many of each."""
        from .transfer import import_lines

        with self._moving_corrupt():
            return import_lines(self._conn, lines)

    @contextlib.contextmanager
    def _moving_corrupt(self) -> Iterator[None]:
        """A file found corrupt is moved aside (its note said), then the error goes on:
        the command that met it fails, as a run's reads and writes do not."""
        try:
            yield
        except sqlite3.DatabaseError as exc:
            if is_corrupt(exc):
                self._start_afresh()
            raise

    def refresh_cache(self) -> None:
        """A server's history: rewrite this machine's copy of its hints (``hintcache``)."""
        if self.spool is None:
            return
        from . import hintcache

        conn: Any = self._conn
        root = self.spool.root
        try:
            self._guard(lambda c: hintcache.refresh(c, root, conn.url, conn.project), None)
        except OSError as exc:
            self._warn(f"hints cache not written: {exc.strerror or exc}")

    # -- reading ------------------------------------------------------------

    def check(self) -> None:
        """Read the whole file once, as a run's record does: damage a lookup through
        the indexes never reaches is found, and the file moved aside with its note."""
        if self.dialect == "sqlite":
            self._guard(check, None)

    def hints(self, command: str, limit: int = 3) -> list[Hint]:
        """Up to ``limit`` known failures of ``command``, most relevant first."""
        return self._guard(lambda conn: queries.hints(conn, command, limit), [])

    def baseline(self, command: str) -> frozenset[int]:
        """The line templates of the last passing runs of ``command``'s key."""

        def read(conn: Conn) -> frozenset[int]:
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

        def find(conn: Conn) -> str | None:
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

        def oldest(conn: Conn) -> float | None:
            when: float | None = conn.execute("SELECT MIN(time) FROM runs").fetchone()[0]
            return when

        return self._guard(oldest, None)


def _tree(root: str) -> str | None:
    from .tree import fingerprint  # only for a run that shows or settles a fix

    return fingerprint(root)


from .remember import remember  # noqa: E402  (it opens the History above)
