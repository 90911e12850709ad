"""C and C++: gcc/clang, the linker, make. (CMake, ninja: cmake.py; test runners: cpptest.py.)

clang fits its diagnostics to the terminal's width: where the place fills the
line, the message starts on the next one, and every line it goes on to is
indented six spaces (``src/cart.c:2:33: error:`` over ``      use of
undeclared identifier 'total'``).
"""

from __future__ import annotations

from collections.abc import Sequence

from ...report import Error
from ..reader import Reader
from . import Format, regex

# What follows the file name on a diagnostic's line, which may start with any path.
_GCC_AT = r":(?P<line>\d+):(?:(?P<col>\d+):)? (?P<sev>fatal error|error|warning|note|remark)"

ORDER = 48  # where its rows stand in the table (``formats.families``)
COMMANDS = {
    **dict.fromkeys(("make", "gmake", "mingw32-make"), "make"),
    **dict.fromkeys(("gcc", "g++", "cc", "c++", "clang", "clang++"), "gcc"),
}
# Executable -> the subcommands that build or test (None: any use).
BUILDS: dict[str, frozenset[str] | None] = {
    **dict.fromkeys(("make", "gmake", "mingw32-make"), None),
    **dict.fromkeys(("gcc", "g++", "cc", "c++", "clang", "clang++"), None),
}
# Executable -> its options that name the folder it works in (``detect.locate``).
FOLDER_OPTIONS = {**dict.fromkeys(("make", "gmake", "mingw32-make"), ("-C", "--directory"))}

# The warnings that say a name or a type is wrong, made errors or not (gcc 14 makes
# them errors of its own): the plain row's, whose words the classifier reads.
_NOT_RULES = (
    r"implicit-function-declaration|implicit-int|incompatible-pointer-types|int-conversion"
    r"|return-mismatch|return-type"
)

# The linker, by its name or its path (MinGW prints "c:/.../bin/ld.exe"); a
# linker's lines under rustc's "= note:" come indented.
# The linker by its path or name: a cross one's target first (arm-none-eabi-ld), its
# flavour or extension after (ld.bfd.exe, ld.lld).
_LD = r"(?:(?:[A-Za-z]:)?[/\\]\S*[/\\])?(?:rust-lld|(?:[\w.]+-)*ld(?:\.\w+)*)"

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


class Wrapped(Reader):
    """Under a diagnostic of clang's whose line ends at its severity: the message,
    on the lines after it indented six spaces past the place's own indentation
    (clang wraps its words at the terminal's width, ``-fmessage-length``). The
    quoted source and its caret follow, unindented: nothing of the message."""

    frames_wanted = False
    _WRAP = 6  # clang's indentation of a wrapped message's lines

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        margin = len(err.text) - len(err.text.lstrip())
        self.more = regex(rf"^ {{{margin + self._WRAP}}}\S")
        self.words: list[str] = []

    def accept(self, line: str) -> bool:
        if self.more.match(line) is None:
            return False
        self.words.append(line.strip())
        return True

    def finish(self) -> None:
        if self.words:
            self.err.message = " ".join(self.words)


READERS = {"gccwrapped": Wrapped}

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
    Format(  # a name g++ does not know: a declaration or an #include missing
        "gcc-unknown-name",
        r"^\s*(?P<file>(?:[A-Za-z]:)?[^\s:][^:]*?(?::[^\s\d:][^:\s]*)?)"
        + _GCC_AT
        + r": (?P<msg>.+ (?:does not name a (?:template )?type|has not been declared)\b.*)$",
        seek=_GCC_AT,
        tool="gcc",
        block="gcc",
        fixup=_instantiated_at,
        category="reference",
        rank=2,
        examples=(
            "cart.cpp:4:5: error: \u2018Money\u2019 does not name a type",
            "cart.cpp:5:14: error: \u2018Item\u2019 has not been declared",
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
    Format(  # clang's, its message wrapped onto the next lines (``Wrapped``)
        "gcc-wrapped",
        r"^\s*(?P<file>(?:[A-Za-z]:)?[^\s:][^:]*?(?::[^\s\d:][^:\s]*)?)" + _GCC_AT + r":\s*$",
        seek=_GCC_AT,
        tool="gcc",
        block="gccwrapped",
        fixup=_instantiated_at,
        rank=2,
        examples=("src/checkout/pricing/rules/cart_total_calculation.c:2:33: error: ",),
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
        # the object, where ld names both: "obj/cart.o:/home/user/src/cart.c:14: ...",
        # older ld's "cart.o:cart.c:(.text+0x15): ..."; a Windows path from its drive
        r"^(?:" + _LD + r": )?(?:[^\s:]+\.o(?:bj)?:(?=[^\s:]+:(?:\d+: |\()))?"
        r"(?P<file>(?:[A-Za-z]:)?[^\s:]+?)(?::\(\.\w+[^)]*\)|:(?P<line>\d+))?: "
        r"(?P<msg>(?:undefined reference to|multiple definition of) .+)$",
        tool="ld",
        category="reference",
        rank=2,
        examples=(
            "main.c:(.text+0x15): undefined reference to `foo'",
            "/usr/bin/ld: obj/cart.o:/home/user/src/cart.c:14: undefined reference to `total'",
            "cart.o:cart.c:(.text+0x85): undefined reference to `total'",
            r"C:\work\shop\src\main.cpp:14: undefined reference to `setup()'",
        ),
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
    Format(  # a section the linker script's memory region cannot hold: firmware's FLASH, RAM
        "ld-region",
        r"^" + _LD + r": (?P<msg>(?:\S+ section `[^']+' will not fit in region `[^']+'"
        r"|address 0x[0-9a-fA-F]+ of \S+ section `[^']+' is not within region `[^']+'"
        r"|\S+ segment data does not fit\.))$",
        tool="ld",
        category="build",
        rank=2,
        words=("will not fit in region", "is not within region", "does not fit."),
        examples=(
            "/usr/bin/ld: cart.elf section `.text' will not fit in region `FLASH'",
            "arm-none-eabi-ld: address 0x20005000 of cart.elf section `.bss' is not within "
            "region `RAM'",
            "xtensa-esp32-elf-ld: IRAM0 segment data does not fit.",
        ),
    ),
    Format(  # by how much, under the section that did not fit: the error only alone
        "ld-region-overflowed",
        r"^" + _LD + r": (?P<msg>region `[^']+' overflowed by \d+ bytes)$",
        tool="ld",
        role="count",
        category="build",
        rank=1,
        words=("overflowed by",),
        examples=("/usr/bin/ld: region `FLASH' overflowed by 180 bytes",),
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
        r"|(?:clang|gcc|g\+\+|clang\+\+): error: linker command failed.*)$",
        tool="ld",
        role="count",
        category="build",
        rank=0,
        examples=(
            "collect2: error: ld returned 1 exit status",
            "collect2.exe: error: ld returned 1 exit status",
        ),
    ),
    Format(  # clang's count of a file's errors, under them: the compiler's, not the linker's
        "compile-count",
        r"^\d+ errors? generated\.$",
        tool="gcc",
        role="count",
        category="build",
        rank=0,
        examples=("1 error generated.", "3 errors generated."),
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
)
