r"""Gherkin's runners: Cucumber (Ruby's, in its default "pretty" format) and
behave (Python's).

Both print each scenario with its steps, each step with where it is defined
(``# features/steps/calc.py:15``), and a failed step's error indented under
it. behave marks a failed assertion (``ASSERT FAILED: ...``; before 1.2.7,
``Assertion Failed:``); another exception is a Python traceback, which the
scenario line above names (a section: python.py reads the traceback). Cucumber
prints the exception's message, its class in parentheses, then the backtrace
down to the step in the feature file::

    Then the result should be 5  # features/step_definitions/calc_steps.rb:10
      expected 5, got 4 (RuntimeError)
      ./features/step_definitions/calc_steps.rb:11:in `/^the result should be (\d+)$/'
      features/calc.feature:5:in `Then the result should be 5'

The message has no mark of its own (an RSpec matcher's takes several lines),
so Cucumber's row is that last line, which reads the message and the place
from the lines above it. Its progress format (``--format progress``) prints
the same failures, unindented, one after another under ``(::) failed steps
(::)``: there a failure's message starts after the one before it. The lists
of failing scenarios and the counts at the end only repeat the failures.
"""

from __future__ import annotations

from collections.abc import Sequence

from . import Format, named_above, regex
from .ruby import innermost_user_frame

COMMANDS = {"cucumber": "cucumber", "behave": "behave"}
BUILDS: dict[str, frozenset[str] | None] = {"cucumber": None, "behave": None}

_KEYWORD = r"(?:Given|When|Then|And|But|\*) "
# A scenario, and a step with where it is defined: what a failure is read under
# (behave's plain format, ``-f plain``, says neither where).
_SCENARIO_LINE = r"^\s*Scenario(?: Outline)?: (?P<test>.+?)(?:\s+#\s*\S+:\d+)?\s*$"
_SCENARIO = regex(_SCENARIO_LINE)
_STEP = regex(r"^\s*" + _KEYWORD + r".*?\s+#\s*(?P<file>[^\s:]+):(?P<line>\d+)\s*$")
_FRAME = regex(r"^\s*\S+:\d+:in [`']")
_IN_STEP = r":in [`']" + _KEYWORD  # where a backtrace reaches the step that failed
_FAILED_STEP = r"^\s*(?P<step>\S+\.feature:\d+)" + _IN_STEP  # a backtrace's last line
# Where the lines of a failure the progress format printed start: after the one
# before it (its step in the feature file), or its heading.
_BEFORE_FAILURE = regex(_FAILED_STEP + r"|^\(::\) failed steps \(::\)")
_CLASS = regex(r"^(?P<said>.*?)\s*\((?P<code>[A-Z]\w*(?:::[A-Z]\w*)*)\)\s*$")
# The classes of an expectation that failed (RSpec's, minitest's, test-unit's).
_ASSERTIONS = ("ExpectationNotMetError", "Minitest::Assertion", "AssertionFailedError")


_scenario = named_above(_SCENARIO_LINE)  # the scenario above a failure is its test


def _step_failure(groups: dict[str, str | None], before: Sequence[str]) -> None:
    """behave's failed assertion: its scenario, and its step's definition as its place."""
    _scenario(groups, before)
    if before and (m := _STEP.match(before[-1])) is not None:
        groups["file"], groups["line"] = m["file"], m["line"]


def _cucumber_failure(groups: dict[str, str | None], before: Sequence[str]) -> None:
    """Cucumber's error above its last backtrace line: the message and its class,
    up to the step that failed; the place, the innermost frame in the project."""
    _scenario(groups, before)
    frames: list[str] = []
    said: list[str] = []
    for line in reversed(before):
        if _STEP.match(line) or _SCENARIO.match(line) or _BEFORE_FAILURE.match(line):
            break
        if _FRAME.match(line):
            frames.insert(0, line)
        elif line.strip():
            said.insert(0, line.strip())
    raised = None
    if said and (m := _CLASS.match(said[-1])) is not None:
        said[-1], raised = m["said"], m["code"]
    text = " ".join(part for part in said if part)
    # "Class: message", as ruby.py writes an exception; a matcher's failure says it alone.
    if raised and not raised.endswith(_ASSERTIONS):
        text = f"{raised}: {text}" if text else raised
    groups["msg"] = text or groups.get("msg")
    if (where := innermost_user_frame(frames)) is not None:
        groups["file"], groups["line"] = where[0], str(where[1])


ROWS = (
    Format(
        "behave-assert",
        r"^\s*(?:ASSERT FAILED|Assertion Failed): (?P<msg>.*)$",
        tool="behave",
        category="assertion",
        fixup=_step_failure,
        rank=3,
        words=("assert failed",),
        examples=(
            "      ASSERT FAILED: expected 5, got 4",
            "      Assertion Failed: 4 != 5",
            "ASSERT FAILED: expected 3 items, got 2",  # -f plain
        ),
    ),
    Format(  # a scenario: the test of what fails under it (a Python traceback too)
        "gherkin-scenario",
        _SCENARIO_LINE,
        role="section",
        words=("scenario",),
        examples=(
            "  Scenario: Adding two numbers   # features/calc.feature:2",
            "  Scenario Outline: Eating  # features/eat.feature:3",
            "  Scenario: Adding an item",  # behave -f plain
        ),
    ),
    Format(  # the backtrace's last line: the step in the feature file
        "cucumber-failure",
        _FAILED_STEP + r".*'\s*$",
        seek=_IN_STEP,
        tool="cucumber",
        fixup=_cucumber_failure,
        rank=3,
        words=(".feature:",),
        examples=(
            "      features/calc.feature:5:in `Then the result should be 5'",
            "      features/calc.feature:9:in `When I divide them'",
            "features/calc.feature:8:in `Then dividing works'",  # --format progress
        ),
    ),
    Format(  # the lists at the end (their entries: Cucumber's rerun commands only)
        "gherkin-failing-scenarios",
        r"^(?P<msg>(?:Failing|Errored) [Ss]cenarios:|cucumber \S+\.feature:\d+ # Scenario.*)\s*$",
        role="consequence",
        rank=0,
        words=(" scenarios:",),
        examples=(
            "Failing Scenarios:",
            "cucumber features/calc.feature:2 # Scenario: Adding two numbers",
            "Errored scenarios:",
        ),
    ),
    Format(
        "gherkin-summary",
        r"^(?P<msg>\d+ scenarios? \((?:[1-9]\d* (?:failed|undefined)|.*, [1-9]\d* failed).*\)"
        r"|\d+ scenarios? passed, (?:[1-9]\d* failed|\d+ failed, [1-9]\d* error).*)\s*$",
        role="consequence",
        rank=0,
        examples=(
            "2 scenarios (2 failed)",
            "3 scenarios (1 failed, 2 passed)",
            "0 scenarios passed, 1 failed, 1 error, 0 skipped",
        ),
    ),
)
