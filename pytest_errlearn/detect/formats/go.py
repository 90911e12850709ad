"""Go: go build / vet, go test failures, panics."""

from __future__ import annotations

from . import Format

ORDER = 40  # where its rows stand in the table (``formats.families``)
COMMANDS = {"go": "go"}
# Executable -> the subcommands that build or test (None: any use).
BUILDS: dict[str, frozenset[str] | None] = {
    "go": frozenset({"test", "build", "install", "mod", "vet", "generate"}),
}

ROWS = (
    Format(
        "go-test-fail",
        r"^\s*--- FAIL: (?P<test>\S+)(?: \([\d.]+m?s\))?$",
        tool="go",
        block="indented",
        rank=3,
        examples=("--- FAIL: TestAdd (0.00s)",),
    ),
    Format(
        "go-test-summary",
        r"^(?:FAIL\s+\S+\s+(?:[\d.]+s|\[.*\])|FAIL$|(?:\S+\.go:\d+: )?exit status \d+$)",
        tool="go",
        role="consequence",
        rank=0,
        examples=("FAIL\texample.com/demo\t0.003s", "FAIL"),
    ),
    Format(
        "go-panic",
        r"^(?:panic: (?P<msg>.+?)(?: \[recovered\])?|fatal error: (?P<fatal>all goroutines .+))$",
        tool="go",
        block="gopanic",
        rank=3,
        examples=("panic: runtime error: index out of range [3] with length 3",),
    ),
    Format(
        "go-compile",
        r"^(?P<file>[^\s:]+\.go):(?P<line>\d+)(?::(?P<col>\d+))?: (?P<msg>.+)$",
        tool="go",
        rank=2,
        examples=("./main.go:5:2: undefined: foo",),
    ),
)
