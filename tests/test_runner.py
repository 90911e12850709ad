"""The process runner, with real processes: statuses, streams, signals, the pty, memory."""

from __future__ import annotations

import fcntl
import os
import select
import signal
import struct
import subprocess
import sys
import termios
import textwrap
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from errlearn_wrapper import runner
from errlearn_wrapper.process import StartError

ERRLEARN = [
    sys.executable,
    "-c",
    "import sys; from errlearn_wrapper.cli import main; sys.exit(main())",
    "run",
]


@pytest.fixture(autouse=True)
def _elsewhere(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each test's errlearn runs in a folder of its own: its history is not the checkout's."""
    monkeypatch.chdir(tmp_path)


def py(code: str) -> list[str]:
    """A Python child running ``code``."""
    return [sys.executable, "-c", textwrap.dedent(code)]


def run(argv: list[str]) -> tuple[int, list[bytes]]:
    fed: list[bytes] = []
    return runner.run(argv, lambda data: fed.append(bytes(data))), fed


# -- statuses --------------------------------------------------------------------


@pytest.mark.parametrize("code", [0, 1, 3])
def test_the_commands_own_exit_status_is_returned(code: int) -> None:
    assert run(["sh", "-c", f"exit {code}"])[0] == code


@pytest.mark.parametrize(("signum", "status"), [(signal.SIGKILL, 137), (signal.SIGTERM, 143)])
def test_a_command_killed_by_signal_n_gives_128_plus_n(signum: int, status: int) -> None:
    assert run(["sh", "-c", f"kill -{signum} $$"])[0] == status


def test_a_missing_command_is_127_with_the_shells_words() -> None:
    with pytest.raises(StartError) as caught:
        run(["errlearn-no-such-command"])
    assert caught.value.status == 127
    assert str(caught.value) == "errlearn-no-such-command: command not found"


def test_a_missing_path_is_127_with_no_such_file(tmp_path: Path) -> None:
    with pytest.raises(StartError) as caught:
        run([str(tmp_path / "nope")])
    assert (caught.value.status, str(caught.value)) == (
        127,
        f"{tmp_path / 'nope'}: No such file or directory",
    )


def test_a_file_that_is_not_executable_is_126(tmp_path: Path) -> None:
    script = tmp_path / "build.sh"
    script.write_text("#!/bin/sh\necho hi\n")
    script.chmod(0o644)
    with pytest.raises(StartError) as caught:
        run([str(script)])
    assert caught.value.status == 126
    assert str(caught.value) == f"{script}: Permission denied"


# -- the bytes -----------------------------------------------------------------------


def test_stdout_and_stderr_stay_apart_and_byte_for_byte(
    capfdbinary: pytest.CaptureFixture[bytes],
) -> None:
    status, fed = run(
        py(r"""
        import sys
        sys.stdout.buffer.write(b"out \xff\xfe \x1b[32mgreen\x1b[0m\r\n"); sys.stdout.flush()
        sys.stderr.buffer.write(b"err: boom\n"); sys.stderr.flush()
        sys.stdout.buffer.write(b"no newline at the end")
    """)
    )
    out, err = capfdbinary.readouterr()
    assert status == 0
    assert out == b"out \xff\xfe \x1b[32mgreen\x1b[0m\r\nno newline at the end"
    assert err == b"err: boom\n"
    assert sorted(b"".join(fed).split(b"\n")) == sorted(
        [b"out \xff\xfe \x1b[32mgreen\x1b[0m\r", b"err: boom", b"no newline at the end", b""]
    )


def test_interleaved_streams_reach_the_analysis_as_whole_lines(
    capfdbinary: pytest.CaptureFixture[bytes],
) -> None:
    status, fed = run(
        py("""
        import sys, time
        for i in range(5):
            sys.stdout.write(f"half of line {i} "); sys.stdout.flush(); time.sleep(0.01)
            sys.stderr.write(f"error: line {i} on stderr\\n"); sys.stderr.flush()
            sys.stdout.write("and its end\\n"); sys.stdout.flush(); time.sleep(0.01)
    """)
    )
    assert status == 0
    assert all(chunk.endswith(b"\n") for chunk in fed)
    lines = b"".join(fed).decode().splitlines()
    assert [x for x in lines if x.startswith("half")] == [
        f"half of line {i} and its end" for i in range(5)
    ]
    assert len(lines) == 10


def test_quiet_passes_nothing_through_but_still_analyses(
    capfdbinary: pytest.CaptureFixture[bytes],
) -> None:
    fed: list[bytes] = []
    status = runner.run(["sh", "-c", "echo out; echo err >&2"], fed.append, quiet=True)
    assert (status, capfdbinary.readouterr()) == (0, (b"", b""))
    assert sorted(b"".join(fed).splitlines()) == [b"err", b"out"]


def test_a_background_child_holding_the_pipe_does_not_hold_errlearn(
    capfdbinary: pytest.CaptureFixture[bytes],
) -> None:
    start = time.monotonic()
    status, _ = run(["sh", "-c", "sleep 30 & echo $!; exit 4"])
    elapsed = time.monotonic() - start
    pid = int(capfdbinary.readouterr().out)
    os.kill(pid, signal.SIGKILL)
    assert status == 4
    assert elapsed < runner.DRAIN_LIMIT


def test_the_command_dies_of_a_closed_pipe_as_in_a_shell_though_python_ignores_sigpipe(
    capfdbinary: pytest.CaptureFixture[bytes],
) -> None:
    status, _ = run(["sh", "-c", "yes | head -n 1"])  # yes would complain of EPIPE
    assert (status, capfdbinary.readouterr()) == (0, (b"y\n", b""))


def test_descriptors_errlearn_was_given_pass_on_to_the_command_as_a_shell_passes_them() -> None:
    read_end, write_end = os.pipe()  # as make hands its jobserver to a recipe
    os.set_inheritable(write_end, True)
    try:
        status, _ = run(py(f"import os; os.write({write_end}, b'token')"))
    finally:
        os.close(write_end)
    with open(read_end, "rb") as pipe:
        assert (status, pipe.read()) == (0, b"token")


# -- as a process: stdin, signals, memory ------------------------------------------------


def test_stdin_reaches_the_command_in_pipe_mode() -> None:
    done = subprocess.run(
        [*ERRLEARN, "--", "sh", "-c", "tr a-z A-Z; exit 5"],
        input=b"hello\nworld\n",
        capture_output=True,
        timeout=30,
    )
    assert (done.returncode, done.stdout) == (5, b"HELLO\nWORLD\n")


_COUNT_INTERRUPTS = """
    import signal, sys, time
    signal.signal(signal.SIGINT, lambda *_: print("INT", flush=True))
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(7))
    signal.signal(signal.SIGHUP, lambda *_: sys.exit(8))
    print("ready", flush=True)
    time.sleep(1)
    print("slept", flush=True)
