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
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from common import errlearn_command  # noqa: E402

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
    history.keep_runs = 10**6  # every run kept: the count checks that none was lost
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
    c: Any
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


def fill(h: History, have: int, size: int, errors: int) -> None:
    """Runs ``have+1..size`` of ``errors`` failing errors each, written straight into the
    tables in bulk (not recorded one by one: 100,000 runs would take hours), and the
    per-key failure counts and command keys ``record`` keeps, rebuilt from them."""
    conn: Any = h._conn
    pg = h.dialect == "postgres"
    sig = (
        "lpad(to_hex((r.id * {e} + k) % 5000), 16, '0')"
        if pg
        else "printf('%016x', (r.id * {e} + k) % 5000)"
    )
    series = (
        "generate_series({a}, {b}) AS g(i)"
        if pg
        else "(WITH RECURSIVE s(i) AS (SELECT {a} UNION ALL SELECT i + 1 FROM s WHERE i < {b})"
        " SELECT i FROM s) AS g"
    )
    ks = (
        "generate_series(0, {e} - 1) AS k(k)"
        if pg
        else "(WITH RECURSIVE t(k) AS (SELECT 0 UNION ALL SELECT k + 1 FROM t WHERE k < {e} - 1)"
        " SELECT k FROM t) AS kk"
    )
    raw = getattr(conn, "raw", conn)
    last = raw.execute("SELECT COALESCE(MAX(id), 0) FROM runs").fetchone()[0]
    raw.execute(
        "INSERT INTO runs (time, source, command, key, tool, exit_code, uid)"
        " SELECT 1.7e9 + i, 'run', 'pytest tests/part' || (i % 7), 'pytest', 'pytest', 1,"
        f" 'fill' || i FROM {series.format(a=have + 1, b=size)}"
    )
    raw.execute(
        "INSERT INTO errors (run_id, subject, signature, tool, category, message, normal,"
        f" example, passing) SELECT r.id, 'pytest', {sig.format(e=errors)}, 'pytest',"
        " 'assertion', 'AssertionError: ' || k, 'AssertionError: <n>', 'AssertionError', 0"
        f" FROM runs r, {ks.format(e=errors)} WHERE r.id > {last}"
    )
    raw.execute("DELETE FROM failures")
    raw.execute(
        "INSERT INTO failures (key, signature, times, last_error, command)"
        " SELECT 'pytest', signature, COUNT(*), MAX(id), 'pytest tests/part3' FROM errors"
        " GROUP BY signature"
    )
    raw.execute("ANALYZE")


def command_times(argv: list[str], cwd: str, n: int, stdin: bytes = b"") -> list[float]:
    """Wall times of ``n`` runs of a whole command (a fresh process each)."""
    env = {k: v for k, v in os.environ.items() if k != "ERRLEARN_HISTORY_URL"}
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    times = []
    for _ in range(n):
        t = time.perf_counter()
        subprocess.run(argv, cwd=cwd, env=env, input=stdin, capture_output=True, check=False)
        times.append(time.perf_counter() - t)
    return times


# The installed console script, as users run it (an editable install adds its finder).
ERRLEARN = errlearn_command()


def hints_at(
    backend: str, url: str | None, sizes: list[int], errors: int, calls: int
) -> list[dict[str, object]]:
    """``History.hints()`` in process, and ``errlearn hints`` and ``errlearn hook
    pre-tool-use`` as whole commands, at each history size."""
    root = tempfile.mkdtemp(prefix=f"hints-{backend}-")
    setting = f'"{url}"' if url else "true"
    (Path(root) / "pyproject.toml").write_text(
        f"[tool.errlearn]\nhistory = {setting}\nkeep_runs = 1000000\n"
    )
    event = json.dumps(
        {"tool_name": "Bash", "tool_input": {"command": "pytest tests/part3"}, "cwd": root}
    ).encode()
    out = []
    have = 0
    for size in sizes:
        with History.open(Path(root), url=url) as h:  # type: ignore[union-attr]
            started = time.perf_counter()
            fill(h, have, size, errors)
            filled = time.perf_counter() - started
            have = size
            times = []
            for _ in range(200):
                t = time.perf_counter()
                h.hints("pytest tests/part3")
                times.append(time.perf_counter() - t)
            refresh = []
            if url:
                from pytest_errlearn.history import hintcache

                conn: Any = h._conn
                for _ in range(20):
                    t = time.perf_counter()
                    hintcache.refresh(conn, root, url, conn.project)
                    refresh.append(time.perf_counter() - t)
        hints_cmd = command_times([*ERRLEARN, "hints", "--", "pytest", "tests/part3"], root, calls)
        hook_cmd = command_times([*ERRLEARN, "hook", "pre-tool-use"], root, calls, event)
        bare = command_times([sys.executable, "-c", "pass"], root, calls)
        a50, a95 = anchor(url, root)
        row: dict[str, object] = {
            "backend": backend,
            "history_runs": size,
            "fill_s": round(filled, 1),
            "hints_p50_ms": round(_pct(times, 0.5), 2),
            "hints_p95_ms": round(_pct(times, 0.95), 2),
            "errlearn_hints_p50_ms": round(_pct(hints_cmd, 0.5), 1),
            "errlearn_hints_p95_ms": round(_pct(hints_cmd, 0.95), 1),
            "hook_p50_ms": round(_pct(hook_cmd, 0.5), 1),
            "hook_p95_ms": round(_pct(hook_cmd, 0.95), 1),
            "python_pass_p50_ms": round(_pct(bare, 0.5), 1),
            "anchor_p50_ms": round(a50, 3),
            "anchor_p95_ms": round(a95, 3),
        }
        if refresh:
            row["cache_refresh_p50_ms"] = round(_pct(refresh, 0.5), 2)
            row["cache_refresh_p95_ms"] = round(_pct(refresh, 0.95), 2)
        out.append(row)
    return out


