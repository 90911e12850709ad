r"""Nix (``nix build``, ``nix-build``, ``nix flake check``, ``nix develop``): a
derivation whose builder failed, and the evaluator's errors.

A builder that failed is Nix's line, then the last lines of its build's log,
each after ``> `` (Nix 2.4 to 2.23; from 2.24, ``Cannot build '...'.`` and a
``Reason:``; before 2.4, no ``error:`` and the lines only indented)::

    error: builder for '/nix/store/8nfj...-hello-2.12.1.drv' failed with exit code 2;
           last 10 log lines:
           > hello.c:4:5: error: expected ';' before 'return'
           > make: *** [Makefile:123: hello.o] Error 1
           For full logs, run 'nix log /nix/store/8nfj...-hello-2.12.1.drv'.

The error is the first of those lines that a row reads as an error (the
compiler's, the test runner's), else the first that says something failed;
the derivations that depended on it failing only follow from it (before 2.4,
``cannot build derivation '...': 1 dependencies couldn't be built`` and
``error: build of '...' failed``). An evaluation error says what is wrong, then
where (``at /src/flake.nix:12:23:``, before 2.4 on the same line) and the
source it quotes. From 2.13 a bare ``error:`` heads it, the trace of what was
being evaluated under it (``… while checking flake output 'packages'``, each
with its place), the error itself last::

    error:
           … while checking the derivation 'packages.x86_64-linux.default'
             at /src/flake.nix:14:9:
           (source quoted)

           error: flake attribute 'packages.x86_64-linux.default' is not a derivation

The error is that last line, placed where it says (its own ``at`` under it),
else at the innermost frame of the trace, the last.
"""

from __future__ import annotations

from ...report import Error
from ..reader import Reader, read_by_a_row
from . import Format, regex, said_in

ORDER = 14  # before the bare ``error:`` rows (elixir.py's indented one, rust.py's)
COMMANDS = dict.fromkeys(("nix", "nix-build", "nix-shell", "nix-instantiate"), "nix")
BUILDS: dict[str, frozenset[str] | None] = {
    "nix": frozenset({"build", "develop", "flake check", "run", "shell", "eval"}),
    "nix-build": None,
    "nix-shell": None,
    "nix-instantiate": None,
}

_STORE = r"'/nix/store/[^']+'"
# Nix's own lines under a builder's failure; the others are the build's log, each after
# "> " (before 2.4, only indented).
_OWN = regex(
    r"^\s*(?:[Ll]ast \d+ log lines:|Reason: |Output paths:|/nix/store/\S+$|For full logs"
    r"|nix log )"
)
_PLACE = regex(r"^\s*at (?P<file>\S+?):(?P<line>\d+):(?P<col>\d+):\s*$")
_TELLING = regex(r"(?i)\berror\b|fail|not found|no such|cannot|denied|missing|killed")
# The evaluator's wordings (libexpr's, and nixpkgs' refusals), lazily: before 2.4 the
# place ends the line (", at /src/default.nix:6:1").
_EVAL = (
    r"undefined variable '[^']*'|attribute '[^']*' missing|infinite recursion encountered"
    r"|value is .+? while .+? was expected|cannot coerce .+?|syntax error, unexpected .+?"
    r"|function '[^']*' called (?:without required|with unexpected) argument '[^']*'"
    r"|assertion '.+?' failed|path '[^']*' does not exist|file '[^']*' was not found in the"
    r" Nix search path.*?|evaluation aborted with the following error message: .+?"
    r"|hash mismatch in fixed-output derivation .+?|Package [‘'][^’']+[’'] in \S+ (?:has an"
    r" unfree license|is marked as (?:broken|insecure)).*?|flake '[^']*' does not provide"
    r" attribute .+?|cannot find flake .+?|flake attribute '[^']*' is not a derivation"
    r"|The option `[^']*' (?:does not exist|is used but not defined)\..*?|A definition for"
    r" option `[^']*' is not of type .+?|cannot look up '<[^>]*>' in pure evaluation mode.*?"
)
_TRACE_ERROR = regex(r"^\s+error: (?P<msg>\S.*)$")
_CATEGORIES = (
    (
        "reference",
        regex(r"^(?:undefined variable|attribute '.*' missing|flake .* does not|The option `)"),
    ),
    ("syntax", regex(r"^syntax error")),
    ("type", regex(r"^(?:value is|cannot coerce|function '.*' called)")),
    ("dependency", regex(r"^(?:hash mismatch|cannot find flake|file '.*' was not found)")),
    ("config", regex(r"^(?:Package |flake attribute |A definition for option)")),
)


class BuilderLog(Reader):
    """The lines under a builder's failure, Nix's own and its build's log: the
    error is the first log line a row reads as one (or that says it failed)."""

    frames_wanted = False

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.said = False
        self.said_category: str | None = None

    def accept(self, line: str) -> bool:
        if not line[:1].isspace() or not line.strip():
            return False
        if not self.said and not _OWN.match(line):
            self._read(line.strip().removeprefix(">").strip())
        return True

    def _read(self, text: str) -> None:
        if not text:
            return
        fmt = read_by_a_row(self.err, text, lambda row: row.tool == "nix")
        if fmt is not None:
            self.said, self.said_category = True, fmt.category if fmt.rank >= 2 else None
        elif _TELLING.search(text):
            self.err.message, self.said = text, True

    def category(self) -> str | None:
        """The row's where one read the log's error; else its words', else a build's."""
        return self.said_category or self.said_else("build")


