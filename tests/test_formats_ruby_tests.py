"""Ruby's test runners as they print their failures: RSpec, minitest (and Rails'
runner, minitest-reporters), test-unit.

The outputs are real runs of Ruby 3.1, RSpec 3.12, minitest 5.17 and test-unit
3.5 (Debian bookworm) on small projects, unless a test says where it comes from.
"""

from __future__ import annotations

from test_detect import scan
from test_formats_ruby import MINITEST, errors

RSPEC = """
FF.

Failures:

  1) Calc adds
     Failure/Error: expect(Calc.add(1, 1)).to eq(3)

       expected: 3
            got: 2

       (compared using ==)
     # ./spec/calc_spec.rb:5:in `block (2 levels) in <top (required)>'

  2) Calc divides
     Failure/Error: a / b

     ZeroDivisionError:
       divided by 0
     # ./lib/calc.rb:7:in `/'
     # ./lib/calc.rb:7:in `div'
     # ./spec/calc_spec.rb:9:in `block (2 levels) in <top (required)>'

Finished in 0.0334 seconds (files took 0.23516 seconds to load)
3 examples, 2 failures

Failed examples:

rspec ./spec/calc_spec.rb:4 # Calc adds
rspec ./spec/calc_spec.rb:8 # Calc divides
"""


def test_rspec_failures_are_each_an_error_and_their_rerun_lines_repeat_them() -> None:
    report = scan(RSPEC)
    assert errors(report) == [
        ("./spec/calc_spec.rb", 5, "expected: 3 got: 2"),
        ("./lib/calc.rb", 7, "ZeroDivisionError: divided by 0"),
    ]
    first, second = report.errors
    assert (first.tool, first.category, first.test) == ("rspec", "assertion", "Calc adds")
    assert second.category == "runtime" and report.primary_index == 0
    assert second.related == [(24, 24), (28, 29)]  # the summary and the rerun lines


def test_rspec_pending_examples_are_no_errors_but_aggregated_failures_are_one() -> None:
    report = scan(
        """
        Pending: (Failures listed here are expected and do not affect your suite's status)

          1) Calc is pending
             # not yet
             Failure/Error: expect(Calc.add(1, 1)).to eq(5)

               expected: 5
                    got: 2

               (compared using ==)
             # ./spec/more_spec.rb:6:in `block (2 levels) in <top (required)>'

          2) Calc skipped
             # Temporarily skipped with xit
             # ./spec/more_spec.rb:9

        Failures:

          1) Calc aggregates
             Got 2 failures:

             1.1) Failure/Error: expect(Calc.add(1, 1)).to eq(3)

                    expected: 3
                         got: 2

                    (compared using ==)
                  # ./spec/more_spec.rb:14:in `block (2 levels) in <top (required)>'

             1.2) Failure/Error: expect(Calc.add(2, 2)).to eq(5)

                    expected: 5
                         got: 4

                    (compared using ==)
                  # ./spec/more_spec.rb:15:in `block (2 levels) in <top (required)>'

        Finished in 0.03571 seconds (files took 0.13118 seconds to load)
        2 examples, 1 failure, 2 pending
        """
    )
    assert errors(report) == [("./spec/more_spec.rb", 14, "expected: 3 got: 2")]


def test_an_rspec_file_that_does_not_load_is_an_error_where_it_fails() -> None:
    report = scan(
        """
        An error occurred while loading ./spec2/bad_spec.rb.
        Failure/Error: require_relative "../synlib/bad"

        SyntaxError:
          /app/synlib/bad.rb:5: syntax error, unexpected end-of-input, expecting `end'
        # ./spec2/bad_spec.rb:1:in `require_relative'
        # ./spec2/bad_spec.rb:1:in `<top (required)>'

        An error occurred while loading ./spec2/nope_spec.rb.
        Failure/Error:
          RSpec.describe Nope do
            it("a") { expect(1).to eq(1) }
          end

        NameError:
          uninitialized constant Nope

          RSpec.describe Nope do
                         ^^^^
        # ./spec2/nope_spec.rb:1:in `<top (required)>'
        No examples found.


        Finished in 0.00005 seconds (files took 0.06035 seconds to load)
        0 examples, 0 failures, 2 errors occurred outside of examples
        """
    )
    assert errors(report) == [
        (
            "/app/synlib/bad.rb",
            5,
            "SyntaxError: syntax error, unexpected end-of-input, expecting `end'",
        ),
        ("./spec2/nope_spec.rb", 1, "NameError: uninitialized constant Nope"),
    ]
    assert [e.category for e in report.errors] == ["syntax", "reference"]


def test_a_passing_rspec_run_has_no_error() -> None:
    report = scan(
        """

        Roman
          writes 1994 as MCMXCIV
          raises no error for zero

        Finished in 0.00377 seconds (files took 0.17642 seconds to load)
        2 examples, 0 failures

        """
    )
    assert report.errors == [] and report.warnings == []


