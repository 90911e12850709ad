"""How well the detector does on the shared corpora of real tool output (issue 2).

Each ``evaluate_*`` runs the real detector over one corpus and returns a result
whose properties are the issue's figures; the CLI prints them and, with
``--failures N``, the misses behind each figure, so whoever tunes the detector
sees *why*. ``tests/test_corpora.py`` asserts the targets with these same
functions. Nothing is cached: every run measures the detector as it is now.

    python benchmarks/corpora.py [logchunks|cidiff|errorformat|analysis-model|robustness|all]
                                 [--failures N] [--root PATH]

Which inputs count, and why, is in ``benchmarks/README.md``.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import re
import signal
import statistics
import sys
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pytest_errlearn.detect import detect, tool_from_command
from pytest_errlearn.detect.text import strip_ansi
from pytest_errlearn.report import Error, Report

DEFAULT_ROOT = Path(__file__).resolve().parents[2] / "shared" / "corpora"
TIME_LIMIT = 30.0  # seconds one input may take before it counts as a hang

Span = tuple[int, int]

# errorformat inputs of tools errlearn claims: name -> (the command that prints it,
# which gives errlearn its tool hint; the kind of an entry whose type is neither
# error nor warning, None to leave it out). flake8's "F" (pyflakes) codes and
# go vet's untyped findings fail those tools just as their errors do.
ERRORFORMAT: dict[str, tuple[str, str | None]] = {
    "tsc": ("tsc --noEmit", None),
    "eslint": ("eslint .", None),
    "eslint-compact": ("eslint --format compact .", None),
    "cargo-check": ("cargo check", None),
    "clippy": ("cargo clippy", None),
    "mypy": ("mypy .", None),
    "flake8": ("flake8", "error"),
    "govet": ("go vet ./...", "error"),
    "golangci-lint": ("golangci-lint run", None),
}

# analysis-model parser tests whose tool errlearn claims; their plain-text
# resources (not JSON/XML reports) and inline inputs are scanned without a hint.
ANALYSIS_TESTS = frozenset({
    "GccParserTest", "Gcc4CompilerParserTest", "Gcc4Cc1ParserTest", "Gcc4LinkerParserTest",
    "ClangParserTest", "LlvmLinkerParserTest", "CMakeParserTest", "JavacParserTest",
    "MavenConsoleParserTest", "CargoClippyParserTest", "MyPyAdapterTest", "PylintParserTest",
    "Flake8AdapterTest", "GoVetParserTest",
})
# Those parsers rate a tool's own errors ERROR or WARNING_HIGH (gcc's, mypy's and
# the linkers' ``error:`` lines are WARNING_HIGH); NORMAL and LOW are warnings.
ANALYSIS_KINDS = {"ERROR": "error", "WARNING_HIGH": "error",
                  "WARNING_NORMAL": "warning", "WARNING_LOW": "warning"}
# Where a parser's rating is not the tool's word: go vet has no severity and
# fails on every finding; the Javac parser rates kotlinc's ``e:`` lines NORMAL.
ANALYSIS_ALL_ERRORS = frozenset({"GoVetParserTest"})
ANALYSIS_ERROR_LINES = frozenset({("kotlin-1_8.txt", 425), ("kotlin-cmake.txt", 425)})
_LINT_CODE = re.compile(r"[A-Z]\d{3,4}")


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


def _jsonl(path: Path) -> Iterator[dict[str, Any]]:
    with path.open(encoding="utf-8") as f:
        for line in f:
            if line.strip():
                yield json.loads(line)


# -- LogChunks: is the labelled reason of a failed build found, and shown first? --


@dataclass(slots=True)
class ChunkCase:
    scan: Scan
    chunk: Span  # the labelled lines saying why the build failed
    text: str

    @property
    def found(self) -> bool:
        return any(overlaps(e.span, self.chunk) for e in self.scan.errors)

    @property
    def primary_inside(self) -> bool:
        primary = self.scan.primary
        return primary is not None and overlaps(primary.span, self.chunk)


@dataclass(slots=True)
class LogChunksResult:
    cases: list[ChunkCase]
    passing: list[Scan]  # logs of passing builds, when the corpus has any

    @property
    def recall(self) -> float:
        return ratio(sum(c.found for c in self.cases), len(self.cases))

    @property
    def primary(self) -> float:
        return ratio(sum(c.primary_inside for c in self.cases), len(self.cases))

    @property
    def errors_per_log(self) -> Spread:
        return spread([len(c.scan.errors) for c in self.cases])

    @property
    def errors_per_passing_log(self) -> Spread:
        return spread([len(s.errors) for s in self.passing])

    @property
    def scans(self) -> list[Scan]:
        return [c.scan for c in self.cases] + self.passing


def evaluate_logchunks(root: Path) -> LogChunksResult:
    """Scan every labelled log as raw bytes (the labels count ``\\n`` lines, as errlearn does)."""
    base = root / "logchunks"
    cases = [
        ChunkCase(scan(row["log"], (base / row["log"]).read_bytes()),
                  (int(row["start_line"]), int(row["end_line"])), row["chunk"])
        for row in _jsonl(base / "labels.jsonl")
    ]
    passing = [scan(p.relative_to(base).as_posix(), p.read_bytes())
               for p in sorted(base.glob("logs/*/*/passed/*.log"))]
    return LogChunksResult(cases, passing)


# -- cidiff: line-level recall and precision on fail.log, noise on pass.log -------


@dataclass(frozen=True, slots=True)
class GroundTruth:
    mode: str  # the parse mode the labels were made with (DEFAULT, RAW_GITHUB, ...)
    errors: tuple[Span, ...]
    context: tuple[int, ...]


def parse_groundtruth(text: str) -> GroundTruth:
    """``MODE`` then ``E a-b`` / ``E n`` error ranges and ``C n`` context lines, 1-based."""
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    if not lines:
        raise ValueError("an empty groundtruth")
    errors: list[Span] = []
    context: list[int] = []
    for entry in lines[1:]:
        kind, _, where = entry.partition(" ")
        first, _, last = where.strip().partition("-")
        span = (int(first), int(last or first))
        if kind == "E":
            errors.append(span)
        elif kind == "C":
            context.extend(range(span[0], span[1] + 1))
        else:
            raise ValueError(f"unknown groundtruth entry {entry!r}")
    return GroundTruth(lines[0], tuple(errors), tuple(context))


def java_lines(data: bytes) -> bytes:
    """Line ends as Java's ``readLine`` counts them, as cidiff's labels do (never in errlearn)."""
    return data.replace(b"\r\n", b"\n").replace(b"\r", b"\n")


@dataclass(slots=True)
class BreakageCase:
    name: str
    fail: Scan
    passed: Scan
    truths: tuple[GroundTruth, ...]  # groundtruth, then groundtruth2 when present

    def spans(self) -> list[Span]:
        """Every line range errlearn attributes to an error: its block, and the
        ``related`` ranges of its repeats and of the lines that only follow from it.
        cidiff labels error *lines*, echoes included, so both count here."""
        return [s for e in self.fail.errors for s in (e.span, *e.related)]

    def hits(self, which: int = 0) -> list[bool]:
        """For each labelled error range: does a reported error's range overlap it?"""
        spans = self.spans()
        return [any(overlaps(s, r) for s in spans) for r in self.truths[which].errors]

    def reported_lines(self) -> set[int]:
        return {n for s in self.spans() for n in range(s[0], s[1] + 1)}

    def lines_inside(self, which: int = 0) -> int:
        ranges = self.truths[which].errors
        return sum(any(a <= n <= b for a, b in ranges) for n in self.reported_lines())


