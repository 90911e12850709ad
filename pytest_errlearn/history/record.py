"""Recording a run, and what history says about its errors.

All of it happens in one ``BEGIN IMMEDIATE`` transaction: the reads that
decide a repeat, a fix's outcome or noise see exactly the runs recorded
before this one, however many processes record at once. The report is only
annotated once the transaction has committed.

Subjects: what passes or fails. For an error of a test, the test's node id;
otherwise the command key (``npm test``), which passes when the exit status is 0.

Outcomes follow the case scores of the seed ``002``: a fix shown for a
subject's failure worked if the subject's next run passes, failed if that run
fails with the same signature again (any other result leaves it pending).
"""

from __future__ import annotations

import contextlib
import sqlite3
from collections.abc import Callable, Iterable, Iterator, Sequence
from functools import cache
from typing import Any, NamedTuple

from ..detect.hints import tool_from_command
from ..detect.rootcause import primary_index
from ..detect.signature import normalize
from ..redact import redact
from ..report import Error, Report
from .commands import command_key
from .queries import success_text

MAX_RUNS = 5000  # runs kept; older ones (and their errors) are dropped
BASELINE_RUNS = 3  # passing runs a command key keeps the line templates of
PRUNE_EVERY = 64  # runs between prunings
EXAMPLE_LINES = 12
MAX_TEXT = 4000
CHUNK = 500  # parameters per IN (...) query, well under SQLite's limit

NOISE_NOTE = "also seen in passing runs: noise"


class _Row(NamedTuple):
    err: Error
    subject: str
    passing: bool


class _Notes:
    """What the transaction found, applied to the report after it commits.
    (Plain classes here: ``dataclasses`` would be the one import of a run's
    record that costs, 5 ms of every failing ``errlearn run``.)"""

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
    keep = [i for i in range(len(report.errors)) if i not in noisy]
    if keep:
        best = primary_index([report.errors[i] for i in keep])
        report.primary_index = None if best is None else keep[best]


def _chunks(items: Sequence[str]) -> Iterator[Sequence[str]]:
    for i in range(0, len(items), CHUNK):
        yield items[i : i + CHUNK]


def _select_in(conn: sqlite3.Connection, sql: str, items: Iterable[str]) -> list[Any]:
    """``sql`` with ``{}`` standing for a list of placeholders, run over ``items``."""
    rows: list[Any] = []
    for part in _chunks(sorted(set(items))):
        rows += conn.execute(sql.format(", ".join("?" * len(part))), part).fetchall()
    return rows


def record_run(
    conn: sqlite3.Connection,
    report: Report,
    *,
    source: str,
    command: str,
    exit_code: int,
    passed: Sequence[str],
    repeat: int,
    now: float,
    templates: Iterable[int] = (),
) -> None:
    """Write one run; annotate ``report`` (see ``History.record``)."""
    command = redact(command)
    key = command_key(command)
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
    conn.execute("BEGIN IMMEDIATE")
    try:
        _noise(conn, report, rows, found)
        pending = conn.execute(
            "SELECT id, subject, signature FROM outcomes WHERE result IS NULL"
        ).fetchall()  # the fixes shown before, for the failures this run settles
        _streaks(conn, failing, passed_set, key, repeat, {(s, g) for _, s, g in pending}, found)
        _outcomes(conn, failing, passed_set, now, pending, found)
        cur = conn.execute(
            "INSERT INTO runs (time, source, command, key, tool, exit_code) VALUES (?,?,?,?,?,?)",
            (now, source, command, key, tool_from_command(command), exit_code),
        )
        run_id = cur.lastrowid
        conn.executemany(
            "INSERT INTO errors (run_id, subject, signature, tool, category, message, normal,"
            " example, test, pattern, fix, passing) VALUES (?,?,?,?,?,?,?,?,?,?,?,?)",
            [(run_id, r.subject, *_columns(r.err, masked), r.passing) for r in rows],
        )
        if failing:
            conn.execute(_COUNT_FAILURES, (key, command, run_id))
        if exit_code == 0 and templates:
            _passing_lines(conn, key, run_id, templates)
        if run_id is not None and run_id % PRUNE_EVERY == 0:
            _prune(conn, run_id - MAX_RUNS)
        conn.execute("COMMIT")
    except BaseException:
        with contextlib.suppress(sqlite3.Error):  # the first error is the one to report
            conn.execute("ROLLBACK")
        raise
    found.apply(report)


# A run's failing errors added to its key's ``failures``: how often, the newest, its command.
_COUNT_FAILURES = (
    "INSERT INTO failures (key, signature, times, last_error, command)"
    " SELECT ?, signature, COUNT(*), MAX(id), ? FROM errors"
    " WHERE run_id = ? AND passing = 0 GROUP BY signature"
    " ON CONFLICT (key, signature) DO UPDATE SET times = times + excluded.times,"
    " last_error = excluded.last_error, command = excluded.command"
)