def test_minitest_failures_and_errors_are_each_an_error_at_their_place() -> None:
    report = scan(MINITEST)
    assert errors(report) == [
        ("test/calc_test.rb", 6, "Expected: 3 Actual: 2"),
        ("/app/lib/calc.rb", 7, "ZeroDivisionError: divided by 0"),
    ]
    assert [(e.category, e.test) for e in report.errors] == [
        ("assertion", "CalcTest#test_add"),
        ("runtime", "CalcTest#test_div"),
    ]
    assert report.errors[1].related == [(21, 21)]  # the summary follows from them


def test_a_minitest_error_reads_past_the_code_ruby_quotes_to_its_frame() -> None:
    # Ruby 3.1's error_highlight quotes the call that raised, after a blank line
    report = scan(
        """
          1) Error:
        CartTest#test_err:
        NoMethodError: undefined method `upcase' for nil:NilClass

            nil.upcase
               ^^^^^^^
            test/cart_test.rb:7:in `test_err'

        2 runs, 1 assertions, 0 failures, 1 errors, 0 skips
        """
    )
    (err,) = report.errors
    assert (err.file, err.line, err.test) == ("test/cart_test.rb", 7, "CartTest#test_err")
    assert err.message == "NoMethodError: undefined method `upcase' for nil:NilClass"


def test_rails_runner_names_the_failure_without_a_number_and_a_rerun_line() -> None:
    # the Rails guides, "Testing Rails Applications" (guides.rubyonrails.org/testing.html)
    report = scan(
        """
        F

        Failure:
        ArticleTest#test_should_not_save_article_without_title [/path/to/blog/test/models/article_test.rb:6]:
        Expected true to be nil or false


        bin/rails test test/models/article_test.rb:6
        """  # noqa: E501
    )
    (err,) = report.errors
    assert (err.file, err.line, err.message) == (
        "/path/to/blog/test/models/article_test.rb",
        6,
        "Expected true to be nil or false",
    )
    assert err.related == [(8, 8)]


def test_a_passing_minitest_run_has_no_error() -> None:
    report = scan(
        """
        Run options: --seed 42987

        # Running:

        ..

        Finished in 0.000669s, 2988.7101 runs/s, 2988.7101 assertions/s.

        2 runs, 2 assertions, 0 failures, 0 errors, 0 skips
        """
    )
    assert report.errors == []


def test_a_test_unit_error_whose_exception_quotes_its_call_is_read_under_its_header() -> None:
    # Ruby 3.1's error_highlight makes the exception's message several lines
    report = scan(
        """
        ===============================================================================
        Error: test_e(TU):
          NoMethodError: undefined method `upcase' for nil:NilClass

              nil.upcase
                 ^^^^^^^
        test/tu_test.rb:4:in `test_e'
             3:   def test_e
          => 4:     nil.upcase
             5:   end
        ===============================================================================
        """
    )
    (err,) = report.errors
    assert (err.tool, err.file, err.line, err.test) == (
        "test-unit",
        "test/tu_test.rb",
        4,
        "test_e(TU)",
    )
    assert err.message == "NoMethodError: undefined method `upcase' for nil:NilClass"


def test_test_unit_failures_read_up_to_their_closing_rule() -> None:
    report = scan(
        """
        Loaded suite test/tu_test
        Started
        F
        ===============================================================================
        Failure: test_add(CalcTuTest)
        test/tu_test.rb:6:in `test_add'
             3:
             4: class CalcTuTest < Test::Unit::TestCase
             5:   def test_add
          => 6:     assert_equal(3, Calc.add(1, 1))
             7:   end
        <3> expected but was
        <2>
        ===============================================================================
        E
        ===============================================================================
        Error: test_div(CalcTuTest): ZeroDivisionError: divided by 0
        /app/lib/calc.rb:7:in `/'
        /app/lib/calc.rb:7:in `div'
        test/tu_test.rb:10:in `test_div'
        ===============================================================================

        Finished in 0.013469407 seconds.
        -------------------------------------------------------------------------------
        2 tests, 1 assertions, 1 failures, 1 errors, 0 pendings, 0 omissions, 0 notifications
        0% passed
        """
    )
    assert errors(report) == [
        ("test/tu_test.rb", 6, "<3> expected but was <2>"),
        ("/app/lib/calc.rb", 7, "ZeroDivisionError: divided by 0"),
    ]
    assert report.errors[0].span == (5, 14)


def test_minitest_reporters_name_the_failed_test_without_its_closing_colon() -> None:
    # minitest-reporters 1.0's DefaultReporter (Debian's ruby-minitest-reporters)
    report = scan(
        """
        Finished tests in 0.000666s, 4503.4902 tests/s, 3002.3268 assertions/s.


        Failure:
        Minitest::Result#test_add [test/rep_test.rb:8]
        Minitest::Assertion: Expected: 3
          Actual: 2

        """
    )
    (err,) = report.errors
    assert (err.file, err.line, err.category) == ("test/rep_test.rb", 8, "assertion")
    assert err.message == "Minitest::Assertion: Expected: 3 Actual: 2"
