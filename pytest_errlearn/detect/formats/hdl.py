r"""Hardware description languages: Verilator, Icarus Verilog, Yosys, GHDL, and
the vendors' synthesis tools (Vivado, Quartus) in their batch output.

Verilator starts each message with ``%`` and its severity, a warning's name
after a dash, then the place (the column since 4.0), the quoted source and a
caret under it, and ends with its count::

    %Error: rtl/top.sv:12:5: Can't find definition of variable: 'count'
       12 |     count <= 0;
          |     ^~~~~
    %Warning-WIDTH: rtl/top.sv:20:15: Operator ASSIGNDLY expects 8 bits ...
    %Error: Exiting due to 1 error(s)

A verilated model's ``$fatal`` prints ``[TIME] %Fatal: top.sv:3: ...``.
Icarus Verilog and Yosys print the place with a line and no column; Icarus's
parser says ``syntax error`` alone, then what it could not read; Yosys writes
``ERROR:`` in capitals, and a hierarchy problem with no place at all::

    src/top.v:12: syntax error
    src/top.v:12: error: invalid module item.
    src/top.v:12: ERROR: syntax error, unexpected TOK_ID
    ERROR: Module `\uart' referenced in module `\top' in cell `\u0' is not part of the design.

GHDL prints gcc's place with no space before its severity, and a failed
``assert`` of a simulation with the time and the assertion's severity::

    src/top.vhd:12:5:error: no declaration for "count"
    tb/top_tb.vhd:40:9:@120ns:(assertion error): wrong sum

Vivado tags each message with its id and puts the place last, in brackets;
Quartus numbers its messages and names the place as ``file(line)``::

    ERROR: [Synth 8-439] module 'ram' not found [/home/user/rtl/top.v:33]
    Error (10161): Verilog HDL error at top.v(12): object "x" is not declared. ...
"""

from __future__ import annotations

from collections.abc import Sequence

from ..reader import Reader
from . import Format, regex, said_in

ORDER = 3  # before ruby's and sphinx's rows, which take Verilator's and Yosys's lines

COMMANDS = {
    **dict.fromkeys(("verilator", "verilator_bin", "verilator_bin_dbg"), "verilator"),
    **dict.fromkeys(("iverilog", "vvp"), "iverilog"),
    "yosys": "yosys",
    **dict.fromkeys(("ghdl", "ghdl-mcode", "ghdl-llvm", "ghdl-gcc"), "ghdl"),
    "vivado": "vivado",
    **dict.fromkeys(("quartus_sh", "quartus_map", "quartus_syn", "quartus_fit"), "quartus"),
}
BUILDS: dict[str, frozenset[str] | None] = dict.fromkeys(COMMANDS, None)

# The tools' own wordings of what went wrong, where the classifier's words would not tell.
_SAYS = (
    (
        "dependency",
        regex(
            r"module '[^']+' not found|Cannot find file containing module|"
            r"is not part of the design|No such module|not found in library|"
            r"cannot find entity|has no architecture|Unknown module type"
        ),
    ),
    (
        "reference",
        regex(
            r"Can't find definition|is not declared|directive not defined|no declaration for|"
            r"Unable to bind"
        ),
    ),
    ("syntax", regex(r"syntax error|invalid module item|Invalid module instantiation")),
)
_ASSERTION = regex(r":@[\w.]+:\((?:assertion|report) |%Fatal: |^(?:FATAL|ERROR): \S+:\d+: ")
# Vivado's messages that only follow from one above: each module above a missing
# one fails in turn, and the run says it failed.
_VIVADO_FOLLOWS = frozenset({"Synth 8-285", "Common 17-69"})
_QUOTED = regex(r"^\s*\d*\s*\|")  # a quoted source line, or the caret's line under it


class HdlFrame(Reader):
    """The quoted source, carets and indented notes under an HDL tool's message
    (Verilator's ``... note`` and ``Example path`` lines among them), and its
    category in the tool's words; a simulation's failed assertion is a test's."""

    frames_wanted = False

    def accept(self, line: str) -> bool:
        if not line.strip():
            return False
        return line[:1].isspace() or _QUOTED.match(line) is not None

    def finish(self) -> None:
        """A Vivado message that follows from one above it is no error of its own."""
        self.consequence = self.err.code in _VIVADO_FOLLOWS

    def category(self) -> str | None:
        if _ASSERTION.search(self.err.text or "") is not None:
            return "assertion"
        return said_in(_SAYS, self.err.message)


