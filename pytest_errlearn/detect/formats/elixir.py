r"""Elixir: the compiler's diagnostics through mix, and exceptions
(``** (ArithmeticError) ...``). (Mix's own errors: elixir_mix.py; ExUnit:
elixir_tests.py.)

From Elixir 1.15 the compiler prints each diagnostic as ``error: ...`` (or
``warning: ...``) with its place on a line below: ``└─ lib/calc.ex:5:12:
Calc.add/2`` (1.15: ``  lib/calc.ex:5: Calc.add/2``); from 1.16 indented, a
``│`` code frame between. Before 1.15 a compile error was an exception:
``** (CompileError) lib/calc.ex:5: undefined function foo/0``.

An exception's name says its category (``TokenMissingError`` syntax,
``UndefinedFunctionError`` reference); an ExUnit failure with no exception
is an assertion (``Assertion with == failed``, ``match (=) failed``,
``Doctest failed``), its message with what each side was. ``--warnings-as-errors``
fails of the warnings printed above it.
"""

from __future__ import annotations

from ...report import Error
from ..blocks_langs import Rustc
from ..reader import Reader
from . import Format, regex, said_in

EX = r"[^\s:│└]+\.(?:exs?|eex|heex|leex|sface)"
# The stack frames of Elixir and Erlang as Elixir prints them:
# ``(calc 0.1.0) lib/calc.ex:5: Calc.div/2``, ``test/calc_test.exs:6: (test)``.
_FRAME = regex(
    r"^\s+(?:\((?P<app>\w+)(?: [^)]*)?\) )?(?P<file>[^\s:()]+\.(?:exs?|erl|hrl|eex|heex)):"
    r"(?P<line>\d+): "
)
# The apps of Elixir's and OTP's own code, never the user's.
_RUNTIME_APPS = frozenset(
    {
        "elixir",
        "stdlib",
        "kernel",
        "ex_unit",
        "mix",
        "iex",
        "logger",
        "eex",
        "erts",
        "compiler",
        "hex",
    }
)

ORDER = 15  # before rust.py's bare ``error:`` row and node.py's ``  1) title`` row
COMMANDS = dict.fromkeys(("elixir", "elixirc", "iex"), "elixir")
BUILDS: dict[str, frozenset[str] | None] = {"elixir": None, "elixirc": None}


# Elixir's words for a name it does not know, where the general rules would read
# others (``variable "x" does not exist`` is no missing file).
_ELIXIR_SAYS = (
    (
        "reference",
        regex(
            r"^(?:undefined (?:function|variable)\b|variable \"[^\"]+\" does not exist\b|"
            r"\S+/\d+ is undefined\b|module \S+ is not (?:loaded|available)\b|"
            r"function \S+/\d+ undefined$)"
        ),
    ),
)
# What an exception's name says it is; others are crashes.
_EXCEPTION_CATEGORY = {
    "SyntaxError": "syntax",
    "TokenMissingError": "syntax",
    "MismatchedDelimiterError": "syntax",
    "UndefinedFunctionError": "reference",
    "File.Error": "filesystem",
}
_RAISED = regex(r"^\*\* \((?P<exc>[\w.]+)\) (?:\S+:\d+(?::\d+)?: )?(?P<msg>.*)$")


def exception_category(message: str, default: str = "runtime") -> str | None:
    """The category of ``** (Name) ...`` by its exception's name; None when it is none."""
    if (m := _RAISED.match(message)) is None:
        return None
    if (said := _EXCEPTION_CATEGORY.get(m["exc"])) is not None:
        return said
    if m["exc"] == "CompileError":
        return said_in(_ELIXIR_SAYS, m["msg"]) or "build"
    return default


def user_frame(lines: list[str]) -> tuple[str, int] | None:
    """The innermost frame outside Elixir's and OTP's own apps."""
    for line in lines:
        if (m := _FRAME.match(line)) and m["app"] not in _RUNTIME_APPS:
            return m["file"], int(m["line"])
    return None


