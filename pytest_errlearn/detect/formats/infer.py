r"""Facebook Infer: the issues ``infer run`` / ``infer analyze`` report.

Infer prints a count, then each issue: its place and severity, the issue's
type (upper case with underscores before 1.0, in words since), the
explanation on the next line, indented, then the source around it, each line
numbered, the issue's marked with ``>``::

    Found 2 issues

    src/cart.c:14: error: Null Dereference
      pointer `item` last assigned on line 12 could be null and is dereferenced at line 14.
      12.   Item *item = find(cart, id);
      13.
      14. >   return item->price;

    src/main/java/com/example/Calc.java:21: error: RESOURCE_LEAK
      resource of type `java.io.FileReader` acquired at line 19 is not released after line 21.

The issue's type is its code, the explanation its message. Its issues are
``error``, ``warning`` or ``info`` (``advice``, ``like``: lint hints); with
``--fail-on-issue`` any of them fails the run. A place whose next line is no
explanation is no issue of Infer's.
"""

from __future__ import annotations

from ...report import Error
from ..reader import Reader
from . import Format

ORDER = 42  # before java.py's javac row and c.py's gcc row: each would take the place and type
COMMANDS = {"infer": "infer"}
BUILDS: dict[str, frozenset[str] | None] = {
    "infer": frozenset({"run", "analyze", "capture", "--", "report"})
}

_AT = r":(?P<line>\d+): (?P<sev>error|warning|info|advice|like): "
# The issue's type: NULL_DEREFERENCE, DEADLOCK, Null Dereference.
_TYPE = r"(?P<code>[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+|[A-Z][A-Z0-9]{3,}|[A-Z][a-z]+(?: [A-Z][a-z]+)*)"


class Issue(Reader):
    """The explanation under an issue's line (its message) and the numbered
    source Infer quotes under it, all indented further than the issue's line
    (which a paste may indent too)."""

    frames_wanted = False
    valid = False  # until the explanation: a place alone is no issue

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.margin = len(err.text) - len(err.text.lstrip())
        self.said: str | None = None

    def accept(self, line: str) -> bool:
        if not line.strip() or len(line) - len(line.lstrip()) <= self.margin:
            return False
        if self.said is None:
            self.said = line.strip()
            self.valid = True
        return True

    def finish(self) -> None:
        if self.said is not None:
            self.err.message = self.said


READERS = {"infer": Issue}

ROWS = (
    Format(
        "infer-issue",
        r"^\s*(?P<file>(?:[A-Za-z]:)?[^\s:][^:]*?)" + _AT + _TYPE + r"\s*$",
        seek=_AT,
        tool="infer",
        category="unknown",  # a path the analysis found: no failure of the taxonomy's kinds
        block="infer",
        rank=2,
        examples=(
            "src/cart.c:14: error: Null Dereference",
            "src/main/java/com/example/Calc.java:21: error: RESOURCE_LEAK",
            "src/cart.c:30: warning: Dead Store",
        ),
    ),
)
