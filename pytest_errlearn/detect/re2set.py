"""Many regexes in one RE2 pass: which of them a text holds.

The format table asks which rows may match a line (anchored at its start),
``classify`` which category rules and which of the rubric's words a text
holds (anywhere in it). Either way one pass over the text names them all,
where Python's ``re`` would need a search per regex.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from typing import Any


def re2_set(
    patterns: Iterable[str],
    *,
    anchored: bool,
    max_mem: int = 64 << 20,
    apart: Callable[[str], Hashable] | None = None,
) -> Any:
    """``patterns`` as one compiled RE2 set; ``Match(text)`` lists the indexes of
    those found (at the text's start, when ``anchored``). None without re2.

    ``apart``: patterns it tells apart go in sets of their own, which ``Match``
    runs one after the other (``Sets``).

    A set whose DFA runs out of ``max_mem`` matches nothing: the bound is generous.
    """
    try:
        import re2  # type: ignore[import-not-found,unused-ignore]
    except ImportError:
        return None
    if apart is None:
        return _compiled(re2, patterns, anchored, max_mem)
    groups: dict[Hashable, list[tuple[int, str]]] = {}
    for i, pattern in enumerate(patterns):
        groups.setdefault(apart(pattern), []).append((i, pattern))
    return Sets(
        [
            (_compiled(re2, (p for _, p in group), anchored, max_mem), [i for i, _ in group])
            for group in groups.values()
        ]
    )


class Sets:
    """Several RE2 sets answering as one: ``Match`` names the patterns any of
    them finds, by their indexes among all the patterns.

    What this is for: RE2 runs a set as one automaton, and builds a state of it
    for each combination of partial matches it meets in the text. Patterns that
    can start on the same characters stay alive together along a line (a path's
    characters beside a word beside indentation), and in one set every
    combination of them is a state of its own; in sets apart they add up
    instead of multiplying. One call per set costs a microsecond more a text.
    """

    __slots__ = ("_parts",)

    def __init__(self, parts: list[tuple[Any, list[int]]]) -> None:
        self._parts = parts  # each set, and for each of its patterns its index among all

    def Match(self, text: str) -> list[int]:  # RE2's name for it
        data = text.encode()  # once, not once a set (a lone surrogate raises, as RE2's)
        return [whole[i] for found, whole in self._parts for i in found.Match(data) or ()]


def _compiled(re2: Any, patterns: Iterable[str], anchored: bool, max_mem: int) -> Any:
    options = re2.Options()
    options.max_mem = max_mem
    found = (re2.Set.MatchSet if anchored else re2.Set.SearchSet)(options)
    for pattern in patterns:
        found.Add(pattern)
    found.Compile()
    return found
