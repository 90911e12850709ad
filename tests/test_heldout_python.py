"""Python's tools as users paste them from runs of their own projects: pytest's
setup and collection errors, pytest-mypy, tox and nox around a run, nose,
pip's builds and its own errors, conda's solver, pylint and mypy.

The outputs are those of the tools run here on a small project (pytest 9,
pytest-mypy 1.1, tox 4, nox, pip 20 and 23, pylint 4, mypy), paths made
neutral; nose, tox 3, conda and pip's externally-managed error are written in
their documented shape.
"""

from __future__ import annotations

from test_detect import scan

from pytest_errlearn.report import Report


def _errors(report: Report) -> list[tuple[str | None, str, str | None, int | None]]:
    return [(e.tool, e.message, e.file, e.line) for e in report.errors]


def test_a_fixture_pytest_cannot_find_points_at_the_function_that_asked_for_it() -> None:
    report = scan(
        """
        ==================================== ERRORS ====================================
        _________________________ ERROR at setup of test_needs _________________________
        file /home/user/proj/tests/test_calc.py, line 8
          def test_needs(missing_fixture):
        E       fixture 'missing_fixture' not found
        >       available fixtures: cache, capfd, capsys, monkeypatch, tmp_path
        >       use 'pytest --fixtures [testpath]' for help on them.

        /home/user/proj/tests/test_calc.py:8
        =========================== short test summary info ============================
        ERROR tests/test_calc.py::test_needs
        1 error in 0.05s
        """
    )
    [err] = report.errors
    assert (err.message, err.file, err.line, err.test) == (
        "fixture 'missing_fixture' not found",
        "/home/user/proj/tests/test_calc.py",
        8,
        "test_needs",
    )


def test_an_import_file_mismatch_is_the_error_of_the_test_file_pytest_could_not_collect() -> None:
    report = scan(
        """
        ==================================== ERRORS ====================================
        ____________________ ERROR collecting tests/b/test_util.py _____________________
        import file mismatch:
        imported module 'test_util' has this __file__ attribute:
          /home/user/proj/tests/a/test_util.py
        which is not the same as the test file we want to collect:
          /home/user/proj/tests/b/test_util.py
        HINT: remove __pycache__ / .pyc files and/or use a unique basename for your test file modules
        =========================== short test summary info ============================
        ERROR tests/b/test_util.py
        !!!!!!!!!!!!!!!!!!!! Interrupted: 1 error during collection !!!!!!!!!!!!!!!!!!!!
        """  # noqa: E501
    )
    [err] = report.errors
    assert err.message == (
        "import file mismatch: module 'test_util' was imported from"
        " /home/user/proj/tests/a/test_util.py"
    )
    assert (err.file, err.test, err.category, err.span) == (
        "/home/user/proj/tests/b/test_util.py",
        "tests/b/test_util.py",
        "config",
        (3, 8),
    )


def test_pytest_mypy_messages_are_mypy_errors_at_the_file_their_heading_names() -> None:
    report = scan(
        """
        FF                                                                       [100%]
        =================================== FAILURES ===================================
        ________________________________ [mypy] calc.py ________________________________
        6: error: Incompatible types in assignment (expression has type "str", variable has type "int")  [assignment]
        _________________________________ test session _________________________________
        mypy exited with status 1.
        ===================================== mypy =====================================
        Found 1 error in 1 file (checked 1 source file)
        =========================== short test summary info ============================
        FAILED calc.py::mypy - 6: error: Incompatible types in assignment (expression...
        FAILED calc.py::mypy-status - mypy exited with status 1.
        2 failed in 1.31s
        """  # noqa: E501
    )
    [err] = report.errors
    assert (err.tool, err.file, err.line, err.code, err.category) == (
        "mypy",
        "calc.py",
        6,
        "assignment",
        "type",
    )


