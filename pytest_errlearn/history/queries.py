"""Reading the history: hints before a command, learn candidates, pattern stats.

Every query here is served by an index (``schema.py``): ``hints`` runs before
each ``errlearn run`` and must stay well under 100 ms with 10,000 rows. It
reads the per-key ``failures`` counts, not the error rows, so its cost does
not grow with the history: 0.4 ms with 200,000 rows (it was 32 ms reading them).
"""

from __future__ import annotations

import sqlite3
from typing import Any, NamedTuple

from ..detect.commandline import split_command as split
from ..redact import redact
from .commands import command_key

FUZZY_POOL = 4  # candidates looked at per hint shown, when commands differ


def success_text(worked: int, decided: int) -> str:
    """How a fix fared, as shown beside it: ``worked 4 of 5 times``."""
    return f"worked {worked} of {decided} time{'s' if decided != 1 else ''}"


class Hint(NamedTuple):
    """A known way a command failed before, and what fixed it."""

    signature: str
    message: str
    command: str  # the last command that failed this way (redacted)
    times: int
    last_seen: float
    category: str
    tool: str | None = None
    pattern: str | None = None
    fix: str | None = None
    success: str | None = None  # "worked 2 of 3 times"


class Candidate(NamedTuple):
    """A recorded failure, for ``errlearn learn``: what to write a pattern for."""

    signature: str
    message: str
    normal: str  # the normalised message a trigger is derived from
    example: str
    tool: str | None
    category: str
    times: int
    last_seen: float
    subjects: list[str]
    pattern: str | None = None  # the pattern that matched it last, if any


class PatternStats(NamedTuple):
    """One pattern's record: how often it matched, and what its fix achieved."""

    pattern: str
    hits: int
    last_seen: float | None
    in_passing: int  # hits on errors of runs or tests that passed: too generic
    worked: int
    failed: int

    @property
    def success(self) -> str | None:
        decided = self.worked + self.failed
        return success_text(self.worked, decided) if decided else None

    @property
    def rate(self) -> float:
        """Laplace-smoothed success rate (the Beta(1, 1) prior): 0.5 with no outcomes."""
        return (self.worked + 1) / (self.worked + self.failed + 2)


def _rates(conn: sqlite3.Connection, pattern: str) -> tuple[int, int, int]:
    shown, worked, failed = conn.execute(
        "SELECT COUNT(*), COUNT(result = 'worked' OR NULL), COUNT(result = 'failed' OR NULL)"
        " FROM outcomes WHERE pattern = ?", (pattern,)
    ).fetchone()
    return int(shown), int(worked), int(failed)


def success_rate(conn: sqlite3.Connection, pattern: str) -> float | None:
    shown, worked, failed = _rates(conn, pattern)
    return None if not shown else (worked + 1) / (worked + failed + 2)


def _overlap(a: set[str], b: set[str]) -> float:
    """How alike two command lines are: the share of words they have in common."""
    return len(a & b) / len(a | b) if a or b else 1.0


def hints(conn: sqlite3.Connection, command: str, limit: int) -> list[Hint]:
    """The failures recorded for ``command``'s key, newest first; noise left out.

    When more failed than can be shown and the recorded command lines differ
    (``pytest tests/a`` and ``pytest tests/b`` share the key ``pytest``), the
    ones whose command line is closest to ``command`` come first. Word overlap
    is enough for command lines and needs no import (rapidfuzz costs ~25 ms).
    """
    command = redact(command)
    pool = conn.execute(  # newest first, through failures_newest: as many rows as shown
        "SELECT signature, times, last_error, command FROM failures f WHERE key = ?"
        " AND NOT EXISTS (SELECT 1 FROM errors p WHERE p.signature = f.signature"
        " AND p.passing = 1)"
        " ORDER BY last_error DESC LIMIT ?",
        (command_key(command), limit * FUZZY_POOL),
    ).fetchall()
    if len(pool) > limit and len({c for *_, c in pool}) > 1:
        words = set(split(command))
        pool.sort(key=lambda row: -_overlap(words, set(split(row[3]))))  # stable: newest first
    out: list[Hint] = []
    for signature, times, last_id, last_command in pool[:limit]:
        message, category, tool, when = conn.execute(
            "SELECT e.message, e.category, e.tool, r.time FROM errors e"
            " JOIN runs r ON r.id = e.run_id WHERE e.id = ?", (last_id,)
        ).fetchone()
        hint = Hint(signature, message, last_command, times, when, category, tool)
        fixed = conn.execute(
            "SELECT pattern, fix FROM errors WHERE signature = ? AND fix IS NOT NULL"
            " ORDER BY id DESC LIMIT 1", (signature,)
        ).fetchone() or conn.execute(
            "SELECT pattern, fix FROM learned WHERE signature = ?", (signature,)
        ).fetchone()
        if fixed:
            pattern, fix = fixed
            _, worked, failed = _rates(conn, pattern)
            success = success_text(worked, worked + failed) if worked + failed else None
            hint = hint._replace(pattern=pattern, fix=fix, success=success)
        out.append(hint)
    return out


