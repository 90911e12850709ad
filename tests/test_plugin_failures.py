"""What the plugin reads from each kind of failure, and the JSON report it writes."""

from __future__ import annotations

import json
import os
import re
import subprocess
from pathlib import Path
from typing import Any

import pytest
from plugin_helpers import (
    MISSING_MODULE,
    autoload,  # noqa: F401 - an autouse fixture
    known_fix,
    read_json,
)

from pytest_errlearn.report import CATEGORIES, SEVERITIES

ERROR_FIELDS = {
    "tool",
    "category",
    "severity",
    "message",
    "text",
    "file",
    "line",
    "column",
    "code",
    "span",
    "context",
    "signature",
    "actionability",
    "test",
    "match",
}


def errors_of(pytester: pytest.Pytester, *args: str, **files: str) -> list[dict[str, Any]]:
    """Run ``files`` with ``--errlearn-json`` and return the report's errors."""
    if files:
        pytester.makepyfile(**files)
    pytester.runpytest("--errlearn-json", "out.json", *args)
    errors: list[dict[str, Any]] = read_json(pytester.path / "out.json")["errors"]
    return errors


def test_pytest_fail_is_an_assertion_with_its_own_message(pytester: pytest.Pytester) -> None:
    source = "import pytest\ndef test_a():\n    pytest.fail('not [ready]')\n"
    (err,) = errors_of(pytester, test_it=source)
    assert (err["message"], err["category"], err["file"], err["line"]) == (
        "Failed: not [ready]",
        "assertion",
        "test_it.py",
        3,
    )


def test_a_chained_exception_is_reported_at_its_root_cause(pytester: pytest.Pytester) -> None:
    source = """
        def load():
            raise KeyError("inner")

        def test_a():
            try:
                load()
            except KeyError as exc:
                raise ValueError("outer") from exc
    """
    (err,) = errors_of(pytester, test_it=source)
    assert (err["message"], err["file"], err["line"]) == ("KeyError: 'inner'", "test_it.py", 2)


def test_an_exception_group_is_reported_with_its_leaves(pytester: pytest.Pytester) -> None:
    source = """
        def test_a():
            raise ExceptionGroup("many", [ValueError("a"), ExceptionGroup("sub", [OSError("b")])])
    """
    (err,) = errors_of(pytester, test_it=source)
    assert err["message"] == "ExceptionGroup: many (2 sub-exceptions): ValueError: a; OSError: b"
    assert (err["file"], err["line"]) == ("test_it.py", 2)


def test_a_strict_xfail_that_passes_is_a_failed_expectation(pytester: pytest.Pytester) -> None:
    source = """
        import pytest

        @pytest.mark.xfail(strict=True, reason="bug 12")
        def test_a():
            pass
    """
    (err,) = errors_of(pytester, test_it=source)
    assert (err["message"], err["category"]) == ("[XPASS(strict)] bug 12", "assertion")
    # where pytest places the test: its first decorator
    assert (err["test"], err["file"], err["line"]) == ("test_it.py::test_a", "test_it.py", 3)


def test_setup_and_teardown_errors_are_both_reported(pytester: pytest.Pytester) -> None:
    source = """
        import pytest

        @pytest.fixture
        def broken_setup():
            raise RuntimeError("no database")

        @pytest.fixture
        def broken_teardown():
            yield
            raise OSError("cannot clean up")

        def test_setup(broken_setup):
            pass

        def test_teardown(broken_teardown):
            pass
    """
    errors = errors_of(pytester, test_it=source)
    assert [(e["test"], e["message"], e["line"]) for e in errors] == [
        ("test_it.py::test_setup", "RuntimeError: no database", 5),
        ("test_it.py::test_teardown", "OSError: cannot clean up", 10),
    ]


def test_a_collection_error_is_reported_for_its_module(pytester: pytest.Pytester) -> None:
    (err,) = errors_of(pytester, test_broken="import nosuchmod_x\n")
    assert (err["test"], err["file"]) == ("test_broken.py", "test_broken.py")
    assert (err["message"], err["category"]) == (
        "ModuleNotFoundError: No module named 'nosuchmod_x'",
        "dependency",
    )


@pytest.mark.parametrize("tb", ["--tb=auto", "--tb=short", "--tb=line"])
def test_a_module_that_does_not_compile_is_its_syntax_error_at_its_line(
    pytester: pytest.Pytester, tb: str
) -> None:
    (err,) = errors_of(pytester, tb, test_broken="x = 1\ndef test_x(:\n    pass\n")
    assert (err["message"], err["category"]) == ("SyntaxError: invalid syntax", "syntax")
    assert (err["test"], err["file"], err["line"]) == ("test_broken.py", "test_broken.py", 2)


