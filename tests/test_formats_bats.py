"""Bats and the TAP reader's ``#`` diagnostics: bats-core's TAP output and its pretty
formatter, Test::More's and busted's TAP, node's TAP unchanged.

The outputs are real runs of bats 1.8.2 (with bats-assert 2.1), perl 5.36
(Test::More 1.3) and busted 2.1 (``-o TAP``), Debian bookworm, on small suites.
"""

from __future__ import annotations

from test_detect import scan

from pytest_errlearn.report import Report


def places(report: Report) -> list[tuple[str | None, int | None, str | None]]:
    return [(e.file, e.line, e.test) for e in report.errors]


BATS_TAP = """
1..4
not ok 1 adds numbers
# (in test file test/calc.bats, line 9)
#   `[ "$result" -eq 3 ]' failed
ok 2 passes
not ok 3 helper fails
# (from function `helper' in file test/test_helper.bash, line 7,
#  in test file test/more.bats, line 16)
#   `helper foo' failed
# checking foo
not ok 4 greets
# (in test file test/more.bats, line 12)
#   `assert_output "hello there"' failed
#
# -- output differs --
# expected : hello there
# actual   : hello world
# --
#
"""


def test_each_bats_failure_is_at_the_line_its_comment_names() -> None:
    report = scan(BATS_TAP, "bats")
    assert places(report) == [
        ("test/calc.bats", 9, "adds numbers"),
        ("test/test_helper.bash", 7, "helper fails"),  # innermost: the helper's line
        ("test/more.bats", 12, "greets"),
    ]
    first, second, third = report.errors
    assert first.message == '`[ "$result" -eq 3 ]\' failed'
    assert second.message == "`helper foo' failed; checking foo"
    assert third.message == (
        '`assert_output "hello there"\' failed; -- output differs --; '
        "expected : hello there; actual   : hello world"
    )
    assert (first.span, third.span) == ((2, 4), (11, 19))
    assert {e.tool for e in report.errors} == {"bats"} and report.primary_index == 0


def test_a_bats_file_that_does_not_parse_is_at_the_line_bash_names() -> None:
    (err,) = scan(
        """
        1..1
        not ok 1 setup_file failed
        # /work/test/parse.bats: line 6: syntax error near unexpected token `}'
        # bats warning: Executed 1 instead of expected 2 tests
        """
    ).errors
    assert (err.file, err.line, err.category) == ("/work/test/parse.bats", 6, "syntax")


def test_a_place_in_bats_own_libraries_gives_way_to_the_test_files() -> None:
    (err,) = scan(
        """
        not ok 1 loads
        # (from function `assert_equal' in file /usr/lib/bats/bats-assert/src/assert_equal.bash, line 40,
        #  in test file test/x.bats, line 5)
        #   `assert_equal 1 2' failed
        """  # noqa: E501
    ).errors
    assert (err.file, err.line) == ("test/x.bats", 5)


BATS_PRETTY = """
calc.bats
   adds numbers1/3 ✗ adds numbers
   (in test file test/calc.bats, line 9)
     `[ "$result" -eq 3 ]' failed
   passes2/3 ✓ passes
   helper fails3/3 ✗ helper fails
   (from function `helper' in file test/more.bats, line 7,
    in test file test/more.bats, line 16)
     `helper foo' failed
   checking foo

3 tests, 2 failures

"""


def test_the_pretty_formatter_reads_as_the_tap_output_does() -> None:
    report = scan(BATS_PRETTY)
    assert places(report) == [
        ("test/calc.bats", 9, "adds numbers"),
        ("test/more.bats", 7, "helper fails"),
    ]
    first, second = report.errors
    assert (first.tool, first.category, first.span) == ("bats", "assertion", (3, 4))
    assert second.message == "`helper foo' failed; checking foo"
    assert first.related == [] and second.related == [(12, 12)]  # the summary follows


def test_a_bats_warning_is_a_warning_at_the_test_files_line() -> None:
    report = scan(
        """
        The following warnings were encountered during tests:
        BW01: `run`'s command `frobnicate` exited with code 127, indicating 'Command not found'. Use run's return code checks, e.g. `run -127`, to fix this message.
              (from function `run' in file /usr/lib/bats-core/test_functions.bash, line 290,
               in test file test/calc.bats, line 23)
        """  # noqa: E501
    )
    assert report.errors == []
    (warning,) = report.warnings
    assert (warning.file, warning.line, warning.code) == ("test/calc.bats", 23, "BW01")


