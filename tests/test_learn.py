"""From a recorded failure to a pattern: triggers, ids, patterns.toml, ``errlearn learn``."""

from __future__ import annotations

import io
import json
import tomllib
from pathlib import Path

import pytest
from errlearn_wrapper.cli import main

from pytest_errlearn.detect import detect
from pytest_errlearn.detect.signature import normalize
from pytest_errlearn.history import History
from pytest_errlearn.matching.learn import (
    LearnError,
    append_pattern,
    derive_id,
    derive_trigger,
    new_pattern,
)
from pytest_errlearn.matching.patterns import load_patterns

LOG = b"""Traceback (most recent call last):
  File "/home/ci/project/app.py", line 3, in <module>
    import requests
ModuleNotFoundError: No module named 'requests'
"""
EXISTING = """# Our team's patterns: keep this header.
version = 1

[[pattern]]   # the flaky registry
id = "registry-timeout"
trigger = "ETIMEDOUT registry.npmjs.org"
fix = "retry; the registry is flaky"  # trailing comment
retry = true
"""


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    (tmp_path / ".git").mkdir()
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("ERRLEARN_PATTERNS", raising=False)
    return tmp_path


def record_log(root: Path, log: bytes = LOG, times: int = 1) -> str:
    """Scan ``log`` as `python app.py` would have failed, record it; its signature."""
    history = History.open(root)
    assert history is not None
    with history:
        for _ in range(times):
            report = detect(log, "python")
            history.record(report, source="run", command="python app.py", exit_code=1)
    return report.errors[0].signature


# -- deriving -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("message", "trigger"),
    [
        (
            "ModuleNotFoundError: No module named 'requests'",
            "ModuleNotFoundError: No module named '{module}'",
        ),
        (
            "Type 'string' is not assignable to type 'number'.",
            "Type '{type}' is not assignable to type '{type2}'.",
        ),
        ("cannot find value `cfg` in this scope", "cannot find value `{value}` in this scope"),
        ("expected 3 arguments, got 5", "expected {n} arguments, got {n2}"),
        ("GET https://example.org/a timed out after 30s", "GET {url} timed out after {n}"),
        ("NameError: name 'fo' is not defined", "NameError: name '{name}' is not defined"),
        ("login failed: password=hunter2", "login failed: password={secret}"),
    ],
)
def test_a_trigger_turns_what_varies_into_named_placeholders(message: str, trigger: str) -> None:
    from pytest_errlearn.redact import redact

    assert derive_trigger(normalize(redact(message))) == trigger


def test_a_derived_id_is_a_readable_slug_unique_in_the_file() -> None:
    message = "ModuleNotFoundError: No module named 'requests'"
    assert derive_id(message, "python", set()) == "python-modulenotfounderror-no-module-named"
    taken = {"python-modulenotfounderror-no-module-named"}
    assert derive_id(message, "python", taken) == "python-modulenotfounderror-no-module-named-2"
    assert derive_id("'x'", None, set()) == "learned"
    long = "RuntimeError: database migration not applied to the schema yet"
    assert derive_id(long, "pytest", set()) == "pytest-runtimeerror-database-migration-not"


def test_a_fix_may_only_use_placeholders_the_trigger_or_regex_provides() -> None:
    trigger = "No module named '{module}'"
    with pytest.raises(LearnError, match=r"uses \{pkg\}.*it has: \{module\}"):
        new_pattern(trigger=trigger, fix="pip install {pkg}", pattern_id="x", taken=())
    table = new_pattern(
        trigger=trigger,
        fix="pip install {pkg}",
        pattern_id="x",
        taken=(),
        regex=r"named '(?P<pkg>[^']+)'",
    )
    assert table["match"] == r"named '(?P<pkg>[^']+)'"


@pytest.mark.parametrize(
    ("kwargs", "problem"),
    [
        ({"pattern_id": "Bad Id"}, "must match"),
        ({"pattern_id": "taken"}, "already exists"),
        ({"regex": "(unclosed"}, "invalid regex"),
        ({"fix": "  "}, "the fix is empty"),
    ],
)
def test_a_bad_pattern_is_refused_with_a_reason(kwargs: dict[str, str], problem: str) -> None:
    args = {"trigger": "boom", "fix": "do x", "pattern_id": "ok", **kwargs}
    with pytest.raises(LearnError, match=problem):
        new_pattern(taken={"taken"}, **args)  # type: ignore[arg-type]


