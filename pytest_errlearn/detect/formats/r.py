"""R: the interpreter's errors (base R's and rlang's), testthat, R CMD check and INSTALL."""

from __future__ import annotations

from ...report import Error
from ..reader import Reader
from . import Format, regex

# A testthat problem's heading: "── Failure (test-calc.R:5:3): adds ───" (testthat 3.2),
# "── Failure ('test-calc.R:5'): adds ──" (3.0, 3.1), "Failure ('test-calc.R:5'): adds"
# (the progress reporter's, with no rule before it), "── 1. Failure ('tests.R:13:3'): x ─"
# (the summary reporter's), in capitals in some versions; indented under R CMD check.
_TESTTHAT_AT = (
    r" \('?(?P<file>[^\s:'()]+):(?P<line>\d+)(?::(?P<col>\d+))?'?\): (?P<test>.+?)"
    r"(?: [─-]{2,})?\s*$"
)
_TESTTHAT_RULE = r"^\s*(?:(?:──|--) (?:\d+\. )?)?"
# testthat 2: "── 1. Failure: adds (@test-calc.R#5)  ─────".
_TESTTHAT2_AT = r": (?P<test>.+?) \(@(?P<file>[^#\s]+)#(?P<line>\d+)\)\s*[─-]*\s*$"
# A backtrace frame's source reference: " 1. └─f() at test-calc.R:9:3", "      at R/a.R:4:3",
# " 4. g() reporters/backtraces.R:1:5".
_SRCREF = regex(r"(?:^|\s)(?:at )?(?P<file>[\w./-]+\.[Rr]):(?P<line>\d+):(?P<col>\d+)$")
# Frames in the test framework's own code (the packages' sources testthat names).
_FRAMEWORK = regex(r"^(?:testthat|rlang|withr|cli|vctrs|purrr|magrittr|evaluate|pkgload)/")


def _innermost(block: list[str]) -> tuple[str, int] | None:
    """The innermost frame of a backtrace (R lists it last) with a source
    reference in the project's code, else None."""
    for line in reversed(block):
        if (m := _SRCREF.search(line.rstrip())) and not _FRAMEWORK.match(m["file"]):
            return m["file"], int(m["line"])
    return None


# Before node's rows (mocha's reads R CMD check's indented "  Error: Test failures")
# and gcc's (which reads testthat's "x.R:6:1: error: ..." as a C compiler's).
ORDER = 16
COMMANDS = {
    **dict.fromkeys(("Rscript", "R"), "R"),
}
BUILDS: dict[str, frozenset[str] | None] = {"Rscript": None, "R": None}


class RError(Reader):
    """The lines after R's ``Error in f(x) :`` (or rlang's ``Error in `f()`:``):
    the message, when it did not fit on the first line (indented, or after
    rlang's ``!``), ``Calls:``, a ``Backtrace:`` tree, a warning ``In addition``,
    and the quoted source under a parse error."""

    frames_wanted = False
    _BODY = regex(
        r"^(?:Calls: |Backtrace:|In addition: |Timing stopped at:|Caused by error|"
        r"[!ℹ✖•] |\d+: |\s+\S)"
    )

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        message = err.message.rstrip()
        self.wants = message.endswith(":") or message == err.text.strip()
        self.quoted = message.endswith(" in:")  # a parse error's source follows, quoted
        self.said = err.message in ("Warning message", "Warning messages")  # its lines follow

    def accept(self, line: str) -> bool:
        if self.said and self.count == 0 and line.strip():
            self.err.message = line.strip()
            return True
        if self.quoted:
            self.quoted = not line.rstrip().endswith('"')
            return True
        if not self._BODY.match(line):
            return False
        if self.wants and line[:1] in " !":
            self.err.message, self.wants = line.lstrip(" !").strip(), False
        return True

    def finish(self) -> None:
        where = _innermost(self.err.block[1:])
        if where is not None and self.err.file is None:
            self.err.file, self.err.line = where


class TestthatProblem(Reader):
    """A testthat failure, error or warning: its message lines, maybe a
    ``Backtrace:``, up to the next problem, a rule or the results. An error is
    at the innermost frame of the project's code the backtrace names, where
    one does; else where testthat's heading says."""

    frames_wanted = False
    _END = regex(
        r"^\s*(?:(?:──|--) |(?:FAILURE|Failure|ERROR|Error|WARNING|Warning|SKIP|Skip) \(|"
        r"[─═=-]{10,}|\[ FAIL \d|══ |== |Error: Test failures|Execution halted|"
        r"Maximum number of failures|\S+\.[Rr]:\d+(?::\d+)?: (?:failure|error|warning|skip): )"
    )

    _CLASSES = regex(r"^\s*<[\w/.]+>\s*$")  # a condition's classes, above its message

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.said = False

    def accept(self, line: str) -> bool:
        if not line.strip():
            return self.blanks < 2
        if self._END.match(line):
            return False
        if not self.said and not self._CLASSES.match(line):
            self.err.message, self.said = line.strip(), True
        return True

    def finish(self) -> None:
        failure = self.err.kind.endswith("-failure") or ": failure: " in self.err.text
        if not failure and (where := _innermost(self.err.block[1:])):
            self.err.file, self.err.line = where


