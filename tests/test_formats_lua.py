"""Lua's outputs: the interpreter's errors and their stack tracebacks, luac, busted
(its default and UTF-8 outputs, with and without --verbose), luacheck, passing runs."""

from __future__ import annotations

from test_detect import scan


def test_a_runtime_error_is_at_its_place_with_its_stack_traceback() -> None:
    # A real run of Lua 5.4.4.
    (err,) = scan(
        """
        lua5.4: e.lua:2: attempt to perform arithmetic on a nil value (global 'y')
        stack traceback:
        \te.lua:2: in local 'f'
        \te.lua:4: in main chunk
        \t[C]: in ?
        """
    ).errors
    assert (err.file, err.line, err.span, err.tool) == ("e.lua", 2, (1, 5), "lua")
    assert err.message == "attempt to perform arithmetic on a nil value (global 'y')"
    assert err.category == "runtime"


def test_an_error_raised_in_an_installed_module_is_at_the_projects_frame() -> None:
    (err,) = scan(
        """
        lua: /usr/local/share/lua/5.1/dkjson.lua:712: unterminated string at line 1
        stack traceback:
        \t[C]: in function 'error'
        \t/usr/local/share/lua/5.1/dkjson.lua:712: in function 'decode'
        \tsrc/settings.lua:9: in function 'load'
        \tmain.lua:3: in main chunk
        \t[C]: ?
        """
    ).errors
    assert (err.file, err.line) == ("src/settings.lua", 9)


def test_a_module_lua_cannot_find_is_a_missing_dependency() -> None:
    # A real run of Lua 5.4.4, its search list shortened.
    (err,) = scan(
        """
        lua5.4: r.lua:1: module 'nomod' not found:
        \tno field package.preload['nomod']
        \tno file '/usr/local/share/lua/5.4/nomod.lua'
        \tno file './nomod.so'
        stack traceback:
        \t[C]: in function 'require'
        \tr.lua:1: in main chunk
        \t[C]: in ?
        """
    ).errors
    assert (err.file, err.line, err.category, err.span) == ("r.lua", 1, "dependency", (1, 8))


def test_a_call_of_an_undefined_global_is_a_reference_error() -> None:
    (err,) = scan("lua5.4: app.lua:7: attempt to call a nil value (global 'nope')\n").errors
    assert (err.line, err.category) == (7, "reference")


def test_luac_and_lua_report_a_chunk_that_does_not_compile_as_a_syntax_error() -> None:
    # Real runs of luac 5.4.4 and of lua 5.1's luac.
    report = scan(
        """
        luac5.4: src/queue.lua:16: 'end' expected (to close 'if' at line 14) near 'local'
        luac: s.lua:3: 'end' expected (to close 'function' at line 1) near '<eof>'
        """
    )
    first, second = report.errors
    assert (first.file, first.line, first.category) == ("src/queue.lua", 16, "syntax")
    assert first.message == "'end' expected (to close 'if' at line 14) near 'local'"
    assert (second.file, second.line) == ("s.lua", 3)


BUSTED = """
    +**-.
    1 success / 1 failure / 2 errors / 1 pending : 0.000851 seconds

    Pending -> spec/calc_spec.lua @ 21
    calc later

    Failure -> spec/calc_spec.lua @ 5
    calc adds
    spec/calc_spec.lua:6: Expected objects to be equal.
    Passed in:
    (number) 2
    Expected:
    (number) 3

    Error -> spec/calc_spec.lua @ 9
    calc divides
    src/calc.lua:9: division by zero

    Error -> spec/calc_spec.lua @ 13
    calc scales
    src/calc.lua:15: attempt to index local 't' (a nil value)
"""


def test_busted_reports_each_failure_at_the_line_that_failed_with_its_test() -> None:
    # A real run of busted 2.1.1 (its plain output, as in a pipe).
    report = scan(BUSTED)
    adds, divides, scales = report.errors
    assert (adds.file, adds.line, adds.test, adds.category) == (
        "spec/calc_spec.lua",
        6,
        "calc adds",
        "assertion",
    )
    assert (adds.message, adds.span, adds.tool) == (
        "Expected objects to be equal. Passed in: (number) 2 Expected: (number) 3",
        (7, 13),
        "busted",
    )
    assert (divides.file, divides.line, divides.message) == ("src/calc.lua", 9, "division by zero")
    assert (scales.file, scales.line, scales.test) == ("src/calc.lua", 15, "calc scales")
    assert report.primary_index == 0


