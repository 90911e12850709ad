"""``errlearn run``'s start-up in a project with history, beside ``python -c pass``.

Builds a history of 5,000 runs through ``History.record`` (the real write path:
six commands, four failing runs in five, 400 distinct errors, a third of them
with a known fix, test ids that pass and fail) in a temporary project, then
measures, in this same run:

- ``History.record()`` and ``History.hints()`` in process (p50, p95);
- the state of the code a run that shows or settles a fix records
  (``history.tree.fingerprint``), for this checkout: through git, and by the
  walk used where there is no git;
- start-up, the median of interleaved runs of each: ``errlearn run -- true``
  (hints read before it, the pass recorded after it), beside the anchor
  ``python -c pass`` (an interpreter's start-up, which no Python wrapper can
  beat): goal <= 2.5x. Beside them, with no goal: ``errlearn run -- sh -c
  'exit 1'`` (a failure, recorded), and a command line the history has not met
  yet (its key worked out from the format table, once).

    python benchmarks/bench_hints.py [--runs 5000] [--per-run 4] [--repeat 30]

``--per-run 50`` is a long-lived project's failing runs (5,000 runs kept).
Exits 1 when the goal is missed or errlearn fails.
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
from collections.abc import Callable, Sequence
from pathlib import Path

from common import bytecode_env, positive
from common import errlearn_command as errlearn

import pytest_errlearn
from pytest_errlearn.history import History, tree
from pytest_errlearn.report import Error, Match, Report

COMMANDS = ("npm test", "npm run build", "cargo build", "pytest tests", "make all", "go test ./...")
ERRORS_PER_RUN = 4
RUNS = 5000
GOAL = 2.5  # errlearn run -- true over python -c pass, with history


def build(root: Path, runs: int, per_run: int = ERRORS_PER_RUN, seed: int = 7) -> list[float]:
    """Record ``runs`` runs, every fifth a clean pass, the others failing with ``per_run``
    errors; the record() times (s). Past ``MAX_RUNS`` runs the oldest are pruned."""
    rng = random.Random(seed)
    history = History.open(root, warn=print)
    assert history is not None
    times = []
    with history:
        for run in range(runs):  # the first fails: npm test
            passes = run % 5 == 4
            errors = []
            for _ in range(0 if passes else per_run):
                n = rng.randrange(400)  # 400 distinct failures, some with a known fix
                match = Match(f"pattern-{n % 40}", 0.8, "semantic", "do x") if n % 3 == 0 else None
                errors.append(
                    Error(
                        message=f"error: failure number {n} in module m{n}",
                        text=f"error: failure number {n}",
                        signature=f"{n:016x}",
                        test=f"tests/test_{n % 50}.py::test_{n}",
                        match=match,
                    )
                )
            command = COMMANDS[run % len(COMMANDS)] + f" --shard {run % 7}"
            start = time.perf_counter()
            history.record(
                Report(errors=errors, primary_index=0 if errors else None),
                source="run",
                command=command,
                exit_code=0 if passes else 1,
                passed=[f"tests/test_{run % 50}.py::test_{run % 400}"],
            )
            times.append(time.perf_counter() - start)
    return times


def _size(root: Path) -> tuple[int, int, float]:
    """The runs and error rows the history holds (after pruning), and its size in MB."""
    path = root / ".errlearn" / "history.sqlite3"
    with contextlib.closing(sqlite3.connect(path)) as conn:
        runs, errors = (
            int(conn.execute(f"SELECT COUNT(*) FROM {t}").fetchone()[0]) for t in ("runs", "errors")
        )
    return runs, errors, path.stat().st_size / 1e6


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
    return f"  {label:<40} p50 {p(ms, 50):7.2f} ms   p95 {p(ms, 95):7.2f} ms"


def verdict(ratio: float, goal: float) -> str:
    return f"{ratio:6.2f}x   goal <= {goal:g}x   {'ok' if ratio <= goal else 'MISSED'}"


def once(argv: Sequence[str], env: dict[str, str], cwd: Path, status: int = 0) -> float:
    """One run's wall time (s); another exit status than ``status`` is an error."""
    start = time.perf_counter()
    done = subprocess.run(argv, cwd=cwd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    elapsed = time.perf_counter() - start
    if done.returncode != status:
        raise RuntimeError(
            f"{' '.join(argv)} exited {done.returncode}: "
            f"{done.stderr.decode(errors='replace').strip()[-500:]}"
        )
    return elapsed


def startup(repeat: int, env: dict[str, str], root: Path) -> dict[str, float]:
    """Median wall times (ms) of each command, interleaved, in the project ``root``."""
    runs: dict[str, tuple[list[str], int]] = {
        "python -c pass": ([sys.executable, "-c", "pass"], 0),
        "errlearn run -- true": ([*errlearn(), "run", "--", "true"], 0),
        "errlearn run -- sh -c 'exit 1'": ([*errlearn(), "run", "--", "sh", "-c", "exit 1"], 1),
    }
    times: dict[str, list[float]] = {name: [] for name in runs}
    for argv, status in runs.values():  # warm the page cache and the bytecode; file the keys
        once(argv, env, root, status)
    new: list[float] = []
    for i in range(repeat):
        for name, (argv, status) in runs.items():
            times[name].append(once(argv, env, root, status) * 1000)
        new.append(once([*errlearn(), "run", "--", "true", f"new-{i}"], env, root) * 1000)
    medians = {name: statistics.median(ms) for name, ms in times.items()}
    medians["a command line new to the history"] = statistics.median(new)
    return medians


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--runs", type=positive, default=RUNS, help="runs in the history")
    parser.add_argument(
        "--per-run",
        type=positive,
        default=ERRORS_PER_RUN,
        help="errors of a failing run (a long-lived project: 50)",
    )
    parser.add_argument("--repeat", type=positive, default=30, help="start-ups of each; median")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="errlearn-bench-") as tmp:
        root = Path(tmp) / "project"
        root.mkdir()
        (root / "pyproject.toml").write_text("")
        start = time.perf_counter()
        record_ms = [t * 1000 for t in build(root, args.runs, args.per_run)]
        built = time.perf_counter() - start
        runs, rows, mb = _size(root)
        print(f"history: {runs} runs, {rows} error rows, {mb:.1f} MB, built in {built:.1f} s")
        history = History.open(root, create=False)
        assert history is not None
        with history:
            assert history.hints("npm test --watch"), "the history should know npm test"
            hints_ms = measure(lambda: history.hints("npm test --watch"), args.repeat)
        print("in process:")
        print(line(f"History.record() ({args.per_run} errors a failure)", record_ms[-1000:]))
        print(line("History.hints() (3 shown)", hints_ms))
        checkout = str(Path(__file__).resolve().parents[1])
        print(
            line(
                "fingerprint, this checkout (git)",
                measure(lambda: tree.fingerprint(checkout), args.repeat),
            )
        )
        print(
            line(
                "fingerprint, this checkout (no git)",
                measure(lambda: tree._files_state(checkout), args.repeat),
            )
        )
        # Byte code cached as in any install, in a private folder (this checkout may run
        # with PYTHONDONTWRITEBYTECODE, which would time the compiler instead).
        env = {**bytecode_env(Path(tmp) / "pycache"), "NO_COLOR": "1"}
        env.pop("GITHUB_ACTIONS", None)
        try:
            medians = startup(args.repeat, env, root)
        except RuntimeError as exc:
            print(f"bench_hints: errlearn failed: {exc}", file=sys.stderr)
            return 1
    anchor = medians["python -c pass"]
    print(f"start-up with that history (median of {args.repeat}, interleaved):")
    for name, ms in medians.items():
        print(f"  {name:<36} {ms:7.1f} ms   {ms / anchor:5.2f}x")
    ratio = medians["errlearn run -- true"] / anchor
    print(f"  ratio, run -- true         {verdict(ratio, GOAL)}")
    if Path(__file__).resolve().parents[1] in Path(pytest_errlearn.__file__).resolve().parents:
        print("  (errlearn from this checkout: judge the goal with `pip install .`, README.md)")
    return 0 if ratio <= GOAL else 1


if __name__ == "__main__":
    sys.exit(main())