_CANDIDATE = (
    "SELECT e.signature, e.message, e.normal, e.example, e.tool, e.category, COUNT(*),"
    " MAX(e.id), r.time, e.pattern FROM errors e JOIN runs r ON r.id = e.run_id"
    " WHERE {where} GROUP BY {group}"
)


def _candidate(conn: sqlite3.Connection, row: tuple[Any, ...]) -> Candidate:
    signature, message, normal, example, tool, category, times, _, when, pattern = row
    subjects = [s for (s,) in conn.execute(
        "SELECT DISTINCT subject FROM errors WHERE signature = ? LIMIT 5", (signature,))]
    return Candidate(
        signature, message, normal, example, tool, category, times, when, subjects, pattern
    )


def candidates(conn: sqlite3.Connection, limit: int | None) -> list[Candidate]:
    """Failures whose latest occurrence had no pattern, not learned since, not noise.

    Bare columns beside ``MAX(e.id)`` come from the newest row (an SQLite rule).
    """
    rows = conn.execute(_CANDIDATE.format(
        where="e.passing = 0 AND e.signature NOT IN (SELECT signature FROM learned)"
        " AND NOT EXISTS (SELECT 1 FROM errors p WHERE p.signature = e.signature"
        " AND p.passing = 1)",
        group="e.signature",
    )).fetchall()
    rows = [r for r in rows if r[9] is None]
    rows.sort(key=lambda r: (r[6], r[7]), reverse=True)  # most often, then most recent
    return [_candidate(conn, r) for r in rows[:limit]]


def candidate(conn: sqlite3.Connection, signature: str) -> Candidate | None:
    """One signature's record, from its failing runs if it ever failed."""
    row = conn.execute(
        _CANDIDATE.format(where="e.signature = ?", group="e.passing ORDER BY e.passing LIMIT 1"),
        (signature,),
    ).fetchone()
    return None if row is None else _candidate(conn, row)


def resolve(conn: sqlite3.Connection, prefix: str) -> list[str]:
    """Signatures starting with ``prefix`` (an index range scan; at most a few)."""
    prefix = prefix.lower()
    return [s for (s,) in conn.execute(
        "SELECT DISTINCT signature FROM errors WHERE signature >= ? AND signature < ? LIMIT 10",
        (prefix, prefix + "\x7f"),
    )]


def pattern_stats(conn: sqlite3.Connection) -> list[PatternStats]:
    hits = {p: (n, last, passing) for p, n, last, passing in conn.execute(
        "SELECT e.pattern, COUNT(*), MAX(r.time), SUM(e.passing) FROM errors e"
        " JOIN runs r ON r.id = e.run_id WHERE e.pattern IS NOT NULL GROUP BY e.pattern"
    )}
    outcomes = {p: (w, f) for p, w, f in conn.execute(
        "SELECT pattern, COUNT(result = 'worked' OR NULL), COUNT(result = 'failed' OR NULL)"
        " FROM outcomes GROUP BY pattern"
    )}
    return [
        PatternStats(p, *hits.get(p, (0, None, 0)), *outcomes.get(p, (0, 0)))
        for p in sorted(hits.keys() | outcomes.keys())
    ]
