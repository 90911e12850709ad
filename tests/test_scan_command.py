"""``errlearn scan`` as a user runs it: a new process, a log file or stdin, its exit status.

The command is the ``errlearn`` console script beside this interpreter (where
pip put it); without one, the same ``main()`` the script calls.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any, NamedTuple

import pytest

from pytest_errlearn.report import CATEGORIES, SEVERITIES

MAIN = "import sys; from errlearn_wrapper.cli import main; sys.exit(main())"


def _command() -> tuple[str, ...]:
    script = Path(sys.executable).with_name("errlearn.exe" if os.name == "nt" else "errlearn")
    if script.is_file():
        return (str(script),)
    # Not ``-m errlearn_wrapper.cli``: that runs cli.py a second time as __main__.
    return (sys.executable, "-c", MAIN)


ERRLEARN = _command()

# A generic line first, the compiler's own error after it: the compiler's is the root cause.
BUILD_LOG = (
    b"Compiling app v0.1.0\n"
    b"Error: the build step failed\n"
    b"src/app.c:3:5: error: 'x' undeclared (first use in this function)\n"
    b"    3 |   x = 1;\n"
    b"      |   ^\n"
    b"make: *** [Makefile:4: app] Error 1\n"
)

FIELDS: dict[str, tuple[type, ...]] = {
    "tool": (str, type(None)),
    "category": (str,),
    "severity": (str,),
    "message": (str,),
    "text": (str,),
    "file": (str, type(None)),
    "line": (int, type(None)),
    "column": (int, type(None)),
    "code": (str, type(None)),
    "span": (list,),
    "context": (list,),
    "signature": (str,),
    "actionability": (int,),
    "test": (str, type(None)),
    "match": (dict, type(None)),
}


class Ran(NamedTuple):
    status: int
    stdout: str
    stderr: str


def errlearn(*args: str, stdin: bytes = b"", cwd: Path | None = None) -> Ran:
    """Run ``errlearn ARGS`` in a new process; never a traceback, whatever the input."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("ERRLEARN", "PYTEST"))}
    done = subprocess.run(
        [*ERRLEARN, *args], input=stdin, capture_output=True, cwd=cwd, env=env, timeout=120
    )
    out, err = (stream.decode("utf-8", "replace") for stream in (done.stdout, done.stderr))
    ran = Ran(done.returncode, out, err)
    assert "Traceback" not in ran.stderr, ran.stderr
    return ran


def check_report(report: dict[str, Any], lines: int) -> None:
    """Every field the contract names, of its type, with its values in range."""
    assert set(report) == {"schema", "command", "exit_code", "errors", "warnings", "summary"}
    assert report["schema"] == 1
    for entry in report["errors"] + report["warnings"]:
        for name, types in FIELDS.items():
            assert isinstance(entry[name], types), (name, entry)
        assert entry["category"] in CATEGORIES
        assert entry["severity"] in SEVERITIES
        assert "\n" not in entry["message"] and "\x1b" not in entry["message"] + entry["text"]
        first, last = entry["span"]
        assert 1 <= first <= last <= lines
        assert all(isinstance(line, str) for line in entry["context"])
        assert 0 <= entry["actionability"] <= 100
    summary = report["summary"]
    assert set(summary) >= {"total", "matched", "by_category", "by_severity", "primary"}
    assert summary["total"] == len(report["errors"])
    assert isinstance(summary["matched"], int)
    assert sum(summary["by_category"].values()) == summary["total"]
    assert sum(summary["by_severity"].values()) == summary["total"]
    primary = summary["primary"]
    assert primary is None if not report["errors"] else 0 <= primary < len(report["errors"])


@pytest.fixture
def build_log(tmp_path: Path) -> Path:
    path = tmp_path / "build.log"
    path.write_bytes(BUILD_LOG)
    return path


def test_scanning_a_log_file_prints_a_json_report_with_every_contract_field(
    build_log: Path,
) -> None:
    done = errlearn("scan", "--json", str(build_log), cwd=build_log.parent)
    assert done.status == 0, done.stderr
    report = json.loads(done.stdout)
    check_report(report, lines=BUILD_LOG.count(b"\n"))
    primary = report["errors"][report["summary"]["primary"]]
    assert (primary["file"], primary["line"], primary["column"]) == ("src/app.c", 3, 5)
    assert primary["span"][0] == 3
    assert report["command"] is None and report["exit_code"] is None


