"""CI job logs as users paste them: GitHub's own actions failing a step for their
input, the web view's indented annotations, an action's failure around the
toolkit's exit message, and git's messages for a revision a shallow clone lacks."""

from __future__ import annotations

from test_detect import scan


def test_a_missing_lock_file_for_setup_nodes_cache_is_a_config_error_of_the_action() -> None:
    (err,) = scan(
        """
        Run actions/setup-node@v4
        Found in cache @ /opt/hostedtoolcache/node/20.11.0/x64
        Error: Dependencies lock file is not found in /home/runner/work/app/app. Supported file patterns: package-lock.json,npm-shrinkwrap.json,yarn.lock
        """  # noqa: E501
    ).errors
    assert (err.tool, err.category) == ("github-actions", "config")
    assert err.message.startswith("Dependencies lock file is not found in /home/runner/work/app")


def test_a_python_version_setup_python_has_no_build_of_is_a_config_error() -> None:
    (err,) = scan(
        """
        Run actions/setup-python@v5
        Version 3.6 was not found in the local cache
        Error: The version '3.6' with architecture 'x64' was not found for Ubuntu 24.04.
        The list of all available versions can be found here: https://raw.githubusercontent.com/actions/python-versions/main/versions-manifest.json
        """
    ).errors
    assert (err.tool, err.category) == ("github-actions", "config")


def test_upload_artifacts_default_no_files_notice_is_a_warning_not_an_error() -> None:
    report = scan(
        "Warning: No files were found with the provided path: dist/. "
        "No artifacts will be uploaded.\n"
    )
    assert report.errors == []
    assert len(report.warnings) == 1


def test_an_indented_exit_annotation_folds_into_gits_indented_error_above_it() -> None:
    report = scan(
        """
        Fetching the repository
          /usr/bin/git -c protocol.version=2 fetch --prune origin +refs/heads/*:refs/remotes/origin/*
          Error: fatal: repository 'https://github.com/example/app/' not found
          Error: The process '/usr/bin/git' failed with exit code 128
        """  # noqa: E501
    )
    (err,) = report.errors
    assert err.tool == "git"
    assert err.message == "repository 'https://github.com/example/app/' not found"
    assert err.related == [(4, 4)]


def test_an_actions_failure_around_the_toolkits_exit_message_is_a_consequence() -> None:
    (err,) = scan(
        """
        fatal: not in a git directory
        Error: There was an error pushing the branch: The process '/usr/bin/git' failed with exit code 128
        """  # noqa: E501
    ).errors
    assert (err.tool, err.category) == ("git", "config")
    assert err.message == "not in a git directory"


def test_a_revision_a_shallow_clone_lacks_is_gits_config_error() -> None:
    (err,) = scan(
        """
        2024-05-02T10:00:01.0000000Z ##[group]Run git diff --name-only origin/main
        2024-05-02T10:00:01.0000000Z ##[endgroup]
        2024-05-02T10:00:02.0000000Z fatal: ambiguous argument 'origin/main': unknown revision or path not in the working tree.
        2024-05-02T10:00:02.0000000Z Use '--' to separate paths from revisions, like this:
        2024-05-02T10:00:02.0000000Z 'git <command> [<revision>...] -- [<file>...]'
        2024-05-02T10:00:02.0000000Z ##[error]Process completed with exit code 128.
        """  # noqa: E501
    ).errors
    assert (err.tool, err.category, err.span[0]) == ("git", "config", 3)
