"""The starter library against real messages of the failures it knows.

Each built-in pattern has one real message in ``library_samples.SAMPLES``: a
line of the shared corpora (by path and line), or the output of a real tool
run made here (when the machine has the tool). The message goes through the
whole pipeline (detector, then matcher), and the expected pattern must win.
"""

from __future__ import annotations

import glob
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from library_samples import PY, SAMPLES, UNRELATED, Corpus, Run, Snippet

from pytest_errlearn.detect import detect, tool_from_command
from pytest_errlearn.matching.matcher import Matcher
from pytest_errlearn.matching.patterns import builtin_patterns
from pytest_errlearn.report import CATEGORIES, Report


def _bytes(sample: Corpus | Snippet | Run, corpora: Path | None, tmp: Path) -> bytes:
    if isinstance(sample, Corpus):
        assert corpora is not None
        lines = (corpora / sample.path).read_bytes().split(b"\n")
        return b"\n".join(lines[sample.line - 1 : sample.line - 1 + sample.lines]) + b"\n"
    if isinstance(sample, Snippet):
        assert corpora is not None
        row = (corpora / sample.path).read_text(encoding="utf-8").splitlines()[sample.line - 1]
        return str(json.loads(row)[sample.field]).encode()
    return _run(sample, tmp)


_RUNS: dict[Run, bytes] = {}


def _run(sample: Run, tmp: Path) -> bytes:
    if sample in _RUNS:
        return _RUNS[sample]
    needed = sample.requires or sample.argv[0]
    if needed != PY and not (glob.glob(needed) if os.sep in needed else shutil.which(needed)):
        pytest.skip(f"{needed} is not on this machine")
    for name, text in sample.files:
        (tmp / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp / name).write_text(text)
    argv = [a.replace(PY, sys.executable).replace("{tmp}", str(tmp)) for a in sample.argv]
    env = {
        **os.environ,
        "NO_COLOR": "1",
        "GOPROXY": "off",
        "GOFLAGS": "",
        "GOCACHE": str(tmp / ".gocache"),
        "MYPY_CACHE_DIR": str(tmp / ".mypy"),
        "GIT_CEILING_DIRECTORIES": str(tmp.parent),
        **dict(sample.env),
    }
    env.pop("PYTHONPATH", None)
    proc = subprocess.run(argv, cwd=tmp, capture_output=True, timeout=120, env=env)
    _RUNS[sample] = proc.stdout + proc.stderr
    return _RUNS[sample]


@pytest.fixture(scope="module")
def matcher() -> Matcher:
    return Matcher(builtin_patterns())


def _report(sample: Corpus | Snippet | Run, request: pytest.FixtureRequest, tmp: Path) -> Report:
    corpora = request.getfixturevalue("corpora") if not isinstance(sample, Run) else None
    data = _bytes(sample, corpora, tmp)
    return detect(data, tool_from_command(sample.command), command=sample.command)


@pytest.mark.parametrize("pattern_id", sorted(SAMPLES))
def test_each_builtin_pattern_wins_on_a_real_message_of_its_failure(
    pattern_id: str, matcher: Matcher, request: pytest.FixtureRequest, tmp_path: Path
) -> None:
    sample = SAMPLES[pattern_id]
    report = _report(sample, request, tmp_path)
    matcher.match_report(report)
    found = [(e.message, e.match.pattern if e.match else None) for e in report.errors]
    assert pattern_id in [m for _, m in found], found


def _unrelated_id(sample: Corpus | Run) -> str:
    return (
        f"{Path(sample.path).name}:{sample.line}" if isinstance(sample, Corpus) else sample.argv[-1]
    )


@pytest.mark.parametrize("sample", UNRELATED, ids=_unrelated_id)
def test_no_builtin_pattern_claims_an_unrelated_real_error(
    sample: Corpus | Run, matcher: Matcher, request: pytest.FixtureRequest, tmp_path: Path
) -> None:
    report = _report(sample, request, tmp_path)
    assert report.errors, "the detector must see an error here, or this test proves nothing"
    matcher.match_report(report)
    assert [(e.message, e.match.pattern) for e in report.errors if e.match] == []


def test_every_builtin_pattern_has_a_real_message_in_the_table() -> None:
    assert sorted(p.id for p in builtin_patterns()) == sorted(SAMPLES)


def test_the_library_is_large_categorised_and_retries_only_transient_failures() -> None:
    patterns = builtin_patterns()
    assert len(patterns) >= 80
    assert all(p.category in CATEGORIES for p in patterns)
    assert all(p.category == "network" for p in patterns if p.retry)
    assert {p.source.split(":")[0] for p in patterns} >= {
        "library/python.toml",
        "library/node.toml",
        "library/rust.toml",
        "library/go.toml",
        "library/c.toml",
        "library/java.toml",
        "library/docker.toml",
        "library/git.toml",
        "library/network.toml",
    }


@pytest.mark.parametrize(
    "output",
    [
        b"pip._vendor.urllib3.exceptions.ReadTimeoutError: HTTPSConnectionPool("
        b"host='files.pythonhosted.org', port=443): Read timed out.\n",
        b"npm ERR! code ETIMEDOUT\nnpm ERR! network request to https://registry.npmjs.org/x "
        b"failed, reason: connect ETIMEDOUT 104.16.0.35:443\n",
        b"curl: (28) Operation timed out after 30001 milliseconds with 0 bytes received\n",
    ],
    ids=["pip", "npm", "curl"],
)
def test_the_timeout_pattern_knows_other_tools_wordings_by_its_regex(
    output: bytes, matcher: Matcher
) -> None:
    """Worded unlike the trigger, these reach the pattern through ``match`` only
    (which once held TOML backspaces where ``\\b`` was meant, and matched nothing)."""
    report = detect(output)
    matcher.match_report(report)
    assert [(e.match.pattern, e.match.method) for e in report.errors if e.match] == [
        ("net-timed-out", "regex")
    ]
