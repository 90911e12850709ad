"""Block readers of language runtimes and compilers: Python tracebacks, pytest's
``E`` lines, rustc diagnostics and panics, Go panics, the code frames compilers
quote under a diagnostic. Test runners' reports
(jest, mocha, TAP, node's spec reporter) are ``blocks_tests``'.
"""

from __future__ import annotations

import re

from ..report import Error
from .frames import Frame, frame
from .reader import INDENTED_RUN, Reader, _set_location


class Rustc(Reader):
    """rustc's ``-->`` location, code frame, ``= note`` and ``help:`` lines, and
    the suggestion a ``help:`` shows as a diff (``1 - old``, ``1 + new``).

    A bare ``error: ...`` line is printed by many tools; it is Rust's (and
    ranks as a tool's own error line) once a ``-->`` location follows.
    """

    _BODY = re.compile(r"^\s*(?:-->|\||\d+\s*\||=|\.\.\.|::: )|^(?:help|note)\b|^  |^Caused by:$")
    _DIFF = re.compile(r"^\s*\d+\s*[-+~](?: |$)")  # a line of a suggestion, after its ``help:``
    # The lint a warning or an error of ``-D warnings`` comes from, as its notes
    # name it: "`#[warn(dead_code)]` on by default", "`-D clippy::len-zero`
    # implied by `-D warnings`", "add `#[allow(clippy::len_zero)]`".
    _LINT = re.compile(
        r"^\s*= (?:note|help): .*?"
        r"`(?:#!?\[(?:allow|warn|deny|forbid)\(([\w:]+)\)\]|-[DW] ([\w:-]+))`"
    )

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.helped = False  # a ``help:`` line came: its suggestion's diff may follow

    def accept(self, line: str) -> bool:
        if not line.strip():  # cargo puts a blank line before "Caused by:"
            return not self.blanks
        if self.blanks and not line.startswith("Caused by:"):
            return False
        if line.startswith("help:"):
            self.helped = True
        elif not self._BODY.match(line) and not (self.helped and self._DIFF.match(line)):
            return False
        if self.err.file is None and (where := frame(line)) is not None:
            _set_location(self.err, where)
            if line.lstrip().startswith("-->"):  # rustc's place; not another runtime's frame
                self.err.tool = "cargo"
                self.err.rank = max(self.err.rank, 2)
        elif self.err.code is None and (lint := self._LINT.match(line)) is not None:
            self.err.code = (lint[1] or lint[2]).replace("-", "_")  # the attribute's spelling
        return True

    def finish(self) -> None:
        if self.err.code and self.err.tool is None:
            self.err.tool = "cargo"


