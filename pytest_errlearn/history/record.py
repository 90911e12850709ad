"""Recording a run, and what history says about its errors.

All of it happens in one ``BEGIN IMMEDIATE`` transaction: the reads that
decide a repeat, a fix's outcome or noise see exactly the runs recorded
before this one, however many processes record at once. The report is only
annotated once the transaction has committed.

Subjects: what passes or fails. For an error of a test, the test's node id;
otherwise the command key (``npm test``), which passes when the exit status is 0.

Outcomes of the fixes shown: one per failure per change of the code
(``outcomes.py``).

A run reads only the rows of its own subjects (index lookups, never a whole
table), and what a clean pass needs loads nothing of the detector: a clean
``errlearn run`` records itself on every start in a project with history.
The history keeps the last MAX_RUNS runs (``keep_runs``), and at most about
MAX_ERRORS error rows; the failure counts, outcomes and command keys of the
runs dropped go with them (``_prune``).

A run carries an id its client made (``uid``): a run recorded already (sent
again from the spool, or imported twice) is left as it is. The statements are
those of SQLite; on PostgreSQL ``pg.PgConn`` adapts them, and the few that
differ ask the connection's ``dialect``.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterable, Iterator, Sequence
from functools import cache

from .. import __version__
from ..redact import redact
from .commands import command_key
from .queries import success_text

TYPE_CHECKING = False  # mypy reads it as True: typing loads where it is used, not here
if TYPE_CHECKING:
    from typing import Any

    from ..report import Error, Report
    from .db import Conn

MAX_RUNS = 5000  # runs kept; older ones (and their errors) are dropped
MAX_ERRORS = 200_000  # error rows kept: a history of huge failing runs drops runs sooner
BASELINE_RUNS = 3  # passing runs a command key keeps the line templates of
PRUNE_EVERY = 64  # runs between prunings
EXAMPLE_LINES = 12
MAX_TEXT = 4000
CHUNK = 500  # parameters per IN (...) query, well under SQLite's limit

NOISE_NOTE = "also seen in passing runs: noise"


class _Row:
    """One error of the run, and what it is about."""

    __slots__ = ("err", "passing", "subject")

    def __init__(self, err: Error, subject: str, passing: bool) -> None:
        self.err = err
        self.subject = subject
        self.passing = passing


class _Notes:
    """What the transaction found, applied to the report after it commits.
    (Plain classes here: ``dataclasses`` would be the one costly import of a
    run's record, paid by every failing ``errlearn run``.)"""

    __slots__ = ("noisy", "notes", "success")

    def __init__(self) -> None:
        self.notes: list[tuple[Error, str]] = []
        self.success: list[tuple[Error, str]] = []
        self.noisy: set[int] = set()

    def apply(self, report: Report) -> None:
        for err, note in self.notes:
            if note not in err.notes:
                err.notes.append(note)
        for err, text in self.success:
            if err.match is not None:
                err.match.success = text
        demote_noise(report, self.noisy)


def demote_noise(report: Report, noisy: set[int]) -> None:
    """Choose the primary error among the errors that are not noise (when there are any)."""
    if report.primary_index not in noisy:
        return
    from ..detect.rootcause import primary_index

    keep = [i for i in range(len(report.errors)) if i not in noisy]
    if keep:
        best = primary_index([report.errors[i] for i in keep])
        report.primary_index = None if best is None else keep[best]


def _chunks(items: Sequence[str]) -> Iterator[Sequence[str]]:
    for i in range(0, len(items), CHUNK):
        yield items[i : i + CHUNK]


def _select_in(conn: Conn, sql: str, items: Iterable[str]) -> list[Any]:
    """``sql`` with ``{}`` standing for a list of placeholders, run over ``items``."""
    rows: list[Any] = []
    for part in _chunks(sorted(set(items))):
        rows += conn.execute(sql.format(", ".join("?" * len(part))), part).fetchall()
    return rows


def record_run(
    conn: Conn,
    report: Report,
    *,
    source: str,
    command: str,
    exit_code: int,
    passed: Sequence[str],
    repeat: int,
    now: float,
    templates: Iterable[int] = (),
    tree: Callable[[], str | None] = lambda: None,
    uid: str | None = None,
    keep_runs: int | None = None,
    replay: bool = False,
) -> bool:
    """Write one run; annotate ``report`` (see ``History.record``). ``tree``: the state
    of the code (``tree.fingerprint``), asked for only when the run shows or settles a fix.
    ``uid``: the run's own id; with ``replay`` (a run sent again), False and nothing
    written when a run with it is recorded. ``keep_runs``: runs kept, MAX_RUNS by default."""
    command = redact(command)
    key, tool = _key(conn, command)
    masked = cache(redact)  # a run repeats its test ids, messages and fixes: each masked once
    passed_set = {masked(p) for p in passed}  # test ids are stored redacted, so compared so
    if exit_code == 0:
        passed_set.add(key)
    rows = []
    for e in report.errors:
        subject = masked(e.test) if e.test else key
        rows.append(_Row(e, subject, subject in passed_set if e.test else exit_code == 0))
    failing = [r for r in rows if not r.passing]
    found = _Notes()
    shown = {(r.err.match.pattern, r.subject, r.err.signature) for r in failing if r.err.match}
    state = tree() if shown else None  # before the write lock: git takes a few ms
    conn.execute("BEGIN IMMEDIATE")
    try:
        if replay and conn.execute("SELECT 1 FROM runs WHERE uid = ?", (uid,)).fetchone():
            conn.execute("ROLLBACK")
            return False
        _noise(conn, report, rows, found)
        subjects = passed_set | {r.subject for r in failing}
        pending = _select_in(  # the fixes shown before, for the failures this run settles
            conn,
            "SELECT id, pattern, subject, signature, shown, tree FROM outcomes"
            " WHERE result IS NULL AND subject IN ({})",
            subjects,
        )
        if pending and not shown:
            state = tree()
        counts = _streaks(conn, failing, passed_set, key)
        if pending or shown:
            from .outcomes import decide  # a run that shows or settles no fix skips it

            again = {(r.subject, r.err.signature) for r in failing}
            decide(conn, pending, again, passed_set, shown, state, now)
            _success(conn, failing, found)
        _repeats(conn, failing, counts, repeat, found)
        run_id: int = conn.execute(
            "INSERT INTO runs (time, source, command, key, tool, exit_code, tree, uid)"
            " VALUES (?,?,?,?,?,?,?,?) RETURNING id",
            (now, source, command, key, tool, exit_code, state, uid),
        ).fetchone()[0]
        conn.execute(_FILE_KEY, (command, key, tool, __version__, run_id))
        if rows:
            conn.executemany(
                "INSERT INTO errors (run_id, subject, signature, tool, category, message, normal,"
                " example, test, pattern, fix, passing) VALUES (?,?,?,?,?,?,?,?,?,?,?,?)",
                [(run_id, r.subject, *_columns(r.err, masked), r.passing) for r in rows],
            )
        if failing:
            conn.execute(_COUNT_FAILURES, (key, command, run_id))
        if exit_code == 0 and templates:
            _passing_lines(conn, key, run_id, templates)
        if run_id % PRUNE_EVERY == 0:
            keep = MAX_RUNS if keep_runs is None else keep_runs
            _prune(conn, _oldest_dropped(conn, run_id, keep))
        conn.execute("COMMIT")
    except BaseException:
        with contextlib.suppress(Exception):  # the first error is the one to report
            conn.execute("ROLLBACK")
        raise
    found.apply(report)
    return True


def _key(conn: Conn, command: str) -> tuple[str, str | None]:
    """``command``'s key and tool: as this errlearn filed them before, else worked out
    (which loads the format table)."""
    row = conn.execute(
        "SELECT key, tool FROM command_keys WHERE command = ? AND version = ?",
        (command, __version__),
    ).fetchone()
    if row is not None:
        return row[0], row[1]
    from ..detect.hints import tool_from_command

    return command_key(command), tool_from_command(command)


_FILE_KEY = (
    "INSERT INTO command_keys (command, key, tool, version, last_run) VALUES (?, ?, ?, ?, ?)"
    " ON CONFLICT (command) DO UPDATE SET key = excluded.key, tool = excluded.tool,"
    " version = excluded.version, last_run = excluded.last_run"
)

# A run's failing errors added to its key's ``failures``: how often, the newest, its command.
_COUNT_FAILURES = (
    "INSERT INTO failures (key, signature, times, last_error, command)"
    " SELECT ?, signature, COUNT(*), MAX(id), ? FROM errors"
    " WHERE run_id = ? AND passing = 0 GROUP BY signature"
    " ON CONFLICT (key, signature) DO UPDATE SET times = failures.times + excluded.times,"
    " last_error = excluded.last_error, command = excluded.command"
)


def _passing_lines(conn: Conn, key: str, run_id: int, templates: Iterable[int]) -> None:
    """Keep a passing run's line templates for its key, and those of the
    BASELINE_RUNS passing runs before it at most."""
    conn.executemany(
        "INSERT INTO passing_lines (key, run_id, template) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
        [(key, run_id, t) for t in templates],
    )
    conn.execute(
        "DELETE FROM passing_lines WHERE key = ? AND run_id < (SELECT MIN(run_id) FROM"
        " (SELECT DISTINCT run_id FROM passing_lines WHERE key = ? ORDER BY run_id DESC"
        " LIMIT ?) AS kept)",
        (key, key, BASELINE_RUNS),
    )


def _oldest_dropped(conn: Conn, run_id: int, keep_runs: int) -> int:
    """The newest run a pruning at ``run_id`` drops: ``keep_runs`` back, or more when the
    error rows kept would pass MAX_ERRORS (ids only grow, and rows go oldest first,
    so the newest id less MAX_ERRORS is where the rows to keep start).

    On PostgreSQL the ids are the server's, shared by its projects: the runs and
    error rows are counted back (over the project's own, row security's scope)."""
    if getattr(conn, "dialect", "sqlite") == "postgres":
        return _oldest_dropped_counted(conn, run_id, keep_runs)
    last = run_id - keep_runs
    row = conn.execute(
        "SELECT run_id FROM errors WHERE id <= (SELECT MAX(id) FROM errors) - ?"
        " ORDER BY id DESC LIMIT 1",
        (MAX_ERRORS,),
    ).fetchone()
    if row is not None:
        last = max(last, min(row[0], run_id - 1))  # never the run being recorded
    return last


def _oldest_dropped_counted(conn: Any, run_id: int, keep_runs: int) -> int:
    row = conn.execute("SELECT id FROM runs ORDER BY id DESC LIMIT 1 OFFSET ?", (keep_runs,))
    found = row.fetchone()
    last: int = found[0] if found else 0
    row = conn.execute(
        "SELECT run_id FROM errors ORDER BY id DESC LIMIT 1 OFFSET ?", (MAX_ERRORS,)
    ).fetchone()
    if row is not None:
        last = max(last, min(row[0], run_id - 1))  # never the run being recorded
    return last


def _prune(conn: Conn, last: int) -> None:
    """Drop the runs up to ``last`` (their errors go with them), and their failures
    from the counts; a failure none of whose runs is left goes too. The newest
    error of a failure that stays is newer than any dropped: ``last_error`` holds.
    The outcomes of fixes shown before the oldest run kept, and the keys of command
    lines not run since, go too: what is kept is the last runs' story."""
    gone = conn.execute(
        "SELECT COUNT(*), r.key, e.signature FROM runs r JOIN errors e ON e.run_id = r.id"
        " WHERE r.id <= ? AND e.passing = 0 GROUP BY r.key, e.signature",
        (last,),
    ).fetchall()
    conn.executemany("UPDATE failures SET times = times - ? WHERE key = ? AND signature = ?", gone)
    conn.executemany(
        "DELETE FROM failures WHERE key = ? AND signature = ? AND times <= 0",
        [(key, signature) for _, key, signature in gone],
    )
    conn.execute("DELETE FROM runs WHERE id <= ?", (last,))
    conn.execute(
        "DELETE FROM outcomes WHERE shown < (SELECT time FROM runs"
        " WHERE id = (SELECT MIN(id) FROM runs))"
    )
    conn.execute("DELETE FROM command_keys WHERE last_run <= ?", (last,))


def _columns(err: Error, masked: Callable[[str], str]) -> tuple[Any, ...]:
    from ..detect.signature import normalize  # loaded once, for a run with errors

    message = masked(err.message)[:MAX_TEXT]
    example = masked("\n".join(err.block[:EXAMPLE_LINES]) or err.text)[:MAX_TEXT]
    match = err.match
    return (
        err.signature,
        err.tool,
        err.category,
        message,
        normalize(message),
        example,
        masked(err.test) if err.test else None,
        match.pattern if match else None,
        masked(match.fix) if match else None,
    )


def _noise(conn: Conn, report: Report, rows: list[_Row], found: _Notes) -> None:
    """Failures whose signature also turns up where everything passed."""
    failing = {r.err.signature for r in rows if not r.passing}
    if not failing:
        return
    noise = {r.err.signature for r in rows if r.passing}
    noise |= {
        s
        for (s,) in _select_in(
            conn,
            "SELECT DISTINCT signature FROM errors WHERE passing = 1 AND signature IN ({})",
            failing,
        )
    }
    for i, err in enumerate(report.errors):
        if err.signature in noise & failing:
            found.notes.append((err, NOISE_NOTE))
            found.noisy.add(i)


def _streaks(
    conn: Conn, failing: list[_Row], passed: set[str], key: str
) -> dict[tuple[str, str], int]:
    """Count runs in a row per (subject, signature) failing now; the counts.

    A subject that failed some other way keeps its other failures at 0 runs: not
    passed since, ``errlearn learn`` still lists them. A subject that passed has
    none left.
    """
    now: dict[str, set[str]] = {}
    for r in failing:
        now.setdefault(r.subject, set()).add(r.err.signature)
    ran = _select_in(
        conn,
        "SELECT subject, signature, runs FROM streaks WHERE subject IN ({})",
        passed | set(now) | {key},
    )
    before = {(s, g): n for s, g, n in ran if s in now}
    counts = {(s, g): before.get((s, g), 0) + 1 for s, sigs in now.items() for g in sigs}
    gone = {s for s, _, _ in ran if s in passed and s not in now}
    conn.executemany("DELETE FROM streaks WHERE subject = ?", [(s,) for s in gone])
    conn.executemany(  # failed otherwise: the count starts again from zero
        "UPDATE streaks SET runs = 0 WHERE subject = ? AND signature = ?",
        [(s, g) for s, g, n in ran if n and s not in gone and (s, g) not in counts],
    )
    conn.executemany(
        "INSERT INTO streaks (subject, signature, runs) VALUES (?, ?, ?)"
        " ON CONFLICT (subject, signature) DO UPDATE SET runs = excluded.runs",
        [(s, g, n) for (s, g), n in counts.items()],
    )
    return counts


def _repeats(
    conn: Conn,
    failing: list[_Row],
    counts: dict[tuple[str, str], int],
    repeat: int,
    found: _Notes,
) -> None:
    """Call out the failures at ``repeat`` runs in a row, and say the known fix has not
    helped where it failed after a change of the code (since it last worked): how often."""
    repeated = [r for r in failing if counts[(r.subject, r.err.signature)] >= repeat > 0]
    pairs = {(r.err.match.pattern, r.err.signature) for r in repeated if r.err.match}
    failed: dict[tuple[str, str], int] = {}  # per (pattern, signature): asked once
    if pairs:
        from .outcomes import not_helped_all

        failed = not_helped_all(conn, sorted(pairs))
    for r in repeated:
        n = counts[(r.subject, r.err.signature)]
        note = f"failing the same way for {n} runs"
        if r.err.match is not None:
            pair = (r.err.match.pattern, r.err.signature)
            if changes := failed[pair]:
                s = "s" if changes != 1 else ""
                note += f"; the known fix has not helped after {changes} code change{s}"
        found.notes.append((r.err, note))


def _success(conn: Conn, failing: list[_Row], found: _Notes) -> None:
    """Beside each fix shown now, how often it worked (``worked 2 of 3 times``)."""
    rates = {
        p: (w, n)
        for p, w, n in _select_in(
            conn,
            "SELECT pattern, COUNT(result = 'worked' OR NULL), COUNT(result) FROM outcomes"
            " WHERE pattern IN ({}) GROUP BY pattern",
            {r.err.match.pattern for r in failing if r.err.match},
        )
    }
    for r in failing:
        if r.err.match is not None:
            worked, total = rates.get(r.err.match.pattern, (0, 0))
            if total:
                found.success.append((r.err, success_text(worked, total)))
