"""Lisps: Emacs Lisp (ERT in batch, the byte compiler, package-lint, checkdoc,
an error in ``emacs --batch``), and Common Lisp on SBCL (its unhandled
conditions, its debugger, ``compile-file``'s ``; caught ERROR:``) and FiveAM.
Racket and Clojure have families of their own."""

from __future__ import annotations

import re
from collections.abc import Sequence

from ...report import Error
from ..reader import Reader
from . import Format, regex

# -- what a condition's name says of its category ---------------------------------------------

# Emacs's standard errors, by the category of what went wrong.
_ELISP = (
    ("assertion", r"ert-test-failed|cl-assertion-failed"),
    ("reference", r"void-function|void-variable|cl-no-applicable-method|cl-no-next-method"),
    (
        "type",
        r"wrong-type-argument|wrong-number-of-arguments|args-out-of-range|invalid-function"
        r"|wrong-length-argument",
    ),
    ("syntax", r"end-of-file|invalid-read-syntax|scan-error"),
    ("dependency", r'file-missing(?= \(?"Cannot open load file")'),
    (
        "filesystem",
        r"file-missing|file-error|file-already-exists|permission-denied"
        r"|file-date-error|file-notify-error",
    ),
    (
        "runtime",
        r"error|user-error|arith-error|overflow-error|range-error|no-catch"
        r"|setting-constant|circular-list|cyclic-function-indirection"
        r"|cyclic-variable-indirection|search-failed|invalid-regexp|json-[\w-]+"
        r"|buffer-read-only|beginning-of-buffer|end-of-buffer|text-read-only"
        r"|excessive-lisp-nesting|excessive-variable-binding|quit",
    ),
)
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


# -- Emacs -------------------------------------------------------------------------------------

# ERT's line for a test whose result was not the expected one; Emacs 29 and later
# add where the test is defined.
_ERT_RESULT = regex(
    r"^\s+(?:FAILED|PASSED|ABORTED|QUIT|SKIPPED|UNKNOWN)\s+(?:\d+/\d+\s+)?(?P<test>\S+)"
    r"(?: \([\d.e-]+ sec\))?(?: at (?P<file>[^\s:]+):(?P<line>\d+))?\s*$"
)


def _collapsed(lines: Sequence[str], limit: int = 300) -> str:
    text = " ".join(" ".join(lines).split())
    return text if len(text) <= limit else text[: limit - 3] + "..."


class ErtCondition(Reader):
    """The condition ERT prints for a failed test (``Test x condition:`` above it):
    the pretty-printed form, indented, then the test's ``FAILED 1/3 x (0.1 sec)``
    line, which names where the test is (Emacs 29 and later)."""

    frames_wanted = False

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.form = [err.text.strip()]
        self.over = False

    def accept(self, line: str) -> bool:
        if self.over:
            return False
        if m := _ERT_RESULT.match(line):
            self.over = True
            if m["file"] and self.err.file is None:
                self.err.file, self.err.line = m["file"], int(m["line"])
            self.err.test = self.err.test or m["test"]
            return True
        if line.startswith(("     ", "\t", "    \t")) and line.strip():  # the form goes on
            self.form.append(line)
            return True
        return False

    def finish(self) -> None:
        self.err.message = _collapsed(self.form)


class EmacsBacktrace(Reader):
    """An error in ``emacs --batch``: the backtrace's frames (two spaces in), and
    since Emacs 29 the error's message after them."""

    frames_wanted = False

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.framed = False

    def accept(self, line: str) -> bool:
        if line.startswith("  ") and line.strip():
            self.framed = True
            return True
        if not line.strip():
            return not self.framed  # Emacs 29 puts a blank line before its frames
        if self.framed and not self.err.text.startswith("Debugger entered"):
            self.err.message = line.strip()  # Emacs 29: the message, after the frames
            self.framed = False
            return True
        return False

    def finish(self) -> None:
        pass