def test_tox_failing_of_a_command_that_printed_nothing_is_the_error() -> None:
    report = scan(
        """
        py311: commands[0]> python -c 'raise SystemExit(3)'
        py311: exit 3 (0.12 seconds) /home/user/proj> python -c 'raise SystemExit(3)' pid=27952
          py311: FAIL code 3 (4.43=setup[4.31]+cmd[0.12] seconds)
          evaluation failed :( (4.65 seconds)
        """
    )
    assert _errors(report) == [("tox", "py311: FAIL code 3", None, None)]


def test_tox_3_invocation_errors_follow_from_the_test_that_failed() -> None:
    report = scan(
        """
        py39 run-test: commands[0] | pytest tests
        tests/test_calc.py:5: AssertionError: assert 3 == 4
        ERROR: InvocationError for command /home/user/proj/.tox/py39/bin/pytest tests (exited with code 1)
        ___________________________________ summary ____________________________________
        ERROR:   py39: commands failed
        """  # noqa: E501
    )
    [err] = report.errors
    assert (err.message, err.test) == ("AssertionError: assert 3 == 4", None)


def test_nox_command_failure_is_the_error_where_nothing_above_explains_it() -> None:
    report = scan(
        """
        nox > Running session check
        nox > false
        nox > Command false failed with exit code 1
        nox > Session check failed.
        """
    )
    assert _errors(report) == [("nox", "Command false failed with exit code 1", None, None)]


def test_nose_failure_heading_is_no_error_of_its_own() -> None:
    report = scan(
        """
        E
        ======================================================================
        ERROR: Failure: ImportError (No module named yaml)
        ----------------------------------------------------------------------
        Traceback (most recent call last):
          File "/usr/lib/python2.7/dist-packages/nose/loader.py", line 390, in loadTestsFromName
            addr.filename, addr.module)
          File "/home/user/proj/tests/test_config.py", line 3, in <module>
            import yaml
        ImportError: No module named yaml

        ----------------------------------------------------------------------
        Ran 1 test in 0.001s

        FAILED (errors=1)
        """
    )
    assert _errors(report) == [
        ("python", "ImportError: No module named yaml", "/home/user/proj/tests/test_config.py", 3)
    ]


def test_a_setup_py_traceback_under_pip_20_is_its_exception_at_its_frame() -> None:
    report = scan(
        """
        Processing ./badpkg
            ERROR: Command errored out with exit status 1:
             command: /home/user/venv/bin/python3 -c 'import sys, setuptools, tokenize' egg_info --egg-base /tmp/pip-pip-egg-info-let5m5ga
                 cwd: /tmp/pip-req-build-qzldrp_k/
            Complete output (6 lines):
            Traceback (most recent call last):
              File "<string>", line 1, in <module>
              File "/tmp/pip-req-build-qzldrp_k/setup.py", line 2, in <module>
                setup(name="badpkg", version="0.1", ext_modules=extra_modules)
                                                                ^^^^^^^^^^^^^
            NameError: name 'extra_modules' is not defined
            ----------------------------------------
        WARNING: Discarding file:///home/user/badpkg. Command errored out with exit status 1: python setup.py egg_info Check the logs for full command output.
        ERROR: Command errored out with exit status 1: python setup.py egg_info Check the logs for full command output.
        """  # noqa: E501
    )
    assert _errors(report) == [
        (
            "pip",
            "NameError: name 'extra_modules' is not defined",
            "/tmp/pip-req-build-qzldrp_k/setup.py",
            2,
        )
    ]
    assert report.errors[0].category == "reference"


