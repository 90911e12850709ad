"""The generic rows' false positives, checked regex by regex behind their words,
say what one alternation of the same regexes says."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from pytest_errlearn.detect import falsepos
from pytest_errlearn.detect.formats import TABLE

ONE_ALTERNATION = re.compile("|".join(rx.pattern for rx, _, _ in falsepos._GENERIC))

LINES = [
    "  // handle_error(x)",
    "  # comment: error",
    "#1 error in build",
    "-- error",
    ";; fail",
    "   * @throws IOException",
    "x @throws y",
    "onError fired",
    "raise_error: boom",
    "\u00e9handle_error: boom",
    "console.error('x')",
    "print (error)",
    "  except ValueError:",
    "MY_ERROR happened",
    "ERROR_CODE=1",
    "set ERRORLEVEL=1",
    "x_ERROR= 2",
    "errorHandler called",
    "  $ make test",
    "\u2003$ make",
    "  + CC=gcc make",
    "gcc -Werror -c a.c",
    "--fail-fast given",
    "using errorprone",
    "Downloading error-pkg-1.0.tar.gz",
    "remote: error: denied",
    "FAILED tests/test_cart.py::test_total[3] - AssertionError: assert 3 == 0",
    "src/app.c:3:5: error: 'x' undeclared",
]


def test_each_line_is_generic_exactly_where_one_alternation_finds_it() -> None:
    assert any(falsepos._generic(line) for line in LINES)
    assert not all(falsepos._generic(line) for line in LINES)
    for line in LINES:
        assert falsepos._generic(line) == (ONE_ALTERNATION.search(line) is not None), line


def test_every_rows_example_and_corpus_line_reads_as_one_alternation_reads_it(
    corpora: Path,
) -> None:
    lines = [example for row in TABLE.rows for example in row.examples]
    logs = sorted((corpora / "logchunks" / "logs").rglob("*.log"))[:15]
    if not logs:
        pytest.skip("no LogChunks logs in the corpora")
    for log in logs:
        lines += log.read_bytes().decode("utf-8", "replace").splitlines()
    for line in lines:
        assert falsepos._generic(line) == (ONE_ALTERNATION.search(line) is not None), line
