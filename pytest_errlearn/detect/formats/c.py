"""C and C++: gcc/clang, the linker, make, cmake and ctest, ninja, GoogleTest."""

from __future__ import annotations

from collections.abc import Sequence

from ..reader import Reader
from . import Format, regex

TYPE_CHECKING = False  # mypy reads it as True: typing loads where it is used, not here
if TYPE_CHECKING:
    from ...report import Error

# What follows the file name on a diagnostic's line, which may start with any path.
_GCC_AT = r":(?P<line>\d+):(?:(?P<col>\d+):)? (?P<sev>fatal error|error|warning|note|remark)"

ORDER = 48  # where its rows stand in the table (``formats.families``)
COMMANDS = {
    **dict.fromkeys(("make", "gmake", "mingw32-make"), "make"),
    **dict.fromkeys(("cmake", "ctest"), "cmake"),
    "ninja": "ninja",
    **dict.fromkeys(("gcc", "g++", "cc", "c++", "clang", "clang++"), "gcc"),
}
# Executable -> the subcommands that build or test (None: any use).
BUILDS: dict[str, frozenset[str] | None] = {
    **dict.fromkeys(("make", "gmake", "mingw32-make", "cmake", "ctest", "ninja"), None),
    **dict.fromkeys(("gcc", "g++", "cc", "c++", "clang", "clang++"), None),
}
# Executable -> its options that name the folder it works in (``detect.locate``).
FOLDER_OPTIONS = {
    **dict.fromkeys(("make", "gmake", "mingw32-make"), ("-C", "--directory")),
    "ninja": ("-C",),
    "cmake": ("-S",),
}

# ctest's words for a test that did not pass, and what each is. "Failed": the test
# said so, its output (``--output-on-failure``) says why.
_CTEST_CATEGORY = {"Timeout": "runtime", "Not Run": "build"}


def _ctest_message(groups: dict[str, str | None], before: Sequence[str]) -> None:
    """Until its output says more: the test, and ctest's word for how it ended."""
    groups["msg"] = f"{groups['test']}: {groups['status']}"


class CTestOutput(Reader):
    """What a test that did not pass printed, under its line (``ctest
    --output-on-failure``), up to the next test's: its first line that some row
    reads as an error (a test framework's, a compiler's) is the error, with
    its place; else its first line that says something went wrong."""

    frames_wanted = False
    _NEXT = regex(
        r"^\s*(?:Start +\d+: |\d+/\d+ Test +#\d+: |\d+% tests passed|The following tests FAILED)"
    )
    _TELLING = regex(r"(?i)error|fail|expected|exception|assert|abort|not |timed? ?out")

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.status = err.message.partition(": ")[2]
        self.said = False  # the output's own words are the message
        self.detail: list[str] | None = None  # ... GoogleTest's, read under its place

    def accept(self, line: str) -> bool:
        if self._NEXT.match(line):
            return False
        if not self.said and line.strip():
            from . import TABLE  # the table holds ctest's row: read once it is built

            hit = TABLE.match(line)
            if hit is not None and hit.fmt.role == "error" and hit.fmt.name != "ctest-result":
                groups = hit.groups
                self.err.message = (groups.get("msg") or line).strip()
                self.err.file = groups.get("file")
                place = groups.get("line") or ""
                self.err.line = int(place) if place.isdigit() else None
                self.said = True
                self.detail = [] if hit.fmt.block == "gtest" else None
            elif self._TELLING.search(line):
                self.err.message, self.said = line.strip(), True
        elif self.detail is not None:  # what GoogleTest's expectation says, under its place
            if (words := gtest_words(line)) is not None and len(self.detail) < _GTEST_DETAIL:
                self.detail.append(words)
            elif words is None and self.detail:
                self.err.message, self.detail = " ".join(self.detail), None
        return True

    def finish(self) -> None:
        if self.detail:
            self.err.message = " ".join(self.detail)

    def category(self) -> str | None:
        if self.status.startswith("Exception"):
            return "runtime"  # a crash: ctest names the signal (SegFault, Bus error, ...)
        return None if self.said else _CTEST_CATEGORY.get(self.status, "assertion")


# GoogleTest: a failed expectation's place (``unknown file``, no place, for an
# exception that escaped the test), then what it expected, over a few lines, up to the next
# bracketed status line (``[  FAILED  ] Suite.Test (0 ms)``).
_GTEST_AT = r": Failure$"
_GTEST_RUN = regex(r"^\[ RUN      \] (?P<test>\S+)$")
_GTEST_DETAIL = 6  # lines of what it expected, at most, in the message


