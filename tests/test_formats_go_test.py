"""go test (go 1.19): a package that does not compile is the root cause over
another's failing test; a failing subtest is named in full, with and without
-v; each failing subtest is its own error, and their parents none. The outputs
are real (`go test ./...`, -v, -json), trimmed; two tests run go itself."""

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


# Two subtests of one test fail, each at its own t.Errorf (`go test ./...`, -v).
TWO = """
--- FAIL: TestTitle (0.00s)
    --- FAIL: TestTitle/simple (0.00s)
        s_test.go:8: Title("go") = "GO", want "Go"
    --- FAIL: TestTitle/empty (0.00s)
        s_test.go:13: Title("ab") = "AB", want "Ab"
FAIL
FAIL\texample.com/sub\t0.004s
FAIL
"""

TWO_V = """
=== RUN   TestTitle
=== RUN   TestTitle/simple
    s_test.go:8: Title("go") = "GO", want "Go"
=== RUN   TestTitle/empty
    s_test.go:13: Title("ab") = "AB", want "Ab"
--- FAIL: TestTitle (0.00s)
    --- FAIL: TestTitle/simple (0.00s)
    --- FAIL: TestTitle/empty (0.00s)
FAIL
FAIL\texample.com/sub\t0.005s
FAIL
"""

BOTH = [("TestTitle/simple", "s_test.go", 8), ("TestTitle/empty", "s_test.go", 13)]


@pytest.mark.parametrize("output", [TWO, TWO_V], ids=["plain", "verbose"])
def test_each_failing_subtest_is_an_error_of_its_own(output: str) -> None:
    errors = scan(output).errors
    assert [(e.test, e.file, e.line) for e in errors] == BOTH
    assert errors[1].message == 'Title("ab") = "AB", want "Ab"'


# The same with TestDeep/a/b, as `go test -json ./...` prints them.
TWO_JSON = r"""
{"Time":"2026-11-28T01:10:09.86162916Z","Action":"run","Package":"example.com/sub","Test":"TestTitle"}
{"Time":"2026-11-28T01:10:09.861764553Z","Action":"output","Package":"example.com/sub","Test":"TestTitle","Output":"=== RUN   TestTitle\n"}
{"Time":"2026-11-28T01:10:09.861776235Z","Action":"run","Package":"example.com/sub","Test":"TestTitle/simple"}
{"Time":"2026-11-28T01:10:09.861781244Z","Action":"output","Package":"example.com/sub","Test":"TestTitle/simple","Output":"=== RUN   TestTitle/simple\n"}
{"Time":"2026-11-28T01:10:09.861789961Z","Action":"output","Package":"example.com/sub","Test":"TestTitle/simple","Output":"    s_test.go:8: Title(\"go\") = \"GO\", want \"Go\"\n"}
{"Time":"2026-11-28T01:10:09.861796723Z","Action":"run","Package":"example.com/sub","Test":"TestTitle/empty"}
{"Time":"2026-11-28T01:10:09.861800811Z","Action":"output","Package":"example.com/sub","Test":"TestTitle/empty","Output":"=== RUN   TestTitle/empty\n"}
{"Time":"2026-11-28T01:10:09.86180544Z","Action":"output","Package":"example.com/sub","Test":"TestTitle/empty","Output":"    s_test.go:13: Title(\"ab\") = \"AB\", want \"Ab\"\n"}
{"Time":"2026-11-28T01:10:09.861813034Z","Action":"output","Package":"example.com/sub","Test":"TestTitle","Output":"--- FAIL: TestTitle (0.00s)\n"}
{"Time":"2026-11-28T01:10:09.861819275Z","Action":"output","Package":"example.com/sub","Test":"TestTitle/simple","Output":"    --- FAIL: TestTitle/simple (0.00s)\n"}
{"Time":"2026-11-28T01:10:09.861824996Z","Action":"fail","Package":"example.com/sub","Test":"TestTitle/simple","Elapsed":0}
{"Time":"2026-11-28T01:10:09.861831458Z","Action":"output","Package":"example.com/sub","Test":"TestTitle/empty","Output":"    --- FAIL: TestTitle/empty (0.00s)\n"}
{"Time":"2026-11-28T01:10:09.861836518Z","Action":"fail","Package":"example.com/sub","Test":"TestTitle/empty","Elapsed":0}
{"Time":"2026-11-28T01:10:09.861840435Z","Action":"fail","Package":"example.com/sub","Test":"TestTitle","Elapsed":0}
{"Time":"2026-11-28T01:10:09.861844503Z","Action":"run","Package":"example.com/sub","Test":"TestDeep"}
{"Time":"2026-11-28T01:10:09.86184851Z","Action":"output","Package":"example.com/sub","Test":"TestDeep","Output":"=== RUN   TestDeep\n"}
{"Time":"2026-11-28T01:10:09.861853139Z","Action":"run","Package":"example.com/sub","Test":"TestDeep/a"}
{"Time":"2026-11-28T01:10:09.861856996Z","Action":"output","Package":"example.com/sub","Test":"TestDeep/a","Output":"=== RUN   TestDeep/a\n"}
{"Time":"2026-11-28T01:10:09.861861635Z","Action":"run","Package":"example.com/sub","Test":"TestDeep/a/b"}
{"Time":"2026-11-28T01:10:09.861865612Z","Action":"output","Package":"example.com/sub","Test":"TestDeep/a/b","Output":"=== RUN   TestDeep/a/b\n"}
{"Time":"2026-11-28T01:10:09.861870271Z","Action":"output","Package":"example.com/sub","Test":"TestDeep/a/b","Output":"    s_test.go:20: deep broke\n"}
{"Time":"2026-11-28T01:10:09.86187536Z","Action":"output","Package":"example.com/sub","Test":"TestDeep","Output":"--- FAIL: TestDeep (0.00s)\n"}
{"Time":"2026-11-28T01:10:09.861881732Z","Action":"output","Package":"example.com/sub","Test":"TestDeep/a","Output":"    --- FAIL: TestDeep/a (0.00s)\n"}
{"Time":"2026-11-28T01:10:09.861887193Z","Action":"output","Package":"example.com/sub","Test":"TestDeep/a/b","Output":"        --- FAIL: TestDeep/a/b (0.00s)\n"}
{"Time":"2026-11-28T01:10:09.861891891Z","Action":"fail","Package":"example.com/sub","Test":"TestDeep/a/b","Elapsed":0}
{"Time":"2026-11-28T01:10:09.861895939Z","Action":"fail","Package":"example.com/sub","Test":"TestDeep/a","Elapsed":0}
{"Time":"2026-11-28T01:10:09.861899816Z","Action":"fail","Package":"example.com/sub","Test":"TestDeep","Elapsed":0}
{"Time":"2026-11-28T01:10:09.86192883Z","Action":"output","Package":"example.com/sub","Output":"FAIL\n"}
{"Time":"2026-11-28T01:10:09.862326288Z","Action":"output","Package":"example.com/sub","Output":"FAIL\texample.com/sub\t0.003s\n"}
{"Time":"2026-11-28T01:10:09.862347808Z","Action":"fail","Package":"example.com/sub","Elapsed":0.004}
"""  # noqa: E501


