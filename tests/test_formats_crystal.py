"""Crystal's compiler: the place on a line of its own, the quoted source, the
error under it (crystal 1.6); and the one-line errors of Crystal before 0.31."""

from __future__ import annotations

from test_detect import scan

from pytest_errlearn.detect.hints import tool_from_command

# crystal 1.6 colours it at a terminal; the log keeps the same lines.
BUILD = """
Showing last frame. Use --error-trace for full trace.

In src/cart.cr:4:6

 4 | puts totl
          ^---
Error: undefined local variable or method 'totl' for top-level
"""

OLD = """
Error in spec/cart_spec.cr:5: instantiating 'Cart#total()'

  Cart.new.total
           ^~~~~

in ./src/cart.cr:3: undefined method 'baz' for Cart

    baz
    ^~~
"""


def test_the_error_is_at_the_place_above_it() -> None:
    [err] = scan(BUILD).errors
    assert (err.file, err.line, err.column, err.tool, err.category) == (
        "src/cart.cr",
        4,
        6,
        "crystal",
        "reference",
    )
    assert err.message == "undefined local variable or method 'totl' for top-level"
    assert err.span == (3, 7)


def test_an_old_crystal_error_is_the_frame_that_says_it_not_the_instantiation() -> None:
    [err] = scan(OLD).errors
    assert (err.file, err.line, err.message) == (
        "./src/cart.cr",
        3,
        "undefined method 'baz' for Cart",
    )


def test_crystal_is_known_by_its_command() -> None:
    assert tool_from_command("crystal spec") == "crystal"
