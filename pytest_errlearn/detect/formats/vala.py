"""Vala and Genie: valac's diagnostics, in the GNU coding standards' shape with
a range (``file:line.col-line.col:``), the source quoted under them, then
its count::

    a.vala:2.9-2.9: error: Assignment: Cannot convert from `string' to `int'
        2 |     int x = "five";
          |         ^
    Compilation failed: 2 error(s), 0 warning(s)
"""

from __future__ import annotations

from . import Format

COMMANDS = {"valac": "valac"}
BUILDS: dict[str, frozenset[str] | None] = {"valac": None}

_AT = r":(?P<line>\d+)\.(?P<col>\d+)(?:-\d+\.\d+)?: (?P<sev>error|warning|note): "

ROWS = (
    Format(
        "valac",
        r"^(?P<file>(?:[A-Za-z]:)?[^\s:]+\.(?:vala|vapi|gs))" + _AT + r"(?P<msg>.+)$",
        seek=_AT,
        tool="valac",
        block="codeframe",
        rank=2,
        examples=(
            "a.vala:2.9-2.9: error: Assignment: Cannot convert from `string' to `int'",
            "src/window.vala:31.5-31.21: warning: Local variable `unused' declared but never used",
            "../src/main.vala:8.5-8.9: error: The name `baz' does not exist in the context of `F'",
        ),
    ),
    Format(  # ... and its count of them
        "valac-failed",
        r"^(?P<msg>Compilation failed: \d+ error\(s\), \d+ warning\(s\))$",
        tool="valac",
        category="build",
        role="count",
        rank=2,
        examples=("Compilation failed: 2 error(s), 0 warning(s)",),
    ),
)
