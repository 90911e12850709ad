"""Meson: ``meson setup``'s errors and ``meson test``'s results.

A setup error names its place in ``meson.build`` (``meson.build:5:0: ERROR:
Dependency "libxml-2.0" not found``). ``meson test`` prints a line a test, its
result in capitals, and lists those that did not pass again under ``Summary
of Failures``; its counts follow (``Fail: 1``, ``Expected Fail: 0``, ...)::

     1/2 cart-test        FAIL            0.01s   exit status 1
     2/2 parse-test       OK              0.01s

The test's own output is in the log it names, or above its line where it was
run with ``--print-errorlogs``: the line follows from an error read there,
else it is the test's error.
"""

from __future__ import annotations

from collections.abc import Sequence

from . import Format

ORDER = 40  # before the generic "file:line:col: ERROR:" row
COMMANDS = {"meson": "meson"}
BUILDS: dict[str, frozenset[str] | None] = {
    "meson": frozenset({"setup", "compile", "test", "install", "configure"})
}


def _result(groups: dict[str, str | None], before: Sequence[str]) -> None:
    """The result and why (``FAIL (exit status 1)``) are the message."""
    if groups.get("why"):
        groups["msg"] = f"{groups['msg']} ({groups['why']})"


ROWS = (
    Format(
        "meson-error",
        r"^(?P<file>(?:[A-Za-z]:)?[^\s:]*meson(?:\.build|_options\.txt|\.options)):(?P<line>\d+):"
        r"(?P<col>\d+): ERROR: (?P<msg>.+)$",
        tool="meson",
        rank=2,
        examples=(
            'meson.build:5:0: ERROR: Dependency "libxml-2.0" not found, tried pkgconfig and cmake',
            'src/meson.build:12:2: ERROR: Unknown variable "cart_lib".',
        ),
    ),
    Format(  # a test that did not pass; again under "Summary of Failures", a twin
        "meson-test",
        r"^\s*\d+/\d+ (?:(?P<suite>\S+):)?(?P<test>\S+(?: \S+)*?)\s+"
        r"(?P<msg>FAIL|ERROR|TIMEOUT|UNEXPECTEDPASS)\s+[\d.]+s(?:\s+(?P<why>.+?))?\s*$",
        tool="meson",
        role="consequence",  # of the test's own error printed above it; else the error itself
        category="assertion",
        fixup=_result,
        rank=3,
        examples=(
            " 1/2 cart-test        FAIL            0.01s   exit status 1",
            "2/5 cart:unit / parse TIMEOUT        30.02s   killed by signal 15 SIGTERM",
        ),
    ),
    Format(  # the counts: a failure said above, or none
        "meson-counts",
        r"^(?:(?:Fail|Timeout|Unexpected Pass): +[1-9]\d*|(?:Ok|Expected Fail|Fail|Skipped|"
        r"Timeout|Unexpected Pass): +0)\s*$",
        tool="meson",
        role="ignore",
        rank=0,
        words=("expected fail", "unexpected pass", "fail:", "timeout:"),
        examples=("Fail:               1", "Expected Fail:      0", "Unexpected Pass:    0"),
    ),
)
