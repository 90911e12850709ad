"""Vim script: Vim's own errors in a batch run (``Error detected while processing``,
``line N:``, ``E492: ...``), vint, Vader and themis (whose TAP reporter node's
``tap-not-ok`` row and the shared ``Tap`` reader read)."""

from __future__ import annotations

import re
from collections.abc import Sequence

from ...report import Error
from ..reader import Reader
from . import Format, regex

# Vim's error numbers by the category of what went wrong.
_VIM_CODES = (
    ("reference", "E107 E108 E116 E117 E121 E700 E1001 E1048 E1089"),
    (
        "syntax",
        "E10 E15 E114 E115 E125 E126 E170 E171 E190 E191 E192 E193 E488 E492 E580 E581"
        " E696 E697 E698 E699 E720 E721 E722 E723",
    ),
    ("type", "E118 E119 E728 E729 E730 E731 E734 E745 E806 E908 E1012 E1013"),
    ("filesystem", "E484 E485 E212"),
)
# Run-time errors a script or a test commonly ends with. Not any number: Vim's own
# test suite prints others (``E558: Terminal entry not found``) as it goes.
_VIM_RUNTIME = "E46 E471 E474 E475 E605 E684 E713 E714 E716 E741 E766 E767 E5108 E5113"


def _codes(codes: str) -> str:
    return "|".join(codes.split())


def _words(codes: str) -> tuple[str, ...]:
    return tuple(f"{code}: " for code in codes.split())


# The context Vim names above an error: the script, the function, or a chain of them
# (``command line..script /x.vim``, ``/x.vim[12]..function Foo``).
_PROCESSING = regex(r"^Error detected while processing (?P<chain>.+):$")
_VIM_LINE = regex(r"^line\s+(?P<line>\d+):$")
_SCRIPT = regex(r"^(?:script )?(?P<file>\S+\.(?:vim|lua)|\S*vimrc)$")
_CALLED = regex(r"(?:^|\.\.)(?:script )?(?P<file>[^\s.][^\s]*?\.vim|\S*vimrc)\[(?P<line>\d+)\]")


def _vim_place(groups: dict[str, str | None], before: Sequence[str]) -> None:
    """Where Vim says it was: ``line N:`` just above (or above the earlier errors of the
    same context), in the innermost script of ``Error detected while processing``;
    in a function, the script line that called it."""
    line: str | None = None
    for text in reversed(before):
        if line is None and (m := _VIM_LINE.match(text)):
            line = m["line"]
            continue
        if m := _PROCESSING.match(text):
            chain = m["chain"]
            innermost = chain.rsplit("..", 1)[-1]
            if line is not None and (s := _SCRIPT.match(innermost)):
                groups["file"], groups["line"] = s["file"], line
            elif calls := list(_CALLED.finditer(chain)):
                groups["file"], groups["line"] = calls[-1]["file"], calls[-1]["line"]
            return
        if not re.match(r"^(?:E\d+|W\d+): |^line\s+\d+:$|^not found in ", text):
            return  # no longer Vim's report of this context


# Vader: the suite ``Starting Vader: test/x.vader``, a case ``(1/4) [EXECUTE] title``.
_VADER_SUITE = regex(r"^\s*Starting Vader: (?P<file>\S+\.vader)$")
_VADER_CASE = regex(r"^\s*\((?P<n>\d+)/\d+\) \[\s*[A-Z]+\] (?P<title>.+)$")


def _vader_case(groups: dict[str, str | None], before: Sequence[str]) -> None:
    """Vader names the case on the line above its failure, the suite's file further up."""
    n = groups.get("n")
    for text in reversed(before):
        if (m := _VADER_CASE.match(text)) and groups.get("test") is None:
            if m["n"] == n and not m["title"].startswith("(X) "):
                groups["test"] = m["title"]
        elif m := _VADER_SUITE.match(text):
            groups["file"] = m["file"]
            return


class VaderFailure(Reader):
    """What Vader prints under a failed case, indented deeper: the call stack of an
    error (``> command line..function ...``), the expected and actual buffers."""

    frames_wanted = False

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.indent = len(self.err.text) - len(self.err.text.lstrip())

    def accept(self, line: str) -> bool:
        stripped = line.strip()
        return bool(stripped) and len(line) - len(line.lstrip()) > self.indent

    def finish(self) -> None:
        pass