"""


@contextmanager
def errlearn_process(argv: list[str]) -> Iterator[subprocess.Popen[bytes]]:
    """errlearn in its own process group, its output read once the command said "ready"."""
    proc = subprocess.Popen(
        [*ERRLEARN, "--", *argv],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        start_new_session=True,
    )
    try:
        assert proc.stdout is not None
        assert proc.stdout.readline() == b"ready\n"  # passed through live
        yield proc
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
        proc.wait(timeout=30)


def test_ctrl_c_reaches_the_command_once_and_errlearn_waits_for_it() -> None:
    with errlearn_process(py(_COUNT_INTERRUPTS)) as proc:
        os.killpg(proc.pid, signal.SIGINT)  # what the terminal does: the whole process group
        out, _ = proc.communicate(timeout=30)
    assert (proc.returncode, out) == (0, b"INT\nslept\n")


@pytest.mark.parametrize(("signum", "status"), [(signal.SIGTERM, 7), (signal.SIGHUP, 8)])
def test_sigterm_and_sighup_are_forwarded_to_the_command(signum: int, status: int) -> None:
    # The command waits far longer than a loaded machine may take to send the signal:
    # only the signal ends it (with 1 s it could end first, and exit 0).
    waits = _COUNT_INTERRUPTS.replace("time.sleep(1)", "time.sleep(25)")
    with errlearn_process(py(waits)) as proc:
        os.kill(proc.pid, signum)  # errlearn alone, as a CI runner or a closing terminal does
        proc.communicate(timeout=30)
    assert proc.returncode == status


def test_two_hundred_megabytes_of_output_keep_errlearn_small() -> None:
    printer = py("""
        import sys
        block = b"ok 12 - test_something passes [  42%] error: a made-up error line\\n" * 10000
        for _ in range(200 * 1024 * 1024 // len(block)):
            sys.stdout.buffer.write(block)
    """)
    # A fresh process runs errlearn, so RUSAGE_CHILDREN's peak is errlearn's (or the printer's).
    measure = textwrap.dedent(f"""
        import resource, subprocess
        subprocess.run({[*ERRLEARN, "--", *printer]!r}, stdout=subprocess.DEVNULL, check=True)
        print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
    """)
    done = subprocess.run(
        [sys.executable, "-c", measure], capture_output=True, timeout=300, check=True
    )
    peak_kib = int(done.stdout)
    assert peak_kib < 200 * 1024, f"errlearn peaked at {peak_kib // 1024} MiB"


# -- at a terminal: the pty ------------------------------------------------------------------


_AT_A_TERMINAL = """
    import os, signal, sys, time
    print("tty", [os.isatty(fd) for fd in (0, 1, 2)], os.get_terminal_size(), flush=True)
    sys.stdout.write("\\x1b[31mred\\x1b[0m progress 50%\\rprogress 100%\\n")
    sys.stderr.write("to stderr\\n")
    sys.stdout.flush()
    signal.signal(signal.SIGWINCH, lambda *_: print("resized", os.get_terminal_size(), flush=True))
    print("ready", flush=True)
    line = sys.stdin.readline().rstrip("\\n")  # not input(): GNU readline has signal quirks
    print("got", repr(line), flush=True)
    time.sleep(60)
"""


def _winsize(fd: int, rows: int, cols: int) -> None:
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))


class Terminal:
    """errlearn run at a terminal of our own: a pty whose master the test reads and types on."""

    def __init__(self, argv: list[str], env: dict[str, str] | None = None) -> None:
        self.master, slave = os.openpty()
        _winsize(self.master, 33, 101)
        self.saved = termios.tcgetattr(slave)
        self.slave = slave
        clean = {k: v for k, v in os.environ.items() if k != "NO_COLOR"}
        self.proc = subprocess.Popen(
            [*ERRLEARN, "--", *argv],
            stdin=slave,
            stdout=slave,
            stderr=slave,
            start_new_session=True,
            env={**clean, **(env or {})},
        )
        self.seen = b""

    def read_until(self, wanted: bytes, timeout: float = 20) -> bytes:
        deadline = time.monotonic() + timeout
        while wanted not in self.seen:
            left = deadline - time.monotonic()
            assert left > 0, f"no {wanted!r} in {self.seen!r}"
            if select.select([self.master], [], [], left)[0]:
                try:
                    self.seen += os.read(self.master, 65536)
                except OSError:  # EIO: errlearn and the command are gone
                    break
        return self.seen

    def close(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait(timeout=30)
        os.close(self.master)
        os.close(self.slave)


@pytest.fixture
def terminal() -> Iterator[type[Terminal]]:
    opened: list[Terminal] = []

    def make(argv: list[str], env: dict[str, str] | None = None) -> Terminal:
        opened.append(Terminal(argv, env))
        return opened[-1]

    yield make  # type: ignore[misc]
    for term in opened:
        term.close()


def test_at_a_terminal_the_command_gets_a_pty_and_its_colours_arrive_intact(
    terminal: type[Terminal],
) -> None:
    term = terminal(py(_AT_A_TERMINAL))
    seen = term.read_until(b"ready")
    assert b"tty [True, True, True] os.terminal_size(columns=101, lines=33)" in seen
    assert b"\x1b[31mred\x1b[0m progress 50%\rprogress 100%\r\n" in seen
    assert b"to stderr" in seen


def test_at_a_terminal_a_window_resize_reaches_the_command(terminal: type[Terminal]) -> None:
    term = terminal(py(_AT_A_TERMINAL))
    term.read_until(b"ready")
    _winsize(term.master, 40, 120)
    term.proc.send_signal(signal.SIGWINCH)  # the kernel's job at a real terminal
    wanted = b"resized os.terminal_size(columns=120, lines=40)"
    assert wanted in term.read_until(wanted)


def test_at_a_terminal_keystrokes_reach_the_command_and_ctrl_c_stops_it(
    terminal: type[Terminal],
) -> None:
    term = terminal(py(_AT_A_TERMINAL))
    term.read_until(b"ready")
    os.write(term.master, b"typed text\r")  # Enter sends CR; the command's pty makes it NL
    assert b"got 'typed text'" in term.read_until(b"got 'typed text'")
    # This kernel drops ~1% of pty SIGINTs typed the instant after the child's last write,
    # errlearn or not (a bare pty and child reproduce it); let the child reach its sleep.
    time.sleep(0.2)
    os.write(term.master, b"\x03")  # Ctrl-C, copied in raw mode to the command's pty
    assert term.proc.wait(timeout=20) == 128 + signal.SIGINT
    assert termios.tcgetattr(term.slave) == term.saved  # the terminal is given back as it was


@pytest.mark.parametrize(("env", "coloured"), [({}, True), ({"NO_COLOR": "1"}, False)])
def test_at_a_terminal_the_summary_is_coloured_unless_no_color_is_set(
    terminal: type[Terminal], env: dict[str, str], coloured: bool
) -> None:
    failing = py("""
        import sys
        print("src/app.c:4:2: error: expected ';' before '}' token", file=sys.stderr)
        sys.exit(1)
    """)
    term = terminal(failing, env)
    seen = term.read_until(b"root cause")
    assert term.proc.wait(timeout=30) == 1
    summary = seen[seen.index(b"errlearn: 1 error") :]
    assert (b"\x1b[" in summary) is coloured


@pytest.mark.skipif(not Path("/usr/bin/script").exists(), reason="no util-linux script")
def test_under_script_with_no_stdin_nothing_is_added_to_the_output(tmp_path: Path) -> None:
    # script(1), the usual way to give a CI job a terminal, sends a NUL down the
    # raw terminal when its stdin ends: echoed, it was a "^@" in the output.
    wrapped = " ".join(
        [
            *ERRLEARN[:2],
            repr(ERRLEARN[2]),
            "run",
            "--no-hints",
            "--",
            "sh",
            "-c",
            repr("sleep 0.3; echo 'src/a.ts(3,5): error TS2322: bad'"),
        ]
    )
    done = subprocess.run(
        ["script", "-qec", wrapped, "/dev/null"],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        timeout=60,
        cwd=tmp_path,
    )
    assert done.stdout.startswith(b"src/a.ts(3,5): error TS2322: bad\r\n")
    assert b"^@" not in done.stdout
