"""Scanning corpus inputs for ``corpora.py``: one input through the detector
under a time limit, the arithmetic of spans and spreads, and the robustness
run over every file of every corpus."""

from __future__ import annotations

import json
import math
import re
import signal
import statistics
import sys
import threading
import time
from collections.abc import Collection, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pytest_errlearn.detect import detect
from pytest_errlearn.detect.formats import Format
from pytest_errlearn.detect.re2set import re2_set
from pytest_errlearn.detect.text import strip_ansi
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


def scan(name: str, data: bytes, tool: str | None = None, failed: bool | None = None) -> Scan:
    """Detect the errors of ``data`` (``failed``: whether the run that printed it
    failed, when known); a crash or a hang is recorded, not raised."""
    start = time.perf_counter()
    try:
        with _time_limit(TIME_LIMIT):
            report = detect(data, tool, failed=failed)
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


# -- leave one project out: which rows' examples came from which project ----------

MIN_EXAMPLE = 8  # characters: a shorter example line ("FAIL") says nothing of where it came from
MIN_PART = 20  # ... nor a shorter message, file or test name taken from one ("cannot find symbol")
COMMON = 3  # a text found in the logs of more projects than this is a tool's common output
PARTS = ("msg", "file", "test")  # the groups of a row's match of its example that count
_WORD = re.compile(r"\w+")


def project_lines(logs: Iterable[bytes]) -> str:
    """A project's logs as their distinct cleaned lines (ANSI and control characters
    removed, stripped; each ``\\r`` segment a line of its own), joined by newlines:
    a text without a newline occurs in one of the lines when it occurs in this."""
    raws: set[bytes] = set()
    for data in logs:  # most lines repeat: each is cleaned once
        raws.update(data.replace(b"\r", b"\n").split(b"\n"))
    lines: set[str] = set()
    for raw in raws:
        text = raw.decode("utf-8", "replace")
        if (line := (text if text.isprintable() else strip_ansi(text)).strip()) != "":
            lines.add(line)
    return "\n".join(sorted(lines))


def fingerprints(row: Format) -> set[str]:
    """The texts of a row that, found in a project's log, say its examples came from
    there: each example line, and the message, file and test name the row takes
    from it, when long enough to be told apart from any tool's words and more than
    one bare word (``IllegalArgumentException`` is Java's, not a project's)."""
    found: set[str] = set()
    for example in row.examples:
        line = strip_ansi(example).strip()
        if len(line) >= MIN_EXAMPLE:
            found.add(line)
        m = re.match(row.pattern, example)
        for name in PARTS:
            value = m.groupdict().get(name) if m else None
            part = (value or "").strip()
            if len(part) >= MIN_PART and not _WORD.fullmatch(part) and "\n" not in part:
                found.add(part)
    return found


def occurrences(texts: Sequence[str], projects: Mapping[str, str]) -> list[set[str]]:
    """For each text, the projects one of whose lines (``project_lines``) holds it
    (none for a text of more than one line).

    One RE2 pass per project over a set of the texts as literals (a few hundred at
    a time, so that the set's automaton stays small); a substring search per text
    and project without re2 (seconds, not a fraction of one)."""
    found: list[set[str]] = [set() for _ in texts]
    batch = 256
    for start in range(0, len(texts), batch):
        part = texts[start : start + batch]
        literals = re2_set((re.escape(t) for t in part), anchored=False)
        for project, lines in projects.items():
            if literals is not None:
                hits: Iterable[int] = literals.Match(lines) or ()
            else:
                hits = (i for i, t in enumerate(part) if t in lines)
            for i in hits:
                if "\n" not in part[i]:
                    found[start + i].add(project)
    return found


def provenance(
    rows: Sequence[Format], projects: Mapping[str, str], common: int = COMMON
) -> dict[str, tuple[str, ...]]:
    """Row name -> the projects its examples came from (by ``fingerprints``): rows
    with none are left out. A text found in more than ``common`` projects' logs is
    the tool's common output (``[INFO] BUILD FAILURE``), not one project's."""
    prints = [(row.name, text) for row in rows for text in sorted(fingerprints(row))]
    where = occurrences([text for _, text in prints], projects)
    sources: dict[str, set[str]] = {}
    for (name, _), found in zip(prints, where, strict=True):
        if 0 < len(found) <= common:
            sources.setdefault(name, set()).update(found)
    return {name: tuple(sorted(found)) for name, found in sources.items()}


def rows_from(sources: Mapping[str, Collection[str]], project: str) -> frozenset[str]:
    """The names of the rows whose examples came from ``project``."""
    return frozenset(name for name, projects in sources.items() if project in projects)


@contextmanager
def rows_off(names: Collection[str]) -> Iterator[None]:
    """The detector with the rows of these names switched off, the package untouched:
    the table's state is swapped for that of a table of the other rows, and back.

    Stage 1 keeps the whole table's automata (built first, here, if they were not):
    it lets a line through that no row left now matches, which costs time, nothing
    else. The scanner's memory of which row a line matched is emptied both ways.
    """
    from pytest_errlearn.detect import formats, prefilter, rows

    table = formats.TABLE
    if not names:
        yield
        return
    prefilter.find_errors()  # built now from the whole table, not later from the part
    kept = formats.Table([row for row in table.rows if row.name not in names])
    saved = table.__dict__
    table.__dict__ = kept.__dict__
    rows._remembered_row.cache_clear()
    try:
        yield
    finally:
        table.__dict__ = saved
        rows._remembered_row.cache_clear()
