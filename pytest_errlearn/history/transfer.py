"""Moving a history between backends: JSON Lines out, and in again without duplicates.

``export_lines`` writes one JSON object a line: a header, then each run (with
its errors and, for a pass, its line templates), each outcome, learned
signature and streak. Text is as stored: redacted when it was recorded, so
an export holds no secret the history did not. ``import_lines`` reads them
back into any history: a run whose ``uid`` is there already is skipped, an
outcome, learned signature or streak that is there already too, so importing
the same file twice changes nothing. The failure counts the hints read are
kept as a recorded run keeps them.
"""

from __future__ import annotations

import json

from .record import _COUNT_FAILURES
from .schema import VERSION

TYPE_CHECKING = False  # mypy reads it as True: typing loads where it is used, not here
if TYPE_CHECKING:
    from collections.abc import Iterable, Iterator
    from typing import Any

    from .db import Conn

FORMAT = "errlearn-history"
BATCH = 200  # runs per transaction on import

_RUN = ("uid", "time", "source", "command", "key", "tool", "exit_code", "tree")
_ERROR = (
    "subject",
    "signature",
    "tool",
    "category",
    "message",
    "normal",
    "example",
    "test",
    "pattern",
    "fix",
    "passing",
)
_OUTCOME = ("pattern", "subject", "signature", "shown", "result", "decided", "tree")
_LEARNED = ("signature", "pattern", "fix", "time")
_STREAK = ("subject", "signature", "runs")


class BadLine(ValueError):
    """A line of an import that is not one errlearn wrote (the message says where)."""


def export_lines(conn: Conn) -> Iterator[str]:
    """The history as JSON Lines, oldest run first."""
    yield json.dumps({"kind": FORMAT, "schema": VERSION})
    last = 0
    while True:  # in pages of runs: a history of 100,000 runs is never all in memory
        runs = conn.execute(
            f"SELECT id, {', '.join(_RUN)} FROM runs WHERE id > ? ORDER BY id LIMIT ?",
            (last, BATCH),
        ).fetchall()
        if not runs:
            break
        last = runs[-1][0]
        ids = [r[0] for r in runs]
        marks = ", ".join("?" * len(ids))
        errors: dict[int, list[dict[str, Any]]] = {}
        for row in conn.execute(
            f"SELECT run_id, {', '.join(_ERROR)} FROM errors WHERE run_id IN ({marks}) ORDER BY id",
            ids,
        ):
            errors.setdefault(row[0], []).append(dict(zip(_ERROR, row[1:], strict=True)))
        templates: dict[int, list[int]] = {}
        for run_id, template in conn.execute(
            f"SELECT run_id, template FROM passing_lines WHERE run_id IN ({marks})", ids
        ):
            templates.setdefault(run_id, []).append(template)
        for row in runs:
            line = {"kind": "run", **dict(zip(_RUN, row[1:], strict=True))}
            line["errors"] = errors.get(row[0], [])
            if row[0] in templates:
                line["templates"] = sorted(templates[row[0]])
            yield json.dumps(line)
    for kind, columns, table in (
        ("outcome", _OUTCOME, "outcomes"),
        ("learned", _LEARNED, "learned"),
        ("streak", _STREAK, "streaks"),
    ):
        for row in conn.execute(f"SELECT {', '.join(columns)} FROM {table}"):
            yield json.dumps({"kind": kind, **dict(zip(columns, row, strict=True))})


def _parse(lines: Iterable[str]) -> Iterator[tuple[int, dict[str, Any]]]:
    for number, text in enumerate(lines, 1):
        if not text.strip():
            continue
        try:
            item = json.loads(text)
        except ValueError as exc:
            raise BadLine(f"line {number}: not JSON ({exc})") from None
        if not isinstance(item, dict) or not isinstance(item.get("kind"), str):
            raise BadLine(f"line {number}: not a line of an errlearn history export")
        if number == 1 and item["kind"] != FORMAT:
            raise BadLine("line 1: not an errlearn history export (no header)")
        yield number, item


