"""Stack frames: where each line of a stack trace points, and whose code it is.

The readers in ``blocks`` collect frames to point an error at the innermost
frame in the user's own code, not the stdlib's, a package's or the runtime's.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from functools import lru_cache
from typing import NamedTuple

# Frames of the stack-trace formats, each giving file, line and maybe col.
# One search runs over a whole block's lines joined, after a newline: the
# pattern starts with that newline, so the search skips from line to line
# instead of trying every character, and the indentation is read once,
# possessively, for all formats, not again after a ``^`` before each one.
_FRAMES = re.compile(
    r"(?m)\n[^\S\n]*+(?:"
    r'(?:\|[^\S\n]*+)*+File "(?P<pf>[^"]+)", line (?P<pl>\d+)'  # Python; groups' "|" margin
    # node, and a browser's through a bundler's source map (webpack:///./src/a.js); node's
    # last frame opens the error's fields (``{``) where it has some (code, [cause])
    r"|at (?:.* \()?(?:file://|webpack://[^/\s()]*/(?:\./)?)?"
    r"(?P<nf>[^()\s]+):(?P<nl>\d+):(?P<nc>\d+)\)?(?: \{)?[^\S\n]*$"
    r"|at [\w$.<>/\[\]-]+\((?P<jf>[\w$.-]+\.(?:java|kt|scala|groovy|clj)):(?P<jl>\d+)\)"
    r"|(?<=[^\S\n])(?P<gf>\S+\.go):(?P<gl>\d+)(?: \+0x[0-9a-f]+)?[^\S\n]*$"  # Go: indented
    r"|--> (?P<rf>[A-Za-z]:\\[^:\n]+|[^\s:]+):(?P<rl>\d+):(?P<rc>\d+)"  # Rust (Windows: a drive)
    r"|[❯→] (?:\S+ )?(?P<vf>[^\s:]+):(?P<vl>\d+):(?P<vc>\d+)"  # vitest: its function first
    # Julia: " [1] f(x) at file:3" (1.0-1.5), " in f(x) at file:3" (0.x), "   @ Mod file:3" (1.6)
    r"|(?:(?:\[\d+\] |in )\S.*? at |@ (?:[\w.]+ )?)(?P<uf>[^\s:]+\.jl):(?P<ul>\d+)"
    r"(?: \[inlined\])?[^\S\n]*$"
    # Sass: Dart Sass's "  src/a.scss 3:10  root stylesheet", libsass's "on line 3 of src/a.scss"
    r"|(?P<sf>[^\s:]+\.(?:s[ac]ss|css)) (?P<sl>\d+):(?P<sc>\d+)[^\S\n]{2}\S[^\n]*$"
    r"|on line (?P<bl>\d+)(?::\d+)? of (?P<bf>[^\s:]+\.(?:s[ac]ss|css))"
    r")"
)
_COLUMNS = frozenset("nrvs")  # the families whose frames give a column

# Paths that are not the user's own code: the stdlib, installed packages, runtimes.
_NOT_USER = re.compile(
    r"site-packages|dist-packages|/lib/python\d|\\lib\\|<frozen |<string>|<stdin>"
    r"|node_modules|node:internal|^internal/|^node:|/usr/(?:local/)?lib/node"
    r"|/rustc/|\.cargo/registry|/library/(?:std|core|alloc)/|/toolchains/"
    r"|/usr/(?:local/)?go/src/|/usr/lib/go|/go/src/(?:runtime|testing)/|^runtime/|^testing/"
    r"|/_pytest/|/pluggy/|/__cypress/runner/"  # Cypress's runner, served to its browser
    r"|<internal:|/lib/ruby/|/gems/|/vendor_ruby/|/\.rvm/|/usr/share/perl5?/|/perl5/|site_perl"
    r"|/share/julia/|/\.julia/packages/|^\./[\w/]+\.jl$|/buildworker/"  # Julia's Base
    # Node's own modules before Node 16 named them "node:net" ("at ... (net.js:1313:16)")
    r"|^(?:_\w+|assert|buffer|child_process|cluster|crypto|dgram|dns|domain|events|fs|https?"
    r"|module|net|os|path|readline|stream|timers|tls|tty|url|util|vm|zlib)\.js$"
)
# JVM frames name a bare file; the class says whose code it is.
_JVM_LIBRARY = re.compile(
    r"(?m)^[^\S\n]*at (?:[\w.$@-]*/)*(?:java|javax|jdk|sun|com\.sun|kotlin|kotlinx|scala|"
    r"org\.junit|junit|org\.apache\.maven|org\.gradle|org\.testng|org\.springframework|worker\.org\.gradle|"
    r"org\.hamcrest|org\.assertj|org\.mockito|org\.openqa|"
    r"clojure|org\.jetbrains|org\.opentest4j|org\.scalatest|munit|sbt|leiningen)\."
)


class Frame(NamedTuple):
    file: str
    line: int
    col: int | None
    user: bool  # the user's own code, not a library's or the runtime's


@lru_cache(maxsize=4096)
def is_user_path(path: str) -> bool:
    """True when a frame's file is the user's own code, not a library or runtime.

    Cached: a trace names the same few files over and over, and the search of
    ``_NOT_USER``'s alternatives costs more than the lookup."""
    return _NOT_USER.search(path) is None


