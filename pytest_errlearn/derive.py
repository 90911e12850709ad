"""Write again what is worked out ahead from the format table and the library.

Three files are derived, each to save start-up work, never to change a result:
``detect/recognisers.json`` (each row's regex as stage 1 and the RE2 set run
it), ``detect/programs.json`` (the families' programs and what builds) and
``matching/library/compiled.json`` (the built-in patterns, and each trigger
read as the detector reads a line). A file that does not match the table or
the library is set aside where it differs, so an edit is never missed, only
slower to load, until this is run:

    python -m pytest_errlearn.derive

``tests/test_derived.py`` fails, naming this command, while either is stale.
"""

from __future__ import annotations

import json
import os
from typing import Any

from .detect import programs, recogniser
from .matching.library import compiled


def stale() -> list[str]:
    """The derived files that differ from what the table and the library give now."""
    out = []
    known = _read(recogniser.KNOWN_FILE)
    if known != recogniser.worked_out(recogniser.table_patterns()):
        out.append(os.path.basename(recogniser.KNOWN_FILE))
    if _read(compiled.FILE) != compiled.worked_out():
        out.append(str(compiled.FILE.name))
    if _read(programs.FILE) != programs.worked_out():
        out.append("programs.json")
    return out


def _read(path: str | os.PathLike[str]) -> Any:
    try:
        with open(path, encoding="utf-8") as f:
            return json.load(f)
    except (OSError, ValueError):
        return None


def write() -> None:
    """Write the files for the table and the library as they are."""
    recogniser.write_known()
    programs.write()
    compiled.write()


if __name__ == "__main__":
    write()
