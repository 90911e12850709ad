"""Clojure: clojure.main's error reports, the compiler's older exceptions,
clojure.test (``lein test``, ``clojure -X:test``, kaocha) and leiningen."""

from __future__ import annotations

import re
from collections.abc import Sequence

from ...report import Error
from ..reader import Reader
from . import Format, regex

ORDER = 44  # before the JVM's rows: a Clojure compiler exception is a Java exception line
COMMANDS = {"lein": "lein", "clojure": "clojure", "clj": "clojure", "clj-kondo": "clj-kondo"}
BUILDS: dict[str, frozenset[str] | None] = {
    "lein": frozenset({"test", "check", "compile", "uberjar", "jar", "run", "eftest", "kaocha"}),
    "clojure": None,
    "clj": None,
    "clj-kondo": None,
}

# Where a report points: ``(calc.clj:5:3)``, ``(calc/core.clj:4)``, ``(REPL:1)``.
_AT = r"\((?P<file>[^\s()]+?):(?P<line>-?\d+)(?::(?P<col>\d+))?\)"
# Files that are no file of the user's: the REPL, an evaluated string, lein's injected forms.
_CLJ_SRC = r"(?:[A-Za-z]:)?[^\s:]*\.(?:clj[sc]?|edn|bb)"
_KONDO_AT = r":(?P<line>\d+):(?P<col>\d+): (?P<sev>error|warning|info): "
_EASTWOOD_AT = r":(?P<line>\d+):(?P<col>\d+): (?P<code>[a-z][\w-]*): "
_SPEC = "did not conform to spec:"
# What may stand before an exception the compiler wrapped.
_COMPILER = (
    r"^(?:Exception in thread \"[^\"]*\" )?(?:(?:clojure\.lang\.Compiler\$)?CompilerException:? )?"
)
_NO_FILE = regex(r"^(?:REPL|NO_SOURCE_(?:PATH|FILE)|null|form-init\d*\.clj|\*.*\*)$")
# One frame of a Clojure stack as clojure.test and clojure.main print it:
# ``calc.core$div.invokeStatic (core.clj:3)``, ``calc.core_test/fn (core_test.clj:8)``.
_FRAME = regex(r"^\s*(?:at )?(?P<where>[^\s()]+) ?\((?P<file>[^\s:()]+):(?P<line>\d+)\)\s*$")
_LIBRARY = (
    "clojure.",
    "java.",
    "javax.",
    "jdk.",
    "sun.",
    "com.sun.",
    "leiningen.",
    "nrepl.",
    "cognitect.test_runner",
    "kaocha.",
    "user$",
    "user/",
    "eftest.",
    "midje.",
)


def clojure_path(where: str, file: str) -> str:
    """A frame's file as a path from its source root, when its namespace says it:
    ``calc.core$div`` in ``core.clj`` is ``calc/core.clj``; else the file as given."""
    ns = re.split(r"[$/]", where, maxsplit=1)[0]
    if "$" not in where and "/" not in where:  # a Java frame: Class.method
        return file
    stem, dot, ext = file.rpartition(".")
    path = ns.replace("-", "_").replace(".", "/")
    if dot and path.rsplit("/", 1)[-1] == stem and ext in ("clj", "cljc", "cljs"):
        return f"{path}.{ext}"
    return file


def user_frame(lines: Sequence[str]) -> tuple[str, int] | None:
    """The innermost frame of the user's code in a Clojure stack (innermost first)."""
    for line in lines:
        m = _FRAME.match(line)
        if m is None or m["where"].startswith(_LIBRARY) or m["file"].endswith(".java"):
            continue
        if _NO_FILE.match(m["file"]):
            continue
        return clojure_path(m["where"], m["file"]), int(m["line"])
    return None


