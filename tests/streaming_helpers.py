"""What the streaming tests share: logs to cut, and the two ways to read them."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

from pytest_errlearn.detect import detect, streaming
from pytest_errlearn.detect.streaming import StreamDetector

ERRLEARN = [
    sys.executable,
    "-c",
    "import sys; from errlearn_wrapper.cli import main; sys.exit(main())",
]


def shrink_pieces(monkeypatch: pytest.MonkeyPatch) -> None:
    """Pieces of 4 KB: the corpora's real logs are cut in every kind of place,
    and the worker takes many of them."""
    monkeypatch.setattr(streaming, "PIECE", 1 << 12)
    monkeypatch.setattr(streaming, "SLOT", (1 << 13) + (1 << 20))


def stream(data: bytes, step: int = 65536, **kwargs: Any) -> dict[str, Any]:
    """The report of ``data`` fed ``step`` bytes at a time."""
    detector = StreamDetector(**kwargs)
    for i in range(0, len(data), step):
        detector.feed(data[i : i + step])
    return detector.close().to_dict()


def one_pass(data: bytes) -> dict[str, Any]:
    return detect(data).to_dict()


def corpus_log(corpora: Path, pattern: str, limit: int) -> bytes:
    """The corpus's logs matching ``pattern``, one after another."""
    logs = sorted(corpora.glob(pattern))[:limit]
    if not logs:
        pytest.skip(f"no {pattern} in the corpora")
    return b"".join(log.read_bytes().rstrip(b"\n") + b"\n" for log in logs)


def chained_log() -> tuple[bytes, int]:
    """A log with a long chained traceback, and where its second traceback starts."""

    def traceback(frames: int, exc: str) -> list[bytes]:
        lines = [b"Traceback (most recent call last):"]
        for i in range(frames):
            lines += [b'  File "app/mod%d.py", line %d, in f%d' % (i, i + 1, i), b"    f()"]
        return [*lines, exc.encode()]

    filler = b"".join(b"compiling module %d\n" % i for i in range(4000))
    chained = [
        *traceback(5, "KeyError: 'x'"),
        b"",
        b"During handling of the above exception, another exception occurred:",
        b"",
        *traceback(25, "RuntimeError: boom"),
    ]
    trace = b"\n".join(chained) + b"\n"
    data = filler + trace + filler + b"src/app.c:3:5: error: 'x' undeclared\n" + filler
    return data, len(filler) + trace.rindex(b"Traceback")
