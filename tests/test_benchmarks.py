"""The benchmarks' options: a count or size that cannot be measured is a usage
line and status 2, before any work, never a traceback or a figure of nothing.
And what they time is what they say they time."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

BENCHMARKS = Path(__file__).resolve().parent.parent / "benchmarks"


@pytest.mark.parametrize(
    ("script", "option", "value"),
    [
        ("bench_run.py", "--runs", "0"),
        ("bench_run.py", "--repeat", "-1"),
        ("bench_hints.py", "--per-run", "x"),
        ("bench_hooks.py", "--rows", "0"),
        ("bench_matcher.py", "--errors", "0"),
        ("bench_plugin.py", "--reps", "0"),
        ("bench_scan.py", "--repeat", "0"),
        ("bench_scan.py", "--size-mb", "0"),
        ("bench_scan.py", "--rss-size-mb", "nan"),
        ("bench_tricks.py", "--repeat", "0"),
    ],
)
def test_a_benchmark_refuses_a_count_or_size_it_cannot_measure(
    script: str, option: str, value: str
) -> None:
    done = subprocess.run(
        [sys.executable, script, option, value],
        cwd=BENCHMARKS,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2
    assert "Traceback" not in done.stderr
    assert done.stderr.splitlines()[-1].startswith(f"{script}: error: argument {option}: ")
    assert done.stdout == ""


def test_errlearn_and_its_anchor_each_pass_the_log_through_to_a_new_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """tee truncating the 75 MB errlearn had just written cost it 20-50 ms of
    freeing pages inside its own time, which flattered errlearn's ratio."""
    monkeypatch.syspath_prepend(str(BENCHMARKS))
    import bench_run

    big, out = tmp_path / "big.log", tmp_path / "out.log"
    big.write_bytes(b"line\n" * 1000)
    found: list[tuple[str, bool]] = []

    def once(argv: Sequence[str], env: dict[str, str], **kwargs: Any) -> float:
        if argv[0] == "sh":  # cat | tee, which creates its file
            found.append(("tee", out.exists()))
            out.write_bytes(big.read_bytes())
        else:  # errlearn, whose output the caller opened
            found.append(("errlearn", out.stat().st_size > 0))
            with open(kwargs["stdout"], "wb", closefd=False) as sink:
                sink.write(big.read_bytes())
        return 1.0

    monkeypatch.setattr(bench_run, "once", once)
    bench_run.pass_through(big, out, 2, {}, tmp_path)
    assert found == [("errlearn", False), ("tee", False)] * 2


def test_the_team_loop_shows_each_learned_fix_under_its_own_failure() -> None:
    # Issue 31's check, on a real suite: record, learn five fixes, run again.
    done = subprocess.run(
        [sys.executable, str(BENCHMARKS / "team_loop.py")],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "5 fixes learned of 5" in done.stdout


def test_the_tricks_benchmark_s_re2_switch_puts_stage_1_on_the_public_search(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    pytest.importorskip("re2")
    monkeypatch.syspath_prepend(str(BENCHMARKS))
    import bench_tricks

    switch = next(code for name, code in bench_tricks.SCAN_SWITCHES if "prefilter" in name)
    probe = (
        "from pytest_errlearn.detect import prefilter\n"
        "stage_1 = prefilter.compile_automaton(prefilter._table_rows())[0]\n"
        "print('lines' in stage_1.__code__.co_freevars)"
    )
    for before, expected in (("", "True"), (switch, "False")):
        done = subprocess.run(
            [sys.executable, "-c", f"import sys\n{before}\n{probe}"],
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert done.stdout.strip() == expected, done.stderr
