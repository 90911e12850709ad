"""Shells and system tools: missing commands and files, permissions, signals, docker, git."""

from __future__ import annotations

from . import Format

# What follows a line's start, which may be any text, in the rows that say so (``seek``).
_MISSING = r": (?:No such file or directory|Permission denied)"
_SIGNAL = (
    r"(?P<msg>Segmentation fault|Bus error|Aborted|Illegal instruction|"
    r"Floating point exception|Killed)(?: \(core dumped\))?(?: .*)?$"
)

FALLBACK = True  # its rows are tried after every tool family's
ORDER = 1
COMMANDS = {
    **dict.fromkeys(("docker", "docker-compose", "podman"), "docker"),
    **dict.fromkeys(("sh", "bash", "zsh", "dash"), "shell"),
}
# Executable -> the subcommands that build or test (None: any use; two words: only so).
# An empty set: none builds, but the subcommand says what it does (history keys).
_COMPOSE = frozenset({"compose up", "compose build", "compose run"})
BUILDS: dict[str, frozenset[str] | None] = {
    "docker": frozenset({"build", "buildx build", "buildx bake"}) | _COMPOSE,
    "docker-compose": frozenset({"up", "build", "run"}),
    "podman": frozenset({"build"}) | _COMPOSE,
    "kubectl": frozenset(),  # helm: helm.py; zig: zig.py
}

ROWS = (
    Format(  # the shell's name (no place in the user's code) or the script's, then its
        # line (bash: "line 3: "); an absolute path only when it ends like a shell or a
        # script: CI runners' own stage files (Travis's job_stages) complain of commands
        # that do not matter
        "shell-not-found",
        r"^(?:(?:[\w./-]*/)?(?:ba|z|da|k|c|tc|fi)?sh: (?:(?:line )?\d+: )?"
        r"|(?:(?P<file>[\w.-][\w./-]*|/[\w./-]*sh): )?(?:(?:line )?(?P<line>\d+): )?)"
        r"(?P<msg>(?P<cmd>[^\s:]+): (?:command )?not found)$",
        tool="shell",
        category="dependency",
        rank=2,
        examples=(
            "bash: foo: command not found",
            "sh: 1: foo: not found",
            "./build.sh: 3: foo: not found",
            "ci/run.sh: line 3: foo: command not found",
        ),
    ),
    Format(  # ``set -u``: a variable (often the environment's) the script expected set
        "shell-unbound",
        r"^(?:(?:[\w./-]*/)?(?:ba|z|da|k)?sh: (?:(?:line )?\d+: )?"
        r"|(?:(?P<file>[\w.-][\w./-]*|/[\w./-]*sh): ?)?(?:(?:line )?(?P<line>\d+): )?)"
        r"(?P<msg>\$?[\w@*#?-]+: (?:unbound variable|parameter not set))$",
        tool="shell",
        category="config",
        rank=2,
        words=("unbound variable", "parameter not set"),
        examples=(
            "./deploy.sh: line 4: DEPLOY_TARGET: unbound variable",  # bash
            "bash: line 1: $1: unbound variable",
            "./deploy.sh: 4: DEPLOY_TARGET: parameter not set",  # dash
        ),
    ),
    Format(
        "shell-cannot-execute",
        r"^(?:[\w./-]+: )?(?:line \d+: )?(?P<msg>(?P<file>[^\s:]+): cannot execute: .+)$",
        tool="shell",
        rank=2,
        examples=("bash: line 1: ./x.sh: cannot execute: required file not found",),
    ),
    Format(
        "shell-job-status",
        r"^(?:[\w./-]+: )?line \d+: +\d+ (?P<msg>(?:Segmentation fault|Killed|Aborted|Bus error|"
        r"Illegal instruction|Floating point exception)(?: \(core dumped\))?)\s+\S.*$",
        tool="shell",
        category="runtime",
        rank=2,
        examples=("bash: line 1:  4242 Segmentation fault      (core dumped) ./app",),
    ),
    Format(
        "curl-error",
        r"^curl: \((?P<code>\d+)\) (?P<msg>.+)$",
        tool="curl",
        rank=2,
        examples=("curl: (22) The requested URL returned error: 503",),
    ),
    Format(
        "shell-no-such-file",
        r"^(?:[\w./-]+: )?(?:line \d+: )?"
        r"(?P<msg>(?:[\w.-]+: )?(?:cannot (?:access|open|stat|create) )?"
        r"['\"]?(?P<file>[^'\":]+)['\"]?" + _MISSING + ")$",
        seek=_MISSING,
        tool="shell",
        rank=1,
        examples=("cat: missing.txt: No such file or directory",),
    ),
    # A signal's name after a program's (as ``^(?:.*?: )?`` would take it), else
    # on its own: two rows, so that the first can say what it seeks.
    Format(
        "signal-after-name",
        r"^.*?: " + _SIGNAL,
        seek=": " + _SIGNAL,
        category="runtime",
        rank=2,
        examples=("./build/app: Segmentation fault", "timeout: Killed"),
    ),
    Format(
        "signal",
        "^" + _SIGNAL,
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
        r"^(?:ERROR: |Error: )?(?P<msg>(?:Cannot connect to the Docker daemon|Error response from "
        r"daemon:|docker: Error response from daemon:|ERROR: failed to solve:|"
        r"pull access denied for ).+)$",
        tool="docker",
        rank=2,
        examples=(
            "Cannot connect to the Docker daemon at unix:///var/run/docker.sock.",
            "pull access denied for acme/app, repository does not exist",
        ),
    ),
    Format(
        "ci-exit",
        r"^(?:The command \".*\" (?:failed and )?exited with [1-9]\d*\.?|"
        r"##\[error\]Process completed with exit code [1-9]\d*\.?|"
        r"Error: Process completed with exit code [1-9]\d*\.?|"
        r"Script failed with status [1-9]\d*|ERROR: Job failed: .*)$",
        role="consequence",
        rank=0,
        examples=('The command "npm test" exited with 1.',),
    ),
    Format(  # Travis's job's end, after the steps that run on failure (after_failure)
        "ci-job-exit",
        r"^Done\. Your build exited with [1-9]\d*\.?$",
        role="ended",
        rank=0,
        examples=("Done. Your build exited with 1.",),
    ),
)
