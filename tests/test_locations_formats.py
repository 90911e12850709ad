"""Issue 30, section 2: every output prints the path the location stage found,
whichever way the report was built (a whole output, a stream, ``errlearn scan``)."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from errlearn_wrapper import cli
from test_locations import GO_TEST, files

from pytest_errlearn.detect import Detector, detect
from pytest_errlearn.output.ciformats import render
from pytest_errlearn.output.render import print_report

WHERE = "calc/calc_test.go"


@pytest.fixture
def module(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A go module (example.com/m) whose packages calc and geo each have a calc_test.go."""
    (tmp_path / ".git").mkdir()
    files(tmp_path, "calc/calc_test.go", "geo/calc_test.go")
    (tmp_path / "go.mod").write_text("module example.com/m\n")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_every_format_prints_the_path_from_the_repository_root(module: Path) -> None:
    report = detect(GO_TEST.encode(), command="go test ./...")
    for fmt in ("sarif", "junit", "gitlab", "github", "json"):
        assert WHERE in render(report, fmt, root=module), fmt
    assert WHERE.replace("_", "\\_") in render(report, "markdown", root=module)
    sarif = json.loads(render(report, "sarif", root=module))
    uri = sarif["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["artifactLocation"]
    assert uri["uri"] == WHERE
    terminal = io.StringIO()
    print_report(report, terminal, color=False)
    assert f"{WHERE}:8" in terminal.getvalue()


def test_a_streamed_output_is_located_as_a_whole_one_is(module: Path) -> None:
    detector = Detector(command="go test ./...")
    for line in GO_TEST.encode().splitlines(keepends=True):
        detector.feed(line)
    assert [e.file for e in detector.close().errors] == [WHERE, "geo/calc_test.go"]


def test_errlearn_scan_reports_the_path_from_the_repository_root(
    module: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (module / "go.log").write_text(GO_TEST)
    assert cli.main(["scan", "--json", "go.log"]) == 0
    errors = json.loads(capsys.readouterr().out)["errors"]
    assert [e["file"] for e in errors] == [WHERE, "geo/calc_test.go"]
