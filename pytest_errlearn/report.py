"""The error and report types, and the contract's JSON report.

Everything downstream of detection (matching, history, rendering, CI formats)
speaks these types; the JSON shape is fixed by ``CONTRACT.md`` (schema 1).
"""

from __future__ import annotations

from collections import Counter

TYPE_CHECKING = False  # mypy reads it as True: typing loads where it is used, not here
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any, ClassVar, Literal, Self, TypeVar, dataclass_transform

    Method = Literal["semantic", "regex"]
    T = TypeVar("T")
else:

    def dataclass_transform(**_: object) -> object:
        """Only type checkers read it: at run time a no-op (and no ``typing``)."""
        return lambda cls: cls


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


class _Declared(type):
    """Builds a record class from its annotated fields, declared once.

    Each annotated name in the class body (a ``ClassVar`` aside) is a field,
    in declaration order: it becomes a slot, a parameter of the generated
    ``__init__`` (positional, with the field's default), and a name in
    ``values()``, ``fields()`` and the wire forms. A default made by
    ``field(default_factory=...)`` is made afresh for each record, as with
    dataclasses. What ``@dataclass(slots=True)`` gives, without importing
    ``dataclasses`` (and ``inspect``, ``ast`` and ``enum`` with it) into every
    ``errlearn run`` in a project with history (benchmarks/README.md).
    """

    def __new__(
        mcls, name: str, bases: tuple[type, ...], ns: dict[str, Any], **kwargs: Any
    ) -> _Declared:
        declared = [
            field
            for field, kind in ns.get("__annotations__", {}).items()
            if not str(kind).startswith("ClassVar")
        ]
        if declared:
            if any(getattr(base, "__slots__", ()) for base in bases):
                raise TypeError(f"{name}: a record with fields is not extended by another")
            defaults = {field: ns.pop(field) for field in declared if field in ns}
            ns["__slots__"] = tuple(declared)
        cls = super().__new__(mcls, name, bases, ns, **kwargs)
        if declared:
            cls.__init__ = _on_first_use(cls, declared, defaults)  # type: ignore[misc]
        return cls


class _Factory:
    __slots__ = ("make",)

    def __init__(self, make: Any) -> None:
        self.make = make


def field(*, default_factory: Callable[[], T]) -> T:
    """A field whose default is made afresh for each record (``default_factory()``)."""
    return _Factory(default_factory)  # type: ignore[return-value]  # read by _Declared


def _on_first_use(cls: type, names: list[str], defaults: dict[str, Any]) -> Any:
    """An ``__init__`` that compiles the class's own (``_init``) when the first record
    is made, and hands over to it: a run that makes no record of a class (a clean
    ``errlearn run`` makes no ``Error``) compiles nothing for it."""

    def __init__(self: Any, *args: Any, **kwargs: Any) -> None:
        init = _init(cls.__name__, names, defaults)
        cls.__init__ = init  # type: ignore[misc]
        init(self, *args, **kwargs)

    return __init__


def _init(owner: str, names: list[str], defaults: dict[str, Any]) -> Any:
    """An ``__init__`` that sets each field, compiled once per class as dataclasses
    does: a loop over the names would cost every error the detector makes."""
    scope: dict[str, Any] = {"_UNSET": _Factory}
    params, body = [], []
    for name in names:
        if name not in defaults:
            params.append(name)
            body.append(f"self.{name} = {name}")
        elif isinstance(defaults[name], _Factory):
            scope[f"_make_{name}"] = defaults[name].make
            params.append(f"{name}=_UNSET")
            body.append(f"self.{name} = _make_{name}() if {name} is _UNSET else {name}")
        else:
            scope[f"_default_{name}"] = defaults[name]
            params.append(f"{name}=_default_{name}")
            body.append(f"self.{name} = {name}")
    source = f"def __init__(self, {', '.join(params)}):\n    " + "\n    ".join(body)
    exec(source, scope)
    init = scope["__init__"]
    init.__qualname__ = f"{owner}.__init__"
    return init


@dataclass_transform(field_specifiers=(field,))
class Record(metaclass=_Declared):
    """A record declared once, by its annotated fields (see ``_Declared``), with
    equality, ``repr`` and copies field by field, over ``__slots__``.

    The code's one kind of mutable record. An immutable value that is
    unpacked, hashed or made straight from a tuple (a database row, a row of
    the format table, a stack frame) is a ``NamedTuple`` instead; a class with
    behaviour of its own keeps hand-written ``__slots__``.
    """

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


class Error(Record):
    """One error (or warning) found in a run's output.

    ``block`` holds the ANSI-free lines of the whole block (header, stack,
    code frame): the matcher's regexes search it; it is not part of the JSON.
    A field is added by one line here: the constructor, ``values()``, the
    wire forms (``to_wire``, and the detector's workers' tuples) follow; the
    contract's JSON (``to_dict``) names its keys itself, as CONTRACT.md does.
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

    def to_wire(self) -> dict[str, Any]:
        """Every field as plain data (JSON's kinds), for another process or a file."""
        return self.fields() | {"match": None if self.match is None else self.match.fields()}

    @classmethod
    def from_wire(cls, data: dict[str, Any]) -> Error:
        """The error ``to_wire`` gave (pairs read back as lists become tuples again)."""
        fields = dict(data)
        match = fields.pop("match", None)
        fields["span"] = tuple(fields.get("span", (0, 0)))
        fields["related"] = [tuple(pair) for pair in fields.get("related", ())]
        return cls(**fields, match=Match(**match) if match else None)

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
