"""The detector against issue 2's targets on real tool output (the shared corpora).

The figures come from ``benchmarks/corpora.py`` (the same functions its CLI
prints); run ``python benchmarks/corpora.py all --failures 5`` to see the misses
behind a failing figure. Each corpus is scanned once per module.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

BENCHMARKS = Path(__file__).resolve().parents[1] / "benchmarks"


def _load(name: str) -> ModuleType:
    """``benchmarks/`` is scripts, not a package: a harness module by its path
    (its siblings, which it imports, found beside it)."""
    if str(BENCHMARKS) not in sys.path:
        sys.path.append(str(BENCHMARKS))
    spec = importlib.util.spec_from_file_location(name, BENCHMARKS / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up while being built
    spec.loader.exec_module(module)
    return module


harness = _load("corpora")  # the evaluations and the printed reports
ci_logs = sys.modules["corpus_ci"]  # how LogChunks and cidiff labels are read
tool_outputs = sys.modules["corpus_tools"]  # ... errorformat's and analysis-model's
scanning = sys.modules["corpus_scan"]


@pytest.fixture(scope="module")
def logchunks(corpora: Path) -> Any:
    return harness.evaluate_logchunks(corpora)


@pytest.fixture(scope="module")
def cidiff(corpora: Path) -> Any:
    return harness.evaluate_cidiff(corpora)


@pytest.fixture(scope="module", params=["errorformat", "analysis-model"])
def extraction(request: pytest.FixtureRequest, corpora: Path) -> Any:
    evaluate = {
        "errorformat": harness.evaluate_errorformat,
        "analysis-model": harness.evaluate_analysis_model,
    }[request.param]
    return evaluate(corpora)


def _figures(lines: list[str]) -> str:
    return "\n".join(lines)


def test_the_labelled_reason_of_95_percent_of_failed_builds_is_reported(logchunks: Any) -> None:
    recall = logchunks.recall
    assert recall >= 0.95, _figures(harness.report_logchunks(logchunks, 5))


def test_the_primary_error_is_inside_the_labelled_chunk_in_80_percent_of_logs(
    logchunks: Any,
) -> None:
    primary = logchunks.primary
    assert primary >= 0.80, _figures(harness.report_logchunks(logchunks, 5))


def test_a_failed_build_log_yields_a_median_of_at_most_5_errors(logchunks: Any) -> None:
    median = logchunks.errors_per_log.median
    assert median <= 5, _figures(harness.report_logchunks(logchunks))


def test_95_percent_of_the_labelled_cidiff_error_ranges_are_reported(cidiff: Any) -> None:
    recall = cidiff.recall()
    assert recall >= 0.95, _figures(harness.report_cidiff(cidiff, 5))


def test_a_passing_build_log_yields_a_median_of_at_most_1_error(cidiff: Any) -> None:
    median = cidiff.pass_errors.median
    assert median <= 1, _figures(harness.report_cidiff(cidiff, 5))


def test_95_percent_of_expected_errors_are_found_with_their_exact_file_and_line(
    extraction: Any,
) -> None:
    exact = extraction.exact
    assert exact >= 0.95, _figures(harness.report_extraction(extraction, 10))


def test_no_warning_is_reported_as_an_error(extraction: Any) -> None:
    wrong = extraction.warnings_as_errors
    assert wrong == 0, _figures(harness.report_extraction(extraction, 10))


def test_every_file_of_every_corpus_scans_without_a_crash_in_bounded_time(corpora: Path) -> None:
    result = harness.evaluate_robustness(corpora)
    assert len(result.scans) > 1000  # every file was read, not a corner of the tree
    failures = [s.name for s in result.failures]
    assert not failures, _figures(harness.report_robustness(result))


# -- the harness's own reading of the labels (no corpora needed) --------------------


def test_a_groundtruth_is_read_as_its_mode_error_ranges_and_context_lines() -> None:
    truth = ci_logs.parse_groundtruth("DEFAULT\nE 34-45\nC 33\nE 56\n")
    assert (truth.mode, truth.errors, truth.context) == ("DEFAULT", ((34, 45), (56, 56)), (33,))


def test_a_groundtruth_with_an_unknown_entry_is_refused() -> None:
    with pytest.raises(ValueError, match="X 3"):
        ci_logs.parse_groundtruth("DEFAULT\nX 3\n")


def test_cidiff_logs_count_lines_as_javas_readline_does() -> None:
    assert ci_logs.java_lines(b"a\r\nb\rc\n") == b"a\nb\nc\n"


@pytest.mark.parametrize(
    ("reported", "expected", "same"),
    [
        ("./src/a.py", "src/a.py", True),
        ("C:\\work\\src\\a.cs", "src/a.cs", True),
        ("a.py", "/home/me/proj/a.py", True),
        ("src/ba.py", "a.py", False),
        ("src/a.py", "src/b.py", False),
    ],
)
def test_a_reported_file_matches_an_expected_one_on_a_path_suffix(
    reported: str, expected: str, same: bool
) -> None:
    assert tool_outputs.same_file(reported, expected) is same


@pytest.mark.parametrize(
    ("entry", "other", "kind"),
    [
        ({"type": "error", "text": "x"}, None, "error"),
        ({"type": "w", "text": "x"}, "error", "warning"),
        ({"type": None, "text": "warning: unused import"}, None, "warning"),
        ({"type": "note", "text": "x"}, "error", None),
        ({"type": "F", "text": "'os' imported but unused"}, "error", "error"),
        ({"type": None, "text": "self-assignment of x to x"}, None, None),
    ],
)
def test_an_errorformat_entry_is_an_error_a_warning_or_left_out(
    entry: dict[str, Any], other: str | None, kind: str | None
) -> None:
    assert tool_outputs.errorformat_kind(entry, other) == kind


def test_a_lint_code_letter_decides_an_analysis_model_issue_kind() -> None:
    issue = {"type": "E302", "severity": "WARNING_NORMAL", "file": "a.py", "line": 4}
    kind = tool_outputs.analysis_kind
    assert kind("Flake8AdapterTest", "f.txt", issue) == "error"
    assert kind("GccParserTest", "g.txt", {"severity": "WARNING_HIGH"}) == "error"
    assert kind("GccParserTest", "g.txt", {"severity": "WARNING_LOW"}) == "warning"
    assert kind("JavacParserTest", "j.txt", {"message": "Test1"}) is None


def test_a_scan_that_raises_is_recorded_not_raised(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(data: bytes, tool: str | None) -> None:
        raise RuntimeError("boom")

    monkeypatch.setattr(scanning, "detect", broken)
    found = scanning.scan("x.log", b"error: x\n")
    assert (found.report, found.failure, found.errors) == (None, "RuntimeError: boom", [])


def test_without_re2_the_corpora_give_the_same_reports(
    corpora: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Stage 1's fallback (``WORDS``) lets more lines through, never fewer."""
    from pytest_errlearn.detect import detect, prefilter

    if prefilter.ENGINE != "re2":
        pytest.skip("the automaton to compare with needs re2")
    logs = [
        *sorted(corpora.glob("cidiff/*/fail.log")),
        *sorted(corpora.glob("analysis-model/**/*.txt")),
        *sorted(corpora.glob("errorformat/**/*.in")),
        *sorted(corpora.glob("logchunks/logs/*/*/failed/*.log"))[::6],
    ]
    assert len(logs) > 100
    automaton = {log: detect(log.read_bytes()).to_dict() for log in logs}
    words = prefilter.via_search(prefilter.words())
    monkeypatch.setattr(prefilter, "find", words)
    monkeypatch.setattr(prefilter, "find_errors", lambda: words)
    differ = [str(log) for log in logs if detect(log.read_bytes()).to_dict() != automaton[log]]
    assert differ == []