def test_python_dash_m_errlearn_wrapper_is_the_same_command(build_log: Path) -> None:
    """``python -m errlearn_wrapper`` ends as the console script does (``entry``):
    the same report, and the status of a bad option."""
    module = [sys.executable, "-m", "errlearn_wrapper"]
    done = subprocess.run(
        [*module, "scan", "--json", str(build_log)],
        capture_output=True,
        cwd=build_log.parent,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    ours = errlearn("scan", "--json", str(build_log), cwd=build_log.parent)
    assert json.loads(done.stdout)["errors"] == json.loads(ours.stdout)["errors"]
    bad = subprocess.run([*module, "scan", "--no-such-option"], capture_output=True, timeout=60)
    assert bad.returncode == 2 and bad.stderr.count(b"\n") == 1


def test_errlearn_ends_with_main_s_status_once_the_exit_handlers_it_registers_have_run() -> None:
    """The exit skips the interpreter's teardown, not errlearn's work: a handler
    registered while main() runs (a worker to reap) runs, what is buffered on
    stdout comes out whole, and the status is main()'s."""
    code = (
        "import atexit, sys\n"
        "from errlearn_wrapper import cli\n"
        "def main(argv=None):\n"
        "    atexit.register(lambda: print('handler', flush=True))\n"
        "    sys.stdout.write('x' * 1_000_000)\n"
        "    return 3\n"
        "cli.main = main\n"
        "cli.entry()\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, timeout=60)
    assert done.returncode == 3
    assert done.stdout == b"x" * 1_000_000 + b"handler\n"


def test_help_is_printed_whole_with_status_0() -> None:
    done = errlearn("--help")
    assert done.status == 0
    assert done.stdout.startswith("usage: errlearn") and "run" in done.stdout


@pytest.mark.parametrize("argument", [["-"], []], ids=["dash", "no-argument"])
def test_a_log_on_stdin_is_scanned_like_the_same_log_in_a_file(
    build_log: Path, argument: list[str]
) -> None:
    from_file = json.loads(errlearn("scan", "--json", str(build_log), cwd=build_log.parent).stdout)
    done = errlearn("scan", "--json", *argument, stdin=BUILD_LOG, cwd=build_log.parent)
    assert done.status == 0, done.stderr
    assert json.loads(done.stdout) == from_file


def test_the_command_option_names_the_command_and_gives_unclaimed_errors_its_tool(
    tmp_path: Path,
) -> None:
    log = b"Compiling app\nerror: the build step went wrong badly\n"
    plain = json.loads(errlearn("scan", "--json", "-", stdin=log, cwd=tmp_path).stdout)
    done = errlearn("scan", "--json", "--command", "cargo build", "-", stdin=log, cwd=tmp_path)
    hinted = json.loads(done.stdout)
    assert hinted["command"] == "cargo build"
    assert [e["tool"] for e in hinted["errors"]] == ["cargo"]
    assert [e["tool"] for e in plain["errors"]] != ["cargo"]


def test_the_human_report_shows_the_root_cause_first_with_its_file_and_line(
    build_log: Path,
) -> None:
    done = errlearn("scan", str(build_log), cwd=build_log.parent)
    assert done.status == 0, done.stderr
    lines = done.stdout.splitlines()
    first = next(i for i, line in enumerate(lines) if "src/app.c:3" in line)
    assert "root cause" in lines[first]
    assert not any("the build step failed" in line for line in lines[:first])
    assert "\x1b" not in done.stdout  # not a terminal: no colour


def test_a_log_without_errors_scans_with_status_0(tmp_path: Path) -> None:
    done = errlearn("scan", "--json", "-", stdin=b"all good\n3 passed in 0.1s\n", cwd=tmp_path)
    assert done.status == 0, done.stderr
    report = json.loads(done.stdout)
    check_report(report, lines=2)
    assert (report["errors"], report["summary"]["primary"]) == ([], None)


def _missing(tmp_path: Path) -> list[str]:
    return ["scan", str(tmp_path / "no-such.log")]


def _directory(tmp_path: Path) -> list[str]:
    return ["scan", str(tmp_path)]


def _bad_option(tmp_path: Path) -> list[str]:
    return ["scan", "--no-such-option", str(tmp_path / "x.log")]


@pytest.mark.parametrize("argv", [_missing, _directory, _bad_option])
def test_bad_input_is_one_line_on_stderr_and_status_2(tmp_path: Path, argv: Any) -> None:
    done = errlearn(*argv(tmp_path), cwd=tmp_path)
    assert done.status == 2
    assert len(done.stderr.strip().splitlines()) == 1, done.stderr
    assert done.stdout == ""


def test_a_closed_standard_input_is_one_line_on_stderr_and_status_2(tmp_path: Path) -> None:
    done = subprocess.run(
        [*ERRLEARN, "scan", "-"],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        cwd=tmp_path,
        preexec_fn=lambda: os.close(0),
        timeout=60,
    )
    assert done.returncode == 2
    assert done.stderr.decode() == "errlearn: error: cannot read -: standard input is closed\n"


@pytest.mark.skipif(
    not hasattr(os, "geteuid") or os.geteuid() == 0, reason="root reads a file of mode 000"
)
def test_an_unreadable_log_is_one_line_on_stderr_and_status_2(build_log: Path) -> None:
    build_log.chmod(0)
    done = errlearn("scan", str(build_log), cwd=build_log.parent)
    assert done.status == 2
    assert len(done.stderr.strip().splitlines()) == 1, done.stderr


@pytest.mark.parametrize("size", [1, 17 << 20], ids=["small log", "log scanned in pieces"])
def test_a_broken_patterns_file_stops_the_scan_with_one_line_and_status_2(
    tmp_path: Path, size: int
) -> None:
    log = tmp_path / "build.log"
    log.write_bytes(b"x\n" * (size // 2) + BUILD_LOG)
    (tmp_path / "patterns.toml").write_text("[[pattern]\nid = 1\n")
    done = errlearn("scan", "--patterns", "patterns.toml", str(log), cwd=tmp_path)
    assert done.status == 2
    assert "patterns.toml" in done.stderr and len(done.stderr.strip().splitlines()) == 1
    assert done.stdout == ""
