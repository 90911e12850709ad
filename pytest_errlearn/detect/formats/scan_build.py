r"""scan-build, the Clang static analyzer's driver: it runs the build with its
compiler wrapper, which prints each bug the analyzer finds as a clang
warning, its checker last, over the path to it::

    src/cart.c:45:12: warning: Dereference of null pointer [core.NullDereference]
        return *p;
               ^~
    1 warning generated.
    scan-build: Analysis run complete.
    scan-build: 1 bug found.
    scan-build: Run 'scan-view /tmp/scan-build-2024-05-02-101010-1234-1' to examine bug reports.

c.py's rows read the bugs, as warnings of the compiler's. With
``--status-bugs`` (how CI runs it) the bugs fail the run: its count of them
says so, and they are then the errors, the count their consequence; where
none was read above it (the build's output cut), the count is the error.
"scan-build: No bugs found." and "0 bugs found." fail nothing.
"""

from __future__ import annotations

from . import Format

COMMANDS = {**dict.fromkeys(("scan-build", "scan-build-py", "intercept-build"), "scan-build")}
BUILDS: dict[str, frozenset[str] | None] = dict.fromkeys(COMMANDS, None)

ROWS = (
    Format(  # the analyzer's bugs, read above as the compiler's warnings, failed the run
        "scan-build-bugs",
        r"^scan-build: (?P<msg>[1-9]\d* bugs? found\.)\s*$",
        tool="gcc",  # whose warnings (c.py's rows) the bugs are
        role="strict",
        category="build",
        rank=1,
        words=("bugs found", "bug found"),
        examples=("scan-build: 4 bugs found.", "scan-build: 1 bug found."),
    ),
)
