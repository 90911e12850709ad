"""errlearn on the output of real tools run now on small projects (issue 29).

Each case is a folder ``benchmarks/live/<ecosystem>-<case>/`` with a ``case.toml``:

    command = "ruby -Ilib test/test_calc.rb"   # run by bash -c in a copy of the folder
    needs = ["ruby"]                           # executables that must be on PATH
    [[error]]                                  # one per site a user must be shown;
    file = "test/test_calc.rb"                 # none for a clean (passing) run
    line = 8

A case whose ``needs`` are all on PATH is copied to a temporary folder (nothing is
written into the checkout), its command run there by ``bash -c`` (stdout and
stderr merged, at most 120 s) and the output scanned as ``errlearn run -- CMD``
does: ``detect(output, tool_from_command(command), failed=status != 0)``. Scored per
ecosystem and overall, beside the issue's goals and beside the anchor
``grep -iE 'error|fail|exception|fatal'`` used as a detector:

    python benchmarks/live_runs.py [--only PATTERN] [--show] [--root DIR] [--timeout S]

What each figure is, is in ``benchmarks/README.md``. Exit status 0 when it
measured (a missed goal is printed ``MISSED``), 2 on bad usage or when no case
is found.
"""

from __future__ import annotations

import argparse
import fnmatch
import math
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import tomllib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import NoReturn

from corpus_scan import Scan, scan
from corpus_tools import same_file

from pytest_errlearn.detect import tool_from_command
from pytest_errlearn.detect.text import strip_ansi
from pytest_errlearn.report import Error

LIVE = Path(__file__).resolve().parent / "live"
TIMEOUT = 120.0  # seconds a case's command may run
NEAR = 3  # the anchor: a grep hit within this many lines of a line naming the site
GREP = re.compile(r"error|fail|exception|fatal", re.IGNORECASE)
# The goals, on the failing runs (and the clean ones for the last).
GOALS = {"recall": 0.95, "precision": 0.95, "file:line": 0.90}


# -- the cases ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Site:
    """Where a user must be pointed: a file as the tool names it, and a line."""

    file: str
    line: int


@dataclass(frozen=True, slots=True)
class Case:
    name: str  # the folder's name, <ecosystem>-<case>
    folder: Path
    command: str
    needs: tuple[str, ...]
    sites: tuple[Site, ...]  # none: a clean run

    @property
    def ecosystem(self) -> str:
        return self.name.split("-", 1)[0]

    @property
    def clean(self) -> bool:
        return not self.sites

    def missing(self) -> list[str]:
        """The needed executables that are not on PATH."""
        return [n for n in self.needs if shutil.which(n) is None]


