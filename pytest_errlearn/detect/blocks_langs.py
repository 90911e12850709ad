"""Block readers of language runtimes and test frameworks: Python tracebacks,
pytest's ``E`` lines, rustc diagnostics and panics, Go panics, jest, mocha and TAP.
"""

from __future__ import annotations

import re

from ..report import Error
from .frames import Frame, frame, is_user_path
from .reader import Reader, _set_location


def _indent(text: str) -> int:
    """How far a line is indented."""
    return len(text) - len(text.lstrip())


class Rustc(Reader):
    """rustc's ``-->`` location, code frame, ``= note`` and ``help:`` lines.

    A bare ``error: ...`` line is printed by many tools; it is Rust's (and
    ranks as a tool's own error line) once a ``-->`` location follows.
    """

    _BODY = re.compile(r"^\s*(?:-->|\||\d+\s*\||=|\.\.\.|::: )|^(?:help|note)\b|^  |^Caused by:$")

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.blank = False

    def accept(self, line: str) -> bool:
        if not line.strip():  # cargo puts a blank line before "Caused by:"
            self.blank, was = True, self.blank
            return not was
        if self.blank and not line.startswith("Caused by:"):
            return False
        self.blank = False
        if not self._BODY.match(line):
            return False
        if self.err.file is None and (where := frame(line)) is not None:
            _set_location(self.err, where)
            self.err.tool = "cargo"
            self.err.rank = max(self.err.rank, 2)
        return True

    def finish(self) -> None:
        if self.err.code and self.err.tool is None:
            self.err.tool = "cargo"


