"""Vim script: Vim's errors in a batch run, vint, Vader and themis' TAP.

The outputs are real runs of Vim 9.0, vint 0.3.21 and Vader (Debian's vim-vader)
on small plugins; themis' TAP follows its tap reporter (``reporter/tap.vim``).
"""

from __future__ import annotations

from test_detect import scan


def test_each_vim_error_is_at_the_line_of_the_script_it_names() -> None:
    report = scan(
        """
        Error detected while processing command line..script /work/plugin/greet.vim:
        line   14:
        E471: Argument required: Greet
        line   15:
        E118: Too many arguments for function: <SNR>1_Greet
        """
    )
    assert [(e.file, e.line, e.code, e.category) for e in report.errors] == [
        ("/work/plugin/greet.vim", 14, "E471", "runtime"),
        ("/work/plugin/greet.vim", 15, "E118", "type"),
    ]
    assert report.errors[0].message == "Argument required: Greet"
    assert report.errors[0].tool == "vim"


def test_an_error_in_a_function_is_at_the_script_line_that_called_it() -> None:
    (err,) = scan(
        """
        Error detected while processing command line..script /work/test.vim[5]..function counter#report:
        line    1:
        E121: Undefined variable: s:total
        """  # noqa: E501
    ).errors
    assert (err.file, err.line, err.category) == ("/work/test.vim", 5, "reference")


def test_vims_verbose_lines_between_do_not_lose_the_place() -> None:
    report = scan(
        """
        Error detected while processing command line..script /work/autoload/bad.vim:
        line    4:
        E492: Not an editor command: notacommand foo
        not found in 'runtimepath': "autoload/bad.vim"
        line    5:
        E117: Unknown function: bad#nothere
        """
    )
    assert [(e.file, e.line, e.category) for e in report.errors] == [
        ("/work/autoload/bad.vim", 4, "syntax"),
        ("/work/autoload/bad.vim", 5, "reference"),
    ]


def test_an_e_number_vims_own_tests_print_on_the_way_is_no_error() -> None:
    assert scan("E558: Terminal entry not found in terminfo\n").errors == []


def test_vint_findings_are_errors_and_a_parse_error_is_syntax() -> None:
    report = scan(
        """
        autoload/notes.vim:6:48: unexpected token: <EOL> (see vim-jp/vim-vimlparser)
        plugin/notes.vim:10:16: Use robust operators `==#` or `==?` instead of `==` (see Google VimScript Style Guide (Matching))
        """  # noqa: E501
    )
    parse, finding = report.errors
    assert (parse.file, parse.line, parse.column, parse.category) == (
        "autoload/notes.vim",
        6,
        48,
        "syntax",
    )
    assert (finding.file, finding.line, finding.tool) == ("plugin/notes.vim", 10, "vint")
    assert finding.message == "Use robust operators `==#` or `==?` instead of `==`"


VADER = """
Starting Vader: 1 suite(s), 4 case(s)
  Starting Vader: /work/test/calc.vader
    (1/4) [EXECUTE] adds numbers
    (1/4) [EXECUTE] (X) 3 should be equal to 4
    (2/4) [EXECUTE] calls a missing function
    (2/4) [EXECUTE] (X) Vim(call):E117: Unknown function: Calc_nothere
      > command line..function <SNR>18_vader[5]..vader#run[63]..script /tmp/vYghD83/1, line 1
    (3/4) [EXECUTE] passes
    (4/4) [  GIVEN] some lines
    (4/4) [     DO] uppercase first line
    (4/4) [ EXPECT] (X) uppercased
      - Expected:
          HELLO
          World
      - Got:
          HELLO
          world
  Success/Total: 1/4
Success/Total: 1/4 (assertions: 1/2)
Elapsed time: 0.01 sec.
"""


def test_each_vader_failure_names_its_case_and_suite() -> None:
    report = scan(VADER)
    assert [(e.file, e.test, e.category) for e in report.errors] == [
        ("/work/test/calc.vader", "adds numbers", "assertion"),
        ("/work/test/calc.vader", "calls a missing function", "reference"),
        ("/work/test/calc.vader", "uppercase first line", "assertion"),
    ]
    assert report.errors[1].message == "Vim(call):E117: Unknown function: Calc_nothere"
    assert report.errors[2].span == (11, 17)
    assert report.errors[2].related == [(18, 19)]  # the summaries follow


def test_themis_tap_is_at_the_absolute_line_it_names() -> None:
    (err,) = scan(
        """
        1..2
        ok 1 - calc adds
        not ok 2 - calc divides
        # function <SNR>12_divides()  Line:2  [ Absolute Line: 14 ]  (/work/test/calc.vim)
        #   2:   call s:assert.equals(calc#div(4, 2), 3)
        #
        # The equal values were expected, but it was not the case.
        #
        #     expected: 3
        #          got: 2

        # tests 2
        # passes 1
        # fails 1
        """
    ).errors
    assert (err.file, err.line, err.test) == ("/work/test/calc.vim", 14, "calc divides")
    assert err.message == (
        "The equal values were expected, but it was not the case.; expected: 3; got: 2"
    )


def test_passing_vim_runs_have_no_error() -> None:
    report = scan(
        """
        Starting Vader: 1 suite(s), 1 case(s)
          Starting Vader: /work/test/ok.vader
            (1/1) [EXECUTE] passes
          Success/Total: 1/1
        Success/Total: 1/1 (assertions: 1/1)
        Elapsed time: 0.01 sec.
        1..1
        ok 1 - calc adds

        # tests 1
        # passes 1
        """
    )
    assert report.errors == []