@dataclass(slots=True)
class CidiffResult:
    cases: list[BreakageCase]

    def _labelled(self, which: int) -> list[BreakageCase]:
        return [c for c in self.cases if len(c.truths) > which]

    def recall(self, which: int = 0) -> float:
        hits = [h for c in self._labelled(which) for h in c.hits(which)]
        return ratio(sum(hits), len(hits))

    def precision(self, which: int = 0) -> float:
        cases = self._labelled(which)
        inside = sum(c.lines_inside(which) for c in cases)
        return ratio(inside, sum(len(c.reported_lines()) for c in cases))

    @property
    def pass_errors(self) -> Spread:
        return spread([len(c.passed.errors) for c in self.cases])

    @property
    def scans(self) -> list[Scan]:
        return [s for c in self.cases for s in (c.fail, c.passed)]


def evaluate_cidiff(root: Path) -> CidiffResult:
    cases = []
    for folder in sorted(p for p in (root / "cidiff").iterdir() if (p / "groundtruth").is_file()):
        truths = tuple(
            parse_groundtruth((folder / name).read_text(encoding="utf-8"))
            for name in ("groundtruth", "groundtruth2")
            if (folder / name).is_file()
        )
        fail, passed = (scan(f"{folder.name}/{name}", java_lines((folder / name).read_bytes()))
                        for name in ("fail.log", "pass.log"))
        cases.append(BreakageCase(folder.name, fail, passed, truths))
    return CidiffResult(cases)


