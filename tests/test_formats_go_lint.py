"""golangci-lint's text output: each issue at its place, the linter that found it
its code; the compiler's own lines, whose words may end in brackets, stay go's."""

from __future__ import annotations

from test_detect import scan

from pytest_errlearn.detect import tool_from_command

# golangci-lint 1.x's default output, as projects paste it in their issues
# (redpanda-data/connect#626, po3rin/llb2dot#3): the issue, its line, a caret.
LINT = """
lib/buffer/single_wrapper.go:122:20: Error return value of `mWriteCount.Incr` is not checked \
(errcheck)
\t\t\tmWriteCount.Incr(1)
\t\t\t                ^
server/main.go:13: Error return value of `http.ListenAndServe` is not checked (errcheck)
main.go:10:2: ineffectual assignment to err (ineffassign)
\terr = foo()
\t^
"""


def test_each_golangci_lint_issue_is_an_error_with_its_linter_as_code() -> None:
    found = [(e.tool, e.file, e.line, e.code, e.message) for e in scan(LINT).errors]
    assert found == [
        (
            "golangci-lint",
            "lib/buffer/single_wrapper.go",
            122,
            "errcheck",
            "Error return value of `mWriteCount.Incr` is not checked",
        ),
        (
            "golangci-lint",
            "server/main.go",
            13,
            "errcheck",
            "Error return value of `http.ListenAndServe` is not checked",
        ),
        ("golangci-lint", "main.go", 10, "ineffassign", "ineffectual assignment to err"),
    ]


def test_a_compiler_line_ending_in_brackets_stays_the_compiler_s() -> None:
    report = scan(
        "./calc.go:3:9: invalid operation: x + y (mismatched types int and string)\n"
        "./main.go:12:16: c.Total undefined (type Cart has no field or method Total)\n"
    )
    assert [(e.tool, e.code) for e in report.errors] == [("go", None), ("go", None)]


def test_golangci_lint_run_is_its_own_tool() -> None:
    assert tool_from_command(["golangci-lint", "run", "./..."]) == "golangci-lint"