class ClojureTest(Reader):
    """A clojure.test ``FAIL in``/``ERROR in`` report: the ``testing`` contexts and
    the assertion's message, ``expected:``, ``actual:`` (and lein's ``diff:``),
    and for an error the exception's stack; up to the blank line after it.

    A failure is the comparison that failed. An error is its exception, at the
    innermost frame of the user's code (the header names the innermost frame of
    all, often the JVM's: ``(Numbers.java:188)``)."""

    frames_wanted = False
    _FIELD = regex(r"^\s*(expected|actual|diff|Expected|Actual):\s*(.*)$")
    _NEXT = regex(r"^(?:FAIL|ERROR) in |^lein test |^Testing |^Ran \d")

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.said: list[str] = []
        self.fields: dict[str, list[str]] = {}
        self.key = ""

    def accept(self, line: str) -> bool:
        if not line.strip() or self._NEXT.match(line):
            return False
        if m := self._FIELD.match(line):
            self.key = m[1].lower()
            self.fields.setdefault(self.key, []).extend([m[2].strip()] if m[2].strip() else [])
        elif self.key:
            self.fields[self.key].append(line.strip())
        else:
            self.said.append(line.strip())
        return True

    def finish(self) -> None:
        err, fields = self.err, self.fields
        if err.text.startswith("ERROR"):
            if actual := fields.get("actual"):
                err.message = actual[0]
            if (where := user_frame(self.err.block[1:])) is not None:
                err.file, err.line, err.column = where[0], where[1], None
            return
        parts = [" ".join(self.said)] if self.said else []
        for key in ("expected", "actual"):
            if value := fields.get(key):
                parts.append(f"{key}: {' '.join(value[:3])}")
        if parts:
            err.message = " ".join(parts)


class ClojureMain(Reader):
    """clojure.main's report of an error: the header names the phase and the
    place, the next lines say what went wrong, then (after a blank line) where
    the full report was written. Run through ``lein``'s ``Exception in thread``
    the JVM's stack follows; the place stays the header's."""

    frames_wanted = False
    _STACK = regex(r"^\s+at |^\s+\.\.\. \d+ more|^Caused by: |^Full report at:$|^/\S+\.edn$")

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.said: list[str] = []
        self.blank = False

    def accept(self, line: str) -> bool:
        if not line.strip():
            self.blank = True
            return self.count < 8
        if self._STACK.match(line):
            return True
        if self.blank or self.count >= 6:
            return False
        self.said.append(line.strip())
        return True

    _EOF = regex(r"^EOF while reading, starting at line (\d+)")

    def finish(self) -> None:
        err = self.err
        if self.said:
            err.message = " ".join(self.said)
        if err.file is not None and (_NO_FILE.match(err.file) or err.file.endswith(".java")):
            err.file = err.line = err.column = None  # no file of the user's: the REPL, the JVM
        elif err.file is not None and (m := self._EOF.match(err.message)):
            err.line, err.column = int(m[1]), None  # the form left open, not the file's end


class ClojureCompiler(Reader):
    """An older Clojure's compiler exception (``..., compiling:(calc.clj:5:3)``):
    the place is the one the compiler names; the JVM's frames and causes follow.
    A spec's explanation runs over lines before the place (Clojure 1.9)."""

    frames_wanted = False
    _PLACE = regex(rf"compiling:{_AT}\s*$")

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        # A spec's explanation, over lines of its own, ends with the place.
        self.placed = err.file is not None or _SPEC not in err.text

    def accept(self, line: str) -> bool:
        if not self.placed and self.count < 12 and line.strip():
            if m := self._PLACE.search(line):
                self.placed = True
                self.err.file, self.err.line = m["file"], int(m["line"])
                self.err.column = int(m["col"]) if m["col"] else None
            return True
        return bool(line[:1].isspace() and line.strip()) or line.startswith("Caused by: ")

    def finish(self) -> None:
        err = self.err
        if err.file is not None and _NO_FILE.match(err.file):
            err.file = err.line = err.column = None
        if err.file is None and (where := user_frame(err.block[1:])) is not None:
            err.file, err.line = where


def _symbol_namespace(groups: dict[str, str | None], before: Sequence[str]) -> None:
    """clojure.main names the function (``calc.core/average``) and its file
    without a folder (``core.clj``): the namespace gives the path."""
    if (file := groups.get("file")) and (sym := groups.get("sym")) and "/" not in file:
        groups["file"] = clojure_path(sym, file)


def _test_namespace(groups: dict[str, str | None], before: Sequence[str]) -> None:
    """clojure.test names a failure's file without its folder (``core_test.clj``);
    the namespace under test above it (``lein test :only calc.core-test/test-add``,
    ``Testing calc.core-test``) gives the path from the source root."""
    file = groups.get("file")
    if not file or "/" in file or file.endswith(".java"):
        return
    for line in reversed(before):
        m = re.match(r"^(?:lein test :only |Testing )([\w.*+!?<>=-]+)", line)
        if m:
            groups["file"] = clojure_path(m[1] + "$", file)
            return