class GhdlSays(HdlFrame):
    """GHDL's driver speaking for itself (``ghdl: ...``, ``/usr/bin/ghdl-mcode:error:
    ...``): a design unit it cannot find is the error; that the analysis, the
    simulation or an assertion failed only follows from the lines above it, and
    the process and place it names under them are part of it."""

    _FOLLOWS = regex(r"^(?:compilation error|simulation failed|assertion failed)$")
    _WHERE = regex(r"^(?:in process |\s+from: )")

    def accept(self, line: str) -> bool:
        return self._WHERE.match(line) is not None

    def finish(self) -> None:
        self.consequence = self._FOLLOWS.match(self.err.message) is not None


READERS = {"hdl-frame": HdlFrame, "ghdl-says": GhdlSays}

_VERILOG = r"[^\s:]+\.(?:v|sv|vh|svh|vlt)"
_LINE_AT = r":(?P<line>\d+): "
_GHDL_AT = r":(?P<line>\d+):(?P<col>\d+):"
_QUARTUS_AT = regex(r" at (?P<file>[^\s()]+)\((?P<line>\d+)\)")


def _verilog_tool(groups: dict[str, str | None], before: Sequence[str]) -> None:
    """Yosys writes its severity in capitals, Icarus in lower case."""
    groups["tool"] = "yosys" if groups.get("sev") in ("ERROR", "Warning") else "iverilog"


def _quartus_place(groups: dict[str, str | None], before: Sequence[str]) -> None:
    """Quartus names the place in the message (``at top.v(12)``), and once more
    at its end (``File: /path/top.v Line: 12``) when it knows the whole path."""
    if groups.get("file") is None and (m := _QUARTUS_AT.search(groups["msg"] or "")):
        groups["file"], groups["line"] = m["file"], m["line"]


