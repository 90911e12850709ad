"""C and C++: gcc/clang, the linker, make, cmake, ninja. (Their test runners: cpptest.py.)"""

from __future__ import annotations

from collections.abc import Sequence

from ...report import Error
from ..reader import Reader, diagnosed
from . import Format, regex, said_in

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

# The warnings that say a name or a type is wrong, made errors or not (gcc 14 makes
# them errors of its own): the plain row's, whose words the classifier reads.
_NOT_RULES = (
    r"implicit-function-declaration|implicit-int|incompatible-pointer-types|int-conversion"
    r"|return-mismatch|return-type"
)

# The linker, by its name or its path (MinGW prints "c:/.../bin/ld.exe"); a
# linker's lines under rustc's "= note:" come indented.
_LD = r"(?:(?:[A-Za-z]:)?[/\\]\S*[/\\])?(?:rust-lld|ld(?:\.\w+)?)"

# The C library's assert(): "prog: file.c:12: main: Assertion `x == 4' failed."
_ASSERTION = r": (?P<msg>Assertion [`'].*' failed\.)$"


# The lines g++ prints above an error in a template it instantiated: where the
# instantiation began ("main.cpp:19:14:   required from here"), the chain that led
# to the template ("...: In instantiation of ...", "...:1809:14:   required from
# ..."; "[ skipping 5 instantiation contexts ...]"), the source g++ 14 quotes under
# each ("   19 |     std::sort(...)"), the headers that brought it in.
_REQUIRED_HERE = regex(r"^(?P<file>\S.*?):(?P<line>\d+):(?P<col>\d+):\s+required from here$")
_CHAIN = regex(
    r"^\S.*?: In instantiation of |^\S.*?:\d+:\d+:\s+(?:required (?:from|by) |\[ skipping )|"
    r"^In file included from |^\s+from \S|^\s*\d* \|"
)


# A compiler's or a library's headers, installed: no place the user would edit.
_SYSTEM = regex(
    r"^(?:/usr/(?:local/)?(?:include|lib)/|/Library/Developer/|/Applications/Xcode)"
    r"|/include/c\+\+/"
)


def _instantiated_at(groups: dict[str, str | None], before: Sequence[str]) -> bool:
    """An error in an installed header's template (``/usr/include/c++/...``) is
    the user's where its instantiation began: at the nearest "required from here"
    above it, outside the installed headers."""
    if _SYSTEM.search(groups.get("file") or "") is not None:
        for line in reversed(before):
            if (m := _REQUIRED_HERE.match(line)) is not None:
                if _SYSTEM.search(m["file"]) is None:
                    groups.update(file=m["file"], line=m["line"], col=m["col"])
                break
            if _CHAIN.match(line) is None:
                break  # above the chain: another error's lines
    return False  # no heading that later errors share: nothing for them to carry


class NinjaFailed(Reader):
    """Under ninja's ``FAILED: <outputs>``: the command it ran, then what that
    printed, up to ninja's next line of its own. Where a row reads an error in
    that output (the compiler's, the linker's, a script's ``cat: ...``), that is
    the failure, and these lines only its context; else the output says why."""

    frames_wanted = False
    _OWN = regex(r"^(?:\[\d+/\d+\] |FAILED: |ninja: )")  # progress, a failure, ninja's own

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.said = False  # the command's output gave the message

    def accept(self, line: str) -> bool:
        if self.count == 0:
            return True  # the command
        if self._OWN.match(line):
            return False
        if diagnosed(line):
            self.valid = False  # the tool's own errors follow: they are the cause
            return False
        if not self.said and line.strip():
            self.err.message, self.said = line.strip(), True
        return True

    def finish(self) -> None:
        pass


# What cmake's own words say: its parser's "Parse error.  Expected a command name ...";
# a source, an included file or a folder that is not there.
_CMAKE_SAYS = (
    ("syntax", regex(r"^Parse error\.")),
    (
        "filesystem",
        regex(r"^Cannot find source file|could not find requested file|does not exist"),
    ),
)
# The modules cmake ships (``/usr/share/cmake-3.16/Modules/FindCUDA.cmake``): where a
# ``find_package`` fails, never the user's to edit.
_CMAKE_MODULES = regex(r"[/\\]share[/\\]cmake[^/\\]*[/\\]Modules[/\\]")
_CALL = regex(r"^\s+(?P<file>\S.*?):(?P<line>\d+) \([\w-]+\)$")  # a Call Stack's frame


