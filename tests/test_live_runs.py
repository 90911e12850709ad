"""Live runs (``benchmarks/live_runs.py``): real tools run now on the small projects
under ``benchmarks/live/``, and the harness's scoring on made-up data.

One test per case runs its command when its tools are on PATH (skipped, with the
missing names, otherwise): each expected site must be found, a clean run must
give no error. They take seconds each; deselect them with ``-k "not live_case"``.
"""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from pytest_errlearn.report import Error

BENCHMARKS = Path(__file__).resolve().parents[1] / "benchmarks"


def _load(name: str) -> ModuleType:
    """``benchmarks/`` is scripts, not a package: a harness module by its path."""
    if str(BENCHMARKS) not in sys.path:
        sys.path.append(str(BENCHMARKS))
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, BENCHMARKS / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up while being built
    spec.loader.exec_module(module)
    return module


live = _load("live_runs")
Site = live.Site
CASES, BAD = live.find_cases(live.LIVE)


# -- the cases themselves -------------------------------------------------------------


def test_every_live_case_toml_is_usable() -> None:
    assert BAD == []


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_live_case(case: Any) -> None:
    if missing := case.missing():
        pytest.skip(f"not on PATH: {', '.join(missing)}")
    run = live.run_case(case)
    s = live.score_run(run)
    shown = "\n".join(live.report_run(run, s)) + "\n" + run.output.decode(errors="replace")[-3000:]
    assert run.status is not None, shown
    assert run.scan.failure is None, shown
    if case.clean:
        assert run.scan.errors == [], shown
    else:
        assert s.missed == [], shown


# -- which lines name a site ------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "file", "line", "names"),
    [
        ("test/test_calc.rb:8:in `test_add'", "test/test_calc.rb", 8, True),
        ('  File "/tmp/x/calc.py", line 2, in div', "calc.py", 2, True),
        ("cannot divide by zero at calc.pl line 3.", "calc.pl", 3, True),
        ("PHP Fatal error:  boom in /app/src/Calc.php on line 8", "src/Calc.php", 8, True),
        ("src/Calc.hs(8,5): error", "src/Calc.hs", 8, True),
        ("── Failure (test-calc.R:8:3): adds ──", "tests/testthat/test-calc.R", 8, True),
        ("test/test_calc.rb:80: in `x'", "test/test_calc.rb", 8, False),
        ("test/test_calc.rb:18", "test/test_calc.rb", 8, False),
        ("lib/calc.rb:8", "test/test_calc.rb", 8, False),
        ("test_calc.rb and 8 more", "test/test_calc.rb", 8, False),
    ],
)
def test_a_line_names_a_site_by_its_file_name_then_its_line(
    text: str, file: str, line: int, names: bool
) -> None:
    assert live.names_site(text, Site(file, line)) is names


def test_a_site_is_named_with_its_exact_line_number() -> None:
    site = Site("lib/calc.rb", 8)
    assert live.names_site("lib/calc.rb:8", site)
    assert live.names_site("/home/ci/lib/calc.rb:8:in `add'", site)
    assert not live.names_site("lib/calc.rb:81", site)
    assert not live.names_site("lib/calc.rb:18", site)
    assert not live.names_site("lib/other.rb:8", site)


# -- scoring --------------------------------------------------------------------------


def _error(span: tuple[int, int], file: str | None = None, line: int | None = None) -> Error:
    return Error(message="boom", text="boom", file=file, line=line, span=span)


OUTPUT = [
    "Running tests",  # 1
    "Failure: test_add",  # 2
    "  expected 3, got 4",  # 3
    "  test/test_calc.rb:8:in `test_add'",  # 4
    "Finished",  # 5
    "Error: lib/calc.rb:12: undefined method `sub'",  # 6
    "progress: 10 fail-safe steps",  # 7: a line grep takes that is no error
]


def test_a_site_is_found_exactly_by_file_and_line_or_anywhere_in_a_span() -> None:
    sites = [Site("test/test_calc.rb", 8), Site("lib/calc.rb", 12), Site("lib/calc.rb", 30)]
    errors = [
        _error((2, 4)),  # no location, but its span holds the line naming the first site
        _error((6, 6), "/home/ci/lib/calc.rb", 12),  # the second, exactly
        _error((1, 1)),  # "Running tests": no site
    ]
    s = live.score(sites, errors, OUTPUT)
    assert (s.sites, s.found, s.exact) == (3, 2, 1)
    assert s.missed == [Site("lib/calc.rb", 30)]
    assert (s.errors, s.relevant) == (3, 2)
    assert s.stray == [errors[2]]


def test_the_anchor_counts_a_grep_hit_near_a_line_naming_a_site() -> None:
    sites = [Site("test/test_calc.rb", 8), Site("lib/calc.rb", 12)]
    s = live.score(sites, [], OUTPUT)
    assert live.grep_hits(OUTPUT) == [2, 6, 7]
    # line 2 is two lines above the line naming the first site; line 6 names the second;
    # line 7 is one line below line 6, so it stands for the second site too
    assert (s.grep_found, s.grep_hits, s.grep_relevant) == (2, 3, 3)
    far = ["Failure: x", *["."] * 5, "test/test_calc.rb:8"]
    assert live.score([Site("test/test_calc.rb", 8)], [], far).grep_found == 0


def test_totals_keep_errors_on_clean_runs_apart_from_the_failing_runs_figures() -> None:
    sites = [Site("test/test_calc.rb", 8), Site("lib/calc.rb", 12)]
    failing = live.score(sites, [_error((2, 4)), _error((6, 6), "lib/calc.rb", 12)], OUTPUT)
    clean = live.score([], [_error((1, 1))], ["warning: all 3 passed, 0 errors"])
    t = live.totals([(failing, False), (clean, True)])
    assert (t.failing, t.clean, t.sites, t.found, t.exact) == (1, 1, 2, 2, 1)
    assert (t.recall, t.precision, t.file_line) == (1.0, 1.0, 0.5)
    assert (t.clean_errors, t.grep_clean) == (1, 1)


