"""Haskell's tools as they print: GHC's diagnostics (old and new headers, ranges,
-Werror), runtime errors and call stacks, hspec, HUnit, tasty, cabal and stack."""

from __future__ import annotations

from test_detect import scan

# GHC 9.0.2 (Debian 12), ``ghc -fno-code src/Calc.hs``: the message below the header.
GHC_TYPE_ERRORS = """
[1 of 1] Compiling Calc             ( src/Calc.hs, nothing )

src/Calc.hs:9:27: error:
    • Couldn't match type ‘[Char]’ with ‘Int’
      Expected: Int
        Actual: String
    • In the second argument of ‘(+)’, namely ‘"x"’
      In the expression: a `div` b + "x"
      In an equation for ‘safeDiv’: safeDiv a b = a `div` b + "x"
  |
9 | safeDiv a b = a `div` b + "x"
  |                           ^^^

src/Calc.hs:12:12: error:
    • Couldn't match type ‘[Char]’ with ‘Int’
      Expected: Int
        Actual: String
    • In the expression: s + 1
      In an equation for ‘noInst’: noInst s = s + 1
   |
12 | noInst s = s + 1
   |            ^^^^^
"""


def test_each_ghc_diagnostic_is_an_error_at_its_place_with_the_line_below_as_message() -> None:
    report = scan(GHC_TYPE_ERRORS)
    first, second = report.errors
    assert (first.file, first.line, first.column) == ("src/Calc.hs", 9, 27)
    assert first.message == "Couldn't match type ‘[Char]’ with ‘Int’"
    assert first.span == (3, 12) and first.tool == "ghc"
    assert (second.file, second.line, second.span) == ("src/Calc.hs", 12, (14, 22))
    assert report.primary_index == 0


def test_a_short_ghc_message_on_the_header_itself_is_the_message() -> None:
    (err,) = scan(
        """
        src/Calc.hs:6:11: error: Variable not in scope: foo :: Int -> Int
          |
        6 | add x y = foo x + y
          |           ^^^
        """
    ).errors
    assert (err.file, err.line, err.column) == ("src/Calc.hs", 6, 11)
    assert err.message == "Variable not in scope: foo :: Int -> Int"
    assert err.span == (1, 4)


def test_ghc_9_6s_error_code_is_the_errors_code() -> None:
    # https://errors.haskell.org/messages/GHC-88464/
    (err,) = scan(
        """
        ForgotImport.hs:4:19: error: [GHC-88464]
            Variable not in scope: sort :: [Int] -> [Int]
            Suggested fix: Perhaps use ‘sqrt’ (imported from Prelude)
          |
        4 | top10 = take 10 . sort
          |                   ^^^^
        """
    ).errors
    assert (err.file, err.line, err.code) == ("ForgotImport.hs", 4, "GHC-88464")
    assert err.message == "Variable not in scope: sort :: [Int] -> [Int]"


def test_a_range_header_points_at_the_ranges_start() -> None:
    (err,) = scan(
        """
        src/Calc.hs:(5,1)-(7,3): error:
            Conflicting definitions for ‘add’
            Bound at: src/Calc.hs:5:1-3
                      src/Calc.hs:7:1-3
        """
    ).errors
    assert (err.file, err.line, err.column) == ("src/Calc.hs", 5, 1)
    assert err.message == "Conflicting definitions for ‘add’"


def test_a_ghc_warning_is_a_warning_and_werror_makes_it_an_error() -> None:
    warned = scan(
        """
        src/W.hs:3:1: warning: [-Wunused-imports]
            The import of ‘Data.List’ is redundant
              except perhaps to import instances from ‘Data.List’
            To import instances alone, use: import Data.List()
          |
        3 | import Data.List (sort)
          | ^^^^^^^^^^^^^^^^^^^^^^^
        """
    )
    assert warned.errors == [] and [w.line for w in warned.warnings] == [3]
    (err,) = scan(
        """
        src/W.hs:3:1: error: [-Wunused-imports, -Werror=unused-imports]
            The import of ‘Data.List’ is redundant
        """
    ).errors
    assert (err.file, err.line, err.message) == (
        "src/W.hs",
        3,
        "The import of ‘Data.List’ is redundant",
    )


def test_stacks_package_prefix_is_read_through() -> None:
    (err,) = scan(
        """
        calc> /home/ci/calc/src/Calc.hs:5:9: error:
        calc>     • Variable not in scope: foo :: Int
        calc>   |
        calc> 5 | add x = foo
        calc>   |         ^^^
        calc>
        """
    ).errors
    assert (err.file, err.line) == ("/home/ci/calc/src/Calc.hs", 5)
    assert err.message == "Variable not in scope: foo :: Int"
    assert err.span == (1, 5)