# -- errorformat, analysis-model: exact file and line of each expected error ------


@dataclass(frozen=True, slots=True)
class Expected:
    file: str
    line: int
    kind: str  # "error" or "warning"


def same_file(a: str, b: str) -> bool:
    """Equal, or one a path suffix of the other (logs and labels differ on the directory)."""
    a, b = (p.replace("\\", "/").removeprefix("./") for p in (a, b))
    return a == b or a.endswith("/" + b) or b.endswith("/" + a)


def points_at(err: Error, exp: Expected) -> bool:
    return err.line == exp.line and err.file is not None and same_file(err.file, exp.file)


@dataclass(slots=True)
class ExtractCase:
    scan: Scan
    expected: list[Expected]
    unlabelled: int  # entries without a usable kind, file or line: in neither figure

    @property
    def expected_errors(self) -> list[Expected]:
        return [x for x in self.expected if x.kind == "error"]

    @property
    def missed(self) -> list[Expected]:
        errors = self.scan.errors
        return [x for x in self.expected_errors if not any(points_at(e, x) for e in errors)]

    @property
    def warnings_as_errors(self) -> list[Error]:
        """Reported errors at an expected warning's place, where no error is expected."""
        warnings = [x for x in self.expected if x.kind == "warning"]
        return [e for e in self.scan.errors
                if any(points_at(e, w) for w in warnings)
                and not any(points_at(e, x) for x in self.expected_errors)]


@dataclass(slots=True)
class ExtractResult:
    corpus: str
    cases: list[ExtractCase]

    @property
    def exact(self) -> float:
        total = sum(len(c.expected_errors) for c in self.cases)
        return ratio(total - sum(len(c.missed) for c in self.cases), total)

    @property
    def warnings_as_errors(self) -> int:
        return sum(len(c.warnings_as_errors) for c in self.cases)

    @property
    def scans(self) -> list[Scan]:
        return [c.scan for c in self.cases]


def errorformat_kind(entry: dict[str, Any], other: str | None) -> str | None:
    """An errorformat entry's kind: its type, else the severity word its text starts with."""
    kind = (entry.get("type") or "").lower()
    if kind in ("error", "e", "warning", "w"):
        return "error" if kind.startswith("e") else "warning"
    if kind in ("info", "i", "note", "n"):
        return None
    word = str(entry.get("text") or "").split(":", 1)[0].strip().lower()
    if not kind and word in ("error", "warning"):
        return word
    return other


def _expectations(entries: Sequence[tuple[str | None, Any, Any]]) -> tuple[list[Expected], int]:
    """(kind, file, line) triples -> the located, labelled ones, and how many were not."""
    expected = []
    for kind, file, line in entries:
        if kind is not None and file and isinstance(line, int) and line >= 1:
            expected.append(Expected(str(file), line, kind))
    return expected, len(entries) - len(expected)


