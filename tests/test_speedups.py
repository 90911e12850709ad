"""The detector's byte loops in C (``_speedups.c``) and their Python twins."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

import pytest_errlearn
from pytest_errlearn.detect import detect, lookback, prefilter, text
from pytest_errlearn.detect.text import ANSI_BYTES, strip_colour, strip_escapes
from pytest_errlearn.detect.text import speedups as _speedups  # the C module, or None

needs_c = pytest.mark.skipif(_speedups is None, reason="built without a C compiler")

# Bytes that make and break escape sequences, and some text around them.
_PARTS = st.sampled_from(
    [
        b"\x1b",
        b"\x1b[",
        b"\x1b]",
        b"[",
        b"]",
        b"0",
        b"1",
        b";",
        b"?",
        b"38",
        b"5",
        b"m",
        b"K",
        b"G",
        b"2",
        b" ",
        b"!",
        b"/",
        b"\x07",
        b"\\",
        b"\n",
        b"\r",
        b"(",
        b"B",
        b"P",
        b"_",
        b"~",
        b"error: x",
        b"\xff",
        b"\x7f",
    ]
)
_OUTPUT = st.lists(_PARTS, max_size=60).map(b"".join)


@needs_c
@given(_OUTPUT)
@example(b"\x1b[1;31merror\x1b[0m: x\x1b[?25l\x1b[ q\x1b[K")  # CSI, with intermediates
@example(b"\x1b]0;title\x07\x1b]8;;http://x\x1b\\link\x1b]8;;\x1b\\")  # OSC ended by BEL, ST
@example(b"\x1b]unended\nnext\x1b]also\x1bX")  # OSC cut by a newline or a lone ESC
@example(b"\x1b[1;2\n\x1b[\x1b\x1b(B\x1bP\x1b_\x1b\\\x1b")  # CSI unfinished, pairs, ESC last
@example(b"\x1b[\x1b]")
@example(b"50%\x1b[1G\x1b[0K75%\x1b[G\x1b[2K100%")  # moves to the line's start: a \r each
@example(b"\x1b]title \x1b[2K more\x07")  # an OSC cut by a move, as a terminal cuts it
def test_the_c_colour_stripping_gives_what_the_regex_gives(raw: bytes) -> None:
    python = text._strip_escapes(raw)
    assert _speedups.strip_escapes(raw) == python
    if b"\x1b[G" not in raw and b"\x1b[1G" not in raw and b"\x1b[2K" not in raw:
        assert python == ANSI_BYTES.sub(b"", raw)  # the quicker regex, without moves


def test_a_move_to_the_line_s_start_is_read_as_a_carriage_return() -> None:
    raw = b"\xe2\xa0\x99 \x1b[1G\x1b[0Ksrc/cart.ts:12\x1b[2Kdone\x1b[31m!\x1b[G\n"
    assert strip_escapes(raw) == strip_colour(raw) == b"\xe2\xa0\x99 \rsrc/cart.ts:12\rdone!\r\n"


@needs_c
def test_the_c_colour_stripping_gives_what_the_regex_gives_on_real_ci_logs(
    corpora: Path,
) -> None:
    logs = sorted((corpora / "logchunks" / "logs").rglob("*.log"))
    coloured = [raw for raw in map(Path.read_bytes, logs) if b"\x1b" in raw]
    assert coloured, "the LogChunks logs have colours"
    for raw in coloured:
        assert _speedups.strip_escapes(raw) == text._strip_escapes(raw)


@needs_c
def test_output_without_escape_sequences_is_handed_back_as_it_is() -> None:
    raw = b"plain text\n" * 100
    assert _speedups.strip_escapes(raw) is raw


@needs_c
@given(_OUTPUT, st.integers(-80, 80), st.integers(-80, 80))
def test_counting_lines_in_c_counts_what_bytes_count_counts(
    raw: bytes, start: int, end: int
) -> None:
    assert _speedups.count_lines(raw, start, end) == raw.count(b"\n", start, end)


@needs_c
@given(_OUTPUT, st.sampled_from([b"[0m", b"\n", b"0m", b"", b"error: x\n"]))
def test_looking_for_bytes_in_c_finds_what_in_finds(raw: bytes, part: bytes) -> None:
    assert _speedups.contains(raw, part) == (part in raw)


@needs_c
@given(_OUTPUT, st.integers(-3, 70), st.integers(-1, 8))
@example(b"", 1, 1)  # past the end: a slice's end, as in Python
def test_the_lines_above_a_place_are_cut_in_c_as_in_python(raw: bytes, end: int, k: int) -> None:
    assert _speedups.last_lines(raw, end, k) == lookback._last_lines(raw, end, k)


_SEGMENT = st.sampled_from(["", " ", "\t", "50%", "error: x", "\u00a0", "é", "\x07", " ok "])


@needs_c
@given(st.lists(_SEGMENT, min_size=1, max_size=6), st.sampled_from(["", "\n", "\r\n"]))
def test_the_segment_a_terminal_shows_starts_a_line_for_stage_one(
    segments: list[str], end: str
) -> None:
    line = "\r".join(segments) + end
    copy = _speedups.segments(b"ok\n" + line.encode() + b"\nnext\r\n")[3:]
    shown = text.visible(text.strip_ansi(line))
    starts = [len("\r".join(segments[:k]).encode()) + (k > 0) for k in range(len(segments))]
    # the segment shown (the last one with a character to see), as the scanner reads it
    k = max((k for k, seg in enumerate(segments) if seg == shown), default=0) if shown else 0
    assert starts[k] == 0 or copy[starts[k] - 1 : starts[k]] == b"\n"
    assert copy.replace(b"\r", b"\n") == line.encode().replace(b"\r", b"\n") + b"\nnext\n\n"
    assert prefilter._segments(line.encode()) == line.encode().replace(b"\r", b"\n")


@needs_c
def test_a_progress_line_is_one_line_to_stage_one_up_to_the_segment_shown() -> None:
    raw = b"x\n10%\r50%\r100%\r\nError: x\r   \r\n\r\rfoo"
    assert _speedups.segments(raw) == b"x\n10%\r50%\n100%\n\nError: x\n   \n\n\r\nfoo"
    plain = b"no returns\n"
    assert _speedups.segments(plain) is plain
    assert _speedups.segments(b"\r") == b"\n" and b"\r"[0] == 13  # a new object, not the shared one


@needs_c
def test_the_c_loops_take_bytes_only() -> None:
    with pytest.raises(TypeError, match="bytearray"):
        _speedups.strip_escapes(bytearray(b"\x1b[0m"))  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="3 arguments"):
        _speedups.count_lines(b"\n")  # type: ignore[call-arg]
    with pytest.raises(TypeError, match="bytes"):
        _speedups.segments(bytearray(b"a\rb"))  # type: ignore[arg-type]


@pytest.mark.parametrize("kind", [bytearray, memoryview])
def test_the_detector_reads_a_bytearray_or_a_view_as_it_reads_bytes(kind: type) -> None:
    raw = b"\x1b[31mnoise\x1b[0m\n" * 3 + b"\x1b[1msrc/a.c:3:5: error: 'x' undeclared\x1b[0m\n"
    report = detect([kind(raw)])
    assert [(e.file, e.line, e.message) for e in report.errors] == [
        ("src/a.c", 3, "'x' undeclared")
    ]
    assert strip_colour(raw) == ANSI_BYTES.sub(b"", raw)


def test_the_install_built_the_c_loops_where_a_c_compiler_was_at_hand() -> None:
    compiler = shutil.which("cc") or shutil.which("gcc")
    headers = Path(sysconfig.get_paths()["include"], "Python.h").is_file()
    if not (compiler and headers):
        pytest.skip("no C compiler or no Python headers: the Python loops are used")
    assert _speedups is not None, "setup.py builds pytest_errlearn.detect._speedups"


_REPORT = """
import json, sys
import pytest_errlearn
from pytest_errlearn.detect import detect, lookback
from pytest_errlearn.detect import text
report = detect(sys.stdin.buffer.read())
print(json.dumps({"c": text.speedups is not None, "report": report.to_dict()}))
"""


def _report(raw: bytes, *, without_c: bool, cwd: Path) -> dict[str, object]:
    """The report of ``raw`` in a new process, from the package this one runs
    (in a checkout, the one installed, not the source tree beside the tests)."""
    block = "import sys; sys.modules['pytest_errlearn.detect._speedups'] = None\n"
    code = (block if without_c else "") + _REPORT
    package = Path(pytest_errlearn.__file__).parent.parent
    env = {**os.environ, "PYTHONPATH": str(package)}
    done = subprocess.run(
        [sys.executable, "-c", code], input=raw, capture_output=True, check=True, cwd=cwd, env=env
    )
    return dict(json.loads(done.stdout))


def test_without_the_c_loops_the_detector_finds_the_same_errors_in_python(
    tmp_path: Path,
) -> None:
    raw = b"".join(
        [
            b"\x1b[0K\x1b[33;1m$ make\x1b[0m\n",
            b"\x1b]0;title\x07building\r\x1b[K50%\r\x1b[K100%\n" * 40,
            b"\x1b[1m\x1b[31msrc/a.c:3:5: \x1b[1;31merror:\x1b[0m 'x' undeclared\n",
            b"make: *** [Makefile:2: all] Error 1\n",
        ]
    )
    python = _report(raw, without_c=True, cwd=tmp_path)
    assert python["c"] is False
    if _speedups is not None:
        c = _report(raw, without_c=False, cwd=tmp_path)
        assert c["c"] is True
        assert c["report"] == python["report"]
    errors = python["report"]["errors"]  # type: ignore[index]
    assert [(e["file"], e["line"]) for e in errors][:1] == [("src/a.c", 3)]
