"""Hardware description languages: Verilator, Icarus Verilog, Yosys, GHDL,
Vivado and Quartus.

The Verilator (5.006), Icarus (11), Yosys (0.23) and GHDL (3.0, mcode) outputs
are real runs of Debian bookworm's packages on small designs; Vivado's and
Quartus's lines are in the shapes their batch logs print.
"""

from __future__ import annotations

from test_detect import scan


def test_a_verilator_error_is_read_with_its_place_quote_and_warning_name() -> None:
    report = scan(
        """
        %Warning-DECLFILENAME: bad.v:1:8: Filename 'bad' does not match MODULE name: 'top'
            1 | module top(input clk, output reg [7:0] q);
              |        ^~~
                               ... For warning description see https://verilator.org/warn/DECLFILENAME?v=5.006
        %Error: bad.v:3:10: Can't find definition of variable: 'cnt'
            3 |     q <= cnt + 1;
              |          ^~~
        %Error: Exiting due to 1 error(s), 1 warning(s)
        """
    )
    assert [(e.tool, e.file, e.line, e.column, e.category) for e in report.errors] == [
        ("verilator", "bad.v", 3, 10, "reference")
    ]
    assert report.errors[0].message == "Can't find definition of variable: 'cnt'"
    assert report.errors[0].span == (5, 7)
    assert [(w.code, w.line) for w in report.warnings] == [("DECLFILENAME", 1)]


def test_verilators_count_of_warnings_is_the_error_when_the_warnings_are_not_shown() -> None:
    report = scan(
        """
        %Error: Exiting due to 3 warning(s)
        make: *** [Makefile:16: Vtop.mk] Error 1
        """
    )
    primary = report.primary
    assert primary is not None
    assert (primary.tool, primary.message) == ("verilator", "Exiting due to 3 warning(s)")


def test_icarus_syntax_error_comes_first_and_yosys_writes_error_in_capitals() -> None:
    icarus = scan(
        """
        syn.v:2: syntax error
        I give up.
        """
    )
    assert [(e.tool, e.file, e.line, e.category) for e in icarus.errors] == [
        ("iverilog", "syn.v", 2, "syntax")
    ]
    yosys = scan("syn.v:2: ERROR: syntax error, unexpected TOK_ASSIGN, expecting ';'\n")
    assert [(e.tool, e.line, e.message) for e in yosys.errors] == [
        ("yosys", 2, "syntax error, unexpected TOK_ASSIGN, expecting ';'")
    ]


def test_a_module_no_file_defines_is_a_missing_dependency_for_icarus_and_yosys() -> None:
    icarus = scan(
        """
        inst.v:2: error: Unknown module type: uart_tx
        2 error(s) during elaboration.
        """
    )
    assert [(e.tool, e.line, e.category) for e in icarus.errors] == [("iverilog", 2, "dependency")]
    yosys = scan(
        "ERROR: Module `\\uart_tx' referenced in module `\\top' in cell `\\u0' "
        "is not part of the design.\n"
    )
    assert [(e.tool, e.category) for e in yosys.errors] == [("yosys", "dependency")]


def test_a_vvp_fatal_is_the_simulations_failed_assertion_at_its_place() -> None:
    report = scan(
        """
        FATAL: fatal.sv:2: bad value
               Time: 0 Scope: t
        """
    )
    assert [(e.tool, e.file, e.line, e.message, e.category) for e in report.errors] == [
        ("iverilog", "fatal.sv", 2, "bad value", "assertion")
    ]


def test_ghdl_analysis_errors_and_failed_assertions_are_read_at_their_place() -> None:
    analysis = scan(
        """
        bad.vhd:6:8: no declaration for "count"
          b <= count;
               ^
        """
    )
    assert [(e.tool, e.file, e.line, e.column, e.category) for e in analysis.errors] == [
        ("ghdl", "bad.vhd", 6, 8, "reference")
    ]
    run = scan(
        """
        tb.vhd:6:5:@10ns:(assertion error): wrong sum
        tb.vhd:7:5:@10ns:(assertion failure): end of test
        /usr/bin/ghdl-mcode:error: assertion failed
        in process .tb(sim).P0
          from: process work.tb(sim).P0 at tb.vhd:8
        /usr/bin/ghdl-mcode:error: simulation failed
        """
    )
    primary = run.primary
    assert primary is not None
    assert (primary.tool, primary.line, primary.message, primary.category) == (
        "ghdl",
        6,
        "wrong sum",
        "assertion",
    )


def test_vivados_failed_parents_follow_from_the_missing_module() -> None:
    report = scan(
        """
        ERROR: [Synth 8-439] module 'ram_2p' not found [/home/user/rtl/core.sv:33]
        ERROR: [Synth 8-285] failed synthesizing module 'core' [/home/user/rtl/core.sv:13]
        ERROR: [Synth 8-285] failed synthesizing module 'top' [/home/user/rtl/top.sv:20]
        RTL Elaboration failed
        """
    )
    assert [(e.tool, e.code, e.file, e.line, e.category) for e in report.errors] == [
        ("vivado", "Synth 8-439", "/home/user/rtl/core.sv", 33, "dependency")
    ]


def test_a_quartus_error_takes_its_place_from_the_message() -> None:
    report = scan(
        'Error (10161): Verilog HDL error at top.v(12): object "cnt" is not declared. '
        "Verify the object name is correct. If the name is correct, declare the object.\n"
    )
    assert [(e.tool, e.code, e.file, e.line, e.category) for e in report.errors] == [
        ("quartus", "10161", "top.v", 12, "reference")
    ]


def test_a_four_digit_error_id_is_no_quartus_message() -> None:
    # Forge numbers solc's errors with four digits; Quartus's ids have five or six.
    import re

    from pytest_errlearn.detect.formats import TABLE

    (quartus,) = (row for row in TABLE.rows if row.name == "quartus")
    assert re.match(quartus.pattern, "Error (7576): Undeclared identifier.") is None
    assert re.match(
        quartus.pattern, "Error (293001): Quartus Prime Full Compilation was unsuccessful"
    )


def test_ghdls_driver_names_the_unit_it_cannot_find_and_its_failures_follow() -> None:
    report = scan(
        """
        t.vhd:3:16:@0ms:(assertion failure): boom
        /usr/bin/ghdl-mcode:error: assertion failed
        in process .t(a).P0
          from: process work.t(a).P0 at t.vhd:3
        /usr/bin/ghdl-mcode:error: simulation failed
        /usr/bin/ghdl-mcode: entity "top" has no architecture in library "work"
        /usr/bin/ghdl-mcode: cannot find entity or configuration nothere
        """
    )
    assert [(e.tool, e.file, e.category, e.message) for e in report.errors] == [
        ("ghdl", "t.vhd", "assertion", "boom"),
        ("ghdl", None, "dependency", 'entity "top" has no architecture in library "work"'),
        ("ghdl", None, "dependency", "cannot find entity or configuration nothere"),
    ]
