r"""TeX and LaTeX: the engines' ``!`` errors and their ``l.N`` lines, the
``-file-line-error`` form, latexmk, BibTeX and biber.

Without ``-file-line-error`` TeX names no file on an error: the file is the
innermost one still open, as the ``(./chapter.tex`` ... ``)`` of the log above
say; ``l.12`` below the error gives the line. Warnings (``LaTeX Warning:``,
``Overfull \hbox``) are warnings, never errors.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...report import Error
from ..reader import Reader
from . import Format, regex

ORDER = 55  # after the families whose tools also start a line with ``! `` (cpanm's)
COMMANDS = {
    **dict.fromkeys(
        (
            "pdflatex",
            "xelatex",
            "lualatex",
            "latex",
            "tex",
            "pdftex",
            "luatex",
            "xetex",
            "platex",
            "uplatex",
        ),
        "tex",
    ),
    "latexmk": "latexmk",
    "bibtex": "bibtex",
    "biber": "biber",
}
BUILDS: dict[str, frozenset[str] | None] = dict.fromkeys(COMMANDS, None)

# Files TeX reads: sources, packages, classes and what it writes for itself.
_TEX_FILE = r"[^\s:()][^:()]*?\.(?:tex|ltx|sty|cls|dtx|ins|clo|fd|bbl|aux|toc|lof|lot)"
# ``(./main.tex`` opens a file in the log, ``)`` closes the innermost.
_OPEN_OR_CLOSE = regex(r"\((?P<file>(?:\.{1,2}/|/|[A-Za-z]:)?[^\s()]+?\.\w{1,4})(?=[\s()]|$)|\)")
_JOB = regex(r"^(?:No file (?P<a>\S+)\.aux\.|\((?P<b>[^\s()]+)\.aux\)?)")
_SOURCE = (".tex", ".ltx", ".dtx", ".sty", ".cls", ".bbl")


def open_file(before: Sequence[str]) -> str | None:
    """The innermost file still open at the end of ``before`` (the log's
    ``(file`` ... ``)``); failing that, the job's main file, as its ``.aux``
    names it (``(./main.aux)``, ``No file main.aux.``)."""
    stack: list[str] = []
    job = None
    for line in before:
        if (m := _JOB.match(line)) is not None:
            job = (m["a"] or m["b"]).rsplit("/", 1)[-1]  # -output-directory puts it elsewhere
        for m in _OPEN_OR_CLOSE.finditer(line):
            if m["file"] is not None:
                stack.append(m["file"])
            elif stack:
                stack.pop()
    sources = [f for f in stack if f.endswith(_SOURCE)]
    if sources:
        return sources[-1]
    return f"{job}.tex" if job else None


def _tex_file(groups: dict[str, str | None], before: Sequence[str]) -> None:
    if groups.get("file") is None:
        groups["file"] = open_file(before)


class TexError(Reader):
    """A TeX error's lines: its help text and context, down to ``l.N`` (where TeX
    stopped in the file) and the rest of that line. A fatal error TeX stops at
    (``! Emergency stop.``, in nonstop mode a file it cannot find) belongs to the
    error before it, and its ``l.N`` is the place."""

    frames_wanted = False
    _LINE = regex(r"^l\.(?P<line>\d+)(?: |$)")
    _EMERGENCY = regex(
        r"^(?:(?P<file>" + _TEX_FILE + r"):(?P<line>\d+): |! )(?:Emergency stop\.|"
        r" ?==> Fatal error occurred.*)$"
    )
    _NEXT = regex(r"^(?:! |!\S|" + _TEX_FILE + r":\d+: )")
    _AFTER = 20  # lines of help text and context looked through for the ``l.N``

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.at: int | None = None  # the line number once ``l.N`` was read

    def accept(self, line: str) -> bool:
        if self.at is not None:  # the line after ``l.N``: the rest of the source line
            return bool(line.strip()) and line[:1].isspace() and self.count <= self.at + 1
        if m := self._EMERGENCY.match(line):
            if m["file"] is not None and self.err.line is None:
                self.err.file, self.err.line = m["file"], int(m["line"])
            return True
        if self._NEXT.match(line) or self.count >= self._AFTER:
            return False
        if m := self._LINE.match(line):
            self.at = self.count
            if self.err.line is None:
                self.err.line = int(m["line"])
        return True

    def finish(self) -> None:
        pass


class BibtexError(Reader):
    """BibTeX's lines under an error: ``---line N of file F``, `` : `` context,
    and what it skipped."""

    frames_wanted = False
    _WHERE = regex(r"^-+line (?P<line>\d+) of file (?P<file>\S+)$")

    def accept(self, line: str) -> bool:
        if self._WHERE.match(line):  # where in the .aux it was asked for: the file is the news
            return True
        return line.startswith(
            (" : ", "(Error may have been on previous line)", "I'm skipping whatever remains")
        )

    def finish(self) -> None:
        pass


class MissingFiles(Reader):
    """latexmk's list of files it could not find, one indented a line: the first
    is the error's file."""

    frames_wanted = False

    def accept(self, line: str) -> bool:
        if not (line[:1].isspace() and line.strip()):
            return False
        if self.err.file is None:
            self.err.file = line.strip()
        return True

    def finish(self) -> None:
        pass