def _gtest_test(groups: dict[str, str | None], before: Sequence[str]) -> None:
    """The test is the last one GoogleTest said it runs, above."""
    for line in reversed(before):
        if (m := _GTEST_RUN.match(line)) is not None:
            groups["test"] = m["test"]
            return


def gtest_words(line: str) -> str | None:
    """A line of what a GoogleTest expectation says under its place, its spaces
    closed up; None where those lines end (a bracketed status, another place)."""
    if line.startswith("[") or not line.strip() or line.endswith(": Failure"):
        return None
    return " ".join(line.split())


class GTestFailure(Reader):
    """What a GoogleTest expectation says under its place: ``Expected equality of
    these values:`` and the values, ``Value of: ...  Actual: ...``, the test's own
    message; the words joined are the error's message."""

    frames_wanted = False

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.words: list[str] = []

    def accept(self, line: str) -> bool:
        if (words := gtest_words(line)) is None:
            return False
        if len(self.words) < _GTEST_DETAIL:
            self.words.append(words)
        return True

    def finish(self) -> None:
        if self.words:
            self.err.message = " ".join(self.words)

    def category(self) -> str | None:
        return "runtime" if "exception" in self.err.message else "assertion"


READERS = {"ctest": CTestOutput, "gtest": GTestFailure}

