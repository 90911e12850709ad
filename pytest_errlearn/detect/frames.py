"""Stack frames: where each line of a stack trace points, and whose code it is.

The readers in ``blocks`` collect frames to point an error at the innermost
frame in the user's own code, not the stdlib's, a package's or the runtime's.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import NamedTuple

# Frames of the stack-trace formats, each giving file, line and maybe col.
_FRAMES = re.compile(
    r'^[\s|]*File "(?P<pf>[^"]+)", line (?P<pl>\d+)'  # Python, exception groups' "|" margin
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


def python_location(before: Sequence[str]) -> tuple[str, int] | None:
    """The last ``File "x", line N`` above a bare exception line (SyntaxError)."""
    for line in reversed(before):
        where = frame(line)
        if where is not None:
            return where[0], where[1]
    return None
