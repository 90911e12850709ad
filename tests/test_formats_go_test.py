"""go test (go 1.19): a package that does not compile is the root cause over
another's failing test; a failing subtest is named in full, with and without
-v. The outputs are real (`go test ./...`), trimmed; one test runs go itself."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest
from test_detect import scan

MULTI = """
# example.com/multi/mathx [example.com/multi/mathx.test]
mathx/mathx_test.go:6:19: cannot use Max(1, 2) (value of type int) as type string in variable \
declaration
FAIL\texample.com/multi/mathx [build failed]
--- FAIL: TestTitle (0.00s)
    --- FAIL: TestTitle/simple (0.00s)
        strutil_test.go:13: Title("go") = "GO", want "Go"
FAIL
FAIL\texample.com/multi/strutil\t0.007s
FAIL
"""

MULTI_V = """
# example.com/multi/mathx [example.com/multi/mathx.test]
mathx/mathx_test.go:6:19: cannot use Max(1, 2) (value of type int) as type string in variable \
declaration
FAIL\texample.com/multi/mathx [build failed]
=== RUN   TestTitle
=== RUN   TestTitle/simple
    strutil_test.go:13: Title("go") = "GO", want "Go"
=== RUN   TestTitle/empty
--- FAIL: TestTitle (0.00s)
    --- FAIL: TestTitle/simple (0.00s)
    --- PASS: TestTitle/empty (0.00s)
FAIL
FAIL\texample.com/multi/strutil\t0.013s
FAIL
"""


@pytest.mark.parametrize("output", [MULTI, MULTI_V], ids=["plain", "verbose"])
def test_a_package_that_does_not_compile_is_the_root_cause(output: str) -> None:
    report = scan(output)
    assert [(e.file, e.test) for e in report.errors] == [
        ("mathx/mathx_test.go", None),
        ("strutil_test.go", "TestTitle/simple"),
    ]
    assert report.primary_index == 0


@pytest.mark.parametrize("output", [MULTI, MULTI_V], ids=["plain", "verbose"])
def test_a_failing_subtest_is_named_in_full(output: str) -> None:
    err = scan(output).errors[1]
    assert (err.test, err.line, err.message) == (
        "TestTitle/simple",
        13,
        'Title("go") = "GO", want "Go"',
    )


def test_a_nested_subtest_is_named_in_full() -> None:
    (err,) = scan(
        """
        --- FAIL: TestDeep (0.00s)
            --- FAIL: TestDeep/a (0.00s)
                --- FAIL: TestDeep/a/b (0.00s)
                    s_test.go:12: deep broke
        FAIL
        """
    ).errors
    assert (err.test, err.line, err.message) == ("TestDeep/a/b", 12, "deep broke")


def test_a_subtest_that_panicked_is_one_error_the_panic() -> None:
    (err,) = scan(
        """
        --- FAIL: TestPick (0.00s)
            --- FAIL: TestPick/five (0.00s)
        panic: runtime error: index out of range [5] with length 0 [recovered]
        \tpanic: runtime error: index out of range [5] with length 0

        goroutine 7 [running]:
        example.com/p.TestPick.func1(0x0?)
        \t/src/p/p_test.go:8 +0x1d
        FAIL\texample.com/p\t0.004s
        """
    ).errors
    assert (err.test, err.file, err.line) == ("TestPick/five", "/src/p/p_test.go", 8)


def test_a_go_line_without_a_column_does_not_outrank_a_panic() -> None:
    report = scan(
        """
        main.go:12: connecting to db
        panic: runtime error: invalid memory address or nil pointer dereference
        """
    )
    assert report.errors[report.primary_index or 0].message.startswith("runtime error")


SUBTESTS = """\
package sub

import "testing"

func TestTitle(t *testing.T) {
\tt.Run("simple", func(t *testing.T) { t.Errorf("simple broke") })
\tt.Run("empty", func(t *testing.T) {})
}
"""


@pytest.mark.skipif(shutil.which("go") is None, reason="go is not installed")
@pytest.mark.parametrize("verbose", [False, True], ids=["plain", "verbose"])
def test_go_s_own_subtest_failure_is_named_in_full(tmp_path: Path, verbose: bool) -> None:
    (tmp_path / "go.mod").write_text("module example.com/sub\n\ngo 1.18\n")
    (tmp_path / "s_test.go").write_text(SUBTESTS)
    env = {**os.environ, "GOTOOLCHAIN": "local", "GOPROXY": "off", "GOFLAGS": ""}
    run = subprocess.run(
        ["go", "test", *(["-v"] if verbose else []), "."],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    (err,) = scan(run.stdout + run.stderr).errors
    assert (err.test, err.file, err.line) == ("TestTitle/simple", "s_test.go", 6)
