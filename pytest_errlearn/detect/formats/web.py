"""Web front ends' linters and checkers: stylelint, htmlhint, markdownlint (its cli
and cli2), csslint and html-proofer.

eslint's rows (node.py) read none of these: stylelint's string format marks a
problem with ``✖``/``⚠`` where eslint's stylish writes ``error``/``warning``, and its
compact format writes them in lower case where eslint's capitalises them (csslint's
compact format is eslint's, read by eslint's row).
"""

from __future__ import annotations

from collections.abc import Sequence

from ...report import Error
from ..reader import Reader
from . import Format, named_above, regex

# stylelint's string format names the file once, on a line of its own above its
# problems: a path to a style sheet or a file holding styles, or its stdin's name.
_STYLELINT_FILE = named_above(
    r"^(?P<file>(?:[A-Za-z]:)?[\w./\\@~+-]+\.(?:css|scss|sass|less|styl|sss|pcss|postcss|html?|"
    r"vue|svelte|astro|php|[cm]?[jt]sx?|md|mdx)|<input css.*?)\s*$"
)
_HTMLHINT_LINE = regex(r"^\s+L(?P<line>\d+) \|")
_HTMLHINT_FILE = regex(r"^ {3}(?P<file>\S+)$")


def _htmlhint_place(groups: dict[str, str | None], before: Sequence[str]) -> None:
    """htmlhint quotes the line (``   L7 |<div ...>``) above its caret, the file
    (indented three spaces) above its first problem."""
    if before and (m := _HTMLHINT_LINE.match(before[-1])):
        groups["line"] = m["line"]
    for line in reversed(before):
        if (m := _HTMLHINT_FILE.match(line)) and not _HTMLHINT_LINE.match(line):
            groups["file"] = m["file"]
            return


# csslint names the file's path once, above its problems.
_CSSLINT_FILE = named_above(r"^csslint: There (?:are|is) \d+ problems? in (?P<file>.+)\.$")


# html-proofer 3 lists a file's failures under ``- ./_site/x.html``.
_PROOFER_FILE = named_above(r"^- (?P<file>\S+)$")


class NextLine(Reader):
    """The message on the line after the header (csslint), then the quoted code."""

    frames_wanted = False

    def accept(self, line: str) -> bool:
        if self.count >= 2 or not line.strip():
            return False
        if self.count == 0:
            self.err.message = line.strip()
        return True

    def finish(self) -> None:
        pass


class ProoferAt(Reader):
    """html-proofer 4 and 5: ``* At FILE:LINE:``, a blank line, the failure indented."""

    frames_wanted = False

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.said = False

    def accept(self, line: str) -> bool:
        if not line.strip():
            return not self.said and self.count < 1
        if not line.startswith("  ") or self.said:
            return False
        self.err.message, self.said = line.strip(), True
        return True

    def finish(self) -> None:
        pass


class ProoferFailure(Reader):
    """html-proofer 3: the quoted element under a failure, and the rest of a long
    message, indented deeper than its ``  *  ``."""

    frames_wanted = False

    def accept(self, line: str) -> bool:
        return line.startswith("     ") and bool(line.strip())

    def finish(self) -> None:
        pass


ORDER = 50  # where its rows stand in the table (``formats.families``)
COMMANDS = {
    "stylelint": "stylelint",
    "htmlhint": "htmlhint",
    "markdownlint": "markdownlint",
    "markdownlint-cli2": "markdownlint",
    "csslint": "csslint",
    "htmlproofer": "html-proofer",
    "htmlproof": "html-proofer",
}
BUILDS: dict[str, frozenset[str] | None] = dict.fromkeys(COMMANDS, None)
READERS = {"csslintmessage": NextLine, "prooferat": ProoferAt, "prooferfailure": ProoferFailure}

