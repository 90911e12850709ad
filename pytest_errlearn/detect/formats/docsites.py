r"""Static-site and documentation builders: MkDocs, Hugo, Jekyll, mdBook and
Asciidoctor (Sphinx has its own file, ``sphinx.py``; Docusaurus ``docusaurus.py``).

MkDocs logs each problem as ``LEVEL -  message``, the level padded to seven or
eight columns, two spaces after the dash; where the terminal is narrow, the
message goes on under it, indented to the message's column. A link to a page
that does not exist is a warning that names the page it is in::

    WARNING -  Doc file 'index.md' contains a link 'usage.md', but the target is not
               found among documentation files.
    ERROR   -  Config value 'plugins': The "search2" plugin is not installed

(MkDocs 1.0 wrote ``Documentation file 'a.md' contains a link to 'b.md' which is
not found in the documentation files.``; mkdocstrings' griffe names the source
it read, ``WARNING -  griffe: src/pkg/mod.py:12: No type or annotation for
parameter 'x'``.) It ends with ``Aborted with 2 warnings in strict mode!`` when
``--strict`` fails the build of its warnings, and with ``Aborted with a
configuration error!`` (before 1.5, ``Aborted with 1 Configuration Errors!``)
after an error in ``mkdocs.yml``.

Hugo logs an error as ``ERROR`` (until 0.111 with the date and time after it)
and ends with ``Error: Error building site: ...``, either the error itself
(a template that failed: its place in quotes, ``"/site/layouts/_default/
single.html:2:3": execute of template failed: ...``, the innermost last) or
their count (``logged 1 error(s)``). Jekyll says which template failed and in
which file (``  Liquid Exception: Liquid syntax error (line 3): Unknown tag 'x'
in _layouts/default.html``), which file its Sass converter could not convert
(the reason on the line under it, ``on line 2:10 of main.scss``), or which file
it could not read (``Error: could not read file F: reason``); a banner and
Ruby's traceback of the same exception follow. mdBook logs ``[ERROR]
(mdbook::utils): Error: Rendering failed`` and the chain of its causes, one
``Caused By: ...`` line each, the root last; a renderer or preprocessor that
failed printed its own error above. Asciidoctor: ``asciidoctor: ERROR:
book.adoc: line 5: include file not found: /site/parts/a.adoc`` (the file and
line where the document has them).
"""

from __future__ import annotations

from ...report import Error
from ..reader import Reader
from . import Format, regex, said_in

ORDER = 14  # before node.py's mocha row (Jekyll's "  Error: ...") and maven.py's "[ERROR] ..."
_TOOLS = ("mkdocs", "hugo", "jekyll", "mdbook", "asciidoctor")
COMMANDS = {tool: tool for tool in _TOOLS} | {"asciidoctor-pdf": "asciidoctor"}
BUILDS: dict[str, frozenset[str] | None] = dict.fromkeys(COMMANDS)

# The builders' own words, for the category their messages alone would not say.
_SAYS = (
    ("dependency", regex(r"plugin is not installed|[Mm]odule \"[^\"]+\" not found")),
    (
        "reference",
        regex(
            r"contains (?:a|an unrecognized relative) link|does not contain an anchor|"
            r"REF_NOT_FOUND|can't evaluate field|(?:partial|template) \"[^\"]+\" not found|"
            r"broken links?"
        ),
    ),
    ("config", regex(r"^Config value|Unrecognised (?:configuration|theme)")),
    ("syntax", regex(r"Liquid syntax error|Invalid CSS|Undefined variable|front matter")),
)


def _category(reader: Reader) -> str:
    return said_in(_SAYS, reader.err.message) or reader.said_else("build")


class MkDocsProblem(Reader):
    """A log record's message and the lines it wraps onto (indented, under it);
    the page a link is in, or the source griffe read, is the place."""

    frames_wanted = False
    _PAGE = regex(r"^Doc(?:umentation)? file '(?P<file>[^']+)'")
    _GRIFFE = regex(r"^griffe: (?P<file>[^:\s][^:]*):(?P<line>\d+): (?P<msg>.+)$")

    def accept(self, line: str) -> bool:
        if not line[:1].isspace() or not line.strip():
            return False
        self.err.message = f"{self.err.message} {line.strip()}"
        return True

    def finish(self) -> None:
        err = self.err
        if (m := self._GRIFFE.match(err.message)) is not None:
            err.file, err.line, err.message = m["file"], int(m["line"]), m["msg"]
        elif (m := self._PAGE.match(err.message)) is not None:
            err.file = m["file"]

    def category(self) -> str | None:
        return _category(self)