class Diagnostic(Rustc):
    """An ``error:``/``warning:`` line of the Elixir compiler: its place below
    (``└─ file:l:c``, or 1.15's ``  file:l: Mod.fun/1``) and ``│`` code frame.

    Unindented, the line has rustc's shape: a ``warning:`` line may be rustc's
    (its ``-->`` place and notes are read as ``Rustc`` reads them), an ``error:``
    line is taken here only when it says what Elixir says of an unknown name.
    Indented (1.16 on), it is Elixir's only when its frame or place follows.
    """

    _PLACE = regex(rf"^\s*(?:└─ )?(?P<file>{EX}):(?P<line>\d+)(?::(?P<col>\d+))?(?::|$)")
    _GUTTER = regex(r"^\s*\d*\s*│|^\s*\.\.\.$")

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.indented = err.text[:1].isspace()
        self.elixir = False

    def accept(self, line: str) -> bool:
        if self._GUTTER.match(line):
            self.elixir = True
            return True
        if m := self._PLACE.match(line):
            if self.err.file is None:
                self.err.file, self.err.line = m["file"], int(m["line"])
                self.err.column = int(m["col"]) if m["col"] else None
                self.err.tool, self.err.rank = "mix", max(self.err.rank, 2)
            self.elixir = True
            return True
        if self.indented and not self.elixir:
            # 1.16's message may run on over lines of its own (``IO.warn``'s)
            return bool(line.strip()) and line[:1].isspace() and self.count < 8
        return super().accept(line)

    def finish(self) -> None:
        if self.indented and not self.elixir:
            self.valid = False  # some other tool's indented ``error:``
        super().finish()

    def category(self) -> str | None:
        if not self.elixir:
            return None  # rustc's
        # a compile error (or a warning ``--warnings-as-errors`` fails of) its words do not place
        return said_in(_ELIXIR_SAYS, self.err.message) or self.said_else("build")


class NextLine(Reader):
    """dialyxir's finding: the message is the line below its ``file:line:kind``.
    The kind is dialyzer's name for the warning: a call of a function or type
    that is not there (``unknown_function``, ``unknown_type``) is a reference;
    every other (``pattern_match``, ``no_return``, ``call``, ...) a finding of
    its type analysis."""

    frames_wanted = False

    def accept(self, line: str) -> bool:
        if self.count == 0 and line.strip() and not line.startswith("_"):
            self.err.message = line.strip()
            return True
        return False

    def finish(self) -> None:
        pass

    def category(self) -> str | None:
        return "reference" if (self.err.code or "").startswith("unknown_") else "type"


class ExceptionStack(Reader):
    """``** (Error) message`` and what is indented below it: the message's own
    lines (a nested diagnostic, 1.16's ``SyntaxError``), then the stack.

    A process that died of an exception says so of its exit (``** (exit) an
    exception was raised:``, ``** (EXIT from #PID<0.96.0>) ...``: a task run
    while compiling, a linked process), the exception nested below: that is
    the error, its stack the one below it."""

    frames_wanted = False
    _NESTED = regex(r"^\s+error: (?P<msg>.+)$")
    _RAISED = regex(r"^\s+(?P<msg>\*\* \([A-Z][\w.]*\) .+)$")

    def accept(self, line: str) -> bool:
        if not (line[:1].isspace() and line.strip()):
            return False
        if self.err.message.endswith(":") and (
            (m := self._NESTED.match(line)) or (self.count == 0 and (m := self._RAISED.match(line)))
        ):
            self.err.message = m["msg"].strip()
        return True

    def finish(self) -> None:
        if self.err.file is None and (where := user_frame(self.err.block[1:])):
            self.err.file, self.err.line = where

    def category(self) -> str | None:
        if self.err.message.startswith("** ("):  # the exception nested in an exit
            return exception_category(self.err.message)
        return exception_category(self.err.text.strip())


READERS = {
    "elixirdiag": Diagnostic,
    "exstack": ExceptionStack,
    "nextline": NextLine,
}

_DIALYXIR_AT = r":(?P<line>\d+):(?:(?P<col>\d+):)?(?P<code>[a-z][a-z_]+)"
# ``** (Mix) ...`` is mix's own error, no exception (elixir_mix.py).
_EXCEPTION = r"(?!Mix\))[A-Z][\w.]*|exit|throw|EXIT from #PID<[\d.]+>"

# Elixir's words for a name it does not know: ``undefined variable "x"`` (quoted so),
# ``undefined function foo/1``.
_UNDEFINED = (
    r"(?P<msg>(?:undefined variable \"|undefined function \S+/\d|module \S+ is not loaded and "
    r"could not be found|\S+/\d+ is undefined(?: \(module|, cannot expand struct)|"
    r"function \S+/\d+ undefined$).*)$"
)

