"""Test-wide setup: where the shared corpora live.

The plugin is tested through ``pytester`` in runs of their own; the corpus
tests skip cleanly when ``../shared/corpora`` is not beside the checkout.
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
