r"""include-what-you-use (IWYU), run on its own, by ``iwyu_tool.py`` or by
CMake's ``<LANG>_INCLUDE_WHAT_YOU_USE``.

For each file whose ``#include`` lines are not what it uses, IWYU names the
file over the lines to add, then over those to remove (each with where it
stands), then prints the full list it would leave::

    src/price.cpp should add these lines:
    #include <cstddef>  // for size_t

    src/price.cpp should remove these lines:
    - #include <map>  // lines 3-3

    The full include-list for src/price.cpp:
    #include <cstddef>  // for size_t
    ---

A file that needs nothing says ``(src/price.cpp has correct #includes/fwd-decls)``.
A section may be empty (a file with only lines to remove has an empty list to
add above them): no finding. With ``-Xiwyu --error`` (and ``iwyu_tool.py``'s
wrappers in CI) a finding fails the run; it names no failure of the
taxonomy's kinds, the code compiles: ``unknown``. It ranks below a compiler's
error, which a build IWYU runs in may also print.
"""

from __future__ import annotations

from ...report import Error
from ..reader import Reader
from . import Format, regex

COMMANDS = {
    **dict.fromkeys(("include-what-you-use", "iwyu", "iwyu_tool", "iwyu_tool.py"), "iwyu"),
}
BUILDS: dict[str, frozenset[str] | None] = dict.fromkeys(COMMANDS, None)


class Section(Reader):
    """The ``#include`` (or forward declaration) lines of a section, up to the
    blank line after them: the first is the message's end; a line to remove
    says where it stands (``// lines 3-3``), the error's line."""

    frames_wanted = False
    valid = False  # until a line to add or remove: an empty section is no finding
    _STANDS = regex(r"//\s*lines (?P<line>\d+)-\d+")

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.first: str | None = None

    def accept(self, line: str) -> bool:
        if not line.strip() or line.startswith("The full include-list for "):
            return False
        if " should add these lines:" in line or " should remove these lines:" in line:
            return False
        if self.first is None:
            self.first = line.strip()
            self.valid = True
        return True

    def finish(self) -> None:
        if self.first is None:
            return
        self.err.message = f"{self.err.message} {self.first}"
        if self.err.line is None and (m := self._STANDS.search(self.first)) is not None:
            self.err.line = int(m["line"])


READERS = {"iwyu": Section}

ROWS = (
    Format(
        "iwyu",
        r"^(?P<file>(?:[A-Za-z]:)?[^\s:]+) (?P<msg>should (?:add|remove) these lines:)\s*$",
        tool="iwyu",
        category="unknown",  # an include to change: the code compiles
        block="iwyu",
        rank=1,
        words=("should add these lines", "should remove these lines"),
        examples=(
            "price.cpp should add these lines:",
            "/home/user/shop/src/price.cpp should remove these lines:",
        ),
    ),
)
