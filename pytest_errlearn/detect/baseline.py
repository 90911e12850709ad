"""What a passing run printed: the lines of a failing one that are nothing new.

A line whose template (its text with what varies between runs masked, as
signatures mask it: paths but the file name, numbers, times, addresses) also
stands in the output of a passing run of the same command did not make this
run fail: it is no candidate for an error, nor for the reason a step failed.
``errlearn scan --baseline PASSING_LOG`` gives one; ``errlearn run`` keeps
the templates of the last passing runs of each command in the history and
uses them on its own.

A template is a 63-bit digest (an SQLite integer), stable across processes,
so that it can be stored and compared with those of another run's output.
"""

from __future__ import annotations

from collections.abc import Iterable

try:  # CPython's own BLAKE2 (hashlib's too): the same digest, without loading OpenSSL
    from _blake2 import blake2b  # type: ignore[import-not-found,unused-ignore]
except ImportError:  # another Python, or a CPython built without it
    from hashlib import blake2b

from .signature import normalize
from .text import clean_line

MAX_TEMPLATES = 200_000  # distinct templates kept of a passing output (1.6 MB of digests)
MAX_LINE = 500  # characters of a line read for its template


def template(text: str) -> int:
    """The template of a cleaned line: what stays the same from one run to the next."""
    masked = normalize(text[:MAX_LINE])
    digest = blake2b(masked.encode("utf-8", "replace"), digest_size=8).digest()
    return int.from_bytes(digest) >> 1


class Baseline:
    """The templates of a passing run's lines: ``knows(line)`` says if a line of
    another run's output is one of them."""

    __slots__ = ("templates",)

    def __init__(self, templates: Iterable[int]) -> None:
        self.templates = frozenset(templates)

    @classmethod
    def of(cls, output: bytes, limit: int = MAX_TEMPLATES, *, telling: bool = False) -> Baseline:
        """The baseline of a passing run's raw output (its first ``limit``
        distinct templates: a log that long repeats itself). ``telling``: only
        the lines that speak of failure (``agnostic.telling_words``), the only ones a
        failing run's could be compared with: a build's output has few such
        lines, and a template of each of its lines would cost more than the run's
        analysis."""
        raws = _telling_lines(output) if telling else output.splitlines()
        seen: set[int] = set()
        for raw in raws:
            if len(seen) >= limit:
                break
            if text := clean_line(raw).strip():
                seen.add(template(text))
        return cls(seen)

    def knows(self, text: str) -> bool:
        """Whether a cleaned line, or one of the same template, stood in the passing run."""
        return bool(text.strip()) and template(text.strip()) in self.templates

    def __len__(self) -> int:
        return len(self.templates)


def _telling_lines(output: bytes) -> list[bytes]:
    """The lines of ``output`` that hold a word of failure, found in one pass."""
    from .agnostic import telling_words

    found = telling_words()
    lines: list[bytes] = []
    end = 0
    for start in found(output):
        if start < end:
            continue  # another word on a line already taken
        first = output.rfind(b"\n", 0, start) + 1
        end = output.find(b"\n", start)
        end = len(output) if end < 0 else end
        lines.append(output[first:end])
    return lines
