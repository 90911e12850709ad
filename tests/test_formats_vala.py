"""valac's diagnostics, as valac 0.56 printed them here (Debian bookworm)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from test_detect import scan

from pytest_errlearn.detect import detect

VALAC = """
a.vala:2.9-2.9: error: Assignment: Cannot convert from `string' to `int'
    2 |     int x = "five";
      |         ^
a.vala:3.28-3.28: error: The name `y' does not exist in the context of `main'
    3 |     stdout.printf ("%d\\n", y);
      |                            ^
Compilation failed: 2 error(s), 0 warning(s)
"""


def test_each_valac_error_is_read_at_its_line_and_column_with_its_source() -> None:
    report = scan(VALAC)
    assert [(e.file, e.line, e.column, e.category, e.span) for e in report.errors] == [
        ("a.vala", 2, 9, "type", (1, 3)),
        ("a.vala", 3, 28, "reference", (4, 6)),
    ]
    assert report.errors[-1].related == [(7, 7)]  # the count follows from them


def test_a_valac_warning_is_a_warning() -> None:
    report = scan("src/c.vala:2.9-2.14: warning: Local variable `unused' declared but never used")
    assert report.errors == [] and len(report.warnings) == 1


@pytest.mark.skipif(shutil.which("valac") is None, reason="valac is not installed")
def test_a_real_valac_syntax_error_is_read(tmp_path: Path) -> None:
    (tmp_path / "b.vala").write_text("int f () {\n    return 1\n}\nvoid main () {}\n")
    run = subprocess.run(
        ["valac", "b.vala"], cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.STDOUT
    )
    (err,) = detect(run.stdout).errors
    assert (err.file, err.line, err.category) == ("b.vala", 2, "syntax")
