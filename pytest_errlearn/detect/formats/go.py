"""Go: go build / vet, go test failures (as text or ``-json`` events), panics, golangci-lint,
and the go command's own errors (``go: ...``: modules, go.sum, go.mod)."""

from __future__ import annotations

import contextlib
import json
import re
from collections.abc import Sequence

from ...report import Error
from ..reader import Reader
from . import Format, named_above, regex, said_in

ORDER = 40  # where its rows stand in the table (``formats.families``)
COMMANDS = {"go": "go", "golangci-lint": "golangci-lint"}
# Executable -> the subcommands that build or test (None: any use).
BUILDS: dict[str, frozenset[str] | None] = {
    "go": frozenset({"test", "build", "install", "mod", "vet", "generate"}),
    "golangci-lint": frozenset({"run"}),
}
# Executable -> its options that name the folder it works in (``detect.locate``).
FOLDER_OPTIONS = {"go": ("-C",)}

# A compiler or vet line's place (vet prefixes its own with ``vet: ``).
_PLACE = r"^(?:vet: )?(?P<file>[^\s:]+\.go):(?P<line>\d+)"
_AT = _PLACE + r"(?::(?P<col>\d+))?: "
# A package that does not compile (or vet) fails all its tests, none of which
# ran: its error ranks as a test failure (3). ``go test ./...`` prints it as
# the build fails, before any test's result, and the earliest among equals is
# the root cause: it wins over another package's failing test. The compiler's
# lines have a column; a line without one (a program's ``log.Lshortfile``
# line, go before 1.10) ranks as a tool's own line (2).
_COMPILED = 3
# A ``go test -json`` output event, up to its text; the test's name when it has one.
_EVENT = r'^\{"Time":"[^"]*","Action":"output","Package":"[^"]*",(?:"Test":"(?P<test>[^"]+)",)?'
# go 1.20 on prints ``=== NAME`` where 1.14 to 1.19 print ``=== CONT``.
_RUN = regex(r"^=== (?P<what>RUN|CONT|NAME|PAUSE)\s+(?P<name>\S+)$")
_RESULT = regex(r"^\s*--- (?:FAIL|PASS|SKIP): \S+")
_LOC = regex(r"^\s+(?P<file>[\w./\\-]+\.go):(?P<line>\d+):(?: (?P<msg>.*))?$")
# testify's assertion, under an empty t.Errorf line: its fields, a value's
# further lines under it (``expected: 3``, ``actual  : 4``).
_FIELD = regex(r"^\s+(?P<name>Error Trace|Error|Test|Messages):\s*(?P<value>.*)$")


def _testify(lines: Sequence[str]) -> str | None:
    """What a testify assertion says: its Error field with the lines under it
    (``Not equal: expected: 3, actual: 4``), up to a blank one (a diff follows);
    None where no such field follows."""
    said: list[str] = []
    field = None
    for text in lines:
        if (m := _FIELD.match(text)) is not None:
            field = m["name"]
            if field == "Error":
                said.append(m["value"].strip())
        elif field == "Error":
            if not text.strip():
                field = None  # the diff, after a blank line, is no part of it
            else:
                said.append(re.sub(r"\s+:", ":", text.strip()))
    if not said:
        return None
    return said[0] + (" " + ", ".join(said[1:]) if len(said) > 1 else "")


def json_output(line: str) -> tuple[str | None, str] | None:
    """A ``go test -json`` output event's test and text (its newline off); None
    for any other line. (``blocks_langs.GoPanic`` reads its lines so too.)"""
    if not line.startswith("{") or '"Action":"output"' not in line:
        return None
    try:
        event = json.loads(line)
    except ValueError:
        return None
    if not isinstance(event, dict) or not isinstance(out := event.get("Output"), str):
        return None
    test = event.get("Test")
    return (test if isinstance(test, str) else None), out.rstrip("\r\n")


def _text(line: str, test: str | None) -> str | None:
    """A line as the test printed it: a ``-json`` event's text (None when of another test)."""
    if not line.startswith("{"):
        return line
    event = json_output(line)
    return None if event is None or (test is not None and event[0] != test) else event[1]