def test_a_passing_bats_run_has_no_error() -> None:
    report = scan(
        """
        1..3
        ok 1 adds two numbers
        ok 2 subtracts
        ok 3 skips the future # skip not written yet
        calc.bats
         ✓ adds two numbers
         ✓ subtracts
         - skips the future (skipped: not written yet)

        3 tests, 0 failures, 1 skipped
        """
    )
    assert report.errors == [] and report.warnings == []


# -- the TAP reader's comments, from other producers ---------------------------------------


def test_test_more_under_not_ok_is_one_error_at_its_at_line() -> None:
    report = scan(
        """
        1..3
        ok 1 - counts words
        not ok 2 - counts words around two spaces
        #   Failed test 'counts words around two spaces'
        #   at t/words.t line 7.
        #          got: '3'
        #     expected: '2'
        ok 3 - wraps at the width
        # Looks like you failed 1 test of 3.
        """
    )
    (err,) = report.errors
    assert (err.file, err.line, err.test, err.span) == (
        "t/words.t",
        7,
        "counts words around two spaces",
        (3, 7),
    )
    assert err.message == "Failed test 'counts words around two spaces'; got: '3'; expected: '2'"


def test_busted_tap_is_at_the_failure_messages_place_and_stops_at_its_traceback() -> None:
    report = scan(
        """
        # spec/calc_spec.lua @ 2: calc adds
        not ok 1 - calc adds
        # spec/calc_spec.lua @ 2
        # Failure message: spec/calc_spec.lua:3: Expected objects to be equal.
        # Passed in:
        # (number) 2
        # Expected:
        # (number) 3
        # stack traceback:
        # \tspec/calc_spec.lua:3: in function <spec/calc_spec.lua:2>
        #
        # spec/calc_spec.lua @ 5: calc errors
        not ok 2 - calc errors
        # spec/calc_spec.lua @ 5
        # Failure message: spec/calc_spec.lua:7: attempt to index local 't' (a nil value)
        ok 3 - calc passes
        1..3
        """
    )
    assert places(report) == [
        ("spec/calc_spec.lua", 3, "calc adds"),
        ("spec/calc_spec.lua", 7, "calc errors"),
    ]
    first, second = report.errors
    assert first.message == (
        "Expected objects to be equal.; Passed in:; (number) 2; Expected:; (number) 3"
    )
    assert first.span == (2, 11)  # not the next test's "# ... @ 5: calc errors"
    assert second.message == "attempt to index local 't' (a nil value)"


def test_a_not_ok_without_diagnostics_stays_as_it_was() -> None:
    (err,) = scan(
        """
        not ok 1 - adds
        # tests 1
        # fail 1
        """
    ).errors
    assert (err.file, err.message, err.span) == (None, "not ok 1 - adds", (1, 1))


def test_comments_after_a_yaml_block_are_not_the_tests() -> None:
    (err,) = scan(
        """
        not ok 1 should be equal
          ---
            operator: equal
            expected: 3
            actual:   2
            at: Test.<anonymous> (/app/test/calc.js:5:5)
          ...
        # (in test file test/other.bats, line 3)
        """
    ).errors
    assert (err.file, err.line, err.span) == ("/app/test/calc.js", 5, (1, 7))


def test_a_python_traceback_in_tap_comments_is_its_exception_at_its_frame() -> None:
    # tap.py's TAP (pytest --tap-stream) puts the traceback in comments.
    (err,) = scan(
        """
        not ok 1 test_calc.py::test_add
        # Traceback (most recent call last):
        #   File "/app/tests/test_calc.py", line 8, in test_add
        #     assert add(1, 1) == 3
        #   File "/usr/lib/python3.11/unittest/case.py", line 873, in assertEqual
        #     raise self.failureException(msg)
        # AssertionError: 2 != 3
        ok 2 test_calc.py::test_sub
        """
    ).errors
    assert (err.file, err.line, err.message) == (
        "/app/tests/test_calc.py",
        8,
        "AssertionError: 2 != 3",
    )
