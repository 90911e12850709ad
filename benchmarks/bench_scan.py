"""``errlearn scan`` on a big log: within 4x of ``grep`` for speed, under 400 MB of memory.

Builds the logs by concatenating every LogChunks log (real CI output, ANSI codes
and all) until the size is reached, then measures, in this same run:

- ``errlearn scan --json BIG`` (~75 MB) beside the anchor ``grep -ciE`` with the
  detection design's stage-1 words, best of 3 each, and their ratio (goal <= 4x),
  both writing into a pipe (GNU grep stops at its first match into /dev/null);
- the peak RSS of ``errlearn scan --json`` on a ~300 MB log (goal < 400 MB),
  beside grep's, each in a fresh process so that nothing else counts; a big
  file is scanned by up to one process per CPU, so the goal is judged on the
  peak of one times their number.

The CPUs free when it starts are printed first: a big file takes a second
process only where a CPU is free for it.

    python benchmarks/bench_scan.py [--size-mb 75] [--rss-size-mb 300] [--repeat 3]

Exits 1 when a goal is missed or errlearn fails, 2 without the corpora.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

from common import CORPORA, build_log, logchunks_logs, megabytes, positive
from common import errlearn_command as errlearn

from pytest_errlearn import forking
from pytest_errlearn.detect import parallel, prefilter

SPEED_GOAL = 4.0  # errlearn's time over grep's
RSS_GOAL_MB = 400.0

# Stage 1 of the detection design (``seed 003`` in the output): the words worth a look.
SEED_WORDS = (
    "error:",
    "Error:",
    "ERROR:",
    "failed:",
    "Failed:",
    "FAILED:",
    "exception:",
    "Exception:",
    "FAIL:",
    "not ok",
    "AssertionError",
    "assertion failed",
    "Build failed",
    "Compilation error",
    "syntax error",
    "SyntaxError",
    "TypeError",
    "ReferenceError",
    "undefined is not",
    "null pointer",
    "segmentation fault",
    "command not found",
    "No such file",
    "Permission denied",
)

# Output goes to a pipe, never /dev/null: GNU grep stops at its first match when
# its output is /dev/null, which would make the anchor meaningless.
# Runs argv[1:]; prints its status and peak RSS (KB on Linux, bytes on macOS).
_RSS_PROBE = (
    "import resource, subprocess, sys\n"
    "done = subprocess.run(sys.argv[1:], capture_output=True)\n"
    "print(done.returncode, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)\n"
)


def best_time(argv: Sequence[str], repeat: int, ok: tuple[int, ...] = (0,)) -> float:
    """The best wall time of ``repeat`` runs, output read and dropped; a failing run raises."""
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        done = subprocess.run(argv, capture_output=True)
        elapsed = time.perf_counter() - start
        if done.returncode not in ok:
            raise RuntimeError(
                f"{' '.join(argv)} exited {done.returncode}: "
                f"{done.stderr.decode(errors='replace').strip()[-500:]}"
            )
        best = min(best, elapsed)
    return best


def peak_rss_mb(argv: Sequence[str], ok: tuple[int, ...] = (0,)) -> float:
    """Peak RSS of one run of ``argv``, measured from a fresh probe process."""
    probe = subprocess.run(
        [sys.executable, "-c", _RSS_PROBE, *argv], capture_output=True, text=True, check=True
    )
    status, kilobytes = (int(x) for x in probe.stdout.split())
    if status not in ok:
        raise RuntimeError(f"{' '.join(argv)} exited {status}")
    return kilobytes / (1 << 20 if sys.platform == "darwin" else 1 << 10)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--size-mb", type=megabytes, default=75.0, help="the timed log's size")
    parser.add_argument("--rss-size-mb", type=megabytes, default=300.0, help="the RSS log's size")
    parser.add_argument(
        "--repeat", type=positive, default=3, help="timed runs of each; best counts"
    )
    args = parser.parse_args(argv)
    logs = logchunks_logs()
    if not logs:
        print(f"bench_scan: error: no LogChunks logs under {CORPORA}", file=sys.stderr)
        return 2
    grep = shutil.which("grep")
    scan = [*errlearn(), "scan", "--json"]
    print(f"prefilter engine: {prefilter.ENGINE}; errlearn: {' '.join(scan)}")
    # A big file takes a second process only while a CPU is free (``parallel``):
    # the figure depends on what else the machine is doing.
    print(
        f"CPUs: {forking.cpus()}, free now: {forking.free_cpus()}, "
        f"load average {os.getloadavg()[0]:.1f}"
    )
    met = True
    with tempfile.TemporaryDirectory(prefix="errlearn-bench-") as tmp:
        big = Path(tmp) / "big.log"
        size = build_log(big, int(args.size_mb * 1e6), logs)
        try:
            ours = best_time([*scan, str(big)], args.repeat)
        except RuntimeError as exc:
            print(f"bench_scan: errlearn failed: {exc}", file=sys.stderr)
            return 1
        empty = Path(tmp) / "empty.log"
        empty.touch()
        start_up = best_time([*scan, str(empty)], args.repeat)
        print(f"scan of a {size / 1e6:.0f} MB log (best of {args.repeat}):")
        print(
            f"  errlearn scan --json   {ours:7.2f} s   {size / 1e6 / ours:7.1f} MB/s   "
            f"(of which {start_up:.2f} s start-up: an empty log)"
        )
        if grep is None:
            print("  grep: not installed; no anchor, no ratio")
        else:
            words = "|".join(SEED_WORDS)
            anchor = best_time([grep, "-ciE", words, str(big)], args.repeat, ok=(0, 1))
            ratio = ours / anchor
            met &= ratio <= SPEED_GOAL
            print(f"  grep -ciE (seed 003)   {anchor:7.2f} s   {size / 1e6 / anchor:7.1f} MB/s")
            print(
                f"  ratio                  {ratio:7.2f}x   goal <= {SPEED_GOAL:g}x   "
                f"{'ok' if ratio <= SPEED_GOAL else 'MISSED'}"
            )
        huge = Path(tmp) / "huge.log"
        big.unlink()
        size = build_log(huge, int(args.rss_size_mb * 1e6), logs)
        rss = peak_rss_mb([*scan, str(huge)])
        # The pieces of a big file are scanned by one process each, and the
        # probe sees the biggest of them: their sum bounds the memory in use.
        pieces = max(1, min(forking.cpus(), size // parallel.MIN_PIECE))
        total = rss * pieces
        met &= total < RSS_GOAL_MB
        print(f"peak RSS scanning a {size / 1e6:.0f} MB log ({pieces} processes):")
        print(
            f"  errlearn scan --json   {rss:7.0f} MB a process, {total:.0f} MB in all   "
            f"goal < {RSS_GOAL_MB:g} MB   {'ok' if total < RSS_GOAL_MB else 'MISSED'}"
        )
        if grep is not None:
            anchor_rss = peak_rss_mb([grep, "-ciE", "|".join(SEED_WORDS), str(huge)], ok=(0, 1))
            print(f"  grep -ciE (seed 003)   {anchor_rss:7.0f} MB")
    return 0 if met else 1


if __name__ == "__main__":
    sys.exit(main())
