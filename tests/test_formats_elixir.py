"""Elixir's tools as they print: the compiler's diagnostics (1.14's exceptions,
1.15's ``error:`` lines, 1.16's code frames), ExUnit, exceptions and mix."""

from __future__ import annotations

from test_detect import scan


def test_a_1_16_error_diagnostic_is_at_its_place_and_the_compile_error_folds_in() -> None:
    # The diagnostic as Elixir's Kernel.DiagnosticsTest prints it, then mix's lines.
    report = scan(
        """
        Compiling 1 file (.ex)
            error: undefined variable "bar"
            │
          5 │     IO.puts(bar)
            │             ^^^
            │
            └─ lib/sample.ex:5:13: Sample.foo/0


        == Compilation error in file lib/sample.ex ==
        ** (CompileError) lib/sample.ex: cannot compile module Sample (errors have been logged)
        """
    )
    (err,) = report.errors
    assert (err.file, err.line, err.column) == ("lib/sample.ex", 5, 13)
    assert err.message == 'undefined variable "bar"' and err.category == "reference"
    assert err.span == (2, 7) and err.related == [(11, 11)]


def test_a_1_16_warning_is_a_warning_at_its_place() -> None:
    report = scan(
        """
        Compiling 1 file (.ex)
            warning: variable "unused_param" is unused (if the variable is not meant to be \
used, prefix it with an underscore)
            │
          4 │   def foo(unused_param) do
            │           ~~~~~~~~~~~~
            │
            └─ lib/sample.ex:4:11: Sample.foo/1

        """
    )
    assert report.errors == []
    (warning,) = report.warnings
    assert (warning.file, warning.line, warning.column) == ("lib/sample.ex", 4, 11)


def test_a_1_15_error_points_at_the_place_below_it() -> None:
    # elixir-lang/elixir#12688 (Elixir 1.15.0), in a project
    report = scan(
        """
        error: undefined variable "bar"
          lib/foo.ex:6: Foo.baz/0

        ** (CompileError) lib/foo.ex: cannot compile module Foo (errors have been logged)
        """
    )
    (err,) = report.errors
    assert (err.file, err.line, err.message) == ("lib/foo.ex", 6, 'undefined variable "bar"')
    assert err.tool == "mix"


def test_a_1_16_syntax_error_is_at_the_place_it_was_found() -> None:
    (err,) = scan(
        """
        ** (SyntaxError) invalid syntax found on lib/my_app.ex:1:17:
            error: syntax error before: '*'
            │
          1 │ [1, 2, 3, 4, 5, *]
            │                 ^
            │
            └─ lib/my_app.ex:1:17
        """
    ).errors
    assert (err.file, err.line, err.column) == ("lib/my_app.ex", 1, 17)
    assert err.message == "syntax error before: '*'" and err.category == "syntax"


def test_a_1_14_compile_error_is_the_exception_at_its_place() -> None:
    # mix compile, Elixir 1.14.0 (Debian 12)
    report = scan(
        """
        Compiling 1 file (.ex)

        == Compilation error in file lib/calc.ex ==
        ** (CompileError) lib/calc.ex:2: undefined function foo/0 (expected Calc to define \
such a function or for it to be imported, but none are available)

        """
    )
    (err,) = report.errors
    assert (err.file, err.line, err.category) == ("lib/calc.ex", 2, "reference")
    assert err.message.startswith("undefined function foo/0 (expected Calc")
    missing_end = scan(
        """
        == Compilation error in file lib/calc.ex ==
        ** (TokenMissingError) lib/calc.ex:7:1: missing terminator: end (for "do" starting \
at line 1)
            (elixir 1.14.0) lib/kernel/parallel_compiler.ex:346: anonymous fn/5 in \
Kernel.ParallelCompiler.spawn_workers/7
        """
    ).errors
    assert [(e.file, e.line, e.column, e.span) for e in missing_end] == [
        ("lib/calc.ex", 7, 1, (2, 3))
    ]


