"""A diagnostic with its chain of causes under it (miette's layout, which uv and
other Rust tools print): the innermost cause, the decisive part, ends the message."""

from __future__ import annotations

from test_detect import scan

from pytest_errlearn.matching.matcher import Matcher
from pytest_errlearn.matching.patterns import builtin_patterns

# uv's layout, as its docs and issue threads show it.
NO_SOLUTION = """
Using CPython 3.12.3 interpreter at: /usr/bin/python3.12
  × No solution found when resolving dependencies:
  ╰─▶ Because only the following versions of foo are available:
          foo<=1.0
          foo==2.0
      and your project depends on foo>=3, we can conclude that your project's requirements are unsatisfiable.
"""  # noqa: E501

DOWNLOAD = """
  × Failed to download `numpy==1.26.4`
  ├─▶ Failed to fetch: `https://files.pythonhosted.org/packages/numpy-1.26.4.tar.gz`
  ├─▶ Request failed after 3 retries
  ├─▶ client error (Connect)
  ├─▶ dns error: failed to lookup address information: Temporary failure in name resolution
  ╰─▶ failed to lookup address information: Temporary failure in name resolution
  help: `numpy` (v1.26.4) was included because `demo` (v0.1.0) depends on `numpy`
"""


def test_the_innermost_cause_ends_the_message() -> None:
    [err] = scan(NO_SOLUTION).errors
    assert err.message == (
        "No solution found when resolving dependencies: "
        "Because only the following versions of foo are available:"
    )
    assert err.category == "dependency"


def test_a_download_the_dns_failed_is_a_transient_network_failure_with_its_fix() -> None:
    report = scan(DOWNLOAD)
    Matcher(builtin_patterns()).match_report(report)
    [err] = report.errors
    assert err.message.endswith(
        ": failed to lookup address information: Temporary failure in name resolution"
    )
    assert err.category == "network"
    assert err.match is not None and err.match.pattern == "net-dns-temporary-failure"


def test_a_cross_with_no_causes_under_it_keeps_its_message() -> None:
    [err] = scan("  × Failed to parse `pyproject.toml`\n\nsomething else\n").errors
    assert err.message == "Failed to parse `pyproject.toml`"


def test_a_package_uv_failed_to_build_is_a_build_error() -> None:
    text = (
        "  × Failed to build `mypkg @ file:///home/runner/work/mypkg`\n"
        "  ├─▶ The build backend returned an error\n"
        "  ╰─▶ Call to `setuptools.build_meta.build_wheel` failed (exit status: 1)\n"
    )
    [err] = scan(text).errors
    assert err.category == "build"


def test_lines_under_a_cross_with_no_causes_are_left_to_their_own_rows() -> None:
    text = "  × build step failed\n    Error: the step's own error\n    at foo (src/a.js:3:5)\n"
    messages = [e.message for e in scan(text).errors]
    assert "Error: the step's own error" in messages
