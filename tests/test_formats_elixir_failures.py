"""What Elixir 1.14 and mix say failed: an exception's name says its category,
an ExUnit failure with no exception is an assertion (with what each side was),
``--warnings-as-errors`` fails of the warnings above it, and mix's own errors
name the file, the network or the folder at fault."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from test_detect import scan


def test_a_missing_end_is_a_syntax_error() -> None:
    (err,) = scan(
        """
        Compiling 1 file (.ex)

        == Compilation error in file lib/calc.ex ==
        ** (TokenMissingError) lib/calc.ex:13:1: missing terminator: end (for "do" starting at line 1)
            (elixir 1.14.0) lib/kernel/parallel_compiler.ex:346: anonymous fn/5 in Kernel.ParallelCompiler.spawn_workers/7
        """  # noqa: E501
    ).errors
    assert (err.file, err.line, err.column, err.category) == ("lib/calc.ex", 13, 1, "syntax")


def test_with_warnings_as_errors_the_warnings_are_the_errors() -> None:
    report = scan(
        """
        Compiling 1 file (.ex)
        warning: variable "unused" is unused (if the variable is not meant to be used, prefix it with an underscore)
          lib/calc.ex:3: Calc.add/2

        warning: function never_called/1 is unused
          lib/calc.ex:9

        Compilation failed due to warnings while using the --warnings-as-errors option
        """  # noqa: E501
    )
    assert [(e.file, e.line, e.category) for e in report.errors] == [
        ("lib/calc.ex", 3, "build"),
        ("lib/calc.ex", 9, "build"),
    ]
    assert report.warnings == []


def test_a_variable_that_does_not_exist_is_a_reference_not_a_missing_file() -> None:
    report = scan(
        """
        warning: variable "count" does not exist and is being expanded to "count()", please use parentheses to remove the ambiguity or change the variable name
          lib/calc.ex:8: Calc.total/1

        warning: undefined function count/0 (expected Calc to define such a function or for it to be imported, but none are available)
          lib/calc.ex:8

        """  # noqa: E501
    )
    assert [w.category for w in report.warnings] == ["reference", "reference"]


# ``mix test`` (1.14): an assertion of each kind, a doctest, an exception.
EXUNIT = """
  1) test refutes (CalcTest)
     test/calc_test.exs:21
     Refute with == failed, both sides are exactly equal
     code: refute Calc.add(1, 1) == 2
     left: 2
     stacktrace:
       test/calc_test.exs:22: (test)



  2) test parses (CalcTest)
     test/calc_test.exs:13
     match (=) failed
     code:  assert {:ok, 42} = Calc.parse("42")
     left:  {:ok, 42}
     right: 42
     stacktrace:
       test/calc_test.exs:14: (test)



  3) doctest Calc.add/2 (1) (CalcTest)
     test/calc_test.exs:3
     Doctest failed
     doctest:
       iex> Calc.add(1, 2)
       4
     code:  Calc.add(1, 2) === 4
     left:  3
     right: 4
     stacktrace:
       lib/calc.ex:9: Calc (module)



  4) test calls a missing module (CalcTest)
     test/calc_test.exs:8
     ** (UndefinedFunctionError) function Calculator.add/2 is undefined (module Calculator is not available)
     code: assert Calculator.add(1, 1) == 2
     stacktrace:
       Calculator.add(1, 1)
       test/calc_test.exs:9: (test)


Finished in 0.07 seconds (0.00s async, 0.07s sync)
1 doctest, 4 tests, 4 failures
"""  # noqa: E501


def test_each_exunit_assertion_is_an_assertion_with_what_its_sides_were() -> None:
    refute, match, doctest, _ = scan(EXUNIT).errors
    assert (refute.message, refute.category) == (
        "Refute with == failed, both sides are exactly equal left: 2",
        "assertion",
    )
    assert (match.message, match.category) == (
        "match (=) failed left: {:ok, 42} right: 42",
        "assertion",
    )
    assert (doctest.message, doctest.file, doctest.line) == (
        "Doctest failed left: 3 right: 4",
        "lib/calc.ex",
        9,
    )


def test_a_test_calling_a_module_that_is_not_there_is_a_reference() -> None:
    *_, missing = scan(EXUNIT).errors
    assert (missing.category, missing.file, missing.line) == ("reference", "test/calc_test.exs", 9)


def test_a_struct_that_is_not_defined_is_a_reference() -> None:
    (err,) = scan(
        """
        == Compilation error in file lib/calc.ex ==
        ** (CompileError) lib/calc.ex:3: Calc.Point.__struct__/1 is undefined, cannot expand struct Calc.Point. Make sure the struct name is correct.
            expanding struct: Calc.Point.__struct__/1
            lib/calc.ex:3: Calc.new/0
        """  # noqa: E501
    ).errors
    assert (err.file, err.line, err.category) == ("lib/calc.ex", 3, "reference")


def test_mix_format_check_is_at_the_first_file_it_would_change() -> None:
    (err,) = scan(
        """
        ** (Mix) mix format failed due to --check-formatted.
        The following files are not formatted:

          * lib/calc.ex

        """
    ).errors
    assert (err.file, err.message) == ("lib/calc.ex", "mix format failed due to --check-formatted.")


def test_hex_not_reached_is_a_network_error() -> None:
    (err,) = scan(
        """
        ** (Mix) httpc request failed with: {:failed_connect, [{:to_address, {'repo.hex.pm', 443}}, {:inet6, [:inet6], :nxdomain}]}

        Could not install Hex because Mix could not download metadata at https://repo.hex.pm/installs/hex-1.x.csv.
        """  # noqa: E501
    ).errors
    assert err.category == "network"


def test_mix_run_outside_its_project_is_a_config_error() -> None:
    (err,) = scan(
        "** (Mix) Could not find a Mix.Project, please ensure you are running Mix in a "
        "directory with a mix.exs file\n"
    ).errors
    assert err.category == "config"


def test_mix_compile_run_for_real_reports_the_missing_end(tmp_path: Path) -> None:
    if shutil.which("mix") is None:
        pytest.skip("mix is not installed")
    (tmp_path / "lib").mkdir()
    (tmp_path / "mix.exs").write_text(
        "defmodule Calc.MixProject do\n  use Mix.Project\n\n  def project do\n"
        '    [app: :calc, version: "0.1.0", deps: []]\n  end\nend\n'
    )
    (tmp_path / "lib" / "calc.ex").write_text(
        "defmodule Calc do\n  def divide(a, b) do\n    if b == 0 do\n      :error\n"
        "    else\n      div(a, b)\n  end\nend\n"
    )
    run = subprocess.run(["mix", "compile"], cwd=tmp_path, capture_output=True, timeout=300)
    (err,) = scan((run.stdout + run.stderr).decode()).errors
    assert (err.file, err.category) == ("lib/calc.ex", "syntax")
