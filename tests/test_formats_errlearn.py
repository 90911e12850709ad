"""errlearn's own output, in a log read again (a CI job that ran errlearn): none
of it is an error of the run, and each of the run's errors counts once."""

from __future__ import annotations

from test_detect import scan

# pytest 9 with errlearn's plugin, --tb=no and --tb=short (real runs).
TB_NO = """
FF                                                                       [100%]
=================================== errlearn ===================================
known fix (1 test): The mapping has no key 'k'. If it is an environment variable, set it in the CI job or read it with `os.environ.get('k', default)`.  [py-key-error, semantic match 1.00, library/python.toml:130]
1 failure with no known fix; `errlearn learn` turns them into patterns
=========================== short test summary info ============================
FAILED test_a.py::test_b - assert 1 == 2
FAILED test_a.py::test_c - KeyError: 'k'
2 failed in 0.29s
"""  # noqa: E501

TB_SHORT = """
=================================== FAILURES ===================================
____________________________________ test_c ____________________________________
test_a.py:5: in test_c
    {}["k"]
E   KeyError: 'k'
----------------------------- errlearn: known fix ------------------------------
The mapping has no key 'k'. If it is an environment variable, set it in the CI job.
(py-key-error, semantic match 1.00, library/python.toml:130)
=================================== errlearn ===================================
known fix (1 test): The mapping has no key 'k'.  [py-key-error, semantic match 1.00, library/python.toml:130]
! test_a.py::test_c: failing the same way for 4 runs
=========================== short test summary info ============================
FAILED test_a.py::test_c - KeyError: 'k'
1 failed in 0.30s
"""  # noqa: E501

# `errlearn run -- cargo build` in CI: the hints before the command, its output,
# errlearn's summary after it.
RUN = """
errlearn: `cargo build` failed like this before:
  • cannot find value `totl` in this scope  (2 times, last 3 days ago)
    fix: `totl` is not declared here: fix the spelling.  (worked 1 of 1 times)
   Compiling demo v0.1.0 (/home/runner/work/demo/demo)
error[E0425]: cannot find value `totl` in this scope
 --> src/main.rs:3:20
  |
3 |     println!("{}", totl);
  |                    ^^^^ help: a local variable with a similar name exists: `total`

error: could not compile `demo` (bin "demo") due to 1 previous error
errlearn: 1 error, 1 with a known fix
✖ src/main.rs:3  [reference] cargo  root cause
    cannot find value `totl` in this scope
    fix: `totl` is not declared here: fix the spelling.
         (rust-cannot-find-value, semantic 1.00, library/rust.toml:4)
"""


def test_a_pytest_run_with_no_tracebacks_is_its_failed_tests_not_errlearns_summary() -> None:
    report = scan(TB_NO)
    assert [(e.test, e.message, e.tool) for e in report.errors] == [
        ("test_b", "assert 1 == 2", "pytest"),
        ("test_c", "KeyError: 'k'", "pytest"),
    ]


def test_the_plugins_sections_add_no_error() -> None:
    report = scan(TB_SHORT)
    assert [(e.file, e.line, e.message) for e in report.errors] == [
        ("test_a.py", 5, "KeyError: 'k'")
    ]


def test_errlearn_runs_hints_and_summary_add_no_error_to_the_commands_own() -> None:
    [err] = scan(RUN).errors
    assert (err.file, err.line, err.code) == ("src/main.rs", 3, "E0425")
