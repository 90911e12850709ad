"""cargo test's doctests: a failing doctest is its own test's error, and cargo's
line that says how to rerun it follows from it. The output is real (cargo 1.95,
`cargo test --workspace --no-fail-fast`), trimmed."""

from __future__ import annotations

from test_detect import scan

DOCTEST = """
   Doc-tests core_lib

running 1 test
test core/src/lib.rs - load (line 8) ... FAILED

failures:

---- core/src/lib.rs - load (line 8) stdout ----
Test executable failed (exit status: 101).

stderr:

thread 'main' (24372) panicked at core/src/lib.rs:6:1:
assertion `left == right` failed
  left: 3
 right: 5


failures:
    core/src/lib.rs - load (line 8)

test result: FAILED. 0 passed; 1 failed; 0 ignored; 0 measured; 0 filtered out; finished in 0.32s

error: doctest failed, to rerun pass `-p core_lib --doc`
"""


def test_a_failing_doctest_is_named_by_its_file_item_and_line() -> None:
    (err,) = scan(DOCTEST).errors
    assert (err.test, err.file, err.line) == (
        "core/src/lib.rs - load (line 8)",
        "core/src/lib.rs",
        6,
    )


def test_cargo_s_doctest_rerun_line_is_no_error_of_its_own() -> None:
    (err,) = scan(DOCTEST).errors
    assert err.related == [(24, 24)]
