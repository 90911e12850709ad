"""Python's test runs and package tools as users paste them: a pytest-xdist worker
that died, setuptools' compiler failures, poetry's exceptions, pipenv's locking,
mamba's solver, pip's banner for wheels it could not build.

The xdist, setuptools, pip and poetry outputs are those of pytest 9 with
pytest-xdist 3.8, setuptools 65, pip 24 and poetry 2.5 run here on a small
project, paths made neutral; pipenv's, mamba's, poetry's ``ChefBuildError``
and the missing-MSVC error are written in their documented shape.
"""

from __future__ import annotations

from test_detect import scan


def test_a_crashed_xdist_worker_is_the_error_of_the_test_it_was_running() -> None:
    report = scan(
        """
        2 workers [2 items]

        .[gw1] node down: Not properly terminated
        F
        replacing crashed worker gw1
                                                                                 [100%]
        =================================== FAILURES ===================================
        _______________________________ test_calc.py ___________________________________
        [gw1] linux -- Python 3.11.7 /home/user/proj/venv/bin/python3
        worker 'gw1' crashed while running 'tests/test_calc.py::test_divide'
        =========================== short test summary info ============================
        FAILED tests/test_calc.py::test_divide - worker 'gw1' crashed while running 'tests...
        ========================= 1 failed, 1 passed in 9.34s ==========================
        """
    )
    [err] = report.errors
    assert (err.message, err.test, err.file, err.category) == (
        "worker 'gw1' crashed while running 'tests/test_calc.py::test_divide'",
        "tests/test_calc.py::test_divide",
        "tests/test_calc.py",
        "runtime",
    )


def test_setuptools_saying_the_compiler_failed_follows_from_the_compilers_error() -> None:
    report = scan(
        """
        building 'calc' extension
        gcc -fPIC -I/usr/include/python3.11 -c src/calc.c -o build/temp/src/calc.o
        src/calc.c:2:10: fatal error: missing_lib.h: No such file or directory
            2 | #include "missing_lib.h"
              |          ^~~~~~~~~~~~~~~
        compilation terminated.
        error: command '/usr/bin/gcc' failed with exit code 1
        """
    )
    assert [(e.message, e.file) for e in report.errors] == [
        ("missing_lib.h: No such file or directory", "src/calc.c")
    ]


def test_setuptools_saying_the_compiler_failed_is_the_error_where_nothing_says_why() -> None:
    report = scan(
        """
        running build_ext
        building 'calc' extension
        error: command '/usr/bin/gcc' failed with exit code 1
        """
    )
    [err] = report.errors
    assert (err.message, err.category) == (
        "command '/usr/bin/gcc' failed with exit code 1",
        "build",
    )


def test_a_missing_msvc_in_a_builds_output_is_the_error_not_pips_note() -> None:
    report = scan(
        """
              running build_ext
              building 'calc._speedups' extension
              error: Microsoft Visual C++ 14.0 or greater is required. Get it with "Microsoft C++ Build Tools": https://visualstudio.microsoft.com/visual-cpp-build-tools/
              [end of output]

          note: This error originates from a subprocess, and is likely not a problem with pip.
          ERROR: Failed building wheel for calc
        Failed to build calc
        error: failed-wheel-build-for-install

        × Failed to build installable wheels for some pyproject.toml based projects
        ╰─> calc
        """  # noqa: E501
    )
    [err] = report.errors
    assert err.message.startswith("Microsoft Visual C++ 14.0 or greater is required.")
    assert err.category == "dependency"


def test_poetrys_exception_is_its_message_and_the_chained_one_is_no_second_error() -> None:
    report = scan(
        """
        Updating dependencies
        Resolving dependencies...

          SolveFailureError

          Because shopapp depends on requests (>=99.0) which doesn't match any versions, version solving failed.

          at /home/user/.venv/lib/python3.11/site-packages/poetry/mixology/version_solver.py:468 in _resolve_conflict
              466│             raise OverrideNeededError(*overrides)
              467│
            → 468│         raise SolveFailureError(incompatibility)
              469│

        The following error occurred when trying to handle this error:


          SolverProblemError

          Because shopapp depends on requests (>=99.0) which doesn't match any versions, version solving failed.

          at /home/user/.venv/lib/python3.11/site-packages/poetry/puzzle/solver.py:186 in _solve
              185│         except SolveFailureError as e:
            → 186│             raise SolverProblemError(e)
              187│
        """  # noqa: E501
    )
    [err] = report.errors
    assert (err.tool, err.code, err.category, err.file) == (
        "poetry",
        "SolveFailureError",
        "dependency",
        None,
    )
    assert err.message == (
        "Because shopapp depends on requests (>=99.0) which doesn't match any versions,"
        " version solving failed."
    )


def test_poetrys_failed_build_is_a_build_error_with_the_backends_words() -> None:
    report = scan(
        """
        Package operations: 3 installs, 0 updates, 0 removals

          - Installing calc (1.0.0)

          ChefBuildError

          Backend subprocess exited when trying to invoke build_wheel

          running build_ext
          building 'calc' extension

          at /home/user/.venv/lib/poetry/installation/chef.py:164 in _prepare
              162│                 error = ChefBuildError("\\n\\n".join(message_parts))
            → 164│             raise error from None
        """
    )
    [err] = report.errors
    assert (err.message, err.category) == (
        "Backend subprocess exited when trying to invoke build_wheel",
        "build",
    )


def test_pipenvs_locking_failure_says_what_the_resolver_could_not_find() -> None:
    report = scan(
        """
        Locking [packages] dependencies...
        ✘ Locking Failed!
        [pipenv.exceptions.ResolutionFailure]:   File "/home/user/.local/lib/python3.11/site-packages/pipenv/utils.py", line 395, in resolve
        [pipenv.exceptions.ResolutionFailure]:       raise ResolutionFailure(message=str(e))
        [pipenv.exceptions.ResolutionFailure]:       pipenv.exceptions.ResolutionFailure: ERROR: ERROR: Could not find a version that matches calcpkg
        [pipenv.exceptions.ResolutionFailure]:       No versions found
        """  # noqa: E501
    )
    [err] = report.errors
    assert (err.tool, err.message, err.category) == (
        "pipenv",
        "Could not find a version that matches calcpkg",
        "dependency",
    )


def test_mambas_solver_problem_names_what_nothing_provides() -> None:
    report = scan(
        """
        Encountered problems while solving:
          - nothing provides requested calcpkg

        The environment can't be solved, aborting the operation
        """
    )
    [err] = report.errors
    assert (err.tool, err.category) == ("conda", "dependency")
    assert err.message == "Encountered problems while solving: nothing provides requested calcpkg"
