"""Stage 2b: the lines that belong to an error after its header.

A format row names a continuation kind; the engine feeds the following lines
to that kind's reader until it declines one. Readers also pull the useful
fields out of the block: the innermost frame in the user's own code, the
final exception of a chained traceback, a Rust ``-->`` location.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from ..report import Error
from .blocks_langs import (
    CodeFrame,
    GccFrame,
    GoPanic,
    Pytest,
    Rustc,
    RustPanic,
    Swallow,
    Traceback,
    TsFrame,
)
from .blocks_tests import Jest, Mocha, NodeSpec, Tap, Vitest
from .formats import READERS as FAMILY_READERS
from .formats.java import transport_failure
from .frames import Frame, column_at
from .reader import INDENTED_RUN, MAX_BLOCK, Reader, diagnosed, line_run

__all__ = ["MAX_BLOCK", "READERS", "Reader"]

_IMPORTED_FROM = re.compile(r" imported from (?:file://)?(?P<file>\S+)$")
# The fields node prints of an error after its last frame, indented: its cause, its code.
_NODE_CAUSE = re.compile(r"^\s+\[cause\]: (?P<msg>\S.*)$")
_NODE_CODE = re.compile(r"^\s+code: '(?P<code>[\w-]+)',?$")
_QUOTED_LINE = re.compile(r"\d+ │ ")  # a source line in Sass's box


# What Selenium's exceptions print, unindented, between their message and their
# frames (the user's test among them, still to come).
_SELENIUM = re.compile(
    r"(?:For documentation on this error|Build info|System info|Driver info|Session ID"
    r"|Capabilities|\*\*\* Element info|Command duration or timeout)\b"
)


class Stack(Reader):
    """Indented frames under an exception line (Node, JVM), with ``Caused by:``, and
    the ``Require stack:`` list Node prints above the frames of a missing module;
    the numbered source lines Sass quotes in its box (``3 │   color: $x;``)."""

    _RUN = line_run(rb"[ \t]+[^\s\x00-\x1f\x7f]|Caused by: |Suppressed: ")
    requires = False  # in the "- /path" lines after "Require stack:"
    cause = 0  # where a JVM chain's last "Caused by:" is in the block, once read

    def accept(self, line: str) -> bool:
        if not self.count and self.err.message.endswith(":") and line.strip():
            return self._continued(line)
        if line.startswith("Require stack:"):
            self.requires = True
            return True
        if self.requires and line.startswith("- "):
            return True
        self.requires = False
        return (
            bool(line[:1].isspace() and line.strip())
            or line.startswith(("Caused by: ", "Suppressed: ", "\t"))
            or _SELENIUM.match(line) is not None
            or _QUOTED_LINE.match(line) is not None
        )

    def _continued(self, line: str) -> bool:
        """The line under an exception that ends at its colon (``MissingRuleException:``,
        conda's ``ResolvePackageNotFound:``, a Python exception whose message starts
        with a newline): its message goes on there, unless a row reads that line
        as an error of its own."""
        if diagnosed(line):
            return False
        self.err.message = f"{self.err.message} {line.strip()}"
        return True

    def run(self) -> re.Pattern[bytes] | None:
        return None if not self.count and self.err.message.endswith(":") else self._RUN

    def take(self, raw: bytes, lineno: int) -> int:
        self.requires = False  # frames came: the require list is over
        return super().take(raw, lineno)

    def finish(self) -> None:
        """A JVM chain is reported at its root cause: the last ``Caused by:``, at
        the innermost frame of the user's code below it. An ES module that is
        not there, at the module that imports it (its frames are node's own)."""
        block = self.err.block
        cause = next(
            (i for i in range(len(block) - 1, 0, -1) if block[i].startswith("Caused by: ")), None
        )
        if cause is not None:
            self.err.message = block[cause].removeprefix("Caused by: ").strip()
            self.err.file = self.err.line = self.err.column = None
            self.cause = cause
        else:
            self._node_fields()
        placed = self.err.file is not None  # by the header or the lines above it, not a frame
        super().finish()
        if self.err.file is None and (m := _IMPORTED_FROM.search(self.err.message)):
            self.err.file = m["file"]  # an ES module that is not there: where it is imported
        elif placed and self.err.column is None and self.err.line is not None:
            # placed above (node's ``/app/x.js:2``): the innermost frame there has its column
            self.err.column = column_at(self.err.block[1:], self.err.file, self.err.line)

    def _node_fields(self) -> None:
        """Node's fields of the error (``{ code: 'ENOENT', ... }``): its code, and its
        cause's words (``[cause]: Error: connect ECONNREFUSED ...``), the cause's own
        code where it has one; its place stays the frame of the user's code above."""
        causes = [m for line in self.err.block[1:] if (m := _NODE_CAUSE.match(line))]
        codes = [m["code"] for line in self.err.block[1:] if (m := _NODE_CODE.match(line))]
        if causes:
            self.err.message = f"{self.err.message} (cause: {causes[-1]['msg'].rstrip(' {')})"
        if codes and self.err.code is None:
            self.err.code = codes[-1]

    def locate(self) -> Frame | None:
        """Where the error is: below its last ``Caused by:``, when there is one."""
        return self.frame_in(self.err.block[self.cause + 1 :])


class Indented(Reader):
    """Every indented line (go test's ``t.Errorf`` lines, gradle test output)."""

    frames_wanted = False

    _LOC = re.compile(r"^\s+(?P<file>[\w./\\-]+\.\w+):(?P<line>\d+): (?P<msg>.+)$")

    def accept(self, line: str) -> bool:
        if not (line[:1].isspace() and line.strip()):
            return False
        m = self._LOC.match(line)
        if m and self.err.file is None:
            self.err.file, self.err.line = m["file"], int(m["line"])
            self.err.message = m["msg"].strip()
        elif self.count == 0 and not m:  # gradle: the exception, indented under the test
            self.err.message = line.strip()
        return True


class Placed(Reader):
    """What a compiler that prints the place first says under it (OCaml and dune,
    gfortran, Crystal): the source it quotes, then the line that says what is wrong,
    ``Error: ...`` (a warning's ``Warning 26 [unused-var]: ...``), whose words
    may wrap onto indented lines; OCaml's ``Hint:`` lines after it belong too.
    A place with no such line under it was no diagnostic."""

    frames_wanted = False
    valid = False  # until the line that says what is wrong
    _SAYS = re.compile(
        r"^(?P<sev>Fatal Error|Error|Warning|Alert)"
        r"(?: \(warning (?P<number>\d+)(?: \[(?P<name>[\w-]+)\])?\)"  # a warning made an error
        r"| (?P<n>\d+)(?: \[(?P<n_name>[\w-]+)\])?| (?P<alert>[\w-]+))?: (?P<msg>.+)$"
    )
    # The quoted source: numbered lines (``4 | let x``, ``    4 |   x = y``), the
    # markers under them (``      |   1``, ``  ^^^^``, Crystal's ``^---``), an elision
    # (``......``); blank lines.
    _QUOTED = re.compile(r"^\s*(?:\d+ *)?\||^\s*\^+[-~]*\s*$|^\s*\.{3,}\s*$|^\s*$")

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.words: list[str] = []

    def accept(self, line: str) -> bool:
        if self.valid:
            if line.startswith("Hint: "):
                return True
            if line[:1].isspace() and line.strip() and self.count < MAX_BLOCK:
                self.words.append(line.strip())  # the message, wrapped
                return True
            return False
        if (m := self._SAYS.match(line)) is None:
            return self._QUOTED.match(line) is not None
        self.valid = True
        self.warning = m["sev"] in ("Warning", "Alert")
        self.err.code = m["name"] or m["number"] or m["n_name"] or m["n"] or m["alert"]
        self.words = [m["msg"].strip()]
        return True

    def finish(self) -> None:
        if self.valid:
            self.err.message = " ".join(self.words)

    def category(self) -> str | None:
        """A compiler's: what its words say, else ``build`` (its block is quoted
        source and a severity word, which would read as a runtime error's)."""
        return self.said_else("build")


class Npm(Reader):
    """A run of ``npm ERR!`` lines; the message is the most telling of them, with
    the lines that say what is out of step (``npm ci``'s ``Invalid: lock file's
    ms@2.1.2 does not satisfy ms@2.1.3``, ``Missing: ...``; ERESOLVE's ``Found:
    react@17.0.2`` and the requirement under ``Could not resolve dependency:``);
    ``code EUSAGE`` its code. The usage text npm prints after a misuse is all the
    error's, however long."""

    frames_wanted = False

    _BORING = re.compile(
        r"^(?:code|errno|syscall|path|dest|command|cwd|signal|This is probably|"
        r"A complete log|Failed at the|Exit status|Make sure you|Tell the author|"
        r"You can get|If you|npm ERR|\s*$|/|[\w@./-]+ (?:test|build|install|start)|"
        r"[\w@./-]+: [`'])",
        re.I,
    )
    _PREFIX = re.compile(r"^npm (?:ERR!|error) ?")
    _CODE = re.compile(r"^code (?P<code>E[A-Z0-9]+)$")
    _DECISIVE = re.compile(r"^(?:Invalid|Missing|Found): \S")
    _DECISIVE_MAX = 3
    _UNRESOLVED = "Could not resolve dependency:"  # ERESOLVE's: the requirement under it

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.decisive: list[str] = []
        self.unresolved = False
        self._read(self._PREFIX.sub("", err.text).strip())

    def feed(self, line: str, lineno: int) -> bool:
        if self.count >= MAX_BLOCK and self._PREFIX.match(line):
            self.end = lineno  # past the lines kept: npm's usage text, still its
            return True
        return super().feed(line, lineno)

    def accept(self, line: str) -> bool:
        if not self._PREFIX.match(line):
            return False
        body = self._PREFIX.sub("", line).strip()
        current = self._PREFIX.sub("", self.err.message).strip()
        if self._BORING.match(current) and body and not self._BORING.match(body):
            self.err.message = body
        self._read(body)
        return True

    def _read(self, body: str) -> None:
        if self.err.code is None and (m := self._CODE.match(body)) is not None:
            self.err.code = m["code"]
        elif len(self.decisive) >= self._DECISIVE_MAX:
            return
        elif body == self._UNRESOLVED:
            self.unresolved = True
        elif self.unresolved and body:
            self.decisive.append(f"{self._UNRESOLVED} {body}")
            self.unresolved = False
        elif self._DECISIVE.match(body):
            self.decisive.append(body)

    def finish(self) -> None:
        self.err.message = self._PREFIX.sub("", self.err.message).strip() or self.err.message
        if self.decisive:
            self.err.message = " ".join([self.err.message, *self.decisive])


class Nested(Reader):
    """Indented lines and blank lines under a header that ends in a colon.

    The message is the first indented line that says what went wrong (vim's
    "function ... line 53: Expected 1 but got 2"), else the first one.
    """

    frames_wanted = False

    _TELLING = re.compile(r"(?i)error|fail|expected|exception|timed out|not |line \d+:")

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.found = False

    def accept(self, line: str) -> bool:
        stripped = line.strip()
        if stripped and not line[:1].isspace():
            return False
        if stripped and not self.found and self._TELLING.search(stripped):
            self.err.message, self.found = stripped, True
        return True

    def run(self) -> re.Pattern[bytes] | None:
        return INDENTED_RUN if self.found else None  # the message is found: the rest just belongs

    def finish(self) -> None:
        pass


class Gradle(Reader):
    """Gradle's ``* What went wrong:`` section, up to ``* Try:``. Where a format
    check (Spotless) lists the files it would change, the first is the place."""

    _LISTED = re.compile(r"[\w.@~/\\-]+\.\w+")

    _SUMMARY = (
        "> There were failing tests",
        "> Compilation failed",
        "> Compilation error. See log",  # Kotlin's plugin, its "e: " lines above
        "> There were failing",
        "> Build failed with",
        "> Analysis failed with",  # detekt
        "> A failure occurred while executing org.jlleitschuh",  # ktlint
    )

    frames_wanted = False
    cause = False  # a transient repository failure was read: it is the message

    def accept(self, line: str) -> bool:
        if line.startswith("* ") or line.startswith(("BUILD FAILED", "FAILURE:")):
            return False
        stripped = line.strip()
        if self.cause:
            return True
        if (cause := transport_failure(stripped)) is not None:
            # the root cause of the chain, and a transient one (a server's 502)
            self.err.message, self.cause, self.consequence = cause, True, False
        elif stripped and self.err.message.startswith("* What went wrong"):
            self.err.message = stripped
        elif stripped.startswith("> "):
            # Each cause wraps the next, indented under it: the innermost says what
            # went wrong ("Cannot resolve external dependency ... because no
            # repositories are defined" under "Could not resolve all files ...").
            self.err.message = f"{self.err.message.split(' > ', 1)[0]} {stripped}"
            # The failing tests or compiler errors above are the cause; this repeats them
            # (said under the task's line, or under the worker's failure that wraps it).
            self.consequence = self.consequence or stripped.startswith(self._SUMMARY)
        elif (
            self.err.file is None
            and self.err.message.endswith("had format violations:")
            and self._LISTED.fullmatch(stripped)
        ):
            self.err.file = stripped
        return True

    def finish(self) -> None:
        pass


class JavaTest(Stack):
    """A surefire ``<<< FAILURE!`` line: the exception line and its frames follow.
    An exception line that ends with a colon goes on under it (Hamcrest's
    ``Expected: is <3>``, ``     but: was <2>``), up to two lines."""

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.got_exception = False
        self.more = 0  # lines of the message still to come under the exception line

    def accept(self, line: str) -> bool:
        said = line.strip()
        if not self.got_exception and said and not line[:1].isspace():
            self.got_exception = True
            self.err.message = said
            self.more = 2 if said.endswith(":") else 0
            return True
        if self.more and not said.startswith("at "):
            self.more -= bool(said)
            self.err.message = f"{self.err.message} {said}".rstrip()
            return True
        self.more = 0
        return super().accept(line)

    def run(self) -> re.Pattern[bytes] | None:
        # its first line is the message, and the lines the message goes on to
        return super().run() if self.got_exception and not self.more else None


_SHARED: dict[str, Callable[[Error, int], Reader]] = {
    "stack": Stack,
    "indented": Indented,
    "rustc": Rustc,
    "codeframe": CodeFrame,
    "gcc": GccFrame,
    "tsframe": TsFrame,
    "traceback": Traceback,
    "pytest": Pytest,
    "rustpanic": RustPanic,
    "gopanic": GoPanic,
    "jest": Jest,
    "vitest": Vitest,
    "npm": Npm,
    "gradle": Gradle,
    "nested": Nested,
    "mocha": Mocha,
    "tap": Tap,
    "nodespec": NodeSpec,
    "swallow": Swallow,
    "javatest": JavaTest,
    "placed": Placed,
}
if _clash := sorted(_SHARED.keys() & FAMILY_READERS.keys()):  # a family's own must not hide one
    raise ValueError(f"a tool family's READERS reuse the shared block readers' names: {_clash}")
READERS = {**_SHARED, **FAMILY_READERS}
"""Every block reader, by the name format rows give (``Format.block``)."""
