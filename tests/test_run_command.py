"""``errlearn run``: usage, the summary, --json, --quiet, retries, annotations, history.

Real toolchains (gcc, cargo, node, javac) are in ``test_run_toolchains``."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from errlearn_wrapper.cli import build_parser
from errlearn_wrapper.commands import run as run_command

# A Python crash after a vaguer error line: the root cause is the second error.
CRASH = """
import sys
print("ERROR: something generic went wrong", flush=True)
print('''Traceback (most recent call last):
  File "app/main.py", line 3, in <module>
    main()
  File "app/main.py", line 2, in main
    1/0
ZeroDivisionError: division by zero''', file=sys.stderr)
sys.exit(3)
"""

# Fails with a network timeout until the third attempt (it counts them in ./attempts).
FLAKY = """
import pathlib, sys
f = pathlib.Path("attempts")
n = int(f.read_text()) + 1 if f.exists() else 1
f.write_text(str(n))
if n < {succeed_at}:
    print("npm ERR! network request to https://registry.npmjs.org/left-pad failed, "
          "reason: connect ETIMEDOUT 104.16.0.35:443", file=sys.stderr)
    sys.exit(1)
print("installed")
"""

PATTERNS = """version = 1

[[pattern]]
id = "npm-registry-timeout"
trigger = "network request to {url} failed, reason: connect ETIMEDOUT {address}"
match = "connect ETIMEDOUT"
fix = "the registry timed out: run it again"
retry = RETRY
"""


ERRLEARN = [
    sys.executable,
    "-c",
    "import sys; from errlearn_wrapper.cli import main; sys.exit(main())",
]


@pytest.fixture(autouse=True)
def project(tmp_path: Path) -> Path:
    """A project of its own: only the patterns a test writes, not the built-in library."""
    (tmp_path / "pyproject.toml").write_text("[tool.errlearn]\nbuiltin = false\n")
    return tmp_path


def errlearn(
    cwd: Path, *args: str, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    """``errlearn run ARGS`` in ``cwd``, away from the CI settings of the machine running us."""
    clean = {
        k: v
        for k, v in os.environ.items()
        if k not in ("GITHUB_ACTIONS", "NO_COLOR", "ERRLEARN_PATTERNS")
    }
    return subprocess.run(
        [*ERRLEARN, "run", *args],
        cwd=cwd,
        env={**clean, **(env or {})},
        capture_output=True,
        text=True,
        timeout=300,
    )


def python(code: str) -> list[str]:
    return [sys.executable, "-c", textwrap.dedent(code)]


def flaky(tmp_path: Path, *, retry: bool, succeed_at: int) -> tuple[Path, list[str]]:
    patterns = tmp_path / "patterns.toml"
    patterns.write_text(PATTERNS.replace("RETRY", str(retry).lower()))
    return patterns, python(FLAKY.format(succeed_at=succeed_at))


def attempts(tmp_path: Path) -> int:
    return int((tmp_path / "attempts").read_text())


# -- usage ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "args",
    [
        ["touch", "ran"],  # no --
        ["--"],  # no command
        ["--bogus", "--", "touch", "ran"],
        ["--retries", "-1", "--", "touch", "ran"],
        ["--color", "pink", "--", "touch", "ran"],
        ["--json", "no/such/dir/report.json", "--", "touch", "ran"],
    ],
)
def test_bad_usage_is_one_line_and_status_2_before_anything_runs(
    tmp_path: Path, args: list[str]
) -> None:
    done = errlearn(tmp_path, *args)
    assert done.returncode == 2
    assert len(done.stderr.splitlines()) == 1, done.stderr
    assert done.stderr.startswith("errlearn: error: ")  # argparse's and errlearn's alike
    assert not (tmp_path / "ran").exists()


def test_a_missing_command_says_so_as_a_shell_does_with_127(tmp_path: Path) -> None:
    done = errlearn(tmp_path, "--", "no-such-tool-xyz", "build")
    assert (done.returncode, done.stdout) == (127, "")
    assert done.stderr == "errlearn: no-such-tool-xyz: command not found\n"


def test_a_command_that_cannot_be_executed_is_126(tmp_path: Path) -> None:
    done = errlearn(tmp_path, "--", str(tmp_path))  # a directory
    assert done.returncode == 126
    assert done.stderr == f"errlearn: {tmp_path}: Is a directory\n"
    script = tmp_path / "build.sh"
    script.write_text("#!/bin/sh\nexit 0\n")  # not executable
    done = errlearn(tmp_path, "--", str(script))
    assert (done.returncode, done.stderr) == (126, f"errlearn: {script}: Permission denied\n")


def test_a_command_killed_by_a_signal_is_said_so_by_name(tmp_path: Path) -> None:
    done = errlearn(tmp_path, "--", "sh", "-c", "kill -9 $$")
    assert done.returncode == 137
    assert done.stderr == (
        "errlearn: the command was killed by SIGKILL (status 137); no error lines in its output\n"
    )


def test_a_command_that_exits_137_itself_was_killed_by_nothing(tmp_path: Path) -> None:
    done = errlearn(tmp_path, "--", "sh", "-c", "exit 137")
    assert done.returncode == 137
    assert done.stderr == (
        "errlearn: the command failed with status 137; no error lines in its output\n"
    )


# -- after the command ---------------------------------------------------------------------


def test_a_clean_success_adds_nothing_and_loads_neither_rich_nor_rapidfuzz(
    tmp_path: Path,
) -> None:
    probe = textwrap.dedent("""
        import sys
        from errlearn_wrapper.cli import main
        status = main(["run", "--", "sh", "-c", "echo compiled 3 files"])
        loaded = sorted({m.split(".")[0] for m in sys.modules} & {"rich", "rapidfuzz"})
        print(status, loaded, file=sys.stderr)
    """)
    done = subprocess.run(
        [sys.executable, "-c", probe], cwd=tmp_path, capture_output=True, text=True, timeout=60
    )
    assert (done.stdout, done.stderr) == ("compiled 3 files\n", "0 []\n")


def test_a_plain_run_builds_no_parser_and_spawns_without_subprocess(tmp_path: Path) -> None:
    probe = textwrap.dedent("""
        import sys
        before = set(sys.modules)
        from errlearn_wrapper.cli import main
        status = main(["run", "--", "true"])
        heavy = {"argparse", "subprocess", "typing", "pathlib", "shutil", "dataclasses"}
        print(status, sorted(heavy & (set(sys.modules) - before)))
    """)
    done = subprocess.run(
        [sys.executable, "-c", probe], cwd=tmp_path, capture_output=True, text=True, timeout=60
    )
    assert done.stdout == "0 []\n", done.stderr


def test_a_plain_run_loads_neither_selectors_nor_the_analysers_side(tmp_path: Path) -> None:
    probe = textwrap.dedent("""
        import sys
        before = set(sys.modules)
        from errlearn_wrapper.cli import main
        status = main(["run", "--", "true"])
        heavy = {"selectors", "math", "errlearn_wrapper.analyser"}
        heavy.add("errlearn_wrapper.commands.run_options")
        heavy.add("errlearn_wrapper.streams")  # only where an output is closed or not run's
        print(status, sorted(heavy & (set(sys.modules) - before)))
    """)
    done = subprocess.run(
        [sys.executable, "-c", probe], cwd=tmp_path, capture_output=True, text=True, timeout=60
    )
    assert done.stdout == "0 []\n", done.stderr


def test_a_plain_run_gets_the_options_the_parser_would_give() -> None:
    parsed = vars(build_parser("run").parse_args(["run", "--", "make", "-k"]))
    del parsed["func"], parsed["subcommand"]
    plain = run_command.Options(["--", "make", "-k"])
    assert parsed == {**run_command.Options.defaults(), "cmd": plain.cmd}


def test_a_failure_is_summarised_on_stderr_root_cause_first(tmp_path: Path) -> None:
    done = errlearn(tmp_path, "--color", "never", "--json", "report.json", "--", *python(CRASH))
    assert done.returncode == 3
    assert done.stdout == "ERROR: something generic went wrong\n"  # passed through, untouched
    summary = done.stderr[done.stderr.index("errlearn: 2 errors") :].splitlines()
    assert summary[1].startswith("✖ app/main.py:2  [runtime]")
    assert summary[1].endswith("root cause")
    assert summary[2].strip() == "ZeroDivisionError: division by zero"
    assert any("something generic went wrong" in line for line in summary[3:])
    report = json.loads((tmp_path / "report.json").read_text())
    assert report["errors"][report["summary"]["primary"]]["file"] == "app/main.py"


def test_a_failure_with_nothing_recognisable_still_says_it_failed(tmp_path: Path) -> None:
    done = errlearn(tmp_path, "--", "sh", "-c", "echo all good; exit 4")
    assert (done.returncode, done.stdout) == (4, "all good\n")
    assert done.stderr == (
        "errlearn: the command failed with status 4; no error lines in its output\n"
    )


def test_a_success_that_printed_errors_says_so_in_one_line(tmp_path: Path) -> None:
    done = errlearn(tmp_path, "--", "sh", "-c", "echo 'src/a.c:3:1: error: expected ;' >&2")
    assert done.returncode == 0
    assert done.stderr.splitlines() == [
        "src/a.c:3:1: error: expected ;",
        "errlearn: the command succeeded but printed 1 error, first src/a.c:3: expected ;",
    ]


@pytest.mark.parametrize(("script", "status"), [("exit 1", 1), ("kill -TERM $$", 143)])
def test_the_json_report_has_the_command_and_its_status(
    tmp_path: Path, script: str, status: int
) -> None:
    done = errlearn(tmp_path, "--json", "out.json", "--", "sh", "-c", script)
    report = json.loads((tmp_path / "out.json").read_text())
    assert done.returncode == status
    assert {k: report[k] for k in ("schema", "command", "exit_code", "errors")} == {
        "schema": 1,
        "command": f"sh -c '{script}'",
        "exit_code": status,
        "errors": [],
    }


def test_quiet_hides_the_output_and_shows_only_the_summary_of_a_failure(tmp_path: Path) -> None:
    failed = errlearn(tmp_path, "--quiet", "--color", "never", "--", *python(CRASH))
    passed = errlearn(tmp_path, "-q", "--", "sh", "-c", "echo 'error: but it passed'")
    assert (failed.returncode, failed.stdout) == (3, "")
    assert failed.stderr.startswith("errlearn: 2 errors")
    assert "Traceback" not in failed.stderr
    assert (passed.returncode, passed.stdout, passed.stderr) == (0, "", "")


def test_colour_is_off_away_from_a_terminal_and_on_when_asked(tmp_path: Path) -> None:
    plain = errlearn(tmp_path, "--", *python(CRASH))
    forced = errlearn(tmp_path, "--color", "always", "--", *python(CRASH))
    assert "\x1b[" not in plain.stderr
    assert "\x1b[" in forced.stderr


def test_a_broken_patterns_file_is_one_warning_and_the_command_still_runs(
    tmp_path: Path,
) -> None:
    (tmp_path / "patterns.toml").write_text("version = 1\n[[pattern]\nid = 'x'\n")
    done = errlearn(tmp_path, "--color", "never", "--", *python(CRASH))
    assert done.returncode == 3
    assert done.stdout == "ERROR: something generic went wrong\n"
    warnings = [line for line in done.stderr.splitlines() if "warning" in line]
    assert len(warnings) == 1
    assert "patterns.toml" in warnings[0] and "skipped" in warnings[0]
    assert "errlearn: 2 errors" in done.stderr


def test_an_errlearn_bug_after_the_command_is_a_warning_not_a_new_status(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capfd: pytest.CaptureFixture[str]
) -> None:
    def explode(*args: object, **kwargs: object) -> None:
        raise RuntimeError("renderer exploded")

    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr("pytest_errlearn.output.render.print_report", explode)
    args = build_parser().parse_args(["run", "--", *python(CRASH)])
    assert run_command.run(args) == 3
    assert capfd.readouterr().err.endswith(
        "errlearn: warning: errlearn failed after the command: RuntimeError: renderer exploded\n"
    )


def test_a_detector_bug_stops_the_analysis_not_the_output(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capfd: pytest.CaptureFixture[str]
) -> None:
    from pytest_errlearn.detect.engine import Detector

    def explode(self: Detector, data: bytes) -> None:
        raise ValueError("bad byte")

    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(Detector, "feed", explode)
    args = build_parser().parse_args(["run", "--", "sh", "-c", "echo one; echo two; exit 5"])
    assert run_command.run(args) == 5
    out, err = capfd.readouterr()
    assert out == "one\ntwo\n"
    assert err.splitlines()[0] == (
        "errlearn: warning: the analysis of the output stopped: ValueError: bad byte"
    )


# -- retries: only known transient failures ---------------------------------------------------


def test_a_known_transient_failure_is_retried_until_it_passes(tmp_path: Path) -> None:
    patterns, cmd = flaky(tmp_path, retry=True, succeed_at=3)
    done = errlearn(
        tmp_path, "--retries", "3", "--retry-delay", "0", "--patterns", str(patterns), "--", *cmd
    )
    assert (done.returncode, attempts(tmp_path), done.stdout) == (0, 3, "installed\n")
    why = [line for line in done.stderr.splitlines() if line.startswith("errlearn:")]
    assert len(why) == 2
    assert why == [
        f"errlearn: status 1, and every error is a known transient failure "
        f"(npm-registry-timeout): retry {n} of 3 in 0s"
        for n in (1, 2)
    ]


def test_retries_stop_at_n_and_the_last_status_stands(tmp_path: Path) -> None:
    patterns, cmd = flaky(tmp_path, retry=True, succeed_at=99)
    done = errlearn(
        tmp_path, "--retries", "2", "--retry-delay", "0", "--patterns", str(patterns), "--", *cmd
    )
    assert (done.returncode, attempts(tmp_path)) == (1, 3)
    assert "errlearn: still failing after 2 retries" in done.stderr


def test_a_known_failure_without_retry_true_is_not_retried(tmp_path: Path) -> None:
    patterns, cmd = flaky(tmp_path, retry=False, succeed_at=2)
    done = errlearn(
        tmp_path, "--retries", "3", "--retry-delay", "0", "--patterns", str(patterns), "--", *cmd
    )
    assert (done.returncode, attempts(tmp_path)) == (1, 1)
    assert "not retrying: a known fix for its errors, but not a transient one" in done.stderr


def test_an_unknown_failure_is_never_retried_it_needs_a_human(tmp_path: Path) -> None:
    patterns, _ = flaky(tmp_path, retry=True, succeed_at=2)
    done = errlearn(
        tmp_path,
        "--retries",
        "3",
        "--retry-delay",
        "0",
        "--patterns",
        str(patterns),
        "--",
        *python(CRASH),
    )
    assert done.returncode == 3
    assert "not retrying: no known fix for: something generic went wrong" in done.stderr


def test_the_backoff_doubles_from_the_delay_and_is_capped(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capfd: pytest.CaptureFixture[str]
) -> None:
    patterns, cmd = flaky(tmp_path, retry=True, succeed_at=99)
    monkeypatch.chdir(tmp_path)
    args = build_parser().parse_args(
        ["run", "--retries", "7", "--retry-delay", "5", "--patterns", str(patterns), "--", *cmd]
    )
    waits: list[float] = []
    assert run_command.run(args, sleep=waits.append) == 1
    assert waits == [5, 10, 20, 30, 30, 30, 30]
    assert attempts(tmp_path) == 8


# -- GitHub Actions ------------------------------------------------------------------------


def test_on_github_actions_the_root_causes_become_annotations_after_the_output(
    tmp_path: Path,
) -> None:
    done = errlearn(tmp_path, "--", *python(CRASH), env={"GITHUB_ACTIONS": "true"})
    lines = done.stdout.splitlines()
    assert lines[0] == "ERROR: something generic went wrong"
    assert lines[1].startswith("::error file=app/main.py,line=2,title=root cause%3A ")
    assert lines[1].endswith("::ZeroDivisionError: division by zero")
    assert lines[2].startswith("::error title=") and len(lines) == 3


def test_github_annotations_are_asked_for_with_a_flag_and_never_on_success(
    tmp_path: Path,
) -> None:
    failed = errlearn(tmp_path, "--github", "--", *python(CRASH))
    passed = errlearn(
        tmp_path, "--", "sh", "-c", "echo 'error: fine'", env={"GITHUB_ACTIONS": "true"}
    )
    assert "::error " in failed.stdout
    assert "::error" not in passed.stdout


# -- history, hints and CI formats ---------------------------------------------


def test_the_same_failure_three_runs_in_a_row_is_called_out(project: Path) -> None:
    for _ in range(2):
        assert errlearn(project, "--", *python(CRASH)).returncode == 3
    third = errlearn(project, "--", *python(CRASH))
    assert "failing the same way for 3 runs" in third.stderr


def test_known_issues_are_shown_before_a_command_with_a_history_runs(project: Path) -> None:
    first = errlearn(project, "--", *python(CRASH))
    assert "failed like this before" not in first.stderr  # no history yet
    again = errlearn(project, "--", *python(CRASH)).stderr.splitlines()
    assert again[0] == "errlearn: `python` failed like this before:"  # before the command's output
    assert "ZeroDivisionError: division by zero" in again[1]
    quiet = errlearn(project, "--no-hints", "--", *python(CRASH))
    assert "failed like this before" not in quiet.stderr


def test_a_clean_success_without_history_leaves_no_trace(project: Path) -> None:
    assert errlearn(project, "--", "true").returncode == 0
    assert not (project / ".errlearn").exists()


def test_format_sarif_writes_a_parseable_report_to_output(project: Path) -> None:
    result = errlearn(project, "--format", "sarif", "-o", "out.sarif", "--", *python(CRASH))
    assert result.returncode == 3
    sarif = json.loads((project / "out.sarif").read_text())
    assert sarif["version"] == "2.1.0" and sarif["runs"][0]["results"]


def test_output_without_a_format_is_a_usage_error(project: Path) -> None:
    result = errlearn(project, "-o", "x.json", "--", "true")
    assert result.returncode == 2
    assert result.stderr.strip() == "errlearn: error: --output needs --format"


def test_errlearns_own_output_starts_on_a_line_of_its_own_after_an_unfinished_one(
    tmp_path: Path,
) -> None:
    script = "printf 'src/a.c:3:1: error: expected ;\\n\\033[0m'; exit 1"
    clean = {k: v for k, v in os.environ.items() if k not in ("GITHUB_ACTIONS", "NO_COLOR")}
    done = subprocess.run(
        [*ERRLEARN, "run", "--github", "--", "sh", "-c", script],
        cwd=tmp_path,
        env=clean,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        timeout=300,
    )
    lines = done.stdout.decode().splitlines()
    assert lines[1] == "\x1b[0m"  # the command's own last line, ended for it
    assert lines[2].startswith("errlearn: ")
    assert any(line.startswith("::error ") for line in lines)


def test_a_clean_success_without_a_final_newline_is_passed_through_untouched(
    tmp_path: Path,
) -> None:
    done = errlearn(tmp_path, "--", "printf", "progress 50")
    assert (done.returncode, done.stdout, done.stderr) == (0, "progress 50", "")


def test_where_stdout_and_stderr_are_one_file_the_command_writes_them_in_order(
    tmp_path: Path,
) -> None:
    script = "for i in 1 2 3 4 5; do echo out$i; echo err$i >&2; done"
    with open(tmp_path / "log", "wb") as log:  # > log 2>&1
        done = subprocess.run(
            [*ERRLEARN, "run", "--no-hints", "--", "sh", "-c", script],
            cwd=tmp_path,
            stdout=log,
            stderr=subprocess.STDOUT,
            timeout=300,
        )
    assert done.returncode == 0
    lines = (tmp_path / "log").read_text().splitlines()
    assert lines == [f"{kind}{i}" for i in range(1, 6) for kind in ("out", "err")]
