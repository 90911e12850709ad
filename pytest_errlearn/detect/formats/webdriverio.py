"""WebdriverIO's test runner (``wdio run wdio.conf.js``): its loggers' errors.

Every package of the runner logs through one logger: a time, a level, the
logger's name, the message; a worker's lines (``0-0`` is the first capability's
first spec) come after the worker's id::

    [0-0] 2024-03-06T20:13:34.664Z ERROR @wdio/runner: Error: Failed to create session.
    [0-0] session not created: No matching capabilities found
    [0-0]     at startWebDriverSession (file:///app/node_modules/webdriver/build/utils.js:68:15)

A message's further lines and its stack come under it, after the worker's id
too. ``ERROR`` lines say what failed (a session the driver or the grid did not
create, a service that did not start); ``WARN`` lines a request that failed
and may be retried. What the reporters print of a failed test (mocha's or
jasmine's error after the ``[chrome 120 linux #0-0]`` prefix) is no logger's.
"""

from __future__ import annotations

from ...report import Error
from ..reader import Reader
from . import Format, regex, said_in

COMMANDS = {"wdio": "wdio"}
BUILDS: dict[str, frozenset[str] | None] = {"wdio": None}


class LogError(Reader):
    """A logged error's further lines (its message goes on there, up to two lines,
    ``read ECONNRESET``) and its stack, each after the worker's id; a line the
    logger starts anew (another level's) ends it."""

    _WORKER = regex(r"^\[\d+-\d+\] ")
    _FRAME = regex(r"^\s+at ")
    _LOGGED = regex(r"^(?:\d{4}-\d\d-\d\dT\S+ )?(?:ERROR|WARN|INFO|DEBUG|TRACE) ")
    _MORE = 2
    SAYS = (
        ("config", regex(r"session not created|No matching capabilities|Not Found when running")),
    )

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.framed = False
        self.more = 0

    def accept(self, line: str) -> bool:
        text = self._WORKER.sub("", line, count=1)
        if self._FRAME.match(text):
            self.framed = True
            return True
        stripped = text.strip()
        if self.framed or not stripped or self.more >= self._MORE:
            return False
        if text[:1].isspace() or self._LOGGED.match(text) or stripped.startswith("["):
            return False  # the runner's echo of it, a reporter's line, another logger's
        self.err.message = f"{self.err.message} {stripped}"
        self.more += 1
        return True

    def category(self) -> str | None:
        return said_in(self.SAYS, self.err.message)


READERS = {"wdio-log": LogError}

ROWS = (
    Format(  # the time and the worker's id before it are a stamp: read without them
        "wdio-log",
        r"^(?P<sev>ERROR|WARN) (?:@wdio/[\w.:-]+|webdriver(?:io)?|devtools): (?P<msg>\S.*?)\s*$",
        tool="wdio",
        block="wdio-log",
        rank=2,
        examples=(
            "ERROR @wdio/runner: Error: Failed to create session.",
            "ERROR webdriver: RequestError: connect ECONNREFUSED 127.0.0.1:4444",
            "WARN webdriver: Request failed with status 500 due to unknown error",
            'ERROR @wdio/cli:launcher: Error: Couldn\'t find plugin "foo" service',
        ),
    ),
)
