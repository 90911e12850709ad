"""Python: tracebacks, mypy, pyright, ruff/flake8/pylint, pydocstyle, bandit, black and
isort's checks (pytest's and unittest's reports: ``python_tests``; pip's: ``pip``)."""

from __future__ import annotations

from collections.abc import Sequence

from ..frames import python_location
from ..reader import Reader
from . import Format, named_above, regex

TYPE_CHECKING = False  # mypy reads it as True: typing loads where it is used, not here
if TYPE_CHECKING:
    from ...report import Error


def python_exception_location(groups: dict[str, str | None], before: Sequence[str]) -> None:
    """A bare ``SyntaxError:`` line: its file and line are in the lines above."""
    if groups.get("file") is None and (where := python_location(before[-6:])) is not None:
        groups["file"], groups["line"] = where[0], str(where[1])


_PY = r"[^\s:]+\.pyi?"
# A ruff diagnostic's code, in each of its layouts: a rule, or a file it cannot parse.
_RUFF_CODE = r"[A-Z]{1,5}\d{3,4}(?= )|invalid-syntax(?=:)"
_PYRIGHT_AT = r":(?P<line>\d+):(?P<col>\d+) - (?P<sev>error|warning|information): "


class RuffDiagnostic(Reader):
    """ruff's own layout (its default output): the rule's code and message, then
    ``--> file:line:col``, a code frame and ``help:`` lines, a blank line after.

    A line like ``E501 Line too long`` could start any text: the header is
    ruff's only when its ``-->`` place is the very next line.
    """

    frames_wanted = False  # a code frame, no stack
    valid = False  # until the place is read
    _PLACE = regex(r"^\s*--> (?P<file>.+?):(?P<line>\d+):(?P<col>\d+)$")

    def accept(self, line: str) -> bool:
        if not self.valid:
            if (m := self._PLACE.match(line)) is None:
                return False
            self.err.file, self.err.line, self.err.column = m["file"], int(m["line"]), int(m["col"])
            self.valid = True
            return True
        return bool(line.strip())


class PyrightMessage(Reader):
    """What pyright says more of a diagnostic, on lines indented under it; the rule's
    name (``(reportArgumentType)``) then ends the last of them, not the diagnostic's."""

    frames_wanted = False
    _RULE = regex(r"\((?P<code>report\w+)\)\s*$")

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.depth = len(err.text) - len(err.text.lstrip())

    def accept(self, line: str) -> bool:
        return bool(line.strip()) and len(line) - len(line.lstrip()) > self.depth

    def finish(self) -> None:
        last = self.err.block[-1] if len(self.err.block) > 1 else ""
        if self.err.code is None and (m := self._RULE.search(last)) is not None:
            self.err.code = m["code"]


# mypy's error codes that are no type's error; the rest are, whatever their words
# ("Missing return statement", "Need type annotation")
_MYPY_NOT_TYPES = {
    "name-defined": "reference",
    "attr-defined": "reference",
    "import": "dependency",
    "import-not-found": "dependency",
    "import-untyped": "dependency",
    "syntax": "syntax",
}


class MypyMessage(Reader):
    """With ``--pretty``, mypy wraps a long message at the terminal's width: its
    rest at the start of the next line, the code in brackets last; then the
    source line and a caret, indented by eight (the source dedented: the
    caret's place is no column of the file). Without it, the next line is the
    next message: nothing is taken."""

    frames_wanted = False
    _REST = regex(r"^(?P<msg>\S.*?)?\s*\[(?P<code>[\w-]+)\]$")
    _NEXT = regex(rf"^{_PY}:\d+|^Found \d+ errors? |^Success: ")
    _WRAPPED = 60  # a header shorter than this was not wrapped

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.wrapped = err.code is None and len(err.text.rstrip()) >= self._WRAPPED

    def accept(self, line: str) -> bool:
        if self.wrapped:
            self.wrapped = False
            if (m := self._REST.match(line)) is None or self._NEXT.match(line):
                return False
            self.err.message = " ".join(p for p in (self.err.message, m["msg"]) if p)
            self.err.code = m["code"]
            return True
        return line.startswith(" " * 8)

    def category(self) -> str | None:
        """A type checker's error is a type's, but where its code says otherwise
        (an undefined name, a missing module); without a code, as its words say."""
        if self.err.code is not None:
            return _MYPY_NOT_TYPES.get(self.err.code, "type")
        return self.said_else("type")