class EmacsWarning(Reader):
    """``Warning (type): `` and, on the next line when it said nothing, the warning
    itself, often with its place (checkdoc's ``x.el:12: ...``)."""

    frames_wanted = False
    _AT = regex(r"^(?P<file>[^\s:]+\.el):(?P<line>\d+):(?:\d+:)? ?(?P<msg>.+)$")

    def accept(self, line: str) -> bool:
        if self.count or not line.strip() or self.err.message.strip(": ") not in self.err.text:
            return False
        if self.err.text.rstrip().endswith(":"):
            text = line.strip()
            if m := self._AT.match(text):
                self.err.file, self.err.line, text = m["file"], int(m["line"]), m["msg"]
            self.err.message = text
            return True
        return False

    def finish(self) -> None:
        pass


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
        self.blanks = 0

    def accept(self, line: str) -> bool:
        stripped = line.strip()
        if not stripped:
            self.blanks += 1
            self.reported = self.reported or bool(self.said)
            return self.blanks < 2
        self.blanks = 0
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
COMMANDS = {
    **dict.fromkeys(("emacs", "emacs-nox"), "emacs"),
    "cask": "cask",
    "eldev": "eldev",
    "eask": "eask",
    "sbcl": "sbcl",
    "ros": "roswell",
}
BUILDS: dict[str, frozenset[str] | None] = {
    **dict.fromkeys(("emacs", "emacs-nox", "sbcl"), None),
    "cask": frozenset({"exec", "build", "install", "emacs"}),
    "eldev": frozenset({"test", "compile", "lint", "build", "prepare"}),
    "eask": frozenset({"test", "compile", "lint", "install", "install-deps"}),
    "ros": frozenset({"run", "test"}),
}
READERS = {
    "ertcondition": ErtCondition,
    "emacsbacktrace": EmacsBacktrace,
    "emacswarning": EmacsWarning,
    "sbclcondition": SbclCondition,
    "sbclcaught": SbclCaught,
    "fiveam": FiveAmFailure,
}

# What follows a byte-compiled file's name: Emacs 27 and later put a space before
# ``Error:``, older ones none.
_BYTECOMP_AT = r":(?P<line>\d+):(?P<col>\d+): ?(?P<sev>Error|Warning): "


# A condition of each category, as ERT and Emacs print it (the rows' examples).
_ELISP_EXAMPLES = {
    "assertion": ("ert-test-failed", ""),
    "reference": ("void-function", " calc-nope"),
    "type": ("wrong-type-argument", " listp 1"),
    "syntax": ("end-of-file", ' "/tmp/x/broken.el"'),
    "dependency": ("file-missing", ' "Cannot open load file" "No such file or directory" "calcx"'),
    "filesystem": ("file-missing", ' "Opening input file" "No such file or directory" "/x"'),
    "runtime": ("arith-error", ""),
}
_CL_EXAMPLES = {
    "dependency": "ASDF/FIND-SYSTEM:MISSING-COMPONENT",
    "reference": "UNDEFINED-FUNCTION",
    "type": "TYPE-ERROR",
    "syntax": "SB-INT:SIMPLE-READER-ERROR",
    "filesystem": "SB-INT:SIMPLE-FILE-ERROR",
    "runtime": "DIVISION-BY-ZERO",
}


def _literals(names: str) -> tuple[str, ...]:
    """The names of a row's alternation, each up to its first regex sign (its words)."""
    return tuple(sorted({re.split(r"[\\\[(?]", n)[0] for n in names.split("|")} - {""}))


