"""Block readers of test runners' reports: jest's, vitest's and mocha's failures, TAP's
``not ok`` with its diagnostics (node --test, tape, bats, Test::More), and
node's spec reporter."""

from __future__ import annotations

import re

from ..report import Error
from .frames import is_user_path
from .reader import Reader, _set_location


def _indent(text: str) -> int:
    """How far a line is indented."""
    return len(text) - len(text.lstrip())


class Jest(Reader):
    """A jest ``●`` failure: indented message, diff, code frame and frames.

    An ``expect`` matcher's line says only which matcher failed: what was
    expected and received (``Expected: 205``, ``Received: 250``), or the lines
    its diff changed (``-   "discount": 0.15,``), are said under it. A file
    that failed whole (``● Test suite failed to run``) is no test's failure;
    where babel could not parse it, the message gives its place
    (``SyntaxError: /app/a.test.js: Unexpected token (4:34)``), not the frames
    (babel's own)."""

    _MATCHER = re.compile(r"^expect\(")
    _DETAIL = re.compile(r"^(?:(?:Expected|Received)(?: [\w ]+)?: \S|[-+] {2,}\S)")
    _DETAIL_MAX = 4
    _PARSED = re.compile(
        r"^(?P<kind>\w*Error): (?P<file>\S+?\.\w+): (?P<msg>.+?) \((?P<line>\d+):(?P<col>\d+)\)$"
    )
    _SUITE = "Test suite failed to run"

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.got_message = False
        self.detail: list[str] | None = None  # under a matcher's line, up to its code frame

    def accept(self, line: str) -> bool:
        stripped = line.strip()
        if not stripped:
            return True
        if stripped.startswith("●") or not line[:1].isspace():
            return False
        if not self.got_message:
            self.err.message = stripped
            self.got_message = True
            self.detail = [] if self._MATCHER.match(stripped) else None
        elif self.detail is not None:
            if stripped.startswith((">", "at ")) or stripped[:1].isdigit():  # its code frame
                self.err.message = " ".join([self.err.message, *self.detail[: self._DETAIL_MAX]])
                self.detail = None
            elif self._DETAIL.match(stripped):
                self.detail.append(" ".join(stripped.split()))
        return True

    def finish(self) -> None:
        err = self.err
        if self.detail:  # no code frame came
            err.message = " ".join([err.message, *self.detail[: self._DETAIL_MAX]])
        if err.test == self._SUITE:
            err.test = None
            if (m := self._PARSED.match(err.message)) is not None:
                err.file, err.line, err.column = m["file"], int(m["line"]), int(m["col"])
        super().finish()

    def category(self) -> str | None:
        """An ``expect`` that failed is an assertion; an error thrown in the test is
        no assertion, whatever its words ("expected a string")."""
        if "expect(" in self.err.message:  # a matcher's line, or Playwright's wait for one
            return "assertion"
        said = self.said_else("runtime")
        return "runtime" if said == "assertion" and "Assert" not in self.err.message else said


class Vitest(Reader):
    """A vitest ``FAIL  file > suite > test`` (or ``FAIL  file [ file ]``, a file that
    failed whole): the error's line, unindented, then its diff, its frames
    (``❯ [function] file:line:col``, innermost first) and the quoted source, up
    to the line of ``⎯`` that ends each failure (or the next failure, or the
    run's summary)."""

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.got_message = False

    def accept(self, line: str) -> bool:
        stripped = line.strip()
        if stripped.startswith(("⎯", "FAIL ", "Test Files ")):
            return False
        if stripped and not self.got_message:
            self.err.message, self.got_message = stripped, True
        return True

    def finish(self) -> None:
        if self.err.line is None and (where := self.locate()) is not None and where.user:
            _set_location(self.err, where)  # a file that failed whole: its frame's line
            return
        super().finish()


class Mocha(Reader):
    """A mocha ``1) title:`` failure; only real with an error line under it.

    The spec reporter says a failure's title over lines of their own, deeper
    than ``1) suite``, one a suite's, the last the test's and ending in a
    colon; the error's line under them, then what the error says on lines of
    its own (``2 !== 1``, not indented), mocha's diff (``+ expected - actual``)
    and the frames. Mocha also prints ``1) title`` in its progress tree, where
    a sibling or its summary follows: those are not failures of their own
    (``valid`` stays False).
    """

    _NEXT = re.compile(r"^\s*\d+\) \S")
    _SAID_MAX = 6  # lines of what the error says, after its line ending in a colon
    _IN = re.compile(r" \((?P<file>/[^()\s]+\.[cm]?[jt]sx?)\)$")  # a timeout's test file

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.valid = False
        self.head = _indent(err.text)
        self.titled = err.message.rstrip().endswith(":")
        self.title = [err.test or ""]
        self.said: list[str] = []  # what the error says under its line ending in a colon
        self.saying = False  # ... while those lines are read
        self.framed = False  # its frames began: lines not indented are no more its

    def accept(self, line: str) -> bool:
        stripped = line.strip()
        if not stripped:
            return self.valid or self.count < 12
        indent = _indent(line)
        if not self.valid:
            if indent <= self.head:
                return False  # the progress tree's next line, or its summary
            if not self.titled:
                self.title.append(stripped.removesuffix(":"))
                self.titled = stripped.endswith(":")
            else:
                self.err.message, self.valid = stripped, True  # the error, under the titles
                self.saying = stripped.endswith(":")
            return True
        if self._NEXT.match(line) or (indent == 0 and self.framed):
            return False
        if stripped.startswith("at "):
            self.framed = True
        elif stripped.startswith("+ expected - actual"):
            self.saying = False  # mocha's own diff: the error's words are over
        elif self.saying and not self.framed and len(self.said) < self._SAID_MAX:
            self.said.append(stripped)
        return True

    def finish(self) -> None:
        if not self.valid:
            return
        self.err.test = " ".join(t for t in self.title if t)
        if self.said:
            self.err.message = " ".join([self.err.message, *self.said])
        super().finish()
        if self.err.file is None and (m := self._IN.search(self.err.message)):
            self.err.file = m["file"]


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
        if not self.comments and not self.yaml:
            # A bare verdict: what it failed of was printed before it, if at all
            # (prove -v shows a test's diagnostics, from its stderr, above the
            # verdicts): it follows from the error above it, or is its test's.
            self.consequence = True
            return
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
            err.file = where["file"].removeprefix("file://")  # an ES module's URL: its path
            err.line, err.column = int(where["line"]), int(where["col"])

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
    A suite that failed only because its tests did (``N subtests failed``, or
    nothing under its line, node 20's) follows from them."""

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
        elif not self.framed:
            self.consequence = True  # a suite's line: its tests' failures are above it
        super().finish()