ROWS = (
    Format(
        "gcc",
        r"^\s*(?P<file>(?:[A-Za-z]:)?[^\s:][^:]*?(?::[^\s\d:][^:\s]*)?)"
        + _GCC_AT
        + r"(?: \[(?P<code>[\w-]+)\])?: (?P<msg>.+)$",
        seek=_GCC_AT,
        tool="gcc",
        block="codeframe",
        rank=2,
        examples=("src/a.c:3:5: error: 'x' undeclared (first use in this function)",),
    ),
    Format(
        "gcc-bare",
        r"^\s*(?P<file>[^\s:]+\.(?:c|cc|cpp|cxx|c\+\+|h|hh|hpp|hxx|m|mm)):(?P<line>\d+):"
        r"(?:(?P<col>\d+):)? (?P<msg>(?:[^\s:]+: No such file or directory|"
        r"invalid preprocessing directive.*|.*\bundeclared\b.*))$",
        tool="gcc",
        rank=2,
        examples=("/src/a.c:12:15: file.h: No such file or directory",),
    ),
    Format(
        "gcc-driver",
        r"^(?:gcc|g\+\+|cc|c\+\+|clang(?:\+\+)?|cc1\w*): (?P<sev>fatal error|error|warning): "
        r"(?P<msg>(?!linker command failed|ld returned).+)$",
        tool="gcc",
        rank=1,
        examples=("gcc: fatal error: no input files",),
    ),
    Format(
        "ld-undefined",
        r"^(?:(?:/\S*/)?ld(?:\.\w+)?: )?(?P<file>[^\s:]+?)(?::\(\.\w+[^)]*\)|:(?P<line>\d+))?: "
        r"(?P<msg>(?:undefined reference to|multiple definition of) .+)$",
        tool="ld",
        category="reference",
        rank=2,
        examples=("main.c:(.text+0x15): undefined reference to `foo'",),
    ),
    Format(
        "ld-error",
        r"^(?:/\S*/)?ld(?:\.\w+)?: (?P<msg>(?:cannot find|error:|final link failed|"
        r"unrecognized|cannot open).+)$",
        tool="ld",
        rank=2,
        examples=("/usr/bin/ld: cannot find -lfoo",),
    ),
    Format(
        "link-consequence",
        r"^(?:collect2: error: ld returned \d+ exit status"
        r"|(?:clang|gcc|g\+\+|clang\+\+): error: linker command failed.*"
        r"|\d+ errors? generated\.)$",
        tool="ld",
        role="consequence",
        rank=0,
        examples=("collect2: error: ld returned 1 exit status",),
    ),
    Format(
        "make-error",
        r"^(?:(?P<file>[^\s:]*[Mm]akefile[^\s:]*):(?P<line>\d+): |make(?:\[\d+\])?: )\*\*\* "
        r"(?P<msg>(?:No rule to make target|missing separator|No targets|recipe commences|"
        r"multiple target patterns|target pattern contains).*)$",
        tool="make",
        category="build",
        rank=2,
        examples=("make: *** No rule to make target 'foo', needed by 'all'.  Stop.",),
    ),
    Format(
        "make-consequence",
        r"^(?:g?make|mingw32-make|gmake)(?:\[\d+\])?: \*\*\* (?P<msg>.*)$",
        tool="make",
        role="consequence",
        rank=0,
        examples=("make: *** [Makefile:3: all] Error 1", "make[1]: *** [sub] Error 2"),
    ),
    Format(  # a folder make runs in (``-C``, a recursive make): the paths below are relative to it
        "make-directory",
        r"^(?:g?make|mingw32-make)(?:\[\d+\])?: (?:Entering|Leaving) directory "
        "[`'\u2018](?P<file>.+)['\u2019]$",  # quoted as the locale quotes
        tool="make",
        role="place",
        words=("entering directory", "leaving directory"),
        examples=(
            "make[1]: Entering directory '/tmp/loc/mk/sub'",
            "make[1]: Leaving directory '/tmp/loc/mk/sub'",
        ),
    ),
    Format(
        "cmake-error",
        r"^CMake Error(?: at (?P<file>[^:]+):(?P<line>\d+) \([\w-]+\))?:\s*(?P<msg>.*)$",
        tool="cmake",
        block="cmake",
        rank=2,
        examples=("CMake Error at CMakeLists.txt:4 (find_package):",),
    ),
    Format(
        "cmake-warning",
        r"^CMake (?P<sev>Warning)(?: \(dev\))?(?: at (?P<file>[^:]+):(?P<line>\d+) "
        r"\([\w-]+\))?:\s*(?P<msg>.*)$",
        tool="cmake",
        block="cmake",
        role="warning",
        examples=("CMake Warning (dev) at CMakeLists.txt:4 (project):",),
    ),
    Format(
        "gtest-failure",
        r"^(?:(?P<file>(?:[A-Za-z]:)?[^\s:]+):(?P<line>\d+)|unknown file)" + _GTEST_AT,
        seek=_GTEST_AT,
        tool="gtest",
        block="gtest",
        fixup=_gtest_test,
        rank=3,
        examples=("tests/math_test.cc:3: Failure", "unknown file: Failure"),
    ),
    Format(  # a test's end, each failure said above; its summary lists them again
        "gtest-failed",
        r"^\[  FAILED  \] (?:\d+ tests?, listed below:|(?P<test>\S+?)(?:, where .+?)?"
        r"(?: \(\d+ ms\))?)$|^ ?\d+ FAILED TESTS?$",
        tool="gtest",
        role="consequence",
        rank=0,
        words=("[  failed  ]", "failed test"),
        examples=(
            "[  FAILED  ] Math.Add (0 ms)",
            "[  FAILED  ] 3 tests, listed below:",
            "[  FAILED  ] Math.Add",
            " 3 FAILED TESTS",
        ),
    ),
    Format(  # ctest's line for a test that did not pass; what it printed may follow
        "ctest-result",
        r"^\s*\d+/\d+ Test +#\d+: (?P<test>\S+) \.+ *\*\*\*"
        r"(?P<status>Failed|Not Run|Timeout|Exception: .+?)(?: +[\d.]+ sec)?\s*$",
        tool="ctest",
        block="ctest",
        fixup=_ctest_message,
        rank=3,
        words=("***failed", "***timeout", "***exception", "***not run"),
        examples=(
            "2/4 Test #2: unit_parse .......................***Failed    0.00 sec",
            "3/4 Test #3: integration ......................***Exception: SegFault  0.00 sec",
            "  4/4 Test  #4: slow .............................***Timeout   1.00 sec",
        ),
    ),
    Format(  # ... and the tests that did not pass, listed again at the end
        "ctest-summary",
        r"^(?:The following tests FAILED:|Errors while running CTest)$",
        tool="ctest",
        role="consequence",
        block="indented",
        rank=0,
        examples=("The following tests FAILED:", "Errors while running CTest"),
    ),
    Format(
        "cmake-consequence",
        r"^-- (?:Configuring incomplete, errors occurred!|Build files have not been written)"
        r"|^ninja: build stopped: .*$|^FAILED: \S",
        tool="cmake",
        role="consequence",
        rank=0,
        examples=("-- Configuring incomplete, errors occurred!", "ninja: build stopped: x."),
    ),
)