def test_a_parent_of_failing_subtests_is_no_error_of_its_own_in_json() -> None:
    errors = scan(TWO_JSON).errors
    assert [(e.test, e.file, e.line) for e in errors] == [*BOTH, ("TestDeep/a/b", "s_test.go", 20)]


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

TWO_SUBTESTS = """\
package sub

import "testing"

func TestTitle(t *testing.T) {
\tt.Run("simple", func(t *testing.T) { t.Errorf("simple broke") })
\tt.Run("empty", func(t *testing.T) { t.Errorf("empty broke") })
}
"""


def _go_test(folder: Path, source: str, *flags: str) -> str:
    """What `go test FLAGS .` prints for a package of one test file."""
    (folder / "go.mod").write_text("module example.com/sub\n\ngo 1.18\n")
    (folder / "s_test.go").write_text(source)
    env = {**os.environ, "GOTOOLCHAIN": "local", "GOPROXY": "off", "GOFLAGS": ""}
    run = subprocess.run(
        ["go", "test", *flags, "."],
        cwd=folder,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    return run.stdout + run.stderr


@pytest.mark.skipif(shutil.which("go") is None, reason="go is not installed")
@pytest.mark.parametrize("verbose", [False, True], ids=["plain", "verbose"])
def test_go_s_own_subtest_failure_is_named_in_full(tmp_path: Path, verbose: bool) -> None:
    (err,) = scan(_go_test(tmp_path, SUBTESTS, *(["-v"] if verbose else []))).errors
    assert (err.test, err.file, err.line) == ("TestTitle/simple", "s_test.go", 6)


@pytest.mark.skipif(shutil.which("go") is None, reason="go is not installed")
@pytest.mark.parametrize("flags", [(), ("-v",), ("-json",)], ids=["plain", "verbose", "json"])
def test_go_s_own_failing_subtests_are_an_error_each(tmp_path: Path, flags: tuple[str]) -> None:
    errors = scan(_go_test(tmp_path, TWO_SUBTESTS, *flags)).errors
    assert [(e.test, e.line, e.message) for e in errors] == [
        ("TestTitle/simple", 6, "simple broke"),
        ("TestTitle/empty", 7, "empty broke"),
    ]
