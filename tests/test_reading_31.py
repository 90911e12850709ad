"""Where people read errlearn (issue 31, part 6): narrow terminals, a patterns.toml
with a typo in it, and secrets masked without masking their labels."""

from __future__ import annotations

import io
import textwrap
from pathlib import Path

import pytest
from errlearn_wrapper.cli import main

from pytest_errlearn.detect import detect
from pytest_errlearn.matching.patterns import check, problems_to, usable_patterns
from pytest_errlearn.output.render import named, print_report, wrap
from pytest_errlearn.redact import MASK, redact

# What Python printed for a missing module, and for a missing project file.
LOG = (
    b"Traceback (most recent call last):\n"
    b'  File "/srv/app/main.py", line 1, in <module>\n'
    b"    import yaml\n"
    b"ModuleNotFoundError: No module named 'yaml'\n"
)

# A team's file with two good patterns around a typo'd key and a table that is no TOML.
BROKEN = """\
version = 1

[[pattern]]
id = "team-halide"
trigger = "Could NOT find Halide (missing: {vars})"
fix = "Halide is optional for us: configure with -DUSE_HALIDE=OFF"

[[pattern]]
id = "typo"
trigger = "boom"
fix = "x"
categroy = "network"

[[pattern]]
id = "unclosed"
trigger = "oops
fix = "y"

[[pattern]]
id = "team-yaml"
trigger = "ModuleNotFoundError: No module named {module}"
fix = "our yaml comes from the wheelhouse: make deps"
"""


class Terminal(io.StringIO):
    """What a terminal is to errlearn: a stream that says it is one."""

    def isatty(self) -> bool:
        return True


def test_a_fix_wraps_to_a_narrow_terminal_under_its_label(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    report = detect(LOG, "python")
    report.errors[0].notes.append("seen in 3 runs in a row " * 6)
    from pytest_errlearn.matching.matcher import Matcher
    from pytest_errlearn.matching.patterns import builtin_patterns

    Matcher(builtin_patterns()).match_report(report)
    monkeypatch.setenv("COLUMNS", "60")
    narrow = Terminal()
    print_report(report, narrow, color=False)
    lines = narrow.getvalue().splitlines()
    assert max(map(len, lines)) <= 60
    fix = next(i for i, line in enumerate(lines) if line.startswith("    fix: "))
    assert lines[fix + 1].startswith(" " * 9) and lines[fix + 1][9] != " "
    piped = io.StringIO()  # no terminal: a log keeps its lines whole, whatever COLUMNS says
    print_report(report, piped, color=False)
    assert any(len(line) > 200 for line in piped.getvalue().splitlines())


def test_a_summary_line_wraps_under_its_label_and_the_tests_named_fit_one_line() -> None:
    fix = "known fix: " + "pin the version whose API you use " * 4
    assert [len(line) <= 60 for line in wrap(fix, 60)] == [True] * 3
    assert all(line.startswith(" " * 11) for line in wrap(fix, 60)[1:])
    tests = [f"tests/test_cli.py::test_help[{i}-short-option]" for i in range(17)]
    assert named(tests, 60) == "tests/test_cli.py::test_help[0-short-option] and 16 more"
    assert named(tests, 400).endswith("[4-short-option] and 12 more")
    assert wrap(fix, None) == [fix]


def test_a_broken_pattern_is_reported_and_skipped_and_the_rest_still_load(tmp_path: Path) -> None:
    path = tmp_path / "patterns.toml"
    path.write_text(BROKEN)
    told: list[str] = []
    with problems_to(told.append):
        usable = usable_patterns(path)
    assert [p.id for p in usable] == ["team-halide", "team-yaml"]
    assert [line.split(": pattern ")[1].split(":")[0] for line in told] == ["'typo'", "'unclosed'"]
    assert told[0].startswith(f"{path}:12: ") and told[0].endswith(
        "; skipped (run 'errlearn patterns check')"
    )
    assert check([path]) != []  # CI still fails on it


def test_a_run_with_a_typo_in_patterns_toml_still_gives_the_teams_and_built_in_fixes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capfd: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    patterns = tmp_path / "patterns.toml"
    patterns.write_text(BROKEN.replace("ModuleNotFoundError", "ImportError-nope"))
    log = tmp_path / "build.log"
    log.write_bytes(LOG + b"CMake Error: Could NOT find Halide (missing: HALIDE_LIBRARIES)\n")
    cmd = ["sh", "-c", f"cat '{log}'; exit 1"]
    assert main(["run", "--patterns", str(patterns), "--", *cmd]) == 1
    err = capfd.readouterr().err
    assert "(py-missing-module, " in err and "(team-halide, " in err
    assert "pattern 'typo': unknown key 'categroy'" in err
    assert main(["scan", "--patterns", str(patterns), str(log)]) == 2  # bad input to scan
    assert main(["patterns", "check", str(patterns)]) == 1


def test_patterns_list_shows_the_usable_patterns_of_a_broken_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    patterns = tmp_path / "patterns.toml"
    patterns.write_text(BROKEN)
    assert main(["patterns", "list", "--patterns", str(patterns)]) == 0
    out, err = capsys.readouterr()
    assert [line.split()[0] for line in out.splitlines()] == ["team-halide", "team-yaml"]
    assert "skipped" in err


@pytest.mark.parametrize(
    "text",
    [
        "assert 'Password: ' in 'Password: \\n'",
        "AssertionError: assert 'secret: ' in 'secret:\\t'",
        textwrap.dedent("""\
            Password:
            User: bob"""),
    ],
    ids=["repr-newline", "repr-tab", "label-at-line-end"],
)
def test_a_label_with_nothing_after_it_is_not_masked(text: str) -> None:
    assert redact(text) == text


def test_a_value_before_an_escaped_newline_is_still_masked() -> None:
    assert redact("'password=hunter2\\n'") == f"'password={MASK}\\n'"
