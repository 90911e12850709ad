"""The labelled CI logs for ``corpora.py``: LogChunks (is the reason a build
failed found, and shown first?) and cidiff (line-level recall on fail.log,
noise on pass.log)."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from corpus_scan import (
    Scan,
    Span,
    Spread,
    overlaps,
    project_lines,
    provenance,
    ratio,
    read_jsonl,
    rows_from,
    rows_off,
    scan,
    spread,
)

from pytest_errlearn.detect.formats import TABLE

# The anchor, ``grep -iE 'error|fail|exception|fatal'``, as a detector:
# run over the lowered bytes (as grep -i in the C locale), a line once.
GREP = re.compile(rb"error|fail|exception|fatal")


def grep_lines(data: bytes) -> tuple[int, ...]:
    """The 1-based numbers of the ``\\n``-separated lines the anchor's grep prints."""
    low = data.lower()
    found: list[int] = []
    line, counted, pos = 1, 0, 0
    while (m := GREP.search(low, pos)) is not None:
        line += low.count(b"\n", counted, m.start())
        found.append(line)
        end = low.find(b"\n", m.end())
        if end < 0:
            break
        counted, pos = end, end  # the next search starts on the newline: the next line
    return tuple(found)


def logchunks_project(log: str) -> str:
    """``logs/<Language>/<owner>@<repo>/failed/<id>.log`` -> ``<owner>@<repo>``."""
    return log.split("/")[2]


def cidiff_project(folder: str) -> str:
    """A cidiff breakage's folder is ``<project>_<n>``: ``google_auto_693`` -> ``google_auto``."""
    return re.sub(r"_\d+$", "", folder)


@cache
def corpus_projects(root: Path) -> dict[str, str]:
    """Every project of LogChunks and cidiff -> its logs' cleaned lines (``project_lines``)."""
    logs: dict[str, list[Path]] = {}
    for path in sorted((root / "logchunks").glob("logs/*/*/*/*.log")):  # <project>/<status>/
        logs.setdefault(path.parent.parent.name, []).append(path)
    for folder in sorted(p for p in (root / "cidiff").iterdir() if p.is_dir()):
        logs.setdefault(cidiff_project(folder.name), []).extend(sorted(folder.glob("*.log")))
    return {name: project_lines(p.read_bytes() for p in paths) for name, paths in logs.items()}


def row_sources(root: Path) -> dict[str, tuple[str, ...]]:
    """Row name -> the LogChunks and cidiff projects its examples came from."""
    return provenance(TABLE.rows, corpus_projects(root))


def _left_out(
    scans: dict[str, list[tuple[str, bytes]]],
    sources: dict[str, tuple[str, ...]],
    keep: Callable[[Scan], None],
) -> None:
    """Each project's inputs scanned again with the rows sourced from it switched off."""
    for project, inputs in scans.items():
        names = rows_from(sources, project)
        if names:
            with rows_off(names):
                for name, data in inputs:
                    keep(scan(name, data))


# -- LogChunks: is the labelled reason of a failed build found, and shown first? --


@dataclass(slots=True)
class ChunkCase:
    scan: Scan
    chunk: Span  # the labelled lines saying why the build failed
    text: str
    # the scan with the rows sourced from this log's project switched off (None: no
    # row was, so it is ``scan``), and the lines the anchor's grep prints
    lopo: Scan | None = None
    grep: tuple[int, ...] = ()

    @property
    def language(self) -> str:
        return self.scan.name.split("/")[1]

    @property
    def project(self) -> str:
        return logchunks_project(self.scan.name)

    @property
    def found(self) -> bool:
        return _found(self.scan, self.chunk)

    @property
    def primary_inside(self) -> bool:
        return _primary_inside(self.scan, self.chunk)

    @property
    def lopo_found(self) -> bool:
        return _found(self.lopo or self.scan, self.chunk)

    @property
    def lopo_primary(self) -> bool:
        return _primary_inside(self.lopo or self.scan, self.chunk)

    @property
    def grep_found(self) -> bool:
        """Some line grep prints is inside the chunk."""
        return any(self.chunk[0] <= n <= self.chunk[1] for n in self.grep)

    @property
    def grep_first(self) -> bool:
        """The first line grep prints is inside the chunk."""
        return bool(self.grep) and self.chunk[0] <= self.grep[0] <= self.chunk[1]

    @property
    def lines_flagged(self) -> int:
        """The lines of the errors' spans, summed: what a reader is pointed at."""
        return sum(e.span[1] - e.span[0] + 1 for e in self.scan.errors)


def _found(found: Scan, chunk: Span) -> bool:
    return any(overlaps(e.span, chunk) for e in found.errors)


def _primary_inside(found: Scan, chunk: Span) -> bool:
    primary = found.primary
    return primary is not None and overlaps(primary.span, chunk)