def test_output_above(groups: dict[str, str | None], above: Sequence[str]) -> None:
    """``go test -v`` and ``-json`` print a test's ``t.Errorf`` lines before its
    ``--- FAIL`` line: the first of them, among the lines under the test's
    ``=== RUN`` (or a ``=== CONT`` of it) that are its own, says where and what.
    The lines under a subtest's or a sibling's ``=== RUN`` are theirs; the
    result lines just above a subtest's (its parent's, its earlier siblings'),
    printed once the parent ended, come after all of their output."""
    test = groups.get("test")
    if (event := groups.get("json")) is not None:  # the line as printed, its newline off
        groups["msg"] = event.removesuffix("\\n").strip()
    own: list[str] = []  # the test's own lines, in order
    lines: list[str] = []  # the lines read since the last ``===`` line, bottom up
    results = True  # still in the result lines just above it
    for line in reversed(above):
        text = _text(line, test)
        if text is None:
            continue  # another test's or package's event, interleaved
        if results and _RESULT.match(text) is not None:
            continue
        results = False
        if (m := _RUN.match(text)) is not None:
            if m["name"] == test and m["what"] != "PAUSE":
                own[:0] = lines[::-1]
                if m["what"] == "RUN":
                    break
            lines = []  # another test's (a subtest's, a sibling's), or paused
            continue
        if not text[:1].isspace():
            return  # not a test's output (another package's, a summary)
        lines.append(text)
    else:
        return
    for i, text in enumerate(own):
        if (loc := _LOC.match(text)) is not None:
            groups["file"], groups["line"] = loc["file"], loc["line"]
            said = (loc["msg"] or "").strip() or _testify(own[i + 1 :])
            if said:
                groups["msg"] = said
            return


def panic_in_test(groups: dict[str, str | None], above: Sequence[str]) -> None:
    """A panic printed just under a ``--- FAIL: TestX`` line is that test's;
    a ``-json`` event's message is unquoted."""
    if groups.get("json") is not None and (msg := groups.get("msg")) is not None:
        with contextlib.suppress(ValueError):
            groups["msg"] = json.loads(f'"{msg}"')
    if groups.get("test") is not None:
        return
    for line in reversed(above):
        text = _text(line, None)
        if text is None or not text.strip():
            continue
        if (m := re.match(r"^\s*--- FAIL: (\S+)", text)) is not None:
            groups["test"] = m[1]
        return


class GoRace(Reader):
    """The race detector's report (``go test -race``): the two accesses with their
    stacks, up to the rule that closes it. The error is at the innermost frame
    of the user's code of the first access; its words, the message. Its test
    is the first test function its stacks pass through (without -v, the
    ``--- FAIL`` line that names it comes after the report, and follows it)."""

    _RULE = regex(r"^={18}$")
    _TEST = regex(r"^\s+[\w./-]+\.(?P<test>Test\w*)(?:\.func\d+(?:\.\d+)*)*\([^)]*\)$")

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.closed = False

    def accept(self, line: str) -> bool:
        if self.closed:
            return False
        self.closed = self._RULE.match(line) is not None
        if self.count == 0 and line.strip():
            self.err.message = f"DATA RACE: {line.strip().rstrip(':')}"
        elif self.err.test is None and (m := self._TEST.match(line)) is not None:
            self.err.test = m["test"]
        return True


# What the go command's words say its failure is: go.mod or the toolchain wrong,
# a module proxy out of reach, a module it cannot have (else: as any error's words).
_GO_SAYS = (
    ("config", regex(r"go\.mod file not found|errors parsing go\.|go\.mod (?:needed|requires go)")),
    ("config", regex(r"cannot find main module|GOPATH|GOFLAGS|GOTOOLCHAIN")),
    ("network", regex(r"dial tcp|i/o timeout|connection refused|TLS handshake|no such host")),
    ("dependency", regex(r"go\.sum|checksum|module|requires|imports|revision|version|not found")),
)


