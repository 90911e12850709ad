"""Lua: the interpreter's and luac's errors, busted, luacheck.

The interpreter says ``lua5.4: app.lua:7: attempt to call a nil value (global
'gret')`` (Lua 5.1 and LuaJIT: ``attempt to call global 'gret' (a nil value)``),
then a ``stack traceback:`` of tab-indented frames; an ``error()`` of the
program's own is a runtime error unless its words say more. busted heads each
problem ``Failure -> spec/calc_spec.lua @ 5`` (``Error -> ...`` for an error),
the test's name and the message below it, and for a failed assertion the values
it compared (``Passed in:`` the actual one, ``Expected:``), which the message
keeps. luacheck exits 1 of its warnings alone, 2 of an error.
"""

from __future__ import annotations

from ...report import Error
from ..reader import Reader
from . import Format, regex, said_in

# The interpreters' names as they start their error lines: "lua: x.lua:3: ...".
_LUA = r"(?:lua(?:jit|5\.\d|\d\.\d)?|luac(?:5\.\d)?|texlua)"
# What Lua's parser says of a chunk that does not compile: "... near 'x'", "... near <eof>".
_SYNTAX = r"(?P<msg>.+ near (?:'.*'|<eof>|\S+))$"
_AT = r"(?P<file>[^\s:]+\.lua):(?P<line>\d+): "
# A luacheck finding's place: "    x.lua:3:7: ", "x.lua:3:7-9: ".
_LUACHECK = (
    r"^\s*(?P<file>[^\s:]+\.(?:lua|rockspec|luacheckrc)):(?P<line>\d+):(?P<col>\d+)(?:-\d+)?: "
)
# Installed modules (LuaRocks, the distribution's), not the project's.
_NOT_USER = regex(r"/share/lua/|/lib/lua/|\.luarocks/|/lua_modules/|^\[C\]|^\(")


# A call of a name that holds nothing: Lua 5.2 on say it so, 5.1 and LuaJIT the other way.
_CALLED_NIL = (
    r"attempt to call (?:a nil value \((?:global|field|method) '[^']+'\)|"
    r"(?:global|field|method) '[^']+' \(a nil value\))"
)
# What the general rules do not know of Lua's own messages.
_SAID = (("reference", regex(_CALLED_NIL)),)


def _user(path: str) -> bool:
    return _NOT_USER.search(path) is None


ORDER = 30  # where its rows stand in the table (``formats.families``)
COMMANDS = {
    **dict.fromkeys(("lua", "lua5.1", "lua5.2", "lua5.3", "lua5.4", "luajit"), "lua"),
    **dict.fromkeys(("luac", "luac5.1", "luac5.2", "luac5.3", "luac5.4"), "lua"),
    "busted": "busted",
    "luacheck": "luacheck",
    "luarocks": "luarocks",
}
BUILDS: dict[str, frozenset[str] | None] = {
    **dict.fromkeys(("lua", "lua5.1", "lua5.2", "lua5.3", "lua5.4", "luajit"), None),
    **dict.fromkeys(("luac", "luac5.1", "luac5.2", "luac5.3", "luac5.4"), None),
    "busted": None,
    "luacheck": None,
    "luarocks": frozenset({"make", "build", "install", "test"}),
}


class LuaTraceback(Reader):
    """The lines under a Lua error: a missing module's search list (tab-indented)
    and the ``stack traceback:`` (innermost frame first). The error is where it
    was raised, unless that is installed code: then the innermost frame of the
    project's own."""

    frames_wanted = False
    _FRAME = regex(r"^\s+(?P<file>[^\s:\[(]+\.lua):(?P<line>\d+): in ")

    def accept(self, line: str) -> bool:
        return line.startswith(("stack traceback:", "\t")) or (
            line[:1] == " " and line.strip() != ""
        )

    def finish(self) -> None:
        err = self.err
        if err.file is not None and _user(err.file):
            return
        for line in err.block[1:]:
            if (m := self._FRAME.match(line)) and _user(m["file"]):
                err.file, err.line = m["file"], int(m["line"])
                return

    def category(self) -> str | None:
        """An ``error()`` of the program's (a row that names none): a runtime
        error, unless its words say more."""
        return said_in(_SAID, self.err.message) or self.said_else("runtime")


