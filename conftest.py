"""Test-wide setup: where the shared corpora live.

The plugin is tested through ``pytester`` in runs of their own; the corpus
tests skip cleanly when ``../shared/corpora`` is not beside the checkout.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).parent
CORPORA = ROOT.parent / "shared" / "corpora"


@pytest.fixture(scope="session")
def corpora() -> Path:
    """The shared corpora beside the checkout; tests that need them skip without them."""
    if not CORPORA.is_dir():
        pytest.skip("../shared/corpora is not beside this checkout")
    return CORPORA


@pytest.fixture(scope="session")
def pg_server() -> Iterator[Any]:
    """A PostgreSQL server of the session's own (``tests/pg_server.py``); the tests
    that need it skip, saying why, where none can be started."""
    import sys

    sys.path.insert(0, str(ROOT / "tests"))
    from pg_server import PgServer, missing

    if (why := missing()) is not None:
        pytest.skip(why)
    server = PgServer().start()
    try:
        yield server
    finally:
        server.close()


@pytest.fixture
def pg_url(pg_server: Any) -> str:
    """The URL of a fresh database on the session's server, owned by errlearn's role."""
    url: str = pg_server.url(pg_server.database())
    return url
