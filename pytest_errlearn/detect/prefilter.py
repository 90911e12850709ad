"""Stage 1: one compiled automaton that finds the lines worth a closer look.

It runs over raw bytes, many megabytes at a time, so that the Python-level
work is proportional to the candidate lines, not to the log. google-re2 (the
``fast`` extra) is used when installed; the stdlib ``re`` gives the same
answers, only slower.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

# Words that can head an error in some tool's output. Broad on purpose: the
# format table and the false-positive filters decide; this only narrows.
WORDS = (
    "error",
    "err!",
    "fail",
    "exception",
    "fatal",
    "traceback",
    "panic",
    "abort",
    "segmentation fault",
    "core dumped",
    "command not found",
    "no such file",
    "permission denied",
    "cannot find",
    "can't find",
    "could not",
    "couldn't",
    "unable to",
    "undefined reference",
    "not ok",
    "refused",
    "timed out",
    "killed",
    "assert",
    "not found",
    "denied",
)
# Case-sensitive line starts: pytest's ``E   `` lines, jest's and mocha's marks.
LINE_STARTS = ("E {3}", "[ \\t]*(?:●|✕|✖|×) ")


def _pattern() -> bytes:
    words = b"|".join(re.escape(w).encode() for w in WORDS)
    starts = "|".join(LINE_STARTS).encode("utf-8")
    return b"(?i:" + words + b")|(?m:^(?:" + starts + b"))"


Search = Callable[[Any, int], Any]


def _compile() -> tuple[Search, str]:
    pattern = _pattern()
    try:
        import re2  # type: ignore[import-not-found,unused-ignore]

        compiled = re2.compile(pattern)
        return compiled.search, "re2"
    except Exception:  # not installed, or an old build without these features
        return re.compile(pattern).search, "re"


search, ENGINE = _compile()
"""``search(buffer, pos)``: the next stage-1 hit at or after ``pos``, or None."""
