"""Matching detected errors to known patterns: semantic first, regex second.

Semantic similarity first: the error's message and the pattern's trigger are
brought to one canonical form (``canonical``) and compared with
``rapidfuzz.fuzz.ratio`` (``scoring``, one error at a time or many at once);
a score strictly above the threshold matches. Then
the pattern's ``match`` regex, searched over the error's message and whole block
(bounded: see ``RegexBank``).

The project's patterns come first, each way: a project pattern that matches
(by similarity, then by regex) outranks every built-in one, whatever their
scores. A team pastes its trigger from whichever line of its failure caught
the eye, so a project trigger that misses the message is compared, as the
whole line it was pasted from, with the error's raw line and then with each
of the first lines of its block; the first of these to match wins. And every
name a project trigger spells out (``fooBar``, ``'DATABASE_URL'``) must be in
the error (``naming.spells_out``). Among equals the best score wins, then
file order.

Two cheap identities keep near misses apart before any scoring: a tool's error
code (``E0425`` is not ``E0308``; a code rules out only when both sides have
one: the detector does not read every tool's code) and the exception type
(``KeyError`` is not ``IndexError``, though ``ModuleNotFoundError`` is an
``ImportError``). Patterns are grouped by them, so an error is only scored
against the groups it can match.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from pathlib import Path

from ..config import Settings
from ..detect.classify import actionability, severity
from ..report import Error, Match, Report
from .canonical import canonical, related
from .naming import ErrorText, says_the_same, spells_out
from .patterns import Pattern, builtin_patterns, load_patterns, placeholders, usable_patterns
from .saferegex import RegexBank
from .scoring import Choices, Hits, top_hits
from .triggers import (
    Trigger,
    compile_line,
    compile_trigger,
    fill,
    literals,
    masked_similarity,
    trigger_values,
)

_Key = tuple[str | None, str | None, tuple[str, ...], bool]  # code, exception, tools, own
# Distinct errors times patterns from which scoring them all together (cdist)
# pays for importing numpy: below it, scoring one by one takes less time than
# that import.
BATCH_PAIRS = 200_000
_Query = tuple[str, tuple[_Key, ...]]  # a canonical text, the groups it is scored against
Found = tuple[Trigger, float, str]  # the trigger, its score, the error's line it matched
SEEN_MAX = 4096  # errors whose semantic best ``match`` remembers
LINES = 12  # lines of an error's block a project trigger is compared with, and names sought in
LINE_MAX = 400  # characters of each such line


def pasted_from(err: Error) -> list[str]:
    """The error's raw line, then the first lines of its block, other than its
    message: what a team may have pasted its trigger from."""
    seen = {err.message.strip(), ""}
    out: list[str] = []
    for line in (err.text, *err.block[:LINES]):
        line = line.strip()[:LINE_MAX]
        if line not in seen:
            seen.add(line)
            out.append(line)
    return out


def _error_text(err: Error) -> ErrorText:
    """Where the names a trigger spells out are looked for: the error's message,
    its line, its test and the first lines of its block."""
    return ErrorText("\n".join((err.message, err.text, err.test or "", *err.block[:LINES])))


class Matcher:
    """Known patterns, grouped for fast lookup; ``match`` one error or a report."""

    def __init__(self, patterns: Sequence[Pattern], *, threshold: float = 0.6) -> None:
        self.patterns = list(patterns)
        self.threshold = threshold
        self._compiled = [compile_trigger(p, i, threshold) for i, p in enumerate(self.patterns)]
        self._lines: dict[int, Trigger] = {}  # order -> the trigger as a whole line (lazily)
        self._by_id: dict[str, Pattern] = {}
        for p in self.patterns:
            self._by_id.setdefault(p.id, p)
        self.has_own_patterns = any(p.origin != "builtin" for p in self.patterns)
        self._groups: dict[_Key, list[int]] = {}
        for c in self._compiled:
            key = (c.code, c.exc, tuple(sorted(c.pattern.tools)), c.pattern.origin != "builtin")
            self._groups.setdefault(key, []).append(c.order)
        self._eligible_cache: dict[
            tuple[str | None, str | None, str | None], tuple[tuple[_Key, ...], tuple[_Key, ...]]
        ] = {}
        self._choices: dict[tuple[tuple[_Key, ...], bool], Choices] = {}
        self._group_choices: dict[tuple[_Key, bool], Choices] = {}
        self._with_regex: dict[tuple[str | None, bool], list[int]] = {}
        self._seen: dict[tuple[object, ...], Found | None] = {}
        self._regexes = RegexBank(
            [(p.match, f"pattern '{p.id}' ({p.source})") for p in self.patterns]
        )

    def close(self) -> None:
        """Stop the regex worker process, if one was started."""
        self._regexes.close()

    def get(self, pattern_id: str) -> Pattern | None:
        """The pattern with this id (the project's, when it replaces a built-in one)."""
        return self._by_id.get(pattern_id)

    def _eligible(
        self, code: str | None, exc: str | None, tool: str | None
    ) -> tuple[tuple[_Key, ...], tuple[_Key, ...]]:
        """The project's and the built-in pattern groups an error with this code,
        exception and tool can match."""
        key = (code, exc, tool)
        if (cached := self._eligible_cache.get(key)) is None:
            groups = [
                g
                for g in self._groups
                if not (g[2] and tool not in g[2])
                # a code rules out another code only: the detector reads some tools' codes
                and not (g[0] is not None and code is not None and g[0] != code)
                and not (g[1] is not None and (exc is None or not related(g[1], exc)))
            ]
            cached = self._eligible_cache[key] = (
                tuple(g for g in groups if g[3]),
                tuple(g for g in groups if not g[3]),
            )
        return cached

    def _trigger(self, order: int, whole_line: bool) -> Trigger:
        """A pattern's trigger as parsed, or as the whole line it was pasted from."""
        if not whole_line:
            return self._compiled[order]
        if (c := self._lines.get(order)) is None:
            c = self._lines[order] = compile_line(self._compiled[order])
        return c

    def _candidates(self, groups: tuple[_Key, ...], whole_line: bool) -> Choices:
        """The canonical triggers of these groups, in pattern order (ties: file order)."""
        if (choices := self._choices.get((groups, whole_line))) is None:
            orders = sorted(o for g in groups for o in self._groups[g])
            choices = self._choices[(groups, whole_line)] = self._choices_of(orders, whole_line)
        return choices

    def _group_candidates(self, group: _Key, whole_line: bool) -> Choices:
        """One group's canonical triggers, in pattern order (scored at once)."""
        if (choices := self._group_choices.get((group, whole_line))) is None:
            choices = self._group_choices[(group, whole_line)] = self._choices_of(
                self._groups[group], whole_line
            )
        return choices

    def _choices_of(self, orders: list[int], whole_line: bool) -> Choices:
        triggers = [
            self._trigger(o, True)
            if whole_line and self._compiled[o].line is not None
            else self._compiled[o]
            for o in orders
        ]
        floor = min((c.threshold for c in triggers), default=1.0)
        return [c.text for c in triggers], orders, floor

    def _best(
        self,
        err: Error,
        line: str,
        text: str,
        hits: Iterable[tuple[float, int]],
        whole_line: bool = False,
    ) -> Found | None:
        """The best of the top raw scores (0-100, by pattern order) of the error's
        message or one of its lines (``text``: its canonical form), placeholders
        masked, among the triggers that say what it says and whose names the
        error holds."""
        best: Found | None = None
        error_text: ErrorText | None = None
        for score, order in hits:
            c, similarity = self._trigger(order, whole_line), score / 100
            if c.names and similarity < 1.0:
                similarity = max(similarity, masked_similarity(c, line))
            if not (
                similarity > c.threshold
                and (best is None or (similarity, -c.order) > (best[1], -best[0].order))
                and says_the_same(c, text)
            ):
                continue
            if error_text is None:
                error_text = _error_text(err)
            if spells_out(literals(self._compiled[order]), error_text):
                best = (c, similarity, line)
        return best

    def _hits(self, queries: list[_Query], whole_line: bool, many: bool) -> list[Hits]:
        """Each query's top raw scores (0-100) and pattern orders, best first
        (``scoring.top_hits``), against its groups' triggers as parsed or, with
        ``whole_line``, as the whole lines they were pasted from. ``many``: all
        at once (with numpy)."""
        return top_hits(
            queries,
            lambda groups: self._candidates(groups, whole_line),
            lambda group: self._group_candidates(group, whole_line),
            many,
        )

    def _semantic(self, errors: list[Error], many: bool = False) -> list[Found | None]:
        """Each error's semantic best: a project trigger on its message, else on
        its lines (the first that matches), else a built-in trigger on its message."""
        queries = []
        for err in errors:
            text, exc = canonical(err.message)
            own, builtin = self._eligible(err.code.upper() if err.code else None, exc, err.tool)
            queries.append((text, own, builtin))
        found = [
            self._best(err, err.message, q[0], hits)
            for err, q, hits in zip(
                errors,
                queries,
                self._hits([(q[0], q[1]) for q in queries], False, many),
                strict=True,
            )
        ]
        if self.has_own_patterns:
            asked = [
                (i, line)
                for i, f in enumerate(found)
                if f is None and queries[i][1]
                for line in pasted_from(errors[i])
            ]
            texts = [canonical(line)[0] for _, line in asked]
            hits = self._hits(
                [(t, queries[i][1]) for t, (i, _) in zip(texts, asked, strict=True)], True, many
            )
            for (i, line), text, line_hits in zip(asked, texts, hits, strict=True):
                if found[i] is None:
                    found[i] = self._best(errors[i], line, text, line_hits, whole_line=True)
        rest = [i for i, f in enumerate(found) if f is None]
        hits = self._hits([(queries[i][0], queries[i][2]) for i in rest], False, many)
        for i, builtin_hits in zip(rest, hits, strict=True):
            found[i] = self._best(errors[i], errors[i].message, queries[i][0], builtin_hits)
        return found

    def _regex_orders(self, tool: str | None, own: bool) -> list[int]:
        if (cached := self._with_regex.get((tool, own))) is None:
            cached = self._with_regex[(tool, own)] = [
                c.order
                for c in self._compiled
                if c.pattern.match
                and (c.pattern.origin != "builtin") is own
                and (not c.pattern.tools or tool in c.pattern.tools)
            ]
        return cached

    def match(self, err: Error) -> Match | None:
        """The best known pattern for one error, its fix filled in, or None.

        The semantic search is remembered by all it reads of the error: a
        suite's failures repeat their messages (a parametrized test, a broken
        fixture), and the plugin matches them one at a time. Only the project's
        triggers read more than the message, code and tool.
        """
        key: tuple[object, ...] = (err.message, err.code, err.tool)
        if self.has_own_patterns:
            key += (err.text, err.test, tuple(err.block[:LINES]))
        if key in self._seen:
            best = self._seen[key]
        else:
            if len(self._seen) >= SEEN_MAX:
                self._seen.clear()
            best = self._seen[key] = self._semantic([err])[0]
        return self._finish(err, best)

    def _finish(self, err: Error, semantic: Found | None) -> Match | None:
        """The match for an error: the project's semantic best, else the first of
        its regexes that hits, else the same of the built-in library."""
        block = "\n".join(err.block)
        if err.message not in block:  # pytest's "assert x is not None" lines lack their type
            block = f"{err.message}\n{block}" if block else err.message
        for own in (True, False):
            if semantic is not None and (semantic[0].pattern.origin != "builtin") is own:
                c, score, line = semantic
                values = trigger_values(c, line)
                needed = {*c.names, *placeholders(c.pattern.fix)}  # the fix may name a group
                if c.pattern.match and not needed <= values.keys():
                    hit = self._regexes.first(block, [c.order])  # its named groups fill the rest
                    values = {**(hit[1] if hit else {}), **values}
                return Match(
                    c.pattern.id, score, "semantic", fill(c, err, values), c.pattern.source
                )
            orders = self._regex_orders(err.tool, own)
            if orders and (hit := self._regexes.first(block, orders)) is not None:
                c = self._compiled[hit[0]]
                values = {**trigger_values(c, err.message), **hit[1]}
                return Match(c.pattern.id, 1.0, "regex", fill(c, err, values), c.pattern.source)
        return None

    def match_all(self, errors: Iterable[Error]) -> None:
        """Set ``match`` (and the actionability a fix earns) on each error.

        Errors alike (same message, code, tool, test and block) are matched once.
        """
        errors = list(errors)
        unique: dict[tuple[object, ...], Error] = {}
        keys = []
        for err in errors:
            key = (err.message, err.code, err.tool, err.text, err.test, tuple(err.block))
            unique.setdefault(key, err)
            keys.append(key)
        firsts = list(unique.values())
        semantic = self._semantic(firsts, len(firsts) * len(self._compiled) >= BATCH_PAIRS)
        found = {
            key: self._finish(err, best)
            for (key, err), best in zip(unique.items(), semantic, strict=True)
        }
        for err, key in zip(errors, keys, strict=True):
            match = found[key]
            err.match = None if match is None else match.replace()
            self.categorise(err)
            err.actionability = actionability(err)

    def categorise(self, err: Error) -> None:
        """The category its matched pattern names, for an error the detector left
        ``unknown`` (and the severity that follows from it): the pattern is what
        the team, or the library, knows of this error. A category the detector
        read from the error itself is kept."""
        if err.match is None or err.category != "unknown":
            return
        pattern = self.get(err.match.pattern)
        if pattern is not None and pattern.category not in (None, "unknown"):
            err.category = pattern.category
            if err.severity != "low":  # a warning stays one
                err.severity = severity(err.category, err.message)

    def match_report(self, report: Report) -> None:
        """Match every error of a report (warnings are left as they are)."""
        self.match_all(report.errors)


def load_matcher(settings: Settings, *, extra: Path | None = None, strict: bool = False) -> Matcher:
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