class CMake(Reader):
    """``CMake Error``: an indented message, blank lines, a ``Call Stack``. The
    message is the first paragraph, its lines (cmake wraps them) joined; where
    it ends with a colon, the paragraph it introduces too (the file it did not
    find, indented deeper). An error in a module cmake ships (``Could NOT find
    X``, raised in ``FindPackageHandleStandardArgs.cmake``) is the project's at
    the first frame of its own in the Call Stack (its ``find_package``)."""

    frames_wanted = False
    _ITEMS = 3  # lines of the paragraph a colon introduces, at most

    # config mode's own verdict, worded after a paragraph of how it looked
    # ("By not providing "FindX.cmake" in CMAKE_MODULE_PATH this project ...")
    _DECISIVE = regex(
        r"^Could not find a (?:package configuration file provided by|"
        r"configuration file for package) "
    )

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.words: list[str] = []  # the message's lines
        self.reading = False  # the paragraph that is the message, while read
        self.decisive = False  # config mode's verdict was read
        self.items = 0  # lines of the paragraph its colon introduces still to take
        self.stack = False  # in the Call Stack
        self.caller: tuple[str, int] | None = None  # its first frame outside cmake's modules

    def accept(self, line: str) -> bool:
        stripped = line.strip()
        if stripped and not line[:1].isspace():
            self.reading = False
            self.stack = line.startswith("Call Stack (most recent call first):")
            return self.stack
        if self.stack:
            m = _CALL.match(line)
            if m is not None and self.caller is None and not _CMAKE_MODULES.search(m["file"]):
                self.caller = (m["file"], int(m["line"]))
        elif not stripped:
            if self.reading and self.words[-1].endswith(":"):
                self.items = self._ITEMS
            elif self.items < self._ITEMS:
                self.items = 0  # the paragraph the colon introduced is over
            self.reading = False
        elif self.reading:
            self.words.append(stripped)
        elif self.items:
            self.words.append(stripped)
            self.items -= 1
        elif not self.decisive and self._DECISIVE.match(stripped):
            self.words, self.reading, self.decisive = [stripped], True, True
        elif not self.words and self.err.message.rstrip().endswith(":"):  # the header says none
            self.words, self.reading = [stripped], True
        return True

    def finish(self) -> None:
        if self.words:
            self.err.message = " ".join(self.words)
        if self.caller is not None and _CMAKE_MODULES.search(self.err.file or ""):
            self.err.file, self.err.line = self.caller

    def category(self) -> str | None:
        return said_in(_CMAKE_SAYS, self.err.message)