READERS = {"texerror": TexError, "bibtex": BibtexError, "latexmkmissing": MissingFiles}

_FILE_LINE_AT = r":(?P<line>\d+): "
# What -file-line-error puts after ``file:line`` when TeX stops for an error before.
_STOPPED = r":\d+: (?:Emergency stop\.| ?==> Fatal error occurred, no output PDF file produced!)"

ROWS = (
    # -- what only follows from an error TeX reported ------------------------------------
    Format(
        "tex-consequence",
        r"^(?:! ?(?P<msg>Emergency stop\.| ?==> Fatal error occurred, no output PDF file "
        r"produced!)|\*\*\* \((?:job aborted, no legal \\end found|cannot \\read from terminal "
        r"in nonstop modes)\))$",
        tool="tex",
        role="consequence",
        rank=0,
        examples=("! Emergency stop.", "!  ==> Fatal error occurred, no output PDF file produced!"),
        words=("Emergency stop", "Fatal error occurred", "job aborted"),
    ),
    Format(  # the same with -file-line-error
        "tex-file-line-consequence",
        r"^(?:" + _TEX_FILE + r")" + _STOPPED + "$",
        seek=_STOPPED,
        tool="tex",
        role="consequence",
        rank=0,
        examples=("./main.tex:3:  ==> Fatal error occurred, no output PDF file produced!",),
    ),
    # -- the engines' errors (a few of them with the category their words do not say) -----
    Format(
        "tex-missing-package",
        r"^! (?P<msg>LaTeX Error: File `[^']+\.(?:sty|cls|def|fd|cfg|clo|ldf)' not found\.)$",
        tool="tex",
        category="dependency",
        block="texerror",
        rank=2,
        examples=("! LaTeX Error: File `nosuchpkg.sty' not found.",),
        fixup=_tex_file,
    ),
    Format(
        "tex-undefined",
        r"^! (?P<msg>Undefined control sequence\.|LaTeX Error: (?:Environment \S+|Command \S+|"
        r"\\\S+) undefined\.?)$",
        tool="tex",
        category="reference",
        block="texerror",
        rank=2,
        examples=("! Undefined control sequence.", "! LaTeX Error: Environment foo undefined."),
        fixup=_tex_file,
        words=("undefined",),
    ),
    Format(
        "tex-syntax",
        r"^! (?P<msg>Missing (?:\$|\{|\}|number|control sequence|\\\S+) inserted\.|"
        r"Extra (?:\}|\{|alignment tab|\\\S+|\$).*|"
        r"Misplaced (?:alignment tab character &|\\\S+)\.|"
        r"Paragraph ended before \S+ was complete\.|File ended while scanning .+|Too many \}'s\.|"
        r"LaTeX Error: Missing \\begin\{document\}\.|"
        r"LaTeX Error: \\begin\{[^}]+\}(?: on input line \d+)? ended by \\end\{[^}]+\}\.|"
        r"Double (?:superscript|subscript)\.|Illegal parameter number .+)$",
        tool="tex",
        category="syntax",
        block="texerror",
        rank=2,
        examples=(
            "! Missing $ inserted.",
            "! Extra }, or forgotten $.",
            "! LaTeX Error: \\begin{itemize} on input line 4 ended by \\end{enumerate}.",
        ),
        fixup=_tex_file,
        words=("! ",),
    ),
    # -- the engines' errors -----------------------------------------------------------------
    Format(
        "tex-error",
        r"^!(?: |(?=(?:pdf|Lua|Xe)TeX))(?P<msg>(?:LaTeX|Package [\w@.-]+|Class [\w@.-]+|pdfTeX|"
        r"LuaTeX|XeTeX) [Ee]rror(?: \([^)]*\))?:? .+|[A-Z\\].*)$",
        tool="tex",
        block="texerror",
        rank=2,
        examples=(
            "! LaTeX Error: Option clash for package graphicx.",
            "! TeX capacity exceeded, sorry [main memory size=5000000].",
            "! I can't find file `chapter3'.",
            "! Package inputenc Error: Unicode character ✓ (U+2713)",
            "!pdfTeX error: pdflatex (file ./fig.pdf): PDF inclusion: required page does not exist",
        ),
        fixup=_tex_file,
        words=("! ", "!pdfTeX", "!LuaTeX", "!XeTeX"),
    ),
    Format(  # ``-file-line-error``
        "tex-file-line-error",
        r"^(?P<file>" + _TEX_FILE + r")" + _FILE_LINE_AT + r"(?P<msg>.+)$",
        seek=_FILE_LINE_AT,
        tool="tex",
        block="texerror",
        rank=2,
        examples=(
            "./main.tex:12: Undefined control sequence.",
            "./chapter.tex:2: LaTeX Error: Environment foo undefined.",
        ),
    ),
    # -- warnings ---------------------------------------------------------------------------
    Format(
        "latex-warning",
        r"^(?P<msg>(?:LaTeX|LaTeX Font|Package [\w@.-]+|Class [\w@.-]+|pdfTeX) [Ww]arning:? .+?"
        r"(?: on input line (?P<line>\d+)\.?)?)$",
        tool="tex",
        role="warning",
        fixup=_tex_file,
        examples=(
            "LaTeX Warning: Reference `sec:none' on page 1 undefined on input line 3.",
            "Package hyperref Warning: Token not allowed in a PDF string (Unicode):",
            "LaTeX Warning: There were undefined references.",
        ),
    ),
    Format(
        "tex-box-warning",
        r"^(?P<msg>(?:Overfull|Underfull) \\[hv]box .*?(?:lines? (?P<line>\d+)(?:--\d+)?.*)?)$",
        tool="tex",
        role="warning",
        fixup=_tex_file,
        examples=(
            "Overfull \\hbox (12.3pt too wide) in paragraph at lines 12--14",
            "Underfull \\vbox (badness 10000) has occurred while \\output is active",
        ),
        words=("box (",),
    ),
    # -- latexmk ------------------------------------------------------------------------------
    Format(
        "latexmk-missing",
        r"^Latexmk: (?P<msg>I WON'T RUN '[^']+' because I don't find the following files?:)$",
        tool="latexmk",
        category="filesystem",
        block="latexmkmissing",
        rank=2,
        examples=("Latexmk: I WON'T RUN 'bibtex main' because I don't find the following files:",),
        words=("I WON'T RUN",),
    ),
    Format(
        "latexmk-consequence",
        r"^(?:Latexmk: (?P<msg>Errors, so I did not complete making targets|Failure in processing "
        r"file |Did not finish processing file |.+ gave an error|Sometimes, the -f option can be "
        r"used|If appropriate, the -f option can be used)|Collected error summary \(may duplicate "
        r"other messages\):).*$",
        tool="latexmk",
        role="consequence",
        block="indented",
        rank=0,
        examples=(
            "Latexmk: Errors, so I did not complete making targets",
            "Collected error summary (may duplicate other messages):",
            "Latexmk: Failure in processing file 'main.tex':",
        ),
    ),
    # -- BibTeX and biber ------------------------------------------------------------------
    Format(
        "bibtex-cannot-open",
        r"^I couldn't open (?:database|auxiliary|style) file (?P<file>\S+)$",
        tool="bibtex",
        category="filesystem",
        block="bibtex",
        rank=2,
        examples=("I couldn't open database file refs.bib",),
        words=("couldn't open",),
    ),
    Format(
        "bibtex-consequence",
        r"^(?P<msg>I found no database files---while reading file \S+|"
        r"\(There (?:was|were) \d+ error messages?\))$",
        tool="bibtex",
        role="consequence",
        rank=0,
        examples=(
            "(There were 2 error messages)",
            "I found no database files---while reading file main.aux",
        ),
    ),
    Format(
        "bibtex-no-command",
        r"^(?P<msg>I found no \\\w+ commands?)---while reading file (?P<file>\S+)$",
        tool="bibtex",
        category="config",
        rank=2,
        examples=("I found no \\citation commands---while reading file main.aux",),
        words=("I found no",),
    ),
    Format(
        "bibtex-error",
        r"^(?P<msg>(?:I was expecting|I'm |Illegal|Repeated entry|You're missing|Unbalanced|"
        r"Sorry---|I couldn't|Too many|Nonexistent|Unknown|Already encountered|String name|"
        r"Warning--).*?)---line (?P<line>\d+) of file (?P<file>\S+)$",
        tool="bibtex",
        category="syntax",
        block="bibtex",
        rank=2,
        examples=("I was expecting a `,' or a `}'---line 6 of file refs.bib",),
        words=("---line",),
    ),
    Format(
        "bibtex-warning",
        r"^Warning--(?P<msg>.+)$",
        tool="bibtex",
        role="warning",
        examples=('Warning--I didn\'t find a database entry for "knuth84"',),
    ),
    Format(
        "biber",
        r"^(?P<sev>ERROR|WARN) - (?P<msg>.+)$",
        tool="biber",
        rank=2,
        examples=("ERROR - Cannot find 'refs.bib'!",),
    ),
)
