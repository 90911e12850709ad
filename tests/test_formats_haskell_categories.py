"""What kind of error GHC's and the Haskell test frameworks' failures are: GHC's
own words where the general rules read another (a type error that says
"expected ... actual"), a warning -Werror made an error, a test that raised.
The output is GHC 9.0.2's, cabal 3.4's, hspec 2.8's and HUnit 1.6's (Debian 12)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from test_detect import scan

from pytest_errlearn.detect.engine import detect


def test_a_type_mismatch_saying_expected_and_actual_is_a_type_error_not_an_assertion() -> None:
    (err,) = scan(
        """
        src/Calc.hs:9:20: error:
            • Couldn't match expected type ‘Double’ with actual type ‘Int’
            • In the second argument of ‘(/)’, namely ‘length xs’
          |
        9 | mean xs = sum xs / length xs
          |                    ^^^^^^^^^
        cabal: Failed to build calc-0.1.0.0 (which is required by exe:calc from
        calc-0.1.0.0).
        """
    ).errors
    assert err.message == "Couldn't match expected type ‘Double’ with actual type ‘Int’"
    assert (err.file, err.line, err.category) == ("src/Calc.hs", 9, "type")


def test_a_warning_werror_made_an_error_is_a_build_error_coded_by_its_flag() -> None:
    imports, unused = scan(
        """
        Main.hs:3:1: error: [-Wunused-imports, -Werror=unused-imports]
            The import of ‘Data.Maybe’ is redundant
              except perhaps to import instances from ‘Data.Maybe’
          |
        3 | import Data.Maybe (fromMaybe)
          | ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^

        Main.hs:11:16: error: [-Wtype-defaults, -Werror=type-defaults]
            • Defaulting the following constraint to type ‘Integer’
                Num p0 arising from the literal ‘3’
           |
        11 |   let unused = 3
           |                ^
        """
    ).errors
    assert (imports.code, imports.category) == ("-Wunused-imports", "build")
    assert (unused.code, unused.category) == ("-Wtype-defaults", "build")


def test_ghc_9_6s_werror_flag_without_its_dash_makes_a_build_error_too() -> None:
    (err,) = scan(
        """
        src/W.hs:3:1: error: [GHC-66111] [-Wunused-imports, Werror=unused-imports]
            The import of ‘Data.List’ is redundant
        """
    ).errors
    assert (err.code, err.category) == ("GHC-66111", "build")


def test_an_option_ghc_can_not_use_is_its_error_without_the_command_line_prefix() -> None:
    (err,) = scan(
        '<command line>: error: directory portion of "/tmp/b/app" does not exist '
        '(used with "-o" option.)'
    ).errors
    assert err.tool == "ghc"
    assert (
        err.message == 'directory portion of "/tmp/b/app" does not exist (used with "-o" option.)'
    )


def test_an_hspec_example_that_raised_is_a_runtime_error() -> None:
    (err,) = scan(
        """
        Failures:

          test/CalcSpec.hs:18:5:
          2) Calc.firstWord takes the first word of an empty string
               uncaught exception: ErrorCall
               Prelude.head: empty list

          To rerun use: --match "/Calc/firstWord/takes the first word of an empty string/"
        """
    ).errors
    assert err.message == "uncaught exception: ErrorCall (Prelude.head: empty list)"
    assert (err.file, err.line, err.category) == ("test/CalcSpec.hs", 18, "runtime")


def test_an_hunit_error_is_a_runtime_error_and_its_failure_an_assertion() -> None:
    failure, error = scan(
        """
        ### Failure in: 0:add
        test/Main.hs:9
        expected: 5
         but got: 6
        ### Error in:   2:firstWord
        Prelude.head: empty list
        Cases: 3  Tried: 3  Errors: 1  Failures: 1
        """
    ).errors
    assert (failure.test, failure.category) == ("0:add", "assertion")
    assert (error.test, error.message, error.category) == (
        "2:firstWord",
        "Prelude.head: empty list",
        "runtime",
    )


@pytest.mark.skipif(shutil.which("ghc") is None, reason="ghc is not installed")
def test_a_real_ghc_type_error_is_a_type_error(tmp_path: Path) -> None:
    source = 'main :: IO ()\nmain = putStrLn ("total: " ++ n)\n  where n = 3 :: Int\n'
    (tmp_path / "Main.hs").write_text(source)
    run = subprocess.run(
        ["ghc", "-fno-code", "Main.hs"],
        cwd=tmp_path,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
    )
    (err,) = detect(run.stdout).errors
    assert (err.file, err.line, err.category) == ("Main.hs", 2, "type")