class GoCommand(Reader):
    """Under the go command's own error (``go: ...``): the lines it indents under
    it (``\tgo mod tidy``, the module that one required), and under a checksum
    mismatch the two sums and the ``SECURITY ERROR`` paragraph. Where its line
    ends before saying what went wrong ("go: example.com/app requires", "...
    exit status 128:"), the indented lines that say it are the message's end."""

    frames_wanted = False
    _MORE = (" requires", " imports", ":")  # a line the next one goes on from
    _JOINED = 3  # lines of the message, at most

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.joined = 1
        self.security = False  # in the paragraph after a checksum mismatch

    def accept(self, line: str) -> bool:
        stripped = line.strip()
        if not stripped:
            return not self.blanks
        if line.startswith("SECURITY ERROR") or self.security:
            self.security = not line.startswith("For more information, see")
            return True
        if not line[:1].isspace():
            return False
        said = self.err.message.rstrip()
        if self.joined < self._JOINED and said.endswith(self._MORE) and not self.blanks:
            self.err.message, self.joined = f"{said} {stripped}", self.joined + 1
        return True

    def category(self) -> str | None:
        return said_in(_GO_SAYS, self.err.message)


READERS = {"gorace": GoRace, "gocommand": GoCommand}

ROWS = (
    Format(  # go test -race: each data race, then its test fails saying it raced
        "go-data-race",
        r"^WARNING: DATA RACE$",
        tool="go",
        category="runtime",
        block="gorace",
        fixup=named_above(r"^=== (?:RUN|CONT)\s+(?P<test>\S+)$"),
        rank=3,
        words=("data race",),
        examples=("WARNING: DATA RACE",),
    ),
    Format(  # read with its test's failure (``test_output_above``), not as an error of its own
        "testify-error-field",
        r"^\s+Error:\s{2,}\S",
        tool="go",
        role="ignore",
        examples=("        \tError:      \tNot equal: ",),
    ),
    Format(
        "go-test-fail",
        r"^\s*--- FAIL: (?P<test>\S+)(?: \([\d.]+m?s\))?$",
        tool="go",
        category="assertion",
        block="gopanic",
        rank=3,
        examples=("--- FAIL: TestAdd (0.00s)",),
        fixup=test_output_above,
    ),
    Format(  # go test -json: the same line, as an output event
        "go-test-fail-json",
        _EVENT + r'"Output":"(?P<json>\s*--- FAIL: \S+(?: \([\d.]+m?s\))?\\n)"\}$',
        tool="go",
        category="assertion",
        block="gopanic",
        rank=3,
        examples=(
            '{"Time":"2026-11-26T22:51:59.39Z","Action":"output","Package":"example.com/m/calc",'
            '"Test":"TestAdd","Output":"--- FAIL: TestAdd (0.00s)\\n"}',
        ),
        fixup=test_output_above,
    ),
    Format(
        "go-test-summary",
        r"^(?:FAIL\s+\S+\s+(?:[\d.]+s|\[.*\])|FAIL$|(?:\S+\.go:\d+: )?exit status \d+$)",
        tool="go",
        role="consequence",
        rank=0,
        examples=("FAIL\texample.com/demo\t0.003s", "FAIL"),
    ),
    Format(  # go test -json: a test or package failed (its output said why, above)
        "go-test-json-summary",
        r'^\{"Time":"[^"]*","Action":"fail",.*\}$|'
        + _EVENT
        + r'"Output":"(?:FAIL(?:\\t\S+\\t(?:[\d.]+s|\[.*\]))?|exit status \d+)\\n"\}$',
        tool="go",
        role="consequence",
        rank=0,
        examples=(
            '{"Time":"2026-11-26T22:51:59.40Z","Action":"fail","Package":"example.com/m/calc",'
            '"Test":"TestPick","Elapsed":0}',
            '{"Time":"2026-11-26T22:51:59.40Z","Action":"output","Package":"example.com/m/calc",'
            '"Output":"FAIL\\texample.com/m/calc\\t0.004s\\n"}',
        ),
    ),
    Format(
        "go-panic",
        r"^(?:panic: (?P<msg>.+?)(?: \[recovered\])?|fatal error: (?P<fatal>all goroutines .+))$",
        tool="go",
        block="gopanic",
        rank=3,
        examples=("panic: runtime error: index out of range [3] with length 3",),
        fixup=panic_in_test,
    ),
    Format(  # go test -json: the same line, as an output event
        "go-panic-json",
        _EVENT + r'"Output":"(?P<json>panic: (?P<msg>(?:[^"\\]|\\.)+?)(?: \[recovered\])?\\n)"\}$',
        tool="go",
        block="gopanic",
        rank=3,
        examples=(
            '{"Time":"2026-11-26T22:51:59.40Z","Action":"output","Package":"example.com/m/calc",'
            '"Test":"TestPick","Output":"panic: runtime error: index out of range [5] with '
            'length 3 [recovered]\\n"}',
        ),
        fixup=panic_in_test,
    ),
    Format(  # go mod verify / download: a module whose sum is not go.sum's
        "go-checksum",
        r"^(?:go: )?verifying (?P<msg>\S+: checksum mismatch)$",
        tool="go",
        category="dependency",
        block="gocommand",
        rank=2,
        words=("checksum mismatch",),
        examples=("verifying example.com/lib@v1.2.0/go.mod: checksum mismatch",),
    ),
    Format(  # the go command's own error (not its progress: "go: downloading ...")
        "go-command",
        r"^go: (?!downloading |finding |found |added |upgraded |downgraded |removed |extracting "
        r"|creating new go\.mod|to add |switching to |upgrading toolchain)"
        r"(?:(?P<sev>warning): )?(?P<msg>.+)$",
        tool="go",
        block="gocommand",
        rank=2,
        words=("go: ",),
        examples=(
            "go: example.com/lib@v1.2.0: missing go.sum entry for go.mod file; to add it:",
            "go: go.mod file not found in current directory or any parent directory; see "
            "'go help modules'",
            "go: example.com/app requires",
        ),
    ),
    Format(  # the compiler stops after ten errors: it only follows from them
        "go-too-many",
        r"^(?:(?:vet: )?[^\s:]+\.go:\d+(?::\d+)?: )?too many errors$",
        tool="go",
        role="consequence",
        rank=0,
        words=("too many errors",),
        examples=("./main.go:15:2: too many errors", "too many errors"),
    ),
    Format(  # a call with the wrong arguments, a value of another type
        "go-type",
        _PLACE + r":(?P<col>\d+): (?P<msg>(?:not enough|too many) arguments in call to .+"
        r"|.+ \(no value\) used as value|assignment mismatch: .+|invalid operation: .+)$",
        tool="go",
        category="type",
        rank=_COMPILED,
        examples=(
            "./main.go:9:14: not enough arguments in call to total",
            "./main.go:9:7: total() (no value) used as value",
        ),
    ),
    Format(  # an import or a variable left unused: a name that is not used
        "go-unused",
        _AT + r"(?P<msg>(?:\"[^\"]+\" imported(?: as \w+)? and not used|imported and not used: "
        r"\S+|declared (?:and|but) not used: \w+|\w+ declared (?:and|but) not used))$",
        tool="go",
        category="reference",
        rank=_COMPILED,
        examples=(
            './main.go:5:2: imported and not used: "os"',
            './main.go:5:2: "os" imported and not used',
        ),
    ),
    Format(  # a field or method the type has not
        "go-no-member",
        _AT + r"(?P<msg>.+ \(type .+ has no field or method .+\))$",
        tool="go",
        category="type",
        rank=_COMPILED,
        examples=("./main.go:12:16: c.Total undefined (type Cart has no field or method Total)",),
    ),
    Format(  # golangci-lint's text output: each issue, then the linter that found it
        "golangci-lint",
        _AT + r"(?P<msg>.+) \((?P<code>[a-z][\w-]*)\)$",
        tool="golangci-lint",
        rank=2,
        examples=(
            "lib/buffer/single_wrapper.go:122:20: Error return value of `mWriteCount.Incr` "
            "is not checked (errcheck)",
            "server/main.go:13: Error return value of `http.ListenAndServe` is not checked "
            "(errcheck)",
            "pkg/api/handler.go:33:6: func `unused` is unused (unused)",
        ),
    ),
    Format(
        "go-compile",
        _PLACE + r":(?P<col>\d+): (?P<msg>.+)$",
        tool="go",
        rank=_COMPILED,
        examples=("./main.go:5:2: undefined: foo", "vet: ./main.go:17:14: undeclared name: totl"),
    ),
    Format(
        "go-compile-line",
        _AT + r"(?P<msg>.+)$",
        tool="go",
        rank=2,
        examples=("./main.go:5: undefined: foo",),
    ),
)