def test_a_runtime_error_with_a_call_stack_points_at_the_users_call() -> None:
    (err,) = scan(
        """
        calc: Prelude.head: empty list
        CallStack (from HasCallStack):
          error, called at libraries/base/GHC/List.hs:1646:3 in base:GHC.List
          errorEmptyList, called at libraries/base/GHC/List.hs:85:11 in base:GHC.List
          badHead, called at libraries/base/GHC/List.hs:81:28 in base:GHC.List
          head, called at src/Calc.hs:9:12 in main:Calc
        """
    ).errors
    assert (err.file, err.line, err.column) == ("src/Calc.hs", 9, 12)
    assert err.message == "Prelude.head: empty list"
    assert err.category == "runtime" and err.span == (1, 6)


def test_an_error_calls_stack_takes_its_message_from_the_line_above() -> None:
    # runghc src/R.hs (GHC 9.0.2): ``error "boom: zero"``
    (err,) = scan(
        """
        R.hs: boom: zero
        CallStack (from HasCallStack):
          error, called at src/R.hs:10:12 in main:Main
        """
    ).errors
    assert (err.file, err.line, err.message) == ("src/R.hs", 10, "boom: zero")


def test_a_non_exhaustive_pattern_at_run_time_is_at_its_range() -> None:
    (err,) = scan("R.hs: src/R.hs:(7,1)-(8,13): Non-exhaustive patterns in function check\n").errors
    assert (err.file, err.line, err.category) == ("src/R.hs", 7, "runtime")
    assert err.message == "Non-exhaustive patterns in function check"


# hspec 2.8.5, ``runghc -isrc test/CalcSpec.hs`` (its place lines end in a space).
HSPEC = (
    """
Calc.add
  adds FAILED [1]
  adds zero
Calc.firstOf
  takes the head FAILED [2]

Failures:

  test/CalcSpec.hs:10:15:
  1) Calc.add adds
       expected: 2
        but got: 3

  To rerun use: --match "/Calc.add/adds/"

  test/CalcSpec.hs:14:5:
  2) Calc.firstOf takes the head
       uncaught exception: ErrorCall
       Prelude.head: empty list

  To rerun use: --match "/Calc.firstOf/takes the head/"

Randomized with seed 1321084272

Finished in 0.0019 seconds
3 examples, 2 failures
""".replace(": \n", ":  \n")
    .replace(":\n  1)", ": \n  1)")
    .replace(":\n  2)", ": \n  2)")
)


def test_each_hspec_failure_is_an_error_at_its_place_and_the_summary_folds_in() -> None:
    report = scan(HSPEC)
    first, second = report.errors
    assert (first.file, first.line, first.test) == ("test/CalcSpec.hs", 10, "Calc.add adds")
    assert first.message == "expected: 2 but got: 3" and first.category == "assertion"
    assert first.span == (9, 12)
    assert (second.file, second.line) == ("test/CalcSpec.hs", 14)
    assert second.message == "uncaught exception: ErrorCall (Prelude.head: empty list)"
    assert second.related == [(26, 26)]


def test_a_passing_hspec_run_has_no_error() -> None:
    report = scan(
        """
        Calc.add
          adds
          adds zero

        Finished in 0.0004 seconds
        2 examples, 0 failures
        """
    )
    assert report.errors == [] and report.warnings == []


def test_hunit_failures_point_at_the_assertion_through_the_progress_line() -> None:
    report = scan(
        "\rCases: 3  Tried: 0  Errors: 0  Failures: 0\r          \r### Failure in: 0:add\n"
        "test/Main.hs:9\n"
        "expected: 3\n"
        " but got: 4\n"
        "\rCases: 3  Tried: 1  Errors: 0  Failures: 1\r          \r### Failure in: 1:addzero\n"
        "test/Main.hs:10\n"
        "adding zero\n"
        "expected: 0\n"
        " but got: 1\n"
        "Cases: 3  Tried: 3  Errors: 0  Failures: 2\n"
    )
    first, second = report.errors
    assert (first.file, first.line, first.message) == ("test/Main.hs", 9, "expected: 3 but got: 4")
    assert first.test == "0:add" and first.category == "assertion"
    assert (second.line, second.message) == (10, "adding zero: expected: 0 but got: 1")
    assert second.related == [(10, 10)]


