"""How long the known-failure hints take before a command: the goal is under 100 ms.

Builds a history of 10,000 error rows through ``History.record`` (the real
write path) in a temporary project, then measures, in this same run:

- ``History.hints()`` in process (what ``errlearn run`` calls before it starts),
- ``errlearn hints -- CMD`` as a new process, beside the anchor
  ``python -c pass`` (an interpreter's start-up, which no CLI can beat).

    python benchmarks/bench_hints.py [--rows 10000] [--per-run 4] [--repeat 30]

``--rows 200000 --per-run 50`` is a long-lived project's history (5,000 runs
kept, 50 errors a failing run): the hints read the ``failures`` table, so
they cost about the same as with 10,000 rows.
"""

from __future__ import annotations

import argparse
import contextlib
import random
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from common import bytecode_env, positive

from pytest_errlearn.history import History
from pytest_errlearn.report import Error, Match, Report

COMMANDS = ("npm test", "npm run build", "cargo build", "pytest tests", "make all", "go test ./...")
ERRORS_PER_RUN = 4
GOAL_MS = 100.0


def build(root: Path, rows: int, per_run: int = ERRORS_PER_RUN, seed: int = 7) -> list[float]:
    """Record ``rows`` errors, ``per_run`` a failing run (and a passing run after every
    four); the record() times (s). Past ``MAX_RUNS`` runs the oldest are pruned."""
    rng = random.Random(seed)
    history = History.open(root, warn=print)
    assert history is not None
    times = []
    with history:
        for run in range(max(1, rows * 5 // 4 // per_run)):  # the first fails: npm test
            passes = run % 5 == 4  # every fifth run passes, cleanly
            errors = []
            for _ in range(0 if passes else per_run):
                n = rng.randrange(400)  # 400 distinct failures, some with a known fix
                match = Match(f"pattern-{n % 40}", 0.8, "semantic", "do x") if n % 3 == 0 else None
                errors.append(Error(message=f"error: failure number {n} in module m{n}",
                                    text=f"error: failure number {n}", signature=f"{n:016x}",
                                    test=f"tests/test_{n % 50}.py::test_{n}", match=match))
            command = COMMANDS[run % len(COMMANDS)] + f" --shard {run % 7}"
            start = time.perf_counter()
            history.record(Report(errors=errors, primary_index=0), source="run",
                           command=command, exit_code=0 if passes else 1,
                           passed=[f"tests/test_{run % 50}.py::test_{run % 400}"])
            times.append(time.perf_counter() - start)
    return times


def _rows(root: Path) -> int:
    """The error rows the history holds (after pruning)."""
    with contextlib.closing(sqlite3.connect(root / ".errlearn" / "history.sqlite3")) as conn:
        return int(conn.execute("SELECT COUNT(*) FROM errors").fetchone()[0])


def measure(action: Callable[[], object], repeat: int) -> list[float]:
    out = []
    for _ in range(repeat):
        start = time.perf_counter()
        action()
        out.append((time.perf_counter() - start) * 1000)
    return out


def p(values: list[float], q: float) -> float:
    """The ``q``th percentile; the value itself when there is one (``--repeat 1``)."""
    if len(values) < 2:
        return values[0]
    return statistics.quantiles(values, n=100, method="inclusive")[int(q) - 1]


def line(label: str, ms: list[float]) -> str:
    return f"{label:<42} p50 {p(ms, 50):7.1f} ms   p95 {p(ms, 95):7.1f} ms"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=positive, default=10_000)
    parser.add_argument("--per-run", type=positive, default=ERRORS_PER_RUN,
                        help="errors of a failing run (a long-lived project: 50)")
    parser.add_argument("--repeat", type=positive, default=30)
    args = parser.parse_args()
    script = Path(sys.executable).with_name("errlearn")
    cli = [str(script)] if script.exists() else [sys.executable, "-m", "errlearn_wrapper.cli"]
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        (root / ".git").mkdir()
        start = time.perf_counter()
        record_s = build(root, args.rows, args.per_run)
        built = time.perf_counter() - start
        record_ms = [t * 1000 for t in record_s]
        rows = _rows(root)
        print(f"history: {rows} error rows in {len(record_s)} runs, built in {built:.1f} s")
        print(line(f"History.record() (one run, {args.per_run} errors)", record_ms))

        history = History.open(root, create=False)
        assert history is not None
        with history:
            found = history.hints("npm test --watch")
            assert found, "the history should know npm test"
            in_process = measure(lambda: history.hints("npm test --watch"), args.repeat)
            open_and_query = measure(
                lambda: _open_query(root, "cargo build --release"), args.repeat
            )
        # Byte code cached as in any install, in a private folder (this checkout may run
        # with PYTHONDONTWRITEBYTECODE, which would time the compiler instead).
        env = {**bytecode_env(root / "pycache"), "NO_COLOR": "1"}

        def spawn(argv: list[str]) -> Callable[[], object]:
            return lambda: subprocess.run(argv, cwd=root, env=env, check=True,
                                          stdout=subprocess.DEVNULL)

        for warm in ([*cli, "hints", "--", "npm", "test"], [sys.executable, "-c", "pass"]):
            spawn(warm)()
        hints_cli = measure(spawn([*cli, "hints", "--", "npm", "test"]), args.repeat)
        anchor = measure(spawn([sys.executable, "-c", "pass"]), args.repeat)
    print(line("History.hints() in process", in_process))
    print(line("History.open() + hints() in process", open_and_query))
    print(line("errlearn hints -- npm test (new process)", hints_cli))
    print(line("python -c pass (anchor)", anchor))
    over = p(hints_cli, 50) - p(anchor, 50)
    verdict = "meets" if p(open_and_query, 95) < GOAL_MS else "MISSES"
    print(f"errlearn hints costs {over:.1f} ms over the interpreter's start-up (p50); "
          f"the in-process lookup {verdict} the {GOAL_MS:.0f} ms goal at p95")
    return 0


def _open_query(root: Path, command: str) -> None:
    history = History.open(root, create=False)
    assert history is not None
    with history:
        history.hints(command)


if __name__ == "__main__":
    sys.exit(main())
