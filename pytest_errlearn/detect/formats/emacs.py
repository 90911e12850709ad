"""Emacs Lisp: ERT in batch (its conditions, one row per category of their
name), the byte compiler, package-lint, checkdoc and display-warning, an error
in ``emacs --batch`` (its debugger, or Emacs 29's ``Error:``), and buttercup."""

from __future__ import annotations

import re
from collections.abc import Sequence

from ...report import Error
from ..reader import Reader
from . import Format, regex

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


ORDER = 50  # where its rows stand in the table (``formats.families``)
COMMANDS = {
    **dict.fromkeys(("emacs", "emacs-nox"), "emacs"),
    "cask": "cask",
    "eldev": "eldev",
    "eask": "eask",
}
BUILDS: dict[str, frozenset[str] | None] = {
    **dict.fromkeys(("emacs", "emacs-nox"), None),
    "cask": frozenset({"exec", "build", "install", "emacs"}),
    "eldev": frozenset({"test", "compile", "lint", "build", "prepare"}),
    "eask": frozenset({"test", "compile", "lint", "install", "install-deps"}),
}
READERS = {
    "ertcondition": ErtCondition,
    "emacsbacktrace": EmacsBacktrace,
    "emacswarning": EmacsWarning,
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
    Format(
        "buttercup-summary",
        r"^Ran \d+ (?:out of \d+ )?specs?, [1-9]\d* failed\b.*$|^buttercup-run failed: .*$",
        tool="buttercup",
        role="consequence",
        rank=0,
        examples=("Ran 3 specs, 2 failed, in 45.39ms.", 'buttercup-run failed: ""'),
    ),
)