_BLACK_AT = regex(r"^Cannot parse: (?P<line>\d+):(?P<col>\d+): ")


def _black_place(groups: dict[str, str | None], before: Sequence[str]) -> None:
    """Before black 24, the line and column are the first words of the message."""
    if (m := _BLACK_AT.match(groups.get("msg") or "")) is not None:
        groups["line"], groups["col"] = m["line"], m["col"]


class BlackParse(Reader):
    """The source black quotes under a file it cannot parse, then the parser's
    words (``ParseError: bad input``): the message."""

    frames_wanted = False

    def accept(self, line: str) -> bool:
        if line[:1].isspace():
            return True
        if line.startswith("ParseError: ") or line.startswith("TokenError: "):
            self.err.message = line.strip()
            return True
        return False


class BanditIssue(Reader):
    """The fields under a bandit issue (``Severity:``, ``CWE:``, ``More Info:``,
    ``Location: file:line:col``), then the source it quotes, numbered, up to the
    line of dashes between two issues."""

    frames_wanted = False
    _LOCATION = regex(r"^\s+Location: (?P<file>.+?):(?P<line>\d+):(?P<col>\d+)$")
    _SOURCE = regex(r"^\d+\t")

    def accept(self, line: str) -> bool:
        if (m := self._LOCATION.match(line)) is not None:
            self.err.file, self.err.line = m["file"], int(m["line"])
            self.err.column = int(m["col"]) + 1  # bandit counts from 0
            return True
        return line[:1].isspace() or bool(self._SOURCE.match(line)) or not line.strip()


class PydocstyleMessage(Reader):
    """pydocstyle puts a finding's place and definition on one line
    (``src/a.py:5 in public function `add`:``) and its code and message on the
    next, indented (``D103: Missing docstring in public function``); with
    ``--explain`` or ``--source``, more indented lines follow."""

    frames_wanted = False
    _MESSAGE = regex(r"^\s+(?P<code>D\d{3}): (?P<msg>.+)$")

    def accept(self, line: str) -> bool:
        if len(self.err.block) == 1:
            if (m := self._MESSAGE.match(line)) is None:
                return False
            self.err.code, self.err.message = m["code"], m["msg"]
            return True
        return line[:1].isspace() and bool(line.strip())


READERS = {
    "mypy": MypyMessage,
    "pydocstyle": PydocstyleMessage,
    "ruff": RuffDiagnostic,
    "pyright": PyrightMessage,
    "black": BlackParse,
    "bandit": BanditIssue,
}
ORDER = 10  # where its rows stand in the table (``formats.families``)
COMMANDS = {
    "mypy": "mypy",
    **dict.fromkeys(("pyright", "basedpyright"), "pyright"),
    "flake8": "flake8",
    "pylint": "pylint",
    "ruff": "ruff",
    "black": "black",
    "isort": "isort",
    "bandit": "bandit",
    "pydocstyle": "pydocstyle",
}
# Executable -> the subcommands that build or test (None: any use); ``uv run`` and the
# like run the command after them, and ``python -m`` its module (``detect.commandline``).
BUILDS: dict[str, frozenset[str] | None] = {
    **dict.fromkeys(("mypy", "pyright", "basedpyright"), None),
    **dict.fromkeys(("ruff", "flake8", "pylint", "pydocstyle", "black", "isort", "bandit"), None),
}

