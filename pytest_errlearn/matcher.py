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

from collections.abc import Iterable, Sequence
from pathlib import Path

from .canonical import canonical, related
from .config import Settings
from .detect.classify import actionability
from .patterns import Pattern, builtin_patterns, load_patterns, placeholders, usable_patterns
from .report import Error, Match, Report
from .saferegex import RegexBank
from .triggers import (
    Trigger,
    compile_trigger,
    fill,
    masked_similarity,
    says_the_same,
    trigger_values,
)

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
        self._compiled = [compile_trigger(p, i, threshold) for i, p in enumerate(self.patterns)]
        self._by_id: dict[str, Pattern] = {}
        for p in self.patterns:
            self._by_id.setdefault(p.id, p)
        self.has_own_patterns = any(p.origin != "builtin" for p in self.patterns)
        self._groups: dict[_Key, list[int]] = {}
        for c in self._compiled:
            key = (c.code, c.exc, tuple(sorted(c.pattern.tools)))
            self._groups.setdefault(key, []).append(c.order)
        self._eligible_cache: dict[tuple[str | None, str | None, str | None],
                                   tuple[_Key, ...]] = {}
        self._choices: dict[tuple[_Key, ...], _Choices] = {}
        self._group_choices: dict[_Key, _Choices] = {}
        self._with_regex: dict[str | None, list[int]] = {}
        self._seen: dict[tuple[str, str | None, str | None], tuple[Trigger, float] | None] = {}
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
        self, err: Error, text: str, hits: Iterable[tuple[float, int]]
    ) -> tuple[Trigger, float] | None:
        """The best of the top raw scores (0-100, by pattern order), placeholders
        masked, among the triggers that say what ``text`` (the canonical message) says."""
        best: tuple[Trigger, float] | None = None
        for score, order in hits:
            c, similarity = self._compiled[order], score / 100
            if c.names and similarity < 1.0:
                similarity = max(similarity, masked_similarity(c, err.message))
            if similarity > c.threshold and (
                best is None or (similarity, -c.order) > (best[1], -best[0].order)
            ) and says_the_same(c, text):
                best = (c, similarity)
        return best

    def _semantic(self, err: Error) -> tuple[Trigger, float] | None:
        from rapidfuzz import fuzz, process

        text, groups = self._query(err)
        texts, orders, floor = self._candidates(groups)
        if not texts or not text:
            return None
        hits = process.extract(text, texts, scorer=fuzz.ratio,
                               score_cutoff=max(floor - RESCUE, 0.0) * 100, limit=TOP)
        return self._best(err, text, ((score, orders[pos]) for _, score, pos in hits))

    def _semantic_batch(self, errors: list[Error]) -> list[tuple[Trigger, float] | None]:
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
        texts_of: list[str] = []
        for i, err in enumerate(errors):
            text, groups = self._query(err)
            texts_of.append(text)
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
        return [self._best(err, text, sorted(found, key=lambda h: (-h[0], h[1]))[:TOP])
                for err, text, found in zip(errors, texts_of, hits, strict=True)]

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

    def _finish(self, err: Error, semantic: tuple[Trigger, float] | None) -> Match | None:
        """The match for an error: its semantic best, else the first regex that hits."""
        block = "\n".join(err.block) if err.block else err.message
        if semantic is not None:
            c, score = semantic
            values = trigger_values(c, err)
            needed = {*c.names, *placeholders(c.pattern.fix)}  # the fix may name a regex group
            if c.pattern.match and not needed <= values.keys():
                hit = self._regexes.first(block, [c.order])  # its named groups fill the rest
                values = {**(hit[1] if hit else {}), **values}
            return Match(c.pattern.id, score, "semantic", fill(c, err, values), c.pattern.source)
        orders = self._regex_orders(err.tool)
        if orders and (hit := self._regexes.first(block, orders)) is not None:
            c = self._compiled[hit[0]]
            values = {**trigger_values(c, err), **hit[1]}
            return Match(c.pattern.id, 1.0, "regex", fill(c, err, values), c.pattern.source)
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
            err.match = None if match is None else match.replace()
            err.actionability = actionability(err)

    def match_report(self, report: Report) -> None:
        """Match every error of a report (warnings are left as they are)."""
        self.match_all(report.errors)


def load_matcher(
    settings: Settings, *, extra: Path | None = None, strict: bool = False
) -> Matcher:
    """The project's patterns (and ``extra``'s), then the built-in library if enabled.

    A broken pattern is reported and skipped, the rest still matched: a run
    or a test session goes on with what can be used. ``strict`` (``errlearn
    scan``, whose contract makes a broken patterns file bad input) raises
    ``ConfigError`` on the first problem instead.

    A project pattern with a built-in pattern's id replaces it. rapidfuzz is
    loaded here too: every caller matches next, and ``scan`` loads the matcher
    while a big log's pieces are scanned, where the import costs no wait.
    """
    from rapidfuzz import fuzz, process  # noqa: F401

    patterns: list[Pattern] = []
    for path in (settings.patterns, extra):
        if path is not None:
            patterns.extend(load_patterns(path) if strict else usable_patterns(path))
    if settings.builtin:
        own = {p.id for p in patterns}
        patterns.extend(p for p in builtin_patterns() if p.id not in own)
    return Matcher(patterns, threshold=settings.threshold)
