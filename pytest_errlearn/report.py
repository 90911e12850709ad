"""The error and report types, and the contract's JSON report.

Everything downstream of detection (matching, history, rendering, CI formats)
speaks these types; the JSON shape is fixed by ``CONTRACT.md`` (schema 1).
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Literal

SCHEMA = 1

CATEGORIES = (
    "syntax",
    "type",
    "reference",
    "assertion",
    "runtime",
    "dependency",
    "build",
    "filesystem",
    "network",
    "config",
    "unknown",
)
SEVERITIES = ("blocking", "high", "medium", "low")

Method = Literal["semantic", "regex"]
MAX_RELATED = 20  # spans of repeats and consequences kept per error


@dataclass(slots=True)
class Match:
    """A known pattern matched to an error, with its fix filled in."""

    pattern: str
    score: float
    method: Method
    fix: str
    source: str | None = None  # "patterns.toml:12", where the pattern lives
    success: str | None = None  # "worked 4 of 5 times", from history

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "pattern": self.pattern,
            "score": round(self.score, 3),
            "method": self.method,
            "fix": self.fix,
        }
        if self.source is not None:
            out["source"] = self.source
        if self.success is not None:
            out["success"] = self.success
        return out


@dataclass(slots=True)
class Error:
    """One error (or warning) found in a run's output.

    ``block`` holds the ANSI-free lines of the whole block (header, stack,
    code frame): the matcher's regexes search it; it is not part of the JSON.
    """

    message: str
    text: str
    tool: str | None = None
    category: str = "unknown"
    severity: str = "medium"
    file: str | None = None
    line: int | None = None
    column: int | None = None
    code: str | None = None
    span: tuple[int, int] = (0, 0)
    context: list[str] = field(default_factory=list)
    signature: str = ""
    actionability: int = 0
    test: str | None = None
    match: Match | None = None
    block: list[str] = field(default_factory=list)
    kind: str = ""  # the format-table row that found it
    count: int = 1  # how many times the same signature occurred in this input
    consequence: bool = False  # only follows from an earlier error
    # Lines elsewhere in the input that belong to this error: its repeats and
    # the failure lines that only follow from it (``make: *** Error 1``).
    related: list[tuple[int, int]] = field(default_factory=list)
    rank: int = 0  # how sure the detector is this is a root cause (higher: surer)
    notes: list[str] = field(default_factory=list)  # repeats, noise: from history

    def relate(self, span: tuple[int, int]) -> None:
        """Note lines elsewhere that belong to this error (merged when adjacent)."""
        if self.related and span[0] <= self.related[-1][1] + 2:
            first, last = self.related[-1]
            self.related[-1] = (first, max(last, span[1]))
        elif len(self.related) < MAX_RELATED and not (
            self.span[0] <= span[0] and span[1] <= self.span[1]
        ):
            self.related.append(span)

    @property
    def location(self) -> str | None:
        """``file:line`` (or just ``file``) for display, None when unknown."""
        if self.file is None:
            return None
        return f"{self.file}:{self.line}" if self.line is not None else self.file

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "tool": self.tool,
            "category": self.category,
            "severity": self.severity,
            "message": self.message,
            "text": self.text,
            "file": self.file,
            "line": self.line,
            "column": self.column,
            "code": self.code,
            "span": [self.span[0], self.span[1]],
            "context": list(self.context),
            "signature": self.signature,
            "actionability": self.actionability,
            "test": self.test,
            "match": self.match.to_dict() if self.match else None,
        }
        if self.count > 1:
            out["count"] = self.count
        if self.related:
            out["related"] = [[a, b] for a, b in self.related]
        if self.notes:
            out["notes"] = list(self.notes)
        return out


@dataclass(slots=True)
class Report:
    """What one scan, run or test session found.

    ``errors`` keep the order of the input; ``primary_index`` names the root
    cause, which every front end shows first (``ordered()``).
    """

    errors: list[Error] = field(default_factory=list)
    warnings: list[Error] = field(default_factory=list)
    command: str | None = None
    exit_code: int | None = None
    primary_index: int | None = None

    @property
    def primary(self) -> Error | None:
        return None if self.primary_index is None else self.errors[self.primary_index]

    def ordered(self) -> list[Error]:
        """The errors with the root cause first, the rest in input order."""
        if self.primary_index is None:
            return list(self.errors)
        head = self.errors[self.primary_index]
        return [head, *(e for e in self.errors if e is not head)]

    def summary(self) -> dict[str, Any]:
        by_category = Counter(e.category for e in self.errors)
        by_severity = Counter(e.severity for e in self.errors)
        return {
            "total": len(self.errors),
            "matched": sum(1 for e in self.errors if e.match is not None),
            "by_category": dict(sorted(by_category.items())),
            "by_severity": {s: by_severity[s] for s in SEVERITIES if by_severity[s]},
            "primary": self.primary_index,
        }

    def to_dict(self) -> dict[str, Any]:
        return {
            "schema": SCHEMA,
            "command": self.command,
            "exit_code": self.exit_code,
            "errors": [e.to_dict() for e in self.errors],
            "warnings": [w.to_dict() for w in self.warnings],
            "summary": self.summary(),
        }

    def to_json(self) -> str:
        """The report as JSON (``to_dict``), each error and warning on a line of its own.

        ``json.dumps(indent=2)`` runs json's pure-Python encoder, about 100 µs
        an error; its C encoder does a line in a few, and a line per error
        still reads, greps and diffs well.
        """
        def dump(value: object) -> str:
            return json.dumps(value, ensure_ascii=False)

        parts = []
        for key, value in self.to_dict().items():
            if isinstance(value, list) and value:
                items = ",\n".join(f"    {dump(item)}" for item in value)
                parts.append(f"  {dump(key)}: [\n{items}\n  ]")
            else:
                parts.append(f"  {dump(key)}: {dump(value)}")
        return "{\n" + ",\n".join(parts) + "\n}"
