"""Stage 2b: the lines that belong to an error after its header.

A format row names a continuation kind; the engine feeds the following lines
to that kind's reader until it declines one. Readers also pull the useful
fields out of the block: the innermost frame in the user's own code, the
final exception of a chained traceback, a Rust ``-->`` location.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import NamedTuple

from ..report import Error

MAX_BLOCK = 60  # lines after the header, at most: a sanity bound, as in the seed

# Frames of the stack-trace formats, each giving file, line and maybe col.
_FRAMES = re.compile(
    r'^\s*File "(?P<pf>[^"]+)", line (?P<pl>\d+)'  # Python
    r"|^\s*at (?:.*? \()?(?:file://)?(?P<nf>[^()\s]+?):(?P<nl>\d+):(?P<nc>\d+)\)?\s*$"  # Node
    r"|^\s*at [\w$.<>/\[\]-]+\((?P<jf>[\w$.-]+\.(?:java|kt|scala|groovy|clj)):(?P<jl>\d+)\)"  # JVM
    r"|^\s+(?P<gf>\S+\.go):(?P<gl>\d+)(?: \+0x[0-9a-f]+)?\s*$"  # Go
    r"|^\s*--> (?P<rf>[^\s:]+):(?P<rl>\d+):(?P<rc>\d+)"  # Rust
    r"|^\s*(?:❯|→) (?P<vf>[^\s:]+):(?P<vl>\d+):(?P<vc>\d+)"  # vitest
)

# Paths that are not the user's own code: the stdlib, installed packages, runtimes.
_NOT_USER = re.compile(
    r"site-packages|dist-packages|/lib/python\d|\\lib\\|<frozen |<string>|<stdin>"
    r"|node_modules|node:internal|^internal/|^node:|/usr/(?:local/)?lib/node"
    r"|/rustc/|\.cargo/registry|/library/(?:std|core|alloc)/|/toolchains/"
    r"|/usr/(?:local/)?go/src/|/usr/lib/go|/go/src/(?:runtime|testing)/|^runtime/|^testing/"
    r"|/_pytest/|/pluggy/"
)
# JVM frames name a bare file; the class says whose code it is.
_JVM_LIBRARY = re.compile(
    r"^\s*at (?:[\w.$]+/)?(?:java|javax|jdk|sun|com\.sun|kotlin|scala|org\.junit|junit|"
    r"org\.apache\.maven|org\.gradle|org\.testng|org\.springframework|worker\.org\.gradle)\."
)


class Frame(NamedTuple):
    file: str
    line: int
    col: int | None
    user: bool  # the user's own code, not a library's or the runtime's


def is_user_path(path: str) -> bool:
    """True when a frame's file is the user's own code, not a library or runtime."""
    return _NOT_USER.search(path) is None


def frame(line: str) -> Frame | None:
    """Where a stack frame line points to, or None when it is no frame."""
    m = _FRAMES.match(line)
    if m is None:
        return None
    g = {k: v for k, v in m.groupdict().items() if v is not None}
    key = next(iter(g))[0]
    col = g.get(key + "c")
    path = g[key + "f"]
    user = is_user_path(path) and not (key == "j" and _JVM_LIBRARY.match(line))
    return Frame(path, int(g[key + "l"]), int(col) if col else None, user)


def _set_location(err: Error, where: Frame) -> None:
    err.file, err.line, err.column = where.file, where.line, where.col


class Reader:
    """Reads the lines after a header; ``feed`` says if a line belongs.

    ``end`` is the last line that carried content: trailing blank lines a
    reader accepted while waiting to see what comes next are not in the span.
    """

    innermost_first = True  # Node, JVM and Go list the innermost frame first
    valid = True  # a reader may find that its header was no error after all

    def __init__(self, err: Error, start: int) -> None:
        self.err = err
        self.end = start
        self.count = 0
        self.frames: list[Frame] = []

    def feed(self, line: str, lineno: int) -> bool:
        if self.count >= MAX_BLOCK:
            return False
        if not self.accept(line):
            return False
        self.count += 1
        if line.strip():
            self.end = lineno
            self.err.block.append(line)
            where = frame(line)
            if where is not None:
                self.frames.append(where)
        return True

    def accept(self, line: str) -> bool:
        raise NotImplementedError

    def finish(self) -> None:
        """Point the error at the innermost frame in the user's own code."""
        frames = self.frames if self.innermost_first else self.frames[::-1]
        user = [f for f in frames if f.user]
        if user and (self.err.file is None or not is_user_path(self.err.file)):
            _set_location(self.err, user[0])
        elif frames and self.err.file is None:
            _set_location(self.err, frames[0])


