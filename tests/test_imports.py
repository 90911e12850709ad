"""Every module imports on its own, first, in a fresh interpreter: an import
cycle hidden by the order the usual entry points load modules in shows here."""

from __future__ import annotations

import pkgutil
import subprocess
import sys
from pathlib import Path

import errlearn_wrapper
import pytest

import pytest_errlearn

MODULES = sorted(
    m.name
    for package in (pytest_errlearn, errlearn_wrapper)
    for m in pkgutil.walk_packages(package.__path__, package.__name__ + ".")
    if not m.name.endswith("__main__")
)


@pytest.mark.parametrize("module", MODULES)
def test_a_module_imports_first_in_a_fresh_interpreter(module: str, tmp_path: Path) -> None:
    # Away from the checkout: the interpreter imports the errlearn these tests
    # import (an installed one has its C loops; the checkout may not).
    done = subprocess.run(
        [sys.executable, "-c", f"import {module}"],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=tmp_path,
    )
    assert done.returncode == 0, done.stderr.strip().splitlines()[-1]
