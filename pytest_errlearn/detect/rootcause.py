"""Which error is the root cause.

Lines that only follow from an earlier error (``make: *** Error 1``, "could
not compile due to previous errors", ``collect2: ld returned 1``, npm's
"complete log", pytest's short summary) are folded by the engine when an
error came before them. Of what remains, the surest kind of error wins, the
earliest among equals: a stack trace or test failure over a tool's error
line over a generic "error:" line. Severity does not enter: among errors of
one kind, the first is the cause and the later ones its echoes far more
often than the other way round.
"""

from __future__ import annotations

from ..report import Error


def primary_index(errors: list[Error]) -> int | None:
    """The index of the root cause in ``errors`` (None when there are none)."""
    if not errors:
        return None
    causes = [i for i, e in enumerate(errors) if not e.consequence] or list(range(len(errors)))
    return max(causes, key=lambda i: (errors[i].rank, -i))
