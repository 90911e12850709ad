"""Many regexes in one RE2 pass: which of them a text holds.

The format table asks which rows may match a line (anchored at its start),
``classify`` which category rules and which of the rubric's words a text
holds (anywhere in it). Either way one pass over the text names them all,
where Python's ``re`` would need a search per regex.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any


def re2_set(patterns: Iterable[str], *, anchored: bool, max_mem: int = 64 << 20) -> Any:
    """``patterns`` as one compiled RE2 set; ``Match(text)`` lists the indexes of
    those found (at the text's start, when ``anchored``). None without re2.

    A set whose DFA runs out of ``max_mem`` matches nothing: the bound is generous.
    """
    try:
        import re2  # type: ignore[import-not-found,unused-ignore]
    except ImportError:
        return None
    options = re2.Options()
    options.max_mem = max_mem
    found = (re2.Set.MatchSet if anchored else re2.Set.SearchSet)(options)
    for pattern in patterns:
        found.Add(pattern)
    found.Compile()
    return found