def test_a_setup_py_traceback_under_pip_23_is_one_error_pips_banners_after_it_follow() -> None:
    report = scan(
        """
        Processing ./badpkg
          Preparing metadata (pyproject.toml): started
          Preparing metadata (pyproject.toml): finished with status 'error'
          error: subprocess-exited-with-error

          × Preparing metadata (pyproject.toml) did not run successfully.
          │ exit code: 1
          ╰─> [8 lines of output]
              Traceback (most recent call last):
                File "/home/user/venv/lib/python3.11/site-packages/setuptools/build_meta.py", line 335, in run_setup
                  exec(code, locals())
                File "<string>", line 2, in <module>
              NameError: name 'extra_modules' is not defined
              [end of output]

          note: This error originates from a subprocess, and is likely not a problem with pip.
        error: metadata-generation-failed

        × Encountered error while generating package metadata.
        ╰─> See above for output.

        note: This is an issue with the package mentioned above, not pip.
        hint: See above for details.
        """  # noqa: E501
    )
    assert _errors(report) == [
        ("pip", "NameError: name 'extra_modules' is not defined", None, None)
    ]


def test_a_build_whose_output_pip_does_not_show_is_pips_words_for_the_step() -> None:
    report = scan(
        """
          error: subprocess-exited-with-error

          × Getting requirements to build wheel did not run successfully.
          │ exit code: 1
          ╰─> See above for output.

          note: This error originates from a subprocess, and is likely not a problem with pip.
          full command: /usr/bin/python3 /home/user/venv/lib/python3/site-packages/pip/_in_process.py get_requires_for_build_wheel /tmp/tmpx
          cwd: /tmp/pip-install-abc/pkg
          Getting requirements to build wheel ... error
        """  # noqa: E501
    )
    [err] = report.errors
    assert (err.message, err.category) == (
        "Getting requirements to build wheel did not run successfully.",
        "build",
    )


def test_an_externally_managed_python_is_a_config_error_in_pips_words() -> None:
    report = scan(
        """
        error: externally-managed-environment

        × This environment is externally managed
        ╰─> To install Python packages system-wide, try apt install
            python3-xyz, where xyz is the package you are trying to
            install.

        note: If you believe this is a mistake, please contact your Python installation or OS distribution provider.
        hint: See PEP 668 for the detailed specification.
        """  # noqa: E501
    )
    [err] = report.errors
    assert (err.tool, err.message, err.category) == (
        "pip",
        "This environment is externally managed",
        "config",
    )


def test_conda_packages_it_cannot_find_are_named_in_the_error() -> None:
    report = scan(
        """
        Collecting package metadata (repodata.json): done
        Solving environment: failed

        PackagesNotFoundError: The following packages are not available from current channels:

          - examplepkg=9.9
          - otherpkg

        Current channels:

          - https://repo.anaconda.com/pkgs/main/linux-64
        """
    )
    [err] = report.errors
    assert (err.tool, err.code, err.category) == ("conda", "PackagesNotFoundError", "dependency")
    assert err.message == (
        "PackagesNotFoundError: The following packages are not available from current channels:"
        " examplepkg=9.9, otherpkg"
    )


def test_conda_specifications_that_cannot_be_satisfied_are_a_dependency_error() -> None:
    report = scan(
        """
        Found conflicts! Looking for incompatible packages.
        failed

        UnsatisfiableError: The following specifications were found to be incompatible with each other:

        Output in format: Requested package -> Available versions
        """  # noqa: E501
    )
    [err] = report.errors
    assert (err.tool, err.category) == ("conda", "dependency")


def test_pylint_reports_a_script_of_no_extension_at_its_place() -> None:
    report = scan(
        """
        ************* Module report
        bin/report:1:10: E0001: Parsing failed: 'invalid syntax (report, line 1)' (syntax-error)
        """
    )
    [err] = report.errors
    assert (err.tool, err.file, err.line, err.column, err.code, err.category) == (
        "pylint",
        "bin/report",
        1,
        10,
        "E0001",
        "syntax",
    )


def test_a_mypy_error_of_no_type_words_is_still_a_type_error() -> None:
    report = scan(
        """
        lib.py:1: error: Missing return statement  [return]
        Found 1 error in 1 file (checked 1 source file)
        """
    )
    [err] = report.errors
    assert (err.message, err.code, err.category) == ("Missing return statement", "return", "type")
