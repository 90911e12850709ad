r"""Cppcheck, the C and C++ static analyser: its findings and its own errors.

Since 1.85 a finding is gcc's shape with cppcheck's severity and the check's
id last, then the source line it points at and a caret; ``note:`` lines after
it follow the path that led there::

    src/cart.c:29:9: error: Resource leak: f [resourceLeak]
            return -1;
            ^
    src/cart.c:10:12: warning: Uninitialized variable: sum [uninitvar]
    src/cart.c:8:23: note: Assuming condition is false

Before 1.85 (and with ``--template='{callstack}: ({severity}) {message}'``,
still common in CI scripts) a finding is its place in brackets, the path to
it first where it has one (the finding stands at the last)::

    [src/cart.c:29]: (error) Resource leak: f
    [src/cart.c:8] -> [src/cart.c:10]: (warning) Uninitialized variable: sum

The severities are ``error``, ``warning``, ``style``, ``performance``,
``portability`` and ``information``. With ``--error-exitcode`` any finding
but an ``information`` one fails the run, so each is an error here; an
``error`` one ranks above the others, which are often many and rarely the
reason a reader looks for. ``information`` lines (``nofile:0:0: information:
Cppcheck cannot find all the include files ... [missingInclude]``) are
warnings. Its own failures start with its name: ``cppcheck: error: could
not find or open any of the paths given.``, ``cppcheck: Failed to load
library configuration file 'std.cfg'. File not found``.
"""

from __future__ import annotations

from ..reader import Reader
from . import Format, Said, regex

ORDER = 46  # before c.py's gcc row, which would take the modern shape as gcc's
COMMANDS = {"cppcheck": "cppcheck"}
BUILDS: dict[str, frozenset[str] | None] = {"cppcheck": None}

# What follows the file on a finding's line: the place, the severity (a warning
# or a note, "information" and "note", in the group), its inconclusive mark.
_AT = (
    r":(?P<line>\d+):(?P<col>\d+): (?:(?P<sev>information|note)|error|warning|style|performance"
    r"|portability):(?: inconclusive:)? "
)
# A check's id: camelCase (ShellCheck's SC codes, in the same shape, are its own),
# or a MISRA addon's rule.
_ID = r"\[(?P<code>(?!SC\d)[A-Za-z]\w*|misra-c\d{4}-\d+\.\d+)\]"
_SEVERITY = regex(r": (?:\()?(?P<sev>error|warning|style|performance|portability|information)\b")


class Finding(Reader):
    """The source line and the caret cppcheck prints under a finding (none with
    a template that leaves ``{code}`` out). A finding of ``error`` severity
    keeps its row's rank; the others (style, performance...) rank below it."""

    frames_wanted = False
    _OTHER = regex(r"^(?:\S.*?:\d+:\d+: |\[\S+:\d+\]|Checking |\d+/\d+ files checked|cppcheck: )")
    _CARET = regex(r"^\s*\^\s*$")
    _SYNTAX = frozenset({"syntaxError", "internalAstError", "unknownMacro"})

    def accept(self, line: str) -> bool:
        if self.count == 0:
            return bool(line.strip()) and self._OTHER.match(line) is None
        return self.count == 1 and self._CARET.match(line) is not None

    def finish(self) -> None:
        m = _SEVERITY.search(self.err.text)
        if m is not None and m["sev"] != "error":
            self.err.rank = min(self.err.rank, 1)

    def category(self) -> str | None:
        return "syntax" if self.err.code in self._SYNTAX else None


class Failure(Said):
    """Cppcheck's own failure: the paths given (none found, none to check), its
    installation (a library configuration it cannot load), its options."""

    SAYS = (
        ("filesystem", regex(r"could not find or open|does not exist|[Nn]o C or C\+\+ source")),
        ("config", regex(r"[Ff]ailed to load|unrecognized command line option|[Ii]nvalid")),
    )


READERS = {"cppcheck": Finding, "cppcheckfailure": Failure}

ROWS = (
    Format(
        "cppcheck",
        r"^(?P<file>(?:[A-Za-z]:)?[^\s:][^:]*?)" + _AT + r"(?P<msg>.*\S) " + _ID + r"\s*$",
        seek=_AT,
        tool="cppcheck",
        block="cppcheck",
        rank=2,
        examples=(
            "cart.c:29:9: error: Resource leak: f [resourceLeak]",
            "cart.c:37:7: style: Variable 'y' is assigned a value that is never used. "
            "[unreadVariable]",
            "nofile:0:0: information: Cppcheck cannot find all the include files (use "
            "--check-config for details) [missingIncludeSystem]",
        ),
    ),
    Format(  # the template before 1.85: the place in brackets, the path to it first
        "cppcheck-legacy",
        r"^\[(?:[^\]]+\] -> \[)*(?P<file>(?:[A-Za-z]:)?[^\]:]+):(?P<line>\d+)\]: "
        r"\((?:(?P<sev>information)|error|warning|style|performance|portability"
        r"|possible (?:error|style))(?:, inconclusive)?\) (?P<msg>.+)$",
        tool="cppcheck",
        block="cppcheck",
        rank=2,
        examples=(
            "[cart.c:29]: (error) Resource leak: f",
            "[cart.c:8] -> [cart.c:10]: (warning) Uninitialized variable: sum",
            "[src/cart.c:5]: (style, inconclusive) Parameter 'items' can be declared as "
            "pointer to const",
        ),
    ),
    Format(  # its own: the paths, its installation, its options
        "cppcheck-failure",
        r"^cppcheck: (?:error: )?(?P<msg>(?!unusedFunction check)\S.*)$",
        tool="cppcheck",
        block="cppcheckfailure",
        rank=2,
        examples=(
            "cppcheck: error: could not find or open any of the paths given.",
            "cppcheck: Failed to load library configuration file 'std.cfg'. File not found",
        ),
    ),
)
