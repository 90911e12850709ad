"""go test -race (go 1.19): the race detector's report is the error, at the
user's frame of its first access; the test's "race detected" line follows."""

from __future__ import annotations

from test_detect import scan

RACE = """
==================
WARNING: DATA RACE
Read at 0x00c0000b2158 by goroutine 9:
  example.com/cart.(*Cart).Add()
      /tmp/gr/cart.go:5 +0x76
  example.com/cart.TestConcurrent.func1()
      /tmp/gr/cart_test.go:13 +0x18

Previous write at 0x00c0000b2158 by goroutine 8:
  example.com/cart.(*Cart).Add()
      /tmp/gr/cart.go:5 +0x88

Goroutine 9 (running) created at:
  testing.tRunner()
      /usr/lib/go-1.19/src/testing/testing.go:1446 +0x216
==================
--- FAIL: TestConcurrent (0.00s)
    testing.go:1319: race detected during execution of test
FAIL
FAIL\texample.com/cart\t0.012s
"""


def test_a_data_race_is_one_runtime_error_at_the_users_frame() -> None:
    [err] = scan(RACE).errors
    assert (err.message, err.category, err.tool) == (
        "DATA RACE: Read at 0x00c0000b2158 by goroutine 9",
        "runtime",
        "go",
    )
    assert (err.file, err.line, err.span) == ("/tmp/gr/cart.go", 5, (2, 16))


# `go test -race ./...` without -v (go 1.19), trimmed: no ``=== RUN`` names the
# test; its stacks do, and its ``--- FAIL`` line after the report.
RACE_PLAIN = """
==================
WARNING: DATA RACE
Read at 0x00c0000b4158 by goroutine 8:
  example.com/race.CountParallel.func1()
      /src/race/counter.go:12 +0x74

Goroutine 8 (running) created at:
  example.com/race.CountParallel()
      /src/race/counter.go:10 +0x84
  example.com/race.TestCountParallel()
      /src/race/counter_test.go:6 +0x2e
  testing.tRunner()
      /usr/lib/go-1.19/src/testing/testing.go:1446 +0x216
==================
--- FAIL: TestCountParallel (0.00s)
    testing.go:1319: race detected during execution of test
FAIL
FAIL\texample.com/race\t0.029s
"""


def test_a_data_race_is_named_for_the_test_its_stacks_pass_through() -> None:
    [err] = scan(RACE_PLAIN).errors
    assert (err.test, err.file, err.line) == ("TestCountParallel", "/src/race/counter.go", 12)


def test_a_data_race_in_a_test_s_closure_is_named_for_the_test() -> None:
    [err] = scan(RACE).errors
    assert err.test == "TestConcurrent"
