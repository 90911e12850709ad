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
    def broken(data: bytes, tool: str | None, failed: bool | None = None) -> None:
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
    monkeypatch.setattr(prefilter, "find_for", lambda tool: words)
    monkeypatch.setattr(prefilter, "find_errors", lambda tool=None: words)
    differ = [str(log) for log in logs if detect(log.read_bytes()).to_dict() != automaton[log]]
    assert differ == []


# -- per language, leave one project out, the grep anchor ---------------------------


def test_the_anchor_greps_each_line_once_without_regard_to_case() -> None:
    data = b"ok\nBuild FAILED: error\n\x1b[31mFatal\x1b[0m\nexceptional\nnone\nerror"
    assert ci_logs.grep_lines(data) == (2, 3, 4, 6)
    assert ci_logs.grep_lines(b"") == ()


def test_a_log_belongs_to_its_project_folder_and_a_breakage_to_its_name_less_its_number() -> None:
    assert ci_logs.logchunks_project("logs/C/vim@vim/failed/1.log") == "vim@vim"
    assert ci_logs.cidiff_project("google_auto_693") == "google_auto"
    assert ci_logs.cidiff_project("cidiff_75") == "cidiff"


def test_a_projects_lines_are_cleaned_stripped_distinct_and_split_at_carriage_returns() -> None:
    text = scanning.project_lines([b"  \x1b[31merror: x\x1b[0m \r\nnext\rafter\n", b"next\n\n"])
    assert text.split("\n") == sorted({"error: x", "next", "after"})


def _row(name: str, pattern: str, *examples: str) -> Any:
    from pytest_errlearn.detect.formats import Format

    return Format(name, pattern, examples=examples)


def test_a_rows_fingerprints_are_its_examples_and_long_enough_parts_of_them() -> None:
    row = _row(
        "phpt",
        r"^FAIL (?P<msg>.+?) \[(?P<file>[^\]\s]+\.phpt)\]$",
        "FAIL Bug #1 (x) [ext/standard/tests/file/bug1.phpt]",
    )
    assert scanning.fingerprints(row) == {
        "FAIL Bug #1 (x) [ext/standard/tests/file/bug1.phpt]",
        "ext/standard/tests/file/bug1.phpt",  # the file: long enough to tell apart
    }  # the message "Bug #1 (x)" is not
    assert scanning.fingerprints(_row("short", r"^FAIL$", "FAIL")) == set()
    exception = _row("exc", r"^(?P<msg>\w+Exception)$", "IllegalArgumentException")
    assert scanning.fingerprints(exception) == {"IllegalArgumentException"}  # the line alone
    assert scanning.fingerprints(_row("x", r"^E: (?P<msg>\w+)$", "E: IllegalStateException")) == {
        "E: IllegalStateException"
    }  # not its bare-word message


def test_a_row_comes_from_the_projects_whose_logs_hold_its_examples_unless_they_are_common() -> (
    None
):
    projects = {
        "a": "x\nFound errors in Test_popup():\n[INFO] BUILD FAILURE",
        "b": "[INFO] BUILD FAILURE\nFAIL ok [t/bug1.phpt]",
        "c": "[INFO] BUILD FAILURE",
        "d": "[INFO] BUILD FAILURE",
    }
    rows = [
        _row("vim", r"^\s*Found errors in (?P<test>\w+)\(\):$", "Found errors in Test_popup():"),
        _row("maven", r"^\[INFO\] BUILD FAILURE$", "[INFO] BUILD FAILURE"),
        _row("none", r"^boom: (?P<msg>.+)$", "boom: nothing like it anywhere"),
    ]
    assert scanning.provenance(rows, projects, common=3) == {"vim": ("a",)}
    assert scanning.provenance(rows, projects, common=4) == {"vim": ("a",), "maven": tuple("abcd")}
    sources = {"vim": ("a",), "maven": ("a", "b")}
    assert scanning.rows_from(sources, "a") == {"vim", "maven"}
    assert scanning.rows_from(sources, "c") == frozenset()


def test_the_provenance_search_gives_the_same_without_re2(monkeypatch: pytest.MonkeyPatch) -> None:
    projects = {"a": "one line\nanother [x] (y) line", "b": "another [x] (y) line\nthird"}
    texts = ["another [x] (y)", "third", "absent", "line\nanother"]
    expected = [{"a", "b"}, {"b"}, set(), set()]
    assert scanning.occurrences(texts, projects) == expected
    monkeypatch.setattr(scanning, "re2_set", lambda *a, **k: None)
    assert scanning.occurrences(texts, projects) == expected


def test_rows_switched_off_stop_finding_their_lines_and_come_back_after() -> None:
    from pytest_errlearn.detect import detect

    data = b"compiling\nsrc/a.c:3:5: error: 'x' undeclared\n"
    before = detect(data).to_dict()
    row = detect(data).errors[0].kind
    with scanning.rows_off({row}):
        inside = detect(data)
        assert all(e.kind != row for e in inside.errors)
    assert detect(data).to_dict() == before
    with scanning.rows_off(set()):
        assert detect(data).to_dict() == before


def test_a_log_scored_with_its_projects_rows_off_uses_that_scan_and_grep_its_lines() -> None:
    from pytest_errlearn.report import Error, Report

    def scanned(*spans: tuple[int, int]) -> Any:
        errors = [Error(message="x", text="x", span=s) for s in spans]
        report = Report(errors=errors, primary_index=0 if errors else None)
        return scanning.Scan("logs/C/vim@vim/failed/1.log", 10, 0.0, report)

    case = ci_logs.ChunkCase(scanned((9, 9), (4, 5)), (5, 6), "chunk", grep=(2, 6))
    assert (case.language, case.project) == ("C", "vim@vim")
    assert (case.found, case.primary_inside, case.lopo_found, case.lopo_primary) == (
        True, False, True, False,
    )  # fmt: skip
    assert (case.grep_found, case.grep_first, case.lines_flagged) == (True, False, 3)
    case.lopo = scanned()
    assert (case.lopo_found, case.lopo_primary) == (False, False)


def test_leave_one_project_out_rescans_only_the_projects_rows_came_from(
    logchunks: Any, corpora: Path
) -> None:
    off = logchunks.switched_off()
    projects = {c.project for c in logchunks.cases}
    assert set(off) <= projects
    for c in logchunks.cases:
        assert (c.lopo is not None) is (c.project in off), c.scan.name
    assert logchunks.lopo_recall <= logchunks.recall
    known = set(ci_logs.corpus_projects(corpora))
    assert {p for ps in logchunks.sources.values() for p in ps} <= known


def test_the_logchunks_report_shows_each_language_lopo_and_grep(logchunks: Any) -> None:
    lines = harness.report_logchunks(logchunks)
    table = [line.split() for line in lines if line.startswith("    ")]
    languages = {c.language for c in logchunks.cases}
    assert languages | {"all"} <= {row[0] for row in table}
    assert any(line.strip().startswith("leave one project out: recall") for line in lines)
    assert any("anchor grep" in line for line in lines)


def test_cidiff_recall_with_rows_off_is_per_project(cidiff: Any) -> None:
    parts = cidiff.by_project()
    assert sum(len(p.cases) for p in parts.values()) == len(cidiff.cases)
    for project, part in parts.items():
        assert all(c.project == project for c in part.cases)
        assert part.recall(0, lopo=True) <= part.recall(0)
