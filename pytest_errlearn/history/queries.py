"""Reading the history: hints before a command, learn candidates, pattern stats.

Every query here is served by an index (``schema.py``): ``hints`` runs before
each ``errlearn run``. It reads the per-key ``failures`` counts, not the error
rows, so its cost does not grow with the history; and it finds the command
line's key in ``command_keys`` (``key_of``), so it loads no more of errlearn
than this module, sqlite3 and ``redact``.
"""

from __future__ import annotations

from .. import __version__
from ..redact import redact

TYPE_CHECKING = False  # mypy reads it as True: typing loads where it is used, not here
if TYPE_CHECKING:
    from typing import Any

    from .db import Conn
    from .rows import Candidate, Hint, PatternStats, Recorded

FUZZY_POOL = 4  # candidates looked at per hint shown, when commands differ


def success_text(worked: int, decided: int) -> str:
    """How a fix fared, as shown beside it: ``worked 4 of 5 times``."""
    return f"worked {worked} of {decided} time{'s' if decided != 1 else ''}"


def _rates(conn: Conn, pattern: str) -> tuple[int, int, int]:
    shown, worked, failed = conn.execute(
        "SELECT COUNT(*), COUNT(result = 'worked' OR NULL), COUNT(result = 'failed' OR NULL)"
        " FROM outcomes WHERE pattern = ?",
        (pattern,),
    ).fetchone()
    return int(shown), int(worked), int(failed)


def _decided(conn: Conn, pattern: str) -> tuple[int, int]:
    """How often ``pattern``'s fix worked and failed (its pending outcomes not read)."""
    counts = dict(
        conn.execute(
            "SELECT result, COUNT(*) FROM outcomes WHERE pattern = ? AND result IS NOT NULL"
            " GROUP BY result",
            (pattern,),
        ).fetchall()
    )
    return counts.get("worked", 0), counts.get("failed", 0)


def success_rate(conn: Conn, pattern: str) -> float | None:
    shown, worked, failed = _rates(conn, pattern)
    return None if not shown else (worked + 1) / (worked + failed + 2)


def key_of(conn: Conn, command: str) -> str:
    """The key of ``command`` (redacted): as this errlearn filed its runs, else worked out."""
    row = conn.execute(
        "SELECT key FROM command_keys WHERE command = ? AND version = ?", (command, __version__)
    ).fetchone()
    if row:
        return str(row[0])
    from .commands import command_key

    return command_key(command)


def overlap(a: set[str], b: set[str]) -> float:
    """How alike two command lines are: the share of words they have in common."""
    return len(a & b) / len(a | b) if a or b else 1.0


def hints(conn: Conn, command: str, limit: int) -> list[Hint]:
    """The failures recorded for ``command``'s key, newest first; noise left out.

    When more failed than can be shown and the recorded command lines differ
    (``pytest tests/a`` and ``pytest tests/b`` share the key ``pytest``), the
    ones whose command line is closest to ``command`` come first. Word overlap
    is enough for command lines and needs no import (rapidfuzz's would be paid
    before every command).
    """
    command = redact(command)
    key = key_of(conn, command)
    pool = conn.execute(  # newest first, through failures_newest: as many rows as shown
        "SELECT signature, times, last_error, command FROM failures f WHERE key = ?"
        " AND NOT EXISTS (SELECT 1 FROM errors p WHERE p.signature = f.signature"
        " AND p.passing = 1)"
        " ORDER BY last_error DESC LIMIT ?",
        (key, limit * FUZZY_POOL),
    ).fetchall()
    if not pool:
        return []  # the usual case: nothing more is loaded
    from .rows import Hint

    if len(pool) > limit and len({c for *_, c in pool}) > 1:
        from ..detect.shellwords import split_command as split

        words = set(split(command))
        pool.sort(key=lambda row: -overlap(words, set(split(row[3]))))  # stable: newest first
    out: list[Hint] = []
    for signature, times, last_id, last_command in pool[:limit]:
        message, category, tool, when = conn.execute(
            "SELECT e.message, e.category, e.tool, r.time FROM errors e"
            " JOIN runs r ON r.id = e.run_id WHERE e.id = ?",
            (last_id,),
        ).fetchone()
        hint = Hint(signature, message, last_command, times, when, category, tool, key=key)
        fixed = (
            conn.execute(
                "SELECT pattern, fix FROM errors WHERE signature = ? AND fix IS NOT NULL"
                " ORDER BY id DESC LIMIT 1",
                (signature,),
            ).fetchone()
            or conn.execute(
                "SELECT pattern, fix FROM learned WHERE signature = ?", (signature,)
            ).fetchone()
        )
        if fixed:
            pattern, fix = fixed
            worked, failed = _decided(conn, pattern)
            success = success_text(worked, worked + failed) if worked + failed else None
            hint = hint._replace(pattern=pattern, fix=fix, success=success)
        out.append(hint)
    return out