ROWS = (
    Format(  # before ``bare-diagnostic``: a name Elixir does not know (rustc never says so)
        "elixir-undefined",
        r"^\s*(?P<sev>error): " + _UNDEFINED,
        tool=None,  # the place below says it is mix's
        block="elixirdiag",
        category="reference",
        rank=1,
        examples=(
            'error: undefined variable "x"',
            "    error: undefined function unknown_func_call!/1 (expected Sample to "
            "define such a function or for it to be imported, but none are available)",
        ),
    ),
    Format(  # rustc's shape too, read as ``Rustc`` reads it: Elixir's place is read besides
        "elixir-warning",
        r"^(?P<sev>warning): (?P<msg>.+)$",
        block="elixirdiag",
        rank=1,
        examples=(
            'warning: variable "unused" is unused (if the variable is not meant to be '
            "used, prefix it with an underscore)",
        ),
    ),
    Format(  # Elixir 1.16+: indented, a ``│`` code frame below
        "elixir-diagnostic",
        r"^ {4,}(?P<sev>error|warning): (?P<msg>.+)$",
        tool="mix",
        block="elixirdiag",
        rank=1,
        examples=(
            '    warning: variable "unused_param" is unused (if the variable is not meant to '
            "be used, prefix it with an underscore)",
        ),
    ),
    Format(
        "elixir-compile-banner",
        r"^== Compilation error in file \S+ ==$",
        tool="mix",
        role="ignore",
        examples=("== Compilation error in file lib/calc.ex ==",),
    ),
    Format(  # 1.15+: the errors were printed above it
        "elixir-cannot-compile",
        r"^\*\* \(CompileError\) \S+: cannot compile (?:module|file)\b.*$",
        tool="mix",
        role="consequence",
        block="exstack",
        rank=0,
        examples=(
            "** (CompileError) lib/calc.ex: cannot compile module Calc (errors have been logged)",
        ),
    ),
    Format(  # 1.16+: the diagnostic is nested below it
        "elixir-found-on",
        rf"^\*\* \((?P<exc>{_EXCEPTION})\) [\w ]+ on (?P<file>{EX}):(?P<line>\d+)"
        r"(?::(?P<col>\d+))?:$",
        tool="mix",
        block="exstack",
        category="syntax",
        rank=2,
        examples=("** (SyntaxError) invalid syntax found on lib/my_app.ex:1:17:",),
    ),
    Format(  # up to 1.14: a compile error is an exception at its place
        "elixir-compile-undefined",
        rf"^\*\* \(CompileError\) (?P<file>{EX}):(?P<line>\d+)(?::(?P<col>\d+))?: " + _UNDEFINED,
        tool="mix",
        block="exstack",
        category="reference",
        rank=2,
        examples=(
            "** (CompileError) lib/calc.ex:5: undefined function foo/0",
            "** (CompileError) lib/calc.ex:5: function foo/0 undefined",
            "** (CompileError) lib/calc.ex:3: Calc.Point.__struct__/1 is undefined, cannot "
            "expand struct Calc.Point. Make sure the struct name is correct.",
        ),
    ),
    Format(
        "elixir-compile-error",
        rf"^\*\* \((?P<exc>{_EXCEPTION})\) (?P<file>{EX}):(?P<line>\d+)(?::(?P<col>\d+))?: "
        r"(?P<msg>.+)$",
        tool="mix",
        block="exstack",
        rank=2,
        examples=(
            '** (TokenMissingError) lib/calc.ex:7:1: missing terminator: end (for "do" '
            "starting at line 1)",
        ),
    ),
    Format(  # mix dialyzer (dialyxir): ``lib/calc.ex:5:no_return``, the message below
        "dialyxir",
        rf"^(?P<file>{EX}){_DIALYXIR_AT}$",
        seek=_DIALYXIR_AT,
        tool="dialyzer",
        block="nextline",
        rank=2,
        examples=("lib/calc.ex:5:no_return",),
    ),
    Format(
        "elixir-exception",
        rf"^(?P<msg>\*\* \((?P<exc>{_EXCEPTION})\) .*)$",
        tool="elixir",
        block="exstack",
        rank=3,
        examples=(
            "** (ArithmeticError) bad argument in arithmetic expression",
            "** (exit) exited in: GenServer.call(Calc, :add, 5000)",
        ),
    ),
)
