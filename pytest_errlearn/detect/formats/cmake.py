"""CMake and ninja: ``cmake``'s configure errors and warnings, ninja's failed steps.

``CMake Error at CMakeLists.txt:4 (find_package):`` says where, its indented
paragraphs what, a ``Call Stack`` (an included file's error) who called it.
ninja prints ``FAILED: <outputs>``, the command it ran, then what that printed:
the compiler's own errors there are the cause (c.py reads them). (gcc, the
linker and make: c.py.)
"""

from __future__ import annotations

from ...report import Error
from ..reader import Reader, diagnosed
from . import Format, regex, said_in

ORDER = 48  # with c.py's rows, after them (by name): none takes the other's lines
COMMANDS = {"cmake": "cmake", "ninja": "ninja"}
# Executable -> the subcommands that build or test (None: any use).
BUILDS: dict[str, frozenset[str] | None] = {"cmake": None, "ninja": None}
# Executable -> its options that name the folder it works in (``detect.locate``).
FOLDER_OPTIONS = {"ninja": ("-C",), "cmake": ("-S",)}


class NinjaFailed(Reader):
    """Under ninja's ``FAILED: <outputs>``: the command it ran, then what that
    printed, up to ninja's next line of its own. Where a row reads an error in
    that output (the compiler's, the linker's, a script's ``cat: ...``), that is
    the failure, and these lines only its context; else the output says why."""

    frames_wanted = False
    _OWN = regex(r"^(?:\[\d+/\d+\] |FAILED: |ninja: )")  # progress, a failure, ninja's own
    # A program run by its path says so first ("c:/.../bin/ld.exe: app.elf section
    # `.text' will not fit in region `iram0_0_seg'"): what it said is the message.
    _PROGRAM = regex(r"^(?:[A-Za-z]:)?\S*[/\\]bin[/\\][\w.+-]+: (?=\S)")

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
            self.err.message, self.said = self._PROGRAM.sub("", line.strip(), count=1), True
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
    the first frame of its own in the Call Stack (its ``find_package``).

    A build system's modules run their tools from cmake (Zephyr's dtc, Kconfig,
    gen_defines.py) and fail with the tool's status ("command failed with return
    code: 1"): the tool said why above, and this follows from it. Its ``-- In:
    <dir>, command: ...`` went to stdout, between the header and the message.
    So does FindCUDA's script that ran nvcc (``..._generated_x.cu.o.cmake``),
    "Error generating" the object nvcc failed to make."""

    frames_wanted = False
    _ITEMS = 3  # lines of the paragraph a colon introduces, at most
    _STATUS = regex(r"^-- (?!Configuring incomplete|Build files have not been written)")
    _RETURNED = regex(r"\bfailed with return code: -?\d+$|^Error generating\b")

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
        if self.count == 0 and self._STATUS.match(line):
            return True  # a status line, written while the error was
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
        self.consequence = self._RETURNED.search(self.err.message) is not None
        if self.caller is not None and _CMAKE_MODULES.search(self.err.file or ""):
            self.err.file, self.err.line = self.caller

    def category(self) -> str | None:
        return said_in(_CMAKE_SAYS, self.err.message)


READERS = {"ninja": NinjaFailed, "cmake": CMake}

ROWS = (
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
