"""What the benchmark scripts share: where the corpora are, the big log made of
them, how errlearn is started as a user starts it, and the environment every
timed process runs in."""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from itertools import cycle
from pathlib import Path

CORPORA = Path(__file__).resolve().parents[2] / "shared" / "corpora"


def logchunks_logs() -> list[Path]:
    """Every LogChunks log (real CI output, ANSI codes and all); [] without the corpora."""
    return sorted((CORPORA / "logchunks" / "logs").rglob("*.log"))


def build_log(path: Path, size: int, logs: Sequence[Path]) -> int:
    """Write ``logs`` one after another, round and round, until ``size`` bytes; the size."""
    written = 0
    with path.open("wb") as out:
        for log in cycle(logs):
            if written >= size:
                break
            data = log.read_bytes()
            out.write(data if data.endswith(b"\n") else data + b"\n")
            written += len(data) + (not data.endswith(b"\n"))
    return written


def errlearn_command() -> list[str]:
    """The installed console script beside this interpreter, else the ``main()`` it calls
    (``-m errlearn_wrapper.cli`` would load cli.py twice: as ``__main__`` and as itself)."""
    script = Path(sys.executable).with_name("errlearn.exe" if os.name == "nt" else "errlearn")
    if script.is_file():
        return [str(script)]
    return [
        sys.executable,
        "-c",
        "import sys; from errlearn_wrapper.cli import main; sys.exit(main())",
    ]


def bytecode_env(folder: Path | str) -> dict[str, str]:
    """The environment of a timed run: bytecode kept (in ``folder``), as an installed
    errlearn has it, even where PYTHONDONTWRITEBYTECODE is set (which would time the
    compiler instead)."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    return {**env, "PYTHONPYCACHEPREFIX": str(folder)}


def positive(text: str) -> int:
    """An option's whole number of at least 1 (argparse turns the error into a usage line)."""
    import argparse

    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a whole number >= 1, not {text!r}")
    return value


def megabytes(text: str) -> float:
    """An option's size in MB, more than 0 (argparse turns the error into a usage line)."""
    import argparse

    try:
        value = float(text)
    except ValueError:
        value = 0.0
    if not value > 0:  # NaN too
        raise argparse.ArgumentTypeError(f"expected a size in MB above 0, not {text!r}")
    return value
