"""Test-wide setup: where the shared corpora live, and errlearn's own plugin kept out.

The plugin is tested through ``pytester``; this suite itself runs with
``-p no:errlearn`` semantics by default so that errlearn never reports on
its own test run (PYTEST_ADDOPTS may turn it on).
"""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).parent
CORPORA = ROOT.parent / "shared" / "corpora"


@pytest.fixture(scope="session")
def corpora() -> Path:
    """The shared corpora beside the checkout; tests that need them skip without them."""
    if not CORPORA.is_dir():
        pytest.skip("../shared/corpora is not beside this checkout")
    return CORPORA