class EvalError(Reader):
    """An evaluation error's place (``at file:line:col:``), the source it quotes,
    and the lines a hash mismatch says more on (``specified:``, ``got:``)."""

    frames_wanted = False

    def accept(self, line: str) -> bool:
        if not line.strip():
            return not self.blanks
        if not line[:1].isspace():
            return False
        if self.err.file is None and (m := _PLACE.match(line)) is not None:
            self.err.file, self.err.line, self.err.column = m["file"], int(m["line"]), int(m["col"])
        return True

    def category(self) -> str | None:
        return said_in(_CATEGORIES, self.err.message) or self.said_else("config")


class Trace(Reader):
    """Under a bare ``error:`` (2.13 on): the trace, each frame's place, then the
    error itself (``error: ...``, indented) and its own place; the error is placed
    at its own, else at the trace's last. No error line in it: no error of Nix's."""

    frames_wanted = False

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.said: str | None = None  # the error's own words, once read
        self.place: tuple[str, int, int] | None = None  # the last place read
        self.own = False  # the place read is the error's own

    def accept(self, line: str) -> bool:
        if line.strip() and not line[:1].isspace():
            return False
        if self.own:
            return True
        if (m := _PLACE.match(line)) is not None:
            self.place = (m["file"], int(m["line"]), int(m["col"]))
            self.own = self.said is not None
        elif self.said is None and (m := _TRACE_ERROR.match(line)) is not None:
            self.said = m["msg"].strip()
        return True

    def finish(self) -> None:
        self.valid = self.said is not None
        if self.said is not None:
            self.err.message = self.said
        if self.place is not None:
            self.err.file, self.err.line, self.err.column = self.place

    def category(self) -> str | None:
        return said_in(_CATEGORIES, self.err.message) or self.said_else("config")


READERS = {"nix-builder": BuilderLog, "nix-eval": EvalError, "nix-trace": Trace}

ROWS = (
    Format(
        "nix-builder-failed",
        rf"^\s*(?:error: )?(?P<msg>builder for {_STORE} failed with exit code \d+|Cannot build"
        rf" {_STORE}\.)(?:;.*)?\s*$",
        tool="nix",
        block="nix-builder",
        rank=2,
        words=("builder for", "cannot build"),
        examples=(
            "error: builder for '/nix/store/l8kw9zjs1n8zb208js66bmjg2ws5yqjw-foobar.drv' failed"
            " with exit code 1;",
            "builder for '/nix/store/r1wi4zal4ilf72r2cmqdpyckpz9zfps5-python3.10-poetry-1.2.0.drv'"
            " failed with exit code 1; last 10 log lines:",
            "error: Cannot build '/nix/store/pmjy7fp4v6jjb1v06fasrzgs4sg2rvam-test.drv'.",
        ),
    ),
    Format(
        "nix-eval-error",
        rf"^\s*error: (?P<msg>{_EVAL})"
        r"(?:,? at (?P<file>/\S+?):(?P<line>\d+):(?P<col>\d+))?\s*$",
        tool="nix",
        block="nix-eval",
        rank=2,
        examples=(
            "error: undefined variable 'pkgs'",
            "error: attribute 'hello2' missing",
            "error: syntax error, unexpected ',', expecting $end, at"
            " /home/leo/Code/lorri/shell.nix:6:1",
            "error: hash mismatch in fixed-output derivation"
            " '/nix/store/2k5y1dx2j7s7kz6f3k0n3s4hy4ycqxbw-source.drv':",
        ),
    ),
    Format(  # 2.13 on: the trace under it, the error last (``Trace``)
        "nix-trace",
        r"^error:\s*$",
        tool="nix",
        block="nix-trace",
        rank=2,
        examples=("error:",),
    ),
    Format(  # before 2.4: a derivation that needed the one that failed, the build asked for
        "nix-old-dependencies-failed",
        rf"^\s*(?P<msg>cannot build derivation {_STORE}: \d+ dependencies couldn't be built"
        rf"|error: build of {_STORE}(?:, {_STORE})* failed)\s*$",
        tool="nix",
        role="consequence",
        rank=1,
        words=("cannot build", "failed"),
        examples=(
            "cannot build derivation '/nix/store/0c4v2fq9zq1m3l8k5d7j6h2g1f0s9a8b-app-env.drv':"
            " 1 dependencies couldn't be built",
            "error: build of '/nix/store/1d5w3gr0ar2n4m9l6e8k7j3h2g1t0b9c-app.drv' failed",
        ),
    ),
    Format(  # the derivations that needed the one that failed
        "nix-dependencies-failed",
        rf"^\s*error: (?P<msg>\d+ dependenc(?:y|ies) of derivation {_STORE} failed to build)\s*$",
        tool="nix",
        role="consequence",
        rank=1,
        examples=(
            "error: 1 dependencies of derivation"
            " '/nix/store/q3hlllyhcm1rdpnfb2hzw6kh6qlfdsdp-env.drv' failed to build",
        ),
    ),
)