def _values(item: dict[str, Any], columns: tuple[str, ...], number: int) -> list[Any]:
    try:
        return [item[c] for c in columns]
    except KeyError as exc:
        raise BadLine(f"line {number}: no {exc.args[0]!r}") from None


def import_lines(conn: Conn, lines: Iterable[str]) -> dict[str, int]:
    """Add what ``lines`` hold that the history has not; how many of each were added."""
    added = {"run": 0, "outcome": 0, "learned": 0, "streak": 0}
    pending: list[tuple[int, dict[str, Any]]] = []
    for number, item in _parse(lines):
        if item["kind"] == FORMAT:
            continue
        if item["kind"] not in added:
            raise BadLine(f"line {number}: unknown kind {item['kind']!r}")
        pending.append((number, item))
        if len(pending) >= BATCH:
            _write(conn, pending, added)
            pending = []
    if pending:
        _write(conn, pending, added)
    return added


def _write(conn: Conn, items: list[tuple[int, dict[str, Any]]], added: dict[str, int]) -> None:
    conn.execute("BEGIN IMMEDIATE")
    try:
        for number, item in items:
            kind = item["kind"]
            added[kind] += {"run": _run, "outcome": _outcome, "learned": _learned}.get(
                kind, _streak
            )(conn, item, number)
        conn.execute("COMMIT")
    except BaseException:
        conn.execute("ROLLBACK")
        raise


def _run(conn: Conn, item: dict[str, Any], number: int) -> int:
    run = _values(item, _RUN, number)
    if conn.execute("SELECT 1 FROM runs WHERE uid = ?", (run[0],)).fetchone():
        return 0
    run_id = conn.execute(
        f"INSERT INTO runs ({', '.join(_RUN)}) VALUES ({', '.join('?' * len(_RUN))}) RETURNING id",
        run,
    ).fetchone()[0]
    errors = item.get("errors") or []
    conn.executemany(
        f"INSERT INTO errors (run_id, {', '.join(_ERROR)}) VALUES (?{', ?' * len(_ERROR)})",
        [(run_id, *_values(e, _ERROR, number)) for e in errors],
    )
    if any(not e["passing"] for e in errors):
        conn.execute(_COUNT_FAILURES, (item["key"], item["command"], run_id))
    conn.executemany(
        "INSERT INTO passing_lines (key, run_id, template) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
        [(item["key"], run_id, int(t)) for t in item.get("templates") or []],
    )
    return 1


def _outcome(conn: Conn, item: dict[str, Any], number: int) -> int:
    values = _values(item, _OUTCOME, number)
    known = conn.execute(
        "SELECT 1 FROM outcomes WHERE pattern = ? AND subject = ? AND signature = ?"
        " AND shown = ? AND COALESCE(result, '') = COALESCE(?, '')",
        values[:5],
    ).fetchone()
    if known:
        return 0
    conn.execute(
        f"INSERT INTO outcomes ({', '.join(_OUTCOME)}) VALUES (?, ?, ?, ?, ?, ?, ?)", values
    )
    return 1


def _learned(conn: Conn, item: dict[str, Any], number: int) -> int:
    values = _values(item, _LEARNED, number)
    if conn.execute("SELECT 1 FROM learned WHERE signature = ?", values[:1]).fetchone():
        return 0
    conn.execute("INSERT INTO learned (signature, pattern, fix, time) VALUES (?, ?, ?, ?)", values)
    return 1


def _streak(conn: Conn, item: dict[str, Any], number: int) -> int:
    values = _values(item, _STREAK, number)
    known = conn.execute(
        "SELECT 1 FROM streaks WHERE subject = ? AND signature = ?", values[:2]
    ).fetchone()
    if known:
        return 0
    conn.execute("INSERT INTO streaks (subject, signature, runs) VALUES (?, ?, ?)", values)
    return 1
