"""The CI formats, each parsed back the way its consumer would read it."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest

from pytest_errlearn.detect import detect
from pytest_errlearn.detect.signature import signature
from pytest_errlearn.output.ciformats import FORMATS, render, write_markdown_summary
from pytest_errlearn.report import Error, Match, Report


def make_error(message: str, **kw: Any) -> Error:
    err = Error(message=message, text=kw.pop("text", message), **kw)
    err.signature = signature(
        message, tool=err.tool, category=err.category, code=err.code, file=err.file
    )
    if not err.block:
        err.block = [err.text]
    return err


def sample(root: Path) -> Report:
    """Four errors: a matched one, the root cause, one without a place, one absolute path."""
    missing = make_error(
        "ModuleNotFoundError: No module named 'requests'",
        tool="pytest",
        category="dependency",
        severity="blocking",
        file="tests/test_api.py",
        line=3,
        column=1,
        match=Match("py-missing-module", 0.91, "semantic", "pip install requests"),
    )
    typo = make_error(
        "Type 'string' is not assignable to type 'number'.",
        tool="tsc",
        category="type",
        severity="high",
        file="./src/app.ts",
        line=42,
        column=5,
        code="TS2322",
    )
    vague = make_error("something | broke with `code`", category="unknown", severity="medium")
    absolute = make_error(
        "unused variable",
        category="build",
        severity="low",
        file=str(root / "lib" / "x.c"),
        line=7,
    )
    return Report(errors=[typo, missing, vague, absolute], command="make", primary_index=1)


@pytest.fixture
def report(tmp_path: Path) -> Report:
    return sample(tmp_path)


# -- SARIF ----------------------------------------------------------------------------

# The properties SARIF 2.1.0 allows on the objects errlearn writes (the schema
# has additionalProperties false on each), and the ones it requires.
SARIF_ALLOWED = {
    "log": {"$schema", "version", "runs", "inlineExternalProperties", "properties"},
    "driver": {
        "name",
        "version",
        "informationUri",
        "rules",
        "semanticVersion",
        "fullName",
        "organization",
        "properties",
        "shortDescription",
        "fullDescription",
    },
    "rule": {
        "id",
        "name",
        "shortDescription",
        "fullDescription",
        "help",
        "helpUri",
        "defaultConfiguration",
        "properties",
        "messageStrings",
    },
    "result": {
        "ruleId",
        "ruleIndex",
        "rule",
        "kind",
        "level",
        "message",
        "locations",
        "partialFingerprints",
        "fingerprints",
        "properties",
        "relatedLocations",
    },
    "physical": {"address", "artifactLocation", "region", "contextRegion", "properties"},
    "artifact": {"uri", "uriBaseId", "index", "description", "properties"},
    "region": {"startLine", "startColumn", "endLine", "endColumn", "snippet", "message"},
}


def check_sarif_shape(log: dict[str, Any]) -> None:
    assert set(log) <= SARIF_ALLOWED["log"] and {"version", "runs"} <= set(log)
    assert log["version"] == "2.1.0" and log["$schema"].endswith("sarif-2.1.0.json")
    (run,) = log["runs"]
    driver = run["tool"]["driver"]
    assert set(driver) <= SARIF_ALLOWED["driver"] and driver["name"] == "errlearn"
    for rule in driver["rules"]:
        assert set(rule) <= SARIF_ALLOWED["rule"] and rule["id"]
        assert rule["shortDescription"]["text"] and rule["help"]["text"]
    for result in run["results"]:
        assert set(result) <= SARIF_ALLOWED["result"] and result["message"]["text"]
        assert result["level"] in ("none", "note", "warning", "error")
        assert driver["rules"][result["ruleIndex"]]["id"] == result["ruleId"]
        for loc in result.get("locations", []):
            physical = loc["physicalLocation"]
            assert set(physical) <= SARIF_ALLOWED["physical"]
            assert set(physical["artifactLocation"]) <= SARIF_ALLOWED["artifact"]
            region = physical.get("region", {})
            assert set(region) <= SARIF_ALLOWED["region"]
            assert all(isinstance(v, int) and v >= 1 for v in region.values())


def test_sarif_parses_back_with_the_keys_the_2_1_0_schema_requires(
    report: Report, tmp_path: Path
) -> None:
    log = json.loads(render(report, "sarif", root=tmp_path))
    check_sarif_shape(log)
    results = log["runs"][0]["results"]
    assert results[0]["ruleId"] == "py-missing-module"  # the root cause comes first
    assert [r["partialFingerprints"]["errlearn/v1"] for r in results] == [
        e.signature for e in report.ordered()
    ]


def test_sarif_has_one_rule_per_pattern_and_per_category_with_the_fix_as_help(
    tmp_path: Path,
) -> None:
    a = make_error("boom a", category="runtime", severity="high")
    b = make_error("boom b", category="runtime", severity="high")
    c = make_error(
        "No module named 'x'",
        category="dependency",
        severity="blocking",
        match=Match("py-missing-module", 0.8, "regex", "pip install x"),
    )
    log = json.loads(render(Report(errors=[a, b, c]), "sarif", root=tmp_path))
    rules = log["runs"][0]["tool"]["driver"]["rules"]
    assert [r["id"] for r in rules] == ["errlearn/runtime", "py-missing-module"]
    assert rules[1]["help"]["text"] == "pip install x"
    assert [r["ruleIndex"] for r in log["runs"][0]["results"]] == [0, 0, 1]


@pytest.mark.parametrize(
    ("severity", "level"),
    [("blocking", "error"), ("high", "error"), ("medium", "warning"), ("low", "note")],
)
def test_sarif_levels_follow_the_severity(severity: str, level: str, tmp_path: Path) -> None:
    err = make_error("x failed", severity=severity)
    log = json.loads(render(Report(errors=[err]), "sarif", root=tmp_path))
    assert log["runs"][0]["results"][0]["level"] == level


def test_sarif_locations_are_relative_with_line_and_column_and_the_root_without_a_file(
    report: Report, tmp_path: Path
) -> None:
    results = json.loads(render(report, "sarif", root=tmp_path))["runs"][0]["results"]
    by_message = {r["message"]["text"].split("\n")[0]: r for r in results}
    typo = by_message["Type 'string' is not assignable to type 'number'."]["locations"][0]
    assert typo["physicalLocation"]["artifactLocation"] == {
        "uri": "src/app.ts",
        "uriBaseId": "%SRCROOT%",
    }
    assert typo["physicalLocation"]["region"] == {"startLine": 42, "startColumn": 5}
    inside = by_message["unused variable"]["locations"][0]["physicalLocation"]
    assert inside["artifactLocation"]["uri"] == "lib/x.c"
    assert inside["region"] == {"startLine": 7}
    nowhere = by_message["something | broke with `code`"]["locations"][0]["physicalLocation"]
    assert nowhere == {"artifactLocation": {"uri": ".", "uriBaseId": "%SRCROOT%"}}
    matched = by_message["ModuleNotFoundError: No module named 'requests'"]
    assert matched["message"]["text"].endswith("\nFix: pip install requests")


def test_a_path_outside_the_root_becomes_a_file_uri(tmp_path: Path) -> None:
    err = make_error("bad", file="/opt/other dir/y.c", line=1)
    log = json.loads(render(Report(errors=[err]), "sarif", root=tmp_path / "project"))
    artifact = log["runs"][0]["results"][0]["locations"][0]["physicalLocation"]
    assert artifact["artifactLocation"] == {"uri": "file:///opt/other%20dir/y.c"}


def test_a_report_without_errors_is_a_valid_empty_sarif_run(tmp_path: Path) -> None:
    log = json.loads(render(Report(), "sarif", root=tmp_path))
    check_sarif_shape(log)
    assert log["runs"][0]["results"] == [] and log["runs"][0]["tool"]["driver"]["rules"] == []


# -- GitLab Code Quality ------------------------------------------------------------------


def test_gitlab_code_quality_entries_have_every_field_gitlab_reads(
    report: Report, tmp_path: Path
) -> None:
    entries = json.loads(render(report, "gitlab", root=tmp_path))
    assert isinstance(entries, list) and len(entries) == 4
    for entry in entries:
        assert {"description", "check_name", "fingerprint", "severity", "location"} <= set(entry)
        assert entry["severity"] in ("info", "minor", "major", "critical", "blocker")
        assert isinstance(entry["location"]["path"], str) and entry["location"]["path"]
        assert entry["location"]["lines"]["begin"] >= 1
    first, typo, vague, absolute = entries
    assert first["check_name"] == "py-missing-module" and first["severity"] == "blocker"
    assert first["description"].endswith("(fix: pip install requests)")
    assert typo["location"] == {"path": "src/app.ts", "lines": {"begin": 42}}
    assert typo["severity"] == "critical" and typo["check_name"] == "errlearn/type"
    assert vague["location"]["lines"]["begin"] == 1 and vague["severity"] == "major"
    assert absolute["location"]["path"] == "lib/x.c" and absolute["severity"] == "minor"


def test_gitlab_fingerprints_differ_for_the_same_error_at_two_places(tmp_path: Path) -> None:
    here = make_error("boom", file="a.py", line=1)
    there = make_error("boom", file="a.py", line=1)
    assert here.signature == there.signature
    entries = json.loads(render(Report(errors=[here, there]), "gitlab", root=tmp_path))
    assert len({e["fingerprint"] for e in entries}) == 2


# -- JUnit XML -----------------------------------------------------------------------------

NASTY = 'bad \x1b[31mred\x1b[0m \x00nul & <tag> "quoted" \x07bell'


def test_junit_xml_parses_even_with_escape_codes_nul_and_markup_in_messages(
    tmp_path: Path,
) -> None:
    err = make_error(
        NASTY,
        category="runtime",
        severity="high",
        file="a.py",
        line=2,
        block=[NASTY, "  more \x0bdetail"],
    )
    xml = render(Report(errors=[err], primary_index=0), "junit", root=tmp_path)
    root = ET.fromstring(xml)
    assert root.tag == "testsuites"
    (suite,) = root
    assert suite.get("name") == "errlearn" and suite.get("tests") == "1"
    (case,) = suite
    failure = case.find("failure")
    assert failure is not None
    assert failure.get("message") == 'bad red nul & <tag> "quoted" bell'
    assert failure.get("type") == "runtime"
    assert failure.text == 'bad red nul & <tag> "quoted" bell\n  more detail'
    assert case.get("name") == 'a.py:2: bad red nul & <tag> "quoted" bell'


# What Jenkins' strictest JUnit schema (xunit's junit-10.xsd) allows: the attributes
# of each element, and those an element must have.
JUNIT_10 = {
    "testsuites": ({"name", "time", "tests", "failures", "errors"}, set()),
    "testsuite": (
        {
            "name",
            "tests",
            "failures",
            "errors",
            "group",
            "time",
            "skipped",
            "timestamp",
            "hostname",
            "id",
            "package",
            "file",
            "log",
            "url",
        },
        {"name", "tests", "failures", "errors"},
    ),
    "testcase": ({"name", "time", "classname", "group"}, {"name"}),
    "failure": ({"type", "message"}, set()),
}


def test_junit_holds_only_what_the_strictest_jenkins_schema_allows(
    report: Report, tmp_path: Path
) -> None:
    for element in ET.fromstring(render(report, "junit", root=tmp_path)).iter():
        allowed, required = JUNIT_10[element.tag]
        assert required <= set(element.attrib) <= allowed, element.tag


def test_junit_puts_a_failing_tests_place_at_the_head_of_its_text(tmp_path: Path) -> None:
    err = make_error(
        "AssertionError: assert 1 == 2",
        category="assertion",
        test="tests/test_a.py::test_one",
        file="tests/test_a.py",
        line=7,
    )
    failure = ET.fromstring(render(Report(errors=[err]), "junit", root=tmp_path))[0][0][0]
    assert failure.text is not None and failure.text.startswith("at tests/test_a.py:7\n")


def test_junit_has_one_failing_test_case_per_error_root_cause_first(
    report: Report, tmp_path: Path
) -> None:
    suite = ET.fromstring(render(report, "junit", root=tmp_path))[0]
    cases = suite.findall("testcase")
    assert len(cases) == 4 == int(suite.get("failures", "0"))
    assert cases[0].get("name") == (
        "tests/test_api.py:3: ModuleNotFoundError: No module named 'requests'"
    )
    failure = cases[0].find("failure")
    assert failure is not None and failure.text is not None
    assert failure.text.endswith("fix: pip install requests")
    assert [c.find("failure").get("type") for c in cases] == [  # type: ignore[union-attr]
        "dependency",
        "type",
        "unknown",
        "build",
    ]


def test_junit_of_a_pytest_report_names_the_cases_after_the_tests(tmp_path: Path) -> None:
    err = make_error(
        "AssertionError: assert 1 == 2", category="assertion", test="tests/test_a.py::test_one[x-1]"
    )
    case = ET.fromstring(render(Report(errors=[err]), "junit", root=tmp_path))[0][0]
    assert case.get("name") == "tests/test_a.py::test_one[x-1]"


# -- Markdown ------------------------------------------------------------------------------


def split_row(row: str) -> list[str]:
    """A GFM table row's cells, unescaped, as a Markdown renderer reads them."""
    cells = re.split(r"(?<!\\)\|", row.strip())[1:-1]
    return [re.sub(r"\\(.)", r"\1", c.strip()) for c in cells]


