"""How well the detector does on the shared corpora of real tool output (issue 2).

Each ``evaluate_*`` runs the real detector over one corpus and returns a result
whose properties are the issue's figures; the CLI prints them and, with
``--failures N``, the misses behind each figure, so whoever tunes the detector
sees *why*. ``tests/test_corpora.py`` asserts the targets with these same
functions. Nothing is cached: every run measures the detector as it is now.

    python benchmarks/corpora.py [logchunks|cidiff|errorformat|analysis-model|robustness|all]
                                 [--failures N] [--root PATH]

LogChunks is also reported per language, leave one project out (each project's
logs scanned with the rows whose examples came from that project switched off)
and beside the anchor ``grep -iE 'error|fail|exception|fatal'``; cidiff per
project, with and without those rows. Which inputs count, and why, is in
``benchmarks/README.md``. The harness is
three modules beside this one: ``corpus_scan`` (one input through the
detector, and the robustness run), ``corpus_ci`` (LogChunks, cidiff) and
``corpus_tools`` (errorformat, analysis-model).
"""

from __future__ import annotations

import argparse
import math
import os
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

from corpus_ci import (
    CidiffResult,
    LogChunksResult,
    evaluate_cidiff,
    evaluate_logchunks,
)
from corpus_scan import (
    COMMON,
    DEFAULT_ROOT,
    MIN_EXAMPLE,
    MIN_PART,
    TIME_LIMIT,
    RobustnessResult,
    Scan,
    evaluate_robustness,
    spread,
)
from corpus_tools import (
    ExtractResult,
    evaluate_analysis_model,
    evaluate_errorformat,
)

from pytest_errlearn.detect.text import strip_ansi

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


def _share(part: int, whole: int) -> str:
    return f"{100 * part / whole:.0f}%" if whole else "n/a"


def _language_table(r: LogChunksResult) -> list[str]:
    """Per language: errlearn, errlearn with the rows sourced from each log's project
    switched off, and grep, side by side; then all logs."""
    lines = [
        "  by language" + " " * 11 + "errlearn     | leave one project out | anchor grep  "
        "| lines flagged",
        f"    {'language':<13} {'logs':>4}  found primary |    found  primary     "
        "| found  first | median (grep)",
    ]
    groups = [*r.by_language().items(), ("all", r.cases)]
    for lang, cs in groups:
        n = len(cs)
        flagged = spread([c.lines_flagged for c in cs]).median
        grepped = spread([len(c.grep) for c in cs]).median
        lines.append(
            f"    {lang:<13} {n:>4}  {_share(sum(c.found for c in cs), n):>5} "
            f"{_share(sum(c.primary_inside for c in cs), n):>7} | "
            f"{_share(sum(c.lopo_found for c in cs), n):>8} "
            f"{_share(sum(c.lopo_primary for c in cs), n):>8}     | "
            f"{_share(sum(c.grep_found for c in cs), n):>5} "
            f"{_share(sum(c.grep_first for c in cs), n):>6} | {flagged:>6g} ({grepped:g})"
        )
    return lines


def _logchunks_projects(r: LogChunksResult) -> list[str]:
    """The projects whose logs were scored with rows off: found and primary each way."""
    off = r.switched_off()
    lines = [
        f"  LogChunks projects scored with rows off: {len(off)} of "
        f"{len({c.project for c in r.cases})}",
        f"    {'project':<26} {'logs':>4}  found primary |  LOPO found primary  rows off",
    ]
    for project, names in off.items():
        cs = [c for c in r.cases if c.project == project]
        n = len(cs)
        lines.append(
            f"    {project:<26} {n:>4}  {sum(c.found for c in cs):>5} "
            f"{sum(c.primary_inside for c in cs):>7} | {sum(c.lopo_found for c in cs):>10} "
            f"{sum(c.lopo_primary for c in cs):>7}  {', '.join(sorted(names))}"
        )
    return lines