def test_a_tasty_failure_is_at_its_hunit_location() -> None:
    report = scan(
        """
        Tests
          Unit tests
            add:      FAIL
              test/Main.hs:12:
              expected: 3
               but got: 2
              Use -p '/add/' to rerun this test only.
            sub:      OK

        1 out of 2 tests failed (0.00s)
        """
    )
    (err,) = report.errors
    assert (err.file, err.line, err.test) == ("test/Main.hs", 12, "add")
    assert err.message == "expected: 3 but got: 2"
    assert err.related == [(10, 10)]


def test_cabals_failed_build_folds_into_the_ghc_error_above_it() -> None:
    report = scan(
        """
        Building library for calc-0.1.0.0..
        [1 of 1] Compiling Calc             ( src/Calc.hs, dist-newstyle/build/Calc.o )

        src/Calc.hs:4:19: error: Variable not in scope: foo :: Int
          |
        4 | add x y = x + y + foo
          |                   ^^^
        cabal: Failed to build calc-0.1.0.0 (which is required by test:calc-test from
        calc-0.1.0.0).
        """
    )
    (err,) = report.errors
    assert (err.file, err.line) == ("src/Calc.hs", 4)
    assert err.related == [(8, 9)]


def test_cabal_3_12s_coded_failure_folds_in_too() -> None:
    report = scan(
        """
        src/Calc.hs:4:19: error: [GHC-88464]
            Variable not in scope: foo :: Int
        Error: [Cabal-7125]
        Failed to build calc-0.1.0.0 (which is required by exe:calc from calc-0.1.0.0).
        """
    )
    (err,) = report.errors
    assert err.code == "GHC-88464" and err.related == [(3, 4)]


def test_cabals_solver_failure_is_a_dependency_error_saying_which_package() -> None:
    report = scan(
        """
        Resolving dependencies...
        cabal: Could not resolve dependencies:
        [__0] trying: calc-0.1.0.0 (user goal)
        [__1] unknown package: aeson (dependency of calc)
        [__1] fail (backjumping, conflict set: aeson, calc)
        After searching the rest of the dependency tree exhaustively, these were the
        goals I've had most trouble fulfilling: calc, aeson
        """
    )
    (err,) = report.errors
    assert err.message == (
        "Could not resolve dependencies: unknown package: aeson (dependency of calc)"
    )
    assert err.category == "dependency" and err.span == (2, 7) and not err.consequence


def test_cabals_failed_test_suite_folds_into_the_failure_above() -> None:
    report = scan(
        """
        Test suite calc-test: RUNNING...
        ### Failure in: 0:add
        test/Main.hs:9
        expected: 3
         but got: 4
        Cases: 1  Tried: 1  Errors: 0  Failures: 1
        Test suite calc-test: FAIL
        Test suite logged to:
        dist-newstyle/build/calc-0.1.0.0/t/calc-test/test/calc-0.1.0.0-calc-test.log
        0 of 1 test suites (0 of 1 test cases) passed.
        cabal: Tests failed for test:calc-test from calc-0.1.0.0.
        """
    )
    (err,) = report.errors
    assert (err.file, err.line) == ("test/Main.hs", 9)
    assert err.related == [(6, 7), (11, 11)]


def test_stacks_build_plan_failure_folds_into_the_packages_error() -> None:
    report = scan(
        """
        calc> /home/ci/calc/src/Calc.hs:5:9: error:
        calc>     Variable not in scope: foo :: Int
        calc>

        Error: [S-7282]
               Stack failed to execute the build plan.

               While executing the build plan, Stack encountered the error:

               [S-7011]
               While building package calc-0.1.0.0 (scroll up to its section to see the error)
               using:
               Process exited with code: ExitFailure 1
        """
    )
    (err,) = report.errors
    assert (err.file, err.line) == ("/home/ci/calc/src/Calc.hs", 5)
    assert err.related == [(5, 13)]


def test_a_doctest_failure_is_at_its_example() -> None:
    report = scan(
        """
        src/Calc.hs:12: failure in expression `add 1 1'
        expected: 3
         but got: 2
        Examples: 5  Tried: 5  Errors: 0  Failures: 1
        """
    )
    (err,) = report.errors
    assert (err.file, err.line, err.message) == ("src/Calc.hs", 12, "expected: 3 but got: 2")
    assert err.related == [(4, 4)]


def test_a_test_framework_failure_takes_the_lines_up_to_the_next_test() -> None:
    (err,) = scan(
        """
        Calc:
          add: [Failed]
        expected: 3
         but got: 2
          sub: [OK]
        """
    ).errors
    assert (err.test, err.message, err.span) == ("add", "expected: 3 but got: 2", (2, 4))
