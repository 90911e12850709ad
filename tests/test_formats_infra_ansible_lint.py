"""ansible-lint: each violation at the place under its rule (or before it, with
``--format pep8``), its count folded into them."""

from __future__ import annotations

from test_detect import scan

from pytest_errlearn.detect.hints import tool_from_command

# ansible-lint 25's default format (real output, colours removed).
DEFAULT = """
WARNING  Listing 3 violation(s) that are fatal
name[play]: All plays should be named.
site.yml:1:3

fqcn[action-core]: Use FQCN for builtin module actions (shell).
site.yml:3:7 Use `ansible.builtin.shell` or `ansible.legacy.shell` instead.

no-changed-when: Commands should not change things if nothing needs doing.
site.yml:6 Task/Handler: Use command

Read documentation for instructions on how to ignore specific rule violations.

# Rule Violation Summary

  1 name profile:basic tags:idiom

Failed: 3 failure(s), 0 warning(s) in 1 files processed of 1 encountered. Last profile that met the validation criteria was 'min'.
"""  # noqa: E501

PEP8 = """
WARNING  Listing 2 violation(s) that are fatal
site.yml:1:3: name[play][/]: All plays should be named.
site.yml:4: package-latest: Package installs should not use latest.

Failed: 2 failure(s), 0 warning(s) in 1 files processed of 1 encountered.
"""

LOAD_FAILURE = """
WARNING  Listing 1 violation(s) that are fatal
load-failure[yaml]: Failed to load YAML file (warning)
site.yml:7:8 did not find expected key

Failed: 1 failure(s), 0 warning(s) in 1 files processed of 1 encountered.
"""


def test_each_violation_is_at_the_place_under_its_rule() -> None:
    report = scan(DEFAULT)
    assert [(e.code, e.file, e.line, e.column, e.message) for e in report.errors] == [
        ("name[play]", "site.yml", 1, 3, "All plays should be named."),
        (
            "fqcn[action-core]",
            "site.yml",
            3,
            7,
            "Use FQCN for builtin module actions (shell). Use `ansible.builtin.shell` or"
            " `ansible.legacy.shell` instead.",
        ),
        (
            "no-changed-when",
            "site.yml",
            6,
            None,
            "Commands should not change things if nothing needs doing. Task/Handler: Use command",
        ),
    ]
    assert {e.tool for e in report.errors} == {"ansible-lint"}


def test_the_pep8_format_is_read_with_its_place_first() -> None:
    report = scan(PEP8)
    assert [(e.code, e.line, e.message) for e in report.errors] == [
        ("name[play]", 1, "All plays should be named."),
        ("package-latest", 4, "Package installs should not use latest."),
    ]


def test_a_load_failure_marked_warning_is_the_syntax_error_that_failed_the_run() -> None:
    (error,) = scan(LOAD_FAILURE).errors
    assert (error.code, error.line, error.column, error.category) == (
        "load-failure[yaml]",
        7,
        8,
        "syntax",
    )
    assert error.message == "Failed to load YAML file: did not find expected key"


def test_a_yaml_line_that_looks_like_a_rule_is_no_violation() -> None:
    assert scan("name: deploy\nhosts: all\n").errors == []


def test_ansible_lint_is_known_by_its_command() -> None:
    assert tool_from_command("ansible-lint -p site.yml") == "ansible-lint"
