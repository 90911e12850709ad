"""Haskell's build tools: cabal and stack, their own errors (the solver's that
could not resolve the dependencies, a build plan stack could not make) and
their words for a build or a test suite that failed, which only follow from
GHC's errors above them. (GHC's diagnostics, its runtime errors and stack's
``package> `` prefix on them: haskell.py; the test frameworks:
haskell_tests.py.)

cabal heads an error with its code, the message on the lines below
(``Error: [Cabal-7125]``), or says it at once (``cabal: ...``); stack 2.11 on
heads its own so too (``Error: [S-7282]``), its message indented below.
"""

from __future__ import annotations

from ...report import Error
from ..reader import Reader
from . import Format, regex

ORDER = 15  # with haskell.py's: after its GHC rows, before haskell_tests.py's (by name)
COMMANDS = {"cabal": "cabal", "stack": "stack"}
BUILDS: dict[str, frozenset[str] | None] = {
    "cabal": frozenset(
        {
            "build",
            "test",
            "run",
            "install",
            "bench",
            "haddock",
            "v2-build",
            "v2-test",
            "v2-run",
            "new-build",
            "new-test",
            "v1-build",
            "v1-test",
        }
    ),
    "stack": frozenset({"build", "test", "bench", "install", "run", "haddock"}),
}


class Cabal(Reader):
    """What cabal says under ``Error: [Cabal-7125]`` or ``cabal: ...``: the
    message, the solver's ``[__1] ...`` lines. A failed build or test suite
    only follows from the errors above it."""

    frames_wanted = False
    _OTHER = regex(
        r"^(?:Error|Warning|cabal|Configuring|Building|Preprocessing|Resolving|Build profile|"
        r"In order|Running|Test suite|The command|Done\.|##|\[\d+ of \d+\]|\S+\.l?hs:\d)"
    )
    _AFTER = regex(
        r"^(?:Failed to build|Tests? failed|Benchmarks? failed|Failed to run|"
        r"Failed to build documentation)\b"
    )
    _SOLVER = regex(r"^\[__\d+\] (?P<said>(?:unknown package|rejecting|conflict|fail).*)$")

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.pending = self.err.message.rstrip().endswith("]")  # ``Error: [Cabal-7125]``
        self.said: list[str] = []

    def accept(self, line: str) -> bool:
        if not line.strip() or (not line[:1].isspace() and self._OTHER.match(line)):
            return False
        self.said.append(line.strip())
        return True

    def finish(self) -> None:
        err = self.err
        if self.pending and self.said:
            err.message = self.said[0]
        message = err.message.removeprefix("Error: ").removeprefix("cabal: ")
        if message.startswith("Could not resolve dependencies"):
            why = next((m["said"] for s in self.said if (m := self._SOLVER.match(s))), None)
            err.message = f"{message.rstrip(':')}: {why}" if why else message
        self.consequence = self._AFTER.match(message) is not None


class Stack(Reader):
    """stack's ``Error: [S-7282]`` and its indented lines. A build plan that
    failed to run only follows from the package's errors above it."""

    frames_wanted = False
    _AFTER = regex(r"failed to execute the build plan|Test suite failure|While building package")

    def accept(self, line: str) -> bool:
        return not line.strip() or line[:1].isspace()

    def finish(self) -> None:
        said = [line.strip() for line in self.err.block[1:] if line.strip()]
        if said and self.err.message.rstrip().endswith("]"):
            self.err.message = said[0]
        self.consequence = any(self._AFTER.search(s) for s in [self.err.message, *said[:3]])


READERS = {"cabal": Cabal, "hsstack": Stack}

ROWS = (
    Format(  # ``Error: [Cabal-7125]`` then, below, ``Failed to build calc-0.1.0.0. ...``
        "cabal-coded",
        r"^Error: \[(?P<code>Cabal-\d+)\]\s*(?P<msg>.*)$",
        tool="cabal",
        block="cabal",
        rank=2,
        examples=("Error: [Cabal-7125]", "Error: [Cabal-7107]"),
    ),
    Format(
        "cabal-error",
        r"^(?:Error: )?cabal(?:\.exe)?: (?P<msg>(?!Warning\b).+)$",
        tool="cabal",
        block="cabal",
        rank=2,
        words=("cabal: ",),
        examples=(
            "cabal: Could not resolve dependencies:",
            "Error: cabal: Failed to build calc-0.1.0.0.",
        ),
    ),
    Format(
        "cabal-test-suite",
        r"^Test suite (?P<test>\S+): FAIL$",
        tool="cabal",
        role="consequence",
        rank=0,
        examples=("Test suite calc-test: FAIL",),
    ),
    Format(  # ``Error: [S-7282]`` (stack 2.11 on), the message indented below
        "stack-coded",
        r"^Error: \[(?P<code>S-\d+)\]\s*(?P<msg>.*)$",
        tool="stack",
        block="hsstack",
        rank=2,
        examples=("Error: [S-7282]",),
    ),
    Format(
        "stack-build-plan",
        r"^Error: (?P<msg>While constructing the build plan, the following exceptions were "
        r"encountered:)$",
        tool="stack",
        block="nested",
        category="dependency",
        rank=2,
        examples=(
            "Error: While constructing the build plan, the following exceptions were encountered:",
        ),
    ),
    Format(
        "stack-consequence",
        r"^(?:--\s+While building (?:package|custom Setup\.hs for package)|"
        r"Test suite failure for package) \S.*$",
        tool="stack",
        role="consequence",
        block="codeframe",
        rank=0,
        words=("While building",),
        examples=(
            "--  While building package calc-0.1.0.0 using:",
            "Test suite failure for package calc-0.1.0.0",
        ),
    ),
)
