"""Crystal's compiler: the place on a line of its own (``In src/a.cr:4:6``), the
source it quotes, then ``Error: ...``, read as one error by the ``placed``
reader (OCaml's and gfortran's layout too)::

    In src/cart.cr:4:6

     4 | puts totl
              ^---
    Error: undefined local variable or method 'totl' for top-level

With ``--error-trace`` every frame of the instantiation is such a place; the
error is read from the last, whose ``Error:`` line says what is wrong.
Crystal before 0.31 said it on one line: ``Error in ./src/cart.cr:4: undefined
local variable or method 'totl'``; where it was instantiating a method, that
line said so (``Error in spec/a_spec.cr:5: instantiating 'Cart#total()'``) and
the error came on a later frame's line, ``in ./src/cart.cr:4: ...``.
``crystal spec`` prints failures in RSpec's layout: ruby.py's rows read them.
"""

from __future__ import annotations

from . import Format

COMMANDS = {"crystal": "crystal", "shards": "shards"}
BUILDS: dict[str, frozenset[str] | None] = {
    "crystal": frozenset({"build", "run", "spec", "eval"}),
    "shards": frozenset({"build", "install", "update"}),
}

ROWS = (
    Format(
        "crystal-place",
        r"^In (?P<file>(?:[A-Za-z]:)?[^\s:]+\.cr):(?P<line>\d+):(?P<col>\d+)$",
        tool="crystal",
        block="placed",
        rank=2,
        examples=("In src/cart.cr:4:6", "In a.cr:12:3"),
    ),
    Format(  # before 0.31: the frames of what it was instantiating, then the error's
        "crystal-error-in",
        r"^(?:Error i|i)n (?P<file>(?:[A-Za-z]:)?[^\s:]+\.cr):(?P<line>\d+): "
        r"(?!instantiating |expanding macro|while requiring )(?P<msg>.+)$",
        tool="crystal",
        rank=2,
        examples=(
            "Error in ./src/cart.cr:4: undefined local variable or method 'totl'",
            "in ./src/cart.cr:3: undefined method 'baz' for Cart",
        ),
    ),
)
