"""errlearn started as cron, CI or a careless script may start it: stdout or
stderr closed, a full disk, a terminal of no size, an odd argument. One line,
never a traceback; and ``run``'s status stays the command's."""

from __future__ import annotations

import fcntl
import os
import struct
import subprocess
import sys
import termios
from collections.abc import Callable
from pathlib import Path

import pytest

# entry(), not main(): the console script's start, where the streams are set up.
ERRLEARN = [sys.executable, "-c", "from errlearn_wrapper.cli import entry; entry()"]
LOG = "src/app.c:3:5: error: 'x' undeclared (first use in this function)\n"
full = pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full")


def errlearn(
    tmp_path: Path, *args: str, stdout: object = subprocess.PIPE, close: int | None = None
) -> tuple[int, str]:
    """``errlearn ARGS`` in ``tmp_path``, with descriptor ``close`` closed: its status, stderr."""
    (tmp_path / "pyproject.toml").write_text("[tool.errlearn]\nbuiltin = false\n")
    preexec: Callable[[], None] | None = None if close is None else lambda: os.close(close)
    env = {k: v for k, v in os.environ.items() if not k.startswith(("ERRLEARN", "GITHUB"))}
    done = subprocess.run(
        [*ERRLEARN, *args],
        stdin=subprocess.DEVNULL,
        stdout=stdout,
        stderr=subprocess.PIPE,
        preexec_fn=preexec,
        cwd=tmp_path,
        env=env,
        timeout=120,
    )
    err = done.stderr.decode()
    assert "Traceback" not in err and "Exception ignored" not in err, err
    return done.returncode, err


def test_an_empty_command_name_is_not_found_as_in_a_shell(tmp_path: Path) -> None:
    assert errlearn(tmp_path, "run", "--", "") == (127, "errlearn: : command not found\n")


@pytest.mark.parametrize("fd", [1, 2], ids=["stdout", "stderr"])
def test_a_closed_output_leaves_the_commands_status_its_own(tmp_path: Path, fd: int) -> None:
    assert errlearn(tmp_path, "run", "--no-hints", "--", "true", close=fd)[0] == 0
    # The command gets the output closed, as it would without errlearn.
    probe = f"import os, sys\ntry: os.fstat({fd})\nexcept OSError: sys.exit(9)"
    status, _ = errlearn(tmp_path, "run", "--no-hints", "--", sys.executable, "-c", probe, close=fd)
    assert status == 9


@full
def test_output_that_cannot_be_passed_on_is_one_warning_and_the_run_goes_on(
    tmp_path: Path,
) -> None:
    script = "echo out; echo 'error: boom' >&2; exit 4"
    with open("/dev/full", "w") as dev_full:
        status, err = errlearn(tmp_path, "run", "--", "sh", "-c", script, stdout=dev_full)
    assert status == 4
    warning = (
        "errlearn: warning: cannot pass the command's output on to standard output: "
        "No space left on device; the rest of it is not shown\n"
    )
    assert err.startswith(warning) and err.count("errlearn: warning") == 1, err
    assert "boom" in err.split(warning)[1]  # the command's stderr, then the summary


@full
@pytest.mark.parametrize("argv", [["scan", "build.log"], ["--help"]], ids=["scan", "help"])
def test_a_full_stdout_is_one_error_line_and_status_2(tmp_path: Path, argv: list[str]) -> None:
    (tmp_path / "build.log").write_text(LOG)
    with open("/dev/full", "w") as dev_full:
        done = errlearn(tmp_path, *argv, stdout=dev_full)
    assert done == (2, "errlearn: error: cannot write the output: No space left on device\n")


def test_a_closed_stdout_is_one_error_line_and_status_2(tmp_path: Path) -> None:
    (tmp_path / "build.log").write_text(LOG)
    done = errlearn(tmp_path, "scan", "build.log", close=1)
    assert done == (2, "errlearn: error: cannot write the output: standard output is closed\n")


def test_a_terminal_of_no_size_gets_the_report_at_80_columns(tmp_path: Path) -> None:
    (tmp_path / "build.log").write_text(LOG)
    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 0, 0, 0, 0))  # never set
    env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "NO_COLOR")}
    proc = subprocess.Popen(
        [*ERRLEARN, "scan", "build.log"],
        stdin=subprocess.DEVNULL,
        stdout=slave,
        stderr=slave,
        cwd=tmp_path,
        env=env,
        start_new_session=True,
    )
    os.close(slave)
    seen = b""
    while True:
        try:
            data = os.read(master, 65536)
        except OSError:  # EIO: errlearn is gone
            break
        if not data:
            break
        seen += data
    os.close(master)
    assert proc.wait(timeout=60) == 0, seen
    assert b"root cause" in seen and b"Traceback" not in seen
    assert b"'x' undeclared (first use in this function)" in seen  # whole within 80 columns


@pytest.mark.parametrize("limit", ["0", "-1"])
def test_learn_rejects_a_limit_below_1_as_hints_does(tmp_path: Path, limit: str) -> None:
    status, err = errlearn(tmp_path, "learn", "--list", f"--limit={limit}")
    assert (status, err) == (2, "errlearn: error: --limit must be at least 1\n")


@pytest.mark.parametrize("argv", [["hook"], ["enrich"], ["history", "import"]])
def test_an_unknown_option_is_named_before_a_missing_argument(
    tmp_path: Path, argv: list[str]
) -> None:
    status, err = errlearn(tmp_path, *argv, "--bogus")
    assert status == 2 and err.startswith("errlearn: error: unrecognized arguments: --bogus")
    assert len(err.splitlines()) == 1, err
