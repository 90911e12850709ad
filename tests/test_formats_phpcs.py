"""PHP_CodeSniffer's full report, as phpcs 3.7 printed it here (Debian
bookworm's php-codesniffer), with and without ``-s``."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from test_detect import scan

from pytest_errlearn.detect import detect

FULL = """
FILE: /app/src/Foo.php
----------------------------------------------------------------------
FOUND 3 ERRORS AFFECTING 2 LINES
----------------------------------------------------------------------
 1 | ERROR | [x] Header blocks must be separated by a single blank
   |       |     line (PSR12.Files.FileHeader.SpacingAfterBlock)
 2 | ERROR | [ ] Each class must be in a namespace of at least one
   |       |     level (a top-level vendor name)
 2 | ERROR | [ ] Class name "foo" is not in PascalCase format
----------------------------------------------------------------------
PHPCBF CAN FIX THE 1 MARKED SNIFF VIOLATIONS AUTOMATICALLY
----------------------------------------------------------------------

Time: 54ms; Memory: 6MB
"""


def test_each_row_of_phpcs_full_report_is_an_error_in_the_file_above() -> None:
    report = scan(FULL)
    assert [(e.file, e.line, e.tool) for e in report.errors] == [
        ("/app/src/Foo.php", 1, "phpcs"),
        ("/app/src/Foo.php", 2, "phpcs"),
        ("/app/src/Foo.php", 2, "phpcs"),
    ]
    first, second, _ = report.errors
    assert first.message == "Header blocks must be separated by a single blank line"
    assert (first.code, first.span) == ("PSR12.Files.FileHeader.SpacingAfterBlock", (5, 6))
    assert second.message == (
        "Each class must be in a namespace of at least one level (a top-level vendor name)"
    )


def test_a_path_phpcs_cut_at_its_start_keeps_its_whole_folders() -> None:
    (err,) = scan(
        """
        FILE: ...ork/acme/acme/src/Controller/OrderController.php
        ----------------------------------------------------------------------
         9 | ERROR | [ ] Missing doc comment for function foo()
        """
    ).errors
    assert err.file == "acme/acme/src/Controller/OrderController.php"


def test_a_phpcs_warning_is_a_warning() -> None:
    report = scan(" 8 | WARNING | Line exceeds 120 characters; contains 122 characters")
    assert report.errors == [] and len(report.warnings) == 1


def test_a_quoted_source_line_is_still_no_error() -> None:
    assert scan("  12 | ERROR_LEVEL = 3;  // error: not a diagnostic").errors == []


@pytest.mark.skipif(shutil.which("phpcs") is None, reason="phpcs is not installed")
def test_a_real_phpcs_run_is_read(tmp_path: Path) -> None:
    (tmp_path / "Foo.php").write_text("<?php\nclass foo {\n}\n")
    run = subprocess.run(
        ["phpcs", "--standard=PSR12", "Foo.php"], cwd=tmp_path, capture_output=True, check=False
    )
    (file,) = {e.file for e in detect(run.stdout).errors}
    # phpcs cuts a path longer than its report's width at its start
    assert file is not None and str(tmp_path / "Foo.php").endswith(file)
