"""The plugin under pytest-xdist: every worker's failures, once, from the controller."""

from __future__ import annotations

import pytest
from plugin_helpers import (
    MISSING_MODULE,
    autoload,  # noqa: F401 - an autouse fixture
    errlearn_lines,
    known_fix,
    read_json,
)

pytest.importorskip("xdist")

# Twenty failures, each naming the worker that ran it.
MANY = """
import pytest

@pytest.mark.parametrize("n", range(20))
def test_fails(n, worker_id):
    raise ValueError(f"{worker_id} {n}")
"""


def test_every_workers_failures_are_reported_once_by_the_controller(
    pytester: pytest.Pytester,
) -> None:
    pytester.makepyfile(test_many=MANY)
    result = pytester.runpytest_subprocess("-n", "2", "-v", "--errlearn-json", "out.json")
    result.assert_outcomes(failed=20)
    errors = read_json(pytester.path / "out.json")["errors"]
    assert sorted(e["test"] for e in errors) == sorted(
        f"test_many.py::test_fails[{n}]" for n in range(20)
    )
    assert {e["message"].split()[1] for e in errors} == {"gw0", "gw1"}
    assert all(e["file"] == "test_many.py" and e["line"] == 5 for e in errors)
    summary = errlearn_lines(result)
    assert summary[-1] == "20 failures with no known fix; `errlearn learn` turns them into patterns"
    assert len([line for line in summary if line.startswith("no known fix:")]) == 20


def test_workers_write_nothing_to_disk(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(test_many=MANY)
    before = set(pytester.path.rglob("*"))
    pytester.runpytest_subprocess("-n2", "-p", "no:cacheprovider", "--errlearn-json", "out.json")
    ours = {
        p.relative_to(pytester.path).as_posix()
        for p in set(pytester.path.rglob("*")) - before
        if p.parts[len(pytester.path.parts)] not in ("stdout", "stderr")
        and not p.parts[len(pytester.path.parts)].startswith("runpytest-")
        and "__pycache__" not in p.parts
    }
    # pytester's own files aside: the controller's report and history, nothing else
    assert {p for p in ours if not p.startswith(".errlearn")} == {"out.json"}
    assert {p for p in ours if p.startswith(".errlearn/")} == {
        ".errlearn/.gitignore",
        ".errlearn/CACHEDIR.TAG",
        ".errlearn/history.sqlite3",
    }


def test_a_known_fix_found_on_a_worker_is_shown_under_the_failure_and_in_the_summary(
    pytester: pytest.Pytester,
) -> None:
    known_fix(pytester, "pip install {module}")
    pytester.makepyfile(test_it=MISSING_MODULE, test_many=MANY)
    result = pytester.runpytest_subprocess("-n", "2", "--errlearn-json", "out.json")
    result.stdout.fnmatch_lines(
        ["*- errlearn: known fix -*", "pip install nosuchmod_x", "(py-missing-module, *)"]
    )
    summary = errlearn_lines(result)
    assert summary[:2] == [
        "known fix: pip install nosuchmod_x",
        "    for test_it.py::test_missing_module",
    ]
    assert summary[-1] == "20 failures with no known fix; `errlearn learn` turns them into patterns"
    (matched,) = [e for e in read_json(pytester.path / "out.json")["errors"] if e["match"]]
    assert matched["match"]["fix"] == "pip install nosuchmod_x"
    assert matched["message"] == "ModuleNotFoundError: No module named 'nosuchmod_x'"


def test_a_collection_error_under_xdist_is_reported_once(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(test_broken="import nosuchmod_x\n", test_ok="def test_ok(): pass\n")
    pytester.runpytest_subprocess("-n", "2", "--errlearn-json", "out.json")
    (err,) = read_json(pytester.path / "out.json")["errors"]
    assert (err["test"], err["file"], err["category"]) == (
        "test_broken.py",
        "test_broken.py",
        "dependency",
    )
    assert err["message"] == "ModuleNotFoundError: No module named 'nosuchmod_x'"


def test_a_broken_patterns_file_under_xdist_is_one_warning(pytester: pytest.Pytester) -> None:
    pytester.makefile(".toml", patterns="version = [\n")
    pytester.makepyfile(test_many=MANY)
    result = pytester.runpytest_subprocess("-n", "2")
    result.assert_outcomes(failed=20)
    warnings = [line for line in result.outlines if line.startswith("errlearn: warning:")]
    assert len(warnings) == 1
    assert "patterns.toml" in warnings[0]


def test_a_workers_error_keeps_the_exceptions_own_message_and_leaves_the_report_clean(
    pytester: pytest.Pytester,
) -> None:
    pytester.makeconftest(
        """
        WIRE = set()

        def pytest_runtest_logreport(report):
            if report.failed:
                WIRE.update(a for a in vars(report) if "errlearn" in a)

        def pytest_terminal_summary(terminalreporter):
            terminalreporter.write_line(f"errlearn attributes on reports: {sorted(WIRE)}")
        """
    )
    source = """
        def test_a():
            raise ExceptionGroup("many", [ValueError("a"), OSError("b")])
    """
    pytester.makepyfile(test_it=source, test_many=MANY)
    result = pytester.runpytest_subprocess("-n", "2", "--errlearn-json", "out.json")
    errors = read_json(pytester.path / "out.json")["errors"]
    # the leaves are only known from the exception itself, which only the worker had
    assert "ExceptionGroup: many (2 sub-exceptions): ValueError: a; OSError: b" in {
        e["message"] for e in errors
    }
    result.stdout.fnmatch_lines(["errlearn attributes on reports: []"])
