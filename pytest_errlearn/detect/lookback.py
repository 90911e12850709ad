"""The raw lines above a position: in the chunk being read, then in the ones before.

A row's fixup reads up to ``LOOKBACK`` lines above its line, an error keeps
a few as context, and a failure line reads the output above it: the scanner
asks ``Lookback`` for them, across the cut between two chunks. What a fixup
found further above than that is remembered (``Fixups``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from .text import speedups

TYPE_CHECKING = False
if TYPE_CHECKING:
    from .formats import Format

LOOKBACK = 40  # lines a row's fixup may look back over


class Lookback:
    """The last ``LOOKBACK`` raw lines of the chunks read so far, kept cheaply.

    The last chunk is kept whole, its last lines cut out only when a later
    chunk asks: most never do, and a pytest failure's text is one chunk,
    read once.
    """

    def __init__(self, tail: list[bytes] | None = None) -> None:
        self._tail = list(tail or ())  # the last lines of earlier chunks ...
        self._last = b""  # ... or none, and the last chunk holds them all

    def before(self, chunk: bytes, start: int, k: int) -> list[bytes]:
        """Up to ``k`` raw lines before ``start`` in ``chunk``, oldest first, earlier
        chunks' included."""
        lines = last_lines(chunk, start, k)
        if len(lines) < k and (tail := self._lines()):
            lines = tail[len(lines) - k :] + lines
        return lines

    def keep(self, chunk: bytes, lines: int) -> None:
        """``chunk`` was read: ``lines`` long (or more), the lines it holds."""
        self._tail = [] if lines >= LOOKBACK else self._lines()
        self._last = chunk

    def _lines(self) -> list[bytes]:
        if self._last:
            last = last_lines(self._last, len(self._last), LOOKBACK)
            self._tail, self._last = (self._tail + last)[-LOOKBACK:], b""
        return self._tail


def _last_lines(buf: bytes, end: int, k: int) -> list[bytes]:
    lines: list[bytes] = []
    p = end
    while len(lines) < k and p > 0:
        q = buf.rfind(b"\n", 0, p - 1) + 1
        lines.append(buf[q:p])
        p = q
    lines.reverse()
    return lines


last_lines: Callable[[bytes, int, int], list[bytes]] = (
    _last_lines if speedups is None else speedups.last_lines  # C: the same lines, quicker
)
"""Up to ``k`` lines of ``buf`` that end at ``end``, oldest first."""


class Fixups:
    """Runs a row's fixup, and remembers, for each row with one, the line of its
    last hit and the groups the fixup filled there (``formats.Fixup``)."""

    def __init__(self) -> None:
        self._filled: dict[str, tuple[int, dict[str, str]]] = {}

    def fill(
        self, fmt: Format, groups: dict[str, str | None], lines: Sequence[str], n: int
    ) -> None:
        """Fill ``groups`` of ``fmt``'s hit on line ``n`` from the ``lines`` above it.
        Where the fixup says what it looked for may stand further above, they
        are filled as at the row's last hit, if that hit is among those lines."""
        assert fmt.fixup is not None
        known = {k for k, v in groups.items() if v is not None}
        further = fmt.fixup(groups, lines)
        last = self._filled.get(fmt.name)
        if further and last is not None and n - last[0] <= LOOKBACK:
            for k, v in last[1].items():
                if groups.get(k) is None:
                    groups[k] = v
            self._filled[fmt.name] = (n, last[1])
        else:
            filled = {k: got for k, got in groups.items() if got is not None and k not in known}
            self._filled[fmt.name] = (n, filled)