def test_markdown_is_a_table_root_cause_first_that_reads_back_to_the_messages(
    report: Report, tmp_path: Path
) -> None:
    text = render(report, "markdown", root=tmp_path)
    lines = text.splitlines()
    assert lines[0] == "### errlearn: 4 errors, 1 with a known fix"
    header = split_row(lines[2])
    assert header == ["", "location", "category", "message", "fix"]
    rows = [split_row(line) for line in lines[4:]]
    assert rows[0] == [
        "root cause",
        "tests/test_api.py:3",
        "dependency",
        "ModuleNotFoundError: No module named 'requests'",
        "pip install requests",
    ]
    assert rows[2][3] == "something | broke with `code`"  # escaped, then read back whole
    assert all(len(r) == 5 for r in rows)
    assert rows[3][1] == "lib/x.c:7"


def test_markdown_escapes_pipes_and_backticks() -> None:
    from pytest_errlearn.output.ciformats import markdown_cell

    assert markdown_cell("a | b `c`\nd") == r"a \| b \`c\` d"


def test_the_step_summary_is_appended_when_github_sets_it(
    report: Report, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    summary = tmp_path / "summary.md"
    summary.write_text("earlier step\n", encoding="utf-8")
    monkeypatch.setenv("GITHUB_STEP_SUMMARY", str(summary))
    assert write_markdown_summary(report, root=tmp_path)
    text = summary.read_text(encoding="utf-8")
    assert text.startswith("earlier step\n### errlearn: 4 errors")


def test_no_step_summary_is_written_outside_github(
    report: Report, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("GITHUB_STEP_SUMMARY", raising=False)
    assert not write_markdown_summary(report)


def test_an_unwritable_step_summary_is_a_note_not_a_failure(
    report: Report,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.setenv("GITHUB_STEP_SUMMARY", str(tmp_path / "missing" / "summary.md"))
    assert not write_markdown_summary(report)
    assert "cannot write $GITHUB_STEP_SUMMARY" in capsys.readouterr().err


def test_markdown_says_so_when_there_are_no_errors(tmp_path: Path) -> None:
    assert render(Report(), "markdown", root=tmp_path) == "### errlearn: no errors found"


# -- all formats ------------------------------------------------------------------------------


def test_github_format_is_the_annotations_module_output_relative_to_the_root(
    report: Report, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    annotations = pytest.importorskip("pytest_errlearn.output.annotations")
    monkeypatch.delenv("GITHUB_WORKSPACE", raising=False)
    expected = annotations.github_annotations(report, workspace=str(tmp_path.resolve()))
    lines = render(report, "github", root=tmp_path).splitlines()
    assert lines == expected
    assert lines[-1].startswith("::error file=lib/x.c,line=7,")


def test_json_format_is_the_contract_report(report: Report, tmp_path: Path) -> None:
    data = json.loads(render(report, "json", root=tmp_path))
    assert data["schema"] == 1 and data["summary"]["primary"] == 1


def test_json_report_puts_each_error_on_a_line_of_its_own(report: Report) -> None:
    report.warnings = [Error(message="unused [x]", text="warning: unused [x]", severity="low")]
    text = report.to_json()
    assert json.loads(text) == report.to_dict()
    lines = text.splitlines()
    for err in [*report.errors, *report.warnings]:
        own = [
            line
            for line in lines
            if line.lstrip().startswith('{"tool"')
            and json.loads(line.strip().rstrip(",")) == err.to_dict()
        ]
        assert len(own) == 1
    assert lines[0] == "{" and lines[-1] == "}" and '  "errors": [' in lines


def test_an_unknown_format_is_refused(report: Report) -> None:
    with pytest.raises(ValueError, match="unknown format 'yaml'"):
        render(report, "yaml")


@pytest.mark.parametrize("fmt", [f for f in FORMATS if f != "github"])
def test_every_format_renders_a_real_detected_report(fmt: str, tmp_path: Path) -> None:
    log = (
        b"src/app.ts(42,5): error TS2322: Type 'string' is not assignable to type 'number'.\n"
        b"tests/test_a.py:12: AssertionError\n"
        b"Error: something \x1b[31mbroke\x1b[0m | badly\n"
    )
    out = render(detect(log, "tsc"), fmt, root=tmp_path)
    if fmt == "junit":
        assert len(ET.fromstring(out)[0]) == 3
    elif fmt == "markdown":
        assert out.count("\n| ") == 3 + 1  # the header row and three errors
        assert not out.endswith("\n")
    else:
        assert json.loads(out)


def test_every_format_reads_back_for_real_ci_logs(corpora: Path, tmp_path: Path) -> None:
    """Real failed builds (ANSI codes, odd bytes, every language): each format parses back."""
    logs = sorted((corpora / "logchunks" / "logs").rglob("*.log"))
    sample = [p for p in logs if p.stat().st_size < 300_000][::4][:25]
    assert sample
    found = 0
    for path in sample:
        report = detect(path.read_bytes())
        found += len(report.errors)
        check_sarif_shape(json.loads(render(report, "sarif", root=tmp_path)))
        assert len(json.loads(render(report, "gitlab", root=tmp_path))) == len(report.errors)
        cases = ET.fromstring(render(report, "junit", root=tmp_path))[0]
        assert len(cases) == len(report.errors)
        table = render(report, "markdown", root=tmp_path).splitlines()[4:]
        rows = [row for row in table if row.startswith("| ")]
        assert all(len(split_row(row)) == 5 for row in rows), path
    assert found > len(sample)  # the sample is made of real failures, not empty reports


def test_a_root_cause_is_a_sarif_error_whatever_its_severity(tmp_path: Path) -> None:
    low = make_error("unused variable", category="build", severity="low", file="a.c", line=7)
    log = json.loads(render(Report(errors=[low], primary_index=0), "sarif", root=tmp_path))
    assert log["runs"][0]["results"][0]["level"] == "error"


def test_markdown_locates_a_test_failure_at_its_file_and_line(tmp_path: Path) -> None:
    failed = make_error(
        "assert 2 == 3",
        category="assertion",
        file="tests/test_calc.py",
        line=5,
        test="tests/test_calc.py::test_add",
    )
    text = render(Report(errors=[failed], primary_index=0), "markdown", root=tmp_path)
    assert "| root cause | tests/test\\_calc.py:5 | assertion |" in text


def test_a_failed_test_without_a_place_is_located_at_its_test_file(tmp_path: Path) -> None:
    failed = make_error("boom", category="assertion", test="tests/test_calc.py::test_add")
    log = json.loads(render(Report(errors=[failed], primary_index=0), "sarif", root=tmp_path))
    artifact = log["runs"][0]["results"][0]["locations"][0]["physicalLocation"]
    assert artifact == {"artifactLocation": {"uri": "tests/test_calc.py", "uriBaseId": "%SRCROOT%"}}