def evaluate_errorformat(root: Path) -> ExtractResult:
    base = root / "errorformat" / "fmts_testdata"
    cases = []
    for name, (command, other) in ERRORFORMAT.items():
        rows = _jsonl(base / f"{name}.expected.jsonl")
        expected, unlabelled = _expectations(
            [(errorformat_kind(r, other), r.get("file"), r.get("line")) for r in rows]
        )
        found = scan(f"{name}.in", (base / f"{name}.in").read_bytes(), tool_from_command(command))
        cases.append(ExtractCase(found, expected, unlabelled))
    return ExtractResult("errorformat", cases)


def analysis_kind(test: str, name: str, issue: dict[str, Any]) -> str | None:
    """An analysis-model issue's kind; a flake8/pylint code's letter decides as it does for
    errlearn and errorformat (E, F errors; W, C, R, I warnings)."""
    code = str(issue.get("type") or "")
    if _LINT_CODE.fullmatch(code):
        return "error" if code[0] in "EF" else "warning"
    if test in ANALYSIS_ALL_ERRORS or (name, issue.get("line")) in ANALYSIS_ERROR_LINES:
        return "error"
    return ANALYSIS_KINDS.get(issue.get("severity") or "")


def evaluate_analysis_model(root: Path) -> ExtractResult:
    """Resources shared by several selected parser tests are scanned once, labels merged."""
    base = root / "analysis-model"
    inputs: dict[str, bytes] = {}
    issues: dict[str, dict[str, tuple[str | None, Any, Any]]] = {}
    for row in _jsonl(base / "expected.jsonl"):
        if row["test"] not in ANALYSIS_TESTS:
            continue
        if row.get("inline_input") is not None:
            name = f"{row['test']}.{row['method']} (inline)"
            inputs[name] = str(row["inline_input"]).encode("utf-8")
        elif row.get("resource") and Path(row["resource"]).suffix not in (".json", ".xml"):
            name = row["resource"]
            if name not in inputs:
                inputs[name] = (base / "resources" / name).read_bytes()
        else:
            continue
        for i in row["issues"]:  # keyed to count an issue two tests assert once
            kind = analysis_kind(row["test"], name, i)
            key = f"{kind} {json.dumps(i, sort_keys=True)}"
            issues.setdefault(name, {})[key] = (kind, i.get("file"), i.get("line"))
    cases = []
    for name, data in inputs.items():
        expected, unlabelled = _expectations(list(issues.get(name, {}).values()))
        cases.append(ExtractCase(scan(name, data), expected, unlabelled))
    return ExtractResult("analysis-model", cases)


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
        for n, row in enumerate(_jsonl(path), 1):
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




# -- the printed report -------------------------------------------------------------


def _pct(x: float) -> str:
    return "n/a" if math.isnan(x) else f"{100 * x:.1f}%"


def _row(label: str, value: str, target: str = "", met: bool | None = None) -> str:
    mark = "" if met is None else ("ok" if met else "MISSED")
    return f"  {label:<42} {value:>18}   {target:<13} {mark}".rstrip()


def _timing(scans: Sequence[Scan]) -> str:
    seconds = sum(s.seconds for s in scans)
    megabytes = sum(s.size for s in scans) / 1e6
    slow = max(scans, key=lambda s: s.seconds, default=None)
    tail = f"; slowest {slow.name} {slow.seconds:.2f} s" if slow else ""
    return f"{len(scans)} inputs, {megabytes:.1f} MB in {seconds:.1f} s{tail}"


def _crashes(scans: Iterable[Scan]) -> list[str]:
    return [f"  CRASH {s.name}: {s.failure}" for s in scans if s.failure]


def _reported(found: Scan, limit: int = 6) -> list[str]:
    """What errlearn reported, root cause first (``*``), with span and format row."""
    if found.report is None or not found.errors:
        return [f"      reported: nothing{f' ({found.failure})' if found.failure else ''}"]
    ordered = found.report.ordered()
    lines = []
    for e in ordered[:limit]:
        mark = "*" if e is found.primary else " "
        where = f" {e.location}" if e.location else ""
        times = f" ×{e.count}" if e.count > 1 else ""
        head = f"{e.span[0]}-{e.span[1]}{where}{times}"
        lines.append(f"     {mark}{head} [{e.kind}] {e.message[:110]}")
    if len(ordered) > limit:
        lines.append(f"      ... and {len(ordered) - limit} more")
    return lines


