"""Format checks CI jobs run beside the linters: each file (and place) the
formatter would change is an error there. (black's and isort's are with
Python's linters.)"""

from __future__ import annotations

from test_detect import scan

# A real `cargo fmt --check` (rustfmt 1.8), its colours left out; before rustfmt 1.4.x
# the place read "Diff in src/lib.rs at line 12:".
RUSTFMT = """
Diff in /home/ci/demo/src/main.rs:1:
 fn main() {
     let x = 5;
-    let v = vec![1,2,3];
+    let v = vec![1, 2, 3];
     let _y = x;
 }
Diff in /home/ci/demo/src/lib.rs at line 12:
-pub fn f( ) {}
+pub fn f() {}
"""


def test_each_place_rustfmt_would_change_is_an_error_there() -> None:
    found = [(e.file, e.line, e.tool, e.message) for e in scan(RUSTFMT).errors]
    assert found == [
        ("/home/ci/demo/src/main.rs", 1, "rustfmt", "would reformat (rustfmt)"),
        ("/home/ci/demo/src/lib.rs", 12, "rustfmt", "would reformat (rustfmt)"),
    ]
