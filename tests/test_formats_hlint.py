"""HLint's hints, as HLint 3.5 printed them here (Debian bookworm's hlint)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from test_detect import scan

from pytest_errlearn.detect import detect

HINTS = """
Main.hs:5:10-14: Warning: Use fmap
Found:
  liftM
Perhaps:
  fmap

Main.hs:6:3-15: Suggestion: Use let
Found:
  x <- return 3
Perhaps:
  let x = 3

src/Lib.hs:(12,1)-(14,20): Error: Redundant do
Found:
  do putStrLn "x"
Perhaps:
  putStrLn "x"

3 hints
"""


def test_each_hint_is_read_with_what_it_found_and_how_much_it_matters() -> None:
    report = scan(HINTS)
    (err,) = report.errors
    assert (err.file, err.line, err.message, err.span) == (
        "src/Lib.hs",
        12,
        "Redundant do",
        (13, 17),
    )
    assert (err.tool, err.category) == ("hlint", "unknown")
    assert [(w.line, w.message, w.span) for w in report.warnings] == [
        (5, "Use fmap", (1, 5)),
        (6, "Use let", (7, 11)),
    ]


def test_ghc_7s_warning_of_the_same_shape_with_no_hint_under_it_is_no_hint() -> None:
    report = scan("src/W.hs:3:1: Warning: Tab character\n")
    assert all(e.tool != "hlint" for e in [*report.errors, *report.warnings])


@pytest.mark.skipif(shutil.which("hlint") is None, reason="hlint is not installed")
def test_a_real_hlint_run_is_read(tmp_path: Path) -> None:
    (tmp_path / "Main.hs").write_text(
        "main :: IO ()\nmain = do\n  print (if True then True else False)\n"
    )
    run = subprocess.run(["hlint", "Main.hs"], cwd=tmp_path, capture_output=True, check=False)
    (hint,) = detect(run.stdout).warnings
    assert (hint.file, hint.line, hint.tool) == ("Main.hs", 3, "hlint")
