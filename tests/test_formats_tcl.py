"""Tcl: an uncaught error's message and ``errorInfo`` (tclsh 8.6), and tcltest.

The outputs are tclsh 8.6's and tcltest 2.5's own, run on this machine; the
same ``errorInfo`` layout is quoted in the issues of several Tcl projects
(andreas-kupries/critcl#126, TPC-Council/HammerDB#184), tcltest's counts in
exercism/tcl#22.
"""

from __future__ import annotations

from test_detect import scan

ERROR = """
    can't read "totl": no such variable
        while executing
    "return $totl"
        (procedure "total" line 4)
        invoked from within
    "total {1 2 3}"
        invoked from within
    "puts [total {1 2 3}]"
        (file "t.tcl" line 6)
"""


def test_an_uncaught_error_is_its_message_at_the_innermost_file_line() -> None:
    (err,) = scan(ERROR).errors
    assert (err.message, err.category, err.tool) == (
        'can\'t read "totl": no such variable',
        "reference",
        "tcl",
    )
    assert (err.file, err.line, err.span) == ("t.tcl", 6, (2, 9))


def test_a_quoted_command_of_several_lines_is_read_through_to_the_file() -> None:
    report = scan(
        """
        couldn't open "/etc/app.conf": no such file or directory
            while executing
        "open $path r"
            (procedure "load" line 2)
            invoked from within
        "foreach path $paths {
            load $path
        }"
            (file "main.tcl" line 7)
        done
        """
    )
    (err,) = report.errors
    assert (err.file, err.line, err.category, err.span) == ("main.tcl", 7, "filesystem", (2, 9))


def test_a_program_s_words_before_the_message_are_not_part_of_it() -> None:
    report = scan(
        """
        bad.test
        Test file error: wrong # args: should be "helper a b"
            while executing
        "helper 1"
            (file "/src/tests/bad.test" line 4)
        """
    )
    (err,) = report.errors
    assert (err.message, err.category) == ('wrong # args: should be "helper a b"', "type")
    assert (err.file, err.line) == ("/src/tests/bad.test", 4)


def test_while_executing_without_tcl_s_trace_under_it_is_no_error() -> None:
    assert scan("the loop kept going\n    while executing\nthe next step\n").errors == []


def test_tcltest_failures_say_what_they_got_against_what_was_expected() -> None:
    report = scan(
        """
        calc.test


        ==== calc-1.1 adds two numbers FAILED
        ==== Contents of test case:

            expr {1 + 2}

        ---- Result was:
        3
        ---- Result should have been (exact matching):
        4
        ==== calc-1.1 FAILED



        ==== calc-1.2 divides FAILED
        ==== Contents of test case:

            expr {1 / 0}

        ---- Test generated error; Return code was: 1
        ---- Return code should have been one of: 0 2
        ---- errorInfo: divide by zero
            invoked from within
        "expr {1 / 0}"
            ("uplevel" body line 2)
            invoked from within
        "uplevel 1 $script"
        ---- errorCode: ARITH DIVZERO {divide by zero}
        ==== calc-1.2 FAILED

        str.test


        ==== str-1.3 error expected FAILED
        ==== Contents of test case:
         set x 1
        ---- Test completed normally; Return code was: 0
        ---- Return code should have been one of: 1
        ==== str-1.3 FAILED


        all.tcl:\tTotal\t3\tPassed\t0\tSkipped\t0\tFailed\t3
        Sourced 2 Test Files.
        Files with failing tests: calc.test str.test
        """
    )
    got = [(e.test, e.file, e.category, e.message, e.span) for e in report.errors]
    assert got == [
        (
            "calc-1.1",
            "calc.test",
            "assertion",
            "Result was: 3; should have been (exact matching): 4",
            (4, 13),
        ),
        ("calc-1.2", "calc.test", "runtime", "Test generated error: divide by zero", (17, 31)),
        (
            "str-1.3",
            "str.test",
            "assertion",
            "Test completed normally; Return code was: 0; should have been one of: 1",
            (36, 41),
        ),
    ]
    assert report.primary is report.errors[0]
