"""Diffing against a passing run: ``scan --baseline`` and the baseline ``run`` keeps."""

from __future__ import annotations

import json
import sys
import textwrap
from pathlib import Path

from test_run_command import errlearn as run_errlearn
from test_scan_command import errlearn as scan_errlearn

from pytest_errlearn.detect import agnostic, detect
from pytest_errlearn.detect.baseline import Baseline, template

PASSING = b"""\
2024-05-01T10:00:01Z resolving plugins
2024-05-01T10:00:02Z ERROR: optional plugin foo not installed, skipping
2024-05-01T10:00:09Z build ok in 7.1s
"""
FAILING = b"""\
2024-05-02T11:30:00Z resolving plugins
2024-05-02T11:30:01Z ERROR: optional plugin foo not installed, skipping
2024-05-02T11:30:05Z core.c:3:1: error: expected ';' before '}' token
"""


def test_a_line_differs_from_its_template_only_in_what_varies_between_runs() -> None:
    assert template("took 7.1s at /home/a/src/x.c") == template("took 12s at /ci/b/src/x.c")
    assert template("missing foo") != template("missing bar")
    assert template("x") < 2**63  # an SQLite integer


def test_an_error_a_passing_run_printed_too_is_no_error() -> None:
    known = Baseline.of(PASSING)
    messages = [e.message for e in detect(FAILING, known=known).errors]
    assert messages == ["expected ';' before '}' token"]
    assert len(detect(FAILING).errors) == 2


def test_the_reason_a_step_failed_passes_over_lines_a_passing_run_printed() -> None:
    lines = ["error: cache server unreachable, going on", "tests: 3 of 40 did not run"]
    assert agnostic.reason(lines) == agnostic.Reason(0, 1, 0)
    known = Baseline.of(b"error: cache server unreachable, going on\n")
    assert agnostic.reason(lines, known=known) == agnostic.Reason(1, 1, 1)


def test_scan_with_a_baseline_reports_only_what_is_new(tmp_path: Path) -> None:
    (tmp_path / "pass.log").write_bytes(PASSING)
    (tmp_path / "fail.log").write_bytes(FAILING)
    ran = scan_errlearn("scan", "--json", "--baseline", "pass.log", "fail.log", cwd=tmp_path)
    assert ran.status == 0
    errors = json.loads(ran.stdout)["errors"]
    assert [(e["file"], e["line"]) for e in errors] == [("core.c", 3)]


def test_an_unreadable_baseline_is_a_one_line_usage_error(tmp_path: Path) -> None:
    (tmp_path / "fail.log").write_bytes(FAILING)
    ran = scan_errlearn("scan", "--baseline", "missing.log", "fail.log", cwd=tmp_path)
    assert ran.status == 2
    assert ran.stderr.strip().splitlines() == [
        "errlearn: error: cannot read the baseline missing.log: No such file or directory"
    ]


BUILD = textwrap.dedent("""
    import sys
    print("ERROR: optional plugin foo not installed, skipping")
    if sys.argv[1] == "fail":
        print("core.c:3:1: error: expected ';' before '}' token")
        sys.exit(1)
    print("build ok")
""")


def test_run_keeps_the_lines_of_a_passing_run_and_reports_only_what_is_new(
    tmp_path: Path,
) -> None:
    (tmp_path / "build.py").write_text(BUILD)

    def messages(mode: str) -> list[str]:
        run_errlearn(
            tmp_path, "--no-hints", "--json", "r.json", "--", sys.executable, "build.py", mode
        )
        report = json.loads((tmp_path / "r.json").read_text())
        return [e["message"] for e in report["errors"]]

    assert len(messages("fail")) == 2  # no passing run yet: both lines are errors
    assert messages("pass") == ["optional plugin foo not installed, skipping"]
    assert messages("fail") == ["expected ';' before '}' token"]


def test_a_passing_runs_baseline_of_telling_lines_keeps_only_those_that_speak_of_failure() -> None:
    output = b"compiling 1\ncompiling 2\nWARN: retrying: connection refused\nok\n"
    kept = Baseline.of(output, telling=True)
    assert kept.templates == {template("WARN: retrying: connection refused")}
    assert len(Baseline.of(output)) == 3  # compiling <n> is one template