_CANDIDATE = (
    "SELECT e.signature, e.message, e.normal, e.example, e.tool, e.category, COUNT(*),"
    " MAX(e.id), r.time, e.pattern FROM errors e JOIN runs r ON r.id = e.run_id"
    " WHERE {where} GROUP BY {group}"
)
# The same on PostgreSQL, which has no bare columns: the newest row is joined to its group.
_CANDIDATE_PG = (
    "SELECT e.signature, e.message, e.normal, e.example, e.tool, e.category, g.n, g.newest,"
    " r.time, e.pattern FROM (SELECT COUNT(*) AS n, MAX(e.id) AS newest FROM errors e"
    " WHERE {where} GROUP BY {group}) g JOIN errors e ON e.id = g.newest"
    " JOIN runs r ON r.id = e.run_id"
)


def _candidate_sql(conn: Conn) -> str:
    return _CANDIDATE_PG if getattr(conn, "dialect", "sqlite") == "postgres" else _CANDIDATE


def _candidate(conn: Conn, row: tuple[Any, ...]) -> Candidate:
    from .rows import Candidate

    signature, message, normal, example, tool, category, times, _, when, pattern = row
    subjects = [
        s
        for (s,) in conn.execute(
            "SELECT DISTINCT subject FROM errors WHERE signature = ? LIMIT 5", (signature,)
        )
    ]
    return Candidate(
        signature, message, normal, example, tool, category, times, when, subjects, pattern
    )


def candidates(conn: Conn, limit: int | None) -> tuple[list[Candidate], int]:
    """Failures whose latest occurrence had no pattern, not learned since, not noise,
    still failing (up to ``limit`` of them), and how many there are.

    Still failing: some test or command that failed with it has not run since, or
    failed the same way again (it has a streak). Bare columns beside ``MAX(e.id)``
    come from the newest row (an SQLite rule).
    """
    rows = conn.execute(
        _candidate_sql(conn).format(
            where="e.passing = 0 AND e.signature NOT IN (SELECT signature FROM learned)"
            " AND NOT EXISTS (SELECT 1 FROM errors p WHERE p.signature = e.signature"
            " AND p.passing = 1)",
            group="e.signature",
        )
    ).fetchall()
    failing = {s for (s,) in conn.execute("SELECT DISTINCT signature FROM streaks")}
    rows = [r for r in rows if r[9] is None and r[0] in failing]
    rows.sort(key=lambda r: (r[6], r[7]), reverse=True)  # most often, then most recent
    return [_candidate(conn, r) for r in rows[:limit]], len(rows)


def candidate(conn: Conn, signature: str) -> Candidate | None:
    """One signature's record, from its failing runs if it ever failed."""
    row = conn.execute(
        _candidate_sql(conn).format(
            where="e.signature = ?", group="e.passing ORDER BY e.passing LIMIT 1"
        ),
        (signature,),
    ).fetchone()
    return None if row is None else _candidate(conn, row)


def resolve(conn: Conn, prefix: str) -> list[str]:
    """Signatures starting with ``prefix`` (an index range scan; at most a few)."""
    prefix = prefix.lower()
    return [
        s
        for (s,) in conn.execute(
            "SELECT DISTINCT signature FROM errors WHERE signature >= ? AND signature < ? LIMIT 10",
            (prefix, prefix + "\x7f"),
        )
    ]


def pattern_stats(conn: Conn) -> list[PatternStats]:
    from .rows import PatternStats

    hits = {
        p: (n, last, passing)
        for p, n, last, passing in conn.execute(
            "SELECT e.pattern, COUNT(*), MAX(r.time), SUM(e.passing) FROM errors e"
            " JOIN runs r ON r.id = e.run_id WHERE e.pattern IS NOT NULL GROUP BY e.pattern"
        )
    }
    outcomes = {
        p: (w, f)
        for p, w, f in conn.execute(
            "SELECT pattern, COUNT(result = 'worked' OR NULL), COUNT(result = 'failed' OR NULL)"
            " FROM outcomes GROUP BY pattern"
        )
    }
    return [
        PatternStats(p, *hits.get(p, (0, None, 0)), *outcomes.get(p, (0, 0)))
        for p in sorted(hits.keys() | outcomes.keys())
    ]


_NEWEST = (
    "SELECT signature, message, example, tool, category, subject FROM errors"
    " WHERE id IN (SELECT MAX(id) FROM errors WHERE passing = 0 {where} GROUP BY {group})"
    " ORDER BY id DESC LIMIT ?"
)


def failures(conn: Conn, signature: str | None, limit: int) -> list[Recorded]:
    """The newest failing error of each recorded signature, newest first; with
    ``signature``, those recorded under it, one per message (numbers are masked
    in a signature: ``assert 6 == 5`` and ``assert 7 == 5`` of one file share it)."""
    from .rows import Recorded

    if signature is None:
        rows = conn.execute(_NEWEST.format(where="", group="signature"), (limit,))
    else:
        sql = _NEWEST.format(where="AND signature = ?", group="message")
        rows = conn.execute(sql, (signature, limit))
    return [Recorded(*row) for row in rows.fetchall()]
