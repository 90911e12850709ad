r"""Sphinx and docutils, building a project's documentation.

Each problem is ``file:line: LEVEL: message`` (the line may be missing; from
Sphinx 7.3 on, the warning's type follows in brackets: ``[ref.ref]``), or, by
docutils alone, ``file:line: (LEVEL/n) message``. A ``WARNING`` is a warning,
``ERROR``, ``SEVERE`` and ``CRITICAL`` errors. With ``-W`` the warnings fail
the build: Sphinx says so after them ("build finished with problems, 2
warnings (with warnings treated as errors)."), and before 7.3 it stopped at
the first, under "Warning, treated as error:", written ``file:line:message``.
"""

from __future__ import annotations

from ..reader import Reader
from . import Format, regex, said_in

TYPE_CHECKING = False  # mypy reads it as True: typing loads where it is used, not here
if TYPE_CHECKING:
    from ...report import Error

COMMANDS = {"sphinx-build": "sphinx", "sphinx-autobuild": "sphinx", "docutils": "docutils"}
BUILDS: dict[str, frozenset[str] | None] = dict.fromkeys(COMMANDS)

# A source file (rst, md, a module whose docstring autodoc read: "x.py:docstring of f").
_FILE = r"(?P<file>(?:[A-Za-z]:)?[^\s:][^:]*?\.[A-Za-z]\w*)(?::docstring of [^:]+)?"
_LEVEL = r": (?P<sev>WARNING|ERROR|SEVERE|CRITICAL): "
_DOCUTILS = r": \((?P<sev>WARNING|ERROR|SEVERE)/\d\) "
_TYPE = regex(r" \[[\w.-]+\]$")  # Sphinx 7.3's type of a warning, after its message
_NEXT = regex(r"^\S[^:]*(?::\d+)?: (?:[A-Z]+: |\([A-Z]+/\d\) )")  # the next problem

# Sphinx's and docutils' own words, for the category the words alone would not say.
_CATEGORIES = (
    (
        "reference",
        regex(
            r"undefined label|unknown document|[Uu]nknown target name|undefined "
            r"substitution|reference target not found|nonexisting document"
        ),
    ),
    ("config", regex(r"Unknown (?:directive type|interpreted text role)")),
    (
        "syntax",
        regex(
            r"^Error in \"|underline too short|overline too short|without end-string|"
            r"[Uu]nexpected indentation|ends without a blank line|[Mm]alformed table"
        ),
    ),
)


def _category(reader: Reader) -> str:
    """A problem's category, from Sphinx's and docutils' words, else the message's."""
    return said_in(_CATEGORIES, reader.err.message) or reader.said_else("build")


class Problem(Reader):
    """A message that ends with a colon goes on on the lines under it, up to the
    blank line (docutils quotes the offending markup after it); the category
    comes from Sphinx's words."""

    frames_wanted = False
    lines = 3  # under it, at most

    def accept(self, line: str) -> bool:
        if not line.strip() or self.count >= self.lines or _NEXT.match(line):
            return False
        if self.count == 0 and not self.err.message.endswith(":"):
            return False
        self.err.message = f"{self.err.message} {line.strip()}"
        return True

    def finish(self) -> None:
        self.err.message = _TYPE.sub("", self.err.message)

    def category(self) -> str | None:
        return _category(self)


class SphinxError(Problem):
    """sphinx-build's own failure as older releases print it: the kind of error on its line,
    the reason on the one line under it (whatever follows is another tool's)."""

    lines = 1


class TreatedAsError(Reader):
    """The warning under "Warning, treated as error:": its place and message."""

    frames_wanted = False
    _WARNING = regex(_FILE + r":(?:(?P<line>\d+):)?(?: WARNING: ?)?(?P<msg>\S.*)$")

    def accept(self, line: str) -> bool:
        if self.count > 0 or (m := self._WARNING.match(line.strip())) is None:
            return False
        err = self.err
        err.file, err.message = m["file"], m["msg"].strip()
        err.line = int(m["line"]) if m["line"] else None
        return True

    def finish(self) -> None:
        self.valid = self.count > 0

    def category(self) -> str | None:
        return _category(self)


