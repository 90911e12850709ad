"""``errlearn stats [--json] [--stale-days N] [--patterns FILE]``: how the patterns fare.

Per pattern: how often it matched and when last, how often its fix worked
and how many changes of the code that rests on (one outcome per failure the
fix was shown for, per change of the code after it: gone or still there;
reruns of the same code count nothing, ``history/record.py``), which of the
project's patterns have not matched for a long time (stale), and which also
match in runs that passed (too generic: they fire on noise).
"""

from __future__ import annotations

import argparse
import json
import time
from typing import Any

from pytest_errlearn.config import load_settings
from pytest_errlearn.history import History, PatternStats
from pytest_errlearn.matching.patterns import load_patterns

from ..cli import UsageError
from .hints import ago

STALE_DAYS = 90
DAY = 86400.0


def add_parser(sub: Any) -> None:
    p = sub.add_parser(
        "stats",
        help="how often each pattern matched, and how often its fix worked",
        description="Per pattern: hits, last seen, how often its fix worked (after how many "
        "changes of the code); the project's stale patterns and the too generic ones "
        "(matching in passing runs).",
    )
    p.add_argument("--json", action="store_true", help="print the stats as JSON")
    p.add_argument(
        "--stale-days",
        type=int,
        default=STALE_DAYS,
        metavar="N",
        help=f"a pattern with no hit in N days is stale (default {STALE_DAYS})",
    )
    p.add_argument("--patterns", metavar="FILE", help="the project's patterns.toml")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    if args.stale_days < 1:
        raise UsageError("--stale-days must be at least 1")
    settings = load_settings(patterns=args.patterns)
    own = [p.id for p in load_patterns(settings.patterns)] if settings.patterns else []
    history = History.open(settings.root, create=False)
    stats: list[PatternStats] = []
    first: float | None = None
    if history is not None:
        with history:
            stats, first = history.pattern_stats(), history.first_run()
    now = time.time()
    rows = _rows(stats, own, first, now, args.stale_days * DAY)
    if args.json:
        print(
            json.dumps(
                {
                    "stale_days": args.stale_days,
                    "patterns": rows,
                    "stale": [r["pattern"] for r in rows if r["stale"]],
                    "generic": [r["pattern"] for r in rows if r["generic"]],
                },
                indent=2,
                ensure_ascii=False,
            )
        )
    else:
        _print(rows, now, args.stale_days)
    return 0


def _rows(
    stats: list[PatternStats], own: list[str], first: float | None, now: float, stale_after: float
) -> list[dict[str, Any]]:
    """One row per pattern matched or in the project's file, most hits first.

    A project pattern that never matched is stale only once the history is
    older than the stale period (before that, nothing could have matched it).
    """
    by_id = {s.pattern: s for s in stats}
    for pid in own:
        by_id.setdefault(pid, PatternStats(pid, 0, None, 0, 0, 0))
    mine = set(own)
    rows = []
    for s in sorted(by_id.values(), key=lambda s: (-s.hits, s.pattern)):
        last = s.last_seen if s.last_seen is not None else first
        rows.append(
            {
                "pattern": s.pattern,
                "project": s.pattern in mine,
                "hits": s.hits,
                "last_seen": s.last_seen,
                "worked": s.worked,
                "failed": s.failed,
                "changes": s.changes,
                "success": s.success,
                "success_rate": round(s.rate, 3),
                "in_passing": s.in_passing,
                "stale": s.pattern in mine and last is not None and now - last > stale_after,
                "generic": s.in_passing > 0,
            }
        )
    return rows


def _print(rows: list[dict[str, Any]], now: float, stale_days: int) -> None:
    if not rows:
        print("errlearn: no pattern has matched yet, and the project has none")
        return
    width = max(len("pattern"), *(len(r["pattern"]) for r in rows))
    print(f"{'pattern':<{width}}  {'hits':>5}  {'last seen':<13}  fix")
    for r in rows:
        last = ago(r["last_seen"], now) if r["last_seen"] is not None else "never"
        fix = r["success"] or "no outcome yet"
        flags = [f for f in ("stale", "generic") if r[f]]
        tail = f"  [{', '.join(flags)}]" if flags else ""
        print(f"{r['pattern']:<{width}}  {r['hits']:>5}  {last:<13}  {fix}{tail}")
    stale = [r["pattern"] for r in rows if r["stale"]]
    generic = [r["pattern"] for r in rows if r["generic"]]
    if stale or generic:
        print()
    if stale:
        print(f"stale (no hit in {stale_days} days): {', '.join(stale)}")
    if generic:
        print(f"too generic (also matched in passing runs): {', '.join(generic)}")