class Traceback(Reader):
    """A Python traceback, chained exceptions and exception groups included.

    The message is the exception line that ends the first traceback of a chain
    (the root cause, which the later ones wrap or follow from); the location
    is the innermost frame in the user's code above it (Python lists it last).
    """

    innermost_first = False
    _CHAIN = re.compile(
        r"^(?:During handling of the above exception|The above exception was the direct cause)"
        r"|^\s*\+?[\s|+-]*(?:Exception Group )?Traceback \(most recent call last\):"
    )
    _EXC = re.compile(r"^(?:\w[\w.]*)(?:: |$)")
    # An exception group prints its own exception inside the "|" margin.
    _GROUP_EXC = re.compile(r"^\s*\|[\s|]*(\w[\w.]*(?:Group|Error|Exception)\w*(?:: .*)?)$")

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.after_exception = False
        self.named = False  # the message is an exception line, not the header
        self.cause_end: int | None = None  # where the first exception's lines end in the block

    def accept(self, line: str) -> bool:
        if not line.strip():
            return True  # a chain may follow; trailing blanks stay out of the span
        if self._CHAIN.match(line):
            self.after_exception = False
            return True
        if self.after_exception:
            return False
        if line[:1].isspace() or line.startswith(("|", "+")):
            if not self.named and (m := self._GROUP_EXC.match(line)):
                self.err.message, self.named = m[1], True  # the group itself, first
            return True
        if self._EXC.match(line):  # the exception line ends this part of the chain
            if self.cause_end is None:
                self.err.message, self.named = line.strip(), True
                self.err.code = None
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
    """pytest's ``E`` lines and the ``path:line: ExcType`` line after them."""

    innermost_first = False
    _LOCATION = re.compile(r"^(?P<file>[^\s:]+\.py):(?P<line>\d+): (?P<exc>[\w.]+)?\s*$")

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.done = False

    def accept(self, line: str) -> bool:
        if self.done:
            return False
        if line.startswith("E ") or not line.strip():
            return True
        m = self._LOCATION.match(line)
        if m is None:
            return False
        self.done = True
        self.err.file, self.err.line = m["file"], int(m["line"])
        exc = m["exc"]
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
    their ``Output``."""

    _STOP = re.compile(r"^(?:exit status \d+|FAIL\b|ok\s|---|===|PASS\b)")
    _LOC = re.compile(r"^\s+(?P<file>[\w./\\-]+\.go):(?P<line>\d+): (?P<msg>.+)$")
    _PANIC = re.compile(r"^(?:panic: |fatal error: )")

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.blanks = 0
        self.json = err.text.startswith("{")
        self.test_failure = err.kind.startswith("go-test-fail")
        self.frames_wanted = not self.test_failure

    def feed(self, line: str, lineno: int) -> bool:
        if self.json:  # the event's text, if it is one of this test's output
            # Here, not at the top: the families import this module's readers.
            from .formats.go import json_output

            event = json_output(line)
            if event is None or (self.err.test is not None and event[0] != self.err.test):
                return False
            line = event[1]
        return super().feed(line, lineno)

    def accept(self, line: str) -> bool:
        if self.test_failure:
            if not (line[:1].isspace() and line.strip()):
                if self.count == 0 and self._PANIC.match(line):
                    self.valid = False
                return False
            m = self._LOC.match(line)
            if m and self.err.file is None:
                self.err.file, self.err.line = m["file"], int(m["line"])
                self.err.message = m["msg"].strip()
            return True
        if not line.strip():
            self.blanks += 1
            return self.blanks < 2
        self.blanks = 0
        return not self._STOP.match(line)


class Jest(Reader):
    """A jest ``●`` failure: indented message, diff, code frame and frames."""

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.got_message = False

    def accept(self, line: str) -> bool:
        stripped = line.strip()
        if not stripped:
            return True
        if stripped.startswith("●") or not line[:1].isspace():
            return False
        if not self.got_message:
            self.err.message = stripped
            self.got_message = True
        return True


class Mocha(Reader):
    """A mocha ``1) title:`` failure; only real with an error line under it.

    Mocha also prints ``1) title`` in its progress tree, where no error
    follows: those are not failures of their own (``valid`` stays False).
    """

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.valid = False
        self.indent = 0  # the title lines nest deeper and deeper
        self.titled = err.message.endswith(":")

    def accept(self, line: str) -> bool:
        stripped = line.strip()
        if not stripped:
            return self.count < 12
        if not line[:1].isspace():
            return False
        indent = _indent(line)
        if not self.valid and self.titled and indent < self.indent:
            self.err.message, self.valid = stripped, True  # the error, under the titles
        self.indent = max(self.indent, indent)
        self.titled = stripped.endswith(":")  # the last title line ends in a colon
        return True


class Tap(Reader):
    """A TAP ``not ok N - test``: its YAML block (node --test, tape, node-tap), or
    its diagnostics as ``#`` comment lines under it (bats, Perl's Test::More,
    busted's ``-o TAP``, themis).

    With YAML, the error is the block's ``name: error`` (its lines joined), at
    the first frame of the user's code in its ``stack`` (else its ``location``).
    A test that failed only because its subtests did (``subtestsFailed``)
    follows from them. With comments, the error is what they say, at the place
    they name: ``(in test file F, line N)`` and ``(from function `f' in file F,
    line N,`` (bats, innermost first), ``at F line N.`` (Test::More),
    ``F:N: `` opening the text (busted's failure message, and Lua's or a
    shell's error), ``F: line N: `` (bash), ``F @ N`` (busted's test); a Python
    traceback's innermost frame of the user's code (tap.py).
    """

    frames_wanted = False  # TAP's frames have no "at": read here
    _KEY = re.compile(r"^(?P<indent>\s*)(?P<key>\w+):\s*(?P<value>.*)$")
    _FRAME = re.compile(r"\(?(?P<file>[^\s()]+?):(?P<line>\d+):(?P<col>\d+)\)?$")
    _COMMENT = re.compile(r"^(?P<indent>\s*)#(?: (?P<body>.*))?$")
    # What ends a test's comments: the next test's, a summary, a harness's words.
    _END = re.compile(
        r"^(?:Looks like |Subtest: |(?:tests|pass|passes|fail|fails|skip|skipped|todo|pendings|"
        r"cancelled|suites|duration_ms)\s+\d|ok$|(?:not )?ok \d|Tests were run but no plan|"
        r"No tests run|\S+ @ \d+: )"  # busted --verbose names the next test so
    )
    _PLACES = (
        re.compile(r"\bin (?:test )?file (?P<file>.+?), line (?P<line>\d+)\b"),  # bats
        re.compile(r"(?:^|\s)at (?P<file>\S+) line (?P<line>\d+)\.?$"),  # Test::More
        re.compile(r"\((?P<file>\S+) at line (?P<line>\d+)\)"),  # Test::More, old
        re.compile(r"^(?:Failure message: )?(?P<file>[^\s:@]+):(?P<line>\d+): "),  # busted, Lua
        re.compile(r"^(?P<file>[^\s:]+): line (?P<line>\d+): "),  # bash
        re.compile(  # themis: the line in the file only when it says "Absolute Line"
            r"\bLine:\d+(?:\s+\[ Absolute Line: (?P<line>\d+) \])?\s+\((?P<file>[^()]+)\)$"
        ),
    )
    _LEAD = re.compile(r"^[^\s:@]+:\d+: ")
    _TEST_AT = re.compile(r"^(?P<file>[^\s:@]+) @ (?P<line>\d+)$")  # busted: where the test is
    _PLACE_ONLY = re.compile(
        r"^\(?(?:from function `[^']*' )?in (?:test )?file .+, line \d+[,)]?$"
        r"|^at \S+ line \d+\.?$|^function \S+\(.*\)  Line:\d+.*\)$|^\s*\d+: "
    )
    _HARNESS = re.compile(
        r"/(?:bats-core|bats-support|bats-assert|bats-file|libexec/bats)\b|/lib/bats/"
        r"|/share/lua/|/lib/lua/|/vim-themis/|/themis/"
    )
    _RULE = re.compile(r"[-+=| ]*")
    _PY_FRAME = re.compile(r'^File "(?P<file>[^"]+)", line (?P<line>\d+)')
    _PY_RAISED = re.compile(r"^(?:[a-z_]\w*\.)*[A-Z]\w*(?:Error|Exception|Failure|Exit)\b(?::.*)?$")

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.indent = _indent(err.text)
        self.keys: int | None = None  # the indent of the YAML keys, once seen
        self.key = ""
        self.fields: dict[str, list[str]] = {}
        self.over = False
        self.yaml = False  # a YAML block (or other lines deeper than the header) began
        self.comments: list[str] = []  # the diagnostics' texts, before any YAML

    def accept(self, line: str) -> bool:
        stripped, indent = line.strip(), _indent(line)
        if self.over:
            return False
        if stripped and indent <= self.indent:
            return not self.yaml and indent == self.indent and self._comment(line)
        if stripped:
            self.yaml = True
        if stripped == "...":
            self.over = True
        elif stripped != "---" and stripped:
            m = self._KEY.match(line)
            if m and (self.keys is None or indent <= self.keys):
                self.keys, self.key = indent, m["key"]
                value = m["value"].strip()
                inline = [] if value[:1] in ("|", ">") else [value.strip("'\"")]
                self.fields[self.key] = [v for v in inline if v]
            elif self.key:
                self.fields.setdefault(self.key, []).append(stripped)
        return True

    def _comment(self, line: str) -> bool:
        """A ``#`` line of the test's diagnostics: taken, unless it ends them."""
        m = self._COMMENT.match(line)
        if m is None:
            return False
        body = (m["body"] or "").rstrip()
        if self._END.match(body.lstrip()):
            return False
        self.comments.append(body.strip())
        return True

    def finish(self) -> None:
        err, fields = self.err, self.fields
        if self.comments and not fields:
            self._diagnostics()
            return
        if "subtestsFailed" in "".join(fields.get("failureType", ())):
            self.consequence = True
        if said := " ".join(fields.get("error", ())):
            name = "".join(fields.get("name", ()))
            err.message = f"{name}: {said}" if name and not said.startswith(name) else said
        frames = [m for line in fields.get("stack", ()) if (m := self._FRAME.search(line))]
        frames += [
            m
            for key in ("at", "location")
            for line in fields.get(key, ())
            if (m := self._FRAME.search(line))
        ]  # tape says "at:", node "location:"
        where = next((m for m in frames if is_user_path(m["file"])), None)
        if where is not None:
            err.file, err.line, err.column = where["file"], int(where["line"]), int(where["col"])

    def _diagnostics(self) -> None:
        """The error as the ``#`` lines under ``not ok`` tell it."""
        err = self.err
        places: list[tuple[str, int | None]] = []
        test_at: tuple[str, int | None] | None = None
        said: list[str] = []
        traceback = False  # its frames are places, not what went wrong
        for text in self.comments:
            traceback = traceback or text in ("stack traceback:", "Stack trace:")
            for rx in self._PLACES:
                for m in rx.finditer(text):
                    places.append((m["file"].strip(), int(m["line"]) if m["line"] else None))
            if test_at is None and (at := self._TEST_AT.match(text)):
                test_at = (at["file"], int(at["line"]))
            elif (
                text
                and not traceback
                and not self._PLACE_ONLY.match(text)
                and not self._RULE.fullmatch(text)
            ):
                text = text.removeprefix("Failure message: ")
                said.append(self._LEAD.sub("", text) if not said else text)
        where = next((p for p in places if self._user(p[0])), None) or test_at
        if self._python(said):
            return
        if where is not None:
            err.file, err.line = where
        if said:
            err.message = "; ".join(said[:6])

    def _python(self, said: list[str]) -> bool:
        """A Python traceback in the comments (tap.py, pytest-tap): the error is its
        exception line, at its innermost frame in the user's code."""
        frames = [m for text in said if (m := self._PY_FRAME.match(text))]
        if not frames:
            return False
        user = [m for m in frames if self._user(m["file"])] or frames
        self.err.file, self.err.line = user[-1]["file"], int(user[-1]["line"])
        raised = [t for t in said if self._PY_RAISED.match(t)]
        if raised:
            self.err.message = raised[-1]
        return True

    def _user(self, path: str) -> bool:
        return is_user_path(path) and self._HARNESS.search(path) is None


class NodeSpec(Reader):
    """A failed test in node --test's spec reporter: the error's lines, then
    its ``at`` frames and the error's fields, indented under ``✖ test (1ms)``.
    A suite that failed only because its tests did (``N subtests failed``)
    follows from them."""

    _SUBTESTS = re.compile(r"^'?\d+ subtests? failed'?$")

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.indent = _indent(err.text)
        self.said: list[str] = []
        self.framed = False

    def accept(self, line: str) -> bool:
        stripped = line.strip()
        if stripped and _indent(line) <= self.indent:
            return False
        if stripped.startswith("at ") or stripped in ("{", "}"):
            self.framed = True
        elif stripped and not self.framed:
            self.said.append(stripped)
        return True

    def finish(self) -> None:
        if self.said:
            self.err.message = " ".join(self.said)
            self.consequence = bool(self._SUBTESTS.match(self.err.message))
        super().finish()


class Swallow(Reader):
    """Every line after the header: a summary that only repeats what came before."""

    frames_wanted = False

    def accept(self, line: str) -> bool:
        return True
