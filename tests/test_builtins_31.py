"""The built-in knowledge on what Python and pytest really print (issue 31, part 4).

Each message here comes from a real run: Python's own traceback (``python -c``)
read by ``errlearn scan``, or a real pytest session (``pytester``) read by the
plugin, the two ways a Python failure reaches the library.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from errlearn_wrapper.cli import main
from errlearn_wrapper.commands.init import STARTER
from plugin_helpers import autoload  # noqa: F401 - an autouse fixture

from pytest_errlearn.matching.patterns import load_patterns


def scan_python(
    code: str, tmp_path: Path, capsys: pytest.CaptureFixture[str], command: str = "python"
) -> dict[str, Any]:
    """The one error ``errlearn scan --json`` finds in what Python printed running ``code``
    (as the output of ``command``)."""
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    log = tmp_path / "python.log"
    log.write_text(run.stdout + run.stderr)
    capsys.readouterr()
    assert main(["scan", "--json", "--command", command, str(log)]) == 0
    (error,) = json.loads(capsys.readouterr().out)["errors"]
    return dict(error)


def plugin_errors(pytester: pytest.Pytester, **files: str) -> dict[str, dict[str, Any]]:
    """Each failure the plugin reports for a real session over ``files``, by test."""
    pytester.makepyfile(**files)
    pytester.runpytest(
        "-p", "errlearn", "--errlearn-json=report.json", "--continue-on-collection-errors"
    )
    report = json.loads((pytester.path / "report.json").read_text())
    return {e["test"]: e for e in report["errors"]}


# -- pytest and Python, through the plugin --------------------------------------------


def test_pytests_own_fixture_lookup_error_gets_the_built_in_fixture_fix(
    pytester: pytest.Pytester,
) -> None:
    errors = plugin_errors(pytester, test_fx="def test_uses_runner(runer):\n    pass\n")
    error = errors["test_fx.py::test_uses_runner"]
    assert error["match"]["pattern"] == "pytest-fixture-not-found"
    assert "No fixture 'runer'" in error["match"]["fix"]
    assert error["category"] == "reference"


def test_a_missing_fixture_reads_as_pytest_prints_it_not_as_its_exceptions_repr(
    pytester: pytest.Pytester,
) -> None:
    errors = plugin_errors(pytester, test_fx="def test_uses_runner(runer):\n    pass\n")
    assert errors["test_fx.py::test_uses_runner"]["message"] == "fixture 'runer' not found"


def test_python_3_10_syntax_errors_of_a_test_module_get_their_own_fixes(
    pytester: pytest.Pytester,
) -> None:
    errors = plugin_errors(
        pytester,
        test_colon="def test_a():\n    if True\n        pass\n",
        test_comma="def test_b():\n    x = [1, 2 3]\n",
        test_paren="def test_c():\n    print(1\n",
    )
    assert {test: e["match"]["pattern"] for test, e in errors.items()} == {
        "test_colon.py": "py-expected-colon",
        "test_comma.py": "py-forgot-comma",
        "test_paren.py": "py-unclosed-bracket",
    }


def test_an_unexpected_keyword_argument_under_pytest_is_a_type_error_with_its_fix(
    pytester: pytest.Pytester,
) -> None:
    errors = plugin_errors(
        pytester,
        test_kw=(
            "def invoke(args):\n    return args\n\n"
            "def test_runner():\n    invoke(['--help'], mix_stderr=False)\n"
        ),
    )
    error = errors["test_kw.py::test_runner"]
    assert (error["category"], error["severity"]) == ("type", "high")
    assert error["match"]["pattern"] == "py-unexpected-keyword"
    assert "'mix_stderr'" in error["match"]["fix"]


def test_any_objects_missing_attribute_under_pytest_gets_a_fix_and_none_keeps_its_own(
    pytester: pytest.Pytester,
) -> None:
    errors = plugin_errors(
        pytester,
        test_attr=(
            "class Context:\n    depth = 0\n\n"
            "def test_typo():\n    Context()._dpeth\n\n"
            "def test_none():\n    None.strip()\n"
        ),
    )
    typo, none = errors["test_attr.py::test_typo"], errors["test_attr.py::test_none"]
    assert typo["match"]["pattern"] == "py-object-attribute"
    assert "'Context' objects have no attribute '_dpeth'" in typo["match"]["fix"]
    assert none["match"]["pattern"] == "py-none-attribute"


# -- Python, through errlearn scan ------------------------------------------------------


@pytest.mark.parametrize(
    ("code", "pattern", "says"),
    [
        ("if True\n    pass", "py-expected-colon", "Add the ':'"),
        ("x = {1: 2", "py-unclosed-bracket", "Close the '{'"),
        ("f(a b)", "py-forgot-comma", "missing ','"),
        ("'abc'.uper()", "py-attribute-did-you-mean", "Did you mean 'upper'?"),
        ("import json; json.lods", "py-attribute-did-you-mean", "Did you mean 'loads'?"),
        ("lenn([])", "py-name-error-did-you-mean", "Did you mean 'len'?"),
        ("class C:\n    name = 1\nC().nmae", "py-object-attribute", "'nmae'"),
    ],
    ids=[
        "expected-colon",
        "never-closed",
        "forgot-comma",
        "attribute-suggestion",
        "module-suggestion",
        "name-suggestion",
        "attribute",
    ],
)
def test_what_python_3_10_and_later_print_is_matched_by_its_own_pattern(
    code: str, pattern: str, says: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    match = scan_python(code, tmp_path, capsys)["match"]
    assert (match["pattern"], says in match["fix"]) == (pattern, True), match["fix"]


def test_an_unexpected_keyword_argument_is_a_type_error_not_a_blocking_syntax_one(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    error = scan_python("def f(x): pass\nf(1, mix_stderr=True)", tmp_path, capsys)
    assert (error["category"], error["severity"]) == ("type", "high")


def test_the_name_error_fix_asks_did_you_mean_self_before_it_suggests_an_import(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code = "class C:\n    def m(self):\n        return slef.x\nC().m()"
    match = scan_python(code, tmp_path, capsys)["match"]
    fix = match["fix"]
    assert match["pattern"] == "py-name-error"
    assert "`self` for `slef`" in fix
    assert fix.index("did you mean") < fix.index("import")


# -- errlearn init ------------------------------------------------------------------------


def test_errlearn_init_writes_examples_that_are_not_active(tmp_path: Path) -> None:
    path = tmp_path / "patterns.toml"
    path.write_text(STARTER)
    assert load_patterns(path) == []
    head, _, examples = STARTER.partition("# [[pattern]]")
    uncommented = head + "\n".join(
        line.removeprefix("#").removeprefix(" ") for line in f"# [[pattern]]{examples}".splitlines()
    )
    path.write_text(uncommented)
    assert [p.id for p in load_patterns(path)] == [
        "missing-test-extra",
        "db-not-started",
        "registry-flaky",
    ]


def test_after_init_a_missing_module_gets_the_built_in_fix_not_an_example(
    pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    pytester.makepyprojecttoml("[project]\nname = 'no-test-extra'\n")
    monkeypatch.delenv("ERRLEARN_PATTERNS", raising=False)
    assert main(["init"]) == 0
    errors = plugin_errors(pytester, test_m="def test_m():\n    import errlearn_nope\n")
    assert errors["test_m.py::test_m"]["match"]["pattern"] == "py-missing-module"
