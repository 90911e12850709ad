r"""Erlang: erlc and dialyzer, rebar3, crashes of ``erl`` and escript. (EUnit and
Common Test: erlang_tests.py.)

erlc says ``src/calc.erl:5:12: syntax error before: ')'`` (the column from OTP 24
on, a ``%  5|`` code frame below), its warnings ``...: Warning: ...``; with
``-Werror`` the same without the word. rebar3 prints them so too, or (its
``rich`` format, the default from 3.24) as a frame ``┌─ src/calc.erl:`` whose
``╰──`` line says what is wrong. A crash names where it happened in its stack:
``in call from calc:div/2 (src/calc.erl, line 5)``, or the term
``{calc,div,2,[{file,"src/calc.erl"},{line,5}]}``.

dialyzer run on its own prints erlc's shape, its message running on over
indented lines (``The call calc:add`` / ``(1,`` / ``'ok') will never return
...``); its findings are type errors, but for a call to a function that is not
there. erlc's errors that its words do not place (an unused variable under
``-Werror``) are build errors.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from ...report import Error
from ..reader import Reader
from . import Format, regex, said_in

_ERL = r"(?:[A-Za-z]:)?[^\s:][^\s:]*\.(?:erl|hrl|escript|yrl|xrl)"
_ERLC_AT = r":(?P<line>\d+):(?:(?P<col>\d+):)? "
_ERLC_WARNING_AT = _ERLC_AT + r"(?P<sev>[Ww]arning): "
_DO_BOOT = r'^\{"init terminating in do_boot",'

ORDER = 15  # with erlang_tests.py's: before node.py's mocha rows
COMMANDS = {
    "erlc": "erlc",
    **dict.fromkeys(("erl", "escript"), "erlang"),
    **dict.fromkeys(("rebar3", "rebar"), "rebar3"),
    "dialyzer": "dialyzer",
}
BUILDS: dict[str, frozenset[str] | None] = {
    "erlc": None,
    "dialyzer": None,
    "rebar3": frozenset(
        {
            "compile",
            "eunit",
            "ct",
            "dialyzer",
            "xref",
            "release",
            "escriptize",
            "as",
            "do",
            "proper",
            "cover",
        }
    ),
}

# Where a frame of a stack points: ``(src/calc.erl, line 5)`` in a printed
# stack, ``{file,"src/calc.erl"},{line,5}`` in a term.
PRINTED_FRAME = regex(r"(?P<mod>'?[\w@.]+'?):[^\s(]+ \((?P<file>[^,()]+), line (?P<line>\d+)\)")
TERM_FRAME = regex(r'\{file,\s*"(?P<file>[^"]+)"\},\s*\{line,(?P<line>\d+)\}')
# OTP's own modules, which its frames name by a bare file name.
_OTP_MODULE = regex(
    r"^(?:eunit\w*|test_server\w*|ct_\w+|cth_\w+|erl_\w+|init|escript|gen(?:_\w+)?|proc_lib|"
    r"lists|erlang|timer|shell|supervisor\w*|application\w*|rpc|io(?:_lib)?|file|code|maps|ets|"
    r"dets|string|unicode|binary|rebar\w*)$"
)
OTP_PATH = regex(r"/lib/erlang/|/otp[-_/]|/erts-|/(?:stdlib|kernel)-\d")


def user_frame(frames: Iterable[re.Match[str]]) -> tuple[str, int] | None:
    """The innermost frame in the user's own code: a file named with its folder
    (OTP names its own files bare), else a module that is not OTP's (a term's
    frame names the module by its file)."""
    listed = list(frames)
    for m in listed:
        if ("/" in m["file"] or "\\" in m["file"]) and not OTP_PATH.search(m["file"]):
            return m["file"], int(m["line"])
    for m in listed:
        module = (m.groupdict().get("mod") or m["file"].rsplit(".", 1)[0]).strip("'")
        if not _OTP_MODULE.match(module) and not OTP_PATH.search(m["file"]):
            return m["file"], int(m["line"])
    return None


def _arity(args: str) -> int:
    """How many terms a printed argument list (``[2,{a,b},"x"]``) holds."""
    inner = args[1:-1].strip()
    depth, count = 0, 1 if inner else 0
    for c in inner:
        if c in "[{(":
            depth += 1
        elif c in "]})":
            depth -= 1
        elif c == "," and depth == 0:
            count += 1
    return count


# The first frame of an ``undef``'s stack: the function called, with its arguments
# (or its arity).
_CALLED = regex(r"\{'?(?P<mod>[\w@.]+)'?,\s*(?P<fun>'[^']+'|[\w@]+),\s*(?P<args>\d+|\[[^\]]*\])")


def term_reason(term: str) -> str:
    """The reason of a ``{Reason, Stack}`` (or ``{Class, Reason, Stack}``) term; for
    ``undef``, the function that is not there (its stack's first frame)."""
    if m := re.match(r"^\{(?:(?P<cls>error|exit|throw),\s*)?(?P<why>.*?),\s*\[(?=\{)", term):
        why = f"{m['cls']}:{m['why']}" if m["cls"] else m["why"]
        if m["why"] == "undef" and (f := _CALLED.match(term, m.end())):
            args = f["args"]
            arity = int(args) if args.isdigit() else _arity(args)
            why += f" (undefined function {f['mod']}:{f['fun']}/{arity})"
        return why
    return term


def locate(err: Error, where: tuple[str, int] | None) -> None:
    """The error's place is ``where``, unless its own line named one."""
    if where is not None and err.file is None:
        err.file, err.line = where


# dialyzer's words (``dialyzer:message_to_string``): a finding of its analysis
# is a type error, a call to a function that is not there a reference.
_DIALYZER_SAYS = (
    (
        "reference",
        regex(r"^(?:Call to missing or unexported function|Unknown (?:function|type)) "),
    ),
    (
        "type",
        regex(
            r"^(?:Function \S+ (?:has no local return|will never be called)|"
            r"The (?:created fun has no local return|call .+ (?:will never return|breaks the "
            r"contract|will fail|has nothing in common)|(?:pattern|variable) .+ can never match|"
            r"test .+ can never|specification for |inferred return type |attempt to match )|"
            r"Invalid type specification |Guard test .+ can never succeed|"
            r"Type specification .+ is a (?:sub|super)type|Expression produces a value of type|"
            r"Cons will produce an improper list|Record construction .+ violates|"
            r"Matching of pattern .+ violates|Overloaded contract|Fun application |"
            r"Binary construction will fail|Body yields the type )"
        ),
    ),
)
# erlc's words the general rules would miss: a name it does not know, a header
# not found (as a C compiler's missing header is).
_ERLC_SAYS = (
    ("reference", regex(r"^(?:record|macro|type) \S+ undefined$")),
    ("dependency", regex(r"^can't find include (?:file|lib) ")),
)


class ErlcFrame(Reader):
    """erlc's code frame under a diagnostic (``%    9|     A div (B + ).``), and
    the indented lines of a message that runs on (dialyzer's), which are the
    message's own: ``The call calc:add (1, 'ok') will never return since ...``."""

    frames_wanted = False
    _FRAME = regex(r"^%\s+\d*\||^\s{4,}\S")  # (dialyzer's `` done in 0m1s`` is its own)
    _CALL = regex(r"[\w@']+:[\w@']+$")  # a function the arguments on the next line are of

    def accept(self, line: str) -> bool:
        if self._FRAME.match(line) is None:
            return False
        if not line.startswith("%") and self.count < 20:
            said, more = self.err.message, line.strip()
            glued = more.startswith("(") and self._CALL.search(said) is not None
            self.err.message = f"{said}{'' if glued else ' '}{more}"
        return True

    def finish(self) -> None:
        said = said_in(_DIALYZER_SAYS, self.err.message)
        if said is not None:
            self.err.tool = "dialyzer"

    def category(self) -> str | None:
        said = said_in(_DIALYZER_SAYS, self.err.message) or said_in(_ERLC_SAYS, self.err.message)
        return said or self.said_else("build")


class ErlangException(Reader):
    """``exception error: ...`` of escript and the shell, and the stack below it."""

    frames_wanted = False

    def accept(self, line: str) -> bool:
        return line[:1].isspace() and bool(line.strip())

    def finish(self) -> None:
        frames = (PRINTED_FRAME.search(line) for line in self.err.block[1:])
        locate(self.err, user_frame(m for m in frames if m))


class BootCrash(Reader):
    """``{"init terminating in do_boot",{Reason,Stack}}`` is all on its line (its
    place and reason read by ``_do_boot_location``): a crash, or a call of a
    function that is not there (``undef``: the module not loaded, a typo)."""

    frames_wanted = False

    def accept(self, line: str) -> bool:
        return False

    def category(self) -> str | None:
        return "reference" if ": undef (undefined function " in self.err.message else "runtime"


READERS = {
    "erlcframe": ErlcFrame,
    "erlexception": ErlangException,
    "erlboot": BootCrash,
}


def _rich_location(groups: dict[str, str | None], before: Sequence[str]) -> None:
    """rebar3's rich format: the file is on the ``┌─ src/calc.erl:`` line above,
    the line number in the gutter of the quoted line, the column where ``╰──`` is."""
    for i in range(len(before) - 1, max(len(before) - 8, -1), -1):
        if m := re.match(r"^\s*(?P<line>\d+) │", before[i]):
            groups["line"] = m["line"]
        elif m := re.match(r"^\s*┌─ (?P<file>.+?):\s*$", before[i]):
            groups["file"] = m["file"]
            break


def _do_boot_location(groups: dict[str, str | None], before: Sequence[str]) -> None:
    """``{"init terminating in do_boot",{Reason,Stack}}``: where in the stack."""
    term = groups.get("term") or ""
    if (where := user_frame(TERM_FRAME.finditer(term))) is not None:
        groups["file"], groups["line"] = where[0], str(where[1])
    groups["msg"] = f"init terminating in do_boot: {term_reason(term)}"


def _dialyzer_file(groups: dict[str, str | None], before: Sequence[str]) -> None:
    """rebar3's dialyzer report names the file on a line of its own above its findings."""
    for line in reversed(before[-30:]):
        text = line.strip()
        if re.match(rf"^{_ERL}$", text):
            groups["file"] = text
            return
        if text and not text.startswith("Line "):
            return


ROWS = (
    Format(
        "erlc-warning",
        rf"^(?P<file>{_ERL}){_ERLC_WARNING_AT}(?P<msg>.+)$",
        seek=_ERLC_WARNING_AT,
        tool="erlc",
        role="warning",
        block="erlcframe",
        examples=(
            "src/calc.erl:3:1: Warning: variable 'X' is unused",
            "src/calc.erl:3: Warning: variable 'X' is unused",
        ),
    ),
    Format(  # erlc, and dialyzer, which prints the same shape
        "erlc",
        rf"^(?P<file>{_ERL}){_ERLC_AT}(?P<msg>(?![Ww]arning: )\S.*)$",
        seek=_ERLC_AT,
        tool="erlc",
        block="erlcframe",
        rank=2,
        examples=(
            "src/calc.erl:5:12: syntax error before: ')'",
            "src/calc.erl:7:1: function foo/1 undefined",
            "src/calc.erl:5:1: Function foo/0 has no local return",
        ),
    ),
    Format(
        "erlc-werror",
        r"^compile: warnings being treated as errors\s*$",
        tool="erlc",
        role="ignore",
        examples=("compile: warnings being treated as errors",),
    ),
    Format(  # rebar3's rich format: ``   │              ╰── function foo/1 undefined``
        "rebar3-rich",
        r"^\s*│\s+╰── (?:(?P<sev>Warning): )?(?P<msg>.+)$",
        tool="rebar3",
        rank=2,
        fixup=_rich_location,
        words=("╰──",),
        examples=(
            "   │              ╰── function foo/1 undefined",
            "   │     ╰── Warning: variable 'Z' is unused",
        ),
    ),
    Format(
        "rebar3-dialyzer",
        r"^Line (?P<line>\d+) Column (?P<col>\d+): (?P<msg>.+)$",
        tool="dialyzer",
        rank=2,
        fixup=_dialyzer_file,
        block="erlcframe",  # dialyzer's words say what it found
        words=("Line ",),
        examples=("Line 5 Column 1: Function foo/0 has no local return",),
    ),
    Format(  # the errors are the lines below it
        "rebar3-compiling-failed",
        r"^===> Compiling \S+ failed$",
        tool="rebar3",
        role="ignore",
        examples=("===> Compiling src/calc.erl failed",),
    ),
    Format(
        "rebar3-consequence",
        r"^===> (?:Error running tests|Failures occurred running tests: \d+|"
        r"Uncaught error in rebar_core\b.*|Warnings occurred running dialyzer: \d+|"
        r"Cover analysis failed.*|Compilation failed.*|Failed to compile .*)$",
        tool="rebar3",
        role="consequence",
        rank=0,
        examples=("===> Error running tests", "===> Failures occurred running tests: 2"),
    ),
    Format(  # a warning of rebar3's: the registry was not reached, the error follows it
        "rebar3-package-update",
        r"^===> (?P<msg>Failed to update package \S+ from repo \S+)$",
        tool="rebar3",
        role="warning",
        category="network",
        rank=2,
        examples=("===> Failed to update package jsx from repo hexpm",),
    ),
    Format(
        "rebar3-dependency",
        r"^===> (?P<msg>(?:Failed to (?:fetch|update|download|copy|resolve)|Package not found|"
        r"Dependency failure|Unable to (?:fetch|find|resolve)|No package|"
        r"Missing (?:dependency|package)|Application \S+ not found|"
        r"Could not (?:fetch|find|resolve)).*)$",
        tool="rebar3",
        category="dependency",
        rank=2,
        examples=("===> Package not found in any repo: jsx 9.9.9",),
    ),
    Format(
        "rebar3-error",
        r"^===> (?P<msg>(?:Uncaught error: |Errors? loading plugin|Command \S+ not found|"
        r"Invalid |Unable to |No such |Cannot |Could not |Error reading|Error evaluating|"
        r"Error parsing|Failed to ).*)$",
        tool="rebar3",
        rank=2,
        examples=("===> Uncaught error: {badmatch,[]}", "===> Command foo not found"),
    ),
    Format(  # rebar 2: the errors were printed above it
        "rebar2-consequence",
        r"^ERROR: (?:One or more eunit tests failed\.?|"
        r"(?:compile|eunit|ct|xref|qc|generate) failed while processing .*)$",
        tool="rebar3",
        role="consequence",
        rank=0,
        examples=("ERROR: compile failed while processing /home/ci/calc: rebar_abort",),
    ),
    Format(
        "erl-do-boot",
        _DO_BOOT + r"(?P<term>.*)\}$",
        tool="erlang",
        block="erlboot",
        rank=3,
        fixup=_do_boot_location,
        examples=('{"init terminating in do_boot",{undef,[{calc,main,[],[]}]}}',),
    ),
    Format(
        "erl-do-boot-consequence",
        r"^(?:init terminating in do_boot|Crash dump is being written to:|"
        r"escript: There were compilation errors\.)(?: .*)?$",
        tool="erlang",
        role="consequence",
        rank=0,
        words=("do_boot", "Crash dump"),
        examples=("Crash dump is being written to: erl_crash.dump...done",),
    ),
    Format(
        "erl-exception",
        r"^(?:escript: |\*\* )exception (?P<msg>(?:error|exit|throw): .+)$",
        tool="erlang",
        block="erlexception",
        category="runtime",
        rank=3,
        examples=(
            "escript: exception error: an error occurred when evaluating an arithmetic expression",
            "** exception error: no match of right hand side value 2",
        ),
    ),
)