HELPERS = """
import json

class ConfigError(Exception):
    pass

def settings(text):
    try:
        return json.loads(text)
    except ValueError as exc:
        raise ConfigError("bad settings") from exc
"""


def test_where_a_failure_points_and_its_signature_do_not_depend_on_tb(
    pytester: pytest.Pytester,
) -> None:
    pytester.makepyfile(helpers=HELPERS)
    pytester.makepyfile(test_it="import helpers\ndef test_a():\n    helpers.settings('{')\n")
    seen = set()
    for tb in ("--tb=auto", "--tb=short", "--tb=line", "--tb=native", "--tb=no"):
        (err,) = errors_of(pytester, tb)
        seen.add((err["message"], err["file"], err["line"], err["signature"]))
    # the cause, raised in the stdlib's json, at the user's line that called it
    assert len(seen) == 1, seen
    message, file, line, _ = seen.pop()
    assert message.startswith("JSONDecodeError: Expecting property name")
    written = (pytester.path / "helpers.py").read_text().splitlines()
    assert (file, line) == ("helpers.py", written.index("        return json.loads(text)") + 1)


def test_a_failure_logged_later_by_another_plugin_still_has_its_exception(
    pytester: pytest.Pytester,
) -> None:
    """A plugin that runs a test's phases unlogged and logs the reports itself
    (as rerun plugins do): the exception waits for its report's log."""
    pytester.makepyfile(helpers=HELPERS)
    pytester.makepyfile(test_it="import helpers\ndef test_a():\n    helpers.settings('{')\n")
    (plain,) = errors_of(pytester, "--tb=no")
    pytester.makeconftest(
        "import pytest\n"
        "from _pytest.runner import runtestprotocol\n"
        "@pytest.hookimpl(tryfirst=True)\n"
        "def pytest_runtest_protocol(item, nextitem):\n"
        "    reports = runtestprotocol(item, nextitem=nextitem, log=False)\n"
        "    for report in reports:\n"
        "        item.ihook.pytest_runtest_logreport(report=report)\n"
        "    return True\n"
    )
    (later,) = errors_of(pytester, "--tb=no")
    assert later["message"].startswith("JSONDecodeError: Expecting property name")
    assert (later["message"], later["file"], later["line"], later["signature"]) == (
        plain["message"],
        plain["file"],
        plain["line"],
        plain["signature"],
    )


def project_pattern(body: str, pytester: pytest.Pytester) -> None:
    """A project with one pattern of its own, ``body`` its keys."""
    pytester.makepyprojecttoml("[tool.errlearn]\n")
    pytester.makefile(".toml", patterns=f"version = 1\n[[pattern]]\n{body}")


def test_a_project_pattern_for_a_wrapper_beats_a_builtin_one_for_its_cause(
    pytester: pytest.Pytester,
) -> None:
    project_pattern(
        'id = "service-down"\n'
        'trigger = "RuntimeError: cannot reach service at {host}"\nfix = "start {host}"\n',
        pytester,
    )
    source = (
        "def test_a():\n"
        "    try:\n"
        "        raise ConnectionRefusedError(111, 'Connection refused')\n"
        "    except OSError as exc:\n"
        "        raise RuntimeError('cannot reach service at db.local') from exc\n"
    )
    (err,) = errors_of(pytester, test_it=source)
    assert err["message"] == "ConnectionRefusedError: [Errno 111] Connection refused"
    assert (err["match"]["pattern"], err["match"]["fix"]) == ("service-down", "start db.local")


def test_a_project_patterns_category_is_the_category_of_a_failure_it_places(
    pytester: pytest.Pytester,
) -> None:
    project_pattern(
        'id = "vault"\ntrigger = "Sealed: the vault sealed itself"\n'
        'fix = "unseal it"\ncategory = "config"\n',
        pytester,
    )
    source = (
        "class Sealed(Exception):\n    pass\n"
        "def test_a():\n    raise Sealed('the vault sealed itself')\n"
    )
    (err,) = errors_of(pytester, test_it=source)
    assert err["match"]["pattern"] == "vault"
    assert (err["category"], err["severity"]) == ("config", "high")


def test_a_known_fix_is_shown_under_a_collection_error(pytester: pytest.Pytester) -> None:
    known_fix(pytester, "pip install {module}")
    pytester.makepyfile(test_broken="import nosuchmod_x\n")
    result = pytester.runpytest()
    result.stdout.fnmatch_lines(
        [
            "*ERROR collecting test_broken.py*",
            "E   ModuleNotFoundError: No module named 'nosuchmod_x'",
            "*- errlearn: known fix -*",
            "pip install nosuchmod_x",
        ]
    )