# stylelint's and htmlhint's compact formats: eslint's, with the severity in lower case.
_COMPACT_AT = r": line (?P<line>\d+), col (?P<col>\d+), (?P<sev>error|warning) - "
# stylelint's unix format ends with the rule and the severity in brackets.
_STYLELINT_UNIX = (
    r":(?P<line>\d+):(?P<col>\d+): (?P<msg>.+) \((?P<code>[\w@/.-]+)\) \[(?P<sev>error|warning)\]"
)
_HTMLHINT_UNIX = (
    r":(?P<line>\d+):(?P<col>\d+): (?P<msg>.+) \[(?P<sev>error|warning)/(?P<code>[\w-]+)\]"
)
# markdownlint: ``README.md:3:1 MD022/blanks-around-headings ...``, with ``error`` or
# ``warning`` before the rule since markdownlint-cli 0.40 and cli2 0.13. (The oldest
# clis' ``README.md: 3: MD022 ...`` is left to the output-above-a-failure reader:
# tests/test_detect.py reads it so.)
# markdownlint-cli and -cli2 ("a.md:3:81 MD013/line-length"), the library's own
# layout of older clis ("a.md: 3: MD018/no-missing-space-atx"), Ruby's mdl ("a.md:3: MD013").
_MARKDOWNLINT_AT = (
    r": ?(?P<line>\d+)(?::(?P<col>\d+))?:? (?:(?P<sev>error|warning) )?(?P<code>MD\d{3})"
)

