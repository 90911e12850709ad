"""pip building a package that failed: the reason inside the build's output is
the error (pip 22's banner and pip 20's), pip's lines after it only follow."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from test_detect import scan

from pytest_errlearn.detect.hints import tool_from_command

PIP22 = """
Building wheels for collected packages: lxml
  Building wheel for lxml (setup.py) ... error
  error: subprocess-exited-with-error

  × python setup.py bdist_wheel did not run successfully.
  │ exit code: 1
  ╰─> [3 lines of output]
      Building lxml version 4.6.3.
      Error: Please make sure the libxml2 and libxslt development packages are installed.
      [end of output]

  note: This error originates from a subprocess, and is likely not a problem with pip.
  ERROR: Failed building wheel for lxml
Failed to build lxml
ERROR: Could not build wheels for lxml, which is required to install pyproject.toml-based projects
"""

PIP20 = """
  ERROR: Command errored out with exit status 1:
   command: /usr/bin/python3 -u -c 'import sys, setuptools' bdist_wheel -d /tmp/pip-wheel-x
  Complete output (4 lines):
  running bdist_wheel
  psycopg/psycopgmodule.c:28:10: fatal error: Python.h: No such file or directory
  compilation terminated.
  error: command 'x86_64-linux-gnu-gcc' failed with exit status 1
  ----------------------------------------
  ERROR: Failed building wheel for psycopg2
Failed to build psycopg2
"""


def test_a_failed_build_is_one_error_its_reason_from_its_output() -> None:
    [err] = scan(PIP22).errors
    assert err.message == (
        "Please make sure the libxml2 and libxslt development packages are installed."
    )
    assert (err.category, err.tool, err.span) == ("dependency", "pip", (3, 12))


def test_a_compiler_error_in_the_build_is_the_error_at_its_place() -> None:
    [err] = scan(PIP20).errors
    assert (err.message, err.file, err.line, err.category) == (
        "Python.h: No such file or directory",
        "psycopg/psycopgmodule.c",
        28,
        "dependency",
    )


def test_pip_is_known_by_its_commands() -> None:
    assert tool_from_command("pip install -r requirements.txt") == "pip"


# pip 26.3, `pip install requests==2.31.0 urllib3==1.20` and a name no index has.
PIP_CONFLICT = """\
Collecting urllib3==1.20
  Downloading urllib3-1.20-py2.py3-none-any.whl (111 kB)
ERROR: Cannot install requests==2.31.0 and urllib3==1.20 because these package versions \
have conflicting dependencies.

The conflict is caused by:
    The user requested urllib3==1.20
    requests 2.31.0 depends on urllib3<3 and >=1.21.1

To fix this you could try to:
1. loosen the range of package versions you've specified
2. remove package versions to allow pip to attempt to solve the dependency conflict

ERROR: ResolutionImpossible: for help visit https://pip.pypa.io/en/latest/topics/\
dependency-resolution/#dealing-with-dependency-conflicts
"""
PIP_MISSING = """\
ERROR: Could not find a version that satisfies the requirement reqeusts-x==1.0 (from versions: none)
ERROR: No matching distribution found for reqeusts-x==1.0
"""


def test_a_resolver_conflict_is_one_error_saying_the_requirements_that_conflict() -> None:
    (err,) = scan(PIP_CONFLICT).errors
    assert err.message.endswith(
        "conflicting dependencies. (The user requested urllib3==1.20; "
        "requests 2.31.0 depends on urllib3<3 and >=1.21.1)"
    )
    assert (err.category, err.span) == ("dependency", (3, 11))


def test_no_matching_distribution_follows_from_the_version_not_found() -> None:
    (err,) = scan(PIP_MISSING).errors
    assert err.message.startswith("Could not find a version that satisfies")


def test_a_build_dependency_pip_cannot_find_is_the_error_in_pip_s_own_words(
    tmp_path: Path,
) -> None:
    project = tmp_path / "demo"
    project.mkdir()
    (project / "pyproject.toml").write_text(
        '[build-system]\nrequires = ["no-such-backend-xyz>=1"]\n'
        'build-backend = "no_such_backend_xyz"\n\n[project]\nname = "demo"\nversion = "0.1"\n'
    )
    pip = [sys.executable, "-m", "pip", "install", "--no-index", "--disable-pip-version-check"]
    done = subprocess.run([*pip, str(project)], capture_output=True, text=True)
    assert "subprocess-exited-with-error" in done.stdout + done.stderr
    err = scan(done.stdout + done.stderr).primary
    assert err is not None and err.category == "dependency"
    assert err.message.startswith("Could not find a version that satisfies the requirement")


def test_pip_s_banner_repeated_for_the_build_shown_above_is_no_second_error() -> None:
    inner = PIP22.split("  note:")[0]  # a build's banner and output, as pip indents them
    repeat = (
        "error: subprocess-exited-with-error\n\n"
        "× pip subprocess to install build dependencies did not run successfully.\n"
        "│ exit code: 1\n"
        "╰─> See above for output.\n"
    )
    [err] = scan(inner + repeat).errors
    assert err.message.startswith("Please make sure the libxml2")