def test_tests_failing_alike_each_get_their_own_error_and_the_fix_under_each(
    pytester: pytest.Pytester,
) -> None:
    """A broken fixture fails its tests with one traceback, read once (a memo): each
    test still gets an error of its own, with its id, and its fix printed."""
    known_fix(pytester, "pip install {module}")
    broken = (
        "import pytest\n"
        "@pytest.fixture\n"
        "def dep():\n"
        "    import nosuchmod_x\n"
        "@pytest.mark.parametrize('n', range(3))\n"
        "def test_uses(dep, n):\n"
        "    pass\n"
    )
    errors = errors_of(pytester, test_it=broken)
    assert [e["test"] for e in errors] == [f"test_it.py::test_uses[{n}]" for n in range(3)]
    assert len({e["signature"] for e in errors}) == 1
    assert [e["match"]["fix"] for e in errors] == ["pip install nosuchmod_x"] * 3
    pytester.runpytest().stdout.fnmatch_lines(
        ["*- errlearn: known fix -*", "pip install nosuchmod_x"] * 3
    )


def test_paths_are_relative_to_the_rootdir_wherever_pytest_starts(
    pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    pytester.makepyprojecttoml("[tool.pytest.ini_options]\n")
    tests = pytester.mkdir("tests")
    (tests / "test_it.py").write_text(MISSING_MODULE)
    monkeypatch.chdir(tests)
    pytester.runpytest("--errlearn-json", "out.json")
    (err,) = read_json(tests / "out.json")["errors"]
    assert err["test"] == "tests/test_it.py::test_missing_module"
    assert err["file"] == "tests/test_it.py"  # pytest printed "test_it.py:2"


def test_a_known_fix_for_a_leaf_of_a_group_is_found(pytester: pytest.Pytester) -> None:
    known_fix(pytester, "pip install {module}")
    source = """
        def test_a():
            raise ExceptionGroup("setup", [ModuleNotFoundError("No module named 'nosuchmod_x'")])
    """
    (err,) = errors_of(pytester, test_it=source)
    assert err["match"]["pattern"] == "py-missing-module"
    assert err["match"]["fix"] == "pip install nosuchmod_x"


def test_the_json_report_follows_the_contract_field_by_field(pytester: pytest.Pytester) -> None:
    known_fix(pytester, "pip install {module}")
    pytester.makepyfile(test_it=MISSING_MODULE, test_other="def test_bad():\n    assert 1 == 2\n")
    result = pytester.runpytest("--errlearn-json", "reports/out.json", "-p", "no:cacheprovider")
    report = read_json(pytester.path / "reports" / "out.json")
    assert list(report) == ["schema", "command", "exit_code", "errors", "warnings", "summary"]
    assert report["schema"] == 1
    assert report["command"].startswith("pytest --errlearn-json reports/out.json -p no:cache")
    assert report["exit_code"] == result.ret == 1
    assert report["warnings"] == []
    missing, bad = report["errors"]
    for err in (missing, bad):
        assert set(err) == ERROR_FIELDS
        assert err["tool"] == "pytest"
        assert err["category"] in CATEGORIES
        assert err["severity"] in SEVERITIES
        for line in (err["message"], err["text"]):
            assert "\n" not in line and "\x1b" not in line
        first, last = err["span"]
        assert 1 <= first <= last
        assert all(isinstance(line, str) for line in err["context"])
        assert re.fullmatch(r"[0-9a-f]{16}", err["signature"])
        assert 0 <= err["actionability"] <= 100
        assert err["column"] is None and err["code"] is None
    assert (missing["test"], missing["file"], missing["line"]) == (
        "test_it.py::test_missing_module",
        "test_it.py",
        2,
    )
    assert (missing["category"], missing["severity"]) == ("dependency", "blocking")
    assert missing["message"] == "ModuleNotFoundError: No module named 'nosuchmod_x'"
    assert missing["match"]["pattern"] == "py-missing-module"
    assert missing["match"]["method"] in ("semantic", "regex")
    assert 0 < missing["match"]["score"] <= 1
    assert missing["match"]["fix"] == "pip install nosuchmod_x"
    assert (bad["test"], bad["file"], bad["line"], bad["match"]) == (
        "test_other.py::test_bad",
        "test_other.py",
        2,
        None,
    )
    assert (bad["message"], bad["category"]) == ("AssertionError: assert 1 == 2", "assertion")
    assert bad["text"] == "E       assert 1 == 2"
    assert report["summary"] == {
        "total": 2,
        "matched": 1,
        "by_category": {"assertion": 1, "dependency": 1},
        "by_severity": {"blocking": 1, "high": 1},
        "primary": 0,
    }


def test_the_same_failure_has_the_same_signature_in_another_checkout(
    pytester: pytest.Pytester,
) -> None:
    first = errors_of(pytester, test_it=MISSING_MODULE)
    moved = pytester.mkdir("elsewhere")
    (moved / "test_it.py").write_text("\n\n" + MISSING_MODULE)
    second = errors_of(pytester, "elsewhere")
    assert first[0]["signature"] == second[0]["signature"]


def test_a_passing_run_still_writes_an_empty_json_report(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(test_it="def test_ok(): pass")
    pytester.runpytest("--errlearn-json", "out.json")
    report = read_json(pytester.path / "out.json")
    assert (report["exit_code"], report["errors"], report["summary"]["primary"]) == (0, [], None)


def test_a_failed_tests_locals_are_freed_though_its_failure_is_read_at_the_end(
    pytester: pytest.Pytester,
) -> None:
    pytester.makepyfile(
        test_it="""
        import gc, weakref

        class Resource:
            pass

        freed = []

        def test_fails_holding_a_local():
            resource = Resource()
            freed.append(weakref.ref(resource))
            raise RuntimeError("failed with a local")

        def test_fails_next():  # pytest keeps only the last failure (sys.last_exc)
            raise ValueError("another")

        def test_the_first_ones_local_is_gone():
            gc.collect()
            assert freed[0]() is None
        """
    )
    # In a process of its own: an in-process run's hook recorder holds every call's exception.
    result = pytester.runpytest_subprocess("--errlearn-json=out.json")
    result.assert_outcomes(failed=2, passed=1)
    messages = [e["message"] for e in read_json(pytester.path / "out.json")["errors"]]
    assert messages == ["RuntimeError: failed with a local", "ValueError: another"]


def test_the_json_report_replaces_an_old_one_and_leaves_no_temp_file(
    pytester: pytest.Pytester,
) -> None:
    (pytester.path / "out.json").write_text("old")
    errors_of(pytester, test_it=MISSING_MODULE)
    assert read_json(pytester.path / "out.json")["summary"]["total"] == 1
    assert sorted(p.name for p in pytester.path.iterdir() if p.suffix in (".json", ".tmp")) == [
        "out.json"
    ]


def test_an_unwritable_json_path_is_one_warning_and_the_outcome_is_unchanged(
    pytester: pytest.Pytester,
) -> None:
    (pytester.path / "blocker").write_text("a file where a folder should be")
    pytester.makepyfile(test_it=MISSING_MODULE)
    result = pytester.runpytest("--errlearn-json", "blocker/out.json")
    result.assert_outcomes(failed=1)
    assert result.ret == pytest.ExitCode.TESTS_FAILED
    warnings = [line for line in result.outlines if line.startswith("errlearn: warning:")]
    assert len(warnings) == 1
    assert "cannot write the JSON report to" in warnings[0]
    assert str(Path("blocker", "out.json")) in warnings[0]
    assert warnings[0].endswith("Not a directory")


def test_a_json_path_that_is_no_regular_file_is_written_in_place_not_replaced(
    pytester: pytest.Pytester,
) -> None:
    fifo = pytester.path / "report.fifo"
    os.mkfifo(fifo)
    reader = subprocess.Popen(["cat", str(fifo)], stdout=subprocess.PIPE)
    pytester.makepyfile(test_it=MISSING_MODULE)
    result = pytester.runpytest(f"--errlearn-json={fifo}")
    result.assert_outcomes(failed=1)
    out, _ = reader.communicate(timeout=30)
    assert json.loads(out)["summary"]["total"] == 1
    assert fifo.is_fifo()


def test_an_empty_json_path_is_one_warning(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(test_it=MISSING_MODULE)
    result = pytester.runpytest("--errlearn-json=")
    assert result.ret == pytest.ExitCode.TESTS_FAILED
    assert "errlearn: warning: --errlearn-json needs a path; no JSON report written" in (
        result.outlines
    )


def test_a_path_option_in_two_words_outside_the_project_is_one_warning(
    pytester: pytest.Pytester, tmp_path_factory: pytest.TempPathFactory
) -> None:
    outside = tmp_path_factory.mktemp("reports") / "out.json"
    outside.write_text("{}")  # there from an earlier run: pytest takes it for a test path
    pytester.makepyfile(test_it="def test_ok():\n    pass\n")
    result = pytester.runpytest("--errlearn-json", str(outside))
    result.assert_outcomes(passed=1)
    (warning,) = [line for line in result.outlines if line.startswith("errlearn: warning:")]
    assert warning.endswith("write --errlearn-json=PATH")
    quiet = pytester.runpytest(f"--errlearn-json={outside}")
    assert not [line for line in quiet.outlines if line.startswith("errlearn: warning:")]
