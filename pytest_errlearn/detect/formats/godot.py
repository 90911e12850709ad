"""Godot: the engine's script errors, as the editor, an export or a headless
test run (GUT, gdUnit4) prints them.

GDScript's errors head ``SCRIPT ERROR: <message>`` (the web build's console
puts asterisks round the words), and the place is on the indented line
below: Godot 4 names the function and the script, ``at: GDScript::reload
(res://player.gd:12)``, or a test's function, ``at: test_jump
(res://test/test_player.gd:9)``; Godot 3 the script alone, ``At:
res://player.gd:12``. A script that does not parse says ``Parse Error:``
(4.x also ``Compile Error:``); any other is the running script's (an
invalid call, a property that is not there). From 4.2 on the editor writes
a running script's error on one line, ``ERROR: res://player.gd:12 - Invalid
call. ...``. What follows from a script that did not parse is the loader's
``ERROR: Failed to load script "res://player.gd" with error "Parse error".``
The engine's own ``ERROR:`` lines, placed in its C++ sources (``at:
load (core/io/resource_loader.cpp:285)``), are no place of the project's: the
generic rows read them.

Scripts are named by their project path, ``res://``; the error's file is the
path under it, relative to the project's folder.
"""

from __future__ import annotations

from ..reader import Reader
from . import Format, regex

COMMANDS = dict.fromkeys(("godot", "godot3", "godot4", "godot-mono"), "godot")
# ``godot --export-release``, ``-s addons/gut/gut_cmdln.gd``: no subcommand, options.
BUILDS: dict[str, frozenset[str] | None] = dict.fromkeys(
    ("godot", "godot3", "godot4", "godot-mono"), None
)

# The place line under a script error: "at: fn (res://x.gd:12)" (4.x), "At: res://x.gd:12" (3.x).
_AT = regex(r"^\s+(?:at|At): (?:(?P<func>[^\s(]+) \()?res://(?P<file>[^\s:()]+):(?P<line>\d+)")
# The lines under a script error: its place, the backtrace's heading and frames ("[0] fn (...)").
_UNDER = regex(r"^\s+(?:(?:at|At): |GDScript backtrace|\[\d+\] )")
# A script that did not get to run: it does not parse, or does not compile.
_NOT_PARSED = regex(r"^(?:Parse|Compile) Error: (?P<said>.*)$")


class ScriptError(Reader):
    """The indented lines under a script error: where it was (``at:``), and from
    4.3 on the GDScript backtrace. The error is at the first place named; a
    test's function (``test_...``) names the test that ran it."""

    frames_wanted = False

    def accept(self, line: str) -> bool:
        return _UNDER.match(line) is not None

    def finish(self) -> None:
        err = self.err
        for line in err.block[1:]:
            if (m := _AT.match(line)) is not None:
                if err.file is None:
                    err.file, err.line = m["file"], int(m["line"])
                func = (m["func"] or "").rsplit("::", 1)[-1]
                if func.startswith("test") and err.test is None:
                    err.test = func
                return

    def category(self) -> str | None:
        """A script that does not parse is a syntax error unless its words say
        more (a type not found); any other, an error of the running script."""
        if (m := _NOT_PARSED.match(self.err.message)) is not None:
            return self.said_else("syntax", m["said"])
        return self.said_else("runtime")


READERS = {"godot-script": ScriptError}

ROWS = (
    Format(
        "godot-script-error",
        r"^(?:\*\*)?SCRIPT ERROR(?:\*\*)?: (?P<msg>\S.*)$",
        tool="godot",
        block="godot-script",
        rank=2,
        examples=(
            'SCRIPT ERROR: Parse Error: Identifier "speed" not declared in the current scope.',
            "SCRIPT ERROR: Invalid call. Nonexistent function 'jump' in base 'Nil'.",
            "**SCRIPT ERROR**: Parse Error: Unexpected token: Identifier:Node",
        ),
    ),
    Format(  # 4.2 on: a running script's error, its place before the words
        "godot-script-error-line",
        r"^\s*ERROR: res://(?P<file>[^\s:]+):(?P<line>\d+) - (?P<msg>\S.*)$",
        tool="godot",
        block="godot-script",
        rank=2,
        examples=(
            "ERROR: res://player.gd:12 - Invalid call. Nonexistent function 'jump' in base 'Nil'.",
        ),
    ),
    Format(  # the loader, of a script whose error was read above
        "godot-script-not-loaded",
        r'^\s*ERROR: (?P<msg>Failed to load script "res://[^"]+" with error "[^"]+")\.?$',
        tool="godot",
        role="consequence",
        rank=1,
        examples=('ERROR: Failed to load script "res://player.gd" with error "Parse error".',),
    ),
)