class BustedFailure(Reader):
    """A busted failure or error (``Failure -> spec/x_spec.lua @ 3``): the test's
    name, the message (``file:line: ...``, where it went wrong), the values it
    compared, and with ``--verbose`` a blank line and a stack traceback.
    """

    frames_wanted = False
    _MESSAGE = regex(r"^" + _AT + r"(?P<msg>.*)$")
    _FRAME = regex(r"^\s+(?P<file>[^\s:\[(]+\.lua):(?P<line>\d+): in ")

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.traceback = False
        self.said: list[str] = []

    def accept(self, line: str) -> bool:
        if not line.strip():
            return self.blanks < 2
        if self.blanks:
            if not (line.startswith("stack traceback:") or (self.traceback and line[:1] == "\t")):
                return False
            self.traceback = True
        if not self.traceback:
            self.said.append(line.strip())
        return True

    def _compared(self) -> str:
        """A failed assertion's values, after its message: ``Passed in: (number) 4
        Expected: (number) 3`` (a table's lines joined), empty when it has none."""
        said = self.said[2:]
        if "Passed in:" not in said:
            return ""
        values = " ".join(said[said.index("Passed in:") :])
        return f" {values[:400]}"

    def finish(self) -> None:
        err, said = self.err, self.said
        if len(said) > 1:
            err.test = said[0]
        text = said[1] if len(said) > 1 else said[0] if said else ""
        if m := self._MESSAGE.match(text):
            err.message = (m["msg"].strip() or text) + self._compared()
            if err.message == "{" and "}" in said:  # an error object, a table, printed whole
                err.message = " ".join(["{", *said[2 : said.index("}") + 1]])
            if _user(m["file"]):
                err.file, err.line = m["file"], int(m["line"])
                return
        elif text:
            err.message = text
        for line in err.block[1:]:
            if (f := self._FRAME.match(line)) and _user(f["file"]):
                err.file, err.line = f["file"], int(f["line"])
                return

    def category(self) -> str | None:
        """A busted ``Error`` (its row names no category): what Lua raised, a
        runtime error unless its words say more."""
        return said_in(_SAID, self.err.message) or self.said_else("runtime")


READERS = {"luatraceback": LuaTraceback, "busted": BustedFailure}