@dataclass(slots=True)
class LogChunksResult:
    cases: list[ChunkCase]
    passing: list[Scan]  # logs of passing builds, when the corpus has any
    sources: dict[str, tuple[str, ...]] = field(default_factory=dict)  # row -> projects

    @property
    def lopo_recall(self) -> float:
        return ratio(sum(c.lopo_found for c in self.cases), len(self.cases))

    @property
    def lopo_primary(self) -> float:
        return ratio(sum(c.lopo_primary for c in self.cases), len(self.cases))

    @property
    def grep_found(self) -> float:
        return ratio(sum(c.grep_found for c in self.cases), len(self.cases))

    @property
    def grep_first(self) -> float:
        return ratio(sum(c.grep_first for c in self.cases), len(self.cases))

    @property
    def lines_flagged(self) -> Spread:
        return spread([c.lines_flagged for c in self.cases])

    @property
    def grep_lines_flagged(self) -> Spread:
        return spread([len(c.grep) for c in self.cases])

    def by_language(self) -> dict[str, list[ChunkCase]]:
        languages: dict[str, list[ChunkCase]] = {}
        for c in self.cases:
            languages.setdefault(c.language, []).append(c)
        return dict(sorted(languages.items()))

    def switched_off(self) -> dict[str, frozenset[str]]:
        """Project -> the rows switched off while its logs were scored (those with any)."""
        projects = sorted({c.project for c in self.cases})
        return {p: names for p in projects if (names := rows_from(self.sources, p))}

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


def evaluate_logchunks(root: Path, lopo: bool = True) -> LogChunksResult:
    """Scan every labelled log as raw bytes (the labels count ``\\n`` lines, as errlearn
    does), grep it as the anchor, and (``lopo``) scan each project's logs again with
    the rows whose examples came from that project switched off."""
    base = root / "logchunks"
    cases = []
    inputs: dict[str, list[tuple[str, bytes]]] = {}
    for row in read_jsonl(base / "labels.jsonl"):
        data = (base / row["log"]).read_bytes()
        chunk = (int(row["start_line"]), int(row["end_line"]))
        cases.append(ChunkCase(scan(row["log"], data), chunk, row["chunk"], grep=grep_lines(data)))
        inputs.setdefault(logchunks_project(row["log"]), []).append((row["log"], data))
    passing = [
        scan(p.relative_to(base).as_posix(), p.read_bytes())
        for p in sorted(base.glob("logs/*/*/passed/*.log"))
    ]
    result = LogChunksResult(cases, passing)
    if lopo:
        result.sources = row_sources(root)
        by_name = {c.scan.name: c for c in cases}

        def keep(again: Scan) -> None:
            by_name[again.name].lopo = again

        _left_out(inputs, result.sources, keep)
    return result


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
    # fail.log scanned with the rows sourced from this project switched off (None:
    # no row was, so it is ``fail``)
    lopo: Scan | None = None

    @property
    def project(self) -> str:
        return cidiff_project(self.name)

    def spans(self, lopo: bool = False) -> list[Span]:
        """Every line range errlearn attributes to an error: its block, and the
        ``related`` ranges of its repeats and of the lines that only follow from it.
        cidiff labels error *lines*, echoes included, so both count here."""
        found = (self.lopo or self.fail) if lopo else self.fail
        return [s for e in found.errors for s in (e.span, *e.related)]

    def hits(self, which: int = 0, lopo: bool = False) -> list[bool]:
        """For each labelled error range: does a reported error's range overlap it?"""
        spans = self.spans(lopo)
        return [any(overlaps(s, r) for s in spans) for r in self.truths[which].errors]

    def reported_lines(self) -> set[int]:
        return {n for s in self.spans() for n in range(s[0], s[1] + 1)}

    def lines_inside(self, which: int = 0) -> int:
        ranges = self.truths[which].errors
        return sum(any(a <= n <= b for a, b in ranges) for n in self.reported_lines())


@dataclass(slots=True)
class CidiffResult:
    cases: list[BreakageCase]
    sources: dict[str, tuple[str, ...]] = field(default_factory=dict)  # row -> projects

    def _labelled(self, which: int) -> list[BreakageCase]:
        return [c for c in self.cases if len(c.truths) > which]

    def recall(self, which: int = 0, lopo: bool = False) -> float:
        hits = [h for c in self._labelled(which) for h in c.hits(which, lopo)]
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

    def by_project(self) -> dict[str, CidiffResult]:
        """The breakages of each project, as a result of their own."""
        projects: dict[str, list[BreakageCase]] = {}
        for c in self.cases:
            projects.setdefault(c.project, []).append(c)
        return {p: CidiffResult(cs, self.sources) for p, cs in sorted(projects.items())}

    def switched_off(self) -> dict[str, frozenset[str]]:
        """Project -> the rows switched off while its fail.logs were scored (those with any)."""
        projects = sorted({c.project for c in self.cases})
        return {p: names for p in projects if (names := rows_from(self.sources, p))}


def evaluate_cidiff(root: Path, lopo: bool = True) -> CidiffResult:
    """Each breakage's fail.log and pass.log, and (``lopo``) its fail.log again with the
    rows whose examples came from its project switched off."""
    cases = []
    inputs: dict[str, list[tuple[str, bytes]]] = {}
    for folder in sorted(p for p in (root / "cidiff").iterdir() if (p / "groundtruth").is_file()):
        truths = tuple(
            parse_groundtruth((folder / name).read_text(encoding="utf-8"))
            for name in ("groundtruth", "groundtruth2")
            if (folder / name).is_file()
        )
        logs = {name: java_lines((folder / name).read_bytes()) for name in ("fail.log", "pass.log")}
        fail, passed = (scan(f"{folder.name}/{name}", data) for name, data in logs.items())
        cases.append(BreakageCase(folder.name, fail, passed, truths))
        inputs.setdefault(cidiff_project(folder.name), []).append((fail.name, logs["fail.log"]))
    result = CidiffResult(cases)
    if lopo:
        result.sources = row_sources(root)
        by_name = {c.fail.name: c for c in cases}

        def keep(again: Scan) -> None:
            by_name[again.name].lopo = again

        _left_out(inputs, result.sources, keep)
    return result