def test_busteds_utf8_output_reads_as_its_plain_one() -> None:
    utf8 = BUSTED.replace(" -> ", " → ").replace("+**-.", "●◼◼◌●")
    assert [(e.file, e.line, e.message) for e in scan(utf8).errors] == [
        (e.file, e.line, e.message) for e in scan(BUSTED).errors
    ]


def test_busted_verbose_takes_the_traceback_into_the_failure() -> None:
    # A real run of busted --verbose.
    report = scan(
        """
        Error -> spec/calc_spec.lua @ 9
        calc divides
        src/calc.lua:9: division by zero

        stack traceback:
        \tsrc/calc.lua:9: in function 'div'
        \tspec/calc_spec.lua:10: in function <spec/calc_spec.lua:9>


        Error -> spec/calc_spec.lua @ 13
        calc scales
        src/calc.lua:15: attempt to index local 't' (a nil value)
        """
    )
    divides, scales = report.errors
    assert (divides.line, divides.span) == (9, (1, 7))
    assert (scales.line, scales.span) == (15, (10, 12))


def test_an_error_object_busted_prints_whole_is_one_message() -> None:
    # A real run of busted 2.1.1: error({ code = 500 }), error("plain message", 0).
    report = scan(
        """
        Error -> spec/api_spec.lua @ 2
        api fetches
        spec/api_spec.lua:3: {
          code = 500
        }

        Error -> spec/api_spec.lua @ 5
        api raises with level 0
        spec/api_spec.lua:6: plain message
        """
    )
    table, plain = report.errors
    assert (table.line, table.message, table.span) == (3, "{ code = 500 }", (1, 5))
    assert (plain.line, plain.message) == (6, "plain message")


def test_a_passing_busted_run_has_no_error() -> None:
    report = scan(
        """
        +++
        3 successes / 0 failures / 0 errors / 0 pending : 0.009707 seconds
        """
    )
    assert report.errors == [] and report.warnings == []


def test_luacheck_syntax_errors_are_errors_and_its_findings_warnings() -> None:
    # A real run of luacheck 1.1.0, in colour.
    report = scan(
        """
        Checking src/page.lua                             \x1b[0m\x1b[1m1 error\x1b[0m

            src/page.lua:15:30: unfinished string

        Checking src/render.lua                           \x1b[0m\x1b[31m\x1b[1m2 warnings\x1b[0m

            src/render.lua:8:9: unused variable \x1b[0m\x1b[1munused\x1b[0m
            src/render.lua:14:7: unused loop variable \x1b[0m\x1b[1mi\x1b[0m

        Total: \x1b[0m\x1b[31m\x1b[1m2\x1b[0m warnings / \x1b[0m\x1b[31m\x1b[1m1\x1b[0m error in 2 files
        """  # noqa: E501
    )
    (err,) = report.errors
    assert (err.file, err.line, err.column, err.category) == ("src/page.lua", 15, 30, "syntax")
    assert (err.message, err.related) == ("unfinished string", [(10, 10)])
    assert [(w.line, w.message) for w in report.warnings] == [
        (8, "unused variable unused"),
        (14, "unused loop variable i"),
    ]


def test_luacheck_codes_say_which_findings_are_errors() -> None:
    # A real run of luacheck --codes.
    report = scan(
        """
        Checking lc.lua                                   1 error

            lc.lua:6:1: (E011) expected ')' (to close '(' on line 5) near <eof>

        Checking lc2.lua                                  2 warnings

            lc2.lua:1:7: (W211) unused variable 'b'
            lc2.lua:2:7: (W113) accessing undefined variable 'zz'

        Total: 2 warnings / 1 error in 2 files
        """
    )
    (err,) = report.errors
    assert (err.line, err.code, err.tool) == (6, "E011", "luacheck")
    assert [w.code for w in report.warnings] == ["W211", "W113"]


def test_a_clean_luacheck_run_has_no_error() -> None:
    report = scan(
        """
        Checking src/stack.lua                            OK
        Checking spec/stack_spec.lua                      OK

        Total: 0 warnings / 0 errors in 2 files
        """
    )
    assert report.errors == [] and report.warnings == []