def _kinds(found: Scan) -> str:
    """How many errors each format row reported: where the noise comes from."""
    rows = Counter(e.kind for e in found.errors).most_common(6)
    counts = ", ".join(f"{kind} {n}" for kind, n in rows)
    return f"    {found.name}  {len(found.errors)} errors: {counts}"


def _by_errors(found: Scan) -> int:
    return -len(found.errors)


def _examples(title: str, cases: Sequence[Any], n: int) -> list[str]:
    return [f"  -- {title}: {len(cases)}" + (f", first {n}:" if len(cases) > n else ":")]


def report_logchunks(r: LogChunksResult, failures: int = 0) -> list[str]:
    e = r.errors_per_log
    lines = [
        f"LogChunks: {_timing(r.scans)}",
        _row("recall: an error overlaps the chunk", _pct(r.recall), ">= 95%", r.recall >= 0.95),
        _row("primary: its span overlaps the chunk", _pct(r.primary), ">= 80%", r.primary >= 0.8),
        _row("errors per log: median/mean/p90/max",
             f"{e.median:g}/{e.mean:.1f}/{e.p90:.1f}/{e.max}", "median <= 5", e.median <= 5),
    ]
    if r.passing:
        p = r.errors_per_passing_log
        figures = f"{p.median:g}/{p.mean:.1f}/{p.max}"
        lines.append(_row("errors per passing log: median/mean/max", figures))
    else:
        lines.append(_row("errors per passing log", "no passing logs in the corpus"))
    languages: dict[str, list[ChunkCase]] = {}
    for c in r.cases:
        languages.setdefault(c.scan.name.split("/")[1], []).append(c)
    lines.append("  by language (found/primary/logs): " + ", ".join(
        f"{lang} {sum(c.found for c in cs)}/{sum(c.primary_inside for c in cs)}/{len(cs)}"
        for lang, cs in sorted(languages.items())))
    lines += _crashes(r.scans)
    for title, misses in (("recall misses", [c for c in r.cases if not c.found]),
                          ("found, but another error is primary",
                           [c for c in r.cases if c.found and not c.primary_inside])):
        if failures and misses:
            lines += _examples(title, misses, failures)
            for c in misses[:failures]:
                head = strip_ansi(c.text).strip().split("\n")[0][:100]
                lines.append(f"    {c.scan.name}  chunk {c.chunk[0]}-{c.chunk[1]}: {head}")
                lines += _reported(c.scan)
    noisy = sorted((c.scan for c in r.cases if len(c.scan.errors) > 5), key=_by_errors)
    if failures and noisy:
        lines += _examples("logs with more than 5 errors", noisy, failures)
        lines += [_kinds(s) for s in noisy[:failures]]
    return lines


def report_cidiff(r: CidiffResult, failures: int = 0) -> list[str]:
    noise = r.pass_errors
    lines = [
        f"cidiff: {_timing(r.scans)}",
        _row("recall: E ranges overlapped (gt / gt2)", f"{_pct(r.recall(0))} / {_pct(r.recall(1))}",
             ">= 95%", r.recall(0) >= 0.95),
        _row("line precision: span lines in E (gt / gt2)",
             f"{_pct(r.precision(0))} / {_pct(r.precision(1))}"),
        _row("errors per pass.log: median/mean/max",
             f"{noise.median:g}/{noise.mean:.1f}/{noise.max}", "median <= 1", noise.median <= 1),
    ]
    lines += _crashes(r.scans)
    missed = [c for c in r.cases if not all(c.hits())]
    if failures and missed:
        lines += _examples("breakages with a missed E range", missed, failures)
        for c in missed[:failures]:
            labelled = zip(c.truths[0].errors, c.hits(), strict=True)
            ranges = [f"{a}-{b}" for (a, b), hit in labelled if not hit]
            lines.append(f"    {c.fail.name}  missed E {', '.join(ranges)} ({c.truths[0].mode})")
            lines += _reported(c.fail)
    noisy = sorted((c for c in r.cases if c.passed.errors), key=lambda c: _by_errors(c.passed))
    if failures and noisy:
        lines += _examples("pass.logs with errors", noisy, failures)
        for c in noisy[:failures]:
            lines.append(_kinds(c.passed))
            lines += _reported(c.passed, limit=3)
    return lines