READERS = {"ninja": NinjaFailed, "cmake": CMake}

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
    Format(  # a warning -Werror made an error: the build's rule, not a wrong name or type
        # (an implicit declaration, a pointer of another type, say more: the next row's)
        "gcc-werror",
        r"^\s*(?P<file>(?:[A-Za-z]:)?[^\s:][^:]*?(?::[^\s\d:][^:\s]*)?)"
        + _GCC_AT
        + r": (?P<msg>.+ \[-Werror(?:=|,-W)(?!"
        + _NOT_RULES
        + r")[\w+=-]+\])$",
        seek=_GCC_AT,
        tool="gcc",
        block="gcc",
        fixup=_instantiated_at,
        category="build",
        rank=2,
        examples=(
            "src/cart.c:12:9: error: unused variable 'n' [-Werror=unused-variable]",
            "src/cart.c:5:7: error: variable 'n' set but not used "
            "[-Werror,-Wunused-but-set-variable]",
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
        fixup=_instantiated_at,
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
        r"^(?:" + _LD + r": )?(?P<file>[^\s:]+?)(?::\(\.\w+[^)]*\)|:(?P<line>\d+))?: "
        r"(?P<msg>(?:undefined reference to|multiple definition of) .+)$",
        tool="ld",
        category="reference",
        rank=2,
        examples=("main.c:(.text+0x15): undefined reference to `foo'",),
    ),
    Format(  # a library to link that is not there (ld's words, lld's)
        "ld-no-library",
        r"^" + _LD + r": (?:error: )?(?P<msg>(?:cannot find|unable to find library) -l.+)$",
        tool="ld",
        category="dependency",
        rank=2,
        examples=(
            "/usr/bin/ld: cannot find -lfoo",
            "C:/msys64/mingw64/bin/../lib/gcc/x86_64-w64-mingw32/13.2.0/../../../../"
            "x86_64-w64-mingw32/bin/ld.exe: cannot find -lfoo: No such file or directory",
            "rust-lld: error: unable to find library -lfoo",
        ),
    ),
    Format(
        "ld-error",
        r"^" + _LD + r": (?:error: )?(?P<msg>(?:cannot find|final link failed|"
        r"unrecognized|cannot open).+)$",
        tool="ld",
        rank=2,
        examples=(
            "/usr/bin/ld: cannot find crt1.o: No such file or directory",
            "c:/mingw/bin/../lib/gcc/mingw32/9.2.0/../../../../mingw32/bin/ld.exe: "
            "cannot open output file app.exe: Permission denied",
        ),
    ),
    Format(  # any other the linker says is an error (lld's "undefined symbol: cart_total")
        "ld-error-said",
        r"^" + _LD + r": error: (?P<msg>.+)$",
        tool="ld",
        rank=2,
        examples=("ld.lld: error: undefined symbol: cart_total",),
    ),
    Format(  # the linker's errors above, counted; none read there: this is the error
        "link-consequence",
        r"^(?:collect2(?:\.exe)?: error: ld returned \d+ exit status"
        r"|(?:clang|gcc|g\+\+|clang\+\+): error: linker command failed.*"
        r"|\d+ errors? generated\.)$",
        tool="ld",
        role="count",
        category="build",
        rank=0,
        examples=(
            "collect2: error: ld returned 1 exit status",
            "collect2.exe: error: ld returned 1 exit status",
        ),
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
    Format(  # a recipe failed: the error above it, where there is one, is why; else
        # this is the error, at the recipe's line (make 4 names it: "[Makefile:2: check]")
        "make-consequence",
        r"^(?:g?make|mingw32-make|gmake)(?:\[\d+\])?: \*\*\* "
        r"(?P<msg>(?:\[(?P<file>[^\s:\]]+):(?P<line>\d+): [^\]]*\] )?.*)$",
        tool="make",
        category="build",
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
        # at a command's call, or (a parse error) at a place alone
        r"^CMake Error(?: at (?P<file>[^:]+):(?P<line>\d+)(?: \([\w-]+\))?)?:\s*(?P<msg>.*)$",
        tool="cmake",
        block="cmake",
        rank=2,
        examples=(
            "CMake Error at CMakeLists.txt:4 (find_package):",
            "CMake Error at CMakeLists.txt:4:",
        ),
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
    Format(  # a step ninja ran failed: the command, and what it printed, follow
        "ninja-failed",
        r"^FAILED: (?:\[code=-?\d+\] )?\S.*$",
        tool="ninja",
        block="ninja",
        category="build",
        rank=1,
        examples=(
            "FAILED: CMakeFiles/app.dir/src/main.cpp.o ",
            "FAILED: [code=1] version.h",
        ),
    ),
    Format(  # the folder ``ninja -C`` builds in: the paths the compilers print are relative to it
        "ninja-directory",
        r"^ninja: Entering directory [`'](?P<file>.+)'$",
        tool="ninja",
        role="place",
        words=("entering directory",),
        examples=("ninja: Entering directory `build'",),
    ),
    Format(
        "cmake-consequence",
        r"^-- (?:Configuring incomplete, errors occurred!|Build files have not been written)"
        r"|^ninja: build stopped: .*$",
        tool="cmake",
        role="consequence",
        rank=0,
        examples=("-- Configuring incomplete, errors occurred!", "ninja: build stopped: x."),
    ),
)
