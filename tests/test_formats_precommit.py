"""pre-commit: each failed hook is an error named by its id; a tool's error in a
hook's output stays the root cause."""

from __future__ import annotations

from test_detect import scan

from pytest_errlearn.detect.hints import tool_from_command

# pre-commit's layout as its own docs and projects' CI logs show it: the status
# lines padded with dots to the 79th column, the ``- `` lines of a failed hook.
RUN = """
[INFO] Initializing environment for https://github.com/astral-sh/ruff-pre-commit.
check yaml...............................................................Passed
check toml...........................................(no files to check)Skipped
ruff format..............................................................Failed
- hook id: ruff-format
- files were modified by this hook

1 file reformatted, 12 files left unchanged

mypy.....................................................................Failed
- hook id: mypy
- exit code: 1

src/config.py:8: error: Cannot find implementation or library stub for module named "yaml"  [import-not-found]
src/config.py:8: note: See https://mypy.readthedocs.io/en/stable/running_mypy.html#missing-imports
Found 1 error in 1 file (checked 12 source files)
"""  # noqa: E501

FIXERS = """
black....................................................................Failed
- hook id: black
- files were modified by this hook

reformatted some/interesting_file.py

All done! \N{SPARKLES} \N{SHORTCAKE} \N{SPARKLES}
1 file reformatted.

trim trailing whitespace.................................................Failed
- hook id: trailing-whitespace
- exit code: 1
- files were modified by this hook

Fixing src/app.py

flake8...................................................................Passed
"""


def test_each_failed_hook_is_an_error_named_by_its_id_and_a_tools_error_stays_the_cause() -> None:
    report = scan(RUN)
    found = [(e.code, e.message) for e in report.errors]
    assert found == [
        ("ruff-format", "ruff format failed: files were modified by this hook"),
        ("mypy", "mypy failed"),
        ("import-not-found", 'Cannot find implementation or library stub for module named "yaml"'),
    ]
    assert report.primary_index == 2


def test_fixers_that_rewrote_files_are_the_failure_the_first_its_root_cause() -> None:
    report = scan(FIXERS)
    assert [(e.code, e.category, e.tool) for e in report.errors] == [
        ("black", "build", "pre-commit"),
        ("trailing-whitespace", "build", "pre-commit"),
    ]
    assert report.errors[1].message.endswith("failed: files were modified by this hook")
    assert report.primary_index == 0


def test_a_pre_commit_run_is_known_by_its_command() -> None:
    assert tool_from_command("pre-commit run --all-files") == "pre-commit"
    assert tool_from_command("prek run") == "pre-commit"


def test_a_verbose_hook_that_passed_is_no_error_though_it_names_its_id() -> None:
    verbose = "Hello World..............................................................Passed\n"
    assert (
        scan(verbose + "- hook id: hello-world\n- duration: 0.01s\n\n  Hello, world!\n").errors
        == []
    )


# Real runs of pre-commit 4 on a repository with local hooks only.
LOCAL_HOOKS = """\
forbid TODO markers......................................................Failed
- hook id: no-todo
- exit code: 1

a.py:2:    return 1  # TODO fix

python compiles..........................................................Failed
- hook id: py-compile
- exit code: 1

File "b.py", line 1
    def g(:
          ^
SyntaxError: invalid syntax

mypy.....................................................................Failed
- hook id: mypy-local
- exit code: 1

Executable `mypy-not-installed` not found

"""


def test_a_hooks_first_line_of_output_says_why_where_no_tool_row_reads_it() -> None:
    report = scan(LOCAL_HOOKS)
    found = [(e.code, e.file, e.line, e.category, e.message) for e in report.errors]
    assert found == [
        ("no-todo", "a.py", 2, "build", "forbid TODO markers failed: return 1  # TODO fix"),
        ("py-compile", None, None, "build", "python compiles failed"),
        (None, "b.py", 1, "syntax", "SyntaxError: invalid syntax"),
        (
            "mypy-local",
            None,
            None,
            "dependency",
            "mypy failed: Executable `mypy-not-installed` not found",
        ),
    ]


def test_a_config_pre_commit_cannot_read_is_a_config_error_at_its_file() -> None:
    log = """\
An error has occurred: InvalidConfigError: 
==> File .pre-commit-config.yaml
==> At Config()
==> At key: repos
==> At Hook(id='x')
=====> Missing required key: name
Check the log at /home/user/.cache/pre-commit/pre-commit.log
"""  # noqa: W291
    [err] = scan(log).errors
    assert (err.file, err.category, err.message) == (
        ".pre-commit-config.yaml",
        "config",
        "InvalidConfigError: Missing required key: name",
    )
