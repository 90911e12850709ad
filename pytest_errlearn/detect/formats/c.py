"""C and C++: gcc/clang, the linker, make, cmake, ninja. (Their test runners: cpptest.py.)"""

from __future__ import annotations

from . import Format

# What follows the file name on a diagnostic's line, which may start with any path.
_GCC_AT = r":(?P<line>\d+):(?:(?P<col>\d+):)? (?P<sev>fatal error|error|warning|note|remark)"

ORDER = 48  # where its rows stand in the table (``formats.families``)
COMMANDS = {
    **dict.fromkeys(("make", "gmake", "mingw32-make"), "make"),
    "cmake": "cmake",
    "ninja": "ninja",
    **dict.fromkeys(("gcc", "g++", "cc", "c++", "clang", "clang++"), "gcc"),
}
# Executable -> the subcommands that build or test (None: any use).
BUILDS: dict[str, frozenset[str] | None] = {
    **dict.fromkeys(("make", "gmake", "mingw32-make", "cmake", "ninja"), None),
    **dict.fromkeys(("gcc", "g++", "cc", "c++", "clang", "clang++"), None),
}
# Executable -> its options that name the folder it works in (``detect.locate``).
FOLDER_OPTIONS = {
    **dict.fromkeys(("make", "gmake", "mingw32-make"), ("-C", "--directory")),
    "ninja": ("-C",),
    "cmake": ("-S",),
}

# The C library's assert(): "prog: file.c:12: main: Assertion `x == 4' failed."
_ASSERTION = r": (?P<msg>Assertion [`'].*' failed\.)$"

ROWS = (
    Format(  # before gcc's row, which would read the function's name as a severity's place
        "c-assert",
        r"^(?:[^\s:]+: )?(?P<file>(?:[A-Za-z]:)?[^\s:]+\.(?:c|cc|cpp|cxx|c\+\+|h|hh|hpp|hxx)):"
        r"(?P<line>\d+): (?P<func>[^:]+)" + _ASSERTION,
        seek=_ASSERTION,
        tool="libc",
        category="assertion",
        rank=3,
        examples=(
            "test_cart: test_cart.c:12: main: Assertion `total(items) == 4' failed.",
            "a.out: src/cart.cpp:7: int total(): Assertion `n > 0' failed.",
        ),
    ),
    Format(
        "gcc",
        r"^\s*(?P<file>(?:[A-Za-z]:)?[^\s:][^:]*?(?::[^\s\d:][^:\s]*)?)"
        + _GCC_AT
        + r"(?: \[(?P<code>[\w-]+)\])?: (?P<msg>.+)$",
        seek=_GCC_AT,
        tool="gcc",
        block="gcc",
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
        "cmake-consequence",
        r"^-- (?:Configuring incomplete, errors occurred!|Build files have not been written)"
        r"|^ninja: build stopped: .*$|^FAILED: \S",
        tool="cmake",
        role="consequence",
        rank=0,
        examples=("-- Configuring incomplete, errors occurred!", "ninja: build stopped: x."),
    ),
)
