"""Did the fix shown work: one outcome per failure per change of the code.

A fix shown for a failure (a signature, under its pattern's id) opens one
pending row per subject it was shown for (a test, or the command), with the
state of the code then (``tree.fingerprint``). The first later run that
settles one of those subjects (it passes, or fails with the signature again)
in another state of the code decides the failure's outcome: ``failed`` if
any subject it settles fails with the signature again, else ``worked``. That
is one outcome however many tests the failure covers; its other pending rows
close with it, and a fix shown again opens new ones.

A rerun of the same code counts nothing: a failure again leaves the row open
as it was, a pass (a flaky test) closes it uncounted, as a fix the code never
tried. Where the state of the code is unknown (it could not be read, or a
row is from before errlearn kept it) nothing is counted either.
"""

from __future__ import annotations

TYPE_CHECKING = False  # mypy reads it as True: typing loads where it is used, not here
if TYPE_CHECKING:
    from typing import Any

    from .db import Conn

    Pending = tuple[int, str, str, str, float, str | None]  # id, pattern, subject, signature,
    # shown, tree: a row of ``outcomes`` still open


def decide(
    conn: Conn,
    pending: list[Pending],
    again: set[tuple[str, str]],
    passed: set[str],
    shown: set[tuple[str, str, str]],
    state: str | None,
    now: float,
) -> None:
    """Settle the ``pending`` rows of the subjects a run ``passed`` or failed ``again``
    (subject, signature) with in code ``state``, and open a row per fix ``shown`` in it
    (pattern, subject, signature) that is not open already."""
    verdicts: dict[tuple[str, str], list[Any]] = {}  # (pattern, signature): result, subject, shown
    close: list[int] = []
    still: set[tuple[str, str, str]] = set()  # (pattern, subject, signature) left open
    for oid, pattern, subject, signature, when, before in pending:
        failed = (subject, signature) in again
        if not failed and subject not in passed:
            continue  # failed some other way: still open
        if state is not None and before is not None and state != before:
            verdict = verdicts.setdefault((pattern, signature), ["worked", subject, when])
            verdict[0] = "failed" if failed else verdict[0]
            verdict[2] = min(verdict[2], when)
        elif failed and before is not None and before == state:
            still.add((pattern, subject, signature))  # the same code again: nothing to tell
            continue
        close.append(oid)  # passed with the code unchanged, or unknown: nothing counted
    conn.executemany("DELETE FROM outcomes WHERE id = ?", [(oid,) for oid in close])
    conn.executemany(  # a failure's other rows close with its outcome
        "DELETE FROM outcomes WHERE pattern = ? AND result IS NULL AND signature = ?",
        list(verdicts),
    )
    conn.executemany(
        "INSERT INTO outcomes (pattern, subject, signature, shown, result, decided, tree)"
        " VALUES (?, ?, ?, ?, ?, ?, ?)",
        [(p, s, g, when, result, now, state) for (p, g), (result, s, when) in verdicts.items()],
    )
    conn.executemany(
        "INSERT INTO outcomes (pattern, subject, signature, shown, tree) VALUES (?, ?, ?, ?, ?)",
        [
            (p, s, g, now, state)
            for p, s, g in sorted(shown)
            if (p, s, g) not in still or (p, g) in verdicts
        ],
    )


# The changes of the code after which a fix failed, since it last worked.
_NOT_HELPED = (
    "SELECT COUNT(*) FROM outcomes WHERE pattern = ? AND signature = ? AND result = 'failed'"
    " AND id > (SELECT COALESCE(MAX(id), 0) FROM outcomes WHERE pattern = ? AND signature = ?"
    " AND result = 'worked')"
)


def not_helped_all(conn: Conn, pairs: list[tuple[str, str]]) -> dict[tuple[str, str], int]:
    """``not_helped`` of each (pattern, signature): every query sent before the first
    answer is read, so a server in pipeline mode answers them in one round-trip."""
    asked = [(pair, conn.execute(_NOT_HELPED, (*pair, *pair))) for pair in pairs]
    return {pair: int(cursor.fetchone()[0]) for pair, cursor in asked}
