"""Common Lisp on SBCL: its unhandled conditions and its debugger (one row
per category of the condition's name), ``compile-file``'s ``; caught ERROR:``,
ASDF giving up on a file, and FiveAM's failures. Emacs Lisp, Racket and Clojure
have families of their own."""

from __future__ import annotations

from collections.abc import Sequence

from ...report import Error
from ..reader import Reader
from . import Format, regex

# Common Lisp's (and SBCL's, ASDF's, Quicklisp's) conditions, by category; a package
# prefix may come first (``SB-INT:SIMPLE-READER-ERROR``, ``ASDF/FIND-SYSTEM:...``).
_CL = (
    (
        "dependency",
        r"MISSING-COMPONENT|MISSING-DEPENDENCY|MISSING-DEPENDENCY-OF-VERSION"
        r"|SYSTEM-NOT-FOUND|LOAD-SYSTEM-DEFINITION-ERROR|PACKAGE-DOES-NOT-EXIST"
        r"|SIMPLE-PACKAGE-ERROR|SIMPLE-READER-PACKAGE-ERROR|EXTENSION-FAILURE",
    ),
    (
        "reference",
        r"UNDEFINED-FUNCTION|UNBOUND-VARIABLE|UNBOUND-SLOT|UNDEFINED-ALIEN-\w+"
        r"|NO-APPLICABLE-METHOD-ERROR",
    ),
    (
        "type",
        r"TYPE-ERROR|SIMPLE-TYPE-ERROR|CASE-FAILURE|BOUNDING-INDICES-BAD-ERROR"
        r"|INDEX-TOO-LARGE-ERROR",
    ),
    (
        "syntax",
        r"READER-ERROR|SIMPLE-READER-ERROR|READER-EOF-ERROR|END-OF-FILE"
        r"|INPUT-ERROR-IN-COMPILE-FILE|INPUT-ERROR-IN-LOAD",
    ),
    ("filesystem", r"FILE-DOES-NOT-EXIST|SIMPLE-FILE-ERROR|FILE-ERROR"),
    ("runtime", r"[A-Z][A-Z0-9*+-]*"),
)
_CL_PACKAGE = r"(?:[A-Z][\w/.-]*::?)?"


def _cl_code(names: str) -> str:
    return rf"(?P<code>{_CL_PACKAGE}(?:{names}))"


# -- SBCL --------------------------------------------------------------------------------------

_SBCL_FORM_AT = regex(r"^While evaluating the form starting at line (?P<line>\d+), column \d+$")
_SBCL_FORM_FILE = regex(r'^\s+of #P"(?P<file>[^"]+)":$')
_SBCL_FILE = regex(r'^; (?:file: |compiling file ")(?P<file>[^"]+?)"?(?: \(written .*\))?:?$')


def _sbcl_form_place(groups: dict[str, str | None], before: Sequence[str]) -> None:
    """``sbcl --load``: the form being evaluated, named on the two lines above."""
    if (
        len(before) >= 2
        and (at := _SBCL_FORM_AT.match(before[-2]))
        and (m := _SBCL_FORM_FILE.match(before[-1]))
    ):
        groups["file"], groups["line"] = m["file"], at["line"]


def _sbcl_file(groups: dict[str, str | None], before: Sequence[str]) -> None:
    """``compile-file`` names the file once, above its diagnostics."""
    for line in reversed(before):
        if m := _SBCL_FILE.match(line):
            groups["file"] = m["file"]
            return


class SbclCondition(Reader):
    """An unhandled condition (or the debugger) of SBCL: the rest of the thread's
    name, the condition's report (indented), ``Operation was``, the backtrace
    (``0: (FN ...)``), the debugger's restarts, and the last words
    (``unhandled condition in --disable-debugger mode, quitting``)."""

    frames_wanted = False
    _BODY = regex(
        r"^\s|^Operation was |^Backtrace for: |^\d+: \(|^Type HELP for debugger help"
        r"|^restarts \(invokable|^unhandled condition in --disable-debugger mode"
        r"|^#<(?:SB-THREAD:)?THREAD |^\(.*\)$|^\d+\] ?$"
    )

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.named = err.text.rstrip().endswith(":")  # the thread's name ended
        self.said: list[str] = []  # the condition's report
        self.reported = False  # ... which ended

    def accept(self, line: str) -> bool:
        stripped = line.strip()
        if not stripped:
            self.reported = self.reported or bool(self.said)
            return not self.blanks
        if not self._BODY.match(line):
            return False
        if not self.named:
            self.named = stripped.endswith(">:")
        elif self.reported or line.startswith(("Backtrace for:", "Type HELP", "restarts (")):
            self.reported = True
        else:
            self.said.append(stripped)
        return True

    def finish(self) -> None:
        if self.said:
            self.err.message = " ".join(self.said)


class SbclCaught(Reader):
    """``compile-file``'s ``; caught ERROR:`` and the report under it (``;   ...``);
    a reader error names its line (``Line: 6, Column: 12, File-Position: 105``)."""

    frames_wanted = False
    _LINE = regex(r"\bLine: (?P<line>\d+), Column: (?P<col>\d+)")
    _STREAM = regex(r'for "file (?P<file>[^"]+)"')

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.said: list[str] = []

    def accept(self, line: str) -> bool:
        if not line.startswith(";   ") and line.strip() != ";":
            return False
        text = line[1:].strip()
        if m := self._LINE.search(text):
            self.err.line, self.err.column = int(m["line"]), int(m["col"])
        elif m := self._STREAM.search(text):
            self.err.file = self.err.file or m["file"]
        elif text and not text.startswith(("See also:", "The SBCL Manual")):
            self.said.append(text)
        return True

    def finish(self) -> None:
        if self.said:
            self.err.message = " ".join(self.said[:4])