def report_sources(sources: dict[str, tuple[str, ...]]) -> list[str]:
    """The rows whose examples were found in the corpora's logs, and where."""
    rule = (
        f"an example line of {MIN_EXAMPLE}+ characters, or its message, file or test of "
        f"{MIN_PART}+, in the cleaned lines of 1 to {COMMON} projects"
    )
    if not sources:
        return [f"  rows whose examples occur in the corpora's logs ({rule}): none"]
    lines = [f"  rows whose examples occur in the corpora's logs ({rule}), row -> projects:"]
    width = max(len(name) for name in sources)
    lines += [f"    {name:<{width}}  {', '.join(p)}" for name, p in sorted(sources.items())]
    return lines


def report_logchunks(r: LogChunksResult, failures: int = 0) -> list[str]:
    e, f, g = r.errors_per_log, r.lines_flagged, r.grep_lines_flagged
    lines = [
        f"LogChunks: {_timing(r.scans)}",
        _row("recall: an error overlaps the chunk", _pct(r.recall), ">= 95%", r.recall >= 0.95),
        _row("primary: its span overlaps the chunk", _pct(r.primary), ">= 80%", r.primary >= 0.8),
        _row(
            "errors per log: median/mean/p90/max",
            f"{e.median:g}/{e.mean:.1f}/{e.p90:.1f}/{e.max}",
            "median <= 5",
            e.median <= 5,
        ),
        _row(
            "lines flagged (sum of spans): median/mean/p90/max",
            f"{f.median:g}/{f.mean:.1f}/{f.p90:.1f}/{f.max}",
            "median <= 25",
            f.median <= 25,
        ),
    ]
    if r.passing:
        p = r.errors_per_passing_log
        figures = f"{p.median:g}/{p.mean:.1f}/{p.max}"
        lines.append(_row("errors per passing log: median/mean/max", figures))
    else:
        lines.append(_row("errors per passing log", "no passing logs in the corpus"))
    if r.sources:
        lines += [
            _row(
                "leave one project out: recall",
                _pct(r.lopo_recall),
                ">= 95%",
                r.lopo_recall >= 0.95,
            ),
            _row(
                "leave one project out: primary",
                _pct(r.lopo_primary),
                ">= 80%",
                r.lopo_primary >= 0.8,
            ),
        ]
    lines += [
        _row(
            "anchor grep -iE 'error|fail|exception|fatal'",
            f"found {_pct(r.grep_found)}, first {_pct(r.grep_first)}",
        ),
        _row(
            "  lines grep prints: median/mean/p90/max",
            f"{g.median:g}/{g.mean:.1f}/{g.p90:.1f}/{g.max}",
        ),
        *_language_table(r),
    ]
    if r.sources:
        lines += report_sources(r.sources)
        lines += _logchunks_projects(r)
    lines += _crashes(r.scans)
    for title, misses, lost in (
        ("recall misses", [c for c in r.cases if not c.found], False),
        (
            "found, but another error is primary",
            [c for c in r.cases if c.found and not c.primary_inside],
            False,
        ),
        (
            "found, but missed with its project's rows off",
            [c for c in r.cases if c.found and not c.lopo_found],
            True,
        ),
    ):
        if failures and misses:
            lines += _examples(title, misses, failures)
            for c in misses[:failures]:
                head = strip_ansi(c.text).strip().split("\n")[0][:100]
                lines.append(f"    {c.scan.name}  chunk {c.chunk[0]}-{c.chunk[1]}: {head}")
                if lost and c.lopo is not None:
                    off = ", ".join(sorted(r.switched_off().get(c.project, ())))
                    lines.append(f"      rows off: {off}")
                    lines += _reported(c.lopo)
                else:
                    lines += _reported(c.scan)
    noisy = sorted((c.scan for c in r.cases if len(c.scan.errors) > 5), key=_by_errors)
    if failures and noisy:
        lines += _examples("logs with more than 5 errors", noisy, failures)
        lines += [_kinds(s) for s in noisy[:failures]]
    return lines


