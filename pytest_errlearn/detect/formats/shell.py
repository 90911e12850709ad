"""Shells and system tools: missing commands and files, permissions, signals, docker, git."""

from __future__ import annotations

from . import Format

ROWS = (
    Format(
        "shell-not-found",
        r"^(?:(?:/[\w/.-]+/)?(?:ba|z|da|k)?sh: )?(?:line \d+: |\d+: )?(?P<msg>(?P<cmd>[^\s:]+): "
        r"(?:command )?not found)$",
        tool="shell",
        category="dependency",
        rank=2,
        examples=("bash: foo: command not found", "sh: 1: foo: not found"),
    ),
    Format(
        "shell-no-such-file",
        r"^(?:[\w./-]+: )?(?:line \d+: )?(?:[\w.-]+: )?(?:cannot (?:access|open|stat|create) )?"
        r"['\"]?(?P<file>[^'\":]+)['\"]?: (?P<msg>No such file or directory|Permission denied)$",
        tool="shell",
        rank=1,
        examples=("cat: missing.txt: No such file or directory",),
    ),
    Format(
        "signal",
        r"^(?:.*?: )?(?P<msg>Segmentation fault|Bus error|Aborted|Illegal instruction|"
        r"Floating point exception|Killed)(?: \(core dumped\))?(?: .*)?$",
        category="runtime",
        rank=2,
        examples=("Segmentation fault (core dumped)",),
    ),
    Format(
        "docker-consequence",
        r"^(?:ERROR: failed to solve: process .* did not complete successfully|"
        r"The command '.*' returned a non-zero code: \d+|"
        r"ERROR: Service '\S+' failed to build)",
        tool="docker",
        role="consequence",
        rank=0,
        examples=("The command '/bin/sh -c make' returned a non-zero code: 2",),
    ),
    Format(
        "docker-daemon",
        r"^(?P<msg>(?:Cannot connect to the Docker daemon|Error response from daemon:|"
        r"docker: Error response from daemon:|ERROR: failed to solve:).+)$",
        tool="docker",
        rank=2,
        examples=("Cannot connect to the Docker daemon at unix:///var/run/docker.sock.",),
    ),
    Format(
        "git-fatal",
        r"^(?:fatal|error): (?P<msg>(?:not a git repository|unable to access|could not read|"
        r"repository '.*' not found|Authentication failed|pathspec|remote|refusing|"
        r"Could not read from remote|couldn't find remote ref|destination path).*)$",
        tool="git",
        rank=2,
        examples=("fatal: not a git repository (or any of the parent directories): .git",),
    ),
    Format(
        "ci-exit",
        r"^(?:The command \".*\" (?:failed and )?exited with [1-9]\d*\.?|"
        r"##\[error\]Process completed with exit code [1-9]\d*\.?|"
        r"Error: Process completed with exit code [1-9]\d*\.?|"
        r"Done\. Your build exited with [1-9]\d*\.?|"
        r"Script failed with status [1-9]\d*|ERROR: Job failed: .*)$",
        role="consequence",
        rank=0,
        examples=('The command "npm test" exited with 1.',),
    ),
)
