"""One process or more: the detector's paths over the same big log, side by side.

Every LogChunks log concatenated until ~75 MB, detected by each path in a
fresh process (imports, compiles and forks included, as a user pays them),
interleaved, median of ``--repeat``:

- ``Detector``: one process, one pass (what ``errlearn run``'s analyser uses);
- ``StreamDetector`` without its worker, and with it (a forked process that
  scans pieces while this one scans others);
- ``parallel.scan_file``: the file cut into pieces, one process per CPU
  (what ``errlearn scan FILE`` uses).

Each line gives the wall time and the CPU time of all the path's processes.
With ``--load N``, N busy processes run meanwhile: a CI machine is rarely
idle. All paths must give the same report (the errors' spans are compared).

    python benchmarks/bench_processes.py [--size-mb 75] [--repeat 5] [--load 0]

No goal: it shows where a second process wins (exit 1 if the reports differ).
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path

from common import build_log, logchunks_logs, megabytes, positive

PATHS = ("Detector", "StreamDetector, no worker", "StreamDetector, worker", "scan_file")

# Runs one path over argv[2] in this fresh process: prints wall s, CPU s, the spans.
_PROBE = """
import json, os, resource, sys, time
path, log = sys.argv[1], sys.argv[2]
start = time.perf_counter()
if path == "scan_file":
    from pytest_errlearn.detect.parallel import scan_file
    report = scan_file(log)
else:
    from pytest_errlearn.detect.engine import Detector
    from pytest_errlearn.detect.streaming import StreamDetector
    if path == "Detector":
        detector = Detector()
    else:
        detector = StreamDetector(workers=path.endswith(", worker"))
    with open(log, "rb") as f:
        while chunk := f.read(1 << 20):
            detector.feed(chunk)
    report = detector.close()
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


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--size-mb", type=megabytes, default=75.0, help="the log's size")
    parser.add_argument("--repeat", type=positive, default=5, help="runs of each path; median")
    parser.add_argument("--load", type=int, default=0, help="busy processes meanwhile")
    args = parser.parse_args(argv)
    logs = logchunks_logs()
    if not logs:
        print("bench_processes: error: no LogChunks logs", file=sys.stderr)
        return 2
    busy = [multiprocessing.Process(target=_busy, daemon=True) for _ in range(args.load)]
    with tempfile.TemporaryDirectory(prefix="errlearn-bench-") as tmp:
        log = Path(tmp) / "big.log"
        size = build_log(log, int(args.size_mb * 1e6), logs)
        for process in busy:
            process.start()
        try:
            runs = measure(log, args.repeat)
        finally:
            for process in busy:
                process.terminate()
    print(
        f"detection of a {size / 1e6:.0f} MB log, {args.load} busy processes meanwhile "
        f"(median of {args.repeat}, fresh processes):"
    )
    for path, got in runs.items():
        wall = statistics.median(w for w, _, _ in got)
        cpu = statistics.median(c for _, c, _ in got)
        print(f"  {path:27} {wall:6.2f} s wall  {cpu:6.2f} s CPU")
    reports = {json.dumps(spans) for got in runs.values() for _, _, spans in got}
    if len(reports) != 1:
        print("bench_processes: the paths gave different reports", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