class Traceback(Reader):
    """A Python traceback, chained exceptions and exception groups included.

    The message is the exception line that ends the first traceback of a chain
    (the root cause, which the later ones wrap or follow from); the location
    is the innermost frame in the user's code above it (Python lists it last).
    A notebook runner's (nbconvert's, papermill's) only follows from the cell's
    traceback printed under it.
    """

    innermost_first = False
    _CHAIN = re.compile(
        r"^(?:During handling of the above exception|The above exception was the direct cause)"
        r"|^\s*\+?[\s|+-]*(?:Exception Group )?Traceback \(most recent call last\):"
    )
    _EXC = re.compile(r"^(?:\w[\w.]*)(?:: |$)")
    # An exception group prints its own exception inside the "|" margin.
    _GROUP_EXC = re.compile(r"^\s*\|[\s|]*(\w[\w.]*(?:Group|Error|Exception)\w*(?:: .*)?)$")
    # Ruby 2.5 to 2.7 print an uncaught exception's backtrace under the same header,
    # reversed ("\t2: from app.rb:5:in `<main>'"), its error last: Ruby's rows read it.
    _RUBY_FRAME = re.compile(r"^\s+\d+: from \S+:\d+:in [`']")
    # An exception that only says a command or a cell the program ran failed: a
    # notebook runner's (the cell's own traceback, IPython's, follows it and says
    # why), subprocess's and mock's (what the command printed, above, says why).
    _RAN_AND_FAILED = re.compile(
        r"^(?:[\w.]+\.)?(?:CellExecutionError|PapermillExecutionError|CalledProcessError):"
        r"|^mockbuild\.exception\.Error: Command failed"
    )

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.after_exception = False
        self.named = False  # the message is an exception line, not the header
        self.cause_end: int | None = None  # where the first exception's lines end in the block
        # A traceback a tool printed indented (behave's under its step): its lines
        # are read as if it were not, and a line less indented ends it.
        header = err.text.lstrip()
        self.indent = len(err.text) - len(header) if header.startswith("Traceback") else 0

    def accept(self, line: str) -> bool:
        if not line.strip():
            return True  # a chain may follow; trailing blanks stay out of the span
        if self.indent:
            if line[: self.indent].strip():
                return False
            line = line[self.indent :]
        if self._CHAIN.match(line):
            self.after_exception = False
            return True
        if self.after_exception:
            return False
        if line[:1].isspace() or line.startswith(("|", "+")):
            if len(self.err.block) == 1 and self._RUBY_FRAME.match(line):
                self.valid = False  # no Python traceback: its frames are taken, no error
            if not self.named and (m := self._GROUP_EXC.match(line)):
                self.err.message, self.named = m[1], True  # the group itself, first
            return True
        if self._EXC.match(line):  # the exception line ends this part of the chain
            if self.cause_end is None:
                self.err.message, self.named = line.strip(), True
                self.err.code = None
                self.consequence = self._RAN_AND_FAILED.match(line) is not None
                self.cause_end = len(self.err.block) + 1  # this line, once appended
            self.after_exception = True
            return True
        return False

    def locate(self) -> Frame | None:
        """Where the first exception is; where the user's code met it when it
        never left a library (its frames are all a library's)."""
        if self.cause_end is None:
            return super().locate()
        first = self.frame_in(self.err.block[1 : self.cause_end])
        return first if first is not None and first.user else super().locate()


class Pytest(Reader):
    """pytest's ``E`` lines and the ``path:line: ExcType`` line after them (with
    ``--tb=line``, pytest 9 on: ``path:line:`` and the ``E`` line's message)."""

    innermost_first = False
    _LOCATION = re.compile(r"^(?P<file>[^\s:]+\.py):(?P<line>\d+): (?P<rest>.*?)\s*$")
    _TYPE = re.compile(r"[\w.]+")

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.done = False

    def accept(self, line: str) -> bool:
        if self.done:
            return False
        if line.startswith(("E ", " ")) or not line.strip():  # ``--tb=line``: the E line's
            return True  # own lines after it, indented (a diff), then its place
        if (m := self._LOCATION.match(line)) is None:
            return False
        if m["rest"] == self.err.message:  # ``--tb=line``: the message again, no type
            exc = ""
        elif not m["rest"] or self._TYPE.fullmatch(m["rest"]):
            exc = m["rest"]
        else:
            return False
        self.done = True
        self.err.file, self.err.line = m["file"], int(m["line"])
        named = exc and self.err.message.startswith(exc.rsplit(".", 1)[-1])
        if exc and not named and not _EXC_PREFIX.match(self.err.message):
            self.err.message = f"{exc}: {self.err.message}"  # "assert 3 == 4" says no type
        return True

    def finish(self) -> None:
        """A SyntaxError as pytest shows it (a module that does not compile):
        ``File "x", line N`` first, the exception at the end. The error is that
        exception, at that place, not the first line."""
        err = self.err
        if (at := _FILE_LINE.match(err.message)) is None:
            return
        for line in err.block[1:]:
            if m := _E_EXCEPTION.match(line):
                err.message = m["msg"].strip()
                err.file, err.line = at["file"], int(at["line"])
                return


_EXC_PREFIX = re.compile(r"^[\w.]*(?:Error|Exception|Exit|Interrupt|Failure|Warning)\b")
_FILE_LINE = re.compile(r'^File "(?P<file>[^"]+)", line (?P<line>\d+)')
_E_EXCEPTION = re.compile(r"^E\s+(?P<msg>[A-Z]\w*(?:Error|Exception)\b.*)")