ROWS = (
    Format(
        "python-traceback",
        r"^\s*\+?[\s|+-]*(?:Exception Group )?Traceback \(most recent call last\):",
        tool="python",
        block="traceback",
        rank=3,
        examples=("Traceback (most recent call last):",),
    ),
    Format(
        "mypy",
        rf"^(?P<file>{_PY}):(?P<line>\d+)(?::(?P<col>\d+))?(?::\d+:\d+)?: "
        r"(?P<sev>error|warning|note): (?P<msg>.+?)(?:  \[(?P<code>[\w-]+)\])?\s*$",
        tool="mypy",
        block="mypy",
        rank=2,
        examples=("a.py:3: error: Incompatible types in assignment  [assignment]",),
    ),
    Format(
        "mypy-summary",
        r"^Found \d+ errors? in \d+ files? \(checked",
        tool="mypy",
        role="consequence",
        rank=0,
        examples=("Found 2 errors in 1 file (checked 3 source files)",),
    ),
    Format(  # pyright's (and basedpyright's) command line: under each file's path, indented
        "pyright",
        r"^\s*(?P<file>(?:[A-Za-z]:)?[^\s:][^:]*?\.pyi?)"
        + _PYRIGHT_AT
        + r"(?P<msg>.+?)(?: \((?P<code>report\w+)\))?$",
        seek=_PYRIGHT_AT,
        tool="pyright",
        block="pyright",
        rank=2,
        examples=(
            '  /ci/src/cart.py:8:9 - error: "totl" is not defined (reportUndefinedVariable)',
            "  c:\\ci\\src\\cart.py:9:14 - error: Argument of type \"Literal['two']\" cannot be"
            ' assigned to parameter "b" of type "int" in function "add"',
            '  /ci/src/cart.py:1:8 - warning: Import "yaml" could not be resolved from source'
            " (reportMissingModuleSource)",
        ),
    ),
    Format(
        "pyright-summary",
        r"^[1-9]\d* errors?, \d+ warnings?, \d+ (?:informations?|notes?)\s*$",
        tool="pyright",
        role="consequence",
        rank=0,
        examples=("4 errors, 0 warnings, 0 informations ",),
    ),
    Format(  # bandit's report: each issue, its place among the fields under it
        "bandit-issue",
        r"^>> Issue: \[(?P<code>B\d{3})(?::\w+)?\] (?P<msg>.+)$",
        tool="bandit",
        category="unknown",  # a security lint's finding: "Use of assert detected" is none
        block="bandit",
        rank=2,
        words=(">> issue:",),
        examples=(
            ">> Issue: [B602:subprocess_popen_with_shell_equals_true] subprocess call with"
            " shell=True identified, security issue.",
        ),
    ),
    Format(  # pydocstyle: the place and the definition; the code and message on the next line
        "pydocstyle",
        rf"^(?P<file>{_PY}):(?P<line>\d+) "
        r"(?P<msg>at module level|in (?:public|private) [a-z ]+ `[^`]+`):$",
        tool="pydocstyle",
        block="pydocstyle",
        rank=2,
        words=(" at module level:", " in public ", " in private "),
        examples=(
            "src/shop/cart.py:1 at module level:",
            "src/shop/cart.py:5 in public function `add`:",
            "src/shop/cart.py:12 in private nested class `_Row`:",
        ),
    ),
    Format(  # `black --check`: each file it would change
        "black-would-reformat",
        r"^(?P<msg>would reformat) (?P<file>(?:[A-Za-z]:)?\S.*?\.pyi?)$",
        tool="black",
        rank=2,
        words=("would reformat",),
        examples=("would reformat /home/ci/shop/src/cart.py",),
    ),
    Format(  # a file black cannot parse (black 24 on: the place, the source, the parser's words)
        "black-cannot-parse",
        r"^error: (?P<msg>cannot parse): (?P<file>(?:[A-Za-z]:)?[^\s:]+?)"
        r":(?P<line>\d+):(?P<col>\d+)$",
        tool="black",
        category="syntax",
        block="black",
        rank=2,
        examples=("error: cannot parse: /home/ci/shop/src/bad.py:1:6",),
    ),
    Format(  # ... before black 24: the place in the words
        "black-cannot-format",
        r"^error: cannot format (?P<file>(?:[A-Za-z]:)?[^\s:]+?): (?P<msg>Cannot parse: .+)$",
        tool="black",
        category="syntax",
        fixup=_black_place,
        rank=2,
        examples=("error: cannot format src/bad.py: Cannot parse: 1:6: def f(:",),
    ),
    Format(
        "black-summary",
        r"^\d+ files? would (?:be reformatted|fail to reformat)",
        tool="black",
        role="consequence",
        rank=0,
        words=("would be reformatted", "would fail to reformat"),
        examples=("1 file would be reformatted, 1 file would fail to reformat.",),
    ),
    Format(  # `isort --check-only`
        "isort-check",
        r"^ERROR: (?P<file>(?:[A-Za-z]:)?\S.*?\.pyi?) "
        r"(?P<msg>Imports are incorrectly sorted and/or formatted\.)$",
        tool="isort",
        rank=2,
        examples=(
            "ERROR: /home/ci/shop/src/cart.py Imports are incorrectly sorted and/or formatted.",
        ),
    ),
    Format(  # pylint's default layout: "{path}:{line}:{column}: {msg_id}: {msg} ({symbol})";
        # the path any file it was given (a script of no extension, a README it cannot parse)
        "pylint-text",
        r"^(?P<file>(?:[A-Za-z]:)?[^\s:]+):(?P<line>\d+):(?P<col>\d+): "
        r"(?P<code>(?P<sev>[CRWEFI])\d{4}): (?P<msg>.+\([a-z][a-z0-9-]*\))$",
        tool="pylint",
        rank=2,
        examples=(
            "src/report.py:14:11: E0602: Undefined variable 'totalz' (undefined-variable)",
            "src/report.py:1:0: C0114: Missing module docstring (missing-module-docstring)",
            "bin/report:3:0: E0001: Parsing failed: 'invalid syntax (report, line 3)'"
            " (syntax-error)",
            "C:\\ci\\src\\report.py:9:4: W0612: Unused variable 'x' (unused-variable)",
        ),
    ),
    # flake8 fails on every code it prints; pycodestyle calls its W codes warnings.
    Format(
        "flake8",
        rf"^(?P<file>{_PY}):(?P<line>\d+):(?P<col>\d+): "
        r"(?P<code>(?:(?P<sev>W)|[A-Z])[A-Z]{0,2}\d{2,4}):? (?:\[\*\] )?(?P<msg>.+)$",
        tool="flake8",
        rank=2,
        shared=("ruff",),  # ``--output-format concise``, ruff's layout before 0.12
        examples=("a.py:1:1: F401 'os' imported but unused", "a.py:9:1: W391 blank line at end"),
    ),
    Format(  # ruff's syntax errors, in the layouts it shares with flake8 and pylint
        "ruff-syntax",
        rf"^(?P<file>{_PY}):(?P<line>\d+):(?:(?P<col>\d+):)? "
        r"\[?(?P<code>invalid-syntax)[:\]] (?P<msg>\S.*)$",
        tool="ruff",
        category="syntax",
        rank=2,
        examples=(
            "pkg/bad.py:1:7: invalid-syntax: Expected a parameter or the end of the parameter list",
            "pkg/bad.py:1: [invalid-syntax] Expected `)`, found newline",
        ),
    ),
    # ruff gives its rules no severity: each fails the check, and ruff counts
    # them all as errors ("Found 3 errors.").
    Format(  # ruff 0.12 on
        "ruff",
        rf"^(?P<code>{_RUFF_CODE}|unformatted(?=:)):?"
        r"(?: \[\*\])? (?P<msg>\S.*)$",
        tool="ruff",
        block="ruff",
        rank=2,
        words=("invalid-syntax:", "unformatted:"),
        examples=(
            "F401 [*] `os` imported but unused",
            "E501 Line too long (21 > 20)",
            "invalid-syntax: Expected a parameter or the end of the parameter list",
            "unformatted: File would be reformatted",
        ),
    ),
    Format(  # ``--output-format grouped``: the file on a line of its own, its rules under it
        "ruff-grouped",
        r"^  (?P<line>\d+):(?P<col>\d+) +"
        rf"(?P<code>{_RUFF_CODE}):?(?: \[\*\])? (?P<msg>\S.*)$",
        tool="ruff",
        rank=2,
        fixup=named_above(rf"^(?P<file>{_PY}|[^\s:]+\.ipynb):$"),
        examples=(
            "  1:8  F401 [*] `os` imported but unused",
            "  5:12 F821 Undefined name `undefined_name`",
            "  1:7 invalid-syntax: Expected a parameter or the end of the parameter list",
        ),
    ),
    Format(
        "pylint",
        r"^(?P<file>(?:[A-Za-z]:)?[^\s:]*\.pyi?):(?P<line>\d+):(?:(?P<col>\d+):)? "
        r"\[(?P<code>(?P<sev>[A-Z])\d*)(?:\([\w-]+\))?(?:, [^\]]*)?\] (?P<msg>.+)$",
        tool="pylint",
        rank=2,
        shared=("ruff",),  # ``--output-format pylint``
        examples=("src/tv.py:39: [E0213, Episode.__init__] Method should have self",),
    ),
)