ORDER = 50  # where its rows stand in the table (``formats.families``)
COMMANDS = {
    **dict.fromkeys(("vim", "nvim", "gvim", "vi"), "vim"),
    "vint": "vint",
    "themis": "themis",
}
BUILDS: dict[str, frozenset[str] | None] = {
    **dict.fromkeys(("vim", "nvim", "vint", "themis"), None),
}
READERS = {"vader": VaderFailure}

# vint: ``x.vim:3:5: Use scriptencoding ... (see :help scriptencoding)``.
_VINT_AT = r":(?P<line>\d+):(?P<col>\d+): (?P<msg>.+?) \(see "
_VIM_FILE = r"(?P<file>[^\s:][^:]*?(?:\.vim|vimrc))"


# An error of each category, as Vim prints it (the rows' examples).
_VIM_EXAMPLES = {
    "reference": "E117: Unknown function: bad#nothere",
    "syntax": "E492: Not an editor command: notacommand foo",
    "type": "E118: Too many arguments for function: calc#add",
    "filesystem": "E484: Can't open file /tmp/x/missing.vim",
    "runtime": "E605: Exception not caught: boom",
}


def _vim_error_rows() -> tuple[Format, ...]:
    rows = []
    for category, listed in (*_VIM_CODES, ("runtime", _VIM_RUNTIME)):
        codes = _codes(listed)
        words = _words(listed)
        example = _VIM_EXAMPLES[category]
        rows.append(
            Format(
                f"vim-error-{category}",
                rf"^(?P<code>{codes}): (?P<msg>.+)$",
                tool="vim",
                category=category,
                rank=2,
                fixup=_vim_place,
                words=words,
                examples=(example,),
            )
        )
        rows.append(
            Format(
                f"vader-vim-error-{category}",
                rf"^\s*\((?P<n>\d+)/\d+\) \[\s*[A-Z]+\] \(X\) (?P<msg>Vim(?:\(\w+\))?:"
                rf"(?P<code>{codes}): .+)$",
                tool="vader",
                category=category,
                block="vader",
                rank=3,
                fixup=_vader_case,
                words=("(x) ",),
                examples=(f"    (2/4) [EXECUTE] (X) Vim(call):{example}",),
            )
        )
    return tuple(rows)


ROWS = (
    Format(
        "vim-processing",
        r"^Error detected while processing .+:$|^line\s+\d+:$",
        tool="vim",
        role="ignore",
        examples=(
            "Error detected while processing command line..script /tmp/x/autoload/bad.vim:",
            "line    4:",
        ),
    ),
    *_vim_error_rows(),
    Format(
        "vader-failure",
        r"^\s*\((?P<n>\d+)/\d+\) \[\s*[A-Z]+\] \(X\) (?P<msg>.+)$",
        tool="vader",
        category="assertion",
        block="vader",
        rank=3,
        fixup=_vader_case,
        words=("(x) ",),
        examples=(
            "    (1/4) [EXECUTE] (X) 3 should be equal to 4",
            "    (4/4) [ EXPECT] (X) uppercased",
        ),
    ),
    Format(
        "vader-summary",
        r"^\s*Success/Total: (?P<ok>\d+)/(?!(?P=ok)\b)\d+\b.*$",
        tool="vader",
        role="consequence",
        rank=0,
        words=("success/total",),
        examples=("  Success/Total: 1/4", "Success/Total: 1/4 (assertions: 1/2)"),
    ),
    Format(  # vint's parser (vim-vimlparser) could not read the script
        "vint-parse",
        r"^" + _VIM_FILE + _VINT_AT + r"vim-jp/vim-vimlparser\)$",
        seek=_VINT_AT,
        tool="vint",
        category="syntax",
        rank=2,
        examples=("autoload/bad.vim:5:14: unexpected token: <EOL> (see vim-jp/vim-vimlparser)",),
    ),
    Format(
        "vint",
        r"^" + _VIM_FILE + _VINT_AT + r".+\)$",
        seek=_VINT_AT,
        tool="vint",
        rank=2,
        examples=(
            "plugin/lint.vim:2:10: Use robust operators `==#` or `==?` instead of `==` "
            "(see Google VimScript Style Guide (Matching))",
            "plugin/lint.vim:6:3: autocmd should execute in an augroup or execute with a group "
            "(see :help :autocmd)",
        ),
    ),
)