def report_extraction(r: ExtractResult, failures: int = 0) -> list[str]:
    lines = [
        f"{r.corpus}: {_timing(r.scans)}",
        _row("errors found with exact file and line", _pct(r.exact), ">= 95%", r.exact >= 0.95),
        _row("warnings reported as errors", str(r.warnings_as_errors), "0",
             r.warnings_as_errors == 0),
        f"    {'input':<46} {'errors':>6} {'found':>6} {'warnings':>8} {'w>e':>4} unlabelled",
    ]
    quiet = 0
    for c in r.cases:
        n, w = len(c.expected_errors), len(c.expected) - len(c.expected_errors)
        if not (n or w or c.unlabelled or c.scan.failure):
            quiet += 1  # nothing labelled: only the robustness figures say anything about it
            continue
        lines.append(f"    {c.scan.name[:46]:<46} {n:>6} {n - len(c.missed):>6} {w:>8} "
                     f"{len(c.warnings_as_errors):>4} {c.unlabelled:>10}")
    if quiet:
        lines.append(f"    ... and {quiet} inputs with no labelled issue")
    lines += _crashes(r.scans)
    for title, bad in (("inputs with a missed error", [c for c in r.cases if c.missed]),
                       ("inputs with warnings reported as errors",
                        [c for c in r.cases if c.warnings_as_errors])):
        if failures and bad:
            lines += _examples(title, bad, failures)
            for c in bad[:failures]:
                missed = ", ".join(f"{x.file}:{x.line}" for x in c.missed[:4])
                lines.append(f"    {c.scan.name}" + (f"  missed {missed}" if c.missed else ""))
                lines += _reported(c.scan)
    return lines


def report_robustness(r: RobustnessResult, failures: int = 0) -> list[str]:
    rss = "n/a" if r.peak_rss_mb is None else f"{r.peak_rss_mb:.0f} MB"
    lines = [
        f"robustness: {_timing(r.scans)}",
        _row("inputs that crashed or overran", str(len(r.failures)), f"0 ({TIME_LIMIT:g} s)",
             not r.failures),
        _row("peak RSS of this process", rss),
        "  slowest:",
    ]
    lines += [f"    {s.seconds:6.2f} s  {s.size / 1e6:5.1f} MB  {s.name}" for s in r.slowest(5)]
    return lines + _crashes(r.scans)


CORPORA: dict[str, tuple[Callable[[Path], Any], Callable[[Any, int], list[str]]]] = {
    "logchunks": (evaluate_logchunks, report_logchunks),
    "cidiff": (evaluate_cidiff, report_cidiff),
    "errorformat": (evaluate_errorformat, report_extraction),
    "analysis-model": (evaluate_analysis_model, report_extraction),
    "robustness": (evaluate_robustness, report_robustness),
}


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("corpus", nargs="?", default="all", choices=(*CORPORA, "all"))
    parser.add_argument("--failures", type=int, default=0, metavar="N",
                        help="show N examples of the misses behind each figure")
    parser.add_argument("--root", type=Path, default=DEFAULT_ROOT, help="the corpora folder")
    args = parser.parse_args(argv)
    if not (args.root / "logchunks").is_dir():
        print(f"corpora: error: no corpora at {args.root} (--root)", file=sys.stderr)
        return 2
    for name in CORPORA if args.corpus == "all" else (args.corpus,):
        evaluate, report = CORPORA[name]
        start = time.perf_counter()
        result: Any = evaluate(args.root)
        for line in report(result, args.failures):
            print(line)
        print(f"  ({time.perf_counter() - start:.1f} s)\n", flush=True)
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except BrokenPipeError:  # piped into head: it has read enough
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        sys.exit(0)
