"""Detox (``detox test``): the errors its own logger prints.

The tests are jest's (or mocha's): their failures are those runners' (a
``●`` block whose message is Detox's ``Test Failed: No elements found for
...``). What fails around them, the app that does not launch or the device
that does not answer, Detox logs itself, one line a message after its
process id and level, and a hint under it after a blank line::

    detox[4821] ERROR: DetoxRuntimeError: Failed to run application on the device

    HINT: Most likely, your tests have timed out and called detox.cleanup() ...

Its ``ERROR:`` lines also echo commands it ran that failed and retried
(``[exec.js/EXEC_FAIL, #29] "adb" ... failed with code = 1``); the error it
gives up with names its kind (``DetoxRuntimeError:``).
"""

from __future__ import annotations

from ..reader import Reader
from . import Format, regex

COMMANDS = {"detox": "detox"}
BUILDS: dict[str, frozenset[str] | None] = {"detox": frozenset({"test", "build"})}


class Hinted(Reader):
    """The error's hint under it (``HINT: ...``, after a blank line) and its frames."""

    _MORE = regex(r"^(?:HINT: |\s+\S)")

    def accept(self, line: str) -> bool:
        if not line.strip():
            return self.blanks == 0  # one blank line, before the hint
        return self._MORE.match(line) is not None


READERS = {"detox-hint": Hinted}

ROWS = (
    Format(
        "detox-error",
        r"^detox\[\d+\] ERROR: (?:\[[\w./]+(?:, #\d+)?\] )?(?P<msg>[A-Z]\w*Error: .+?)\s*$",
        tool="detox",
        block="detox-hint",
        rank=2,
        examples=(
            "detox[4821] ERROR: DetoxRuntimeError: Failed to run application on the device",
            "detox[4821] ERROR: [DetoxServer.js/ERROR] DetoxRuntimeError: Cannot reach the app",
        ),
    ),
)