ROWS = (
    # -- stylelint
    Format(  # the string format (the default): ``  3:5  ✖  Unexpected ...  rule-name``
        "stylelint-string",
        r"^\s+(?P<line>\d+):(?P<col>\d+)\s+(?:✖|×)\s+(?P<msg>.+?)(?:\s{2,}(?P<code>[\w@/.-]+))?\s*$",
        tool="stylelint",
        rank=2,
        fixup=_STYLELINT_FILE,
        examples=(
            '  3:3   ✖  Unknown property "colr"                       property-no-unknown',
            "  2:17  ✖  Missed semicolon  CssSyntaxError",
        ),
    ),
    Format(
        "stylelint-string-warning",
        r"^\s+(?P<line>\d+):(?P<col>\d+)\s+(?:⚠|‼)\s+(?P<msg>.+?)(?:\s{2,}(?P<code>[\w@/.-]+))?\s*$",
        tool="stylelint",
        role="warning",
        fixup=_STYLELINT_FILE,
        words=("⚠", "‼"),
        examples=(" 6:17  ⚠  Unexpected unit  length-zero-no-unit",),
    ),
    Format(
        "lint-compact-lowercase",
        r"^(?P<file>[^:\n]+?)" + _COMPACT_AT + r"(?P<msg>.+?)(?: \((?P<code>[\w@/.-]+)\))?$",
        seek=_COMPACT_AT,
        rank=2,
        examples=(
            '/app/css/a.css: line 3, col 3, error - Unknown property "colr" (property-no-unknown)',
            "/app/site/index.html: line 11, col 36, error - The id value [ x ] must be unique. "
            "(id-unique)",
        ),
    ),
    Format(
        "stylelint-unix",
        r"^(?P<file>[^\s:][^:]*?)" + _STYLELINT_UNIX + r"$",
        seek=_STYLELINT_UNIX,
        tool="stylelint",
        rank=2,
        examples=('/app/css/a.css:3:3: Unknown property "colr" (property-no-unknown) [error]',),
    ),
    # -- htmlhint
    Format(  # the default format: the caret under the quoted line, the rule at the end
        "htmlhint",
        r"^\s+\^ (?P<msg>.+) \((?P<code>[a-z]+(?:-[a-z0-9]+)+)\)$",
        tool="htmlhint",
        rank=2,
        fixup=_htmlhint_place,
        words=("^ ",),
        examples=(
            "                        ^ Duplicate of attribute name [ class ] was found. "
            "(attr-no-duplication)",
        ),
    ),
    Format(
        "htmlhint-unix",
        r"^(?P<file>[^\s:][^:]*?)" + _HTMLHINT_UNIX + r"$",
        seek=_HTMLHINT_UNIX,
        tool="htmlhint",
        rank=2,
        examples=(
            "/app/site/index.html:11:36: The id value [ x ] must be unique. [error/id-unique]",
        ),
    ),
    Format(
        "htmlhint-summary",
        r"^Scanned \d+ files?, found [1-9]\d* errors? in \d+ files?\b.*$",
        tool="htmlhint",
        role="consequence",
        rank=0,
        examples=("Scanned 2 files, found 3 errors in 1 files (10 ms)",),
    ),
    # -- markdownlint
    Format(
        "markdownlint",
        r"^(?:Error: )?(?P<file>[^\s:][^:]*?)" + _MARKDOWNLINT_AT + r"(?:/[\w/-]+)? (?P<msg>.+)$",
        seek=_MARKDOWNLINT_AT,
        tool="markdownlint",
        category="unknown",  # a style rule's finding: its "[Expected: ...]" is no test's
        rank=2,
        words=("md0",),
        examples=(
            "README.md:3 MD022/blanks-around-headings Headings should be surrounded by blank lines",
            "README.md:6:1 error MD004/ul-style Unordered list style [Expected: asterisk; Actual: "
            "plus]",
            "docs/a.md:8:7 warning MD034/no-bare-urls Bare URL used",
            "bad.md: 3: MD018/no-missing-space-atx No space after hash on atx style header"
            ' [Context: "#This file fails       some rules."]',
            ".//README.md:191: MD013 Line length",
            "Error: CLAUDE.md:120:81 MD013/line-length Line length [Expected: 80; Actual: 107]",
        ),
    ),
    Format(  # printed above the errors: nothing to fold it into yet
        "markdownlint-cli2-summary",
        r"^Summary: [1-9]\d* error\(s\)$",
        tool="markdownlint",
        role="ignore",
        examples=("Summary: 6 error(s)",),
    ),
    # -- csslint
    Format(  # its text format: ``1: warning at line 3, col 3``, the message on the next line
        "csslint",
        r"^\d+: (?P<sev>error|warning) at line (?P<line>\d+), col (?P<col>\d+)$",
        tool="csslint",
        block="csslintmessage",
        rank=2,
        fixup=_CSSLINT_FILE,
        examples=("2: error at line 3, col 8", "1: warning at line 3, col 3"),
    ),
    Format(  # printed above the file's problems: nothing to fold it into yet
        "csslint-heading",
        r"^csslint: There (?:are|is) \d+ problems? in .+\.$",
        tool="csslint",
        role="ignore",
        words=("csslint: there",),
        examples=("csslint: There are 2 problems in /app/css/a.css.",),
    ),
    # -- html-proofer
    Format(  # 4 and 5: ``* At ./_site/a.html:12:``, the failure below
        "htmlproofer-at",
        r"^\* At (?P<file>\S+?)(?::(?P<line>\d+))?:$",
        tool="html-proofer",
        block="prooferat",
        rank=2,
        examples=("* At ./_site/index.html:4:", "* At _site/about/index.html:"),
    ),
    Format(  # 3: ``  *  internally linking to x, which does not exist (line 4)``
        "htmlproofer-failure",
        r"^  \*  (?P<msg>.+?)(?: \(line (?P<line>\d+)\))?$",
        tool="html-proofer",
        block="prooferfailure",
        rank=2,
        fixup=_PROOFER_FILE,
        examples=(
            "  *  internally linking to missing.html, which does not exist (line 4)",
            "  *  External link https://x.example/ failed: 404 No error",
        ),
    ),
    Format(
        "htmlproofer-summary",
        r"^(?:htmlproof(?:er)? [\d.]+ \| Error: +)?HTML-Proofer found [1-9]\d* failures?!$",
        tool="html-proofer",
        role="consequence",
        rank=0,
        examples=(
            "HTML-Proofer found 5 failures!",
            "htmlproofer 3.17.2 | Error:  HTML-Proofer found 167 failures!",
        ),
    ),
    Format(
        "htmlproofer-check",
        r"^For the [\w >]+ check, the following failures were found:$",
        tool="html-proofer",
        role="ignore",
        examples=("For the Links > Internal check, the following failures were found:",),
    ),
)
