"""apt-get and dpkg (apt 2.6, Debian 12): each ``E:`` line an error, ``W:`` a
warning; dpkg's errors with their reasons under them."""

from __future__ import annotations

from test_detect import scan

from pytest_errlearn.detect.hints import tool_from_command

INSTALL = """
Reading package lists...
Building dependency tree...
Reading state information...
Package libgl1-mesa-swx11 is not available, but is referred to by another package.
This may mean that the package is missing, has been obsoleted, or
is only available from another source

E: Package 'libgl1-mesa-swx11' has no installation candidate
E: Unable to locate package nosuchpkg-errlearn
"""


def test_each_package_apt_cannot_install_is_a_dependency_error() -> None:
    report = scan(INSTALL)
    assert [(e.message, e.category, e.tool) for e in report.errors] == [
        ("Package 'libgl1-mesa-swx11' has no installation candidate", "dependency", "apt"),
        ("Unable to locate package nosuchpkg-errlearn", "dependency", "apt"),
    ]


def test_an_index_apt_could_not_fetch_is_a_network_error_after_its_warning() -> None:
    report = scan(
        "W: Failed to fetch http://archive.ubuntu.com/ubuntu/dists/jammy/InRelease"
        "  Temporary failure resolving 'archive.ubuntu.com'\n"
        "E: Some index files failed to download. They have been ignored, or old ones used.\n"
    )
    assert [w.tool for w in report.warnings] == ["apt"]
    [err] = report.errors
    assert err.category == "network"


def test_dpkg_errors_take_their_reasons() -> None:
    [err] = scan(
        """
        dpkg: dependency problems prevent configuration of libfoo:
         libfoo depends on libbar (>= 2); however:
          Package libbar is not installed.
        """
    ).errors
    assert (err.category, err.tool, err.span) == ("dependency", "dpkg", (1, 3))


def test_apt_is_known_by_its_commands() -> None:
    assert tool_from_command("sudo apt-get install -y libxml2-dev") == "apt"