def _cidiff_projects(r: CidiffResult) -> list[str]:
    off = r.switched_off()
    lines = [
        f"    {'project':<18} {'breakages':>9} {'E ranges':>8} {'recall':>7} {'LOPO':>7}  rows off"
    ]
    for project, part in r.by_project().items():
        ranges = sum(len(c.truths[0].errors) for c in part.cases)
        lines.append(
            f"    {project:<18} {len(part.cases):>9} {ranges:>8} {_pct(part.recall()):>7} "
            f"{_pct(part.recall(0, lopo=True)):>7}  {', '.join(sorted(off.get(project, ())))}"
        )
    return lines


def report_cidiff(r: CidiffResult, failures: int = 0) -> list[str]:
    noise = r.pass_errors
    lines = [
        f"cidiff: {_timing(r.scans)}",
        _row(
            "recall: E ranges overlapped (gt / gt2)",
            f"{_pct(r.recall(0))} / {_pct(r.recall(1))}",
            ">= 95%",
            r.recall(0) >= 0.95,
        ),
        _row(
            "line precision: span lines in E (gt / gt2)",
            f"{_pct(r.precision(0))} / {_pct(r.precision(1))}",
        ),
        _row(
            "errors per pass.log: median/mean/max",
            f"{noise.median:g}/{noise.mean:.1f}/{noise.max}",
            "median <= 1",
            noise.median <= 1,
        ),
    ]
    if r.sources:
        lopo = r.recall(0, lopo=True)
        lines.append(_row("leave one project out: recall (gt)", _pct(lopo), ">= 95%", lopo >= 0.95))
        lines += _cidiff_projects(r)
    lines += _crashes(r.scans)
    missed = [c for c in r.cases if not all(c.hits())]
    if failures and missed:
        lines += _examples("breakages with a missed E range", missed, failures)
        for c in missed[:failures]:
            labelled = zip(c.truths[0].errors, c.hits(), strict=True)
            ranges = [f"{a}-{b}" for (a, b), hit in labelled if not hit]
            lines.append(f"    {c.fail.name}  missed E {', '.join(ranges)} ({c.truths[0].mode})")
            lines += _reported(c.fail)
    lost = [c for c in r.cases if c.lopo is not None and c.hits() != c.hits(0, lopo=True)]
    if failures and lost:
        lines += _examples(
            "breakages with an E range lost with their project's rows off", lost, failures
        )
        for c in lost[:failures]:
            off = ", ".join(sorted(r.switched_off().get(c.project, ())))
            lines.append(f"    {c.fail.name}  rows off: {off}")
            lines += _reported(c.lopo) if c.lopo is not None else []
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
        _row(
            "warnings reported as errors", str(r.warnings_as_errors), "0", r.warnings_as_errors == 0
        ),
        f"    {'input':<46} {'errors':>6} {'found':>6} {'warnings':>8} {'w>e':>4} unlabelled",
    ]
    quiet = 0
    for c in r.cases:
        n, w = len(c.expected_errors), len(c.expected) - len(c.expected_errors)
        if not (n or w or c.unlabelled or c.scan.failure):
            quiet += 1  # nothing labelled: only the robustness figures say anything about it
            continue
        lines.append(
            f"    {c.scan.name[:46]:<46} {n:>6} {n - len(c.missed):>6} {w:>8} "
            f"{len(c.warnings_as_errors):>4} {c.unlabelled:>10}"
        )
    if quiet:
        lines.append(f"    ... and {quiet} inputs with no labelled issue")
    lines += _crashes(r.scans)
    for title, bad in (
        ("inputs with a missed error", [c for c in r.cases if c.missed]),
        ("inputs with warnings reported as errors", [c for c in r.cases if c.warnings_as_errors]),
    ):
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
        _row(
            "inputs that crashed or overran",
            str(len(r.failures)),
            f"0 ({TIME_LIMIT:g} s)",
            not r.failures,
        ),
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
    parser.add_argument(
        "--failures",
        type=int,
        default=0,
        metavar="N",
        help="show N examples of the misses behind each figure",
    )
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