FAILING = (
    "sleep 1; for w in alpha bravo charlie delta echo foxtrot golf hotel india juliet kilo"
    " lima mike november oscar papa quebec romeo sierra tango; do"
    " echo \"src/$w.c:12:5: error: unknown type name '$w'\"; done; exit 1"
)


def added(url: str | None, n: int) -> dict[str, object]:
    """What recording adds to a run: ``errlearn run -- <1 s, 20 errors, status 1>`` with
    the history at ``url`` (None: SQLite) minus the same with history off, alternated."""
    rows = {}
    for name, setting in (("on", f'"{url}"' if url else "true"), ("off", "false")):
        root = tempfile.mkdtemp(prefix=f"added-{name}-")
        (Path(root) / "pyproject.toml").write_text(f"[tool.errlearn]\nhistory = {setting}\n")
        rows[name] = root
    argv = [*ERRLEARN, "run", "-q", "--", "sh", "-c", FAILING]
    on: list[float] = []
    off: list[float] = []
    for i in range(n + 1):
        a = command_times(argv, rows["on"], 1)
        b = command_times(argv, rows["off"], 1)
        if i:  # the first: .pyc files and the server's caches warm up
            on += a
            off += b
    a50, a95 = anchor(url, rows["on"])
    return {
        "backend": "postgres" if url else "sqlite",
        "run_on_p50_ms": round(_pct(on, 0.5), 1),
        "run_off_p50_ms": round(_pct(off, 0.5), 1),
        "added_p50_ms": round(_pct(on, 0.5) - _pct(off, 0.5), 1),
        "added_mean_ms": round(1000 * (sum(on) - sum(off)) / len(on), 1),
        "anchor_p50_ms": round(a50, 3),
        "anchor_p95_ms": round(a95, 3),
    }


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--procs", default="1,8,32")
    p.add_argument("--runs", type=int, default=200)
    p.add_argument("--errors", type=int, default=20)
    p.add_argument("--hint-runs", default="10000,100000")
    p.add_argument("--hint-errors", type=int, default=2)
    p.add_argument("--calls", type=int, default=40, help="whole-command timings per size")
    p.add_argument("--added", type=int, default=10, help="errlearn run pairs for the added time")
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
        lost = False
        for name in ("postgres",):
            backends.append((name, url))
        for backend, u in backends:
            for procs in (int(n) for n in args.procs.split(",") if n):
                if backend == "postgres" and server is not None:
                    u = server.url(server.database())
                row = fleet(backend, u, procs, args.runs, args.errors)
                print(json.dumps(row), flush=True)
                rows.append(row)
                if row["recorded"] != row["runs"]:
                    print(f"{backend}, {procs} processes: runs were lost", file=sys.stderr)
                    lost = True
        for backend, u in backends:
            if backend == "postgres" and server is not None:
                u = server.url(server.database())
            if args.added:
                print(json.dumps(added(u, args.added)), flush=True)
        sizes = [int(n) for n in args.hint_runs.split(",") if n]
        for backend, u in backends:
            if backend == "postgres" and server is not None:
                u = server.url(server.database())
            for row in hints_at(backend, u, sizes, args.hint_errors, args.calls):
                print(json.dumps(row), flush=True)
    finally:
        if server is not None:
            server.close()
    return 1 if lost else 0


if __name__ == "__main__":
    sys.exit(main())
