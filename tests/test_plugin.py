"""The pytest plugin, run for real through ``pytester``: loading, options, output.

Runs that must load errlearn through its entry point (or not at all) use
``runpytest_subprocess``; the rest run in process, which is much faster.
"""

from __future__ import annotations

import gc
import importlib
import re

import pytest
from plugin_helpers import (
    MISSING_MODULE,
    PATTERNS,
    autoload,  # noqa: F401 - an autouse fixture
    errlearn_lines,
    known_fix,
    read_json,
    said_anything,
    without_timing,
)

ANSI = re.compile(r"\x1b\[[0-9;]*m")


# -- loading ------------------------------------------------------------------


def test_p_errlearn_loads_it_by_its_entry_point_with_autoload_disabled(
    pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PYTEST_DISABLE_PLUGIN_AUTOLOAD", "1")
    pytester.makepyfile(test_it=MISSING_MODULE)
    result = pytester.runpytest_subprocess("-p", "errlearn")
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(["*= errlearn =*"])


def test_it_is_loaded_without_being_named_where_pytest_autoloads_plugins(
    pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    pytester.makepyfile(test_it=MISSING_MODULE)
    result = pytester.runpytest_subprocess()
    result.stdout.fnmatch_lines(["*= errlearn =*"])


def test_naming_it_when_it_is_autoloaded_loads_it_once(
    pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    pytester.makepyfile(test_it=MISSING_MODULE)
    result = pytester.runpytest_subprocess("-p", "errlearn")
    assert result.stdout.str().count("= errlearn =") == 1


def test_p_no_errlearn_turns_it_off(
    pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    pytester.makepyfile(test_it=MISSING_MODULE)
    result = pytester.runpytest_subprocess("-p", "no:errlearn")
    result.assert_outcomes(failed=1)
    assert not said_anything(result)


def test_it_works_without_the_cacheprovider(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(test_it=MISSING_MODULE)
    result = pytester.runpytest("-p", "no:cacheprovider")
    result.stdout.fnmatch_lines(["*= errlearn =*"])


def test_without_the_terminal_it_prints_nothing_and_still_writes_json(
    pytester: pytest.Pytester,
) -> None:
    pytester.makepyfile(test_it=MISSING_MODULE)
    result = pytester.runpytest_subprocess("-p", "no:terminal", "--errlearn-json", "out.json")
    assert result.ret == pytest.ExitCode.TESTS_FAILED
    assert not said_anything(result)
    assert read_json(pytester.path / "out.json")["summary"]["total"] == 1


# -- options and settings -----------------------------------------------------


@pytest.mark.parametrize("value", ["high", "1.5", "-0.1", "nan"])
def test_a_bad_threshold_option_is_pytests_usage_error(
    pytester: pytest.Pytester, value: str
) -> None:
    pytester.makepyfile(test_it=MISSING_MODULE)
    result = pytester.runpytest_subprocess(f"--errlearn-threshold={value}")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines([f"*--errlearn-threshold: '{value}' is not a number from 0 to 1"])


def test_a_bad_threshold_ini_key_is_one_warning_and_the_run_goes_on(
    pytester: pytest.Pytester,
) -> None:
    pytester.makeini("[pytest]\nerrlearn_threshold = lots\n")
    pytester.makepyfile(test_it=MISSING_MODULE)
    result = pytester.runpytest()
    result.assert_outcomes(failed=1)
    assert result.ret == pytest.ExitCode.TESTS_FAILED
    warnings = [line for line in result.outlines if "errlearn: warning:" in line]
    assert len(warnings) == 1
    assert "errlearn_threshold must be a number from 0 to 1, not 'lots'" in warnings[0]


def test_a_broken_patterns_file_is_one_warning_and_the_outcome_is_unchanged(
    pytester: pytest.Pytester,
) -> None:
    pytester.makefile(".toml", patterns='version = 1\n[[pattern]]\nid = "x"\ntrigger = \n')
    pytester.makepyfile(test_it=MISSING_MODULE, test_other="def test_ok(): pass")
    result = pytester.runpytest()
    result.assert_outcomes(failed=1, passed=1)
    assert result.ret == pytest.ExitCode.TESTS_FAILED
    warnings = [line for line in result.outlines if "errlearn: warning:" in line]
    assert len(warnings) == 1
    assert "patterns.toml" in warnings[0]
    result.stdout.fnmatch_lines(["(py-missing-module, semantic match 1.00, *)"])  # built-ins still


def test_a_bad_threshold_in_pyproject_is_one_warning_not_one_per_step(
    pytester: pytest.Pytester,
) -> None:
    pytester.makepyprojecttoml("[tool.errlearn]\nthreshold = 2\n")
    pytester.makepyfile(test_it=MISSING_MODULE)
    result = pytester.runpytest()
    assert result.ret == pytest.ExitCode.TESTS_FAILED
    (warning,) = [line for line in result.outlines if "errlearn: warning:" in line]
    assert "threshold must be between 0 and 1, not 2" in warning


def test_an_exception_inside_errlearn_is_one_warning_and_the_outcome_is_unchanged(
    pytester: pytest.Pytester,
) -> None:
    pytester.makeconftest(
        """
        import pytest_errlearn.plugin.failures as capture

        def broken(*args, **kwargs):
            raise RuntimeError("errlearn bug")

        capture.capture_text = broken
        """
    )
    pytester.makepyfile(test_it=MISSING_MODULE, test_other="def test_ok(): pass")
    result = pytester.runpytest_subprocess()
    result.assert_outcomes(failed=1, passed=1)
    assert result.ret == pytest.ExitCode.TESTS_FAILED
    result.stdout.fnmatch_lines(
        ["errlearn: warning: internal error reading a failure: RuntimeError: errlearn bug"]
    )


def test_the_patterns_option_beats_the_ini_key_and_the_ini_key_beats_the_default(
    pytester: pytest.Pytester,
) -> None:
    known_fix(pytester, "from the root file")
    (pytester.path / "ini.toml").write_text(PATTERNS.format(fix="from the ini key"))
    (pytester.path / "cli.toml").write_text(PATTERNS.format(fix="from the option"))
    pytester.makeini("[pytest]\nerrlearn_patterns = ini.toml\n")
    pytester.makepyfile(test_it=MISSING_MODULE)
    by_ini = pytester.runpytest()
    by_option = pytester.runpytest("--errlearn-patterns", "cli.toml")
    by_ini.stdout.fnmatch_lines(["known fix: from the ini key"])
    by_option.stdout.fnmatch_lines(["known fix: from the option"])


def test_the_settings_come_from_tool_errlearn_in_pyproject(pytester: pytest.Pytester) -> None:
    pytester.makepyprojecttoml('[tool.errlearn]\npatterns = "ci/known.toml"\nbuiltin = false\n')
    (pytester.path / "ci").mkdir()
    (pytester.path / "ci" / "known.toml").write_text(PATTERNS.format(fix="from pyproject"))
    pytester.makepyfile(test_it=MISSING_MODULE)
    result = pytester.runpytest()
    result.stdout.fnmatch_lines(["known fix: from pyproject"])


def test_a_threshold_above_every_score_leaves_only_regex_matches(
    pytester: pytest.Pytester,
) -> None:
    known_fix(pytester, "pip install {module}")
    pytester.makepyfile(test_it=MISSING_MODULE)
    result = pytester.runpytest("--errlearn-threshold", "1")
    result.stdout.fnmatch_lines(["*py-missing-module, regex match*"])


# -- what it prints -----------------------------------------------------------


def test_a_passing_run_prints_nothing_from_errlearn(pytester: pytest.Pytester) -> None:
    known_fix(pytester, "x")
    pytester.makepyfile(test_it="def test_ok(): pass\ndef test_ok2(): pass\n")
    with_it = pytester.runpytest_subprocess("-p", "errlearn")
    without = pytester.runpytest_subprocess("-p", "no:errlearn")
    assert without_timing(with_it.outlines) == without_timing(without.outlines)
    assert with_it.stderr.lines == without.stderr.lines


def test_a_known_fix_is_shown_under_the_failure_and_once_in_the_summary(
    pytester: pytest.Pytester,
) -> None:
    known_fix(pytester, "pip install {module}")
    pytester.makepyfile(test_it=MISSING_MODULE, test_other=MISSING_MODULE.replace("_x", "_y"))
    result = pytester.runpytest()
    result.stdout.fnmatch_lines(
        [
            "E   *ModuleNotFoundError: No module named 'nosuchmod_x'",
            "*- errlearn: known fix -*",
            "pip install nosuchmod_x",
            "(py-missing-module, * match *, patterns.toml:2)",
        ]
    )
    summary = errlearn_lines(result)
    assert summary[0] == "known fix: pip install nosuchmod_x"
    assert summary[1].strip() == "for test_it.py::test_missing_module"
    assert re.fullmatch(
        r"    py-missing-module, (semantic|regex) match [01]\.\d\d, patterns\.toml:2", summary[2]
    )
    assert summary[3] == "known fix: pip install nosuchmod_y"


def test_one_fix_for_many_tests_is_listed_once_with_all_its_tests(
    pytester: pytest.Pytester,
) -> None:
    known_fix(pytester, "pip install the extras")
    pytester.makepyfile(test_it=MISSING_MODULE + "\ndef test_again():\n    import nosuchmod_x\n")
    result = pytester.runpytest()
    summary = errlearn_lines(result)
    assert [line for line in summary if line.startswith("known fix")] == [
        "known fix: pip install the extras"
    ]
    assert summary[1].strip() == "for test_it.py::test_missing_module, test_it.py::test_again"


def test_q_shortens_the_summary_and_qq_keeps_only_the_fixes(pytester: pytest.Pytester) -> None:
    known_fix(pytester, "pip install {module}")
    pytester.makepyfile(test_it=MISSING_MODULE, test_other="def test_bad(): assert 1 == 2")
    quiet = errlearn_lines(pytester.runpytest("-q"))
    assert len(quiet) == 2
    assert re.fullmatch(
        r"known fix \(1 test\): pip install nosuchmod_x  \[py-missing-module, "
        r"(semantic|regex) match [01]\.\d\d, patterns\.toml:2\]",
        quiet[0],
    )
    assert quiet[1] == "1 failure with no known fix; `errlearn learn` turns them into patterns"
    very_quiet = pytester.runpytest("-qq").outlines
    assert "= errlearn =" not in "\n".join(very_quiet)
    assert [line for line in very_quiet if "known fix" in line and "(1 test)" in line]
    assert not any(line.startswith("1 failure with no known fix") for line in very_quiet)


def test_v_names_each_failure_without_a_known_fix(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(test_it="def test_bad():\n    assert 1 == 2\n")
    result = pytester.runpytest("-v")
    assert errlearn_lines(result) == [
        "no known fix: test_it.py::test_bad: AssertionError: assert 1 == 2 (test_it.py:2)",
        "1 failure with no known fix; `errlearn learn` turns them into patterns",
    ]


def test_no_summary_silences_it(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(test_it=MISSING_MODULE)
    result = pytester.runpytest("--no-summary")
    assert not said_anything(result)


@pytest.mark.parametrize(
    ("env", "coloured"),
    [({"FORCE_COLOR": "1"}, True), ({"FORCE_COLOR": "1", "NO_COLOR": "1"}, False)],
)
def test_the_summary_is_coloured_only_where_pytest_colours_and_never_with_no_color(
    pytester: pytest.Pytester,
    monkeypatch: pytest.MonkeyPatch,
    env: dict[str, str],
    coloured: bool,
) -> None:
    monkeypatch.delenv("PY_COLORS", raising=False)
    monkeypatch.delenv("NO_COLOR", raising=False)
    for key, value in env.items():
        monkeypatch.setenv(key, value)
    known_fix(pytester, "pip install {module}")
    pytester.makepyfile(test_it=MISSING_MODULE)
    result = pytester.runpytest_subprocess()
    fix_lines = [line for line in result.outlines if "known fix: pip install" in line]
    assert fix_lines
    assert bool(ANSI.search(fix_lines[-1])) is coloured


def test_an_internal_error_is_reported_on_stderr_when_pytest_prints_no_summary(
    pytester: pytest.Pytester,
) -> None:
    known_fix(pytester, "pip install {module}")
    pytester.makeconftest(
        """
        def pytest_collection_modifyitems(items):
            raise ModuleNotFoundError("No module named 'nosuchmod_x'")
        """
    )
    pytester.makepyfile(test_it="def test_ok(): pass")
    result = pytester.runpytest_subprocess()
    assert result.ret == pytest.ExitCode.INTERNAL_ERROR
    result.stderr.fnmatch_lines(
        [
            "errlearn: known fix: pip install nosuchmod_x",
            "errlearn:     for pytest internal error",
            "errlearn:     py-missing-module, semantic match 1.00, patterns.toml:2",
        ]
    )
    assert "= errlearn =" not in result.stdout.str()


# -- history ------------------------------------------------------------------


def test_the_same_failure_three_sessions_in_a_row_is_called_out_in_the_summary(
    pytester: pytest.Pytester,
) -> None:
    pytester.makepyfile(test_it=MISSING_MODULE)
    for _ in range(2):
        pytester.runpytest("-p", "no:cacheprovider").assert_outcomes(failed=1)
    result = pytester.runpytest("-p", "no:cacheprovider")
    result.stdout.fnmatch_lines(["! test_it.py::test_*: failing the same way for 3 runs*"])
    assert (pytester.path / ".errlearn" / "history.sqlite3").is_file()


def test_many_tests_failing_the_same_way_again_are_one_line_naming_five(
    pytester: pytest.Pytester,
) -> None:
    pytester.makepyfile(
        test_it="""
        import pytest

        @pytest.mark.parametrize("n", range(7))
        def test_db(n):
            raise ConnectionError("database refused the connection")
    """
    )
    for _ in range(2):
        pytester.runpytest("-p", "no:cacheprovider").assert_outcomes(failed=7)
    result = pytester.runpytest("-p", "no:cacheprovider")
    notes = [line for line in result.outlines if line.startswith("! ")]
    assert notes == [
        "! "
        + ", ".join(f"test_it.py::test_db[{n}]" for n in range(5))
        + " and 2 more: failing the same way for 3 runs"
    ]


def test_a_fix_shown_before_and_a_pass_after_counts_as_a_fix_that_worked(
    pytester: pytest.Pytester,
) -> None:
    pytester.makepyfile(test_it=MISSING_MODULE)
    pytester.runpytest("-p", "no:cacheprovider").assert_outcomes(failed=1)
    pytester.makepyfile(test_it="def test_missing_module():\n    pass\n")  # fixed
    pytester.runpytest("-p", "no:cacheprovider").assert_outcomes(passed=1)
    pytester.makepyfile(test_it=MISSING_MODULE)
    result = pytester.runpytest("-p", "no:cacheprovider")
    result.stdout.fnmatch_lines(["*, worked 1 of 1 time"])


@pytest.mark.parametrize("enabled", [True, False])
def test_recording_holds_the_garbage_collector_off_and_then_leaves_it_as_it_was(
    pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch, enabled: bool
) -> None:
    # by its name: pytester drops the modules a test imported, so the package's
    # attribute may be a module the run under test no longer uses
    history = importlib.import_module("pytest_errlearn.history")
    during: list[bool] = []

    def remember(*args: object, **kwargs: object) -> None:
        during.append(gc.isenabled())
        raise RuntimeError("the disk is full")

    monkeypatch.setattr(history, "remember", remember)
    pytester.makepyfile(test_it=MISSING_MODULE)
    was = gc.isenabled()
    (gc.enable if enabled else gc.disable)()
    try:
        result = pytester.runpytest("-p", "no:cacheprovider")
        after = gc.isenabled()
    finally:
        (gc.enable if was else gc.disable)()
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(["*recording the history: RuntimeError: the disk is full*"])
    assert (during, after) == ([False], enabled)
