"""Everything that fails is remembered, once: collection and internal errors, and
``errlearn run -- pytest`` with the plugin loaded (one report, one record)."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from errlearn_wrapper.cli import main
from plugin_helpers import autoload  # noqa: F401 - an autouse fixture

UNKNOWN = "def test_frob():\n    raise RuntimeError('the frobnicator is not configured')\n"


def runs(root: Path) -> list[tuple[str, int]]:
    """The recorded runs: (source, exit status), oldest first."""
    with sqlite3.connect(root / ".errlearn" / "history.sqlite3") as conn:
        return conn.execute("SELECT source, exit_code FROM runs ORDER BY id").fetchall()


def learn_list(
    root: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> str:
    monkeypatch.chdir(root)
    capsys.readouterr()
    assert main(["learn", "--list"]) == 0
    return capsys.readouterr().out


@pytest.fixture
def no_library(pytester: pytest.Pytester) -> pytest.Pytester:
    """A project without the built-in library: every failure is one to learn."""
    pytester.makepyprojecttoml("[tool.errlearn]\nbuiltin = false\n")
    return pytester


def test_a_syntax_error_in_a_test_module_is_recorded_and_listed_by_learn(
    no_library: pytest.Pytester,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    no_library.makepyfile(test_bad="def test_x(:\n    pass\n", test_ok="def test_ok(): pass")
    result = no_library.runpytest("-p", "no:cacheprovider")
    assert result.ret == pytest.ExitCode.INTERRUPTED  # pytest stops before running a test
    assert runs(no_library.path) == [("pytest", 2)]
    listed = learn_list(no_library.path, monkeypatch, capsys)
    assert "SyntaxError: invalid syntax" in listed
    assert "in: test_bad.py" in listed


def test_a_bad_import_at_collection_is_recorded(no_library: pytest.Pytester) -> None:
    no_library.makepyfile(test_bad="import nosuchmod_q\n\ndef test_x(): pass\n")
    no_library.runpytest("-p", "no:cacheprovider")
    with sqlite3.connect(no_library.path / ".errlearn" / "history.sqlite3") as conn:
        found = conn.execute("SELECT subject, message FROM errors").fetchall()
    assert found == [("test_bad.py", "ModuleNotFoundError: No module named 'nosuchmod_q'")]


def test_an_internal_error_before_the_session_starts_is_recorded(
    no_library: pytest.Pytester,
) -> None:
    no_library.makeconftest(
        "def pytest_sessionstart(session):\n"
        "    raise RuntimeError('the widget registry is locked')\n"
    )
    no_library.makepyfile(test_it="def test_ok(): pass")
    result = no_library.runpytest_subprocess("-p", "no:cacheprovider")
    assert result.ret == pytest.ExitCode.INTERNAL_ERROR
    assert runs(no_library.path) == [("pytest", 3)]


# -- under errlearn run --------------------------------------------------------


def test_under_errlearn_run_the_plugin_hands_its_errors_over_instead_of_a_summary(
    no_library: pytest.Pytester, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    handoff = tmp_path / "handoff.jsonl"
    handoff.touch()
    monkeypatch.setenv("ERRLEARN_RUN", str(handoff))
    no_library.makepyfile(test_it=UNKNOWN)
    result = no_library.runpytest("-p", "no:cacheprovider")
    result.assert_outcomes(failed=1)
    assert "= errlearn =" not in result.stdout.str()
    (session,) = [json.loads(line) for line in handoff.read_text().splitlines()]
    assert [e["test"] for e in session["errors"]] == ["test_it.py::test_frob"]
    assert runs(no_library.path) == [("pytest", 1)]  # the plugin records it


def test_errlearn_run_of_pytest_reports_once_and_records_once(
    no_library: pytest.Pytester,
) -> None:
    no_library.makepyfile(
        test_it="""
        import pytest

        @pytest.mark.parametrize("kind,n", [(int, 6), (str, 7)])
        def test_types(kind, n):
            assert kind(n) == 5

        def test_frob():
            raise RuntimeError('the frobnicator is not configured')
    """
    )
    run = [
        sys.executable,
        "-m",
        "errlearn_wrapper",
        "run",
        "--no-hints",
        "--",
        sys.executable,
        "-m",
        "pytest",
        "-p",
        "no:cacheprovider",
        "-p",
        "errlearn",
    ]
    done = subprocess.run(
        run, cwd=no_library.path, capture_output=True, text=True, timeout=120, check=False
    )
    assert done.returncode == 1
    assert "= errlearn =" not in done.stdout  # the plugin's summary: not here
    tests = [line.strip() for line in done.stderr.splitlines() if line.strip().startswith("test:")]
    assert tests == [
        "test: test_it.py::test_types[int-6]",
        "test: test_it.py::test_types[str-7]",
        "test: test_it.py::test_frob",
    ]  # node ids, each once, no other error
    assert runs(no_library.path) == [("pytest", 1)]