# -- patterns.toml ------------------------------------------------------------------


def test_appending_keeps_the_files_comments_and_layout(tmp_path: Path) -> None:
    path = tmp_path / "patterns.toml"
    path.write_text(EXISTING)
    table = new_pattern(
        trigger='say "{value}" \\ now',
        fix="do it",
        pattern_id="new-one",
        taken={"registry-timeout"},
        tools=["python", "pytest"],
    )
    append_pattern(path, table, comment="learned from failure abc")
    text = path.read_text()
    assert text.startswith(EXISTING)
    assert "# learned from failure abc\n[[pattern]]\n" in text
    assert 'tools = ["python", "pytest"]' in text
    assert [p.id for p in load_patterns(path)] == ["registry-timeout", "new-one"]
    assert tomllib.loads(text)["pattern"][1]["trigger"] == 'say "{value}" \\ now'


def test_a_missing_patterns_file_is_created_with_its_version(tmp_path: Path) -> None:
    path = tmp_path / "patterns.toml"
    append_pattern(path, new_pattern(trigger="boom", fix="x", pattern_id="boom", taken=()))
    assert path.read_text().startswith("version = 1\n")
    assert [p.id for p in load_patterns(path)] == ["boom"]


def test_a_broken_patterns_file_is_reported_with_its_line_and_left_as_it_was(
    tmp_path: Path,
) -> None:
    path = tmp_path / "patterns.toml"
    path.write_text("version = 1\n\n[[pattern]]\nid = 'x'\ntrigger = 'unterminated\n")
    before = path.read_bytes()
    with pytest.raises(LearnError, match=r"patterns\.toml:5:\d+: pattern 'x': invalid TOML"):
        append_pattern(path, new_pattern(trigger="boom", fix="x", pattern_id="y", taken=()))
    assert path.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["patterns.toml"]


def test_a_secret_in_a_trigger_or_fix_never_reaches_patterns_toml(tmp_path: Path) -> None:
    path = tmp_path / "patterns.toml"
    token = "ghp_" + "k" * 36
    append_pattern(
        path,
        new_pattern(
            trigger=f"denied for {token}", fix=f"unset {token}", pattern_id="denied", taken=()
        ),
    )
    assert token not in path.read_text()


# -- errlearn learn -----------------------------------------------------------------