class HugoProblem(Reader):
    """One line: the innermost template in quotes (``"file:line:col":``, else
    the last ``template: file:line:col:``) is the place, and what was being
    executed there (``<partial "x" .>: error calling partial: ...``) the message."""

    frames_wanted = False
    _QUOTED = regex(r"\"(?P<file>[^\"]+?):(?P<line>\d+):(?P<col>\d+)\"")
    _TEMPLATE = regex(r"template: (?P<file>[^:\s]+):(?P<line>\d+):(?P<col>\d+):")
    _EXECUTING = regex(r".* executing \"[^\"]*\" at (?P<msg><.+)$")

    def accept(self, line: str) -> bool:
        return False

    def finish(self) -> None:
        err = self.err
        places = self._QUOTED.findall(err.message) or self._TEMPLATE.findall(err.message)
        if places:
            file, line, col = places[-1]
            err.file, err.line, err.column = file, int(line), int(col)
        if (m := self._EXECUTING.match(err.message)) is not None:
            err.message = m["msg"]

    def category(self) -> str | None:
        return _category(self)


class JekyllProblem(Reader):
    """Jekyll's line, the reason on the line under a converter's, the banner
    that follows (``Please append `--trace```) and Ruby's traceback of the same
    exception after it; the file the line names is the place."""

    frames_wanted = False
    _LIQUID = regex(
        r"^Liquid (?:Exception|Warning): (?P<msg>.+?(?:\(line (?P<line>\d+)\).*?)?)"
        r" in (?P<file>\S+)$"
    )
    _CONVERTER = regex(
        r"^Conversion error: \S+ encountered an error (?:while )?converting '(?P<file>[^']+)'"
    )
    _READ = regex(r"^Error: could not read file (?P<file>(?:[A-Za-z]:)?[^:]+): (?P<msg>.+)$")
    _AT = regex(r"on line (?P<line>\d+)(?::\d+)?(?: of (?P<name>[^\s:]+))?")
    _BANNER = regex(
        r"^\s*(?:-{10,}|Jekyll \S+ +Please append|for any additional information|"
        r"ERROR: YOUR SITE COULD NOT BE BUILT:)"
    )
    _RUBY = regex(r"^(?:\S+:\d+:in `[^']*': |\s+from \S+:\d+:in )")

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.reason: str | None = None  # a converter's, under its line

    def accept(self, line: str) -> bool:
        if self._BANNER.match(line) or self._RUBY.match(line):
            return True
        text = line.strip()
        if self.count == 0 and self.err.message.endswith(":") and line[:1].isspace() and text:
            self.reason = text
            return True
        if self.count == 0 and text.startswith("Conversion error: "):  # Jekyll 2's reason
            self.reason = text.removeprefix("Conversion error: ")
            return True
        return self.reason is not None and line[:1].isspace() and bool(text) and "|" not in text

    def finish(self) -> None:
        err = self.err
        if (m := self._LIQUID.match(err.message)) is not None:
            err.message, err.file = m["msg"], m["file"]
            err.line = int(m["line"]) if m["line"] else None
        elif (m := self._READ.match(err.message)) is not None:
            err.file, err.message = m["file"], m["msg"]
        elif (m := self._CONVERTER.match(err.message)) is not None:
            err.file = m["file"]
            if self.reason is not None:
                err.message = self.reason
                at = self._AT.search(self.reason)
                if at is not None and at["name"] in (None, err.file.rsplit("/", 1)[-1]):
                    err.line = int(at["line"])
        if err.file is not None and err.file.startswith("/_"):  # relative to the site
            err.file = err.file[1:]

    def category(self) -> str | None:
        return _category(self)


class MdBookProblem(Reader):
    """mdBook's error and the ``Caused By:`` lines under it, each a cause of the
    one above: the message is the chain. A renderer's or preprocessor's failure
    follows from the error that program printed above it."""

    frames_wanted = False
    _NEXT = regex(
        r"^(?:\S+ \S+ )?\[ERROR\] \(mdbook(?:::\w+)*\):\s+(?:Caused [Bb]y: |Error: )?"
        r"(?P<msg>.+)$"
    )
    _FOLLOWS = regex(r"Renderer exited with non-zero|renderer failed|preprocessor exited")

    def accept(self, line: str) -> bool:
        if (m := self._NEXT.match(line)) is None:
            return False
        self.err.message = f"{self.err.message.removesuffix('.')}: {m['msg'].strip()}"
        return True

    def finish(self) -> None:
        err = self.err
        err.message = err.message.removeprefix("Error: ")
        self.consequence = self._FOLLOWS.search(err.message) is not None

    def category(self) -> str | None:
        return _category(self)


READERS = {
    "mkdocs": MkDocsProblem,
    "hugo": HugoProblem,
    "jekyll": JekyllProblem,
    "mdbook": MdBookProblem,
}

