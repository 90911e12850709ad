"""Yarn Berry's installs, as real failed ones print them (pasted in several projects'
issues): each failure's code an error of its own, the lines it goes on with and
the notes and warnings around it none."""

from __future__ import annotations

from test_detect import scan

# Yarn 4 in GitHub Actions: its steps are log groups; YN0035's response details
# go on under its message.
NOT_FOUND = """
➤ YN0000: · Yarn 4.4.1
➤ YN0000: ┌ Resolution step
::group::Resolution step
➤ YN0035: │ api-grade-core@npm:*: Package not found
➤ YN0035: │   Response Code: 404 (Not Found)
➤ YN0035: │   Request Method: GET
➤ YN0035: │   Request URL: https://registry.yarnpkg.com/api-grade-core
::endgroup::
➤ YN0000: └ Completed in 0s 577ms
➤ YN0000: · Failed with errors in 0s 581ms
"""

# `yarn install --immutable`: the lockfile's diff, then why it failed.
IMMUTABLE = """
➤ YN0000: ┌ Post-resolution validation
➤ YN0028: │ - typescript: "npm:^5.8.3"
➤ YN0028: │ + typescript: "npm:^5.3.3"
➤ YN0028: │ The lockfile would have been modified by this install, which is explicitly forbidden.
➤ YN0000: └ Completed
➤ YN0000: Failed with errors in 12s 220ms
"""

# A link step: notes that packages must be built, one build that failed.
BUILD = """
➤ YN0000: ┌ Link step
➤ YN0007: │ core-js@npm:3.18.3 must be built because it never has been before or the last one failed
➤ YN0008: │ esbuild@npm:0.13.3 must be rebuilt because its dependency tree changed
➤ YN0009: │ esbuild@npm:0.13.3 couldn't be built successfully (exit code 1, logs can be found \
here: /tmp/xfs-af7f11a7/build.log)
➤ YN0000: └ Completed in 0s 255ms
➤ YN0000: Failed with errors in 4s 132ms
"""


def test_a_package_the_registry_has_not_is_one_dependency_error() -> None:
    report = scan(NOT_FOUND, "yarn")
    found = [(e.code, e.category, e.message, e.span) for e in report.errors]
    assert found == [("YN0035", "dependency", "api-grade-core@npm:*: Package not found", (4, 4))]


def test_an_immutable_install_fails_on_its_message_not_on_the_lockfile_s_diff() -> None:
    found = [(e.code, e.category, e.span) for e in scan(IMMUTABLE).errors]
    assert found == [("YN0028", "dependency", (4, 4))]


def test_a_failed_build_is_the_error_and_the_packages_to_build_are_notes() -> None:
    report = scan(BUILD)
    assert [(e.code, e.category, e.span) for e in report.errors] == [("YN0009", "build", (4, 4))]


def test_the_registry_s_refusal_is_a_configuration_error_nested_or_not() -> None:
    report = scan(
        "➤ YN0000: ┌ Resolution step\n"
        "➤ YN0041: │ @astrojs/mdx@npm:^1.1.1: Invalid authentication (as an unknown user)\n"
        "➤ YN0000: └ Completed in 0s 749ms\n"
        "➤ YN0000: ➤ YN0033: No authentication configured for request\n"
        "➤ YN0000: Failed with errors in 0s 752ms\n"
    )
    assert [(e.code, e.category) for e in report.errors] == [
        ("YN0041", "config"),
        ("YN0033", "config"),
    ]


def test_an_exception_yarn_throws_is_read_by_its_words() -> None:
    report = scan(
        "➤ YN0000: ┌ Link step\n"
        "➤ YN0001: │ Error: EACCES: permission denied, mkdir '/x'\n"
        "➤ YN0000: └ Completed\n"
        "➤ YN0000: · Failed with errors in 1s 2ms\n"
    )
    assert [(e.tool, e.code, e.category) for e in report.errors] == [
        ("yarn", "YN0001", "filesystem")
    ]


def test_a_passing_install_s_warnings_and_notes_are_no_errors() -> None:
    report = scan(
        "➤ YN0000: ┌ Resolution step\n"
        "➤ YN0002: │ app@workspace:. doesn't provide react (p8d4e1), requested by react-dom\n"
        "➤ YN0060: │ react is listed by your project with version 17.0.2, which doesn't satisfy "
        "what react-dom requests (^18.0.0).\n"
        "➤ YN0000: └ Completed in 1s 20ms\n"
        "➤ YN0000: ┌ Fetch step\n"
        "➤ YN0013: │ 3 packages were added to the project (+ 120 KiB).\n"
        "➤ YN0000: └ Completed\n"
        "➤ YN0000: · Done with warnings in 2s 9ms\n"
    )
    assert report.errors == []