def test_1_14_warnings_stay_warnings_with_their_place() -> None:
    report = scan(
        """
        Compiling 1 file (.ex)
        warning: variable "unused" is unused (if the variable is not meant to be used, prefix \
it with an underscore)
          lib/calc.ex:5: Calc.div/2

        Generated calc app
        """
    )
    assert report.errors == []
    (warning,) = report.warnings
    assert (warning.file, warning.line) == ("lib/calc.ex", 5)


# mix test, Elixir 1.14.0.
EXUNIT = """
.

  1) test adds (CalcTest)
     test/calc_test.exs:4
     Assertion with == failed
     code:  assert Calc.add(1, 1) == 2
     left:  3
     right: 2
     stacktrace:
       test/calc_test.exs:5: (test)



  2) test divides (CalcTest)
     test/calc_test.exs:8
     ** (ArithmeticError) bad argument in arithmetic expression
     code: assert Calc.div(1, 0) == 0
     stacktrace:
       (calc 0.1.0) lib/calc.ex:6: Calc.div/2
       test/calc_test.exs:9: (test)


Finished in 0.01 seconds (0.00s async, 0.01s sync)
3 tests, 2 failures

Randomized with seed 758146
"""


def test_each_exunit_failure_is_at_its_innermost_frame_in_the_users_code() -> None:
    report = scan(EXUNIT)
    assertion, crash = report.errors
    assert (assertion.file, assertion.line) == ("test/calc_test.exs", 5)
    assert assertion.message == "Assertion with == failed left: 3 right: 2"
    assert assertion.test == "test adds (CalcTest)" and assertion.category == "assertion"
    assert assertion.span == (3, 10)
    assert (crash.file, crash.line) == ("lib/calc.ex", 6)
    assert crash.message == "** (ArithmeticError) bad argument in arithmetic expression"
    assert crash.related == [(24, 24)]


def test_a_passing_mix_test_has_no_error() -> None:
    report = scan(
        """
        ...

        Finished in 0.02 seconds (0.00s async, 0.02s sync)
        3 tests, 0 failures

        Randomized with seed 123
        """
    )
    assert report.errors == [] and report.warnings == []


def test_an_exception_at_run_time_is_at_the_users_frame_below_it() -> None:
    (err,) = scan(
        """
        ** (ArithmeticError) bad argument in arithmetic expression
            (calc 0.1.0) lib/calc.ex:6: Calc.div/2
            (stdlib 4.2) erl_eval.erl:744: :erl_eval.do_apply/7
            (elixir 1.14.0) lib/code.ex:422: Code.validated_eval_string/3
            (mix 1.14.0) lib/mix/tasks/run.ex:140: Mix.Tasks.Run.run/5
        """
    ).errors
    assert (err.file, err.line, err.category) == ("lib/calc.ex", 6, "runtime")
    assert err.message == "** (ArithmeticError) bad argument in arithmetic expression"
    assert err.span == (1, 5)


def test_mixs_own_error_is_an_error() -> None:
    (err,) = scan('** (Mix) The task "frobnicate" could not be found\n').errors
    assert (err.message, err.tool) == ('The task "frobnicate" could not be found', "mix")


def test_unchecked_dependencies_are_the_error_and_mixs_refusal_folds_in() -> None:
    report = scan(
        """
        Unchecked dependencies for environment test:
        * jason (Hex package)
          the dependency is not available, run "mix deps.get"
        ** (Mix) Can't continue due to errors on dependencies
        """
    )
    (err,) = report.errors
    assert err.category == "dependency" and err.related == [(4, 4)]


def test_a_dialyxir_finding_takes_its_message_from_the_line_below() -> None:
    (err,) = scan(
        """
        lib/calc.ex:5:no_return
        Function add/2 has no local return.
        ________________________________________________________________________________
        done (warnings were emitted)
        """
    ).errors
    assert (err.file, err.line, err.code) == ("lib/calc.ex", 5, "no_return")
    assert err.message == "Function add/2 has no local return." and err.span == (1, 2)
