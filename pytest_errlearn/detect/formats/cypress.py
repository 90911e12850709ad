"""Cypress: the errors its CLI and its app print before any test runs.

A test that fails is mocha's failure (node.py's rows read ``1) suite test:``
and the ``CypressError: Timed out retrying ...`` under it). What no test
prints is Cypress's own: its CLI (``cypress run``, ``cypress verify``) says
why the app could not start in a box of its own, a line saying what went
wrong, what to do, the details between two ``----------`` lines, then the
platform and version::

    Cypress failed to start.

    This may be due to a missing library or dependency. https://on.cypress.io/...

    ----------

    /root/.cache/Cypress/13.6.0/Cypress/Cypress: error while loading shared libraries: ...

    ----------

    Platform: linux-x64 (Ubuntu - 22.04)
    Cypress Version: 13.6.0

Under a task list (``cypress verify``, a CI's first run) the same box comes
twice: each line after ``[FAILED] `` first, then as it is. The app itself,
before the run, waits for the server of the ``baseUrl`` (its address on a
``  > http://...`` line) and gives up with ``Cypress failed to verify that
your server is running.``
"""

from __future__ import annotations

from collections.abc import Sequence

from ...report import Error
from ..reader import Reader
from . import Format, regex

COMMANDS = {"cypress": "cypress"}

# The CLI's errors that stop a run before it starts (its ``errors.js`` descriptions).
_CLI_ERRORS = (
    r"Cypress failed to start|Cypress verification (?:failed|timed out)"
    r"|Your system is missing the dependency: \S+|No version of Cypress is installed in: \S+"
    r"|The cypress npm package is installed, but the Cypress binary is missing"
    r"|The Cypress App could not be (?:downloaded|unzipped|installed)\b[^.]*"
    r"|Cypress cannot write to the cache directory due to file permissions"
    r"|Installed version does not match package version|Xvfb exited with a non zero exit code"
)
_LISTR = r"\[FAILED\] "  # a task list's line for the task that failed


class CliError(Reader):
    """The box under a CLI error, up to its ``Cypress Version:`` line: the details
    between the ``----------`` lines (the loader's or the download's own words)
    join the message; a task list's ``[FAILED]`` copy and the plain copy after
    it are one error."""

    frames_wanted = False
    _PREFIX = regex(rf"^(?:{_LISTR})?")
    _RULE = "----------"
    _LAST = "Cypress Version:"
    # What the description or its details say of the cause.
    _SAYS = (
        ("filesystem", regex(r"file permissions|EACCES|EPERM|executable permissions")),
        ("network", regex(r"could not be downloaded|ENOTFOUND|ECONNRE|ETIMEDOUT|EAI_AGAIN")),
        ("dependency", regex(r"shared libraries|missing the dependency|not installed|is missing")),
    )

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.description = self.err.message
        self.listed = self.err.text.startswith("[FAILED]")
        self.rules = 0
        self.detail: list[str] = []
        self.done = False

    def accept(self, line: str) -> bool:
        text = self._PREFIX.sub("", line, count=1).strip()
        if self.done:
            # the plain copy after a task list's: read it whole, once
            if self.listed and text.startswith(self.description):
                self.listed, self.done, self.rules = False, False, 0
                return True
            return False
        if text == self._RULE:
            self.rules += 1
        elif text.startswith(self._LAST):
            self.done = True
        elif self.rules == 1 and text and len(self.detail) < 2:
            self.detail.append(text)
        return True

    def finish(self) -> None:
        if self.detail:
            self.err.message = f"{self.description}: {' '.join(self.detail)}"

    def category(self) -> str | None:
        text = self.err.message
        return next((cat for cat, said in self._SAYS if said.search(text)), None) or (
            self.said_else("dependency")
        )


READERS = {"cypress-cli": CliError}

_SERVER_URL = regex(r"^\s+> (?P<url>\S+)\s*$")


def _server_url(groups: dict[str, str | None], before: Sequence[str]) -> None:
    """The address the app waited for, on its ``  > http://...`` line above."""
    for line in reversed(before):
        if (m := _SERVER_URL.match(line)) is not None:
            groups["msg"] = f"{groups['msg']}: {m['url']}"
            return


ROWS = (
    Format(
        "cypress-cli-error",
        rf"^(?:{_LISTR})?(?:Error: )?(?P<msg>{_CLI_ERRORS})\.?\s*$",
        tool="cypress",
        block="cypress-cli",
        rank=2,
        words=("cypress", "missing the dependency", "Xvfb exited"),
        examples=(
            "Cypress failed to start.",
            "[FAILED] Cypress failed to start.",
            "Your system is missing the dependency: Xvfb",
            "No version of Cypress is installed in: /home/user/.cache/Cypress/13.6.0/Cypress",
            "The cypress npm package is installed, but the Cypress binary is missing.",
        ),
    ),
    Format(
        "cypress-server-unverified",
        r"^(?P<msg>Cypress failed to verify that your server is running)\.\s*$",
        tool="cypress",
        category="network",
        rank=2,
        fixup=_server_url,
        examples=("Cypress failed to verify that your server is running.",),
    ),
)