def _elisp_rows() -> tuple[Format, ...]:
    """ERT's condition, the batch debugger's error and Emacs 29's ``Error:``, one row
    per category of the condition's name."""
    rows = []
    for category, names in _ELISP:
        name, data = _ELISP_EXAMPLES[category]
        rows += [
            Format(
                f"ert-condition-{category}",
                rf"^    \((?P<code>{names})(?=[\s)]|$)",
                tool="ert",
                category=category,
                block="ertcondition",
                rank=3,
                words=_literals(names),
                examples=(f"    ({name}{data})" if data else f"    ({name}",),
            ),
            Format(
                f"emacs-debugger-{category}",
                rf"^Debugger entered--Lisp error: \((?P<code>{names})(?=[\s)])(?P<msg>.*)\)\s*$",
                tool="emacs",
                category=category,
                block="emacsbacktrace",
                rank=2,
                examples=(f"Debugger entered--Lisp error: ({name}{data})",),
            ),
            Format(  # Emacs 29 and later (``debug-early``): the message after the frames
                f"emacs-error-{category}",
                rf"^Error: (?P<code>{names}) (?P<msg>\(.*\)|nil)\s*$",
                tool="emacs",
                category=category,
                block="emacsbacktrace",
                rank=2,
                examples=(f"Error: {name} ({data.strip()})" if data else f"Error: {name} nil",),
            ),
        ]
    return tuple(rows)


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
    # -- Emacs: ERT
    Format(  # the test the condition below belongs to (its backtrace comes first)
        "ert-test-heading",
        r"^Test (?P<test>\S+) (?:backtrace|condition):$",
        tool="ert",
        role="section",
        words=("backtrace:", "condition:"),
        examples=("Test calc-test-add condition:", "Test calc-test-add backtrace:"),
    ),
    Format(
        "ert-passed-unexpectedly",
        r"^Test (?P<test>\S+) (?P<msg>passed unexpectedly|aborted with non-local exit)$",
        tool="ert",
        category="assertion",
        rank=3,
        examples=("Test xfail-passed passed unexpectedly",),
    ),
    *_elisp_rows(),
    Format(  # a test's result line, and the list of them in the summary
        "ert-result",
        _ERT_RESULT.pattern,
        tool="ert",
        role="consequence",
        rank=0,
        examples=(
            "   FAILED  1/4  calc-test-add (0.000115 sec)",
            "   FAILED  2/3  calc-test-div (0.000077 sec) at calc-tests.el:8",
            "   FAILED  calc-test-add",
        ),
    ),
    Format(
        "ert-summary",
        r"^(?:Aborted: )?Ran \d+ tests?, \d+ results? as expected, [1-9]\d* unexpected\b.*$"
        r"|^[1-9]\d* unexpected results?:$|^Error running tests$",
        tool="ert",
        role="consequence",
        rank=0,
        words=("unexpected result",),
        examples=(
            "Ran 4 tests, 1 results as expected, 3 unexpected (2026-11-26 21:49:02+0000, 0.26 sec)",
            "3 unexpected results:",
        ),
    ),
    # -- Emacs: the byte compiler, checkdoc, display-warning
    Format(
        "emacs-bytecomp-syntax",
        r"^(?P<file>[^\s:]+\.el)" + _BYTECOMP_AT + r"(?P<msg>(?:End of file during parsing|"
        r"Invalid read syntax|Unbalanced parentheses|Trailing garbage following expression)"
        r".*)$",
        seek=_BYTECOMP_AT,
        tool="emacs",
        category="syntax",
        rank=2,
        examples=("syn.el:2:1: Error: End of file during parsing",),
    ),
    Format(
        "emacs-bytecomp",
        r"^(?P<file>[^\s:]+\.el)" + _BYTECOMP_AT + r"(?P<msg>.+)$",
        seek=_BYTECOMP_AT,
        tool="emacs",
        category="build",
        rank=2,
        examples=(
            "bad.el:2:15: Error: Unused lexical variable `unused'",
            "bad.el:4:6: Warning: the function ‘bad-nope’ is not known to be defined.",
            "foo.el:12:1:Warning: reference to free variable ‘foo-x’",
        ),
    ),
    Format(
        "emacs-display-warning",
        r"^Warning \((?P<code>[\w-]+)\): ?(?P<msg>.*)$",
        tool="emacs",
        role="warning",
        block="emacswarning",
        examples=("Warning (emacs): ",),
    ),
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
    Format(
        "buttercup-summary",
        r"^Ran \d+ (?:out of \d+ )?specs?, [1-9]\d* failed\b.*$|^buttercup-run failed: .*$",
        tool="buttercup",
        role="consequence",
        rank=0,
        examples=("Ran 3 specs, 2 failed, in 45.39ms.", 'buttercup-run failed: ""'),
    ),
)
