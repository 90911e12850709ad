"""Nim's compiler (``nim c``, ``nimble build``): the place in parentheses, a space,
then the severity and the message, with the check's name last for a warning
or a hint::

    src/cart.nim(4, 17) Error: type mismatch: got 'string' for '"a"' but expected 'int'
    src/cart.nim(9, 7) Warning: imported and not used: 'strutils' [UnusedImport]
    src/cart.nim(3, 5) Hint: 'unused' is declared but not used [XDeclaredButNotUsed]

C#'s compiler puts a place in parentheses too, but a colon after it
(``Foo.cs(3,5): error CS0103``): that is dotnet.py's.
"""

from __future__ import annotations

from . import Format

COMMANDS = dict.fromkeys(("nim", "nimble"), "nim")
BUILDS: dict[str, frozenset[str] | None] = {
    "nim": frozenset({"c", "cc", "cpp", "js", "check", "compile", "r", "run"}),
    "nimble": frozenset({"build", "test", "install", "c", "cc", "run"}),
}

ROWS = (
    Format(
        "nim-compiler",
        r"^\s*(?P<file>(?:[A-Za-z]:)?[^\s(]+\.nim[bs]?)\((?P<line>\d+), (?P<col>\d+)\) "
        r"(?P<sev>Error|Warning|Hint): (?P<msg>.+?)(?: \[(?P<code>\w+)\])?$",
        tool="nim",
        rank=2,
        examples=(
            "src/cart.nim(4, 17) Error: type mismatch: got 'string' for '\"a\"' but expected 'int'",
            "/home/ci/proj/src/w.nim(9, 7) Warning: imported and not used: 'strutils'"
            " [UnusedImport]",
            "src/cart.nim(3, 5) Hint: 'unused' is declared but not used [XDeclaredButNotUsed]",
        ),
    ),
)
