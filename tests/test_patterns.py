"""patterns.toml: the schema, every problem located by file, line and id, and the commands."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest
from errlearn_wrapper.cli import main
from errlearn_wrapper.commands.init import STARTER

from pytest_errlearn.config import ConfigError
from pytest_errlearn.matching.patterns import (
    PatternError,
    builtin_patterns,
    check,
    load_patterns,
    placeholders,
)


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(textwrap.dedent(text).lstrip(), encoding="utf-8")
    return path


GOOD = """
    version = 1

    [[pattern]]
    id = "py-missing-module"
    trigger = "ModuleNotFoundError: No module named {module}"
    match = "No module named '(?P<module>[^']+)'"
    fix = "pip install {module}"
    category = "dependency"
    tools = ["pytest", "pip"]

    [[pattern]]
    id = "flaky.registry"
    trigger = "npm ERR! network read ECONNRESET"
    fix = "rerun"
    retry = true
    threshold = 0.8
"""


def problems_of(tmp_path: Path, text: str) -> list[str]:
    return check([write(tmp_path / "patterns.toml", text)])


def test_a_valid_file_loads_every_field_with_the_line_of_its_header(tmp_path: Path) -> None:
    first, second = load_patterns(write(tmp_path / "patterns.toml", GOOD))
    assert first.id == "py-missing-module"
    assert first.tools == ("pytest", "pip")
    assert first.category == "dependency"
    assert first.match == "No module named '(?P<module>[^']+)'"
    assert first.source.endswith("patterns.toml:3")
    assert (first.origin, first.retry, first.threshold) == ("project", False, None)
    assert (second.retry, second.threshold, second.source.endswith("patterns.toml:11")) == (
        True,
        0.8,
        True,
    )


def test_a_broken_patterns_file_is_reported_with_its_line_and_pattern(tmp_path: Path) -> None:
    [problem] = problems_of(
        tmp_path,
        """
        version = 1

        [[pattern]]
        id = "oops"
        trigger = "x"
        fix = "y
    """,
    )
    assert "patterns.toml:6:" in problem
    assert "pattern 'oops'" in problem
    assert "invalid TOML" in problem
    assert "\n" not in problem


def test_a_duplicate_id_names_both_lines(tmp_path: Path) -> None:
    [problem] = problems_of(
        tmp_path,
        """
        [[pattern]]
        id = "same"
        trigger = "a"
        fix = "b"

        [[pattern]]
        id = "same"
        trigger = "c"
        fix = "d"
    """,
    )
    assert "patterns.toml:7: pattern 'same': duplicate id (first defined at " in problem
    assert problem.endswith("patterns.toml:1)")


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        ('id = "p"\nfix = "f"', "missing trigger"),
        ('id = "p"\ntrigger = "t"', "missing fix"),
        ('trigger = "t"\nfix = "f"', "missing id"),
        ('id = "Bad Id"\ntrigger = "t"\nfix = "f"', "id must be lower case"),
        (
            'id = "p"\ntrigger = "t"\nfix = "f"\ncategory = "netwrok"',
            "unknown category 'netwrok' (did you mean 'network'?)",
        ),
        (
            'id = "p"\ntrigger = "t"\nfix = "f"\nmatch = "(unclosed"',
            "match is not a valid regular expression: missing ), unterminated subpattern",
        ),
        (
            'id = "p"\ntrigger = "t"\nfix = "f"\nmatch = "\\bETIMEDOUT\\b"',
            'match holds a backspace: in a "..." string \\b is one; write the regex as a '
            "literal string, match = '...'",
        ),
        (
            'id = "p"\ntrigger = "No module named {module}"\nfix = "pip install {package}"',
            "fix uses {package}, which neither the trigger's placeholders nor the match's",
        ),
        (
            'id = "p"\ntrigger = "t"\nfix = "f"\ntrigerr = "t"',
            "unknown key 'trigerr' (did you mean 'trigger'?)",
        ),
        ('id = "p"\ntrigger = "t"\nfix = "f"\nthreshold = 1.5', "threshold must be a number"),
        ('id = "p"\ntrigger = "t"\nfix = "f"\nretry = "yes"', "retry must be true or false"),
        ('id = "p"\ntrigger = "t"\nfix = "f"\ntools = "pytest"', "tools must be a list"),
    ],
)
def test_each_invalid_pattern_is_one_line_with_file_line_and_id(
    tmp_path: Path, body: str, expected: str
) -> None:
    text = "version = 1\n\n[[pattern]]\n" + body + "\n"
    [problem] = problems_of(tmp_path, text)
    assert expected in problem
    assert "patterns.toml:" in problem and "pattern " in problem
    line = int(problem.split("patterns.toml:")[1].split(":")[0])
    assert line >= 3  # at the pattern's header or at the offending key


def test_the_fix_may_use_the_regex_named_groups_and_escaped_braces(tmp_path: Path) -> None:
    assert (
        problems_of(
            tmp_path,
            """
        [[pattern]]
        id = "p"
        trigger = "connection refused"
        match = "port (?P<port>\\\\d+)"
        fix = "start it on {port}; in CI: env: {{ PORT: {port} }}"
    """,
        )
        == []
    )
    assert placeholders("a {x} {{literal}} {y} {x}") == ["x", "y"]


def test_an_unsupported_version_and_an_unknown_top_level_key_are_reported(tmp_path: Path) -> None:
    problems = problems_of(tmp_path, "version = 2\npatterns = []\n")
    assert any("patterns.toml:1: unsupported version 2" in p for p in problems)
    assert any(
        "patterns.toml:2: unknown key 'patterns' (did you mean 'pattern'?)" in p for p in problems
    )


def test_includes_are_read_relative_to_the_including_file_after_its_own(tmp_path: Path) -> None:
    write(
        tmp_path / "ci" / "more.toml",
        """
        [[pattern]]
        id = "from-include"
        trigger = "b"
        fix = "b"
    """,
    )
    main_file = write(
        tmp_path / "patterns.toml",
        """
        include = ["ci/more.toml"]

        [[pattern]]
        id = "own"
        trigger = "a"
        fix = "a"
    """,
    )
    patterns = load_patterns(main_file)
    assert [p.id for p in patterns] == ["own", "from-include"]
    assert patterns[1].source.endswith("more.toml:1")


def test_an_include_cycle_is_detected_and_named(tmp_path: Path) -> None:
    write(tmp_path / "b.toml", 'include = ["a.toml"]\n')
    a = write(tmp_path / "a.toml", 'include = ["b.toml"]\n')
    [problem] = check([a])
    assert "include cycle" in problem
    assert "a.toml -> " in problem and "b.toml -> " in problem


def test_a_missing_include_is_reported_at_the_include_line(tmp_path: Path) -> None:
    [problem] = problems_of(tmp_path, 'version = 1\ninclude = ["nope.toml"]\n')
    assert "patterns.toml:2: cannot read included file" in problem
    assert "nope.toml" in problem


def test_loading_an_invalid_file_raises_one_config_error_line(tmp_path: Path) -> None:
    path = write(
        tmp_path / "patterns.toml",
        """
        [[pattern]]
        id = "a"
        [[pattern]]
        id = "b"
    """,
    )
    with pytest.raises(PatternError) as info:
        load_patterns(path)
    assert isinstance(info.value, ConfigError)
    message = str(info.value)
    assert "\n" not in message
    assert "pattern 'a': missing trigger" in message
    assert "more: run 'errlearn patterns check'" in message


def test_an_unreadable_file_is_a_pattern_error(tmp_path: Path) -> None:
    with pytest.raises(PatternError, match="cannot read patterns file"):
        load_patterns(tmp_path / "missing.toml")


def test_the_builtin_library_loads_as_builtin_patterns() -> None:
    patterns = builtin_patterns()
    assert patterns and all(p.origin == "builtin" for p in patterns)
    assert all(p.source.startswith("library/") for p in patterns)


# -- the commands --------------------------------------------------------------


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    (tmp_path / "pyproject.toml").write_text("[project]\nname = 'demo'\n")
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("ERRLEARN_PATTERNS", raising=False)
    return tmp_path


def test_patterns_check_exits_1_listing_each_problem(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    write(project / "patterns.toml", '[[pattern]]\nid = "x"\n[[pattern]]\nid = "x"\n')
    assert main(["patterns", "check"]) == 1
    out = capsys.readouterr().out.splitlines()
    assert len(out) == 5  # missing trigger and fix twice, and the duplicate id
    assert all(line.startswith("patterns.toml:") for line in out)


def test_patterns_check_exits_0_on_a_clean_file(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    write(project / "team.toml", GOOD)
    assert main(["patterns", "check", "team.toml"]) == 0
    assert "team.toml: 2 patterns, no problems" in capsys.readouterr().out


def test_patterns_check_exits_2_when_the_file_cannot_be_read(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["patterns", "check", "missing.toml"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("errlearn: error: missing.toml: cannot read patterns file")
    assert err.count("\n") == 1


def test_patterns_list_shows_id_category_tools_and_source(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    write(project / "patterns.toml", GOOD)
    assert main(["patterns", "list"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split() == ["py-missing-module", "dependency", "pytest,pip", "patterns.toml:3"]
    assert lines[1].split() == ["flaky.registry", "-", "-", "patterns.toml:11"]
    assert main(["patterns", "list", "--builtin"]) == 0
    assert "library/python.toml:" in capsys.readouterr().out


def test_init_writes_a_valid_commented_starter_and_never_overwrites(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["init"]) == 0
    written = (project / "patterns.toml").read_text()
    assert written == STARTER
    assert load_patterns(project / "patterns.toml") == []  # its examples are commented out
    assert main(["init"]) == 2
    assert "already exists; not overwriting it" in capsys.readouterr().err
    assert (project / "patterns.toml").read_text() == written
