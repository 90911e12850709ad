"""Matching detected errors to known patterns, after the seed ``000``.

Semantic similarity first: the error's message and the pattern's trigger are
brought to one canonical form (``canonical``) and compared with
``rapidfuzz.fuzz.ratio``; a score strictly above the threshold matches. Then
the pattern's ``match`` regex, searched over the error's whole block
(bounded: see ``RegexBank``). The best semantic score wins; ties go to
the project's patterns before the built-in ones, then to file order.

Two cheap identities keep near misses apart before any scoring: a tool's error
code (``E0425`` is not ``E0308``) and the exception type (``KeyError`` is not
``IndexError``, though ``ModuleNotFoundError`` is an ``ImportError``).
Patterns are grouped by them, so an error is only scored against the groups
it can match.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from pathlib import Path

from .canonical import EXCEPTION, SEVERITY, TOKEN, TOKEN_RX, canonical, related
from .config import Settings
from .detect.classify import actionability
from .patterns import PLACEHOLDER, Pattern, builtin_patterns, load_patterns, placeholders
from .report import Error, Match, Report
from .saferegex import RegexBank

# A tool code heading a trigger the format table does not know ("error TS2322: ...").
_CODE_HEAD = re.compile(r"^\s*(?:(?:error|warning)\s*)?\[?(E\d{4}|TS\d{4,5}|CS\d{4})\]?:\s*")
_QUOTED = re.compile(r"'([^'\n]*)'|\"([^\"\n]*)\"|‘([^’\n]*)’|“([^”\n]*)”|`([^`\n]*)`")


# -- compiled patterns ----------------------------------------------------------


@dataclass(slots=True)
class _Compiled:
    pattern: Pattern
    order: int
    text: str  # the canonical trigger
    code: str | None
    exc: str | None
    threshold: float
    message: str  # the trigger's message part, placeholders as tokens
    names: tuple[str, ...]  # the placeholder of each token, by number
    words: tuple[str, ...]  # the literal word runs between placeholders, folded
    capture: re.Pattern[str] | None = None


def _compile(pattern: Pattern, order: int, threshold: float) -> _Compiled:
    """Parse the trigger as the detector parses a line, then canonicalise it."""
    from .detect.formats import TABLE

    names: list[str] = []

    def token(m: re.Match[str]) -> str:
        if m.group(1) is None:  # an escaped brace
            return m.group(0)[0]
        names.append(m.group(1))
        return TOKEN.format(len(names) - 1)

    line = PLACEHOLDER.sub(token, pattern.trigger.strip())
    message, code = line, None
    hit = TABLE.match(line)
    if hit is not None and hit.fmt.role not in ("ignore", "section") and (
        len(TOKEN_RX.findall(hit.groups.get("msg") or line)) == len(names)
    ):  # the detector's message of the trigger, unless it drops a placeholder
        message, code = hit.groups.get("msg") or line, hit.groups.get("code")
    elif m := _CODE_HEAD.match(line):
        message, code = line[m.end():], m.group(1)
    message = SEVERITY.sub("", message.strip())
    text, exc = canonical(message)
    return _Compiled(
        pattern, order, text, code.upper() if code else None, exc,
        threshold if pattern.threshold is None else pattern.threshold, message, tuple(names),
        _words(message) if names else (),
    )


def _words(message: str) -> tuple[str, ...]:
    """The literal runs of a trigger's message, folded as ``_folded`` folds a message;
    a leading exception type is left out (the capture regex takes any)."""
    pieces = TOKEN_RX.split(message)[::2]
    if m := EXCEPTION.match(pieces[0]):
        pieces[0] = pieces[0][m.end(1):]
    return tuple(w for piece in pieces if (w := " ".join(piece.split()).lower()))


@lru_cache(maxsize=256)
def _folded(message: str) -> str:
    """A message as ``_captured`` compares it: spaces collapsed, lower case.
    Cached: each error is compared with several candidates in a row."""
    return " ".join(message[:MAX_CAPTURE].split()).lower()


MAX_CAPTURE = 1000  # characters of a message the trigger's capture regex reads
_OPEN_QUOTES = "'\"`‘“"


def _literal(piece: str, first: bool) -> str:
    """A literal stretch of a trigger as regex: spaces flexible, exception type any."""
    head = ""
    if first and (m := EXCEPTION.match(piece)):
        head, piece = r"(?:[\w.]+\.)?\w+", piece[m.end(1):]
    return head + r"\s+".join(re.escape(word) for word in re.split(r"\s+", piece))


def _capture_regex(c: _Compiled) -> re.Pattern[str]:
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


def _captured(c: _Compiled, message: str) -> re.Match[str] | None:
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


def _trigger_values(c: _Compiled, err: Error) -> dict[str, str]:
    """The placeholders' values read from the error's message."""
    m = _captured(c, err.message)
    return {k: v for k, v in m.groupdict().items() if v} if m else {}


def _masked_similarity(c: _Compiled, message: str) -> float:
    """Similarity once the values the trigger's placeholders capture are masked too.

    A bare placeholder (``undefined: {name}``) meets an unquoted value the
    normaliser keeps (``undefined: fooBar``); masking what the trigger's own
    capture regex finds makes the placeholder a true wildcard.
    """
    from rapidfuzz import fuzz

    m = _captured(c, message)
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


def _fill(c: _Compiled, err: Error, values: dict[str, str]) -> str:
    """The fix with each placeholder's value (``<name>`` when the error gives none).

    A placeholder neither the trigger's capture nor the regex filled takes the
    error's quoted values in order: the error matched in other words.
    """
    missing = [n for n in dict.fromkeys(c.names) if n not in values]
    if missing:
        quoted = [next(g for g in q.groups() if g is not None)
                  for q in _QUOTED.finditer(err.message)]
        values = {**dict(zip(missing, quoted, strict=False)), **values}
    return PLACEHOLDER.sub(lambda m: _value(m, values), c.pattern.fix)


def _value(m: re.Match[str], values: dict[str, str]) -> str:
    name = m.group(1)
    return m.group(0)[0] if name is None else values.get(name, f"<{name}>")


# -- the matcher ------------------------------------------------------------------

_Key = tuple[str | None, str | None, tuple[str, ...]]
TOP = 8  # best raw scores per error that are looked at closer
RESCUE = 0.3  # how far below its threshold a trigger with placeholders is still looked at
# Distinct errors times patterns from which scoring them all together (cdist)
# pays for importing numpy (~90 ms): 300 errors against the 92 built-in
# patterns are matched one by one in ~30 ms.
BATCH_PAIRS = 200_000
_Choices = tuple[list[str], list[int], float]
SEEN_MAX = 4096  # messages whose semantic best ``match`` remembers


class Matcher:
    """Known patterns, grouped for fast lookup; ``match`` one error or a report."""

    def __init__(self, patterns: Sequence[Pattern], *, threshold: float = 0.6) -> None:
        self.patterns = list(patterns)
        self.threshold = threshold
        self._compiled = [_compile(p, i, threshold) for i, p in enumerate(self.patterns)]
        self._by_id: dict[str, Pattern] = {}
        for p in self.patterns:
            self._by_id.setdefault(p.id, p)
        self._groups: dict[_Key, list[int]] = {}
        for c in self._compiled:
            key = (c.code, c.exc, tuple(sorted(c.pattern.tools)))
            self._groups.setdefault(key, []).append(c.order)
        self._eligible_cache: dict[tuple[str | None, str | None, str | None],
                                   tuple[_Key, ...]] = {}
        self._choices: dict[tuple[_Key, ...], _Choices] = {}
        self._group_choices: dict[_Key, _Choices] = {}
        self._with_regex: dict[str | None, list[int]] = {}
        self._seen: dict[tuple[str, str | None, str | None], tuple[_Compiled, float] | None] = {}
        self._regexes = RegexBank(
            [(p.match, f"pattern '{p.id}' ({p.source})") for p in self.patterns]
        )

    def close(self) -> None:
        """Stop the regex worker process, if one was started."""
        self._regexes.close()

    def get(self, pattern_id: str) -> Pattern | None:
        """The pattern with this id (the project's, when it replaces a built-in one)."""
        return self._by_id.get(pattern_id)

    def _eligible(self, code: str | None, exc: str | None, tool: str | None) -> tuple[_Key, ...]:
        """The pattern groups an error with this code, exception and tool can match."""
        key = (code, exc, tool)
        if (cached := self._eligible_cache.get(key)) is None:
            cached = self._eligible_cache[key] = tuple(
                g for g in self._groups
                if not (g[2] and tool not in g[2])
                and not (g[0] is not None and g[0] != code)  # a code names that code only
                and not (g[1] is not None and (exc is None or not related(g[1], exc)))
            )
        return cached

    def _candidates(self, groups: tuple[_Key, ...]) -> _Choices:
        """The canonical triggers of these groups, in pattern order (ties: file order)."""
        if (choices := self._choices.get(groups)) is None:
            orders = sorted(o for g in groups for o in self._groups[g])
            choices = self._choices[groups] = self._choices_of(orders)
        return choices

    def _choices_of(self, orders: list[int]) -> _Choices:
        floor = min((self._compiled[o].threshold for o in orders), default=1.0)
        return [self._compiled[o].text for o in orders], orders, floor

    def _query(self, err: Error) -> tuple[str, tuple[_Key, ...]]:
        """The error's canonical message and the pattern groups it may match."""
        text, exc = canonical(err.message)
        return text, self._eligible(err.code.upper() if err.code else None, exc, err.tool)

    def _best(
        self, err: Error, hits: Iterable[tuple[float, int]]
    ) -> tuple[_Compiled, float] | None:
        """The best of the top raw scores (0-100, by pattern order), placeholders masked."""
        best: tuple[_Compiled, float] | None = None
        for score, order in hits:
            c, similarity = self._compiled[order], score / 100
            if c.names and similarity < 1.0:
                similarity = max(similarity, _masked_similarity(c, err.message))
            if similarity > c.threshold and (
                best is None or (similarity, -c.order) > (best[1], -best[0].order)
            ):
                best = (c, similarity)
        return best

    def _semantic(self, err: Error) -> tuple[_Compiled, float] | None:
        from rapidfuzz import fuzz, process

        text, groups = self._query(err)
        texts, orders, floor = self._candidates(groups)
        if not texts or not text:
            return None
        hits = process.extract(text, texts, scorer=fuzz.ratio,
                               score_cutoff=max(floor - RESCUE, 0.0) * 100, limit=TOP)
        return self._best(err, ((score, orders[pos]) for _, score, pos in hits))

    def _semantic_batch(self, errors: list[Error]) -> list[tuple[_Compiled, float] | None]:
        """``_semantic`` for many errors: one ``cdist`` per pattern group.

        cdist scores many strings at once (SIMD), several times faster than one
        ``extract`` per error; it needs numpy, without which each error is scored alone.
        """
        try:
            import numpy as np
            from rapidfuzz import fuzz, process
        except ImportError:
            return [self._semantic(err) for err in errors]
        asking: dict[_Key, dict[str, list[int]]] = {}  # group -> query text -> errors
        for i, err in enumerate(errors):
            text, groups = self._query(err)
            for g in groups if text else ():
                asking.setdefault(g, {}).setdefault(text, []).append(i)
        hits: list[list[tuple[float, int]]] = [[] for _ in errors]
        for g, queries in asking.items():
            if (choices := self._group_choices.get(g)) is None:
                choices = self._group_choices[g] = self._choices_of(self._groups[g])
            texts, orders, floor = choices
            matrix = process.cdist(list(queries), texts, scorer=fuzz.ratio,
                                   score_cutoff=max(floor - RESCUE, 0.0) * 100,
                                   dtype=np.float32)
            if matrix.shape[1] > TOP:  # keep each row's TOP best (and a few more); 0 is a miss
                # The TOP-th best, rounded down: partitioning bytes is ~5x faster than floats,
                # and the exact cut is made below, on the few scores kept.
                kth = np.partition(matrix.astype(np.uint8), -TOP, axis=1)[:, -TOP]
                matrix[matrix < kth[:, None]] = 0
            rows, cols = np.nonzero(matrix)
            owners = list(queries.values())
            for r, col in zip(rows.tolist(), cols.tolist(), strict=True):
                hit = (float(matrix[r, col]), orders[col])
                for i in owners[r]:
                    hits[i].append(hit)
        return [self._best(err, sorted(found, key=lambda h: (-h[0], h[1]))[:TOP])
                for err, found in zip(errors, hits, strict=True)]

    def _regex_orders(self, tool: str | None) -> list[int]:
        if (cached := self._with_regex.get(tool)) is None:
            cached = self._with_regex[tool] = [
                c.order for c in self._compiled
                if c.pattern.match and (not c.pattern.tools or tool in c.pattern.tools)
            ]
        return cached

    def match(self, err: Error) -> Match | None:
        """The best known pattern for one error, its fix filled in, or None.

        The semantic search is remembered by message, code and tool, all it
        reads: a suite's failures repeat their messages (a parametrized test, a
        broken fixture), and the plugin matches them one at a time.
        """
        key = (err.message, err.code, err.tool)
        if key in self._seen:
            best = self._seen[key]
        else:
            if len(self._seen) >= SEEN_MAX:
                self._seen.clear()
            best = self._seen[key] = self._semantic(err)
        return self._finish(err, best)

    def _finish(self, err: Error, semantic: tuple[_Compiled, float] | None) -> Match | None:
        """The match for an error: its semantic best, else the first regex that hits."""
        block = "\n".join(err.block) if err.block else err.message
        if semantic is not None:
            c, score = semantic
            values = _trigger_values(c, err)
            needed = {*c.names, *placeholders(c.pattern.fix)}  # the fix may name a regex group
            if c.pattern.match and not needed <= values.keys():
                hit = self._regexes.first(block, [c.order])  # its named groups fill the rest
                values = {**(hit[1] if hit else {}), **values}
            return Match(c.pattern.id, score, "semantic", _fill(c, err, values), c.pattern.source)
        orders = self._regex_orders(err.tool)
        if orders and (hit := self._regexes.first(block, orders)) is not None:
            c = self._compiled[hit[0]]
            values = {**_trigger_values(c, err), **hit[1]}
            return Match(c.pattern.id, 1.0, "regex", _fill(c, err, values), c.pattern.source)
        return None

    def match_all(self, errors: Iterable[Error]) -> None:
        """Set ``match`` (and the actionability a fix earns) on each error.

        Errors alike (same message, code, tool and block) are matched once.
        """
        errors = list(errors)
        unique: dict[tuple[str, str | None, str | None, tuple[str, ...]], Error] = {}
        for err in errors:
            unique.setdefault((err.message, err.code, err.tool, tuple(err.block)), err)
        firsts = list(unique.values())
        semantic = (self._semantic_batch(firsts)
                    if len(firsts) * len(self._compiled) >= BATCH_PAIRS
                    else [self._semantic(err) for err in firsts])
        found = {key: self._finish(err, best)
                 for (key, err), best in zip(unique.items(), semantic, strict=True)}
        for err in errors:
            match = found[(err.message, err.code, err.tool, tuple(err.block))]
            err.match = None if match is None else replace(match)
            err.actionability = actionability(err)

    def match_report(self, report: Report) -> None:
        """Match every error of a report (warnings are left as they are)."""
        self.match_all(report.errors)


def load_matcher(settings: Settings, *, extra: Path | None = None) -> Matcher:
    """The project's patterns (and ``extra``'s), then the built-in library if enabled.

    A project pattern with a built-in pattern's id replaces it.
    """
    patterns: list[Pattern] = []
    for path in (settings.patterns, extra):
        if path is not None:
            patterns.extend(load_patterns(path))
    if settings.builtin:
        own = {p.id for p in patterns}
        patterns.extend(p for p in builtin_patterns() if p.id not in own)
    return Matcher(patterns, threshold=settings.threshold)