class RustPanic(Reader):
    """A Rust panic: the message on the lines after ``panicked at file:l:c:``.

    An ``assert_eq!``/``assert_ne!`` failure keeps its two sides in the message
    (``assertion `left == right` failed left: 2 right: 3``): they say what went
    wrong. The older form (``assertion failed: `(left == right)```, Rust before
    1.73) quotes them as ``  left: `2`,`` and `` right: `3`', src/lib.rs:9:9``.
    """

    _ASSERT = re.compile(r"`\(?left [=!]= right\)?`")
    _SIDE = re.compile(r"^ {0,2}(left|right): (.*?),?(?:', \S+:\d+(?::\d+)?)?$")
    # The older form's place, after the end of its message of many lines.
    _END = re.compile(r"', (?P<file>[^\s:']+):(?P<line>\d+):(?P<col>\d+)$")

    def accept(self, line: str) -> bool:
        if not line.strip() or line.startswith(("note: ", "stack backtrace:", "thread '")):
            return False
        if self.err.file is None and (end := self._END.search(line.rstrip())):
            self.err.file = end["file"]
            self.err.line, self.err.column = int(end["line"]), int(end["col"])
        if self.count == 0 and self.err.message.endswith(":"):
            self.err.message = line.strip()
        elif self.count < 4 and self._ASSERT.search(self.err.message):
            side = self._SIDE.match(line.rstrip())
            if side and f" {side[1]}: " not in self.err.message:
                self.err.message = f"{self.err.message} {side[1]}: {side[2][:200]}"
        return True

    def finish(self) -> None:
        pass


class GoPanic(Reader):
    """``panic:`` with its goroutine dump, up to ``exit status`` or ``FAIL``; or
    go test's ``--- FAIL: TestX`` with its indented ``t.Errorf`` lines. A test
    failure that is only the header of the panic under it (the test panicked)
    is none of its own: the panic is the error (``valid`` False). Under
    ``go test -json`` the lines are output events of the same test, read for
    their ``Output``. A failing subtest's ``--- FAIL`` line, under its parent's,
    is its own failure (the row reads it again); a parent that failed of its
    subtests' failures alone, nothing of its own said, is no error (``valid``
    False): go prints the subtests' result lines right under the parent's."""

    _STOP = re.compile(r"^(?:exit status \d+|FAIL\b|ok\s|---|===|PASS\b)")
    _LOC = re.compile(r"^\s+(?P<file>[\w./\\-]+\.go):(?P<line>\d+): (?P<msg>.+)$")
    _RESULT = re.compile(r"^\s*--- (?P<result>FAIL|PASS|SKIP): (?P<test>\S+)")
    _PANIC = re.compile(r"^(?:panic: |fatal error: )")
    _PASSED = re.compile(r'"Action":"(?:pass|skip)",')

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.json = err.text.startswith("{")
        self.test_failure = err.kind.startswith("go-test-fail")
        self.frames_wanted = not self.test_failure
        self.heard = False  # a line of the test's own was read (not a subtest's result)

    def feed(self, line: str, lineno: int) -> bool:
        if self.json:  # the event's text, if it is one of this test's output
            # Here, not at the top: the families import this module's readers.
            from .formats.go import json_output

            event = json_output(line)
            test = self.err.test
            if event is not None and test is not None and event[0] != test:
                return self.test_failure and self._subtest(event[1], event[0])
            if event is None:  # a passed subtest's ``pass`` event, amid the results
                return not self.heard and self._passed_event(line)
            line = event[1]
        return super().feed(line, lineno)

    def _passed_event(self, line: str) -> bool:
        """A ``-json`` ``pass`` or ``skip`` event of one of this test's subtests."""
        test = self.err.test
        return (
            self.test_failure
            and test is not None
            and self._PASSED.search(line) is not None
            and f'"Test":"{test}/' in line
        )

    def _subtest(self, text: str, name: str | None = None) -> bool:
        """A result line under this test's: a passed subtest's is taken (a failing
        one may follow); a failing subtest's ends the block, and when nothing of
        this test's own came before it, this test only failed of it. ``name``:
        the event's test (``-json``)."""
        if (m := self._RESULT.match(text)) is None or self.heard:
            return False
        name = name or m["test"]
        if self.err.test is None or not name.startswith(f"{self.err.test}/"):
            return False  # a sibling's: its own failure
        if m["result"] != "FAIL":
            return True
        self.valid = self.err.file is not None
        return False

    def accept(self, line: str) -> bool:
        if self.test_failure:
            if not (line[:1].isspace() and line.strip()):
                if not self.heard and self._PANIC.match(line):
                    self.valid = False
                return False
            if self._RESULT.match(line):
                return self._subtest(line)
            self.heard = True
            m = self._LOC.match(line)
            if m and self.err.file is None:
                self.err.file, self.err.line = m["file"], int(m["line"])
                self.err.message = m["msg"].strip()
                # The race detector's report above it is the error (``go.py``'s row).
                self.consequence = self.err.message == "race detected during execution of test"
            return True
        if not line.strip():
            return not self.blanks
        return not self._STOP.match(line)


