"""What the benchmark scripts share: where the corpora are, how errlearn is
started as a user starts it, and the environment every timed process runs in."""

from __future__ import annotations

import os
import sys
from pathlib import Path

CORPORA = Path(__file__).resolve().parents[2] / "shared" / "corpora"


def errlearn_command() -> list[str]:
    """The installed console script beside this interpreter, else the ``main()`` it calls
    (``-m errlearn_wrapper.cli`` would load cli.py twice: as ``__main__`` and as itself)."""
    script = Path(sys.executable).with_name("errlearn.exe" if os.name == "nt" else "errlearn")
    if script.is_file():
        return [str(script)]
    return [sys.executable, "-c", "import sys; from errlearn_wrapper.cli import main; "
            "sys.exit(main())"]


def bytecode_env(folder: Path | str) -> dict[str, str]:
    """The environment of a timed run: bytecode kept (in ``folder``), as an installed
    errlearn has it, even where PYTHONDONTWRITEBYTECODE is set (which would time the
    compiler instead)."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    return {**env, "PYTHONPYCACHEPREFIX": str(folder)}