class FiveAmFailure(Reader):
    """A FiveAM failure in ``run!``'s details: the reason, indented (a value and
    what it was compared with span several lines), up to the dashed line."""

    frames_wanted = False
    _RULE = regex(r"^\s*-{20,}\s*$")

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.valid = False
        self.said: list[str] = []

    def accept(self, line: str) -> bool:
        if self.valid or self.count >= 30:
            return False  # a line that only looked like FiveAM's gives its lines back soon
        if self.count == 0 and not line.startswith("  "):
            return False  # FiveAM indents the reason under the test's name
        if self._RULE.match(line):
            self.valid = True
            return True
        if line.strip():
            self.said.append(line.strip())
        return True

    def finish(self) -> None:
        if self.said:
            self.err.message = " ".join(self.said)[:300]


ORDER = 50  # where its rows stand in the table (``formats.families``)
COMMANDS = {"sbcl": "sbcl", "ros": "roswell"}
BUILDS: dict[str, frozenset[str] | None] = {"sbcl": None, "ros": frozenset({"run", "test"})}
READERS = {"sbclcondition": SbclCondition, "sbclcaught": SbclCaught, "fiveam": FiveAmFailure}

_CL_EXAMPLES = {
    "dependency": "ASDF/FIND-SYSTEM:MISSING-COMPONENT",
    "reference": "UNDEFINED-FUNCTION",
    "type": "TYPE-ERROR",
    "syntax": "SB-INT:SIMPLE-READER-ERROR",
    "filesystem": "SB-INT:SIMPLE-FILE-ERROR",
    "runtime": "DIVISION-BY-ZERO",
}


def _sbcl_rows() -> tuple[Format, ...]:
    """SBCL's unhandled condition and its debugger, one row per category."""
    rows = []
    for category, names in _CL:
        name = _CL_EXAMPLES[category]
        rows += [
            Format(
                f"sbcl-unhandled-{category}",
                rf"^Unhandled {_cl_code(names)} in thread\b.*$",
                tool="sbcl",
                category=category,
                block="sbclcondition",
                rank=2,
                fixup=_sbcl_form_place,
                examples=(f'Unhandled {name} in thread #<SB-THREAD:THREAD "main thread" RUNNING',),
            ),
            Format(
                f"sbcl-debugger-{category}",
                rf"^debugger invoked on an? {_cl_code(names)}(?: in thread\b.*)?:?$",
                tool="sbcl",
                category=category,
                block="sbclcondition",
                rank=2,
                words=("debugger invoked on",),
                fixup=_sbcl_form_place,
                examples=(f"debugger invoked on a {name} in thread",),
            ),
        ]
    return tuple(rows)


ROWS = (
    # -- SBCL and FiveAM
    Format(  # ASDF gives up on a file the compiler's errors (above) were in
        "sbcl-compile-file-error",
        rf"^Unhandled {_CL_PACKAGE}COMPILE-FILE-ERROR in thread\b.*$",
        tool="sbcl",
        role="consequence",
        block="sbclcondition",
        rank=0,
        examples=(
            'Unhandled UIOP/LISP-BUILD:COMPILE-FILE-ERROR in thread #<SB-THREAD:THREAD "main '
            'thread" RUNNING',
        ),
    ),
    *_sbcl_rows(),
    Format(
        "sbcl-caught-error",
        r"^; caught (?P<code>ERROR):$",
        tool="sbcl",
        category="build",
        block="sbclcaught",
        rank=2,
        fixup=_sbcl_file,
        examples=("; caught ERROR:",),
    ),
    Format(
        "sbcl-caught-warning",
        r"^; caught (?P<code>(?:STYLE-)?WARNING):$",
        tool="sbcl",
        role="warning",
        block="sbclcaught",
        fixup=_sbcl_file,
        examples=("; caught STYLE-WARNING:", "; caught WARNING:"),
    ),
    Format(
        "sbcl-compilation-failed",
        r"^; compilation (?:unit )?aborted\b.*$|^;\s+caught [1-9]\d* (?:fatal )?ERROR conditions?$"
        r"|^unhandled condition in --disable-debugger mode, quitting$",
        tool="sbcl",
        role="consequence",
        rank=0,
        examples=("; compilation unit aborted", ";   caught 2 ERROR conditions"),
    ),
    Format(
        "fiveam-failure",
        r"^ ?(?P<test>[^\s\[\]]+) (?:in (?P<suite>[^\s\[\]]+) )?\[[^\]\n]*\]: ?$",
        tool="fiveam",
        category="assertion",
        block="fiveam",
        rank=3,
        words=("]: ",),
        examples=(" ADDS in CALC []: ", " TRUE-CHECK in CALC [Checks evenness]: "),
    ),
    Format(  # ``run!`` counts before it lists the failures: nothing to fold them into
        "fiveam-counts",
        r"^\s*(?:Did \d+ checks?\.|Fail: \d+ \(\s*\d+%\))$",
        tool="fiveam",
        role="ignore",
        words=("checks.",),
        examples=(" Did 6 checks.", "    Fail: 5 (83%)"),
    ),
)
