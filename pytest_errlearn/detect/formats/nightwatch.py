"""Nightwatch (``nightwatch``, ``npx nightwatch tests/``): its run's summary.

Each assertion that fails is printed as it fails, ``✖`` and what it tested
(``✖ Testing if element <#main> is visible - expected "visible" but got:
"not found" (5012ms)``; the generic ``✖`` rows read it) with the place in the
test under it. After the run, the summary counts them and lists them again,
each under its test module and test::

    TEST FAILURE (4.1s):
     - 1 assertions failed; 2 passed

     ✖ 1) login
       – signs in (4.1s)
       → ✖ NightwatchAssertError
       Testing if element <#main> is visible - expected "visible" but got: "not found"

The summary is the failures' count; its listing repeats them (where no
failure was read above it, the summary is the error itself).
"""

from __future__ import annotations

from ..reader import Reader
from . import Format

COMMANDS = {"nightwatch": "nightwatch"}
BUILDS: dict[str, frozenset[str] | None] = {"nightwatch": None}


class Listing(Reader):
    """The summary's listing: its indented lines and the blank lines between them."""

    frames_wanted = False

    def accept(self, line: str) -> bool:
        return not line.strip() or line[:1].isspace()


READERS = {"nightwatch-summary": Listing}

ROWS = (
    Format(  # its counts, on the line under it (on the same line before 1.0, with "passed",
        # which no row may read: a line that says what passed is never an error)
        "nightwatch-summary",
        r"^\s*(?P<msg>TEST FAILURE(?: \([^)]*\))?:.*?)\s*$",
        tool="nightwatch",
        role="count",
        category="assertion",
        block="nightwatch-summary",
        rank=2,
        examples=("TEST FAILURE (4.1s):", "  TEST FAILURE: 1 error during execution;"),
    ),
)
