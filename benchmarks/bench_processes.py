"""One process or more: the detector's paths over the same inputs, side by side.

Two inputs: every LogChunks log concatenated until ~75 MB (real CI output),
and a test run's failure lines, one after another (``--failures-mb``, the
input a piece cannot read alone: each of its failure lines needs what the
lines before it explained). Each is detected by each path in a fresh process
(imports, compiles and forks included, as a user pays them), interleaved,
median of ``--repeat``:

- one process: ``Detector``, one pass (what ``errlearn run``'s analyser uses
  while the command runs, and ``errlearn scan -``);
- stage 1 ahead: the same pass, with a second process finding the candidate
  lines ahead of it (``detect.ahead``, what ``errlearn run``'s analyser adds
  once the command has ended), made to start whatever the size and the CPUs
  free;
- two processes: ``parallel.scan_file`` made to cut the input into pieces
  for two processes whatever its size (this one and a forked child);
- ``errlearn scan FILE``'s choice: ``parallel.scan_file`` as the command calls
  it: pieces from three CPUs free, else one pass, with stage 1 ahead where a
  second CPU is free and the file is big enough.

Each line gives the wall time and the CPU time of all the path's processes,
and the wall time over the one process's (below 1: the second process wins).
With ``--load N``, N busy processes run meanwhile: a CI machine is rarely
idle. All paths must give the same report (the errors' spans are compared).

    python benchmarks/bench_processes.py [--size-mb 75] [--failures-mb 8] [--repeat 5] [--load 0]

No goal: it shows where a second process wins (exit 1 if the reports differ).
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path

from common import build_log, logchunks_logs, megabytes, positive

PATHS = ("one process", "stage 1 ahead", "two processes", "scan FILE's choice")
SINGLE = PATHS[0]  # the one process the others are measured against
# A test run's failure lines, as bench_run.py's failing run prints them.
FAILURE_LINE = "FAILED tests/test_cart.py::test_total[{}] - AssertionError: assert {} == 0\n"

# Runs one path over argv[2] in this fresh process: prints wall s, CPU s, the spans.
_PROBE = """
import json, os, resource, sys, time
path, log = sys.argv[1], sys.argv[2]
start = time.perf_counter()
if path in ("one process", "stage 1 ahead"):
    from pytest_errlearn.detect import ahead
    from pytest_errlearn.detect.engine import Detector
    ahead.free_cpus = lambda: 2 if path == "stage 1 ahead" else 1
    ahead.MIN_AHEAD = 0
    detector = Detector()
    with open(log, "rb") as f:
        detector.read_ahead(f.fileno(), 0, os.fstat(f.fileno()).st_size)
        while chunk := f.read(1 << 22):
            detector.feed(chunk)
    report = detector.close()
else:
    from pytest_errlearn.detect import parallel
    if path == "two processes":
        parallel.MIN_PIECE = 1
    report = parallel.scan_file(log, workers=2 if path == "two processes" else None)
wall = time.perf_counter() - start
try:
    while True:
        os.wait()
except ChildProcessError:
    pass
cpu = sum(getattr(resource.getrusage(who), f) for who in (resource.RUSAGE_SELF,
          resource.RUSAGE_CHILDREN) for f in ("ru_utime", "ru_stime"))
print(json.dumps([wall, cpu, [list(e.span) for e in report.errors]]))
"""


def _busy() -> None:
    while True:
        pass


def measure(log: Path, repeat: int) -> dict[str, list[tuple[float, float, list[list[int]]]]]:
    """Each path's (wall, CPU, spans) per run, the paths interleaved."""
    runs: dict[str, list[tuple[float, float, list[list[int]]]]] = {p: [] for p in PATHS}
    for _ in range(repeat):
        for path in PATHS:
            done = subprocess.run(
                [sys.executable, "-c", _PROBE, path, str(log)],
                capture_output=True,
                text=True,
                check=True,
            )
            wall, cpu, spans = json.loads(done.stdout)
            runs[path].append((wall, cpu, spans))
    return runs


def failures_log(path: Path, size: int) -> int:
    """Write failure lines, one after another, until ``size`` bytes; the size."""
    written, i = 0, 0
    with path.open("w") as out:
        while written < size:
            block = "".join(FAILURE_LINE.format(k, k) for k in range(i, i + 1000))
            out.write(block)
            written, i = written + len(block), i + 1000
    return written


def show(name: str, runs: dict[str, list[tuple[float, float, list[list[int]]]]]) -> bool:
    """Print each path's median wall and CPU beside the one process's; whether the
    paths gave the same report."""
    print(f"  {name}:")
    single = statistics.median(w for w, _, _ in runs[SINGLE])
    for path, got in runs.items():
        wall = statistics.median(w for w, _, _ in got)
        cpu = statistics.median(c for _, c, _ in got)
        print(
            f"    {path:27} {wall:6.2f} s wall  {cpu:6.2f} s CPU  {wall / single:5.2f}x one process"
        )
    return len({json.dumps(spans) for got in runs.values() for _, _, spans in got}) == 1


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--size-mb", type=megabytes, default=75.0, help="the log's size")
    parser.add_argument(
        "--failures-mb", type=megabytes, default=8.0, help="the failure lines' size"
    )
    parser.add_argument("--repeat", type=positive, default=5, help="runs of each path; median")
    parser.add_argument("--load", type=int, default=0, help="busy processes meanwhile")
    args = parser.parse_args(argv)
    logs = logchunks_logs()
    if not logs:
        print("bench_processes: error: no LogChunks logs", file=sys.stderr)
        return 2
    busy = [multiprocessing.Process(target=_busy, daemon=True) for _ in range(args.load)]
    with tempfile.TemporaryDirectory(prefix="errlearn-bench-") as tmp:
        log, failures = Path(tmp) / "big.log", Path(tmp) / "failures.log"
        size = build_log(log, int(args.size_mb * 1e6), logs)
        failures_size = failures_log(failures, int(args.failures_mb * 1e6))
        load = os.getloadavg()[0]  # other work on the machine: the figures move with it
        for process in busy:
            process.start()
        try:
            runs = measure(log, args.repeat)
            failure_runs = measure(failures, args.repeat)
        finally:
            for process in busy:
                process.terminate()
    print(
        f"detection on {os.cpu_count()} CPUs, {args.load} busy processes meanwhile, "
        f"load average {load:.1f} before (median of {args.repeat}, fresh processes):"
    )
    same = show(f"CI logs, {size / 1e6:.0f} MB", runs)
    same &= show(f"failure lines, {failures_size / 1e6:.0f} MB", failure_runs)
    if not same:
        print("bench_processes: the paths gave different reports", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
