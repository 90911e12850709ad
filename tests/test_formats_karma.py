"""Karma (karma 3 with karma-jasmine, as Angular's ng test prints it): a failed
spec is its expectation at its spec's line; the counts only repeat it."""

from __future__ import annotations

from test_detect import scan

from pytest_errlearn.detect.hints import tool_from_command

KARMA = """
27 11 2018 10:01:05.789:INFO [HeadlessChrome 0.0.0 (Linux 0.0.0)]: Connected on socket abc
HeadlessChrome 0.0.0 (Linux 0.0.0) CartComponent should total FAILED
\tExpected 3 to equal 4.
\t    at <Jasmine>
\t    at UserContext.<anonymous> (src/app/cart/cart.component.spec.ts:24:27)
\t    at ZoneDelegate.invoke (node_modules/zone.js/dist/zone.js:391:1)
HeadlessChrome 0.0.0 (Linux 0.0.0): Executed 12 of 12 (1 FAILED) (0.456 secs / 0.389 secs)
TOTAL: 1 FAILED, 11 SUCCESS
"""


def test_a_failed_spec_is_its_expectation_at_its_line() -> None:
    [err] = scan(KARMA).errors
    assert (err.message, err.test, err.category, err.tool) == (
        "Expected 3 to equal 4.",
        "CartComponent should total",
        "assertion",
        "karma",
    )
    assert (err.file, err.line, err.span) == ("src/app/cart/cart.component.spec.ts", 24, (2, 6))


def test_karma_is_known_by_its_command() -> None:
    assert tool_from_command("karma start --single-run") == "karma"


def test_a_spec_takes_only_its_tab_indented_lines() -> None:
    [err] = scan(
        "Chrome 70.0.3538 (Mac OS X 10.14.1) Cart totals FAILED\n"
        "\tExpected 3 to equal 4.\n"
        "    some other tool's indented line\n"
    ).errors
    assert err.span == (1, 2)
