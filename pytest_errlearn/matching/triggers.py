"""A pattern's trigger, compiled for the matcher: its canonical text, the
error code and exception type it names, the names it spells out, and the
regex that reads its placeholders' values back out of an error's message
(built only when the trigger's literal words are all there), for scoring and
for filling the fix."""

from __future__ import annotations

import re
from functools import lru_cache

from ..report import Error, Record
from .canonical import EXCEPTION, SEVERITY, TOKEN, TOKEN_RX, canonical
from .naming import QUOTED, names, telling
from .patterns import PLACEHOLDER, Pattern

# A tool code heading a trigger the format table does not know ("error TS2322: ...").
_CODE_HEAD = re.compile(r"^\s*(?:(?:error|warning)\s*)?\[?(E\d{4}|TS\d{4,5}|CS\d{4})\]?:\s*")


class Trigger(Record):
    """A pattern's trigger as the matcher compares it (see ``compile_trigger``)."""

    pattern: Pattern
    order: int
    text: str  # the canonical trigger
    code: str | None
    exc: str | None
    threshold: float
    message: str  # the trigger's message part, placeholders as tokens
    names: tuple[str, ...]  # the placeholder of each token, by number
    words: tuple[str, ...]  # the literal word runs between placeholders, folded
    telling: frozenset[str]  # what the trigger says failed (``telling``)
    capture: re.Pattern[str] | None = None
    line: str | None = None  # the whole line, when the parse took something off it
    literals: tuple[tuple[str, bool], ...] | None = None  # its ``names``, once read


def compile_trigger(pattern: Pattern, order: int, threshold: float) -> Trigger:
    """Parse the trigger as the detector parses a line, then canonicalise it.

    A built-in trigger's parse is usually stored already (``library.compiled``).
    """
    line, names = trigger_line(pattern.trigger)
    parsed = None
    if pattern.origin == "builtin":
        from .library.compiled import known_triggers

        parsed = known_triggers().get(line)
    message, code = parsed or parse_trigger(line)
    c = _compiled(pattern, order, threshold, message, code, names)
    if c.message != line:
        c.line = line
    return c


def compile_line(c: Trigger) -> Trigger:
    """The trigger as the whole line it was pasted from, prefix and all, unparsed
    (``c`` itself when its parse is the whole line): what an error's raw line and
    the lines of its block are compared with."""
    if c.line is None or SEVERITY.sub("", c.line) == c.message:
        return c
    return _compiled(c.pattern, c.order, c.threshold, c.line, None, c.names)


def _compiled(
    pattern: Pattern,
    order: int,
    threshold: float,
    message: str,
    code: str | None,
    names: tuple[str, ...],
) -> Trigger:
    message = SEVERITY.sub("", message.strip())
    text, exc = canonical(message)
    return Trigger(
        pattern,
        order,
        text,
        code.upper() if code else None,
        exc,
        threshold if pattern.threshold is None else pattern.threshold,
        message,
        names,
        _words(message) if names else (),
        telling(text, exception=exc is not None),
    )


def literals(c: Trigger) -> tuple[tuple[str, bool], ...]:
    """The names a project's trigger (as parsed) spells out, read once, each with
    whether it was quoted (``naming.spells_out``). A built-in trigger's are
    none: the library's triggers are written to be general. The trigger's
    code is no name: codes are compared apart (``Matcher``)."""
    if c.literals is None:
        c.literals = (
            ()
            if c.pattern.origin == "builtin"
            else tuple(
                (name, quoted)
                for name, quoted in names(trigger_line(c.pattern.trigger)[0])
                if name.upper() != c.code
            )
        )
    return c.literals


def trigger_line(trigger: str) -> tuple[str, tuple[str, ...]]:
    """The trigger with each placeholder a numbered token, and the placeholders' names."""
    names: list[str] = []

    def token(m: re.Match[str]) -> str:
        if m.group(1) is None:  # an escaped brace
            return m.group(0)[0]
        names.append(m.group(1))
        return TOKEN.format(len(names) - 1)

    return PLACEHOLDER.sub(token, trigger.strip()), tuple(names)


def parse_trigger(line: str) -> tuple[str, str | None]:
    """A trigger line's message and error code, as the detector reads the line."""
    from ..detect.formats import TABLE

    hit = TABLE.match(line)
    if (
        hit is not None
        and hit.fmt.role not in ("ignore", "section")
        and (len(TOKEN_RX.findall(hit.groups.get("msg") or line)) == len(TOKEN_RX.findall(line)))
    ):  # the detector's message of the trigger, unless it drops a placeholder
        return hit.groups.get("msg") or line, hit.groups.get("code")
    if m := _CODE_HEAD.match(line):
        return line[m.end() :], m.group(1)
    return line, None


