"""Racket: ``raco test``'s rackunit failures and errors, and the errors of
``racket`` with a source location (syntax, unbound identifiers, missing
modules) or raised at run time (contract violations)."""

from __future__ import annotations

from collections.abc import Sequence

from ...report import Error
from ..reader import Reader
from . import Format, regex

# -- Racket ------------------------------------------------------------------------------------

_RKT = r"[^\s:]+\.(?:rkt|rktl|rktd|scrbl|ss|scm)"
_RKT_AT = r":(?P<line>\d+):(?P<col>\d+): "
_RKT_LIBRARY = regex(r"/share/racket/|/collects/|/\.racket/|/pkgs/|^\.\.\./")


class RackUnit(Reader):
    """A rackunit ``FAILURE`` or ``ERROR``: its fields (``name:``, ``location:``,
    ``actual:``, ``expected:``, ``message:``), an error's message, up to the
    dashed line."""

    frames_wanted = False
    _FIELD = regex(r"^(?P<key>[\w-]+):\s+(?P<value>.*)$")
    _PLACE = regex(r"^(?P<file>\S+?):(?P<line>\d+):(?P<col>\d+)$")
    _RULE = regex(r"^-{20}$")

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.valid = False
        self.fields: dict[str, str] = {}
        self.said: list[str] = []
        self.context = False

    def accept(self, line: str) -> bool:
        if self._RULE.match(line) or (self.count == 0 and not self._FIELD.match(line)):
            return False  # rackunit's fields follow its FAILURE at once
        stripped = line.strip()
        if self.context or stripped == "context...:":
            self.context = True
            return bool(stripped)
        if (m := self._FIELD.match(line)) and not self.said:
            self.fields[m["key"]] = m["value"].strip()
            if m["key"] == "location" and (p := self._PLACE.match(m["value"].strip())):
                self.err.file, self.err.line = p["file"], int(p["line"])
                self.err.column = int(p["col"])
                self.valid = True
        elif stripped:
            self.said.append(stripped)
        return True

    def finish(self) -> None:
        f = self.fields
        parts = [f"{k}: {f[k]}" for k in ("message", "actual", "expected") if k in f]
        name = f.get("name", "")
        if self.said:
            parts.insert(0, self.said[0])
        if parts:
            self.err.message = f"{name}: {'; '.join(parts)}" if name else "; ".join(parts)


def _rackunit_test(groups: dict[str, str | None], before: Sequence[str]) -> None:
    """A ``test-case`` names itself on the line above FAILURE, below the dashes."""
    rule = "-" * 20
    if len(before) >= 2 and before[-2] == rule and before[-1].strip() not in ("", rule):
        groups["test"] = before[-1].strip()


class RacketError(Reader):
    """A Racket error's lines, indented under it (``in:``, ``expected:``/``given:``,
    ``context...:``): the error is at its own place, else at the first frame of
    the project's own code in its context."""

    frames_wanted = False
    _FRAME = regex(
        rf"^\s+(?:(?P<file>{_RKT}):(?P<line>\d+):(?P<col>\d+)\b|body of \"(?P<body>[^\"]+)\")"
    )

    def accept(self, line: str) -> bool:
        return line[:1].isspace() and bool(line.strip())

    def finish(self) -> None:
        err = self.err
        if err.file is not None:
            return
        for line in err.block[1:]:
            if (m := self._FRAME.match(line)) is None:
                continue
            file = m["file"] or m["body"]
            if not _RKT_LIBRARY.search(file):
                err.file = file
                err.line = int(m["line"]) if m["line"] else None
                return


ORDER = 50  # where its rows stand in the table (``formats.families``)
COMMANDS = {"racket": "racket", "raco": "raco"}
BUILDS: dict[str, frozenset[str] | None] = {
    "racket": None,
    "raco": frozenset({"test", "make", "setup", "pkg"}),
}
READERS = {"rackunit": RackUnit, "racketerror": RacketError}

ROWS = (
    Format(
        "rackunit-failure",
        r"^(?P<msg>FAILURE)$",
        tool="rackunit",
        category="assertion",
        block="rackunit",
        rank=3,
        fixup=_rackunit_test,
        examples=("FAILURE",),
    ),
    Format(
        "rackunit-error",
        r"^(?P<msg>ERROR)$",
        tool="rackunit",
        category="runtime",
        block="rackunit",
        rank=3,
        fixup=_rackunit_test,
        examples=("ERROR",),
    ),
    Format(
        "rackunit-summary",
        r"^\d+/\d+ tests? failures?$|^\S+: raco test: test raised an exception$",
        tool="raco",
        role="consequence",
        rank=0,
        examples=("4/6 test failures", "rt.rkt: raco test: test raised an exception"),
    ),
    Format(
        "racket-syntax",
        rf"^(?P<file>{_RKT}){_RKT_AT}(?P<msg>(?:read(?:-syntax)?|[\w-]+: bad syntax|"
        r"#%\w+|module: .*(?:bad|no #lang)).*)$",
        seek=_RKT_AT,
        tool="racket",
        category="syntax",
        block="racketerror",
        rank=2,
        examples=("syn.rkt:2:0: read-syntax: expected a `)` to close `(`",),
    ),
    Format(
        "racket-unbound",
        rf"^(?P<file>{_RKT}){_RKT_AT}(?P<msg>\S+: unbound identifier.*)$",
        seek=_RKT_AT,
        tool="racket",
        category="reference",
        block="racketerror",
        rank=2,
        examples=("unbound.rkt:2:15: g: unbound identifier",),
    ),
    Format(
        "racket-missing-module",
        rf"^(?P<file>{_RKT}){_RKT_AT}(?P<msg>(?:cannot open module file|"
        r"collection not found|standard-module-name-resolution: collection not found).*)$",
        seek=_RKT_AT,
        tool="racket",
        category="dependency",
        block="racketerror",
        rank=2,
        examples=("req.rkt:2:9: cannot open module file",),
    ),
    Format(
        "racket-error",
        rf"^(?P<file>{_RKT}){_RKT_AT}(?P<msg>.+)$",
        seek=_RKT_AT,
        tool="racket",
        category="build",
        block="racketerror",
        rank=2,
        examples=("x.rkt:4:2: define: not allowed in an expression context",),
    ),
    Format(  # an error raised at run time: no place of its own, its context has one
        "racket-contract",
        r"^(?P<msg>[^\s:]+: (?:contract violation|arity mismatch;|expects \d+ arguments?).*)$",
        tool="racket",
        category="type",
        block="racketerror",
        rank=2,
        words=("contract violation", "arity mismatch", "expects "),
        examples=("car: contract violation", "add: arity mismatch;"),
    ),
    Format(
        "racket-raised",
        r"^(?P<msg>[^\s:]+: (?:division by zero|undefined;|assertion violation|"
        r"index is out of range|no such file or directory).*)$",
        tool="racket",
        category="runtime",
        block="racketerror",
        rank=2,
        words=(
            "division by zero",
            "undefined;",
            "assertion violation",
            "out of range",
            "no such file",
        ),
        examples=("/: division by zero", "g: undefined;"),
    ),
)
