"""Run every ``benchmarks/bench_*.py`` in turn, each in its own process.

Each benchmark prints its own figures beside its anchor; this passes its output
through as it comes and ends with one line per benchmark. One at a time, so
that no benchmark's timings are disturbed by another's.

    python benchmarks/run_all.py [NAME ...]    # e.g. scan matcher: only those

Exits 1 when any benchmark failed (a non-zero status: a crash or a missed goal),
2 when a NAME matches no benchmark.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path

HERE = Path(__file__).resolve().parent


def discover(names: Sequence[str] = ()) -> list[Path]:
    """The benchmark scripts, by name order; only ``bench_NAME.py`` for the NAMEs given."""
    found = sorted(HERE.glob("bench_*.py"))
    if names:
        wanted = {n.removeprefix("bench_").removesuffix(".py") for n in names}
        found = [p for p in found if p.stem.removeprefix("bench_") in wanted]
    return found


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("names", nargs="*", metavar="NAME", help="only bench_NAME.py")
    args = parser.parse_args(argv)
    scripts = discover(args.names)
    if not scripts:
        print(
            f"run_all: error: no benchmark matches {' '.join(args.names) or 'bench_*.py'}",
            file=sys.stderr,
        )
        return 2
    results: list[tuple[str, int, float]] = []
    for script in scripts:
        print(f"==> {script.name}", flush=True)
        start = time.perf_counter()
        status = subprocess.run([sys.executable, str(script)], cwd=HERE.parent).returncode
        results.append((script.name, status, time.perf_counter() - start))
        print(flush=True)
    print("==> summary")
    for name, status, seconds in results:
        verdict = "ok" if status == 0 else f"FAILED (exit {status})"
        print(f"  {name:<28} {seconds:7.1f} s  {verdict}")
    return 1 if any(status for _, status, _ in results) else 0


if __name__ == "__main__":
    sys.exit(main())