class AutodocImport(Reader):
    """The traceback autodoc prints for a module it could not import, up to the
    warning's type (`` [autodoc.import_object]``): its exception ends the message,
    its innermost frame in the project is the place."""

    innermost_first = False  # Python's traceback: the innermost frame last
    _EXCEPTION = regex(r"^(?:\w+\.)*\w*(?:Error|Exception|Exit|Interrupt)\b:? ?.*$")

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.ended = False  # the exception's line was read: only the type may follow

    def accept(self, line: str) -> bool:
        if line.startswith(" [autodoc"):
            return True
        if line.startswith("Traceback (") or line[:1].isspace():
            return not self.ended
        if self.ended or (m := self._EXCEPTION.match(line)) is None:
            return False
        self.err.message = f"{self.err.message}: {m[0].strip()}"
        self.ended = True
        return True


READERS = {
    "sphinx-problem": Problem,
    "sphinx-error": SphinxError,
    "sphinx-treated": TreatedAsError,
    "autodoc-import": AutodocImport,
}

ROWS = (
    Format(  # a module autodoc could not import: a warning, its traceback under it
        "sphinx-autodoc-import",
        r"^(?P<sev>WARNING): (?P<msg>autodoc: failed to import .+?)(?:; the following"
        r" exception was raised:)?$",
        tool="sphinx",
        block="autodoc-import",
        rank=2,
        words=("autodoc: failed to import",),
        examples=(
            "WARNING: autodoc: failed to import 'broken' from module 'pkg'; the following"
            " exception was raised:",
        ),
    ),
    Format(
        "sphinx-problem",
        rf"^{_FILE}(?::(?:(?P<line>\d+)|None)?)?{_LEVEL}"  # a line, none, "None" or empty
        r"(?P<msg>.+?)(?: \[(?P<code>[\w.-]+)\])?\s*$",
        seek=_LEVEL,
        tool="sphinx",
        block="sphinx-problem",
        rank=2,
        examples=(
            "/home/runner/work/cart/cart/docs/index.rst:4: WARNING: undefined label:"
            " 'missing-label' [ref.ref]",
            "/home/runner/work/cart/cart/docs/usage.rst:4: ERROR: Unknown directive type"
            ' "unknown-directive".',
            "//home/ksb/Projects/CCSI2/github/CCSI-Toolset/FOQUS/docs/source/chapt_flowsheet/"
            "tutorial/data.rst:15: WARNING: undefined label: chapt_uq/index:uncertainty"
            " quantification (if the link has no caption the label must precede a section header)",
            "/src/feblock/doc/3_3_6_2_WriteCommandCallbackIF.rst:None: WARNING: Could not obtain"
            " image size. :scale: option is ignored.",
            "/src/infrastructure/self-test/self-test-vault/src/self-test/index.rst:: WARNING:"
            " document isn't included in any toctree",
        ),
    ),
    Format(
        "docutils-problem",
        r"^" + _FILE + r":(?P<line>\d+)" + _DOCUTILS + r"(?P<msg>.+?)\s*$",
        seek=_DOCUTILS,
        tool="docutils",
        block="sphinx-problem",
        rank=2,
        examples=(
            'bad.rst:4: (ERROR/3) Unknown directive type "unknown-directive".',
            'bad.rst:6: (ERROR/3) Unknown target name: "broken <".',
        ),
    ),
    Format(  # sphinx-build's own failures (sphinx.errors) as older releases print them
        "sphinx-error",
        r"^(?P<msg>(?:Extension|Sphinx|Configuration|Theme|Config value|Builder) error:)\s*$",
        tool="sphinx",
        block="sphinx-error",
        rank=2,
        examples=("Extension error:", "Configuration error:", "Sphinx error:"),
    ),
    Format(  # before 7.3, -W stops at the first warning, under this line
        "sphinx-treated-as-error",
        r"^Warning, treated as error:\s*$",
        tool="sphinx",
        block="sphinx-treated",
        rank=2,
        examples=("Warning, treated as error:",),
    ),
    Format(  # from 7.3, -W (--keep-going by default) reports them all, then fails of them
        "sphinx-strict",
        r"^(?P<msg>build finished with problems, \d+ warnings? \(with warnings treated as"
        r" errors\)\.?)\s*$",
        tool="sphinx",
        role="strict",
        rank=0,
        examples=("build finished with problems, 2 warnings (with warnings treated as errors).",),
    ),
)
