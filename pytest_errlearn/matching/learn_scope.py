"""Learned patterns that stay in their lane.

A generic message (an assertion, a bare exception type, ``KeyError: 'x'``)
says how a failure looks, not which one it is: its shape would claim the
failures of every other test. Its values are what identify it, so such a
failure is learned narrowly (``scoped``): the trigger keeps its values, and
a ``match`` regex of them decides alone (``threshold = 1.0``: the matcher
masks quoted values, so the trigger's words alone cannot tell two string
comparisons apart). Before a pattern is written, it is tried on the failures
recorded in the history (``dry_run``): what it would match of other tests is
said first.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from ..redact import redact
from ..report import Error
from .canonical import SEVERITY, canonical
from .learn import _literal, derive_trigger
from .matcher import Matcher
from .naming import telling
from .patterns import PLACEHOLDER, Pattern

TYPE_CHECKING = False  # mypy reads it as True: typing loads where it is used, not here

if TYPE_CHECKING:
    from ..history.rows import Recorded

# What varies between runs even in an assertion's values: masked in a scoped trigger.
_VOLATILE = re.compile(
    r"(?P<time>\b\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2}(?:[.,]\d+)?(?:Z|[+-]\d{2}:?\d{2})?"
    r"|\b\d{1,2}:\d{2}:\d{2}(?:[.,]\d+)?\b)"
    r"|(?P<url>\b[a-z][a-z0-9+.-]*://[^\s'\"`<>)]+)"
    r"|(?P<uuid>\b[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}\b)"
    r"|(?P<hex>\b0x[0-9a-fA-F]+\b|\b[0-9a-f]{12,}\b)"
    r"|(?P<path>(?:/tmp|/var/folders|\\Temp)[\\/][^\s'\"`:]+|\btmp[\w-]{6,}\b|\bpytest-\d+\b)"
    r"|(?P<secret><redacted>)"
)
_ASSERTION = re.compile(r"^(?:[\w.]+\.)?AssertionError\b|^assert\b|^Failed: ")
MIN_TELLING = 2  # literal words a trigger needs (besides its exception type) to name a failure


def is_generic(message: str) -> bool:
    """Whether a message says only how a failure looks: an assertion (``assert x == y``,
    pytest's ``Failed: ...``), a bare exception type, or one whose own words name
    nothing (``KeyError: 'x'``). Its trigger would match other tests' failures."""
    message = SEVERITY.sub("", message.strip())
    if _ASSERTION.match(message):
        return True
    text, exc = canonical(derive_trigger(message))
    return len(telling(text, exception=exc is not None)) < MIN_TELLING


def scoped_trigger(message: str) -> str:
    """The trigger of a generic failure: its values kept, only what varies between
    runs (times, URLs, addresses, temp paths, secrets) a placeholder."""
    seen: dict[str, int] = {}
    out: list[str] = []
    end = 0
    message = redact(message)
    for m in _VOLATILE.finditer(message):
        kind = m.lastgroup or "value"
        seen[kind] = seen.get(kind, 0) + 1
        out += [
            _literal(message[end : m.start()]),
            "{" + (kind if seen[kind] == 1 else f"{kind}{seen[kind]}") + "}",
        ]
        end = m.end()
    return "".join(out) + _literal(message[end:])


def scoped_regex(trigger: str) -> str:
    """A regex that finds exactly ``trigger``'s text (any spacing) ending a line, each
    placeholder a named group: what a scoped pattern matches by. The line's end
    counts: ``assert 6 == 5`` is not ``assert 6 == 55``."""
    parts: list[str] = []
    end = 0
    for m in PLACEHOLDER.finditer(trigger):
        if m.group(1) is None:  # an escaped brace
            continue
        parts += [_escaped(trigger[end : m.start()]), f"(?P<{m.group(1)}>.+?)"]
        end = m.end()
    parts.append(_escaped(trigger[end:]))
    head = r"\b" if re.match(r"\w", trigger) else ""
    return "(?m)" + head + "".join(parts) + r"\s*$"


def _escaped(literal: str) -> str:
    """A trigger's literal text as regex: its braces single, any run of spaces ``\\s+``."""
    text = literal.replace("{{", "{").replace("}}", "}")
    return "".join(
        r"\s+" if piece.isspace() else re.escape(piece)
        for piece in re.split(r"(\s+)", text)
        if piece
    )


class Plan(NamedTuple):
    """What ``errlearn learn`` will write for a failure, before it has a fix."""

    trigger: str
    regex: str | None
    threshold: float | None  # 1.0 for a scoped pattern: only its regex matches
    scoped: bool


def plan(message: str, normal: str, regex: str | None = None) -> Plan:
    """The trigger (and for a generic failure, the regex) a failure is learned with;
    ``regex`` is the user's own, which then decides instead."""
    if is_generic(message):
        trigger = scoped_trigger(message)
        return Plan(trigger, regex or scoped_regex(trigger), 1.0, True)
    return Plan(derive_trigger(normal), regex, None, False)


DRY_RUN = 2000  # recorded failures (distinct, newest first) a new pattern is tried on


def dry_run(
    found: Plan,
    failures: list[Recorded],
    *,
    own: str,
    tools: list[str] | None,
    threshold: float,
) -> list[Recorded]:
    """The recorded failures, other than signature ``own``, that a pattern learned
    as ``found`` would match: those it would claim of other tests."""
    pattern = Pattern(
        id="learning",
        trigger=found.trigger,
        fix="-",
        match=found.regex,
        tools=tuple(tools or ()),
        threshold=found.threshold,
    )
    matcher = Matcher([pattern], threshold=threshold)
    try:
        return [
            f
            for f in failures
            if f.signature != own
            and matcher.match(
                Error(
                    message=f.message,
                    text=f.message,
                    tool=f.tool,
                    category=f.category,
                    block=f.example.splitlines(),
                )
            )
            is not None
        ]
    finally:
        matcher.close()
