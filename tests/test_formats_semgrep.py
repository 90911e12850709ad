"""Semgrep 1.185's findings in its default text output, a real run here
(`semgrep scan --config rules.yml --error app.py src`, local rules)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from test_detect import scan

from pytest_errlearn.detect.engine import detect

FINDINGS = """
┌─────────────────┐
│ 5 Code Findings │
└─────────────────┘

    app.py
   ❯❯❱ subprocess-shell-true
          ❰❰ Blocking ❱❱
          Found subprocess call with shell=True; this is dangerous

            5┆ return subprocess.call(cmd, shell=True)

     ❱ print-used
          ❰❰ Blocking ❱❱
          Do not use print in library code: it writes to stdout, which the callers of
          this library may use for their own output; use the logging module instead

           11┆ print("hi")

    src/db.py
    ❯❱ insecure-md5
          ❰❰ Blocking ❱❱
          MD5 is insecure; use hashlib.sha256

            6┆ return hashlib.md5(x).hexdigest()
            ⋮┆----------------------------------------
           10┆ return hashlib.md5(x).digest()


┌──────────────┐
│ Scan Summary │
└──────────────┘
✅ Scan completed successfully.
 • Findings: 5 (5 blocking)
"""


def test_each_rule_that_matched_a_file_is_an_error_at_its_first_match() -> None:
    found = [(e.file, e.line, e.code, e.severity, e.message) for e in scan(FINDINGS).errors]
    assert found == [
        (
            "app.py",
            5,
            "subprocess-shell-true",
            "medium",
            "Found subprocess call with shell=True; this is dangerous",
        ),
        (
            "app.py",
            11,
            "print-used",
            "medium",
            "Do not use print in library code: it writes to stdout, which the callers of this"
            " library may use for their own output; use the logging module instead",
        ),
        ("src/db.py", 6, "insecure-md5", "medium", "MD5 is insecure; use hashlib.sha256"),
    ]


def test_a_real_semgrep_run_is_read_so(tmp_path: Path) -> None:
    semgrep = shutil.which("semgrep")
    if semgrep is None:
        pytest.skip("semgrep is not installed")
    (tmp_path / "app.py").write_text("import hashlib\nhashlib.md5(b'x')\n")
    (tmp_path / "rules.yml").write_text(
        "rules:\n  - id: insecure-md5\n    pattern: hashlib.md5(...)\n"
        "    message: MD5 is insecure\n    languages: [python]\n    severity: WARNING\n"
    )
    argv = [semgrep, "scan", "--config", "rules.yml", "--error", "--metrics=off", "app.py"]
    run = subprocess.run(argv, cwd=tmp_path, capture_output=True, timeout=300, check=False)
    report = detect(run.stdout + run.stderr, "semgrep", command="semgrep scan")
    assert [(e.file, e.line, e.code) for e in report.errors] == [("app.py", 2, "insecure-md5")]