def _words(message: str) -> tuple[str, ...]:
    """The literal runs of a trigger's message, folded as ``_folded`` folds a message;
    a leading exception type is left out (the capture regex takes any)."""
    pieces = TOKEN_RX.split(message)[::2]
    if m := EXCEPTION.match(pieces[0]):
        pieces[0] = pieces[0][m.end(1) :]
    return tuple(w for piece in pieces if (w := " ".join(piece.split()).lower()))


@lru_cache(maxsize=256)
def _folded(message: str) -> str:
    """A message as ``captured`` compares it: spaces collapsed, lower case.
    Cached: each error is compared with several candidates in a row."""
    return " ".join(message[:MAX_CAPTURE].split()).lower()


MAX_CAPTURE = 1000  # characters of a message the trigger's capture regex reads
_OPEN_QUOTES = "'\"`‘“"


def _literal(piece: str, first: bool) -> str:
    """A literal stretch of a trigger as regex: spaces flexible, exception type any."""
    head = ""
    if first and (m := EXCEPTION.match(piece)):
        head, piece = r"(?:[\w.]+\.)?\w+", piece[m.end(1) :]
    return head + r"\s+".join(re.escape(word) for word in re.split(r"\s+", piece))


def _capture_regex(c: Trigger) -> re.Pattern[str]:
    """A regex from the trigger that captures its placeholders' values in a message."""
    parts: list[str] = []
    seen: set[str] = set()
    pieces = TOKEN_RX.split(c.message)
    for i, piece in enumerate(pieces):
        if i % 2 == 0:
            parts.append(_literal(piece, first=i == 0))
            continue
        name = c.names[int(piece)]
        group = "" if name in seen else f"?P<{name}>"
        seen.add(name)
        if pieces[i - 1][-1:] and pieces[i - 1][-1] in _OPEN_QUOTES:
            parts.append(f"({group}.*?)")  # quoted in the trigger: the quotes are literal
        elif i == 1 and not pieces[0]:
            parts.append(f"({group}[^\\s'\"`]+)")  # leading: one word, or it would take anything
        elif i == len(pieces) - 2 and not pieces[-1]:
            parts.append(f"['\"`‘“]?({group}[^'\"`’”\\n]+)")  # last: up to a closing quote
        else:
            parts.append(f"['\"`‘“]?({group}.+?)['\"`’”]?")
    return re.compile("".join(parts), re.IGNORECASE)


def captured(c: Trigger, message: str) -> re.Match[str] | None:
    """The trigger's capture regex found in a message, or None.

    The regex is compiled only when every literal word run of the trigger is
    in the message: most candidates fail that substring test for free.
    """
    if not c.names:
        return None
    folded = _folded(message)
    if any(words not in folded for words in c.words):
        return None
    if c.capture is None:
        c.capture = _capture_regex(c)
    return c.capture.search(message[:MAX_CAPTURE])


def trigger_values(c: Trigger, message: str) -> dict[str, str]:
    """The placeholders' values read from an error's message (or the line it matched)."""
    m = captured(c, message)
    return {k: v for k, v in m.groupdict().items() if v} if m else {}


def masked_similarity(c: Trigger, message: str) -> float:
    """Similarity once the values the trigger's placeholders capture are masked too.

    A bare placeholder (``undefined: {name}``) meets an unquoted value the
    normaliser keeps (``undefined: fooBar``); masking what the trigger's own
    capture regex finds makes the placeholder a true wildcard.
    """
    from rapidfuzz import fuzz

    m = captured(c, message)
    if m is None:
        return 0.0
    out, last = [], 0
    for group in range(1, m.re.groups + 1):
        start, end = m.span(group)
        if start >= last:
            out += [message[last:start], TOKEN.format(0)]
            last = end
    masked = "".join(out) + message[last:]
    return float(fuzz.ratio(c.text, canonical(masked)[0])) / 100


def fill(c: Trigger, err: Error, values: dict[str, str]) -> str:
    """The fix with each placeholder's value (``<name>`` when the error gives none).

    A placeholder neither the trigger's capture nor the regex filled takes the
    error's quoted values in order: the error matched in other words.
    """
    missing = [n for n in dict.fromkeys(c.names) if n not in values]
    if missing:
        quoted = [
            next(g for g in q.groups() if g is not None) for q in QUOTED.finditer(err.message)
        ]
        values = {**dict(zip(missing, quoted, strict=False)), **values}
    return PLACEHOLDER.sub(lambda m: _value(m, values), c.pattern.fix)


def _value(m: re.Match[str], values: dict[str, str]) -> str:
    name = m.group(1)
    return m.group(0)[0] if name is None else values.get(name, f"<{name}>")
