"""The labelled CI logs for ``corpora.py``: LogChunks (is the reason a build
failed found, and shown first?) and cidiff (line-level recall on fail.log,
noise on pass.log)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from corpus_scan import Scan, Span, Spread, overlaps, ratio, read_jsonl, scan, spread

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
        for row in read_jsonl(base / "labels.jsonl")
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
