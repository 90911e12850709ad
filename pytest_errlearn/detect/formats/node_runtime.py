"""Node's errors of its own, each with its code in brackets
(``Error [ERR_REQUIRE_ESM]: ...``), as Node prints one it did not catch.

Their messages may take more than one line before the stack's frames: an ES
module required from CommonJS says what to do instead on the next line::

    Error [ERR_REQUIRE_ESM]: require() of ES Module /app/node_modules/ora/index.js from ...
    Instead change the require of index.js in /app/cli.js to a dynamic import() which ...
        at Object.<anonymous> (/app/cli.js:3:13) {
      code: 'ERR_REQUIRE_ESM'
    }

(node.py has the other rows of Node's and its tools'.)
"""

from __future__ import annotations

from functools import cache

from ..reader import Reader, diagnosed
from . import Format

ORDER = 20  # node.py's: its rows stand with Node's others

# The codes of a module that cannot be loaded as the code asks, by their category.
_KINDS = {
    "ERR_REQUIRE_ESM": "dependency",
    "ERR_MODULE_NOT_FOUND": "dependency",
    "ERR_PACKAGE_PATH_NOT_EXPORTED": "dependency",
    "ERR_UNKNOWN_FILE_EXTENSION": "config",
}


@cache
def _coded_error() -> type[Reader]:
    """The reader, made on first use: it is a stack's (``blocks.Stack``), and
    ``blocks`` imports the families' readers, this one among them."""
    from ..blocks import Stack

    class CodedError(Stack):
        """A stack under an error of Node's own, after the rest of its message: up
        to two lines more, before the first frame (none of them another tool's error)."""

        _MORE = 2

        def __init__(self, err: Error, start: int) -> None:
            super().__init__(err, start)
            self.more = 0

        def accept(self, line: str) -> bool:
            if super().accept(line):
                self.more = self._MORE  # the frames came: the message is over
                return True
            if self.more >= self._MORE or not line.strip() or diagnosed(line):
                return False
            self.more += 1
            return True

        def category(self) -> str | None:
            return _KINDS.get(self.err.code or "")

    return CodedError


def coded_error(err: Error, start: int) -> Reader:
    """The reader of the lines under an error of Node's own (``_coded_error``)."""
    return _coded_error()(err, start)


READERS = {"nodecoded": coded_error}

ROWS = (
    Format(
        "node-coded-error",
        r"^(?P<msg>(?:[A-Z]\w*)?Error \[(?P<code>ERR_\w+)\]: .+)$",
        tool="node",
        block="nodecoded",
        rank=2,
        examples=("Error [ERR_MODULE_NOT_FOUND]: Cannot find package 'x' imported from /a.js",),
    ),
)

TYPE_CHECKING = False  # mypy reads it as True: typing loads where it is used, not here
if TYPE_CHECKING:
    from ...report import Error