def test_learn_lists_unmatched_failures_most_frequent_first(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record_log(project, LOG.replace(b"requests", b"yaml"))
    sig = record_log(project, times=2)
    assert main(["learn", "--list"]) == 0
    out = capsys.readouterr().out
    assert out.index("'requests'") < out.index("'yaml'")
    assert f"{sig}  2×" in out
    assert "trigger: ModuleNotFoundError: No module named '{module}'" in out
    assert main(["learn", "--json"]) == 0
    listed = json.loads(capsys.readouterr().out)["candidates"]
    assert [c["times"] for c in listed] == [2, 1]
    assert listed[0]["subjects"] == ["python"]


def test_learn_with_no_history_lists_nothing(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["learn", "--list"]) == 0
    assert "no recorded failure" in capsys.readouterr().out
    assert not (project / ".errlearn").exists()


def test_learn_appends_a_pattern_for_a_signature_prefix(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (project / "patterns.toml").write_text(EXISTING)
    sig = record_log(project)
    assert main(["learn", sig[:8], "--fix", "pip install {module}"]) == 0
    assert "added pattern 'python-modulenotfounderror-no-module-named'" in capsys.readouterr().out
    text = (project / "patterns.toml").read_text()
    assert text.startswith(EXISTING)
    new = load_patterns(project / "patterns.toml")[-1]
    assert new.trigger == "ModuleNotFoundError: No module named '{module}'"
    assert (new.fix, new.category, new.tools) == ("pip install {module}", "dependency", ("python",))
    assert main(["learn", "--list"]) == 0
    assert "no recorded failure" in capsys.readouterr().out  # learned: off the list
    assert main(["hints", "--", "python", "app.py"]) == 0
    assert "    fix: pip install {module}" in capsys.readouterr().out  # before it ever matched
    assert main(["learn", sig, "--fix", "again"]) == 2
    assert "already has pattern 'python-modulenotfounderror-no-module-named'" in (
        capsys.readouterr().err
    )


def test_learn_takes_the_id_category_regex_and_tools_it_is_given(project: Path) -> None:
    sig = record_log(project)
    assert (
        main(
            [
                "learn",
                sig,
                "--fix",
                "add {pkg} to requirements.txt",
                "--id",
                "missing-dep",
                "--category",
                "config",
                "--regex",
                r"named '(?P<pkg>\w+)'",
                "--tools",
                "",
            ]
        )
        == 0
    )
    [pattern] = load_patterns(project / "patterns.toml")
    assert (pattern.id, pattern.category, pattern.match, pattern.tools) == (
        "missing-dep",
        "config",
        r"named '(?P<pkg>\w+)'",
        (),
    )


@pytest.mark.parametrize(
    ("argv", "problem"),
    [
        (["learn", "ffffff", "--fix", "x"], "unknown signature 'ffffff'"),
        (["learn", "abc", "--fix", "x"], "at least 6 hex digits"),
        (["learn", "{sig}"], "give the fix"),
        (["learn", "{sig}", "--fix", "pip install {nope}"], "uses {nope}"),
    ],
)
def test_learn_refuses_bad_input_in_one_line_with_status_2(
    project: Path, capsys: pytest.CaptureFixture[str], argv: list[str], problem: str
) -> None:
    sig = record_log(project)
    assert main([a.replace("{sig}", sig) for a in argv]) == 2
    err = capsys.readouterr().err
    assert problem in err
    assert err.count("\n") == 1
    assert not (project / "patterns.toml").exists()


def test_learn_asks_for_each_failure_in_turn(
    project: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    record_log(
        project,
        LOG.replace(b"ModuleNotFoundError: No module named 'requests'", b"KeyError: 'HOME'"),
    )
    record_log(project, times=2)
    record_log(project, LOG.replace(b"requests", b"yaml"))
    # asked in turn: requests (twice), yaml (newer), KeyError; the first is skipped,
    # the second learned after one bad answer, then quit
    monkeypatch.setattr("sys.stdin", io.StringIO("s\nuse {oops}\npip install {module}\nq\n"))
    assert main(["learn", "--interactive"]) == 0
    out = capsys.readouterr().out
    assert "[1/3]" in out
    assert "uses {oops}" in out
    [pattern] = load_patterns(project / "patterns.toml")
    assert pattern.fix == "pip install {module}"


def test_quitting_learn_ends_its_line(
    project: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    record_log(project)
    monkeypatch.setattr("sys.stdin", io.StringIO("q\n"))
    assert main(["learn", "--interactive"]) == 0
    assert capsys.readouterr().out.endswith("q: quit): \n")


def test_learn_on_a_terminal_asks_without_being_told(
    project: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    record_log(project)
    stdin = io.StringIO("")  # the user pressed Ctrl-D
    monkeypatch.setattr(stdin, "isatty", lambda: True, raising=False)
    monkeypatch.setattr("sys.stdin", stdin)
    monkeypatch.setattr("sys.stdout.isatty", lambda: True, raising=False)
    assert main(["learn"]) == 0
    assert "fix (Enter or s: skip, q: quit)" in capsys.readouterr().out


def test_a_learned_failure_is_matched_the_next_time_it_is_scanned(project: Path) -> None:
    matcher_module = pytest.importorskip("pytest_errlearn.matching.matcher")
    from pytest_errlearn.config import load_settings

    (project / "pyproject.toml").write_text("[tool.errlearn]\nbuiltin = false\n")  # ours alone
    sig = record_log(project)
    assert main(["learn", sig, "--fix", "pip install {module}"]) == 0
    report = detect(LOG.replace(b"/home/ci", b"/Users/me"), "python")
    matcher_module.load_matcher(load_settings()).match_report(report)
    match = report.errors[0].match
    assert match is not None
    assert match.pattern == "python-modulenotfounderror-no-module-named"
    assert match.fix == "pip install requests"