def load_case(folder: Path) -> Case:
    """A case from its ``case.toml``; ValueError saying what is wrong with it."""
    try:
        spec = tomllib.loads((folder / "case.toml").read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise ValueError(f"case.toml: {exc}") from None
    command, needs, errors = spec.get("command"), spec.get("needs", []), spec.get("error", [])
    if not isinstance(command, str) or not command.strip():
        raise ValueError("case.toml: no command")
    if not isinstance(needs, list) or not all(isinstance(n, str) for n in needs):
        raise ValueError("case.toml: needs is not a list of names")
    if not isinstance(errors, list):
        raise ValueError("case.toml: error is not an array of tables")
    sites = []
    for entry in errors:
        file, line = (entry.get("file"), entry.get("line")) if isinstance(entry, dict) else ("", 0)
        if not isinstance(file, str) or not file or not isinstance(line, int) or line < 1:
            raise ValueError(f"case.toml: an [[error]] without a file and a line: {entry!r}")
        sites.append(Site(file, line))
    return Case(folder.name, folder, command, tuple(needs), tuple(sites))


def find_cases(root: Path) -> tuple[list[Case], list[tuple[str, str]]]:
    """The cases under ``root`` by name, and the folders whose case.toml is unusable."""
    cases, bad = [], []
    for toml in sorted(root.glob("*/case.toml")):
        try:
            cases.append(load_case(toml.parent))
        except ValueError as exc:
            bad.append((toml.parent.name, str(exc)))
    return cases, bad


# -- running one ----------------------------------------------------------------------


@dataclass(slots=True)
class Run:
    case: Case
    output: bytes
    status: int | None  # the command's exit status; None when it overran the time limit
    seconds: float
    scan: Scan


def run_command(command: str, cwd: Path, timeout: float) -> tuple[bytes, int | None]:
    """``bash -c command`` in ``cwd``, stdout and stderr merged; on a timeout its
    whole process group is killed and the output so far kept."""
    with subprocess.Popen(
        ["bash", "-c", command],
        cwd=cwd,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        start_new_session=True,  # its own process group: a timeout ends the tools it started
    ) as child:
        try:
            output, _ = child.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            os.killpg(child.pid, signal.SIGKILL)
            output, _ = child.communicate()
            return output, None
        return output, child.returncode


def run_case(case: Case, timeout: float = TIMEOUT) -> Run:
    """The case's command in a temporary copy of its folder, and errlearn's scan of it."""
    with tempfile.TemporaryDirectory(prefix="errlearn-live-") as tmp:
        work = Path(tmp) / case.name
        shutil.copytree(case.folder, work, symlinks=True)
        start = time.perf_counter()
        output, status = run_command(case.command, work, timeout)
        seconds = time.perf_counter() - start
    failed = None if status is None else status != 0
    scanned = scan(case.name, output, tool_from_command(case.command), failed)
    return Run(case, output, status, seconds, scanned)


# -- scoring (plain data in, counts out: tested without running anything) -------------


def output_lines(data: bytes) -> list[str]:
    """The output's ``\\n``-separated lines as errlearn numbers them, ANSI removed."""
    return [strip_ansi(line) for line in data.decode("utf-8", "replace").split("\n")]


def names_site(text: str, site: Site) -> bool:
    """Does a line name the site: its file's name, then its line (``calc.rb:8``,
    ``calc.rb(8)``, ``File "calc.py", line 8``, ``calc.pl line 8``, ``Calc.php on line 8``)?"""
    name = re.escape(site.file.replace("\\", "/").rsplit("/", 1)[-1])
    return (
        re.search(rf"{name}\W{{1,8}}(?:(?:on )?line\W{{1,3}})?{site.line}(?!\d)", text) is not None
    )


def points_at(err: Error, site: Site) -> bool:
    """The error's own file and line are the site's (a path-suffix match)."""
    return err.line == site.line and err.file is not None and same_file(err.file, site.file)


def covers(err: Error, site: Site, lines: Sequence[str]) -> bool:
    """The error's span holds a line naming the site."""
    first, last = err.span
    return any(names_site(text, site) for text in lines[max(first, 1) - 1 : last])


def grep_hits(lines: Sequence[str]) -> list[int]:
    """The anchor: the 1-based numbers of the lines ``grep -iE 'error|fail|...'`` prints."""
    return [n for n, text in enumerate(lines, 1) if GREP.search(text)]


def grep_near(hit: int, site: Site, lines: Sequence[str], near: int = NEAR) -> bool:
    """A grep hit stands for a site when it is on a line naming it or within ``near``
    lines of one (before or after): grep gives lines, the reader looks around them."""
    window = lines[max(hit - near, 1) - 1 : hit + near]
    return any(names_site(text, site) for text in window)


@dataclass(slots=True)
class Score:
    """One run's counts. On a clean run only ``errors`` and ``grep_hits`` matter."""

    sites: int = 0
    found: int = 0  # sites an error points at, or whose span holds a line naming them
    exact: int = 0  # sites an error points at: its file and line
    errors: int = 0  # errors reported
    relevant: int = 0  # errors that point at or cover some site
    grep_found: int = 0  # sites with a grep hit on or near a line naming them
    grep_hits: int = 0
    grep_relevant: int = 0
    missed: list[Site] = field(default_factory=list)
    stray: list[Error] = field(default_factory=list)  # errors that match no site


def score(sites: Sequence[Site], errors: Sequence[Error], lines: Sequence[str]) -> Score:
    s = Score(sites=len(sites), errors=len(errors))
    for site in sites:
        if any(points_at(e, site) for e in errors):
            s.exact += 1
            s.found += 1
        elif any(covers(e, site, lines) for e in errors):
            s.found += 1
        else:
            s.missed.append(site)
    for e in errors:
        if any(points_at(e, site) or covers(e, site, lines) for site in sites):
            s.relevant += 1
        else:
            s.stray.append(e)
    hits = grep_hits(lines)
    s.grep_hits = len(hits)
    s.grep_found = sum(any(grep_near(h, site, lines) for h in hits) for site in sites)
    s.grep_relevant = sum(any(grep_near(h, site, lines) for site in sites) for h in hits)
    return s


def score_run(run: Run) -> Score:
    return score(run.case.sites, run.scan.errors, output_lines(run.output))


def _ratio(part: int, whole: int) -> float:
    return part / whole if whole else math.nan


@dataclass(slots=True)
class Totals:
    """Scores of several runs added up, and the figures."""

    failing: int = 0
    clean: int = 0
    sites: int = 0
    found: int = 0
    exact: int = 0
    errors: int = 0  # on failing runs
    relevant: int = 0
    clean_errors: int = 0  # errors reported on clean runs
    grep_found: int = 0
    grep_hits: int = 0
    grep_relevant: int = 0
    grep_clean: int = 0  # grep hits on clean runs

    def add(self, s: Score, clean: bool) -> None:
        if clean:
            self.clean += 1
            self.clean_errors += s.errors
            self.grep_clean += s.grep_hits
            return
        self.failing += 1
        self.sites += s.sites
        self.found += s.found
        self.exact += s.exact
        self.errors += s.errors
        self.relevant += s.relevant
        self.grep_found += s.grep_found
        self.grep_hits += s.grep_hits
        self.grep_relevant += s.grep_relevant

    @property
    def recall(self) -> float:
        return _ratio(self.found, self.sites)

    @property
    def precision(self) -> float:
        return _ratio(self.relevant, self.errors)

    @property
    def file_line(self) -> float:
        """Of the sites found, the share an error points at exactly."""
        return _ratio(self.exact, self.found)

    @property
    def grep_recall(self) -> float:
        return _ratio(self.grep_found, self.sites)

    @property
    def grep_precision(self) -> float:
        return _ratio(self.grep_relevant, self.grep_hits)


def totals(scored: Iterable[tuple[Score, bool]]) -> Totals:
    t = Totals()
    for s, clean in scored:
        t.add(s, clean)
    return t


# -- the report -----------------------------------------------------------------------


def _pct(x: float) -> str:
    return "n/a" if math.isnan(x) else f"{100 * x:.1f}%"


def _line(label: str, t: Totals) -> str:
    return (
        f"  {label:<14} {t.failing:>4} {t.clean:>5} {t.sites:>5}  "
        f"{_pct(t.recall):>6} {_pct(t.precision):>9} {_pct(t.file_line):>9} {t.clean_errors:>6}"
        f"  | {_pct(t.grep_recall):>6} {_pct(t.grep_precision):>9} {t.grep_clean:>6}"
    )


def _verdicts(t: Totals) -> list[str]:
    figures = {"recall": t.recall, "precision": t.precision, "file:line": t.file_line}
    out = []
    for name, goal in GOALS.items():
        value = figures[name]
        met = not math.isnan(value) and value >= goal
        out.append(f"  {name:<32} {_pct(value):>7}   >= {goal:.2f}   {'ok' if met else 'MISSED'}")
    met = t.clean_errors == 0
    out.append(
        f"  {'errors on clean runs':<32} {t.clean_errors:>7}   0        {'ok' if met else 'MISSED'}"
    )
    return out


def _error_line(e: Error, mark: str) -> str:
    where = f" {e.file}:{e.line}" if e.file else ""
    return f"      {mark}{e.span[0]}-{e.span[1]}{where} [{e.kind}] {e.message[:100]}"


def report_run(run: Run, s: Score) -> list[str]:
    """One case: its status, what was expected, what errlearn reported."""
    case = run.case
    status = "timed out" if run.status is None else f"exit {run.status}"
    odd = ""
    if run.status == 0 and not case.clean:
        odd = "  (a failing case that exited 0: is the case right?)"
    elif run.status not in (0, None) and case.clean:
        odd = "  (a clean case that failed: is the case right?)"
    head = f"  {case.name}: {status}, {run.seconds:.1f} s, {len(run.output)} bytes{odd}"
    lines = [head, f"    $ {case.command}"]
    if run.scan.failure:
        lines.append(f"    CRASH {run.scan.failure}")
    for site in case.sites:
        mark = "missed" if site in s.missed else "found"
        lines.append(f"    expected {site.file}:{site.line}  {mark}")
    primary = run.scan.primary
    stray = {id(e) for e in s.stray}
    for e in run.scan.errors:
        lines.append(
            _error_line(e, ("*" if e is primary else " ") + ("?" if id(e) in stray else " "))
        )
    if not run.scan.errors:
        lines.append("      reported: nothing")
    return lines


def report(runs: Sequence[Run], skipped: Sequence[tuple[str, str]], show: bool) -> list[str]:
    scored = [(run, score_run(run)) for run in runs]
    lines = [f"live runs: {len(runs)} cases run, {len(skipped)} skipped"]
    if show:
        for run, s in scored:
            lines += report_run(run, s)
        lines.append("")
    lines += [
        f"  {'':<14} {'':>4} {'':>5} {'':>5}  {'errlearn':^33}  | {'anchor: grep -iE':^24}",
        f"  {'ecosystem':<14} {'fail':>4} {'clean':>5} {'sites':>5}  "
        f"{'recall':>6} {'precision':>9} {'file:line':>9} {'clean':>6}  "
        f"| {'recall':>6} {'precision':>9} {'clean':>6}",
    ]
    ecosystems: dict[str, list[tuple[Score, bool]]] = {}
    for run, s in scored:
        ecosystems.setdefault(run.case.ecosystem, []).append((s, run.case.clean))
    for name, group in sorted(ecosystems.items()):
        lines.append(_line(name, totals(group)))
    overall = totals((s, run.case.clean) for run, s in scored)
    lines.append(_line("all", overall))
    lines += [
        "  goals (all failing runs; clean: errors reported on the clean runs):",
        *_verdicts(overall),
    ]
    problems = [
        f"    {run.case.name}: {'timed out' if run.status is None else run.scan.failure}"
        for run, _ in scored
        if run.status is None or run.scan.failure
    ]
    if problems:
        lines += ["  runs that timed out or crashed the detector:", *problems]
    missed = [(run, s) for run, s in scored if s.missed or (run.case.clean and s.errors)]
    if missed and not show:
        lines.append("  cases with a missed site or an error on a clean run (--show for all):")
        for run, s in missed:
            what = ", ".join(f"{x.file}:{x.line}" for x in s.missed) or f"{s.errors} errors"
            lines.append(f"    {run.case.name}: {what}")
    if skipped:
        lines.append("  skipped:")
        lines += [f"    {name}: {why}" for name, why in skipped]
    return lines


# -- the command line -------------------------------------------------------------------


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        """Bad usage: one line and status 2, no usage block, no traceback."""
        self.exit(2, f"{self.prog}: error: {message}\n")


def _seconds(text: str) -> float:
    value = float(text)
    if not (value > 0 and math.isfinite(value)):
        raise argparse.ArgumentTypeError(f"not a positive number of seconds: {text!r}")
    return value


def matches(name: str, pattern: str | None) -> bool:
    """Does a case's name match ``--only`` (a glob; a bare word matches inside names)?"""
    if pattern is None:
        return True
    glob = pattern if any(c in pattern for c in "*?[") else f"*{pattern}*"
    return fnmatch.fnmatchcase(name, glob)


def main(argv: Sequence[str] | None = None) -> int:
    parser = _Parser(prog="live_runs.py", description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--only", metavar="PATTERN", help="cases whose name matches (glob or word)")
    parser.add_argument("--show", action="store_true", help="print each case's errors")
    parser.add_argument("--root", type=Path, default=LIVE, help="the folder of the cases")
    parser.add_argument("--timeout", type=_seconds, default=TIMEOUT, help="seconds per command")
    args = parser.parse_args(argv)
    if not args.root.is_dir():
        parser.error(f"no cases folder at {args.root}")
    cases, bad = find_cases(args.root)
    chosen = [c for c in cases if matches(c.name, args.only)]
    skipped = [(name, why) for name, why in bad if matches(name, args.only)]
    if not chosen and not skipped:
        parser.error(
            f"no case matches {args.only!r}" if args.only else f"no case under {args.root}"
        )
    runs = []
    for case in chosen:
        if missing := case.missing():
            skipped.append((case.name, f"not on PATH: {', '.join(missing)}"))
            continue
        print(f"  running {case.name} ...", file=sys.stderr, flush=True)
        runs.append(run_case(case, args.timeout))
    for line in report(runs, skipped, args.show):
        print(line)
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except BrokenPipeError:  # piped into head: it has read enough
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        sys.exit(0)
