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


# `cargo build` (cargo 1.95), trimmed: rustc's suggestion is a diff under its help.
SUGGESTED = """
error[E0432]: unresolved import `std::collections::HashMapp`
 --> src/main.rs:1:5
  |
1 | use std::collections::HashMapp;
  |     ^^^^^^^^^^^^^^^^^^^^^^^^^^ no `HashMapp` in `collections`
  |
help: a similar name exists in the module
  |
1 - use std::collections::HashMapp;
1 + use std::collections::HashMap;
  |

error: could not compile `rust_build` (bin "rust_build") due to 1 previous error
"""


def test_rustc_s_suggested_diff_is_part_of_its_error() -> None:
    (err,) = scan(SUGGESTED).errors
    assert err.span == (1, 11)
    assert "1 + use std::collections::HashMap;" in err.block


def test_numbered_lines_with_no_help_above_are_no_part_of_an_error() -> None:
    (err,) = scan("error: 2 problems found\n1 - foo is bad\n").errors
    assert err.span == (1, 1)
