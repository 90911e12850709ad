"""Rust: rustc/cargo diagnostics, cargo test panics and summaries, `cargo fmt --check`."""

from __future__ import annotations

from collections.abc import Sequence

from . import Format

ORDER = 30  # where its rows stand in the table (``formats.families``)
COMMANDS = {**dict.fromkeys(("cargo", "rustc"), "cargo"), "rustfmt": "rustfmt"}
# Executable -> the subcommands that build or test (None: any use).
BUILDS: dict[str, frozenset[str] | None] = {
    "cargo": frozenset(
        {"test", "build", "check", "clippy", "nextest", "bench", "b", "t", "c", "fmt"}
    ),
    "rustc": None,
    "rustfmt": None,
}
# Executable -> its options that name a manifest, in the folder it works in (``detect.locate``).
MANIFEST_OPTIONS = {"cargo": ("--manifest-path",)}


def _rustfmt(groups: dict[str, str | None], before: Sequence[str]) -> None:
    """rustfmt names the place where its diff starts; what is wrong is said so."""
    groups["line"] = groups["line"] or groups["old_line"]
    groups["msg"] = "would reformat (rustfmt)"


ROWS = (
    Format(  # `cargo fmt --check`, `rustfmt --check`: each place it would change, a diff under
        "rustfmt-diff",
        r"^Diff in (?P<file>\S.*?\.rs)(?::(?P<line>\d+):| at line (?P<old_line>\d+):)$",
        tool="rustfmt",
        fixup=_rustfmt,
        rank=2,
        words=("diff in",),
        examples=("Diff in /home/ci/demo/src/main.rs:1:", "Diff in src/lib.rs at line 12:"),
    ),
    Format(
        "cargo-consequence",
        r"^error: (?P<msg>(?:could not compile|aborting due to|(?:doc)?test failed, to rerun|"
        r"build failed|Could not compile|failed to run custom build command for|"
        r"test run failed(?=\s*$))\b.*)$",
        tool="cargo",
        role="consequence",
        rank=0,
        examples=(
            'error: could not compile `demo` (bin "demo") due to 2 previous errors',
            "error: test run failed",  # cargo nextest's, after its summary
            "error: doctest failed, to rerun pass `-p core_lib --doc`",
        ),
    ),
    Format(
        "rustc",
        # (not scalac's line that its -Xfatal-warnings failed it: scala.py's)
        r"^\s?(?P<sev>error|warning)(?:\[(?P<code>E\d{4})\])?: "
        r"(?!No warnings can be incurred under -)(?P<msg>.+)$",
        block="rustc",
        rank=1,
        examples=("error[E0425]: cannot find value `x` in this scope", "error: something broke"),
    ),
    Format(  # a test runs in a thread named after it; a program's own is "main", no test
        "rust-panic",
        r"^thread '(?:main|(?P<test>[^']*))'(?: \(\d+\))? panicked at (?:'(?P<msg>.*)', )?"
        r"(?P<file>[^\s:]+):(?P<line>\d+):(?P<col>\d+):?$",
        tool="cargo",
        block="rustpanic",
        rank=3,
        examples=(
            "thread 'main' panicked at src/main.rs:2:5:",
            "thread 'tests::it_works' panicked at 'assertion failed: false', src/lib.rs:5:9",
            "thread 'tests::adds' (4465) panicked at src/lib.rs:5:17:",  # newer Rust: the thread id
        ),
    ),
    Format(  # before Rust 1.73, a message of many lines came first, its place after its end:
        # "panicked at 'assertion failed: `(left == right)`", "  left: `4`,",
        # " right: `5`', src/lib.rs:11:9"
        "rust-panic-open",
        r"^thread '(?:main|(?P<test>[^']*))' panicked at '(?P<msg>.+)$",
        tool="cargo",
        block="rustpanic",
        rank=3,
        examples=("thread 'tests::it_adds_two' panicked at 'assertion failed: `(left == right)`",),
    ),
    Format(  # a doctest is named by its file, its item and its line
        "cargo-test-section",
        r"^---- (?P<test>\S+(?: - .+)?) stdout ----$",
        tool="cargo",
        role="section",
        examples=(
            "---- tests::it_fails stdout ----",
            "---- core/src/lib.rs - load (line 8) stdout ----",
        ),
    ),
    Format(  # a local crate compiled: its errors' paths are relative to it (``locate``)
        "cargo-compiling",
        r"^\s+(?:Compiling|Checking|Documenting) \S+ v\S+ \((?P<file>(?:/|[A-Za-z]:\\)[^)]*)\)$",
        tool="cargo",
        role="place",
        words=("compiling", "checking", "documenting"),
        examples=("   Compiling app v0.1.0 (/tmp/loc/mono/crate)",),
    ),
    Format(
        "cargo-test-result",
        r"^(?:test result: FAILED\.|test \S+(?: - .+)? \.\.\. FAILED$)",
        tool="cargo",
        role="ignore",
        examples=("test result: FAILED. 1 passed; 1 failed; 0 ignored", "test tests::a ... FAILED"),
    ),
)