ROWS = (
    Format(  # a record of MkDocs' log (or a plugin's): a warning, or an error
        "mkdocs-problem",
        r"^(?P<sev>ERROR|WARNING|CRITICAL) {1,4}-  (?P<msg>\S.*?)\s*$",
        tool="mkdocs",
        block="mkdocs",
        rank=2,
        examples=(
            "WARNING -  Doc file 'index.md' contains a link 'usage.md', but the target is not",
            "ERROR   -  Config value 'plugins': The \"nothere\" plugin is not installed",
            "WARNING  -  Documentation file 'a.md' contains a link to 'b.md' which is not found in"
            " the documentation files.",
        ),
    ),
    Format(  # --strict failed the build of the warnings above, or mkdocs.yml had errors
        "mkdocs-aborted",
        r"^(?P<msg>Aborted with (?:\d+ warnings? in strict mode|a configuration error|"
        r"\d+ [Cc]onfiguration (?:[Ee]rrors?|[Ww]arnings? in 'strict' mode))!)\s*$",
        tool="mkdocs",
        role="strict",
        rank=0,
        examples=(
            "Aborted with 2 warnings in strict mode!",
            "Aborted with a configuration error!",
            "Aborted with 1 Configuration Errors!",
        ),
    ),
    Format(  # Hugo's logged error (a date and time before it until 0.111)
        "hugo-error",
        r"^ERROR (?:\d{4}/\d\d/\d\d \d\d:\d\d:\d\d )?(?P<msg>(?:render of \"|Error while "
        r"rendering |Rebuild failed|failed to |error building site|deprecated: |"
        r"\"[^\"]+:\d+:\d+\": |\[[\w-]+\] REF_NOT_FOUND).+)$",
        tool="hugo",
        block="hugo",
        rank=2,
        words=("REF_NOT_FOUND",),
        examples=(
            'ERROR 2026/11/28 13:20:06 [en] REF_NOT_FOUND: Ref "nothere.md": '
            '"/home/user/site/content/a.md:4:7": page not found',
            'ERROR render of "page" failed: "/home/user/site/layouts/_default/baseof.html:4:5":'
            " execute of template failed: template: _default/single.html:4:5: executing"
            ' "_default/single.html" at <partial "head.html" .>: error calling partial:'
            ' partial "head.html" not found',
        ),
    ),
    Format(  # the build's end: the error itself, or the count of those logged above
        "hugo-build-failed",
        r"^(?:\[ERROR\] )?Error: (?P<msg>(?:[Ee]rror building site: |command error: |module "
        r"\"[^\"]+\" not found; ).+)$",
        tool="hugo",
        block="hugo",
        role="count",
        rank=2,
        examples=(
            "Error: Error building site: logged 1 error(s)",
            'Error: Error building site: failed to render pages: render of "page" failed: '
            '"/home/user/site/layouts/_default/single.html:2:3": execute of template failed:'
            ' template: _default/single.html:2:3: executing "_default/single.html" at'
            ' <partial "head.html" .>: error calling partial: partial "head.html" not found',
            'Error: module "calc-theme" not found; either add it as a Hugo Module or store it in'
            ' "/home/user/site/themes".: module does not exist',
        ),
    ),
    Format(  # Jekyll's error: a template, a converter, a file it could not read
        "jekyll-error",
        r"^\s*(?P<msg>Liquid (?P<sev>Exception|Warning): .+|Conversion error: \S+ encountered an"
        r" error .+|Error: could not read file .+)$",
        tool="jekyll",
        block="jekyll",
        rank=2,
        words=("Liquid Exception", "Liquid Warning", "Conversion error"),
        examples=(
            "  Liquid Exception: Liquid syntax error (line 3): Unknown tag 'nosuchtag' in"
            " /home/user/site/_layouts/default.html",
            "  Conversion error: Jekyll::Converters::Scss encountered an error while converting"
            " 'assets/main.scss':",
            "             Error: could not read file /home/user/site/_posts/2024-01-01-a.md:"
            " Invalid date 'x': Document '_posts/2024-01-01-a.md' does not have a valid date in"
            " the YAML front matter.",
        ),
    ),
    Format(  # mdBook's error, its causes under it
        "mdbook-error",
        r"^\[(?P<sev>ERROR|WARN)\] \(mdbook(?:::\w+)*\): (?P<msg>.+?)\s*$",
        tool="mdbook",
        block="mdbook",
        rank=2,
        examples=(
            "[ERROR] (mdbook::utils): Error: Rendering failed",
            "[ERROR] (mdbook::renderer): Renderer exited with non-zero return code.",
        ),
    ),
    Format(  # Asciidoctor's log: its level, the file and line where it has them
        "asciidoctor",
        r"^asciidoctor: (?P<sev>ERROR|WARNING|FAILED|FATAL): (?:(?:(?P<file>\S+?): )?line "
        r"(?P<line>\d+): )?(?P<msg>.+?)\s*$",
        tool="asciidoctor",
        rank=2,
        examples=(
            "asciidoctor: ERROR: book.adoc: line 5: include file not found:"
            " /home/user/book/parts/missing.adoc",
            "asciidoctor: WARNING: line 10: include file not found: /home/user/book/a.adoc",
            "asciidoctor: FAILED: input file nothere.adoc is missing",
        ),
    ),
)
