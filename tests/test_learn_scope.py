"""Learned patterns stay in their lane: a generic failure is learned by its values,
``learn`` says which other recorded failures a pattern would match, and nested
quotes give a clean trigger."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from errlearn_wrapper.cli import main

from pytest_errlearn.config import load_settings
from pytest_errlearn.detect.signature import normalize, signature
from pytest_errlearn.history import History
from pytest_errlearn.matching.learn import derive_trigger
from pytest_errlearn.matching.learn_scope import is_generic, scoped_regex, scoped_trigger
from pytest_errlearn.matching.matcher import Matcher, load_matcher
from pytest_errlearn.report import Error, Report

ELLIPSIS = "AssertionError: assert 'Usage: som' == 'Usage: som...'"
INVALID = "ValueError: invalid literal for int() with base 10:"
OTHERS = {
    "tests/test_help.py::test_other_compare": "AssertionError: assert 'abc' == 'abd'",
    "tests/test_help.py::test_deprecated": "AssertionError: assert '(DEPRECATED' in ''",
    "tests/test_help.py::test_none": "AssertionError: assert None is not None",
}


def failure(test: str, message: str) -> Error:
    """A test's failure as the plugin reads it (``--tb=short``)."""
    category = "assertion" if message.startswith("Assertion") else "runtime"
    return Error(
        message=message,
        text=message,
        tool="pytest",
        category=category,
        file="tests/test_help.py",
        test=test,
        block=[f"E   {message}"],
        signature=signature(
            message, tool="pytest", category=category, code=None, file="tests/test_help.py"
        ),
    )


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    (tmp_path / ".git").mkdir()
    (tmp_path / "pyproject.toml").write_text("[tool.errlearn]\nbuiltin = false\n")
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("ERRLEARN_PATTERNS", raising=False)
    return tmp_path


def record(root: Path, failures: dict[str, str]) -> dict[str, str]:
    """One pytest session with these failures; each test's signature."""
    errors = [failure(test, message) for test, message in failures.items()]
    history = History.open(root)
    assert history is not None
    with history:
        history.record(Report(errors=errors), source="pytest", command="pytest", exit_code=1)
    return {e.test or "": e.signature for e in errors}


def matched(root: Path, failures: dict[str, str]) -> list[str]:
    """The tests whose failure the project's patterns now match."""
    matcher = load_matcher(load_settings(root))
    try:
        return [t for t, m in failures.items() if matcher.match(failure(t, m)) is not None]
    finally:
        matcher.close()


def test_a_learned_assertion_fix_is_shown_under_its_own_failure_and_no_other_test(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    everything = {"tests/test_help.py::test_ellipsis": ELLIPSIS, **OTHERS}
    sigs = record(project, everything)
    fix = "short help must end with three dots"
    assert main(["learn", sigs["tests/test_help.py::test_ellipsis"][:8], "--fix", fix]) == 0
    assert "would also match" not in capsys.readouterr().err
    assert matched(project, everything) == ["tests/test_help.py::test_ellipsis"]


def test_the_same_comparison_with_other_values_is_not_the_learned_failure(project: Path) -> None:
    sigs = record(project, {"tests/test_help.py::test_sum": "AssertionError: assert 6 == 5"})
    assert main(["learn", sigs["tests/test_help.py::test_sum"][:8], "--fix", "off by one"]) == 0
    assert matched(
        project,
        {
            "tests/test_help.py::test_sum": "AssertionError: assert 6 == 5",
            "tests/test_help.py::test_len": "AssertionError: assert 6 == 55",
            "tests/test_help.py::test_max": "AssertionError: assert 7 == 5",
        },
    ) == ["tests/test_help.py::test_sum"]


def test_learn_warns_before_writing_which_failures_of_other_tests_it_would_match(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    sigs = record(project, {"tests/test_help.py::test_ellipsis": ELLIPSIS, **OTHERS})
    target = sigs["tests/test_help.py::test_ellipsis"][:8]
    assert main(["learn", target, "--fix", "x", "--regex", "assert '"]) == 0
    err = capsys.readouterr().err
    assert "would also match 2 other recorded failures:" in err
    assert (
        "AssertionError: assert 'abc' == 'abd'  (in tests/test_help.py::test_other_compare)" in err
    )


def test_learn_list_says_which_other_tests_a_candidates_trigger_would_match(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record(
        project,
        {
            "tests/test_parse.py::test_a": f"{INVALID} 'x'",
            "tests/test_parse.py::test_b": f"{INVALID} 'y'",
        },
    )
    assert main(["learn", "--list"]) == 0
    out = capsys.readouterr().out
    assert "would also match 1 other recorded failure (in tests/test_parse.py::test_b)" in out
    assert "would also match 1 other recorded failure (in tests/test_parse.py::test_a)" in out


# -- triggers -------------------------------------------------------------------


def test_nested_quotes_become_placeholders_inside_the_outer_quotes() -> None:
    message = """TypeError: wrap("'Context' object has no attribute '_dpeth'")"""
    assert derive_trigger(normalize(message)) == (
        """TypeError: wrap("'{value}' object has no attribute '{attribute}'")"""
    )


def test_braces_in_a_message_stay_literal_in_its_trigger() -> None:
    assert derive_trigger("unexpected {x} near 'y'") == ("unexpected {{x}} near '{value}'")


@pytest.mark.parametrize(
    ("message", "generic"),
    [
        ("AssertionError", True),
        ("AssertionError: assert 'a' == 'b'", True),
        ("KeyError: 'missing'", True),
        ("Failed: DID NOT RAISE <class 'ValueError'>", True),
        ("ModuleNotFoundError: No module named 'yaml'", False),
        ("ValueError: invalid literal for int() with base 10: 'x'", False),
    ],
)
def test_assertions_bare_exceptions_and_lone_values_are_generic(
    message: str, generic: bool
) -> None:
    assert is_generic(message) is generic


def test_a_scoped_trigger_keeps_the_values_and_masks_only_what_varies_between_runs() -> None:
    trigger = scoped_trigger("AssertionError: assert <Job at 0x7f3a2b> == {'id': 2}")
    assert trigger == "AssertionError: assert <Job at {hex}> == {{'id': 2}}"
    regex = re.compile(scoped_regex(trigger))
    assert regex.search("E   AssertionError: assert <Job at 0x55d1c0> == {'id': 2}\nE   more")
    assert not regex.search("E   AssertionError: assert <Job at 0x55d1c0> == {'id': 3}")


def test_a_scoped_pattern_loads_and_never_matches_by_wording(project: Path) -> None:
    sigs = record(project, {"tests/test_help.py::test_key": "KeyError: 'colour'"})
    assert main(["learn", sigs["tests/test_help.py::test_key"][:8], "--fix", "say color"]) == 0
    (pattern,) = load_matcher(load_settings(project)).patterns
    assert (pattern.threshold, pattern.trigger) == (1.0, "KeyError: 'colour'")
    assert Matcher([pattern]).match(failure("t", "KeyError: 'size'")) is None


def test_learn_names_the_failures_its_values_leave_out_under_the_same_signature(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    first = record(project, {"tests/test_help.py::test_len": "AssertionError: assert 7 == 5"})
    then = record(project, {"tests/test_help.py::test_sum": "AssertionError: assert 6 == 5"})
    assert set(first.values()) == set(then.values())  # numbers are masked in a signature
    assert main(["learn", *then.values(), "--fix", "off by one"]) == 0
    err = capsys.readouterr().err
    assert "1 other failure recorded under this signature (other values) will not match:" in err
    assert "AssertionError: assert 7 == 5  (in tests/test_help.py::test_len)" in err
