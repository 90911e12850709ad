r"""Zig: the compiler's errors, a test that failed, and what the build runner
says of a step that failed.

The compiler writes ``src/main.zig:5:9: error: use of undeclared identifier
'x'`` and the line under it. A failed test is the build runner's ``error:
'test.add' failed:``, then the test's words (0.16: ``expected 3, found 2`` on
the next line) or its error's return trace, innermost frame first::

    run test: error: 'test.sign and verify' failed: /usr/lib/zig/std/testing.zig:515:14: ...
        if (!ok) return error.TestUnexpectedResult;
                 ^
    /src/main.zig:97:5: 0x227c37 in test.sign and verify (test)
        try testing.expect(1 == 2);

The error is at the innermost frame in the project. The lines that follow
(the command that failed, ``Build Summary: ...``) follow from it.
"""

from __future__ import annotations

from ...report import Error
from ..reader import Reader
from . import Format, regex

ORDER = 29  # before rust.py's bare "error:" row (30) and c.py's gcc row (48)
COMMANDS = {"zig": "zig"}
# No subcommand builds alone; each says what it does (history keys): build, test, run.
BUILDS: dict[str, frozenset[str] | None] = {"zig": frozenset()}

_STEP = r"^(?:[\w .-]+: )?"  # the build step that says it: "run test: "
_AT = r":(?P<line>\d+):(?P<col>\d+): (?P<sev>error|note): "
_FRAME = regex(r"(?:^|failed: )(?P<file>[^\s:]+\.zig):(?P<line>\d+):(?P<col>\d+): 0x[0-9a-f]+ in ")
_STD = regex(r"/lib/(?:zig/)?std/|/lib/compiler_rt/")  # the standard library's frames
_ERROR_NAME = regex(r"\berror\.(?P<name>\w+)")


class TestFailure(Reader):
    """A failed test's words, indented under it (0.16), or its return trace
    (before, from the header's own line on): the message, and the place at
    the innermost frame in the project."""

    frames_wanted = False

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.words = _FRAME.search(err.text) is None  # a trace on the header: no words

    def accept(self, line: str) -> bool:
        if not line.strip() or not (line[:1].isspace() or _FRAME.search(line)):
            return False
        if self.words and line[:1].isspace():
            self.err.message = f"{self.err.message} {line.strip()}"
        else:
            self.words = False
        return True

    def finish(self) -> None:
        lines = self.err.block
        if self.err.message.endswith(":"):  # no words: the error the trace returned
            named = next((m for line in lines if (m := _ERROR_NAME.search(line))), None)
            self.err.message += f" {named['name']}" if named else ""
        for line in lines:
            if (m := _FRAME.search(line)) is not None and not _STD.search(m["file"]):
                self.err.file, self.err.line = m["file"], int(m["line"])
                self.err.column = int(m["col"])
                return


READERS = {"zig-test": TestFailure}

ROWS = (
    Format(
        "zig-compile",
        r"^(?P<file>(?:[A-Za-z]:)?[^\s:]+\.zig(?:\.zon)?)" + _AT + r"(?P<msg>.+)$",
        seek=_AT,
        tool="zig",
        block="codeframe",
        rank=2,
        examples=("src/main.zig:5:9: error: use of undeclared identifier 'totl'",),
    ),
    Format(
        "zig-test-failed",
        _STEP + r"error: (?P<msg>'(?P<test>[^']+)' failed:)(?: .*)?$",
        tool="zig",
        category="assertion",
        block="zig-test",
        rank=3,
        examples=(
            "run test: error: 'test.sign and verify' failed: /snap/zig/8241/lib/std/testing.zig"
            ":515:14: 0x227a9f in expect (test)",
            "error: 'test.main.test.main' failed:",
        ),
    ),
    Format(  # the build runner, once a step failed
        "zig-step-failed",
        _STEP + r"(?P<msg>error: (?:while executing test '.+', )?the following (?:test |build )?"
        r"command failed(?: with .+)?:|Build Summary: .*\bfailed\b.*|failed command: .+)\s*$",
        tool="zig",
        role="consequence",
        rank=0,
        examples=(
            "run test: error: while executing test 'test.sign and verify', the following test"
            " command failed:",
            "error: the following command failed with 1 compilation errors:",
            "Build Summary: 1/3 steps succeeded; 1 failed; 0/1 tests passed; 1 failed",
            "Build Summary: 7/9 steps succeeded (1 failed); 24/25 tests passed (1 failed)",
        ),
    ),
)
