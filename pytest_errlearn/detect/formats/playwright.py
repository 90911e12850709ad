"""Playwright Test: a failed test, as the list, line and dot reporters print it.

The failures come together after the run, each under a header with its
project, its place and its title (``1) [chromium] › tests/a.spec.ts:8:5 › has
title ───``): the error, its details (expected and received, a call log), the
code frame and the ``at`` frames. The list reporter also marks the test as it
fails (``✘  1 [chromium] › ...``); its failure is read later, from its header.
"""

from __future__ import annotations

from ..blocks_tests import Jest
from ..reader import _set_location
from . import Format, regex, said_in

_JS = r"[^\s:(]+\.(?:[cm]?[jt]sx?)"

ORDER = 14  # before the "1) title" rows (RSpec's, mocha's, NUnit's), which would take its header
COMMANDS = {"playwright": "playwright"}
BUILDS: dict[str, frozenset[str] | None] = {"playwright": None}


class Failure(Jest):
    """A failure's indented lines, up to the next failure or the run's summary.
    The failing line is the innermost frame in the user's code; where there is
    none (a test that timed out), the header's place, where the test is declared."""

    _NEXT = regex(r"^\s*(?:\d+\) |\d+ (?:failed|flaky|passed|skipped|interrupted)\b)")

    def accept(self, line: str) -> bool:
        return self._NEXT.match(line) is None and super().accept(line)

    def finish(self) -> None:
        if (where := self.locate()) is not None and where.user:
            _set_location(self.err, where)

    def category(self) -> str | None:
        """A page the browser could not reach (``page.goto: net::ERR_CONNECTION_REFUSED``)
        is the network's failure, not the test's."""
        return said_in(_SAYS, self.err.message) or super().category()


# The browser's network errors (Chromium's net:: codes, Firefox's NS_ERROR_ ones).
_SAYS = (
    (
        "network",
        regex(
            r"net::ERR_(?:CONNECTION_\w+|NAME_NOT_RESOLVED|INTERNET_DISCONNECTED|TIMED_OUT)"
            r"|NS_ERROR_(?:CONNECTION_REFUSED|UNKNOWN_HOST|NET_\w+)"
        ),
    ),
)


READERS = {"playwright": Failure}

ROWS = (
    Format(
        "playwright-failure",
        rf"^\s*\d+\) (?:\[[^\]]+\] › )?(?P<file>{_JS}):(?P<line>\d+):(?P<col>\d+) › "
        r"(?P<test>.+?)(?: (?:─+|=+))?$",  # "=" before 1.30
        tool="playwright",
        block="playwright",
        rank=3,
        examples=(
            "  1) [chromium] › tests/example.spec.ts:8:5 › has title ─────────────────────",
            "  2) tests/login.spec.ts:12:3 › login › rejects a bad password ──────────",
            "  1) [firefox] › cart.spec.ts:5:1 › adds an item ================================",
        ),
    ),
    Format(
        "playwright-list-failed",
        rf"^\s*✘\s+\d+ (?:\[[^\]]+\] › )?{_JS}:\d+:\d+ › .+$",
        tool="playwright",
        role="ignore",
        examples=("  ✘  1 [chromium] › tests/example.spec.ts:8:5 › has title (5.2s)",),
    ),
)
