r"""Docusaurus (2 and 3), building a site: the links it found broken, and the
Markdown its MDX compiler could not read.

After the pages are rendered it lists the links to pages that do not exist,
under each page that has them; an error that fails the build by default (its
``onBrokenLinks`` option), a warning where the site says ``warn``::

    [ERROR] Error: Unable to build website for locale en.
    ...
      [cause]: Error: Docusaurus found broken links!

    Please check the pages of your site in the list below, and make sure you
    don't reference any path that does not exist. ...

    Exhaustive list of all broken links found:
    - Broken link on source page path = /docs/intro:
       -> linking to ./setup (resolved as: /docs/setup)

(Docusaurus 2 wrote ``- On source page path = /docs/intro:``, and its
``[WARNING]`` or ``Error:`` before the first line.) A page MDX cannot compile
names its file, then the cause, then the cause's details as JSON, its line and
column among them::

    Error: MDX compilation failed for file "/site/docs/intro.md"
    Cause: Could not parse expression with acorn
    Details:
    {
      "column": 17,
      "message": "Could not parse expression with acorn",
      "line": 407,
      ...
    }

Where a locale's build failed it says so (``[ERROR] Error: Unable to build
website for locale en.``), its stack under it, and from Docusaurus 3 the
error that failed it, as Node prints an error's cause (``[cause]: Error:
...``): the locale's line reads as that error, or follows from the errors
around it.
"""

from __future__ import annotations

from ...report import Error
from ..reader import Reader
from . import Format, regex

ORDER = 18  # before js_webpack.py's and node.py's rows, and maven.py's "[ERROR] ..."
COMMANDS = {"docusaurus": "docusaurus"}
BUILDS: dict[str, frozenset[str] | None] = {"docusaurus": frozenset({"build"})}


class DocusaurusProblem(Reader):
    """The broken links' list (the first page and the first link it lists are
    the message), a compiler's cause and the line and column in its details, or
    the cause under a locale's failure (none: it follows from the errors read)."""

    frames_wanted = False
    _STACK = regex(r"^\s*(?:at |\.\.\. \d+ lines? matching|\}\s*$)")
    _CAUSED = regex(r"^\s*\[cause\]: (?:\w*Error: )?(?P<msg>.+?)\s*$")
    _OWN_ROW = ("Docusaurus found broken", "MDX compilation failed")  # read by the row
    _PAGE = regex(r"^- (?:Broken (?:link|anchor) on|On) source page path = (?P<page>\S+?):?$")
    _LINK = regex(r"^-> linking to (?P<link>\S+)")
    _CAUSE = regex(r"^Cause: (?P<msg>.+)$")
    # The details' own line and column, not their cause's (indented further).
    _AT = regex(r"^ {2}\"(?P<key>line|column)\": (?P<n>\d+),?$")
    _END = regex(r"^(?:\[[A-Z]+\]|\s*at |(?:✔|✖) |\S+ \(webpack)")

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.compiled = err.message.startswith("MDX")
        self.locale = err.message.startswith("Unable to build")
        self.page: str | None = None
        self.link: str | None = None
        self.links = 0
        self.cause: str | None = None
        self.at: dict[str, int] = {}
        self.ended = False  # the details' closing brace was read

    def accept(self, line: str) -> bool:
        text = line.strip()
        if self.locale:
            return self._caused(line, text)
        if self.ended or self._END.match(line) or (not text and self.blanks >= 2):
            return False
        if self.compiled:
            return self._compiled(line, text)
        if (m := self._PAGE.match(text)) is not None:
            self.page = self.page or m["page"]
        elif (m := self._LINK.match(text)) is not None:
            self.links += 1
            self.link = self.link or m["link"]
        return True

    def _compiled(self, line: str, text: str) -> bool:
        if self.count == 0:
            if (m := self._CAUSE.match(text)) is None:
                return False
            self.cause = m["msg"]
        elif (m := self._AT.match(line)) is not None:
            self.at.setdefault(m["key"], int(m["n"]))
        self.ended = line.startswith("}")
        return bool(text)

    def _caused(self, line: str, text: str) -> bool:
        if self._STACK.match(line):
            return True
        if (m := self._CAUSED.match(line)) is not None:
            if self.cause is not None or m["msg"].startswith(self._OWN_ROW):
                return False
            self.cause = m["msg"]
            return True
        if self.cause is not None and self.cause.endswith(":") and text.startswith("- "):
            self.cause = f"{self.cause} {text.removeprefix('- ')}"
            return True
        return False

    def finish(self) -> None:
        err = self.err
        if self.locale:
            err.message = self.cause or err.message
            self.consequence = self.cause is None
        elif self.compiled:
            err.message = self.cause or err.message
            err.line, err.column = self.at.get("line"), self.at.get("column")
        elif self.page is not None and self.link is not None:
            more = f" (and {self.links - 1} more)" if self.links > 1 else ""
            err.message = f"{err.message} {self.page} links to {self.link}{more}"

    def category(self) -> str | None:
        if self.locale:
            return self.said_else("build")
        return "syntax" if self.compiled else "reference"


READERS = {"docusaurus": DocusaurusProblem}

ROWS = (
    Format(  # the broken links' list, a page MDX could not compile, a locale's failure
        "docusaurus-error",
        r"^\s*(?:\[(?P<sev>ERROR|WARNING)\] )?(?:(?:\[cause\]: )?Error: )?(?P<msg>Docusaurus found"
        r" broken (?:links|anchors)!|MDX compilation failed for file \"(?P<file>[^\"]+)\"|"
        r"Unable to build website for locale \S+?\.)\s*$",
        tool="docusaurus",
        block="docusaurus",
        rank=2,
        words=("Docusaurus found broken", "MDX compilation failed", "Unable to build website"),
        examples=(
            "[ERROR] Error: Unable to build website for locale en.",
            "[WARNING] Docusaurus found broken links!",
            "  [cause]: Error: Docusaurus found broken links!",
            'Error: MDX compilation failed for file "/home/user/site/docs/intro.md"',
        ),
    ),
)
