"""Matching prefers the team and sees the whole failure: a project pattern
outranks the built-in library, a trigger pasted from the whole line or from a
later line of the block matches, a code rules out only another code, and a
name the team's trigger spells out must be in the error (issue 31, section 5)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from team_outputs import JAVA_NPE, JAVAC, MOCHA_ASSERT, NODE_ASSERT
from team_patterns import CASES, TEAM, evaluate

from pytest_errlearn.config import Settings
from pytest_errlearn.detect import detect
from pytest_errlearn.matching import matcher
from pytest_errlearn.matching.matcher import Matcher, load_matcher
from pytest_errlearn.matching.patterns import Pattern
from pytest_errlearn.report import Error


def team(id: str, trigger: str, **kw: Any) -> Pattern:
    return Pattern(id=id, trigger=trigger, fix="the team's fix", source=f"team:{id}", **kw)


def builtin(id: str, trigger: str, **kw: Any) -> Pattern:
    return Pattern(id, trigger, "the library's fix", source=f"library:{id}", origin="builtin", **kw)


def matched(m: Matcher, output: str, command: str) -> list[str | None]:
    errors = detect(output.encode(), command=command).errors
    return [f.pattern if (f := m.match(e)) else None for e in errors]


@pytest.fixture(scope="module")
def team_matcher(tmp_path_factory: pytest.TempPathFactory) -> Matcher:
    path = tmp_path_factory.mktemp("team") / "patterns.toml"
    path.write_text(TEAM, encoding="utf-8")
    return load_matcher(Settings(root=path.parent, patterns=path))


@pytest.mark.parametrize("at_once", [False, True])
def test_the_team_patterns_claim_their_failures_and_no_near_miss(
    team_matcher: Matcher, at_once: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    def match(errors: list[Error]) -> list[str | None]:
        if not at_once:
            return [f.pattern if (f := team_matcher.match(e)) else None for e in errors]
        team_matcher.match_all(errors)
        return [e.match.pattern if e.match else None for e in errors]

    monkeypatch.setattr(matcher, "BATCH_PAIRS", 1)  # at once: scored with cdist
    score = evaluate(match)
    assert len(CASES) >= 40 and sum(c.expected is None for c in CASES) >= 15
    assert score.false_matches == 0, score.wrong
    assert score.rate >= 0.95, score.wrong


def test_a_project_pattern_outranks_a_built_in_one_that_scores_higher() -> None:
    patterns = [
        team("legacy-foobar", "undefined: fooBar"),
        builtin("go-undefined", "undefined: {name}", tools=("go",)),
    ]
    lint = "main.go:6:14: undefined: fooBar (typecheck)\n"  # golangci-lint's line
    assert matched(Matcher(patterns), lint, "golangci-lint run") == ["legacy-foobar"]
    by_regex = [team("vendored", "nothing alike", match=r"undefined: fooBar\b"), patterns[1]]
    assert matched(Matcher(by_regex), lint, "golangci-lint run") == ["vendored"]


def test_a_trigger_pasted_with_the_lines_prefix_matches_the_message_without_it() -> None:
    m = Matcher([team("app-home", 'Exception in thread "{thread}" java.lang.NullPointerException')])
    assert matched(m, JAVA_NPE, "java App") == ["app-home"]  # the message: the exception only


def test_a_trigger_pasted_from_a_later_line_of_the_block_matches() -> None:
    m = Matcher([team("orders", "symbol:   class OrderService")])
    assert matched(m, JAVAC.format(cls="OrderService"), "javac Cfg.java") == ["orders", "orders"]
    far = Error(
        "cannot find symbol",
        "cannot find symbol",
        block=["cannot find symbol", *["  at x"] * matcher.LINES, "symbol: class OrderService"],
    )
    assert m.match(far) is None  # the lines compared are bounded


def test_an_error_code_rules_out_only_another_code() -> None:
    strict = "AssertionError [ERR_ASSERTION]: Expected values to be strictly equal:"
    m = Matcher([team("spec-fixtures", strict)])
    assert matched(m, MOCHA_ASSERT, "npx mocha") == ["spec-fixtures"]  # mocha: no code read
    other = Matcher([team("other", strict.replace("ERR_ASSERTION", "ERR_INVALID_RETURN_VALUE"))])
    assert matched(other, NODE_ASSERT, "node a.js") == [None]  # node: ERR_ASSERTION read


@pytest.mark.parametrize(
    ("trigger", "near_miss"),
    [
        ("KeyError: 'DATABASE_URL'", "KeyError: 'REDIS_URL'"),
        ("undefined: fooBar", "undefined: fooBaz"),
        (
            "fatal error: zstd.h: No such file or directory",
            "fatal error: libpq-fe.h: No such file or directory",
        ),
        (
            "Cannot find module './receipt' from 'jt/cart.test.js'",
            "Cannot find module './invoice' from 'jt/cart.test.js'",
        ),
        ("Could NOT find Halide", "Could NOT find Boost"),
    ],
)
def test_a_name_the_teams_trigger_spells_out_must_be_in_the_error(
    trigger: str, near_miss: str
) -> None:
    m = Matcher([team("p", trigger)])
    assert m.match(Error(trigger, trigger)) is not None
    assert m.match(Error(near_miss, near_miss, test="formats the receipt")) is None


def test_a_path_counts_by_its_file_name_and_built_in_triggers_take_any_value() -> None:
    m = Matcher(
        [
            team("golden", "No such file or directory: 'tests/data/golden.json'"),
            builtin("key", "KeyError: 'HOME'"),
        ]
    )
    moved = "No such file or directory: '/home/ci/work/tests/data/golden.json'"
    assert (f := m.match(Error(moved, moved))) is not None and f.pattern == "golden"
    other = "No such file or directory: 'tests/data/expected.json'"
    assert m.match(Error(other, other)) is None
    found = m.match(Error("KeyError: 'REDIS_URL'", "KeyError: 'REDIS_URL'"))
    assert found is not None and found.pattern == "key"  # the library's are general


def test_the_benchmark_prints_the_figure_beside_the_plain_ratio_anchor() -> None:
    import subprocess
    import sys

    done = subprocess.run(
        [sys.executable, "team_matching.py"],
        capture_output=True,
        text=True,
        cwd=Path(__file__).resolve().parent.parent / "benchmarks",
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert "errlearn:" in done.stdout and "anchor" in done.stdout