ROWS = (
    Format(  # its count of what it printed above, and the command that failed of it
        "verilator-exiting",
        r"^%Error: (?P<msg>Exiting due to \d+ (?:error|warning)\(s\).*|Command Failed .*)$",
        tool="verilator",
        role="count",
        rank=1,
        examples=(
            "%Error: Exiting due to 2 error(s)",
            "%Error: Exiting due to 1 error(s), 1 warning(s)",
            "%Error: Exiting due to 3 warning(s)",
        ),
    ),
    Format(
        "verilator",
        r"^(?:\[\d+\] )?%(?P<sev>Error|Warning|Fatal)(?:-(?P<code>[A-Z][A-Z0-9_]*))?: "
        r"(?:(?P<file>[^\s:]+):(?P<line>\d+):(?:(?P<col>\d+):)? )?(?P<msg>\S.*)$",
        tool="verilator",
        block="hdl-frame",
        rank=2,
        examples=(
            "%Error: rtl/top.sv:12:5: Can't find definition of variable: 'count'",
            "%Error: src/alu.v:7: syntax error, unexpected ';'",
            "%Warning-WIDTH: rtl/top.sv:20:15: Operator ASSIGNDLY expects 8 bits on the "
            "Assign RHS, but Assign RHS's CONST '32'h1' generates 32 bits.",
            "%Error-PINNOTFOUND: rtl/top.sv:30:6: Pin not found: 'rst'",
            "%Error: Cannot find file containing module: 'uart_tx'",
            "[0] %Fatal: top.sv:3: Assertion failed in TOP.top",
        ),
    ),
    Format(  # Icarus's parser and Yosys's read_verilog: a place with no column
        "verilog-place",
        rf"^(?P<file>{_VERILOG}){_LINE_AT}(?:(?P<sev>error|warning|sorry|ERROR|Warning): )?"
        r"(?P<msg>\S.*)$",
        seek=_LINE_AT,
        fixup=_verilog_tool,
        tool="iverilog",
        block="hdl-frame",
        rank=2,
        examples=(
            "src/top.v:12: syntax error",
            "src/top.v:12: error: invalid module item.",
            "rtl/tb.sv:5: error: Unknown module type: uart_tx",
            "build/top.v:33: ERROR: syntax error, unexpected TOK_ID",
            "src/top.v:3: warning: Some ports have no connection.",
        ),
    ),
    Format(  # a simulation's $fatal or $error, as Icarus's vvp prints it
        "vvp-severity",
        rf"^(?P<sev>FATAL|ERROR): (?P<file>{_VERILOG}):(?P<line>\d+): (?P<msg>.*)$",
        tool="iverilog",
        block="hdl-frame",
        rank=3,
        examples=("FATAL: tb/top_tb.sv:2: bad value", "ERROR: tb/top_tb.sv:14: sum was 3"),
    ),
    Format(  # a design that names a module none of the files read defines
        "yosys-hierarchy",
        r"^ERROR: (?P<msg>Module `[^']+' referenced in module `[^']+' in cell `[^']+' "
        r"is not part of the design\.?|No such module: \S+|Module `[^']+' not found!?)$",
        tool="yosys",
        category="dependency",
        rank=2,
        examples=(
            "ERROR: Module `\\uart_tx' referenced in module `\\top' in cell `\\u0' "
            "is not part of the design.",
            "ERROR: No such module: top",
        ),
    ),
    Format(
        "ghdl",
        rf"^(?P<file>[^\s:]+\.vhdl?){_GHDL_AT}"
        r"(?:(?:@[\w.]+:\((?:assertion|report) )?(?P<sev>failure|error|warning|note)\)?:)? ?"
        r"(?P<msg>\S.*)$",
        seek=_GHDL_AT,
        tool="ghdl",
        block="hdl-frame",
        rank=2,
        examples=(
            'src/top.vhd:12:5:error: no declaration for "count"',
            "tb/top_tb.vhd:40:9:@120ns:(assertion error): wrong sum",
            "tb/top_tb.vhd:44:5:@1us:(assertion failure): end of test",
            "src/top.vhd:20:15:warning: value constraints don't match target ones",
            'src/top.vhd:7:10: unit "adder" not found in library "work"',
        ),
    ),
    Format(  # GHDL's driver, by the path of the program it ran (an absolute one, or none)
        "ghdl-driver",
        r"^(?:/[\w./-]*/)?ghdl[\w-]*:(?:error:)? ?(?P<msg>cannot find entity or configuration "
        r"\S+|entity \"[^\"]+\" has no architecture.*|compilation error|simulation failed|"
        r"assertion failed)$",
        tool="ghdl",
        block="ghdl-says",
        rank=2,
        examples=(
            "/usr/bin/ghdl-mcode: cannot find entity or configuration top_tb",
            '/usr/bin/ghdl-mcode: entity "top" has no architecture in library "work"',
            "/usr/bin/ghdl-mcode:error: simulation failed",
            "ghdl: compilation error",
        ),
    ),
    Format(  # Vivado's errors; its warnings and infos read the same, and are not errors
        "vivado",
        r"^ERROR: \[(?P<code>[A-Z][\w-]*(?: [\w-]+)* \d+-\d+)\] (?P<msg>.+?)"
        r"(?: \[(?P<file>[^\[\]]+?):(?P<line>\d+)\])?\s*$",
        tool="vivado",
        block="hdl-frame",
        rank=2,
        examples=(
            "ERROR: [Synth 8-439] module 'ram_2p' not found [/home/user/rtl/top.v:33]",
            "ERROR: [Synth 8-1031] count is not declared [/home/user/rtl/top.vhd:12]",
            "ERROR: [Common 17-69] Command failed: Synthesis failed - please see the console",
        ),
    ),
    Format(
        "quartus",
        r"^Error \((?P<code>\d{5,})\): (?P<msg>.+?)"  # Quartus's ids: Forge's have 4 digits
        r"(?: File: (?P<file>\S.*?) Line: (?P<line>\d+))?\s*$",
        tool="quartus",
        fixup=_quartus_place,
        block="hdl-frame",
        rank=2,
        examples=(
            'Error (10161): Verilog HDL error at top.v(12): object "x" is not declared. '
            "Verify the object name is correct. If the name is correct, declare the object.",
            'Error (10170): Verilog HDL syntax error at top.v(8) near text "endmodule"; '
            'expecting ";" File: /home/user/rtl/top.v Line: 8',
        ),
    ),
)
