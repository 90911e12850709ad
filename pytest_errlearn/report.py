"""The error and report types, and the contract's JSON report.

Everything downstream of detection (matching, history, rendering, CI formats)
speaks these types; the JSON shape is fixed by ``CONTRACT.md`` (schema 1).
"""

from __future__ import annotations

from collections import Counter

TYPE_CHECKING = False  # mypy reads it as True: typing loads where it is used, not here
if TYPE_CHECKING:
    from typing import Any, ClassVar, Literal, Self

    Method = Literal["semantic", "regex"]

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

MAX_RELATED = 20  # spans of repeats and consequences kept per error


class Record:
    """Equality, ``repr`` and copies field by field, over ``__slots__``: what
    ``@dataclass`` gives, for the types every detection makes. Importing
    dataclasses (and the inspect module it needs) and building these classes
    with it is paid by every ``errlearn run`` in a project with history, and
    by every one that finds an error (benchmarks/README.md has the figure)."""

    __slots__: ClassVar[tuple[str, ...]] = ()
    __hash__ = None  # type: ignore[assignment]  # mutable, compared by value

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return self.values() == other.values()

    def __repr__(self) -> str:
        fields = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.__slots__)
        return f"{type(self).__name__}({fields})"

    def values(self) -> tuple[Any, ...]:
        """The fields in order: ``type(self)(*values)`` is an equal record."""
        return tuple(getattr(self, name) for name in self.__slots__)

    def fields(self) -> dict[str, Any]:
        """The fields by name (a record or list inside is the same object)."""
        return {name: getattr(self, name) for name in self.__slots__}

    def replace(self, **changes: Any) -> Self:
        """A new record with the same fields but ``changes`` (not a deep copy)."""
        return type(self)(**(self.fields() | changes))


class Match(Record):
    """A known pattern matched to an error, with its fix filled in."""

    __slots__ = ("pattern", "score", "method", "fix", "source", "success")

    def __init__(
        self,
        pattern: str,
        score: float,
        method: Method,
        fix: str,
        source: str | None = None,  # "patterns.toml:12", where the pattern lives
        success: str | None = None,  # "worked 4 of 5 times", from history
    ) -> None:
        self.pattern = pattern
        self.score = score
        self.method = method
        self.fix = fix
        self.source = source
        self.success = success

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


class Error(Record):
    """One error (or warning) found in a run's output.

    ``block`` holds the ANSI-free lines of the whole block (header, stack,
    code frame): the matcher's regexes search it; it is not part of the JSON.
    """

    __slots__ = (
        "message",
        "text",
        "tool",
        "category",
        "severity",
        "file",
        "line",
        "column",
        "code",
        "span",
        "context",
        "signature",
        "actionability",
        "test",
        "match",
        "block",
        "kind",
        "count",
        "consequence",
        "related",
        "rank",
        "notes",
    )

    def __init__(
        self,
        message: str,
        text: str,
        tool: str | None = None,
        category: str = "unknown",
        severity: str = "medium",
        file: str | None = None,
        line: int | None = None,
        column: int | None = None,
        code: str | None = None,
        span: tuple[int, int] = (0, 0),
        context: list[str] | None = None,
        signature: str = "",
        actionability: int = 0,
        test: str | None = None,
        match: Match | None = None,
        block: list[str] | None = None,
        kind: str = "",  # the format-table row that found it
        count: int = 1,  # how many times the same signature occurred in this input
        consequence: bool = False,  # only follows from an earlier error
        # Lines elsewhere in the input that belong to this error: its repeats and
        # the failure lines that only follow from it (``make: *** Error 1``).
        related: list[tuple[int, int]] | None = None,
        rank: int = 0,  # how sure the detector is this is a root cause (higher: surer)
        notes: list[str] | None = None,  # repeats, noise: from history
    ) -> None:
        self.message = message
        self.text = text
        self.tool = tool
        self.category = category
        self.severity = severity
        self.file = file
        self.line = line
        self.column = column
        self.code = code
        self.span = span
        self.context: list[str] = [] if context is None else context
        self.signature = signature
        self.actionability = actionability
        self.test = test
        self.match = match
        self.block: list[str] = [] if block is None else block
        self.kind = kind
        self.count = count
        self.consequence = consequence
        self.related: list[tuple[int, int]] = [] if related is None else related
        self.rank = rank
        self.notes: list[str] = [] if notes is None else notes

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


class Report(Record):
    """What one scan, run or test session found.

    ``errors`` keep the order of the input; ``primary_index`` names the root
    cause, which every front end shows first (``ordered()``).
    """

    __slots__ = ("errors", "warnings", "command", "exit_code", "primary_index")

    def __init__(
        self,
        errors: list[Error] | None = None,
        warnings: list[Error] | None = None,
        command: str | None = None,
        exit_code: int | None = None,
        primary_index: int | None = None,
    ) -> None:
        self.errors: list[Error] = [] if errors is None else errors
        self.warnings: list[Error] = [] if warnings is None else warnings
        self.command = command
        self.exit_code = exit_code
        self.primary_index = primary_index

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

        ``json.dumps(indent=2)`` runs json's pure-Python encoder; its C
        encoder writes one line many times as fast, and a line per error
        still reads, greps and diffs well.
        """
        import json

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
