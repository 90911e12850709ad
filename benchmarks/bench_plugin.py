"""What ``pytest -p errlearn`` costs: a passing suite and a failing one, with and without it.

    python benchmarks/bench_plugin.py [--reps 7]

Generates, in a temp dir, 3,000 passing tests and 600 failing ones (assertions,
missing modules, errors in fixtures; a patterns.toml that knows some of them),
then runs each suite with ``-p errlearn`` and with ``-p no:errlearn``,
alternating, ``--reps`` times each, autoload off so no other plugin interferes.
The anchor is pytest itself without errlearn, measured in the same run.
Goals: at most 3% on the passing suite, at most 20% on the failing one.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import NamedTuple

from common import bytecode_env, positive

GOALS = {"passing": 3.0, "failing": 20.0}  # overhead allowed, in percent

PASSING = """
import pytest

@pytest.fixture
def value():
    return 41

@pytest.mark.parametrize("n", range({per_file}))
def test_passes(n, value):
    assert value + 1 == 42
"""

FAILING = """
import pytest

@pytest.fixture
def broken():
    raise RuntimeError("database at 10.0.0.{file} refused the connection")

@pytest.mark.parametrize("n", range({third}))
def test_assertion(n):
    assert {{"id": n, "name": "x"}} == {{"id": n + 1, "name": "x"}}

@pytest.mark.parametrize("n", range({third}))
def test_missing_module(n):
    __import__(f"plugin_{{n}}_not_installed")

@pytest.mark.parametrize("n", range({third}))
def test_fixture(n, broken):
    pass
"""

PATTERNS = """version = 1

[[pattern]]
id = "py-missing-module"
trigger = "ModuleNotFoundError: No module named {module}"
match = "No module named '(?P<module>[^']+)'"
fix = "pip install {module}"
category = "dependency"

[[pattern]]
id = "db-refused"
trigger = "RuntimeError: database at 127.0.0.1 refused the connection"
fix = "start the test database: docker compose up -d db"
"""


def make_suites(root: Path) -> dict[str, Path]:
    """30 files of 100 passing tests; 20 files of 30 failing tests (10 of each kind)."""
    passing, failing = root / "passing", root / "failing"
    passing.mkdir()
    failing.mkdir()
    for i in range(30):
        (passing / f"test_pass_{i}.py").write_text(PASSING.format(per_file=100))
    for i in range(20):
        (failing / f"test_fail_{i}.py").write_text(FAILING.format(file=i, third=10))
    (failing / "patterns.toml").write_text(PATTERNS)
    for suite in (passing, failing):
        (suite / "pyproject.toml").write_text("[tool.errlearn]\n")  # the project root
    return {"passing": passing, "failing": failing}


class Timing(NamedTuple):
    wall: float  # seconds, start to exit
    cpu: float  # seconds of CPU (user + system) the run used


def run_once(suite: Path, plugin: str) -> Timing:
    """One pytest run of ``suite`` in a fresh interpreter.

    Bytecode is cached (in a folder beside the suites, not in the checkout),
    as it is in any installed package: with ``PYTHONDONTWRITEBYTECODE`` set,
    every run would compile errlearn from source and time the compiler.
    """
    env = {**bytecode_env(suite.parent / "pycache"), "PYTEST_DISABLE_PLUGIN_AUTOLOAD": "1"}
    env.pop("PYTEST_ADDOPTS", None)
    command = [sys.executable, "-m", "pytest", "-p", plugin, "-p", "no:cacheprovider", str(suite)]
    start = time.perf_counter()
    child = subprocess.Popen(
        command, cwd=suite, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    _, _, usage = os.wait4(child.pid, 0)
    child.returncode = 0  # reaped by wait4 above
    return Timing(time.perf_counter() - start, usage.ru_utime + usage.ru_stime)


def measure(suite: Path, reps: int) -> tuple[Timing, Timing, Timing]:
    """Medians without and with errlearn, and the median overhead of a pair of runs.

    The two alternate, which goes first alternating too (a run right after
    another is not as fast as one after a pause), and each pair is compared on
    its own: a busy machine slows both runs of a pair alike more often than it
    slows the two medians alike.
    """
    without: list[Timing] = []
    with_it: list[Timing] = []
    run_once(suite, "errlearn")  # warm the file cache and write the bytecode
    for rep in range(reps):
        if rep % 2:
            with_it.append(run_once(suite, "errlearn"))
            without.append(run_once(suite, "no:errlearn"))
        else:
            without.append(run_once(suite, "no:errlearn"))
            with_it.append(run_once(suite, "errlearn"))
    pairs = list(zip(without, with_it, strict=True))
    overhead = Timing(
        statistics.median((b.wall - a.wall) / a.wall * 100 for a, b in pairs),
        statistics.median((b.cpu - a.cpu) / a.cpu * 100 for a, b in pairs),
    )
    return _median(without), _median(with_it), overhead


def _median(runs: list[Timing]) -> Timing:
    return Timing(statistics.median(r.wall for r in runs), statistics.median(r.cpu for r in runs))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--reps", type=positive, default=7, help="runs of each suite each way")
    args = parser.parse_args()
    print(
        f"median of {args.reps} runs each way (overhead: median over alternating pairs); "
        "the goal is judged on CPU time, which a busy machine disturbs less than wall time"
    )
    print(
        f"{'suite':<8} {'tests':>5} {'':>5} {'pytest':>8} {'+errlearn':>10} {'overhead':>9} "
        f"{'goal':>6}"
    )
    ok = True
    with tempfile.TemporaryDirectory(prefix="bench-plugin-") as tmp:
        for name, suite in make_suites(Path(tmp)).items():
            without, with_it, overheads = measure(suite, args.reps)
            tests = 3000 if name == "passing" else 600
            goal = f"<={GOALS[name]:g}%"
            for kind in ("cpu", "wall"):
                base, more = getattr(without, kind), getattr(with_it, kind)
                overhead = getattr(overheads, kind)
                verdict = ""
                if kind == "cpu":
                    verdict = "ok" if overhead <= GOALS[name] else "MISSED"
                    ok &= overhead <= GOALS[name]
                print(
                    f"{name:<8} {tests:>5} {kind:>5} {base:>7.2f}s {more:>9.2f}s "
                    f"{overhead:>8.1f}% {goal if verdict else '':>6} {verdict}"
                )
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
