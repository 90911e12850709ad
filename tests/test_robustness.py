"""Bad input never breaks a scan: junk, huge lines, odd line ends, any bytes at all.

Each file-shaped case goes through ``errlearn scan`` as a user runs it (status
0, a valid report, no traceback, done within the helper's timeout); the
property tests feed ``detect`` arbitrary small logs in process.
"""

from __future__ import annotations

import itertools
import json
import random
from pathlib import Path
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st
from test_scan_command import check_report, errlearn

from pytest_errlearn.detect import Detector, detect

COMPILER_ERROR = b"src/app.c:3:5: error: 'x' undeclared (first use in this function)"


def lines_of(data: bytes) -> int:
    """Lines as the contract counts them: ``\\n`` ends one, a bare ``\\r`` does not."""
    return data.count(b"\n") + (1 if data and not data.endswith(b"\n") else 0)


def scanned(tmp_path: Path, data: bytes) -> dict[str, Any]:
    """``errlearn scan --json`` of ``data`` saved as a file: status 0 and a valid report."""
    log = tmp_path / "input.log"
    log.write_bytes(data)
    done = errlearn("scan", "--json", str(log), cwd=tmp_path)
    assert done.status == 0, done.stderr
    report: dict[str, Any] = json.loads(done.stdout)
    check_report(report, lines_of(data))
    return report


def spans(report: dict[str, Any]) -> list[list[int]]:
    return [e["span"] for e in report["errors"]]


def test_binary_junk_scans(tmp_path: Path) -> None:
    scanned(tmp_path, random.Random(3).randbytes(2_000_000))


def test_a_single_20_mb_line_scans_and_the_line_after_it_keeps_its_number(
    tmp_path: Path,
) -> None:
    report = scanned(tmp_path, b"error: " + b"x" * 20_000_000 + b"\n" + COMPILER_ERROR + b"\n")
    assert [2, 2] in spans(report)
    assert all(len(e["message"]) < 10_000 for e in report["errors"])


def test_invalid_utf8_scans_and_the_error_keeps_its_place(tmp_path: Path) -> None:
    report = scanned(tmp_path, b"\xff\xfe\xc3(junk\n" + COMPILER_ERROR + b" \xc3\x28\xa0\n")
    assert spans(report) == [[2, 2]]
    assert report["errors"][0]["file"] == "src/app.c"


def test_an_empty_log_scans_to_no_errors(tmp_path: Path) -> None:
    assert scanned(tmp_path, b"")["errors"] == []


def test_a_crlf_log_counts_its_lines_on_the_newlines(tmp_path: Path) -> None:
    report = scanned(tmp_path, b"step one\r\n" + COMPILER_ERROR + b"\r\nstep three\r\n")
    assert spans(report) == [[2, 2]]
    assert not report["errors"][0]["message"].endswith("\r")


def test_a_log_of_bare_carriage_returns_is_one_line(tmp_path: Path) -> None:
    report = scanned(tmp_path, b"step one\rstep two\r" + COMPILER_ERROR + b"\r")
    assert spans(report) == [[1, 1]]


def test_progress_bars_of_bare_carriage_returns_are_no_errors_and_keep_line_numbers(
    tmp_path: Path,
) -> None:
    bar = b"".join(b"Downloading %d%% [%s]\r" % (i, b"#" * (i // 5)) for i in range(101))
    report = scanned(tmp_path, (bar + b"\n") * 200 + COMPILER_ERROR + b"\n")
    assert spans(report) == [[201, 201]]


# -- any bytes into detect() --------------------------------------------------------

FRAGMENTS = (
    COMPILER_ERROR,
    b"Traceback (most recent call last):",
    b'  File "app.py", line 3, in <module>',
    b"ValueError: bad value",
    b"error: boom",
    b"Error: \x1b[31mred\x1b[0m",
    b"FAILED tests/test_a.py::test_x - assert 1 == 2",
    b"npm ERR! code E404",
    b"    at run (/src/app.js:3:5)",
    b"thread 'main' panicked at 'boom', src/main.rs:3:5",
    b"--- FAIL: TestX (0.00s)",
    b"[ERROR] /src/A.java:[3,5] cannot find symbol",
    b"make: *** [all] Error 1",
    b"warning: unused variable",
    b'{"error": null}',
    b"    3 |   x = 1;",
    b"ok",
    b"",
)
logs = st.lists(
    st.tuples(
        st.one_of(st.sampled_from(FRAGMENTS), st.binary(max_size=30)),
        st.sampled_from((b"\n", b"\r\n", b"\r", b"")),
    ),
    max_size=25,
).map(lambda parts: b"".join(line + end for line, end in parts))
tools = st.sampled_from((None, "cargo", "pytest", "npm", "gcc", "go", "maven", "tsc"))


@settings(max_examples=200, deadline=None)
@given(data=logs, tool=tools)
def test_detect_takes_any_bytes_and_reports_ordered_spans_inside_the_input(
    data: bytes, tool: str | None
) -> None:
    report = detect(data, tool)
    check_report(report.to_dict(), lines_of(data))
    for found in (report.errors, report.warnings):
        starts = [e.span[0] for e in found]
        assert starts == sorted(starts)


@settings(max_examples=100, deadline=None)
@given(data=logs, cuts=st.lists(st.integers(min_value=0, max_value=2000), max_size=6))
def test_a_log_fed_in_pieces_gives_the_report_of_the_whole(data: bytes, cuts: list[int]) -> None:
    detector = Detector()
    bounds = sorted({0, len(data), *(c for c in cuts if c < len(data))})
    for start, end in itertools.pairwise(bounds):
        detector.feed(data[start:end])
    assert detector.close().to_dict() == detect(data).to_dict()


def test_a_colour_code_that_lost_its_esc_reads_the_same_however_the_output_is_cut() -> None:
    data = b"src/app.c:3:5: error: 'x' undeclared\n" * 3 + b"Error: \x1b[31mred\x1b[0m\n[0m\n"
    whole = detect(data).to_dict()
    for cut in range(1, len(data)):
        detector = Detector()
        detector.feed(data[:cut])
        detector.feed(data[cut:])
        assert detector.close().to_dict() == whole


def test_a_line_whose_reset_lost_its_esc_reads_the_same_however_the_output_is_cut() -> None:
    data = b"make: x\n\x1b[31mok\x1b[0m\n[31mError: boom[0m\n[33;1mtext\n"
    whole = detect(data).to_dict()
    for cut in range(1, len(data)):
        detector = Detector()
        detector.feed(data[:cut])
        detector.feed(data[cut:])
        assert detector.close().to_dict() == whole
