"""Free Pascal (``fpc``, and Lazarus's ``lazbuild``, which runs it): the place in
parentheses, then the severity and the message::

    src/cart.pas(4,8) Error: Identifier not found "totl"
    src/cart.pas(2,6) Fatal: Can't find unit nosuchunit used by cart
    src/cart.pas(9,3) Warning: Variable "y" does not seem to be initialized
    src/cart.pas(2,5) Note: Local variable "y" not used

Then fpc's own lines say the compile stopped (``Fatal: There were 2 errors
compiling module, stopping``, ``Fatal: Compilation aborted``, ``Error:
/usr/bin/ppcx64 returned an error exitcode``): consequences.
"""

from __future__ import annotations

from . import Format

COMMANDS = {"fpc": "fpc", "lazbuild": "fpc"}
BUILDS: dict[str, frozenset[str] | None] = {"fpc": None, "lazbuild": None}

_SAYS = r" (?P<sev>Error|Fatal|Warning|Note|Hint): "  # after the place, on every message
# (No seek: the seeks automaton runs fast only while each starts at a colon.)

ROWS = (
    Format(  # the compile stopping for the errors said above it
        "fpc-stopped",
        r"^(?:\S+\(\d+(?:,\d+)?\) )?(?:Fatal|Error): (?P<msg>There were \d+ errors compiling "
        r"module, stopping|Compilation aborted|\S*(?:ppc\w+|fpc) returned an error exitcode.*)$",
        tool="fpc",
        role="consequence",
        rank=1,
        examples=(
            "p.pas(7) Fatal: There were 2 errors compiling module, stopping",
            "Fatal: Compilation aborted",
            "Error: /usr/bin/ppcx64 returned an error exitcode",
        ),
    ),
    Format(
        "fpc-message",
        r"^(?P<file>(?:[A-Za-z]:)?[^\s(]+\.(?:pas|pp|p|lpr|dpr|inc))\((?P<line>\d+)"
        r"(?:,(?P<col>\d+))?\)" + _SAYS + r"(?P<msg>.+)$",
        tool="fpc",
        rank=2,
        examples=(
            'p.pas(4,8) Error: Identifier not found "totl"',
            "u.pas(2,6) Fatal: Can't find unit nosuchunit used by u",
            'w.pas(2,5) Note: Local variable "y" not used',
            'src/cart.pas(9,3) Warning: Variable "y" does not seem to be initialized',
        ),
    ),
)