READERS = {
    "clojuretest": ClojureTest,
    "clojuremain": ClojureMain,
    "clojurecompiler": ClojureCompiler,
}

ROWS = (
    Format(
        "clojure-test-fail",
        rf"^FAIL in (?P<test>\([^)]*\)|\S+) (?:{_AT}|\([^()]*\))\s*$",
        tool="clojure.test",
        category="assertion",
        block="clojuretest",
        rank=3,
        examples=("FAIL in (test-add) (calc_test.clj:7)",),
        fixup=_test_namespace,
    ),
    Format(
        "clojure-test-error",
        rf"^ERROR in (?P<test>\([^)]*\)|\S+) (?:{_AT}|\([^()]*\))\s*$",
        tool="clojure.test",
        block="clojuretest",
        rank=3,
        examples=(
            "ERROR in (test-div) (Numbers.java:188)",
            "ERROR in (test-parse) (Error:NaN:NaN)",
        ),
    ),
    Format(  # a test run's summary: it counts the failures above it
        "clojure-test-summary",
        r"^(?:[1-9]\d* failures?, \d+ errors?|\d+ failures?, [1-9]\d* errors?)\.$"
        r"|^\d+ tests?, \d+ assertions?, (?:.*\b)?[1-9]\d* (?:errors?|failures?)\b.*\.$"
        r"|^Tests failed\.$|^Test failures or errors occurred\.$",
        tool="clojure.test",
        role="consequence",
        rank=0,
        examples=("1 failures, 0 errors.", "Tests failed.", "3 tests, 5 assertions, 1 failures."),
    ),
    Format(  # cognitect's test-runner throws once clojure.test counted failures
        "clojure-test-runner",
        r"^Execution error \(ExceptionInfo\) at cognitect\.test-runner[\w.-]*/\S+ \(.*\)\.$",
        tool="clojure.test",
        role="consequence",
        rank=0,
        examples=(
            "Execution error (ExceptionInfo) at cognitect.test-runner.api/test (api.clj:30).",
        ),
    ),
    Format(  # the reader: an unbalanced form, a bad token
        "clojure-reader-error",
        r"^(?:Exception in thread \"[^\"]*\" )?(?P<msg>Syntax error (?:\((?P<code>[\w.$]+)\) )?"
        rf"(?:reading source|macroexpanding \S+) at {_AT}\.)\s*$",
        tool="clojure",
        category="syntax",
        block="clojuremain",
        rank=2,
        examples=(
            "Syntax error reading source at (calc/core.clj:8:1).",
            "Syntax error macroexpanding clojure.core/let at (x.clj:2:12).",
        ),
    ),
    Format(  # a name the compiler cannot resolve (a symbol, a var, a namespace, a class)
        "clojure-unresolved",
        r"^(?:Exception in thread \"[^\"]*\" )?(?P<msg>Syntax error "
        r"(?:\((?P<code>ClassNotFoundException|RuntimeException)\) )?"
        rf"compiling at {_AT}\.)\s*$",
        tool="clojure",
        category="reference",
        block="clojuremain",
        rank=2,
        examples=("Syntax error compiling at (calc.clj:5:3).",),
    ),
    Format(
        "clojure-syntax-error",
        r"^(?:Exception in thread \"[^\"]*\" )?(?P<msg>Syntax error (?:\((?P<code>[\w.$]+)\) )?"
        rf"compiling(?: \S+)? at {_AT}\.)\s*$",
        tool="clojure",
        block="clojuremain",
        rank=2,
        examples=(
            "Syntax error compiling if at (calc.clj:3:3).",
            "Syntax error (IllegalArgumentException) compiling at (calc/core.clj:1:1).",
        ),
    ),
    Format(
        "clojure-execution-error",
        r"^(?:Exception in thread \"[^\"]*\" )?(?P<msg>(?:Execution|Unexpected) error"
        r"(?: \((?P<code>[\w.$]+)\))?(?: macroexpanding \S+)? at (?:(?P<sym>[^\s(]+) )?"
        rf"{_AT}\.)\s*$",
        tool="clojure",
        block="clojuremain",
        rank=3,
        examples=("Execution error (ArithmeticException) at calc/div (calc.clj:4).",),
        fixup=_symbol_namespace,
    ),
    Format(
        "clojure-compiler-exception",
        r"^(?:Exception in thread \"[^\"]*\" )?(?P<msg>(?:(?:[\w$]+\.)*[A-Z][\w$]*"
        r"(?:Exception|Error)):? .*, compiling:"
        rf"{_AT})\s*$",
        tool="clojure",
        block="clojurecompiler",
        rank=3,
        examples=(
            'Exception in thread "main" java.lang.RuntimeException: Unable to resolve symbol: '
            "foo in this context, compiling:(calc.clj:5:3)",
            "CompilerException java.lang.RuntimeException: Unable to resolve symbol: x in this "
            "context, compiling:(NO_SOURCE_PATH:1:1)",
        ),
    ),
    Format(  # Clojure 1.9's spec failure: its place ends the explanation below
        "clojure-spec-exception",
        rf"{_COMPILER}(?P<msg>clojure\.lang\.ExceptionInfo: Call to \S+ {_SPEC}.*)$",
        tool="clojure",
        category="syntax",
        block="clojurecompiler",
        rank=3,
        examples=(
            'Exception in thread "main" clojure.lang.ExceptionInfo: Call to clojure.core/ns did '
            "not conform to spec:",
            "CompilerException clojure.lang.ExceptionInfo: Call to #'reitit.core/router did not "
            "conform to spec:",
        ),
    ),
    Format(  # ``(throw (ex-info ...))``: the JVM's frames follow
        "clojure-ex-info",
        rf"{_COMPILER}(?P<msg>clojure\.lang\.ExceptionInfo: .*)$",
        tool="clojure",
        block="clojurecompiler",
        rank=3,
        examples=('Exception in thread "main" clojure.lang.ExceptionInfo: boom {:a 1}',),
    ),
    Format(  # clj-kondo: ``file:l:c: error: msg``
        "clj-kondo",
        rf"^(?P<file>{_CLJ_SRC}){_KONDO_AT}(?P<msg>.+)$",
        seek=_KONDO_AT,
        tool="clj-kondo",
        rank=2,
        examples=(
            "src/calc/core.clj:5:3: error: Unresolved symbol: foo",
            "src/calc/core.clj:3:8: warning: unused binding x",
        ),
    ),
    Format(  # eastwood names its linter where others put the severity
        "eastwood",
        rf"^(?P<file>{_CLJ_SRC}){_EASTWOOD_AT}(?P<msg>.+)$",
        seek=_EASTWOOD_AT,
        tool="eastwood",
        rank=2,
        examples=("src/calc/core.clj:12:3: suspicious-expression: = called with 1 args.",),
    ),
    Format(
        "clj-kondo-summary",
        r"^linting took \d+ms, errors: [1-9]\d*, warnings: \d+\s*$",
        tool="clj-kondo",
        role="consequence",
        rank=0,
        examples=("linting took 25ms, errors: 1, warnings: 1",),
    ),
    Format(  # leiningen's own failures, once what failed was reported above
        "lein-consequence",
        r"^(?:Error encountered performing task '[\w:-]+'|Subprocess failed(?: \(exit code: \d+\))?"
        r"|Compilation failed: Subprocess failed|Uberjar aborting because jar failed:"
        r"|Could not resolve dependencies).*$",
        tool="lein",
        role="consequence",
        rank=0,
        examples=(
            "Error encountered performing task 'test' with profile(s): 'base,system,user,dev'",
            "Subprocess failed (exit code: 1)",
        ),
    ),
    Format(
        "lein-dependency",
        r"^(?P<msg>(?:Could not (?:find|transfer) artifact \S+ (?:in|from) |Cannot access \w+ "
        r"\(\S+\) in offline mode and the artifact \S+ has not been downloaded).*)$",
        tool="lein",
        category="dependency",
        rank=2,
        examples=(
            "Could not find artifact org.clj:nope:jar:1.0 in central (https://repo1.maven.org/maven2/)",
        ),
        words=("could not find artifact", "could not transfer artifact"),
    ),
)