class Stack(Reader):
    """Indented frames under an exception line (Node, JVM), with ``Caused by:``."""

    def accept(self, line: str) -> bool:
        return bool(line[:1].isspace() and line.strip()) or line.startswith(
            ("Caused by: ", "Suppressed: ", "\t")
        )


class Indented(Reader):
    """Every indented line (go test's ``t.Errorf`` lines, gradle test output)."""

    _LOC = re.compile(r"^\s+(?P<file>[\w./\\-]+\.\w+):(?P<line>\d+): (?P<msg>.+)$")

    def accept(self, line: str) -> bool:
        if not (line[:1].isspace() and line.strip()):
            return False
        m = self._LOC.match(line)
        if m and self.err.file is None:
            self.err.file, self.err.line = m["file"], int(m["line"])
            self.err.message = m["msg"].strip()
        return True


class Rustc(Reader):
    """rustc's ``-->`` location, code frame, ``= note`` and ``help:`` lines.

    A bare ``error: ...`` line is printed by many tools; it is Rust's (and
    ranks as a tool's own error line) once a ``-->`` location follows.
    """

    _BODY = re.compile(
        r"^\s*(?:-->|\||\d+\s*\||=|\.\.\.|::: )|^(?:help|note)\b|^  |^Caused by:$"
    )

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


_CODE_LINE = re.compile(r"^\s*\d*\s*\|")


class CodeFrame(Reader):
    """Quoted source, carets and indented notes under a compiler error."""

    allow_blank = False  # tsc's pretty output separates its frame with a blank line
    _TS_LINE = re.compile(r"^\d+ \S|^\s+[~^]")

    def accept(self, line: str) -> bool:
        if not line.strip():
            return self.allow_blank and self.count < 2
        if self.allow_blank and self._TS_LINE.match(line):
            return True
        return line[:1].isspace() or bool(_CODE_LINE.match(line))

    def finish(self) -> None:
        pass  # the header carries the location


class TsFrame(CodeFrame):
    allow_blank = True


class Traceback(Reader):
    """A Python traceback, chained exceptions and exception groups included.

    The message is the final exception line; the location is the innermost
    frame in the user's code (Python lists it last).
    """

    innermost_first = False
    _CHAIN = re.compile(
        r"^(?:During handling of the above exception|The above exception was the direct cause)"
        r"|^\s*\+?[\s|+-]*(?:Exception Group )?Traceback \(most recent call last\):"
    )
    _EXC = re.compile(r"^(?:\w[\w.]*)(?:: |$)")

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.after_exception = False

    def accept(self, line: str) -> bool:
        if not line.strip():
            return True  # a chain may follow; trailing blanks stay out of the span
        if self._CHAIN.match(line):
            self.after_exception = False
            return True
        if self.after_exception:
            return False
        if line[:1].isspace() or line.startswith(("|", "+")):
            return True
        if self._EXC.match(line):  # the exception line ends this part of the chain
            self.err.message = line.strip()
            self.err.code = None
            self.after_exception = True
            return True
        return False

    def finish(self) -> None:
        super().finish()
        self.err.text = self.err.message or self.err.text


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
        pass


_EXC_PREFIX = re.compile(r"^[\w.]*(?:Error|Exception|Exit|Interrupt|Failure|Warning)\b")


class RustPanic(Reader):
    """A Rust panic: the message on the lines after ``panicked at file:l:c:``."""

    def accept(self, line: str) -> bool:
        if not line.strip() or line.startswith(("note: ", "stack backtrace:", "thread '")):
            return False
        if self.count == 0 and self.err.message.endswith(":"):
            self.err.message = line.strip()
        return True

    def finish(self) -> None:
        pass