def test_figures_of_nothing_are_not_a_number() -> None:
    t = live.totals([])
    assert all(x != x for x in (t.recall, t.precision, t.file_line, t.grep_recall))


# -- cases and runs -------------------------------------------------------------------


def _case(root: Path, name: str, toml: str, files: dict[str, str] | None = None) -> Path:
    folder = root / name
    folder.mkdir(parents=True)
    (folder / "case.toml").write_text(toml, encoding="utf-8")
    for path, text in (files or {}).items():
        (folder / path).write_text(text, encoding="utf-8")
    return folder


def test_a_case_toml_is_read_as_command_needs_and_sites(tmp_path: Path) -> None:
    toml = 'command = "ruby t.rb"\nneeds = ["ruby"]\n[[error]]\nfile = "t.rb"\nline = 8\n'
    case = live.load_case(_case(tmp_path, "ruby-assert", toml))
    assert (case.command, case.needs, case.sites) == ("ruby t.rb", ("ruby",), (Site("t.rb", 8),))
    assert (case.ecosystem, case.clean) == ("ruby", False)
    clean = live.load_case(_case(tmp_path, "ruby-clean", 'command = "ruby t.rb"\n'))
    assert (clean.needs, clean.clean) == ((), True)


@pytest.mark.parametrize(
    ("toml", "reason"),
    [
        ("command = 3\n", "no command"),
        ('command = "x"\nneeds = "ruby"\n', "needs"),
        ('command = "x"\n[[error]]\nfile = "a.rb"\n', "without a file and a line"),
        ("command = \n", "case.toml: "),
    ],
)
def test_an_unusable_case_toml_says_why(tmp_path: Path, toml: str, reason: str) -> None:
    with pytest.raises(ValueError, match=reason):
        live.load_case(_case(tmp_path, "x-bad", toml))


def test_a_missing_tool_is_named(tmp_path: Path) -> None:
    toml = 'command = "x"\nneeds = ["bash", "no-such-tool-errlearn"]\n'
    assert live.load_case(_case(tmp_path, "x-y", toml)).missing() == ["no-such-tool-errlearn"]


@pytest.mark.parametrize(
    ("name", "pattern", "chosen"),
    [
        ("ruby-assert", "ruby", True),
        ("ruby-assert", "php", False),
        ("ruby-assert", "r*-a*", True),
        ("ruby-assert", "r*-b*", False),
        ("php-clean", None, True),
    ],
)
def test_only_picks_cases_by_glob_or_by_a_word_inside_the_name(
    name: str, pattern: str | None, chosen: bool
) -> None:
    assert live.matches(name, pattern) is chosen


def test_a_case_runs_in_a_copy_with_stderr_merged_and_is_scanned(tmp_path: Path) -> None:
    command = "echo made > out.txt; echo 'calc.c:3:5: error: boom' >&2; exit 1"
    folder = _case(
        tmp_path, "c-x", f"command = {command!r}\n[[error]]\nfile = 'calc.c'\nline = 3\n"
    )
    run = live.run_case(live.load_case(folder))
    assert not (folder / "out.txt").exists()  # nothing written into the case's folder
    assert (run.status, run.output) == (1, b"calc.c:3:5: error: boom\n")
    assert [(e.file, e.line) for e in run.scan.errors] == [("calc.c", 3)]
    assert live.score_run(run).exact == 1


def test_a_run_over_its_time_is_killed_with_what_it_printed(tmp_path: Path) -> None:
    output, status = live.run_command("echo started; sleep 30 & wait", tmp_path, 0.5)
    assert (output, status) == (b"started\n", None)


def _main(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "live_runs.py", *args],
        cwd=BENCHMARKS,
        capture_output=True,
        text=True,
        timeout=120,
    )


@pytest.mark.parametrize(
    "args",
    [("--timeout", "0"), ("--timeout", "x"), ("--only", "no-such-case"), ("--bogus",)],
)
def test_bad_usage_is_one_line_and_status_2(tmp_path: Path, args: tuple[str, ...]) -> None:
    _case(tmp_path, "shell-clean", 'command = "true"\n')
    done = _main("--root", str(tmp_path), *args)
    assert done.returncode == 2
    assert len(done.stderr.splitlines()) == 1
    assert done.stderr.startswith("live_runs.py: error: ")
    assert done.stdout == ""


def test_no_cases_folder_is_bad_usage(tmp_path: Path) -> None:
    done = _main("--root", str(tmp_path / "none"))
    assert (done.returncode, done.stderr.count("\n")) == (2, 1)


def test_a_measured_run_prints_the_figures_beside_the_goals_and_the_skips(tmp_path: Path) -> None:
    _case(tmp_path, "shell-clean", 'command = "echo 3 passed"\n')
    fail = "command = 'echo \"calc.c:3:5: error: boom\"; exit 1'\n"
    fail += "[[error]]\nfile = 'calc.c'\nline = 3\n"
    _case(tmp_path, "c-fail", fail)
    _case(tmp_path, "x-needs", 'command = "x"\nneeds = ["no-such-tool-errlearn"]\n')
    done = _main("--root", str(tmp_path), "--show")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert any(line.split()[:5] == ["all", "1", "1", "1", "100.0%"] for line in lines)
    assert any(line.split()[:2] == ["recall", "100.0%"] and "0.95" in line for line in lines)
    assert "    x-needs: not on PATH: no-such-tool-errlearn" in lines
    assert "    expected calc.c:3  found" in lines