ROWS = (
    Format(
        "lua-syntax",
        rf"^{_LUA}: " + _AT + _SYNTAX,
        tool="lua",
        category="syntax",
        block="luatraceback",
        rank=2,
        examples=(
            "luac: x.lua:5: 'end' expected (to close 'function' at line 1) near <eof>",
            "lua5.4: s.lua:3: unexpected symbol near '='",
        ),
    ),
    Format(
        "lua-module-not-found",
        rf"^{_LUA}: (?:" + _AT + r")?(?P<msg>module '[^']+' not found)(?::.*)?$",
        tool="lua",
        category="dependency",
        block="luatraceback",
        rank=2,
        examples=("lua5.4: r.lua:1: module 'nomod' not found:",),
    ),
    Format(
        "lua-undefined",
        rf"^{_LUA}: (?:" + _AT + rf")?(?P<msg>{_CALLED_NIL})$",
        tool="lua",
        category="reference",
        block="luatraceback",
        rank=2,
        examples=(
            "lua5.4: app.lua:7: attempt to call a nil value (global 'nope')",
            "luajit: app.lua:7: attempt to call global 'gret' (a nil value)",
        ),
    ),
    Format(
        "lua-runtime",
        rf"^{_LUA}: (?:" + _AT + r")?(?P<msg>attempt to .+)$",
        tool="lua",
        category="runtime",
        block="luatraceback",
        rank=2,
        examples=(
            "lua: x.lua:3: attempt to perform arithmetic on a nil value (global 'y')",
            "lua5.4: src/calc.lua:15: attempt to index local 't' (a nil value)",
        ),
    ),
    Format(
        "lua-error",
        rf"^{_LUA}: (?:" + _AT + r")?(?P<msg>\S.*)$",
        tool="lua",
        block="luatraceback",
        rank=2,
        examples=("lua5.4: stop.lua:2: too big: 5", "lua: cannot open nofile.lua"),
    ),
    Format(
        "busted-failure",
        r"^(?P<sev>Failure) (?:→|->) (?P<file>\S+) @ (?P<line>\d+)$",
        tool="busted",
        category="assertion",
        block="busted",
        rank=3,
        examples=("Failure → spec/calc_spec.lua @ 3", "Failure -> spec/calc_spec.lua @ 5"),
    ),
    Format(
        "busted-error",
        r"^(?P<sev>Error) (?:→|->) (?P<file>\S+) @ (?P<line>\d+)$",
        tool="busted",
        block="busted",
        rank=3,
        examples=("Error → spec/calc_spec.lua @ 9", "Error -> spec/calc_spec.lua @ 13"),
    ),
    Format(  # busted prints it above the failures: nothing to fold it into yet
        "busted-summary",
        r"^\d+ success(?:es)? / \d+ failures? / \d+ errors? / \d+ pending : [\d.]+ seconds$",
        tool="busted",
        role="ignore",
        words=("pending",),
        examples=("1 success / 1 failure / 2 errors / 1 pending : 0.000851 seconds",),
    ),
    Format(  # with --codes the class says it: (W211) a warning, (E011) an error
        "luacheck-coded",
        _LUACHECK + r"\((?P<code>(?P<sev>[EW])\d+)\) (?P<msg>.+)$",
        tool="luacheck",
        rank=2,
        examples=(
            "    x.lua:3:7: (W211) unused variable 'a'",
            "x.lua:5:1: (E011) expected '=' near 'foo'",
        ),
    ),
    Format(  # luacheck without --codes: an error is Lua's parser's (it speaks of what
        # is "near") or a bad inline option
        "luacheck-error",
        _LUACHECK + r"(?P<msg>(?:.+ near (?:'.*'|<eof>|\S+)|"
        r"unfinished (?:long )?(?:string|comment)|invalid (?:\w+ )?escape sequence|"
        r"invalid long string delimiter|malformed number|"
        r"cannot use '\.\.\.' outside a vararg function|label '.*' already defined|"
        r"no visible label|'break' is not inside a loop|jumps into the scope|"
        r"invalid inline option|unpaired (?:push|pop) directive).*)$",
        tool="luacheck",
        category="syntax",
        rank=2,
        examples=(
            "    lc.lua:6:1: expected ')' (to close '(' on line 5) near <eof>",
            "    src/page.lua:15:30: unfinished string",
        ),
    ),
    Format(  # luacheck's default, without codes: any other finding is a warning
        "luacheck-warning",
        _LUACHECK + r"(?P<msg>.+)$",
        tool="luacheck",
        role="warning",
        examples=("    lc2.lua:1:7: unused variable 'b'", "format.lua:50:121: line is too long"),
    ),
    Format(  # warnings alone fail luacheck too (its exit status 1): they are its errors
        "luacheck-total-warnings",
        r"^Total: [1-9]\d* warnings? / 0 errors in \d+ files?",
        tool="luacheck",
        role="strict",
        rank=0,
        examples=("Total: 5 warnings / 0 errors in 1 file",),
    ),
    Format(
        "luacheck-total",
        r"^Total: (?:[1-9]\d* warnings? / \d+ errors?|\d+ warnings? / [1-9]\d* errors?) "
        r"in \d+ files?",
        tool="luacheck",
        role="consequence",
        rank=0,
        examples=("Total: 2 warnings / 1 error in 1 file",),
    ),
)
