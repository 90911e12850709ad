"""R: the interpreter's errors (base R's and rlang's), R CMD check and INSTALL, lintr.
(testthat: r_tests.py.)

Rscript says ``Error in f(x) : msg`` (rlang: ``Error in `f()`:`` with the message on
a ``!`` line below), no place unless the code was sourced with its source kept. An
error that is not one of R's named cases (a name it cannot find, a package not
installed, a parse error) is a ``stop()``: a runtime error, unless its words say
more. lintr prints ``R/a.R:3:5: style: [infix_spaces_linter] Put spaces ...`` over
the source line and a caret; its ``style`` and ``warning`` are warnings, its
``error`` a file R cannot parse.
"""

from __future__ import annotations

from ...report import Error
from ..reader import Reader
from . import Format, regex, said_in

# A backtrace frame's source reference: " 1. └─f() at test-calc.R:9:3", "      at R/a.R:4:3",
# " 4. g() reporters/backtraces.R:1:5".
_SRCREF = regex(r"(?:^|\s)(?:at )?(?P<file>[\w./-]+\.[Rr]):(?P<line>\d+):(?P<col>\d+)$")
# Frames in the test framework's own code (the packages' sources testthat names).
_FRAMEWORK = regex(r"^(?:testthat|rlang|withr|cli|vctrs|purrr|magrittr|evaluate|pkgload)/")


# R's own words for a value of the wrong type, which the general rules do not know.
SAID = (
    (
        "type",
        regex(
            r"non-numeric argument to|invalid '(?:type|mode)' \(|argument is not (?:numeric|a "
            r"character|interpretable as logical)|non-character argument|operator is invalid "
            r"for atomic vectors|attempt to apply non-function|object of type '\w+' is not "
            r"subsettable|cannot coerce (?:type|class)|invalid argument to unary operator"
        ),
    ),
)


def innermost(block: list[str]) -> tuple[str, int] | None:
    """The innermost frame of a backtrace (R lists it last) with a source
    reference in the project's code, else None."""
    for line in reversed(block):
        if (m := _SRCREF.search(line.rstrip())) and not _FRAMEWORK.match(m["file"]):
            return m["file"], int(m["line"])
    return None


# Before node's rows (mocha's reads R CMD check's indented "  Error: Test failures")
# and gcc's (which reads lintr's "x.R:6:1: error: ..." as a C compiler's).
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
        where = innermost(self.err.block[1:])
        if where is not None and self.err.file is None:
            self.err.file, self.err.line = where

    def category(self) -> str | None:
        """An error no row named is a ``stop()``'s, a runtime error unless its
        words say more (a warning's category is no one's concern)."""
        if self.err.kind.startswith("r-warning"):
            return None
        return said_in(SAID, self.err.message) or self.said_else("runtime")


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

    def category(self) -> str | None:
        """A check that failed of an R error (its examples, its tests) failed at run
        time, unless the error's words say more; any other check's, its words tell."""
        if self.err.message.startswith("Error"):
            return said_in(SAID, self.err.message) or self.said_else("runtime")
        return None


class LintrFrame(Reader):
    """The source line and the caret lintr prints under a lint (none under a
    lint of the whole file, the next lint's line follows)."""

    frames_wanted = False
    _CARET = regex(r"^[ ~]*\^[~^]*\s*$")

    def accept(self, line: str) -> bool:
        if self.count == 0:
            return bool(line.strip()) and _LINT_RX.match(line) is None
        return self.count == 1 and self._CARET.match(line) is not None

    def finish(self) -> None:
        pass

    def category(self) -> str | None:
        """lintr's own ``[error]`` is R's parser's: the file does not parse."""
        return "syntax" if self.err.code == "error" else None


# lintr's line (3.0 on, which names the linter): "R/a.R:3:5: style: [infix_spaces_linter] ...".
# What a lint's line holds after its place: stage 1 finds the lines by it (``seek``)
_LINT_AT = r": (?P<sev>style|warning|error): \[(?P<code>\w+)\] "
_LINT = (
    r"^(?P<file>(?:[A-Za-z]:)?[^\s:][^:]*?\.(?:[Rr]|[Rr]md|[Rr]nw|qmd|Rprofile)):(?P<line>\d+):"
    r"(?P<col>\d+)" + _LINT_AT + r"(?P<msg>.+)$"
)
_LINT_RX = regex(_LINT)

READERS = {"rerror": RError, "rcheck": RCheck, "lintrframe": LintrFrame}

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
    Format(  # its "style" and "warning" are warnings; an "error" fails to parse
        "lintr",
        _LINT,
        seek=_LINT_AT,
        tool="lintr",
        block="lintrframe",
        rank=2,
        examples=(
            "R/calc.R:2:9: style: [infix_spaces_linter] Put spaces around all infix operators.",
            "/home/user/proj/R/calc.R:6:3: warning: [object_usage_linter] local variable "
            "‘unused’ assigned but may not be used",
            "bad.R:2:1: error: [error] unexpected symbol",
        ),
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
