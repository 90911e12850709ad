"""Gherkin's runners: Cucumber 2.4 (Ruby, its pretty and progress formats, with
RSpec's matchers and without) and behave 1.3 (its default and plain formats), their real
output on this machine."""

from __future__ import annotations

from test_detect import scan

CUCUMBER = """
    Feature: Calculator

      Scenario: Adding two numbers   # features/calc.feature:2
        Given I have entered 2 and 2 # features/step_definitions/calc_steps.rb:3
        When I add them              # features/step_definitions/calc_steps.rb:6
        Then the result should be 5  # features/step_definitions/calc_steps.rb:12

          expected: 5
               got: 4

          (compared using ==)
           (RSpec::Expectations::ExpectationNotMetError)
          ./features/step_definitions/calc_steps.rb:13:in `/^the result should be (\\d+)$/'
          features/calc.feature:5:in `Then the result should be 5'

      Scenario: Dividing             # features/calc.feature:7
        Given I have entered 1 and 0 # features/step_definitions/calc_steps.rb:3
        When I divide them           # features/step_definitions/calc_steps.rb:9
          divided by 0 (ZeroDivisionError)
          ./features/step_definitions/calc_steps.rb:10:in `/'
          ./features/step_definitions/calc_steps.rb:10:in `/^I divide them$/'
          features/calc.feature:9:in `When I divide them'
        Then the result should be 0  # features/step_definitions/calc_steps.rb:12

    Failing Scenarios:
    cucumber features/calc.feature:2 # Scenario: Adding two numbers
    cucumber features/calc.feature:7 # Scenario: Dividing

    2 scenarios (2 failed)
    6 steps (2 failed, 1 skipped, 3 passed)
"""


def test_cucumber_s_failures_are_their_messages_at_the_step_code_that_raised() -> None:
    report = scan(CUCUMBER)
    got = [(e.test, e.file, e.line, e.category, e.message) for e in report.errors]
    assert got == [
        (
            "Adding two numbers",
            "./features/step_definitions/calc_steps.rb",
            13,
            "assertion",
            "expected: 5 got: 4 (compared using ==)",
        ),
        (
            "Dividing",
            "./features/step_definitions/calc_steps.rb",
            10,
            "runtime",
            "ZeroDivisionError: divided by 0",
        ),
    ]
    assert report.primary is report.errors[0]
    assert [e.span for e in report.errors] == [(14, 14), (22, 22)]


def test_cucumber_s_progress_format_gives_each_failure_under_its_heading() -> None:
    # cucumber --format progress, the same two failures as above.
    report = scan(
        """
        .F.F

        (::) failed steps (::)


        expected: 5
             got: 4

        (compared using ==)
         (RSpec::Expectations::ExpectationNotMetError)
        ./features/step_definitions/calc_steps.rb:6:in `/^the sum should be (\\d+)$/'
        features/calc.feature:4:in `Then the sum should be 5'

        divided by 0 (ZeroDivisionError)
        ./features/step_definitions/calc_steps.rb:9:in `/'
        ./features/step_definitions/calc_steps.rb:9:in `/^dividing works$/'
        features/calc.feature:8:in `Then dividing works'

        Failing Scenarios:
        cucumber features/calc.feature:2 # Scenario: Adding two numbers
        cucumber features/calc.feature:6 # Scenario: Dividing

        2 scenarios (2 failed)
        4 steps (2 failed, 2 passed)
        """,
        "cucumber",
    )
    got = [(e.file, e.line, e.category, e.message) for e in report.errors]
    assert got == [
        (
            "./features/step_definitions/calc_steps.rb",
            6,
            "assertion",
            "expected: 5 got: 4 (compared using ==)",
        ),
        (
            "./features/step_definitions/calc_steps.rb",
            9,
            "runtime",
            "ZeroDivisionError: divided by 0",
        ),
    ]


def test_behave_s_failed_assertion_and_exception_are_read_under_their_steps() -> None:
    report = scan(
        """
        Feature: Calculator # features/calc.feature:1

          Scenario: Adding two numbers   # features/calc.feature:2
            Given I have entered 2 and 2 # features/steps/calc.py:3
            When I add them              # features/steps/calc.py:7
            Then the result should be 5  # features/steps/calc.py:15
              ASSERT FAILED: expected 5, got 4


          Scenario: Dividing             # features/calc.feature:7
            Given I have entered 1 and 0 # features/steps/calc.py:3
            When I divide them           # features/steps/calc.py:11
              Traceback (most recent call last):
                File "/venv/lib/python3.11/site-packages/behave/matchers.py", line 105, in run
                  self.func(context, *args, **kwargs)
                File "features/steps/calc.py", line 13, in step_div
                  context.result = context.a / context.b
              ZeroDivisionError: division by zero

            Then the result should be 0  # None


        Failing scenarios:
          features/calc.feature:2  Adding two numbers

        Errored scenarios:
          features/calc.feature:7  Dividing

        0 features passed, 1 failed, 0 skipped
        0 scenarios passed, 1 failed, 1 error, 0 skipped
        """
    )
    got = [(e.test, e.file, e.line, e.category, e.message) for e in report.errors]
    assert got == [
        ("Adding two numbers", "features/steps/calc.py", 15, "assertion", "expected 5, got 4"),
        (
            "Dividing",
            "features/steps/calc.py",
            13,
            "runtime",
            "ZeroDivisionError: division by zero",
        ),
    ]


def test_behave_s_plain_format_names_each_failure_by_its_scenario() -> None:
    report = scan(
        """
Feature: Cart

  Scenario: Adding an item
    When I add 2 apples ... passed in 0.000s
    Then the cart holds 3 items ... failed in 0.000s
ASSERT FAILED: expected 3 items, got 2

  Scenario: Removing an item
    When I remove 1 apple ... error in 0.001s
Traceback (most recent call last):
  File "features/steps/cart.py", line 16, in step_remove
    context.cart.remove("apple")
ValueError: list.remove(x): x not in list
"""
    )
    assert [(e.test, e.category, e.message) for e in report.errors] == [
        ("Adding an item", "assertion", "expected 3 items, got 2"),
        ("Removing an item", "runtime", "ValueError: list.remove(x): x not in list"),
    ]
