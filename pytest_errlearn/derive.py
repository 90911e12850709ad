"""Write again what is worked out ahead from the format table and the library.

Two files are derived, each to save start-up work, never to change a result:
``detect/recognisers.json`` (each row's regex as stage 1 and the RE2 set run
it) and ``matching/library/compiled.json`` (the built-in patterns, and each trigger
read as the detector reads a line). A file that does not match the table or
the library is set aside where it differs, so an edit is never missed, only
slower to load, until this is run:

    python -m pytest_errlearn.derive

``tests/test_derived.py`` fails, naming this command, while either is stale.
"""

from __future__ import annotations

import json
from typing import Any

from .detect import recogniser
from .matching.library import compiled


def stale() -> list[str]:
    """The derived files that differ from what the table and the library give now."""
    out = []
    known = _read(recogniser.KNOWN_FILE)
    if known != recogniser.worked_out(recogniser.table_patterns()):
        out.append(str(recogniser.KNOWN_FILE.name))
    if _read(compiled.FILE) != compiled.worked_out():
        out.append(str(compiled.FILE.name))
    return out


def _read(path: Any) -> Any:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None


def write() -> None:
    """Write both files for the table and the library as they are."""
    recogniser.write_known()
    compiled.write()


if __name__ == "__main__":
    write()
