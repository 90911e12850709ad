"""Firmware builds: BitBake (Yocto), Zephyr's devicetree and Kconfig, PlatformIO,
Arduino, ESP-IDF's ``idf.py``, Arm's linker (Keil). (The compilers and GNU ld
they run: c.py; the CMake and ninja under ``west`` and ``idf.py``: cmake.py.)

BitBake says a task failed on a line of its own, ``ERROR: <recipe> do_<task>:
<what>``; where the task ran a shell function, ``Log data follows:`` and the
task's log, each line after ``| ``: the compiler's or configure's error there
is the failure, the task's line only that it failed. The counts follow
(``ERROR: Task (<recipe>.bb:do_compile) failed with exit code '1'``, ``Summary:
1 task failed:``). A target no recipe provides is ``ERROR: Nothing PROVIDES
'x'``, and the image that needs it "has no buildable providers".

Zephyr's devicetree library says ``devicetree error: <file>:<line> (column
<col>): parse error: ...``, dtc ``Error: <file>:<line>.<col>-<line>.<col>
syntax error``; CMake's error under it ("command failed with return code")
follows from it. Kconfig warns of a symbol that did not get the value assigned
(``warning: FOO (defined at drivers/Kconfig:5) was assigned the value 'y' but
got the value 'n'. ...``, its words wrapped over the next lines) or of an
assignment to no symbol (``prj.conf:3: warning: attempt to assign the value 'y'
to the undefined symbol FOO``); Zephyr stops on them (``error: Aborting due to
Kconfig warnings``): they are the errors.

PlatformIO runs SCons, which says ``*** [.pio/build/env/src/main.cpp.o] Error 1``
under the compiler's error, and ends with ``[FAILED] Took 9.57 seconds``; a
package it cannot install is ``UnknownPackageError: Could not find the package
with 'x @ 1.2' requirements for your system 'linux_x86_64'``. Arduino ends with
``Error during build: exit status 1`` (arduino-cli), ``Compilation error: exit
status 1`` (IDE 2). Arm's linker (armlink, Keil's) writes ``.\\out\\app.axf:
Error: L6218E: Undefined symbol cart_total (referred from main.o).``.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...report import Error
from ..reader import Reader, read_by_a_row
from . import Format, Said, regex, said_in

ORDER = 9  # before pytest's separator row (python.py), which takes "=== [FAILED] Took 2.50s ===",
# the bare "error:"/"warning:" rows (elixir.py's, rust.py's) and c.py's gcc row
COMMANDS = {
    **dict.fromkeys(("pio", "platformio"), "platformio"),
    "arduino-cli": "arduino",
    "idf.py": "esp-idf",
    "west": "west",
    "bitbake": "bitbake",
}
# Executable -> the subcommands that build or test (None: any use).
BUILDS: dict[str, frozenset[str] | None] = {
    **dict.fromkeys(("pio", "platformio"), frozenset({"run", "test", "check", "ci"})),
    "arduino-cli": frozenset({"compile"}),
    "idf.py": frozenset({"build", "all", "app", "flash", "bootloader"}),
    "west": frozenset({"build", "twister"}),
    "bitbake": None,
}

# A task's line that only says the task failed (the function it ran, the
# shell's status, the fetcher's last word): it follows from the error above
# it, or the log under it says why.
_FAILED = regex(
    r"^(?:[\w-]+ failed$|Function failed: |ExecutionError\(|Execution of '[^']*' failed with "
    r"exit code|Fetcher failure for URL: .*Unable to fetch URL from any source\.$)"
)
_FETCH_COMMAND = regex(r"^Fetcher failure: Fetch command .* failed with exit code (\d+), output:$")
# The line of a fetch command's output that says why (wget's, git's last word).
_FETCH_SAYS = regex(
    r"(?i)\b(?:fail|unable|error|fatal|denied|not found|refused|timed out|could not|no route)"
)
_BITBAKE_SAYS = (
    ("dependency", regex(r"^Nothing R?PROVIDES |Unable to find revision ")),
    ("network", regex(r"Fetcher failure|Unable to fetch URL|Failed to fetch URL")),
)


def _theirs(row: Format) -> bool:
    """A row refused in a task's log: BitBake's own lines there ("| ERROR:
    oe_runmake failed"), the generic rows (any "ERROR: ..." line)."""
    return row.tool == "bitbake" or row.rank < 2


class BitbakeTask(Reader):
    """Under a task's error: where its log is, ``Log data follows:`` and the log,
    each line after ``| `` (the first a row reads as an error, the compiler's,
    configure's, is the failure's message, place and category), a fetch
    command's output under the ``output:`` that ends the line, the recipes
    close to a name nothing provides. A line that only says the task failed
    follows from the error above it, where its log says nothing more."""

    frames_wanted = False
    _OWN = regex(r"^(?:ERROR: Logfile of failure stored in: |Log data follows:\s*$)")
    _OUTPUT = 10  # lines of a fetch command's output read, at most

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.read: Format | None = None  # the row that read the failure in the task's log
        self.consequence = _FAILED.search(err.message) is not None
        self.output: list[str] | None = [] if err.message.endswith("output:") else None

    def accept(self, line: str) -> bool:
        stripped = line.strip()
        if self.output is not None:
            if stripped and not line.startswith(("ERROR:", "WARNING:", "NOTE:", "|")):
                if len(self.output) < self._OUTPUT:
                    self.output.append(stripped)
                return True
            said, self.output = self.output, None
            self.said(said)
        if self._OWN.match(line) is not None:
            return True
        if line.startswith("|"):
            if self.read is None and stripped != "|":
                self.read = read_by_a_row(self.err, stripped[1:].strip(), _theirs)
            return True
        return stripped != "" and line[:1].isspace()  # "Close matches:", each indented

    def said(self, output: Sequence[str]) -> None:
        """A fetch command's output, its line that says why at the message's end."""
        if not output:
            return
        why = next((o for o in reversed(output) if _FETCH_SAYS.search(o)), output[0])
        if (m := _FETCH_COMMAND.match(self.err.message)) is not None:
            self.err.message = f"Fetcher failure: Fetch command failed with exit code {m[1]}:"
        self.err.message = f"{self.err.message} {why}"

    def finish(self) -> None:
        if self.output:
            self.said(self.output)
        if self.read is not None:
            self.consequence = False  # the log said why: this is the failure
            self.err.tool = self.read.tool or self.err.tool

    def category(self) -> str | None:
        if self.read is not None:
            return self.read.category or self.said_else("build")
        return said_in(_BITBAKE_SAYS, self.err.message) or "build"


def _bitbake_task(groups: dict[str, str | None], before: Sequence[str]) -> None:
    """A line of no task (a name nothing provides, an older fetcher's) says it all."""
    if groups.get("said"):
        groups["msg"] = groups["said"]


class KconfigWarning(Reader):
    """The words of a Kconfig warning, wrapped over the lines under it up to a
    blank one: to the sentence that sends the reader to the documentation
    ("See http://docs..."), or the colon that opens a list of symbols."""

    frames_wanted = False
    _LINES = 4  # of the warning's words joined into its message, at most
    _SEE = regex(r"\s+See(?:\s.*)?$")

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.words = [err.message.strip()]
        self.done = err.message.rstrip().endswith(":")

    def accept(self, line: str) -> bool:
        if not line.strip() or line.startswith(("warning:", "error:")) or ": warning: " in line:
            return False
        if not self.done and len(self.words) < self._LINES:
            self.words.append(line.strip())
            self.done = line.rstrip().endswith(":") or self._SEE.search(line) is not None
        return True

    def finish(self) -> None:
        said = self._SEE.sub("", " ".join(self.words))
        self.err.message = said or self.err.message


def _assigned(groups: dict[str, str | None], before: Sequence[str]) -> None:
    """The message is the warning's words from "attempt" on."""
    groups["msg"] = f"attempt to assign the value '{groups['msg']}"


# What armlink's and dtc's words say: a symbol no object defines or two that
# do, a label or a node no source defines.
_LINKED_SAYS = (
    (
        "reference",
        regex(
            r"^(?:Undefined symbol|Symbol \S+ multiply defined)|Reference to non-existent node "
            r"or label|^Label or path \S+ not found"
        ),
    ),
)


class LinkedSaid(Said):
    """A line that is all its error says (armlink's, dtc's): its words name a
    symbol's category, which the classifier's general rules would not tell."""

    SAYS = _LINKED_SAYS


READERS = {"bitbake": BitbakeTask, "kconfig": KconfigWarning, "said": LinkedSaid}

# armlink's message code: L, four digits, its severity's letter.
_ARMLINK = r": (?P<code>L\d{4}[EWU]): "
# The file of a Kconfig fragment (``prj.conf``, ``boards/x.conf``, a defconfig).
_KCONFIG_FILE = r"(?P<file>(?:[A-Za-z]:)?[^\s:]*(?:\.conf|defconfig|\.config|Kconfig[\w.-]*))"
_KCONFIG_ASSIGN = r": (?P<sev>warning): attempt to assign the value '"
# A dtc check's severity and name, after the node's place.
_DTC_CHECK = r": (?P<sev>ERROR|Warning) \((?P<code>\w+)\): "

ROWS = (
    Format(  # a task's own error, or one of no task (its log, the fetch output under it)
        "bitbake-task",
        r"^ERROR: (?:\S+ do_\w+: (?P<msg>.+)|(?P<said>(?:Nothing R?PROVIDES '|Fetcher failure: "
        r"|Function failed: ).+))$",
        tool="bitbake",
        block="bitbake",
        fixup=_bitbake_task,
        rank=2,
        examples=(
            "ERROR: cart-1.0-r0 do_compile: oe_runmake failed",
            "ERROR: cart-1.0-r0 do_fetch: Fetcher failure for URL: 'https://example.com/cart.tgz'. "
            "Unable to fetch URL from any source.",
            "ERROR: Nothing PROVIDES 'libcart' (but /home/user/meta-shop/recipes-shop/shop/"
            "shop_1.0.bb DEPENDS on or otherwise requires it)",
            "ERROR: Nothing RPROVIDES 'cart-tools'",
        ),
    ),
    Format(  # the task's count: its error is above; where none was read, this is it
        "bitbake-task-failed",
        r"^ERROR: (?P<msg>Task (?:\d+ )?\((?:(?:virtual|mc):[\w-]+:)*(?P<file>[^,()]+?\.bb)"
        r"(?::|, )do_\w+\) failed with exit code '\d+')$",
        tool="bitbake",
        role="count",
        category="build",
        rank=1,
        examples=(
            "ERROR: Task (/home/user/meta-shop/recipes-shop/cart/cart_1.0.bb:do_compile) failed "
            "with exit code '1'",
            "ERROR: Task 812 (/home/user/meta-shop/recipes-shop/cart/cart_1.0.bb, do_fetch) "
            "failed with exit code '1'",
        ),
    ),
    Format(  # what follows from the errors above: the image no recipe can make, the counts
        "bitbake-summary",
        r"^(?:ERROR: Required build target '[^']+' has no buildable providers\."
        r"|NOTE: Tasks Summary: Attempted \d+ tasks of which \d+ didn't need to be rerun and "
        r"[1-9]\d* failed\.|Summary: [1-9]\d* tasks? failed:|Summary: There (?:was|were) "
        r"[1-9]\d* ERROR messages?(?: shown)?, returning a non-zero exit code\.)$",
        tool="bitbake",
        role="consequence",
        rank=0,
        examples=(
            "ERROR: Required build target 'shop-image' has no buildable providers.",
            "NOTE: Tasks Summary: Attempted 812 tasks of which 790 didn't need to be rerun and "
            "1 failed.",
            "Summary: 1 task failed:",
            "Summary: There was 1 ERROR message shown, returning a non-zero exit code.",
        ),
    ),
    Format(  # Zephyr's devicetree library (dtlib, edtlib): a parse error at its place
        "zephyr-devicetree",
        r"^devicetree error: (?:(?P<file>(?:[A-Za-z]:)?[^:]+?):(?P<line>\d+) \(column "
        r"(?P<col>\d+)\): )?(?P<msg>.+)$",
        tool="devicetree",
        rank=2,
        examples=(
            "devicetree error: /home/user/app/boards/cart.overlay:12 (column 3): parse error: "
            "expected ';' or ','",
            "devicetree error: 'reg' is marked as required in 'properties:' in "
            "/home/user/app/dts/bindings/cart.yaml, but does not appear in <Node /cart>",
        ),
    ),
    Format(  # dtc: a source's place as line.column-line.column
        "dtc-error",
        r"^Error: (?P<file>(?:[A-Za-z]:)?[^\s:]+):(?P<line>\d+)\.(?P<col>\d+)"
        r"(?:-(?:\d+\.)?\d+)? (?P<msg>.+)$",
        tool="dtc",
        block="said",
        rank=2,
        examples=(
            "Error: boards/cart.dts.pre.tmp:143.2-144.1 syntax error",
            "Error: arch/arm/boot/dts/cart.dts:12.1-10 Label or path uart9 not found",
        ),
    ),
    Format(  # dtc's checks, at a node's place where it has one; a warning, or an error
        "dtc-check",
        r"^(?P<file>(?:[A-Za-z]:)?[^\s:]+)(?::(?P<line>\d+)\.(?P<col>\d+)-(?:\d+\.)?\d+)?"
        + _DTC_CHECK
        + r"(?P<msg>.+)$",
        seek=_DTC_CHECK,
        tool="dtc",
        block="said",
        rank=2,
        examples=(
            "boards/cart.dts:4.7-6.4: ERROR (phandle_references): /cart: Reference to "
            'non-existent node or label "uart9"',
            "arch/arm/boot/dts/cart.dtsi:12.3-20: Warning (unit_address_vs_reg): /soc/cart: "
            "node has a reg or ranges property, but no unit name",
        ),
    ),
    Format(  # a Kconfig symbol that did not take the value given it; its words go on below
        "kconfig-warning",
        r"^(?P<sev>warning): (?P<msg>(?:[Tt]he choice symbol )?\w+ \(defined at [^)]+\) .+)$",
        tool="kconfig",
        block="kconfig",
        rank=2,
        examples=(
            "warning: CART_LOG (defined at subsys/cart/Kconfig:12) was assigned the value 'y' "
            "but got the",
            "warning: CART_NET (defined at subsys/cart/Kconfig:20) has direct dependencies "
            "NETWORKING with value n, but is currently being y-selected by the following symbols:",
        ),
    ),
    Format(  # a fragment's assignment to a symbol no Kconfig file defines
        "kconfig-assign",
        r"^" + _KCONFIG_FILE + r":(?P<line>\d+)" + _KCONFIG_ASSIGN + r"(?P<msg>.+)$",
        seek=_KCONFIG_ASSIGN,
        tool="kconfig",
        fixup=_assigned,
        rank=2,
        examples=(
            "/home/user/app/prj.conf:3: warning: attempt to assign the value 'y' to the "
            "undefined symbol CART_SHELL",
        ),
    ),
    Format(  # Zephyr stops on Kconfig's warnings: they are the errors
        "kconfig-abort",
        r"^error: (?P<msg>Aborting due to Kconfig warnings)$",
        tool="kconfig",
        role="strict",
        category="config",
        rank=2,
        examples=("error: Aborting due to Kconfig warnings",),
    ),
    Format(  # a platform, a tool or a framework PlatformIO cannot install
        "platformio-package",
        r"^(?:Error|UnknownPackageError|UnknownBoard|UnknownPlatform|MissingPackageManifestError)"
        r": (?P<msg>(?:Could not find (?:the|a|any) package with |Detected unknown package "
        r"|Unknown board ID |Unknown development platform |Could not find one of ).+)$",
        tool="platformio",
        category="dependency",
        rank=2,
        examples=(
            "UnknownPackageError: Could not find the package with 'platformio/tool-cart @ 1.2.0' "
            "requirements for your system 'linux_x86_64'",
            "Error: Unknown board ID 'cartboard'",
        ),
    ),
    Format(  # armlink (Keil MDK, Arm Compiler): after the image's name, where it has one
        "armlink",
        r"^(?:\S+: )?(?P<sev>Error|Warning)" + _ARMLINK + r"(?P<msg>.+)$",
        seek=_ARMLINK,
        tool="armlink",
        block="said",
        rank=2,
        examples=(
            ".\\Objects\\cart.axf: Error: L6218E: Undefined symbol cart_total (referred from "
            "main.o).",
            "Error: L6218E: Undefined symbol cart_total (referred from main.o).",
        ),
    ),
    Format(  # a build that failed of the errors above it: SCons under PlatformIO, its
        # verdict, Arduino's, idf.py's, dtc's after its syntax error
        "firmware-build-failed",
        r"^(?:(?:scons: )?\*\*\* \[[^\]]+\] Error -?\d+|=+ \[FAILED\] Took [\d.]+ seconds =+"
        r"|(?:Error during build|Compilation error): exit status \d+|Error compiling for board "
        r".+\.|(?:ninja|cmake) failed with exit code \d+.*|FATAL ERROR: Unable to parse input "
        r"tree|ERROR: Input tree has errors, aborting \(use -f to force output\))$",
        role="consequence",
        category="build",
        rank=0,
        examples=(
            "*** [.pio/build/uno/src/main.cpp.o] Error 1",
            "========================= [FAILED] Took 2.50 seconds =========================",
            "Error during build: exit status 1",
            "Compilation error: exit status 1",
            "ninja failed with exit code 1",
            "FATAL ERROR: Unable to parse input tree",
            "ERROR: Input tree has errors, aborting (use -f to force output)",
        ),
    ),
)
