"""Stack frames: where each line of a stack trace points, and whose code it is.

The readers in ``blocks`` collect frames to point an error at the innermost
frame in the user's own code, not the stdlib's, a package's or the runtime's.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from functools import lru_cache
from typing import NamedTuple

# Frames of the stack-trace formats, each giving file, line and maybe col.
# Multi-line mode with no ``\s`` that could cross a newline: one search runs
# over a whole block's lines joined, or over one line.
_FRAMES = re.compile(
    r'(?m)^(?:[^\S\n]|\|)*File "(?P<pf>[^"]+)", line (?P<pl>\d+)'  # Python; groups' "|" margin
    r"|^[^\S\n]*at (?:.*? \()?(?:file://)?(?P<nf>[^()\s]+?):(?P<nl>\d+):(?P<nc>\d+)\)?[^\S\n]*$"
    r"|^[^\S\n]*at [\w$.<>/\[\]-]+\((?P<jf>[\w$.-]+\.(?:java|kt|scala|groovy|clj)):(?P<jl>\d+)\)"
    r"|^[^\S\n]+(?P<gf>\S+\.go):(?P<gl>\d+)(?: \+0x[0-9a-f]+)?[^\S\n]*$"  # Go
    r"|^[^\S\n]*--> (?P<rf>[^\s:]+):(?P<rl>\d+):(?P<rc>\d+)"  # Rust
    r"|^[^\S\n]*(?:❯|→) (?P<vf>[^\s:]+):(?P<vl>\d+):(?P<vc>\d+)"  # vitest
)
_COLUMNS = frozenset("nrv")  # the families whose frames give a column

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
    r"(?m)^[^\S\n]*at (?:[\w.$]+/)?(?:java|javax|jdk|sun|com\.sun|kotlin|scala|org\.junit|junit|"
    r"org\.apache\.maven|org\.gradle|org\.testng|org\.springframework|worker\.org\.gradle)\."
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
    m = _FRAMES.match(line)
    return None if m is None else _frame(m)


def frames(lines: Sequence[str]) -> Iterator[Frame]:
    """The frames among ``lines``, in order: one regex search over them all,
    so the many lines of a trace that are no frame cost no Python time."""
    for m in _FRAMES.finditer("\n".join(lines)):
        yield _frame(m)


def _frame(m: re.Match[str]) -> Frame:
    key = (m.lastgroup or "p")[0]  # every family's last group is its line or column
    path, line = m[key + "f"], m[key + "l"]
    col = m[key + "c"] if key in _COLUMNS else None
    user = is_user_path(path) and not (key == "j" and _JVM_LIBRARY.match(m.string, m.start()))
    return Frame(path, int(line), int(col) if col else None, user)


def python_location(before: Sequence[str]) -> tuple[str, int] | None:
    """The last ``File "x", line N`` above a bare exception line (SyntaxError)."""
    for line in reversed(before):
        where = frame(line)
        if where is not None:
            return where[0], where[1]
    return None
