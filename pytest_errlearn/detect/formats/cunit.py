"""C's unit-test frameworks: Check, cmocka, Unity and CUnit. (ctest and the C++
frameworks, GoogleTest and Catch2: cpptest.py.)

Each prints a failed assertion with its place, in a layout of its own::

    check_cart.c:22:F:Core:test_total:0: Assertion 'total(items) == 4' failed
    [  ERROR   ] --- 0x3 != 0x4                      (cmocka; its place on
    [   LINE   ] --- test_cart.c:14: error: Failure!  the line under it)
    test_cart.c:14:test_total:FAIL: Expected 4 Was 3   (Unity)
        1. test_cart.c:14  - total(items) == 4         (CUnit, under its test)

Their counts at the end only repeat the failures.
"""

from __future__ import annotations

from ..reader import Reader
from . import Format, named_above, regex

ORDER = 30  # before c.py's gcc row, which would take cmocka's "[   LINE   ] --- a.c:14: error:"

_CHECK_FAILED = r":(?P<sev>F):"  # Check: F a failed assertion, E an error (a signal, an exit)
_CHECK_ERROR = r":(?P<sev>E):"
_CHECK = (
    r"^(?P<file>(?:[A-Za-z]:)?[^\s:]+):(?P<line>\d+){}(?P<suite>[^:]*):(?P<test>[^:]+):\d+: "
    r"(?P<msg>.*)$"
)
_UNITY_FAIL = r":FAIL(?:: (?P<msg>.*))?$"
_CMOCKA_TEST = named_above(r"^\[ RUN      \] (?P<test>\S+)$")  # as GoogleTest says it
# CUnit names the test above its failures: "Suite Cart, Test test_total had failures:"
# (its basic mode), "  Test: test_total ...FAILED" (verbose).
_CUNIT_TEST = named_above(
    r"^(?:Suite .+?, Test |\s*Test: )(?P<test>.+?)(?: had failures:| \.\.\.FAILED)$"
)


class CmockaFailure(Reader):
    """cmocka's ``[   LINE   ] --- file:14: error: Failure!`` under its error: its place."""

    frames_wanted = False
    _LINE = regex(r"^\[   LINE   \] --- (?P<file>(?:[A-Za-z]:)?[^\s:]+):(?P<line>\d+): ")

    def accept(self, line: str) -> bool:
        if self.count > 0 or (m := self._LINE.match(line)) is None:
            return False
        self.err.file, self.err.line = m["file"], int(m["line"])
        return True


READERS = {"cmocka": CmockaFailure}

ROWS = (
    Format(
        "check-failure",
        _CHECK.format(_CHECK_FAILED),
        seek=_CHECK_FAILED,
        tool="check",
        category="assertion",
        rank=3,
        examples=(
            "check_cart.c:22:F:Core:test_total:0: Assertion 'total(items) == 4' failed",
            "tests/check_cart.c:9:F:Cart:test_add:0: add is wrong",
        ),
    ),
    Format(
        "check-error",
        _CHECK.format(_CHECK_ERROR),
        seek=_CHECK_ERROR,
        tool="check",
        category="runtime",
        rank=3,
        examples=(
            "check_cart.c:18:E:Core:test_crash:0: (after this point) Received signal 11"
            " (Segmentation fault)",
        ),
    ),
    Format(  # Check's counts, printed before the failures it counts
        "check-summary",
        r"^\d+%: Checks: \d+, Failures: \d+, Errors: \d+$",
        tool="check",
        role="ignore",
        rank=0,
        examples=("66%: Checks: 3, Failures: 1, Errors: 0",),
    ),
    Format(
        "cmocka-error",
        r"^\[  ERROR   \] --- (?P<msg>.+)$",
        tool="cmocka",
        category="assertion",
        block="cmocka",
        fixup=_CMOCKA_TEST,
        rank=3,
        words=("[  error   ]",),
        examples=("[  ERROR   ] --- 0x3 != 0x4",),
    ),
    Format(
        "unity-failure",
        r"^(?P<file>(?:[A-Za-z]:)?[^\s:]+):(?P<line>\d+):(?P<test>\w+)" + _UNITY_FAIL,
        seek=_UNITY_FAIL,
        tool="unity",
        category="assertion",
        rank=3,
        examples=(
            "test_cart.c:14:test_total:FAIL: Expected 4 Was 3",
            "test/test_cart.c:20:test_add:FAIL",
        ),
    ),
    Format(
        "unity-summary",
        r"^\d+ Tests [1-9]\d* Failures \d+ Ignored\s*$",
        tool="unity",
        role="consequence",
        rank=0,
        words=("failures",),
        examples=("3 Tests 1 Failures 0 Ignored ",),
    ),
    Format(
        "cunit-failure",
        r"^\s+\d+\. (?P<file>(?:[A-Za-z]:)?[^\s:]+\.(?:c|cc|cpp|h)):(?P<line>\d+)\s+- (?P<msg>.+)$",
        tool="cunit",
        category="assertion",
        fixup=_CUNIT_TEST,
        rank=3,
        words=(".c:", ".cpp:", ".cc:", ".h:"),
        examples=("    1. test_cart.c:14  - total(items) == 4",),
    ),
)
