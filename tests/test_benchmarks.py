"""The benchmarks' options: a count or size that cannot be measured is a usage
line and status 2, before any work, never a traceback or a figure of nothing."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

BENCHMARKS = Path(__file__).resolve().parent.parent / "benchmarks"


@pytest.mark.parametrize(
    ("script", "option", "value"),
    [
        ("bench_run.py", "--runs", "0"),
        ("bench_run.py", "--repeat", "-1"),
        ("bench_hints.py", "--per-run", "x"),
        ("bench_hooks.py", "--rows", "0"),
        ("bench_matcher.py", "--errors", "0"),
        ("bench_plugin.py", "--reps", "0"),
        ("bench_scan.py", "--repeat", "0"),
        ("bench_scan.py", "--size-mb", "0"),
        ("bench_scan.py", "--rss-size-mb", "nan"),
    ],
)
def test_a_benchmark_refuses_a_count_or_size_it_cannot_measure(
    script: str, option: str, value: str
) -> None:
    done = subprocess.run([sys.executable, script, option, value], cwd=BENCHMARKS,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert "Traceback" not in done.stderr
    assert done.stderr.splitlines()[-1].startswith(f"{script}: error: argument {option}: ")
    assert done.stdout == ""
