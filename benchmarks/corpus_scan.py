"""Scanning corpus inputs for ``corpora.py``: one input through the detector
under a time limit, the arithmetic of spans and spreads, and the robustness
run over every file of every corpus."""

from __future__ import annotations

import json
import math
import signal
import statistics
import sys
import threading
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pytest_errlearn.detect import detect
from pytest_errlearn.report import Error, Report

DEFAULT_ROOT = Path(__file__).resolve().parents[2] / "shared" / "corpora"
TIME_LIMIT = 30.0  # seconds one input may take before it counts as a hang

Span = tuple[int, int]


# -- scanning -----------------------------------------------------------------


@dataclass(slots=True)
class Scan:
    """One input through ``detect``: its report, or why there is none."""

    name: str
    size: int
    seconds: float
    report: Report | None = None
    failure: str | None = None  # the exception, or the time limit it overran

    @property
    def errors(self) -> list[Error]:
        return self.report.errors if self.report is not None else []

    @property
    def primary(self) -> Error | None:
        return self.report.primary if self.report is not None else None


class _Overtime(Exception):
    """Raised into a scan that overran ``TIME_LIMIT``."""


@contextmanager
def _time_limit(seconds: float) -> Iterator[None]:
    """Interrupt a runaway scan (a regex gone quadratic) instead of hanging the harness."""
    in_main = threading.current_thread() is threading.main_thread()
    if not hasattr(signal, "setitimer") or not in_main:
        yield
        return

    def alarm(signum: int, frame: object) -> None:
        raise _Overtime

    previous = signal.signal(signal.SIGALRM, alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def scan(name: str, data: bytes, tool: str | None = None) -> Scan:
    """Detect the errors of ``data``; a crash or a hang is recorded, not raised."""
    start = time.perf_counter()
    try:
        with _time_limit(TIME_LIMIT):
            report = detect(data, tool)
    except _Overtime:
        failure = f"over the {TIME_LIMIT:g} s limit"
    except Exception as exc:  # the harness shows a crash and goes on
        failure = f"{type(exc).__name__}: {exc}"
    else:
        return Scan(name, len(data), time.perf_counter() - start, report)
    return Scan(name, len(data), time.perf_counter() - start, failure=failure)


def overlaps(a: Span, b: Span) -> bool:
    return a[0] <= b[1] and b[0] <= a[1]


def ratio(part: int, whole: int) -> float:
    """``part / whole``; NaN (which meets no target) when there is nothing to measure."""
    return part / whole if whole else math.nan


@dataclass(frozen=True, slots=True)
class Spread:
    median: float
    mean: float
    p90: float
    max: int


def spread(values: Sequence[int]) -> Spread:
    if not values:
        return Spread(math.nan, math.nan, math.nan, 0)
    p90 = statistics.quantiles(values, n=10)[-1] if len(values) > 1 else float(values[0])
    return Spread(statistics.median(values), statistics.fmean(values), p90, max(values))


def read_jsonl(path: Path) -> Iterator[dict[str, Any]]:
    with path.open(encoding="utf-8") as f:
        for line in f:
            if line.strip():
                yield json.loads(line)


# -- robustness: everything scans, in bounded time and memory ---------------------


@dataclass(slots=True)
class RobustnessResult:
    scans: list[Scan]  # reports dropped: only time and failure are kept
    peak_rss_mb: float | None

    @property
    def failures(self) -> list[Scan]:
        return [s for s in self.scans if s.failure is not None]

    def slowest(self, n: int) -> list[Scan]:
        return sorted(self.scans, key=lambda s: s.seconds, reverse=True)[:n]


def peak_rss_mb() -> float | None:
    """This process's peak resident set so far, in MB (None where ``resource`` is missing)."""
    try:
        import resource
    except ImportError:  # Windows
        return None
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / (1 << 20) if sys.platform == "darwin" else peak / 1024


def _inputs(root: Path) -> Iterator[tuple[str, bytes]]:
    """Every file of every corpus, and each output string inside thefuck's JSONL."""
    for path in sorted(p for p in root.rglob("*") if p.is_file()):
        yield path.relative_to(root).as_posix(), path.read_bytes()
    for path in sorted((root / "thefuck").glob("*.jsonl")):
        for n, row in enumerate(read_jsonl(path), 1):
            for key in ("output", "text"):
                if isinstance(row.get(key), str):
                    yield f"{path.relative_to(root).as_posix()}:{n} {key}", row[key].encode()


def evaluate_robustness(root: Path) -> RobustnessResult:
    scans = []
    for name, data in _inputs(root):
        done = scan(name, data)
        done.report = None
        scans.append(done)
    return RobustnessResult(scans, peak_rss_mb())
