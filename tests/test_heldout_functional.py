"""Functional languages' tools as users meet them: a task that died while
Elixir compiled, Elixir's older compile error wording, dialyxir's warning
kinds; GHC's messages that run onto the next line and GHC headers indented
as a whole build log is; OCaml's place line with spaces after it; opam's
report of a package it could not build.

The Elixir 1.14, GHC 9.0 and OCaml 4.13 outputs are those tools' own, run on
small cases here (indented, or with trailing spaces, as the logs that wrap
them print them); Elixir's older wording, dialyxir and opam are written
in those tools' documented shapes with neutral names.
"""

from __future__ import annotations

from test_detect import scan

from pytest_errlearn.detect import detect

# -- Elixir ---------------------------------------------------------------------------


def test_an_exit_while_compiling_is_the_exception_nested_under_it() -> None:
    report = scan(
        """
        == Compilation error in file lib/calc/table.ex ==
        ** (exit) an exception was raised:
            ** (UndefinedFunctionError) function Calc.Loader.load/1 is undefined (module Calc.Loader is not available)
                Calc.Loader.load("rows.txt")
                (elixir 1.14.0) lib/task/supervised.ex:89: Task.Supervised.invoke_mfa/2
                (elixir 1.14.0) lib/task/supervised.ex:34: Task.Supervised.reply/4
                (stdlib 4.2) proc_lib.erl:240: :proc_lib.init_p_do_apply/3
        """  # noqa: E501
    )
    (err,) = report.errors
    assert err.message.startswith("** (UndefinedFunctionError) function Calc.Loader.load/1 is")
    assert err.category == "reference"


def test_a_linked_process_that_died_of_an_exception_is_that_exception() -> None:
    report = scan(
        """
        ** (EXIT from #PID<0.96.0>) an exception was raised:
            ** (ArithmeticError) bad argument in arithmetic expression
                lib/calc.ex:7: Calc.divide/2
                (elixir 1.14.0) lib/task/supervised.ex:89: Task.Supervised.invoke_mfa/2
        """
    )
    (err,) = report.errors
    assert err.message == "** (ArithmeticError) bad argument in arithmetic expression"
    assert (err.file, err.line, err.category) == ("lib/calc.ex", 7, "runtime")


def test_old_elixirs_function_undefined_is_a_reference_error() -> None:
    report = scan(
        """
        == Compilation error on file lib/calc.ex ==
        ** (CompileError) lib/calc.ex:12: function totl/1 undefined
            (stdlib) lists.erl:1336: :lists.foreach/2
            lib/calc.ex:10: (module)
        """
    )
    (err,) = report.errors
    assert (err.file, err.line, err.message) == ("lib/calc.ex", 12, "function totl/1 undefined")
    assert err.category == "reference"


def test_dialyxirs_warning_kind_says_a_reference_or_a_type_error() -> None:
    report = scan(
        """
        lib/calc/report.ex:12:unknown_function
        Function Calc.Format.money/1 does not exist.
        ________________________________________________________________________________
        lib/calc/report.ex:30:pattern_match
        The pattern can never match the type.
        ________________________________________________________________________________
        """
    )
    first, second = report.errors
    assert (first.code, first.category) == ("unknown_function", "reference")
    assert (second.code, second.category) == ("pattern_match", "type")


# -- GHC ------------------------------------------------------------------------------


def test_a_name_ghc_puts_below_not_in_scope_is_part_of_the_message() -> None:
    report = scan(
        """
        Calc.hs:7:23: error:
            Data constructor not in scope:
              BlockBufferingWithSize :: t0 -> Maybe a0 -> t1
          |
        7 |   setBufferingMode h (BlockBufferingWithSize 4096 Nothing)
          |                       ^^^^^^^^^^^^^^^^^^^^^^
        """
    )
    (err,) = report.errors
    assert err.message == (
        "Data constructor not in scope: BlockBufferingWithSize :: t0 -> Maybe a0 -> t1"
    )


def test_ghc_errors_indented_in_a_build_log_are_each_ghcs_own() -> None:
    log = [
        "Calc.hs:4:12: error:",
        "    Variable not in scope: sumWithDefault :: t0 -> [Int] -> Int",
        "  |",
        "4 | total xs = sumWithDefault 0 xs",
        "  |            ^^^^^^^^^^^^^^",
        "",
        "Calc.hs:9:7: error: [GHC-88464]",
        "    Variable not in scope: avg :: [Int] -> Int",
    ]  # as a package manager shows a build's log: every line indented
    report = detect("".join(f"    {line}\n" if line else "\n" for line in log).encode())
    assert [(e.tool, e.line, e.message) for e in report.errors] == [
        ("ghc", 4, "Variable not in scope: sumWithDefault :: t0 -> [Int] -> Int"),
        ("ghc", 9, "Variable not in scope: avg :: [Int] -> Int"),
    ]


# -- OCaml and opam -------------------------------------------------------------------


def test_an_ocaml_place_line_with_spaces_after_it_is_still_the_errors_place() -> None:
    report = scan(
        'File "main.ml", line 2, characters 20-24:   \n'
        "2 | let () = print_int (totl [1; 2])\n"
        "                        ^^^^\n"
        "Error: Unbound value totl\n"
        "Hint: Did you mean total?\n"
    )
    (err,) = report.errors
    assert (err.file, err.line, err.column) == ("main.ml", 2, 21)
    assert err.message == "Unbound value totl"


def test_opams_failed_package_is_the_error_its_build_printed() -> None:
    report = detect(
        b"""[ERROR] The compilation of calc.1.0.0 failed at "dune build -p calc -j 4".

#=== ERROR while compiling calc.1.0.0 ==========================================#
# context     2.1.5 | linux/x86_64 | ocaml.4.14.1 | https://opam.ocaml.org#0123abcd
# path        ~/.opam/default/.opam-switch/build/calc.1.0.0
# command     ~/.opam/opam-init/hooks/sandbox.sh build dune build -p calc -j 4
# exit-code   1
# env-file    ~/.opam/log/calc-1234-abcdef.env
# output-file ~/.opam/log/calc-1234-abcdef.out
### output ###
# File "src/calc.ml", line 3, characters 5-9:
# 3 | open Unix
#          ^^^^
# Error: Unbound module Unix
""",
        command="opam install calc",
    )
    (err,) = report.errors
    assert (err.tool, err.message) == ("opam", "Error: Unbound module Unix")
    assert (err.file, err.line, err.column) == ("src/calc.ml", 3, 6)


def test_old_opams_stderr_error_runs_on_to_the_lines_its_colon_opens() -> None:
    report = scan(
        """
        #=== ERROR while installing calc.1.0.0 ========================================#
        # opam-version 1.2.2
        # command      ./configure --prefix /home/user/.opam/4.06.1
        # exit-code    1
        ### stderr ###
        # Error:
        # /home/user/.opam/4.06.1/lib/ocaml/Makefile.config:
        # No such file or directory
        """
    )
    (err,) = report.errors
    assert err.message == (
        "Error: /home/user/.opam/4.06.1/lib/ocaml/Makefile.config: No such file or directory"
    )
    assert err.category == "filesystem"
