"""The matcher: the seed's similarity table, near misses, placeholders, order, regex safety."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from errlearn_wrapper.cli import main

from pytest_errlearn.config import Settings
from pytest_errlearn.detect import detect
from pytest_errlearn.matching import saferegex
from pytest_errlearn.matching.canonical import canonical, related
from pytest_errlearn.matching.matcher import Matcher, load_matcher
from pytest_errlearn.matching.patterns import Pattern
from pytest_errlearn.report import Error


def pattern(id: str, trigger: str, fix: str = "fix it", **kw: object) -> Pattern:
    return Pattern(id=id, trigger=trigger, fix=fix, source=f"test:{id}", **kw)  # type: ignore[arg-type]


def error(message: str, **kw: object) -> Error:
    return Error(message=message, text=message, **kw)  # type: ignore[arg-type]


def matches(trigger: str, message: str, **kw: object) -> bool:
    return Matcher([pattern("p", trigger)]).match(error(message, **kw)) is not None


# The matching rules' examples, at the default threshold 0.6 (the right column is the error).
SEED = [
    ("ImportError: cannot import {module}", "ModuleNotFoundError: No module named 'yaml'", True),
    ("ImportError: cannot import {module}", "ModuleNotFoundError: 'yaml'", True),
    ("pytest: no tests ran", "test collection failed", True),
    ("Framework idiom violation: {pattern}", "Idiom check failed: 'no-print'", True),
    ("SyntaxError: unexpected EOF", "IndentationError", False),
    ("Connection refused", "Database error", False),
]


@pytest.mark.parametrize(("trigger", "message", "expected"), SEED)
def test_the_seed_similarity_table_holds_at_the_default_threshold(
    trigger: str, message: str, expected: bool
) -> None:
    assert matches(trigger, message) is expected


@pytest.mark.parametrize(
    ("trigger", "message", "code"),
    [
        (
            "error[E0425]: cannot find value `{name}` in this scope",
            "cannot find type `Foo` in this scope",
            "E0412",
        ),
        ("error[E0425]: cannot find value `{name}` in this scope", "mismatched types", "E0308"),
        (
            "error TS2322: Type {a} is not assignable to type {b}.",
            "Argument of type 'boolean' is not assignable to parameter of type 'number'.",
            "TS2345",
        ),
        (
            "error TS2322: Type {a} is not assignable to type {b}.",
            "Property 'x' does not exist on type 'Y'.",
            "TS2339",
        ),
    ],
)
def test_different_tool_codes_never_match_however_alike_the_words(
    trigger: str, message: str, code: str
) -> None:
    assert not matches(trigger, message, code=code)


def test_the_same_tool_code_matches_with_other_values() -> None:
    assert matches(
        "error[E0425]: cannot find value `{name}` in this scope",
        "cannot find value `CURSOR` in this scope",
        code="E0425",
    )


PIP_REFUSED = (
    "ERROR: Could not install packages due to an OSError: HTTPSConnectionPool(host='pypi.org', "
    "port=443): Max retries exceeded with url: /simple/requests/ (Caused by NewConnectionError("
    "'<pip._vendor.urllib3.connection.HTTPSConnection object at 0x7f2b3c>: Failed to establish "
    "a new connection: [Errno 111] Connection refused'))"
)
DB_REFUSED = (
    'psycopg2.OperationalError: connection to server at "localhost" (127.0.0.1), port 5432 '
    "failed: Connection refused"
)


def test_a_refused_package_index_and_a_refused_database_stay_apart() -> None:
    assert not matches(PIP_REFUSED, DB_REFUSED)
    assert not matches(DB_REFUSED, PIP_REFUSED)
    assert matches(DB_REFUSED, DB_REFUSED.replace("5432", "5433"))


def test_syntax_and_indentation_errors_stay_apart_both_ways() -> None:
    assert not matches("SyntaxError: invalid syntax", "IndentationError: unexpected indent")
    assert not matches(
        "IndentationError: expected an indented block after 'if' statement",
        "SyntaxError: expected ':'",
    )


def test_a_trigger_naming_a_base_exception_matches_its_subclasses_only() -> None:
    assert related("ImportError", "ModuleNotFoundError")
    assert related("OSError", "FileNotFoundError") and related("IOError", "PermissionError")
    assert not related("FileNotFoundError", "PermissionError")
    assert matches(
        "OSError: [Errno 2] No such file or directory: {path}",
        "FileNotFoundError: [Errno 2] No such file or directory: 'a.txt'",
    )
    assert not matches("KeyError: {key}", "IndexError: 'x'")
    assert not matches(
        "PermissionError: [Errno 13] Permission denied: {path}",
        "FileNotFoundError: [Errno 2] No such file or directory: 'a.txt'",
    )


def test_literal_text_stays_literal_and_only_placeholders_generalise() -> None:
    assert canonical("Package requests not found")[0] == "package requests not found"
    assert canonical("Package 'numpy' not found")[0] == "package <v> not found"
    assert matches("No module named {module}", "No module named 'requests'")
    assert not matches("Cannot open database file", "Cannot allocate memory")


@pytest.mark.parametrize(
    ("message", "tool", "claimed_by"),
    [  # real errors that built-in patterns once claimed on character likeness alone
        ("Error: user 42 not found", "node", "rust-linker-not-found"),  # 0.84
        ("expected ‘,’ or ‘;’ before ‘printf’", "gcc", "rust-unwrap-on-err"),  # 0.62
        ("frobnicate: not found", None, "pytest-fixture-not-found"),  # 0.67
        ("SyntaxError: expected ':'", "python", "py-unclosed-bracket"),  # 0.62
        ("OSError: disk quota exceeded", "pytest", "net-timed-out"),  # 0.64
    ],
)
def test_a_message_that_does_not_say_what_the_trigger_says_is_not_matched(
    message: str, tool: str | None, claimed_by: str
) -> None:
    builtin = load_matcher(Settings(root=Path("."), patterns=None))
    assert builtin.get(claimed_by) is not None
    found = builtin.match(error(message, tool=tool, block=[message]))
    assert found is None or found.pattern != claimed_by


def test_a_reworded_message_still_matches_when_it_names_what_failed() -> None:
    assert matches("error: linker `{linker}` not found", "linker 'clang' was not found")
    assert matches("ImportError: cannot import {module}", "ModuleNotFoundError: 'yaml'")
    assert not matches(
        "error: failed to parse lock file at: {path}",
        "error: failed to parse manifest at: /src/Cargo.toml",
    )


def test_placeholders_are_filled_from_the_errors_values() -> None:
    m = Matcher(
        [pattern("p", "ModuleNotFoundError: No module named {module}", fix="pip install {module}")]
    )
    found = m.match(error("ModuleNotFoundError: No module named 'yaml'"))
    assert found is not None
    assert (found.fix, found.method, found.score, found.source) == (
        "pip install yaml",
        "semantic",
        1.0,
        "test:p",
    )


def test_regex_named_groups_fill_what_the_trigger_cannot() -> None:
    m = Matcher(
        [
            pattern(
                "p",
                "database is down",
                match=r"port (?P<port>\d+)",
                fix="start the database on {port}",
            )
        ]
    )
    err = error(
        "psycopg2.OperationalError: the server closed the connection",
        block=[
            "Traceback (most recent call last):",
            "  connect(port 5432)",
            "psycopg2.OperationalError: the server closed the connection",
        ],
    )
    found = m.match(err)
    assert found is not None
    assert (found.method, found.fix) == ("regex", "start the database on 5432")


def test_an_unfillable_placeholder_is_shown_by_name() -> None:
    m = Matcher([pattern("p", "Could not resolve host: {host}", fix="check {host}")])
    found = m.match(error("Could not resolve host"))
    assert found is not None and found.fix == "check <host>"


def test_the_threshold_is_strict_and_a_pattern_may_override_it() -> None:
    # ratio("disk is full", "disk was full") is exactly 0.88
    full = error("disk was full")
    assert not Matcher([pattern("p", "disk is full")], threshold=0.88).match(full)
    assert Matcher([pattern("p", "disk is full")], threshold=0.87).match(full)
    assert not Matcher([pattern("p", "disk is full", threshold=0.9)], threshold=0.5).match(full)


def test_tools_restrict_a_pattern_to_errors_of_those_tools() -> None:
    m = Matcher([pattern("p", "Killed", tools=("make",))])
    assert m.match(error("Killed", tool="make")) is not None
    assert m.match(error("Killed", tool="pytest")) is None


def test_the_best_score_wins_and_ties_go_to_the_earlier_pattern() -> None:
    first = pattern("first", "Connection refused by {host}")
    second = pattern("second", "Connection refused by {host}", origin="builtin")
    found = Matcher([first, second]).match(error("Connection refused by the server"))
    assert found is not None and found.pattern == "first"
    near = pattern("near", "Connection refused by the proxy")
    exact = pattern("exact", "Connection refused by the server")
    found = Matcher([near, exact]).match(error("Connection refused by the server"))
    assert found is not None and (found.pattern, found.score) == ("exact", 1.0)


def test_semantic_matches_outrank_regex_matches() -> None:
    by_regex = pattern("by-regex", "zzz", match="refused")
    by_words = pattern("by-words", "Connection refused")
    found = Matcher([by_regex, by_words]).match(error("Connection refused"))
    assert found is not None and (found.pattern, found.method) == ("by-words", "semantic")


def test_matching_a_report_sets_each_match_and_raises_actionability() -> None:
    report = detect(
        b'Traceback (most recent call last):\n  File "a.py", line 1, in <module>\n'
        b"ModuleNotFoundError: No module named 'yaml'\n"
    )
    before = report.errors[0].actionability
    Matcher(
        [pattern("p", "ModuleNotFoundError: No module named {module}", fix="pip install {module}")]
    ).match_report(report)
    err = report.errors[0]
    assert err.match is not None and err.match.fix == "pip install yaml"
    assert err.actionability > before
    assert report.to_dict()["summary"]["matched"] == 1


def test_a_matched_patterns_category_fills_an_error_the_detector_could_not_place() -> None:
    report = detect(b"error: the vault sealed itself\n")
    assert [e.category for e in report.errors] == ["unknown"]
    team = [pattern("vault", "the vault sealed itself", category="config")]
    Matcher(team).match_report(report)
    err = report.errors[0]
    assert (err.category, err.severity) == ("config", "high")
    assert report.to_dict()["summary"]["by_category"] == {"config": 1}


def test_a_category_the_detector_read_from_the_error_is_kept() -> None:
    report = detect(b"ModuleNotFoundError: No module named 'yaml'\n")
    assert report.errors[0].category == "dependency"
    team = [pattern("p", "ModuleNotFoundError: No module named {m}", category="network")]
    Matcher(team).match_report(report)
    assert report.errors[0].match is not None
    assert report.errors[0].category == "dependency"


CATASTROPHIC = pattern("slowpoke", "never similar to anything here", match="(a+)+$")
LONG_LINE = "a" * 50_000 + "!"


def test_a_catastrophic_user_regex_does_not_hang_with_re2() -> None:
    pytest.importorskip("re2")
    started = time.monotonic()
    assert Matcher([CATASTROPHIC]).match(error("x", block=[LONG_LINE])) is None
    assert time.monotonic() - started < 5


def test_a_catastrophic_regex_is_stopped_and_named_without_re2(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(saferegex, "REGEX_BUDGET", 0.2)
    monkeypatch.setitem(__import__("sys").modules, "re2", None)  # import re2 -> ImportError
    later = pattern("later", "nothing alike", match="a!$", fix="found after the slow one")
    m = Matcher([CATASTROPHIC, later])
    try:
        started = time.monotonic()
        found = m.match(error("a", block=[LONG_LINE]))
        elapsed = time.monotonic() - started
        again = m.match(error("aa", block=[LONG_LINE]))
    finally:
        m.close()
    assert found is not None and found.pattern == "later"
    assert again is not None and again.pattern == "later"
    assert elapsed < 10
    err = capsys.readouterr().err.splitlines()
    assert err == [
        "errlearn: warning: pattern 'slowpoke' (test:slowpoke): its match regex ran over "
        "0.2 s on a 50001-character block; skipped"
    ]


def write(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path


def test_load_matcher_puts_the_project_first_and_lets_it_replace_a_builtin(tmp_path: Path) -> None:
    own = write(
        tmp_path / "patterns.toml",
        '[[pattern]]\nid = "py-missing-module"\n'
        'trigger = "ModuleNotFoundError: No module named {m}"\nfix = "uv add {m}"\n',
    )
    extra = write(tmp_path / "extra.toml", '[[pattern]]\nid = "extra"\ntrigger = "x"\nfix = "y"\n')
    m = load_matcher(Settings(root=tmp_path, patterns=own, threshold=0.7), extra=extra)
    ids = [p.id for p in m.patterns]
    assert ids[:2] == ["py-missing-module", "extra"]
    assert ids.count("py-missing-module") == 1 and len(ids) > 50
    assert m.threshold == 0.7
    found = m.match(error("ModuleNotFoundError: No module named 'yaml'"))
    assert found is not None and found.fix == "uv add yaml"
    assert len(load_matcher(Settings(root=tmp_path, patterns=own, builtin=False)).patterns) == 1


def test_scan_with_a_team_file_shows_each_error_with_its_fix(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("NO_COLOR", "1")
    write(
        tmp_path / "team.toml",
        '[[pattern]]\nid = "team-yaml"\n'
        'trigger = "ModuleNotFoundError: No module named {module}"\n'
        'fix = "pip install -e .[test] (it brings {module})"\n',
    )
    write(
        tmp_path / "build.log",
        "fatal: not a git repository (or any of the parent "
        "directories): .git\nE   ModuleNotFoundError: No module named 'yaml'\n",
    )
    assert main(["scan", "--patterns", "team.toml", "build.log"]) == 0
    out = capsys.readouterr().out
    assert "fix: pip install -e .[test] (it brings yaml)" in out
    assert "team-yaml, semantic 1.00, team.toml:1" in out
    assert "(git-not-a-repository, semantic 1.00, library/git.toml:" in out  # the built-ins


def test_scan_with_a_broken_team_file_exits_2_with_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    write(tmp_path / "team.toml", '[[pattern]]\nid = "x"\ntrigger = "a"\n')
    assert main(["scan", "--patterns", "team.toml", "-"]) == 2
    assert capsys.readouterr().err == ("errlearn: error: team.toml:1: pattern 'x': missing fix\n")


def test_scoring_many_errors_at_once_matches_as_one_by_one(
    corpora: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    pytest.importorskip("numpy")  # the batch path scores with rapidfuzz's cdist
    from pytest_errlearn.matching import matcher
    from pytest_errlearn.matching.patterns import builtin_patterns

    monkeypatch.setattr(matcher, "BATCH_PAIRS", 1)  # a few errors take the batch path too
    logs = sorted((corpora / "cidiff").glob("*/fail.log"))[:30]
    errors = [e for log in logs for e in detect(log.read_bytes()).errors]
    assert len({e.message for e in errors}) >= 16
    m = Matcher(builtin_patterns())
    one_by_one = [(f.pattern, round(f.score, 3)) if (f := m.match(e)) else None for e in errors]
    m.match_all(errors)
    at_once = [(e.match.pattern, round(e.match.score, 3)) if e.match else None for e in errors]
    assert at_once == one_by_one
    assert any(at_once)


def test_a_regex_is_searched_in_the_message_when_the_block_lacks_it() -> None:
    # pytest prints "E  assert None is not None"; the message adds the exception type.
    regex = r"(?m)AssertionError:\s+assert\s+None\s+is\s+not\s+None$"
    m = Matcher(
        [
            pattern(
                "none-check", "AssertionError: assert None is not None", match=regex, threshold=1.0
            )
        ]
    )
    err = Error(
        message="AssertionError: assert None is not None",
        text="E       assert None is not None",
        block=["E       assert None is not None"],
    )
    found = m.match(err)
    assert found is not None and found.pattern == "none-check"