class Swallow(Reader):
    """Every line after the header: a summary that only repeats what came before."""

    frames_wanted = False

    def accept(self, line: str) -> bool:
        return True


_CODE_LINE = re.compile(r"^\s*\d*\s*\|")
# clang-tidy's groups of checks (its documentation's list), and the static
# analyzer's packages of checkers: the first word of the name in the brackets.
_TIDY_GROUPS = (
    "abseil|altera|android|boost|bugprone|cert|clang-analyzer|clang-diagnostic|concurrency"
    "|cppcoreguidelines|darwin|fuchsia|google|hicpp|linuxkernel|llvm|llvmlibc|misc|modernize"
    "|mpi|objc|openmp|performance|portability|readability|zircon"
)
_CHECKER_GROUPS = "core|cplusplus|deadcode|nullability|optin|osx|security|unix|valist|alpha"


class CodeFrame(Reader):
    """Quoted source, carets and indented notes under a compiler error."""

    frames_wanted = False

    allow_blank = False  # tsc's pretty output separates its frame with a blank line
    _TS_LINE = re.compile(r"^\d+ \S|^\s+[~^]")

    def accept(self, line: str) -> bool:
        if not line.strip():
            return self.allow_blank and self.count < 2
        if self.allow_blank and self._TS_LINE.match(line):
            return True
        return line[:1].isspace() or bool(_CODE_LINE.match(line))

    def run(self) -> re.Pattern[bytes] | None:
        return INDENTED_RUN

    def finish(self) -> None:
        pass  # the header carries the location


class TsFrame(CodeFrame):
    allow_blank = True


class GccFrame(CodeFrame):
    """gcc's and clang's code frame; the option behind their diagnostic is its
    code, as the lint behind a Rust warning is: "[-Wunused-variable]", a warning
    made an error ("[-Werror=unused-variable]", clang's "[-Werror,-Wunused-variable]"),
    an error an option relaxes ("[-fpermissive]"), at the message's end. clang-tidy
    prints the same shape with its check there ("[bugprone-use-after-move]", with
    ",-warnings-as-errors" where that made it an error): the check is the code,
    and the error clang-tidy's; the static analyzer, its checker
    ("[core.NullDereference]")."""

    _OPTION = re.compile(
        r" \[(?:-Werror=(?P<made>[\w+=-]+)|(?:-Werror,)?(?P<on>-[Wf][\w+=-]+)"
        rf"|(?P<check>(?:{_TIDY_GROUPS})-[\w.+-]+)(?:,[\w.+-]+)*"
        rf"|(?P<checker>(?:{_CHECKER_GROUPS})\.[\w.]+))\]$"
    )

    def finish(self) -> None:
        err = self.err
        if err.code is not None or (m := self._OPTION.search(err.message)) is None:
            return
        err.message = err.message[: m.start()]
        if m["check"]:
            err.code, err.tool = m["check"], "clang-tidy"
        elif m["checker"]:
            err.code = m["checker"]
        else:  # an option that takes a level names itself with its "=" ("[-Wformat=]")
            err.code = (f"-W{m['made']}" if m["made"] else m["on"]).rstrip("=")
