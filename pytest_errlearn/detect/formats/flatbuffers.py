r"""FlatBuffers' schema compilers: flatc and flatcc (``flatc --cpp
monster.fbs``).

flatc names a problem ``monster.fbs:8: 0: error: ...`` (a space before the
column in some versions), after ``error:`` on the same line or on the line
above with the place indented under it; flatcc ``monster.fbs:6:7: error:
...``. A type used before (or without) its definition says where it was
first used: ``type referenced but not defined (check namespace): Color,
originally at: monster.fbs:2``.
"""

from __future__ import annotations

from ...report import Error
from . import Format, Said, regex

ORDER = 12  # before the bare ``error:`` rows (nix.py's, rust.py's) and c.py's rows
COMMANDS = {"flatc": "flatc", "flatcc": "flatc"}
BUILDS: dict[str, frozenset[str] | None] = {"flatc": None, "flatcc": None}


class FlatcSaid(Said):
    """flatc's wordings, and the place a type was first used when its message
    ends before it (``..., `` then ``originally at: monster.fbs:2``)."""

    SAYS = (
        ("reference", regex(r"referenced but not defined|unknown type|not defined|undefined")),
        ("syntax", regex(r"^expecting|unexpected|syntax|illegal character")),
    )

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.open = err.message.rstrip().endswith(",")

    def accept(self, line: str) -> bool:
        if not self.open or not line.startswith("originally at: "):
            return False
        self.open = False
        self.err.message = f"{self.err.message.rstrip()} {line.strip()}"
        return True


READERS = {"flatc": FlatcSaid}

_AT = r":(?P<line>\d+): ?(?P<col>\d+): (?P<sev>error|warning): "

ROWS = (
    Format(
        "flatc",
        r"^\s*(?:error: )?(?P<file>(?:[A-Za-z]:)?[^\s:]+\.fbs)" + _AT + r"(?P<msg>.+)$",
        seek=_AT,
        tool="flatc",
        block="flatc",
        rank=2,
        examples=(
            "error: monster.fbs:8:0: error: type referenced but not defined (check namespace): "
            "Color, ",
            "  /home/user/schema/monster.fbs:9: 0: error: expecting: ; instead got: }",
            "monster.fbs:6:7: error: 'Color': unknown type reference used with table field",
        ),
    ),
)
