"""git and SSH in a CI job's clone, fetch or submodule update: the reason git
gives first is the error, what only follows from it is not."""

from __future__ import annotations

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