class RCheck(Reader):
    """What R CMD check says under a check that failed: up to the next check.
    The message is the R error in it, else its first line. A failed test
    run's own output follows ("Last 13 lines of output:"): its errors are
    read there, and this line only says that they were."""

    frames_wanted = False
    _END = regex(r"^(?:\* |❯ |✔ |✖ |Status: |── |══ |\d+ errors? [✖✔] )")
    _TAIL = regex(r"^Last \d+ lines of output:")

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.said: list[str] = []

    def accept(self, line: str) -> bool:
        if self._END.match(line):
            return False
        if self._TAIL.match(line):
            self.valid = False  # the test run's errors come next, each at its place
            return False
        if line.strip():
            self.said.append(line.strip())
        return True

    def finish(self) -> None:
        said = self.said
        if telling := next((s for s in said if s.startswith("Error")), None) or (
            said[0] if said else None
        ):
            self.err.message = telling


READERS = {"rerror": RError, "testthat": TestthatProblem, "rcheck": RCheck}

ROWS = (
    Format(  # source("x.R") of a file that does not parse: the place opens the message
        "r-parse-error-in-file",
        r"^Error in (?:source|parse|sys\.source)\(.*?\) ?: (?P<file>[^\s:]+):(?P<line>\d+):"
        r"(?P<col>\d+): (?P<msg>.+)$",
        tool="R",
        category="syntax",
        block="rerror",
        rank=2,
        examples=("Error in source(\"bad.R\") : bad.R:3:11: unexpected ')'",),
    ),
    Format(
        "r-no-package",
        r"^(?:Error in (?:library|require|loadNamespace|requireNamespace)\(.*?\) ?: *|Error: )"
        r"(?P<msg>(?:there is no package called|package or namespace load failed for|"
        r"package \S+ required by \S+ could not be found).*)$",
        tool="R",
        category="dependency",
        block="rerror",
        rank=2,
        examples=("Error in library(nopkg) : there is no package called ‘nopkg’",),
    ),
    Format(  # the two errors of a name R cannot find
        "r-undefined",
        r"^(?:Error in (?:`[^`]*`|.+? ): *|Error: )"
        r"(?P<msg>(?:could not find function \"[^\"]+\"|object '[^']+' not found).*)$",
        tool="R",
        category="reference",
        block="rerror",
        rank=2,
        examples=(
            "Error in f(1) : object 'y' not found",
            'Error in total_of(x) : could not find function "total_of"',
            "Error: object 'x' not found",
        ),
    ),
    Format(
        "r-parse-error",
        r"^Error: (?P<msg>unexpected (?:'[^']*'|symbol|end of input|input|string constant|"
        r"numeric constant|SPECIAL|assignment|end of line|INCOMPLETE_STRING)(?: in\b.*)?)$",
        tool="R",
        category="syntax",
        block="rerror",
        rank=2,
        examples=("Error: unexpected ')' in:", 'Error: unexpected symbol in "x y"'),
    ),
    Format(  # testthat's end: "Error: Test failures" (testthat 3.2: "Error in ...: Test failures")
        "testthat-failed",
        r"^\s*Error(?: in .*?)?: (?:! )?Test failures\.?$",
        tool="testthat",
        role="consequence",
        rank=0,
        examples=("Error: Test failures",),
    ),
    Format(
        "r-check-found",
        r"^(?:Error: )+R CMD check found (?:ERROR|WARNING)s",
        tool="R",
        role="consequence",
        rank=0,
        examples=("Error: R CMD check found ERRORs",),
    ),
    Format(  # base R: "Error in f(x) : msg"; rlang: "Error in `f()`: msg", the message
        # maybe on the next line
        "r-error-in",
        r"^Error in (?:`[^`]*`|.+? ):(?: (?P<msg>.*))?$",
        tool="R",
        block="rerror",
        rank=2,
        examples=(
            "Error in g(5) : too big: 5",
            "Error in `div()`:",
            "Error in very_long_function_name(argument_one = 1, argument_two = 2) : ",
        ),
    ),
    Format(
        "r-execution-halted",
        r"^\s*Execution halted$",
        tool="R",
        role="consequence",
        rank=0,
        words=("halted",),
        examples=("Execution halted",),
    ),
    Format(
        "r-warning",
        r"^(?:In addition: )?(?P<msg>Warning messages?):$",
        tool="R",
        role="warning",
        block="rerror",
        examples=("Warning message:", "In addition: Warning messages:"),
    ),
    Format(
        "r-warning-in",
        r"^Warning in (?:`[^`]*`|.+? ):(?: (?P<msg>.*))?$",
        tool="R",
        role="warning",
        block="rerror",
        examples=(
            'Warning in install.packages("x") : installation of package ‘x’ had non-zero '
            "exit status",
        ),
    ),
    Format(
        "testthat-failure",
        _TESTTHAT_RULE + r"(?:Failure|FAILURE)" + _TESTTHAT_AT,
        tool="testthat",
        category="assertion",
        block="testthat",
        rank=3,
        examples=(
            "── Failure (test-calc.R:5:3): adds ─────────────────────────────────",
            "Failure ('test-calc.R:5'): adds",
            "  ── 1. Failure ('tests.R:13:3'): Failure:1 ------------------------",
        ),
    ),
    Format(
        "testthat-problem",
        _TESTTHAT_RULE + r"(?P<sev>Error|ERROR|Warning|WARNING)" + _TESTTHAT_AT,
        tool="testthat",
        block="testthat",
        rank=3,
        examples=(
            "── Error (test-calc.R:9:3): divides ──────────────────────────────────",
            "ERROR (backtraces.R:6:3): errors thrown at block level are entraced",
            "Warning ('test-calc.R:12'): warns",
        ),
    ),
    Format(
        "testthat2-failure",
        r"^\s*(?:──|--) \d+\. Failure" + _TESTTHAT2_AT,
        tool="testthat",
        category="assertion",
        block="testthat",
        rank=3,
        examples=("── 1. Failure: adds (@test-calc.R#5)  ──────────────────────────────",),
    ),
    Format(
        "testthat2-problem",
        r"^\s*(?:──|--) \d+\. (?P<sev>Error|Warning)" + _TESTTHAT2_AT,
        tool="testthat",
        block="testthat",
        rank=3,
        examples=("── 2. Error: divides (@test-calc.R#9)  ──────────────────────────────",),
    ),
    Format(  # testthat 1 and 2's summary and check reporters
        "testthat-old",
        r"^\s*(?P<file>[^\s:]+\.[Rr]):(?P<line>\d+)(?::(?P<col>\d+))?: "
        r"(?P<sev>failure|error|warning): (?P<test>.+)$",
        tool="testthat",
        block="testthat",
        rank=3,
        examples=("test-calc.R:5: failure: adds",),
    ),
    Format(  # the progress reporter's table: "✖ | 2       3 | calc [0.1s]", above the problems
        "testthat-progress",
        r"^\s*✖ \|[\d ]+\| \S.*$",
        tool="testthat",
        role="ignore",
        examples=("✖ | 2       3 | calc [0.1s]",),
    ),
    Format(  # printed before the problems by the check and compact reporters
        "testthat-summary",
        r"^\s*\[ FAIL \d+ \| WARN \d+ \| SKIP \d+ \| PASS \d+ \]",
        tool="testthat",
        role="ignore",
        examples=("[ FAIL 1 | WARN 0 | SKIP 0 | PASS 3 ]",),
        words=("[ FAIL",),
    ),
    Format(
        "r-check",
        r"^(?:\* |❯ )checking (?P<msg>.+?) \.\.\.(?: \[[^\]]+\])? (?P<sev>ERROR|WARNING|NOTE)$",
        tool="R",
        block="rcheck",
        rank=2,
        examples=(
            "* checking examples ... ERROR",
            "❯ checking for unstated dependencies in ‘tests’ ... WARNING",
            "* checking re-building of vignette outputs ... [12s/14s] ERROR",
        ),
    ),
    Format(  # the verdict of a check that printed lines of its own first ("Running ...")
        "r-check-late",
        r"^ (?:\[[^\]]+\] )?(?P<sev>ERROR|WARNING)$",
        tool="R",
        block="rcheck",
        rank=2,
        examples=(" ERROR", " [10s/12s] ERROR"),
    ),
    Format(
        "r-check-status",
        r"^Status: (?:\d+ ERRORs?|(?:\d+ \w+, )*\d+ ERRORs?)\b",
        tool="R",
        role="consequence",
        rank=0,
        examples=("Status: 2 ERRORs", "Status: 1 ERROR, 1 WARNING"),
    ),
    Format(  # rcmdcheck's count
        "rcmdcheck-summary",
        r"^[1-9]\d* errors? ✖ \| \d+ warnings? (?:✖|✔) \| \d+ notes? (?:✖|✔)\s*$",
        tool="R",
        role="consequence",
        rank=0,
        examples=("1 error ✖ | 0 warnings ✔ | 0 notes ✔",),
    ),
    Format(
        "r-install-dependency",
        r"^ERROR: (?P<msg>dependenc(?:y|ies) .+ (?:is|are) not available for package .+)$",
        tool="R",
        category="dependency",
        rank=2,
        examples=("ERROR: dependency ‘foo’ is not available for package ‘bar’",),
    ),
    Format(  # R CMD INSTALL's verdict: the compiler's or R's error above says why
        "r-install-failed",
        r"^ERROR: (?:lazy loading|compilation|configuration|loading) failed(?: for package .+)?$",
        tool="R",
        role="consequence",
        rank=0,
        examples=("ERROR: lazy loading failed for package ‘calcpkg’",),
    ),
)
