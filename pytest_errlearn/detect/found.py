"""An error as the scanner reads it (``Found``), before the run as a whole has
its say (``engine``'s assembler): what the scanner hands on, and what the
processes reading pieces of a log send back (``forks``)."""

from __future__ import annotations

from ..report import Error, Record, field
from .text import clean_line


class Found(Record):
    """An error as read, before the run as a whole has its say.

    ``role`` is "error", "warning", "consequence", "strict" (a tool failed of
    the warnings it printed), "count" (a tool's count of the problems it
    listed: a consequence, or the error where none of them was read), "ended"
    (a CI job's last line: it follows from the errors read, and ends no step),
    "passed" (a step ended well), "end" (the reason
    the output's last lines give), "section" (a test's heading: ``err.test``
    names it) or "place" (a folder a tool entered: ``err.file``). The context
    lines stay raw bytes until the assembler keeps the error. ``unless_follows``
    marks the output above a failure line, an error only if nothing before that
    line explains it.
    """

    err: Error
    role: str
    before: list[bytes] = field(default_factory=list)
    after: list[bytes] = field(default_factory=list)
    unless_follows: int | None = None
    sectioned: bool = False  # ``err.test`` is the test section's, filled in by the assembler

    def context(self) -> list[str]:
        """The context lines as text: decoded only for the errors a report keeps."""
        return [clean_line(raw) for raw in self.before] + [clean_line(raw) for raw in self.after]