def _passing_lines(
    conn: sqlite3.Connection, key: str, run_id: int | None, templates: Iterable[int]
) -> None:
    """Keep a passing run's line templates for its key, and those of the
    BASELINE_RUNS passing runs before it at most."""
    conn.executemany(
        "INSERT OR IGNORE INTO passing_lines (key, run_id, template) VALUES (?, ?, ?)",
        [(key, run_id, t) for t in templates],
    )
    conn.execute(
        "DELETE FROM passing_lines WHERE key = ? AND run_id < (SELECT MIN(run_id) FROM"
        " (SELECT DISTINCT run_id FROM passing_lines WHERE key = ? ORDER BY run_id DESC"
        " LIMIT ?))",
        (key, key, BASELINE_RUNS),
    )


def _prune(conn: sqlite3.Connection, last: int) -> None:
    """Drop the runs up to ``last`` (their errors go with them), and their failures
    from the counts; a failure none of whose runs is left goes too. The newest
    error of a failure that stays is newer than any dropped: ``last_error`` holds."""
    gone = conn.execute(
        "SELECT COUNT(*), r.key, e.signature FROM runs r JOIN errors e ON e.run_id = r.id"
        " WHERE r.id <= ? AND e.passing = 0 GROUP BY r.key, e.signature", (last,)
    ).fetchall()
    conn.executemany("UPDATE failures SET times = times - ? WHERE key = ? AND signature = ?", gone)
    conn.execute("DELETE FROM failures WHERE times <= 0")
    conn.execute("DELETE FROM runs WHERE id <= ?", (last,))


def _columns(err: Error, masked: Callable[[str], str]) -> tuple[Any, ...]:
    message = masked(err.message)[:MAX_TEXT]
    example = masked("\n".join(err.block[:EXAMPLE_LINES]) or err.text)[:MAX_TEXT]
    match = err.match
    return (
        err.signature, err.tool, err.category, message, normalize(message), example,
        masked(err.test) if err.test else None,
        match.pattern if match else None, masked(match.fix) if match else None,
    )


def _noise(conn: sqlite3.Connection, report: Report, rows: list[_Row], found: _Notes) -> None:
    """Failures whose signature also turns up where everything passed."""
    failing = {r.err.signature for r in rows if not r.passing}
    if not failing:
        return
    noise = {r.err.signature for r in rows if r.passing}
    noise |= {s for (s,) in _select_in(
        conn, "SELECT DISTINCT signature FROM errors WHERE passing = 1 AND signature IN ({})",
        failing,
    )}
    for i, err in enumerate(report.errors):
        if err.signature in noise & failing:
            found.notes.append((err, NOISE_NOTE))
            found.noisy.add(i)


def _streaks(
    conn: sqlite3.Connection, failing: list[_Row], passed: set[str], key: str, repeat: int,
    shown: set[tuple[str, str]], found: _Notes,
) -> None:
    """Count runs in a row per (subject, signature); call out the ones at ``repeat``,
    and say the known fix has not helped where it was ``shown`` the run before."""
    now: dict[str, set[str]] = {}
    for r in failing:
        now.setdefault(r.subject, set()).add(r.err.signature)
    before = {(s, g): n for s, g, n in _select_in(
        conn, "SELECT subject, signature, runs FROM streaks WHERE subject IN ({})", now)}
    # A subject that passed, or failed some other way, starts again from zero.
    ended = {s for (s,) in conn.execute("SELECT DISTINCT subject FROM streaks")}
    ended &= passed | set(now) | {key}
    conn.executemany("DELETE FROM streaks WHERE subject = ?", [(s,) for s in ended])
    counts = {(s, g): before.get((s, g), 0) + 1 for s, sigs in now.items() for g in sigs}
    conn.executemany("INSERT INTO streaks VALUES (?, ?, ?)",
                     [(s, g, n) for (s, g), n in counts.items()])
    for r in failing:
        n = counts[(r.subject, r.err.signature)]
        if n >= repeat > 0:
            note = f"failing the same way for {n} runs"
            if r.err.match is not None and (r.subject, r.err.signature) in shown:
                note += "; the known fix has not helped"
            found.notes.append((r.err, note))


def _outcomes(
    conn: sqlite3.Connection, failing: list[_Row], passed: set[str], now: float,
    pending: list[tuple[int, str, str]], found: _Notes,
) -> None:
    """Decide the ``pending`` outcomes this run settles; open one per fix shown now."""
    again = {(r.subject, r.err.signature) for r in failing}
    decided: list[tuple[str, float, int]] = []
    for oid, subject, signature in pending:
        if subject in passed:
            decided.append(("worked", now, oid))
        elif (subject, signature) in again:
            decided.append(("failed", now, oid))
    conn.executemany("UPDATE outcomes SET result = ?, decided = ? WHERE id = ?", decided)
    shown = {(r.err.match.pattern, r.subject, r.err.signature) for r in failing if r.err.match}
    conn.executemany(
        "INSERT INTO outcomes (pattern, subject, signature, shown) VALUES (?, ?, ?, ?)",
        [(*s, now) for s in sorted(shown)],
    )
    rates = {p: (w, n) for p, w, n in _select_in(
        conn,
        "SELECT pattern, SUM(result = 'worked'), COUNT(result) FROM outcomes"
        " WHERE pattern IN ({}) GROUP BY pattern",
        {p for p, _, _ in shown},
    )}
    for r in failing:
        if r.err.match is not None:
            worked, total = rates.get(r.err.match.pattern, (0, 0))
            if total:
                found.success.append((r.err, success_text(worked, total)))