def frame(line: str) -> Frame | None:
    """Where a stack frame line points to, or None when it is no frame."""
    return located((line,))


def located(lines: Sequence[str], *, innermost_first: bool = True) -> Frame | None:
    """The innermost frame in the user's own code among ``lines``, else the
    innermost of all (``user`` False); None when there is no frame.

    One regex search over the lines joined, so the lines of a trace that are
    no frame cost no Python time; a frame is built only for the one returned,
    since half the traces in CI logs are all library frames, read to the end.
    """
    text = "\n" + "\n".join(lines)
    return (_located if len(text) <= LOCATED_TEXT else _locate)(text, innermost_first)


LOCATED_TEXT = 8192  # characters of the longest trace remembered: 512 of them take 4 MB at most


def _locate(text: str, innermost_first: bool) -> Frame | None:
    """``located`` over the lines joined (each after a newline)."""
    matches: Iterable[re.Match[str]] = _FRAMES.finditer(text)
    if not innermost_first:  # Python: the innermost frame comes last
        matches = reversed(list(matches))
    innermost: tuple[re.Match[str], str] | None = None
    for m in matches:
        key = (m.lastgroup or "p")[0]  # every family's last group is its line or column
        if is_user_path(m[key + "f"]) and not (
            key == "j" and _JVM_LIBRARY.match(m.string, m.start() + 1)
        ):
            return _frame(m, key, user=True)
        innermost = innermost or (m, key)
    return None if innermost is None else _frame(*innermost, user=False)


# Remembered: a CI log prints the same trace again and again (seven in ten of
# a LogChunks log's traces are one it printed before).
_located = lru_cache(maxsize=512)(_locate)


def _frame(m: re.Match[str], key: str, *, user: bool) -> Frame:
    col = m[key + "c"] if key in _COLUMNS else None
    return Frame(m[key + "f"], int(m[key + "l"]), int(col) if col else None, user)


def column_at(lines: Sequence[str], file: str | None, line: int) -> int | None:
    """The column of the innermost frame among ``lines`` at ``file``'s ``line``, where
    one gives it: an error placed by the lines above it (Node's ``/app/x.js:2``)
    has its column only there."""
    for text in lines:
        where = frame(text)
        if where is not None and where.col is not None and where[:2] == (file, line):
            return where.col
    return None


def python_location(before: Sequence[str]) -> tuple[str, int] | None:
    """The last ``File "x", line N`` above a bare exception line (SyntaxError)."""
    for line in reversed(before):
        where = frame(line)
        if where is not None:
            return where[0], where[1]
    return None
