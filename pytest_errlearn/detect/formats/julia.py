"""Julia: its errors, the Test stdlib's failures, Pkg's words, the logging macros.

An error Julia raised while it ran a file (``julia script.jl``, a package's
``test/runtests.jl``) is ``ERROR: LoadError:`` and the exception, its stack
under it, and where the expression it ran started::

    ERROR: LoadError: UndefVarError: totl not defined
    Stacktrace:
     [1] total(xs::Vector{Int64})
       @ Cart /home/runner/work/Cart.jl/Cart.jl/src/Cart.jl:4
    in expression starting at /home/runner/work/Cart.jl/Cart.jl/test/runtests.jl:3

(Julia 0.4-0.6 listed the frames as `` in f(x) at file:31`` and ended with
``while loading file, in expression starting on line 3``.) A ``@test`` that
failed is ``Test Failed at file:line`` (its testset's name before it, in a
testset), with ``Expression:`` and ``Evaluated:`` under it; one that threw is
``Error During Test at file:line``, the exception a few lines under it. Pkg
then says the run failed (``Some tests did not pass``, ``Package X errored
during testing``): consequences.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...report import Error
from ..frames import is_user_path
from ..reader import Reader
from . import Format, regex

COMMANDS = {"julia": "julia"}
BUILDS: dict[str, frozenset[str] | None] = {"julia": None}
ORDER = 15  # before node.py's mocha row, which takes an indented ``UndefVarError: ...``

# Exception types only Julia has: an ``ERROR:`` line naming one is Julia's even
# where no ``LoadError:`` says a file was running (``julia -e``, the REPL).
_OWN = (
    r"UndefVarError|MethodError|BoundsError|DomainError|InexactError|DimensionMismatch|"
    r"UndefKeywordError|UndefRefError|StringIndexError|ProcessFailedException|InitError|"
    r"TaskFailedException|CompositeException|ErrorException|LoadError|syntax"
)
_TEST_AT = r"(?: at (?P<file>\S+?):(?P<line>\d+))?\s*$"  # 0.6 and before: no place
# In a testset, its name first: the row is found by the words after it (a seek), where
# running it from every line's start would keep stage 1's automaton awake along the line.
_TESTSET = r"^(?P<test>\S.*?)"
# Where the failures are listed again once the tests end (Test's ``print_test_errors``,
# and test sets written after it), each under its testset's name on the line above.
_IN_TESTSET = regex(r"^Error in testset (?P<test>.+?):\s*$")


def _testset_above(groups: dict[str, str | None], before: Sequence[str]) -> None:
    """The testset a failure is listed under, named on the line just above it."""
    if before and (m := _IN_TESTSET.match(before[-1])) is not None:
        groups["test"] = m["test"]


_FAILED = r": (?P<msg>Test Failed)"
_THREW = r": (?P<msg>Error During Test)"


class JuliaTest(Reader):
    """What Julia's Test prints under a failed or broken ``@test``: the labelled
    lines (``Expression:``, ``Evaluated:``, ``Expected:``, ``Thrown:``), the
    exception a test threw, its stack, up to the next unindented line.

    The message: the labelled lines joined (a failure), or the exception (an
    error: the line that is none of Test's own words)."""

    frames_wanted = False
    _LABEL = regex(r"^\s+(?:Expression|Evaluated|Expected|Thrown|Context|Message): ")
    _OWN_WORDS = regex(
        r"^\s+(?:Test threw (?:an )?exception|Got exception outside of a @test|"
        r"Got correct result, please change to @test|Unexpected Pass|Stacktrace:$)"
    )
    _STACK = regex(r"^(?:Stacktrace:$|\s*\[\d+\] |\s+@ |\s+\.\.\.)")

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.labels: list[str] = []
        self.thrown: str | None = None
        self.in_stack = False

    def accept(self, line: str) -> bool:
        if not line.strip():
            return not self.blanks  # 1.6 on: one blank line before the stack
        if self._STACK.match(line):
            self.in_stack = True
            return True
        if not line[:1].isspace():
            return False
        if self.in_stack:
            return True
        if self._LABEL.match(line):
            if len(self.labels) < 4:
                self.labels.append(" ".join(line.split()))
        elif self.thrown is None and not self._OWN_WORDS.match(line):
            self.thrown = line.strip()
        return True

    def finish(self) -> None:
        if self.thrown is not None and "Test Failed" not in self.err.text:
            self.err.message = self.thrown
        elif self.labels:
            self.err.message = " ".join(self.labels)

    def category(self) -> str | None:
        return "assertion" if "Test Failed" in self.err.text else None


class JuliaError(Reader):
    """The lines under Julia's ``ERROR:``: the rest of the message (the closest
    method candidates, what Pkg's resolver logged), ``Stacktrace:`` and its
    frames, ``caused by:``, and where the expression that raised it started.
    The error is at the innermost frame of the user's code, else there."""

    _BODY = regex(
        r"^(?:Stacktrace:$|Closest candidates are:$|[Cc]aused by:|nested task error:|"
        r"in expression starting at |while loading .+, in expression starting on line \d+|"
        r" in |\s+\S|Run `Pkg\.add|Use `import Pkg|Suggestion: |#)"
    )
    # Julia 1.10's parser: "ERROR: ParseError:", then "# Error @ file:3:7", the
    # source line, and the words under it: "#   └ ── premature end of input".
    _PARSE_AT = regex(r"^# Error @ (?P<file>\S+?):(?P<line>\d+):(?P<col>\d+)")
    _PARSE_SAYS = regex(r"^#.*?[└╙] ── (?P<msg>.+)$")
    _STARTED = regex(
        r"^(?:in expression starting at (?P<file>\S+?):(?P<line>\d+)\s*$|"
        r"while loading (?P<file0>.+?), in expression starting on line (?P<line0>\d+))"
    )

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.quoting = False  # the next line is the source a parse error quotes

    def accept(self, line: str) -> bool:
        if not line.strip():
            return not self.blanks  # 1.9 on: blank lines around the candidates
        if self.quoting:
            self.quoting = False
            return True
        self.quoting = self._PARSE_AT.match(line) is not None
        return self._BODY.match(line) is not None

    def finish(self) -> None:
        if self.err.message.rstrip(":") == "ParseError":
            self._parse_error()
        if self.err.file is not None:
            return
        if (where := self.locate()) is not None and where.user:
            self.err.file, self.err.line = where.file, where.line
            return
        for line in reversed(self.err.block[1:]):
            if m := self._STARTED.match(line):
                self.err.file = m["file"] or m["file0"]
                self.err.line = int(m["line"] or m["line0"])
                return

    def _parse_error(self) -> None:
        """A parse error's place and words, from the lines under its header."""
        for line in self.err.block[1:]:
            if m := self._PARSE_AT.match(line):
                self.err.file, self.err.line, self.err.column = (
                    m["file"],
                    int(m["line"]),
                    int(m["col"]),
                )
            elif m := self._PARSE_SAYS.match(line):
                self.err.message = f"ParseError: {m['msg'].strip()}"
                return

    def category(self) -> str | None:
        """What the exception's words say; else a runtime error (the words of the
        block would read its ``LoadError`` as Ruby's, a missing dependency)."""
        message = self.err.message
        if message.startswith("syntax: "):
            return "syntax"
        if message.startswith(("test failed", "test error")):  # Julia 0.4's Base.Test
            return "assertion"
        return self.said_else("runtime")


class JuliaLog(Reader):
    """A message of Julia's logging macros (``@error``, ``@warn``) in its box: the
    lines of its ``│`` margin, and its ``└ @ Module file:line``, its place
    where that is the user's code (a package's own ``@error`` is no place to fix)."""

    frames_wanted = False
    _PLACE = regex(r"^└ @ (?:\S+ )?(?P<file>\S+?):(?P<line>\d+)")

    def accept(self, line: str) -> bool:
        if line.startswith("│"):
            return True
        if m := self._PLACE.match(line):
            if self.err.file is None and m["file"] != "none" and is_user_path(m["file"]):
                self.err.file, self.err.line = m["file"], int(m["line"])
            return True
        return False


READERS = {"julia-test": JuliaTest, "julia-error": JuliaError, "julia-log": JuliaLog}

ROWS = (
    Format(
        "julia-test-failed",
        r"^(?P<msg>Test Failed)" + _TEST_AT,
        tool="julia",
        category="assertion",
        block="julia-test",
        rank=3,
        fixup=_testset_above,
        examples=(
            "Test Failed at /home/travis/build/JuliaLang/Example.jl/test/runtests.jl:5",
            "Test Failed at REPL[4]:1",
            "Test Failed",
        ),
    ),
    Format(  # in a testset: its name first, found by the words after it
        "julia-testset-failed",
        _TESTSET + _FAILED + _TEST_AT,
        seek=_FAILED,
        tool="julia",
        category="assertion",
        block="julia-test",
        rank=3,
        examples=("Canines: Test Failed at none:12", "totals: Test Failed"),
    ),
    Format(
        "julia-test-error",
        r"^(?P<msg>Error During Test)" + _TEST_AT,
        tool="julia",
        block="julia-test",
        rank=3,
        fixup=_testset_above,
        examples=(
            "Error During Test at /home/travis/build/JuliaLang/Example.jl/test/runtests.jl:7",
        ),
    ),
    Format(
        "julia-testset-error",
        _TESTSET + _THREW + _TEST_AT,
        seek=_THREW,
        tool="julia",
        block="julia-test",
        rank=3,
        examples=("foo: Error During Test at REPL[2]:1",),
    ),
    Format(  # what Test and Pkg say once the tests have failed
        "julia-tests-failed",
        r"^ERROR: (?:LoadError: )*(?P<msg>Some tests did not pass: .+|There was an error during "
        r"testing|Package \S+ errored during testing|[\w.]+ had test errors)\s*$",
        tool="julia",
        role="consequence",
        rank=1,
        examples=(
            "ERROR: LoadError: Some tests did not pass: 3 passed, 1 failed, 1 errored, 0 broken.",
            "ERROR: Package Example errored during testing",
            "ERROR: LoadError: Package Stability errored during testing",
            "ERROR: Crispulator had test errors",
            "ERROR: LoadError: There was an error during testing",
        ),
    ),
    Format(  # Pkg: a package the project needs that cannot be had
        "julia-package",
        r"^ERROR: (?:LoadError: )*(?P<msg>(?:ArgumentError: )?(?:Package|Module) \S+ not found "
        r"in current path.*|(?:ArgumentError: )?Package \S+ does not have \S+ in its "
        r"dependencies.*|Unsatisfiable requirements detected for package .+|The following "
        r"package names could not be resolved:.*|unknown package \S+.*|\S+ can't be installed "
        r"because .+)$",
        tool="julia",
        category="dependency",
        block="julia-error",
        rank=2,
        examples=(
            "ERROR: Unsatisfiable requirements detected for package DataFrames [a93c6f00]:",
            "ERROR: LoadError: ArgumentError: Package Foo not found in current path.",
            "ERROR: LoadError: ArgumentError: Module Foo not found in current path.",
            "ERROR: LoadError: ArgumentError: Package Shapes does not have JSON in its"
            " dependencies:",
        ),
    ),
    Format(
        "julia-error",
        r"^ERROR: (?:(?:LoadError: )+|(?=(?:" + _OWN + r")[:(]))(?P<msg>.+)$",
        tool="julia",
        block="julia-error",
        rank=2,
        examples=(
            "ERROR: LoadError: UndefVarError: output_file not defined",
            "ERROR: LoadError: MethodError: no method matching area(::String)",
            "ERROR: UndefVarError: `x` not defined in `Main`",
            "ERROR: syntax: incomplete: premature end of input",
            "ERROR: LoadError: test failed: (1 == 2)",
        ),
    ),
    Format(  # @error and @warn's box: "┌ Error: msg", "│ more", "└ @ Module file:line"
        "julia-log",
        r"^┌ (?P<sev>Error|Warning): (?P<msg>.+)$",
        tool="julia",
        block="julia-log",
        rank=2,
        examples=(
            "┌ Error: 1 docstring not included in the manual:",
            "┌ Warning: `foo(x)` is deprecated, use `bar(x)` instead.",
        ),
    ),
)