class GoPanic(Reader):
    """``panic:`` with its goroutine dump, up to ``exit status`` or ``FAIL``."""

    _STOP = re.compile(r"^(?:exit status \d+|FAIL\b|ok\s|---|===|PASS\b)")

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.blanks = 0

    def accept(self, line: str) -> bool:
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


class Npm(Reader):
    """A run of ``npm ERR!`` lines; the message is the most telling of them."""

    _BORING = re.compile(
        r"^(?:code|errno|syscall|path|dest|command|cwd|signal|This is probably|"
        r"A complete log|Failed at the|Exit status|Make sure you|Tell the author|"
        r"You can get|If you|npm ERR|\s*$|/|[\w@./-]+ (?:test|build|install|start)|"
        r"[\w@./-]+: [`'])",
        re.I,
    )
    _PREFIX = re.compile(r"^npm (?:ERR!|error) ?")

    def accept(self, line: str) -> bool:
        if not self._PREFIX.match(line):
            return False
        body = self._PREFIX.sub("", line).strip()
        current = self._PREFIX.sub("", self.err.message).strip()
        if self._BORING.match(current) and body and not self._BORING.match(body):
            self.err.message = body
        return True

    def finish(self) -> None:
        self.err.message = self._PREFIX.sub("", self.err.message).strip() or self.err.message


class CMake(Reader):
    """``CMake Error``: an indented message, blank lines, a ``Call Stack``."""

    def accept(self, line: str) -> bool:
        if not line.strip() or line[:1].isspace():
            if line.strip() and self.err.message.rstrip().endswith(":"):
                self.err.message = line.strip()
            return True
        return line.startswith("Call Stack (most recent call first):")

    def finish(self) -> None:
        pass


class Nested(Reader):
    """Indented lines and blank lines under a header that ends in a colon.

    The message is the first indented line that says what went wrong (vim's
    "function ... line 53: Expected 1 but got 2"), else the first one.
    """

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

    def finish(self) -> None:
        pass


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
        indent = len(line) - len(line.lstrip())
        if not self.valid and self.titled and indent < self.indent:
            self.err.message, self.valid = stripped, True  # the error, under the titles
        self.indent = max(self.indent, indent)
        self.titled = stripped.endswith(":")  # the last title line ends in a colon
        return True


class Maven(Reader):
    """javac's detail lines under a maven ``[ERROR] file:[l,c]`` line (symbol, location)."""

    _DETAIL = re.compile(r"^\[(?:ERROR|WARNING|WARN)\] {2,}\S")

    def accept(self, line: str) -> bool:
        return self._DETAIL.match(line) is not None

    def finish(self) -> None:
        pass


class Gradle(Reader):
    """Gradle's ``* What went wrong:`` section, up to ``* Try:``."""

    def accept(self, line: str) -> bool:
        if line.startswith("* ") or line.startswith(("BUILD FAILED", "FAILURE:")):
            return False
        stripped = line.strip()
        if stripped and self.err.message.startswith("* What went wrong"):
            self.err.message = stripped
        elif stripped.startswith("> ") and " > " not in self.err.message:
            self.err.message = f"{self.err.message} {stripped}"
        return True

    def finish(self) -> None:
        pass


class JavaTest(Stack):
    """A surefire ``<<< FAILURE!`` line: the exception line and its frames follow."""

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.got_exception = False

    def accept(self, line: str) -> bool:
        if not self.got_exception and line.strip() and not line[:1].isspace():
            self.got_exception = True
            self.err.message = line.strip()
            return True
        return super().accept(line)


READERS: dict[str, Callable[[Error, int], Reader]] = {
    "stack": Stack,
    "indented": Indented,
    "rustc": Rustc,
    "codeframe": CodeFrame,
    "tsframe": TsFrame,
    "traceback": Traceback,
    "pytest": Pytest,
    "rustpanic": RustPanic,
    "gopanic": GoPanic,
    "jest": Jest,
    "npm": Npm,
    "cmake": CMake,
    "gradle": Gradle,
    "maven": Maven,
    "nested": Nested,
    "mocha": Mocha,
    "javatest": JavaTest,
}


def python_location(before: Sequence[str]) -> tuple[str, int] | None:
    """The last ``File "x", line N`` above a bare exception line (SyntaxError)."""
    for line in reversed(before):
        where = frame(line)
        if where is not None:
            return where[0], where[1]
    return None
