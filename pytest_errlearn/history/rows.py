"""What the history's readers return: hints, learn candidates, pattern stats.

Named tuples, and so ``typing``: kept apart from ``queries`` so that the hints
before a run, which mostly find none, load them only when they have a row to
return (``typing`` is a sixth of a clean ``errlearn run``'s start-up).
"""

from __future__ import annotations

from typing import NamedTuple


class Hint(NamedTuple):
    """A known way a command failed before, and what fixed it."""

    signature: str
    message: str
    command: str  # the last command that failed this way (redacted)
    times: int
    last_seen: float
    category: str
    tool: str | None = None
    pattern: str | None = None
    fix: str | None = None
    success: str | None = None  # "worked 2 of 3 times"
    key: str = ""  # the command key it was recorded under (``npm test``)


class Candidate(NamedTuple):
    """A recorded failure, for ``errlearn learn``: what to write a pattern for."""

    signature: str
    message: str
    normal: str  # the normalised message a trigger is derived from
    example: str
    tool: str | None
    category: str
    times: int
    last_seen: float
    subjects: list[str]
    pattern: str | None = None  # the pattern that matched it last, if any


class Recorded(NamedTuple):
    """A recorded failure, as ``errlearn learn``'s dry run tries a new pattern on it."""

    signature: str
    message: str
    example: str
    tool: str | None
    category: str
    subject: str


class PatternStats(NamedTuple):
    """One pattern's record: how often it matched, and what its fix achieved."""

    pattern: str
    hits: int
    last_seen: float | None
    in_passing: int  # hits on errors of runs or tests that passed: too generic
    worked: int
    failed: int

    @property
    def changes(self) -> int:
        """The changes of the code its outcomes rest on: one per failure it was
        shown for, per change after which that failure was gone or still there."""
        return self.worked + self.failed

    @property
    def success(self) -> str | None:
        """``worked after 3 of 4 code changes``; None with no outcome yet."""
        if not self.changes:
            return None
        s = "s" if self.changes != 1 else ""
        return f"worked after {self.worked} of {self.changes} code change{s}"

    @property
    def rate(self) -> float:
        """Laplace-smoothed success rate (the Beta(1, 1) prior): 0.5 with no outcomes."""
        return (self.worked + 1) / (self.worked + self.failed + 2)
