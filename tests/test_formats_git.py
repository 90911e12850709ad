"""git and SSH in a CI job's clone, fetch or submodule update: the reason git
gives first is the error, what only follows from it is not."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from test_detect import scan

from pytest_errlearn.detect.hints import tool_from_command

# As git prints it (quoted in issues of several projects, e.g. yoppeh/efi-clang#1).
SUBMODULE = """
Cloning into 'efi'...
git@github.com: Permission denied (publickey).
fatal: Could not read from remote repository.

Please make sure you have the correct access rights
and the repository exists.
fatal: clone of 'git@github.com:yoppeh/efi.git' into submodule path 'efi' failed
Failed to clone 'efi'. Retry scheduled
"""

TRANSFER = """
error: RPC failed; curl 56 GnuTLS recv error (-54): Error in the pull function.
fatal: The remote end hung up unexpectedly
fatal: early EOF
fatal: index-pack failed
"""


def test_a_key_the_remote_refuses_is_one_configuration_error() -> None:
    [err] = scan(SUBMODULE).errors
    assert (err.message, err.category, err.tool) == (
        "Permission denied (publickey).",
        "config",
        "ssh",
    )


def test_a_broken_transfer_is_one_network_error_of_git() -> None:
    [err] = scan(TRANSFER).errors
    assert (err.category, err.tool) == ("network", "git")
    assert err.message.startswith("RPC failed; curl 56")


def test_credentials_git_could_not_ask_for_are_a_configuration_error() -> None:
    [err] = scan(
        "Error: fatal: could not read Username for 'https://github.com': terminal prompts"
        " disabled\n"
    ).errors
    assert (err.category, err.tool) == ("config", "git")


def test_git_is_known_by_its_command() -> None:
    assert tool_from_command("git submodule update --init") == "git"


def _push_to_a_hook_that_declines(tmp_path: Path) -> str:
    """What ``git push`` prints when the remote's pre-receive hook declines
    (a real push, to a bare repository here, its hook saying why as a host's does)."""
    remote, work = tmp_path / "remote.git", tmp_path / "work"
    git = ["git", "-c", "user.name=ci", "-c", "user.email=ci@example.com"]
    subprocess.run([*git, "init", "-q", "--bare", str(remote)], check=True)
    hook = remote / "hooks" / "pre-receive"
    hook.write_text(
        "#!/bin/sh\n"
        'echo "error: GH006: Protected branch update failed for refs/heads/main." >&2\n'
        'echo "error: Changes must be made through a pull request." >&2\n'
        "exit 1\n"
    )
    hook.chmod(0o755)
    subprocess.run([*git, "init", "-q", "-b", "main", str(work)], check=True)
    (work / "app.txt").write_text("v1\n")
    subprocess.run([*git, "-C", str(work), "add", "app.txt"], check=True)
    subprocess.run([*git, "-C", str(work), "commit", "-qm", "v1"], check=True)
    push = [*git, "-C", str(work), "push", str(remote), "main"]
    done = subprocess.run(push, capture_output=True, text=True)
    assert done.returncode != 0
    return done.stderr


@pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")
def test_the_reason_the_remote_gives_for_declining_a_push_is_the_root_cause(
    tmp_path: Path,
) -> None:
    output = _push_to_a_hook_that_declines(tmp_path)
    assert "remote: error: GH006" in output and "(pre-receive hook declined)" in output
    report = scan(output, "git")
    assert report.primary is not None
    assert report.primary.message == "GH006: Protected branch update failed for refs/heads/main."
    assert (report.primary.category, report.primary.tool) == ("config", "git")


def test_a_file_over_the_host_s_size_limit_is_where_the_push_failed() -> None:
    report = scan(
        "remote: error: Trace: 0f3a9c\n"
        "remote: error: See https://gh.io/lfs for more information.\n"
        "remote: error: File assets/demo.mp4 is 142.50 MB; this exceeds GitHub's file size"
        " limit of 100.00 MB\n"
        "To github.com:example/app.git\n"
        " ! [remote rejected] main -> main (pre-receive hook declined)\n"
    )
    assert report.primary is not None and report.primary.file == "assets/demo.mp4"
    assert not any(e.message.startswith(("Trace", "See ")) for e in report.errors)
