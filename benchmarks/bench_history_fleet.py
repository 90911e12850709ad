"""A fleet recording at once: SQLite and PostgreSQL histories, side by side.

For each backend and each N in ``--procs`` (1, 8, 32), N processes each record
``--runs`` runs (200) of ``--errors`` failing errors (20) through
``History.record``, all into one project's history at once. Printed per row:
the runs recorded (all of them, or the benchmark fails), and p50/p95 of one
record, beside the anchor measured in the same run: a bare one-row ``INSERT``
round-trip (autocommit) on the same server, or file.

Then the hints: a history filled to each of ``--hint-runs`` (10,000 and
100,000 runs, ``--hint-errors`` errors each, through ``errlearn history
import``'s path), and ``History.hints()`` timed (p50/p95 of 200 calls) beside
the same anchor.

PostgreSQL: a throwaway server started here (``tests/pg_server.py``: Debian's
binaries), or ``--url`` for one of yours (a fresh database: it is filled).
Usage: ``python benchmarks/bench_history_fleet.py [--procs 1,8,32] [--runs 200]``.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from pytest_errlearn.history import History  # noqa: E402
from pytest_errlearn.report import Error, Match, Report  # noqa: E402


def _report(worker: int, i: int, errors: int) -> Report:
    errs = [
        Error(
            message=f"AssertionError: case {k} failed in worker {worker}",
            text=f"AssertionError: case {k}",
            signature=f"{worker:04x}{k:012x}",
            test=f"tests/test_w{worker}.py::test_{k}",
            match=Match("py-assert", 0.9, "semantic", "fix it") if k % 5 == 0 else None,
            tool="pytest",
            category="assertion",
            rank=1,
        )
        for k in range(errors)
    ]
    return Report(errors=errs, primary_index=0, command="pytest")


def _worker(args: tuple[str, str | None, int, int, int]) -> list[float]:
    root, url, worker, runs, errors = args
    history = History.open(Path(root), url=url)
    assert history is not None
    history.tree = lambda: None  # the code's state is git's cost, not the backend's
    times = []
    with history:
        for i in range(runs):
            rep = _report(worker, i, errors)
            t = time.perf_counter()
            history.record(rep, source="pytest", command="pytest tests", exit_code=1)
            times.append(time.perf_counter() - t)
    return times


def _pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))] * 1000


def anchor(url: str | None, root: str, n: int = 300) -> tuple[float, float]:
    """p50/p95 ms of a bare INSERT round-trip on the same server or file."""
    times = []
    if url:
        import psycopg

        with psycopg.connect(url, autocommit=True) as c:
            c.execute("CREATE TABLE IF NOT EXISTS anchor (id BIGSERIAL, v TEXT)")
            for _ in range(n):
                t = time.perf_counter()
                c.execute("INSERT INTO anchor (v) VALUES (%s)", ("x",))
                times.append(time.perf_counter() - t)
    else:
        import sqlite3

        c = sqlite3.connect(os.path.join(root, "anchor.sqlite3"), isolation_level=None)
        c.execute("PRAGMA journal_mode = WAL")
        c.execute("PRAGMA synchronous = OFF")
        c.execute("CREATE TABLE IF NOT EXISTS anchor (id INTEGER PRIMARY KEY, v TEXT)")
        for _ in range(n):
            t = time.perf_counter()
            c.execute("INSERT INTO anchor (v) VALUES (?)", ("x",))
            times.append(time.perf_counter() - t)
        c.close()
    return _pct(times, 0.5), _pct(times, 0.95)


def fleet(backend: str, url: str | None, procs: int, runs: int, errors: int) -> dict[str, object]:
    root = tempfile.mkdtemp(prefix=f"fleet-{backend}-{procs}-")
    (Path(root) / "pyproject.toml").write_text("[tool.errlearn]\n")
    History.open(Path(root), url=url).close()  # type: ignore[union-attr]  # migrated once
    ctx = multiprocessing.get_context("spawn")
    with ctx.Pool(procs) as pool:
        started = time.perf_counter()
        results = pool.map(_worker, [(root, url, w, runs, errors) for w in range(procs)])
        wall = time.perf_counter() - started
    with History.open(Path(root), url=url) as h:  # type: ignore[union-attr]
        recorded = h._conn.execute("SELECT COUNT(*) FROM runs").fetchone()[0]
    times = [t for r in results for t in r]
    a50, a95 = anchor(url, root)
    return {
        "backend": backend,
        "procs": procs,
        "runs": procs * runs,
        "recorded": recorded,
        "p50_ms": round(_pct(times, 0.5), 2),
        "p95_ms": round(_pct(times, 0.95), 2),
        "wall_s": round(wall, 1),
        "anchor_p50_ms": round(a50, 3),
        "anchor_p95_ms": round(a95, 3),
    }


def _lines(n: int, errors: int) -> object:
    yield json.dumps({"kind": "errlearn-history", "schema": 0})
    for i in range(n):
        errs = [
            {
                "subject": "pytest",
                "signature": f"{(i * errors + k) % 5000:016x}",
                "tool": "pytest",
                "category": "assertion",
                "message": f"AssertionError: {k}",
                "normal": "AssertionError: <n>",
                "example": "AssertionError",
                "test": None,
                "pattern": None,
                "fix": None,
                "passing": 0,
            }
            for k in range(errors)
        ]
        cmd = f"pytest tests/part{i % 7}"
        yield json.dumps(
            {
                "kind": "run",
                "uid": f"{i:032x}",
                "time": 1.7e9 + i,
                "source": "run",
                "command": cmd,
                "key": "pytest",
                "tool": "pytest",
                "exit_code": 1,
                "tree": None,
                "errors": errs,
            }
        )


def hints_at(
    backend: str, url: str | None, sizes: list[int], errors: int
) -> list[dict[str, object]]:
    root = tempfile.mkdtemp(prefix=f"hints-{backend}-")
    (Path(root) / "pyproject.toml").write_text("[tool.errlearn]\n")
    out = []
    have = 0
    for size in sizes:
        with History.open(Path(root), url=url) as h:  # type: ignore[union-attr]
            lines = iter(_lines(size, errors))
            wanted = [line for i, line in enumerate(lines) if i == 0 or i > have]
            h.import_lines(wanted)
            have = size
            times = []
            for _ in range(200):
                t = time.perf_counter()
                h.hints("pytest tests/part3")
                times.append(time.perf_counter() - t)
        a50, a95 = anchor(url, root)
        out.append(
            {
                "backend": backend,
                "history_runs": size,
                "hints_p50_ms": round(_pct(times, 0.5), 2),
                "hints_p95_ms": round(_pct(times, 0.95), 2),
                "anchor_p50_ms": round(a50, 3),
                "anchor_p95_ms": round(a95, 3),
            }
        )
    return out


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--procs", default="1,8,32")
    p.add_argument("--runs", type=int, default=200)
    p.add_argument("--errors", type=int, default=20)
    p.add_argument("--hint-runs", default="10000,100000")
    p.add_argument("--hint-errors", type=int, default=2)
    p.add_argument("--url", help="a fresh PostgreSQL database (default: a throwaway server)")
    p.add_argument("--skip-sqlite", action="store_true")
    args = p.parse_args()
    server = None
    url = args.url
    if url is None:
        from pg_server import PgServer, missing

        if (why := missing()) is not None:
            print(f"no PostgreSQL: {why}", file=sys.stderr)
            return 2
        server = PgServer().start()
    try:
        backends: list[tuple[str, str | None]] = [] if args.skip_sqlite else [("sqlite", None)]
        rows: list[dict[str, object]] = []
        for name in ("postgres",):
            backends.append((name, url))
        for backend, u in backends:
            for procs in (int(n) for n in args.procs.split(",")):
                if backend == "postgres" and server is not None:
                    u = server.url(server.database())
                row = fleet(backend, u, procs, args.runs, args.errors)
                print(json.dumps(row), flush=True)
                rows.append(row)
                if row["recorded"] != row["runs"]:
                    print("runs were lost", file=sys.stderr)
                    return 1
        sizes = [int(n) for n in args.hint_runs.split(",")]
        for backend, u in backends:
            if backend == "postgres" and server is not None:
                u = server.url(server.database())
            for row in hints_at(backend, u, sizes, args.hint_errors):
                print(json.dumps(row), flush=True)
    finally:
        if server is not None:
            server.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
