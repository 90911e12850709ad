"""What a task printed behind the prefix its runner puts before each line
(turbo, pnpm, docker compose, Cloud Build) reads as it would without it."""

from __future__ import annotations

from pytest_errlearn.detect import detect
from pytest_errlearn.detect.rows import as_read

COMPOSE = """\
api-1  | Starting the server
api-1  | Traceback (most recent call last):
api-1  |   File "/app/main.py", line 3, in <module>
api-1  |     import missing_module
api-1  | ModuleNotFoundError: No module named 'missing_module'
api-1 exited with code 1
"""


def test_a_traceback_behind_compose_prefixes_is_pythons_error_at_its_frame() -> None:
    (err,) = detect(COMPOSE.encode()).errors
    assert (err.tool, err.file, err.line) == ("python", "/app/main.py", 3)
    assert err.message == "ModuleNotFoundError: No module named 'missing_module'"


def test_a_jest_failure_under_turbo_reads_through_the_tasks_empty_lines() -> None:
    log = """\
ui:test: > jest
ui:test: FAIL src/button.test.tsx
ui:test:   ● Button › renders its label
ui:test:
ui:test:     expect(received).toBe(expected) // Object.is equality
ui:test:
ui:test:     Expected: "Save"
ui:test:     Received: "Cancel"
ui:test:
ui:test: Tests:       1 failed, 3 passed, 4 total
"""
    (err,) = detect(log.encode()).errors
    assert (err.tool, err.category) == ("jest", "assertion")
    assert 'Expected: "Save" Received: "Cancel"' in err.message


def test_a_python_error_under_pnpm_and_a_ci_timestamp_is_read_behind_both() -> None:
    lines = [
        "packages/api test: Traceback (most recent call last):",
        'packages/api test:   File "src/api/cart.py", line 8, in total',
        "packages/api test:     return sum(prices) / count",
        "packages/api test: ZeroDivisionError: division by zero",
    ]
    log = "".join(f"2024-05-01T10:00:0{i}.12Z {line}\n" for i, line in enumerate(lines))
    (err,) = detect(log.encode()).errors
    assert (err.file, err.line, err.message) == (
        "src/api/cart.py",
        8,
        "ZeroDivisionError: division by zero",
    )


def test_a_prefix_on_one_line_alone_is_that_lines_own_text() -> None:
    line = "api-1  | ModuleNotFoundError: No module named 'yaml'\n"
    assert detect(f"Starting\n{line}Done\n".encode()).errors == []
    (err,) = detect(f"api-1  | Starting\n{line}Done\n".encode()).errors
    assert err.message == "ModuleNotFoundError: No module named 'yaml'"


def test_a_line_a_tools_own_row_reads_as_it_stands_keeps_that_row() -> None:
    log = """\
web:build: > tsc -p .
web:build: src/app.ts(12,7): error TS2322: Type 'string' is not assignable to type 'number'.
web:build: ERROR: command finished with error: command (apps/web) npm run build exited (2)
"""
    (err,) = detect(log.encode()).errors  # turbo's failure line is no error of its own
    assert (err.tool, err.file, err.line) == ("tsc", "src/app.ts", 12)


def test_a_block_line_loses_its_headers_prefix_and_no_other() -> None:
    assert as_read("web:build:   at f (a.js:1:1)", "web:build: ") == "  at f (a.js:1:1)"
    assert as_read("web:build:", "web:build: ") == ""
    assert as_read("docs:build:   at g", "web:build: ") == "docs:build:   at g"
    assert as_read("2024-05-01T10:00:00Z web:build: x", "web:build: ") == "x"
