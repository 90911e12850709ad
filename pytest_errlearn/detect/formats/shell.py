"""Shells and system tools: missing commands and files, permissions, signals, curl, wget,
and CI runners' exit lines (docker: ``docker.py``)."""

from __future__ import annotations

from collections.abc import Sequence

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
    **dict.fromkeys(("sh", "bash", "zsh", "dash"), "shell"),
    "wget": "wget",
}
# Executable -> the subcommands that build or test (None: any use; two words: only so).
# An empty set: none builds, but the subcommand says what it does (history keys).
BUILDS: dict[str, frozenset[str] | None] = {
    "kubectl": frozenset(),  # helm: helm.py; zig: zig.py; docker: docker.py
}


def _either_message(groups: dict[str, str | None], before: Sequence[str]) -> None:
    """A row of two shapes, each with its message group: the second's, where it
    matched (the first's is the whole line's where it did not)."""
    if groups.get("msg2"):
        groups["msg"] = groups["msg2"]


ROWS = (
    Format(  # the shell's name (no place in the user's code) or the script's, then its
        # line (bash: "line 3: "); a script of a CI runner's (GitLab's
        # "/tmp/executor123: line 15: ", Actions' "/home/runner/work/_temp/x.sh: line 1: ")
        # runs the job's own commands, but not Travis's own files (~/.travis/job_stages),
        # which complain of commands that do not matter. An absolute path is the place
        # only where it ends like a script: a runner's or a builder's file is no place
        # to edit
        "shell-not-found",
        r"^(?:(?:[\w./-]*/)?(?:ba|z|da|k|c|tc|fi)?sh: (?:(?:line )?\d+: )?"
        r"|(?:(?:(?P<file>[\w.-][\w./-]*|/[\w./-]*sh)|/(?![\w./-]*/\.travis/)[\w./-]*): )?"
        r"(?:(?:line )?(?P<line>\d+): )?)"
        r"(?P<msg>(?P<cmd>[^\s:]+): (?:command )?not found)$",
        tool="shell",
        category="dependency",
        rank=2,
        examples=(
            "bash: foo: command not found",
            "sh: 1: foo: not found",
            "./build.sh: 3: foo: not found",
            "ci/run.sh: line 3: foo: command not found",
            "/tmp/executor123: line 15: npm: command not found",
        ),
    ),
    Format(  # a script the shell could not parse, at its line (bash's words, dash's);
        # bash then echoes the line ("F: line 3: `fi fi'"), read as context. A shell's
        # own name (``bash -c``) is no place.
        "shell-syntax",
        r"^(?:(?:ba|da|k)?sh: (?:-c: )?|(?P<file>(?!(?:ba|da|k)?sh:)[\w./-]+): )(?:line )?"
        r"(?P<line>\d+): (?P<msg>(?:syntax error(?: near unexpected token|:) |Syntax error: ).+)$",
        tool="shell",
        category="syntax",
        rank=2,
        examples=(
            "./build.sh: line 3: syntax error near unexpected token `fi'",
            "./eof.sh: line 3: syntax error: unexpected end of file",
            './build.sh: 3: Syntax error: "fi" unexpected',
            "bash: -c: line 1: syntax error near unexpected token `;'",
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
    Format(  # wget, on a download that failed: its time, then the server's status
        "wget-error",
        r"^(?:\d{4}-\d\d-\d\d \d\d:\d\d:\d\d )?ERROR (?P<code>[45]\d\d): (?P<msg>.+)$",
        tool="wget",
        category="network",
        rank=2,
        words=("error 4", "error 5"),
        examples=("2024-03-01 10:00:00 ERROR 404: Not Found.",),
    ),
    Format(  # a script's interpreter, as its "#!" line names it, is not there: a program
        # not installed, or a script saved with Windows' line ends ('bash\r'); not a
        # file of the project's (the script is, where the shell names it)
        "shell-interpreter",
        r"^(?:(?:[\w./-]*/)?env: (?P<msg>['\"]?[^'\":]+['\"]?: No such file or directory)"
        r"|(?:[\w./-]+: )?(?P<file>[\w./-]+): (?P<msg2>\S+: bad interpreter: .+))$",
        tool="shell",
        rank=2,
        words=("env: ", "bad interpreter"),
        examples=(
            "/usr/bin/env: 'bash\\r': No such file or directory",
            "env: python: No such file or directory",
            "bash: ./setup.sh: /bin/env: bad interpreter: No such file or directory",
        ),
        fixup=_either_message,
    ),
    Format(
        "shell-no-such-file",  # bash: "F: line 3: "; dash: "F: 3: F: "
        r"^(?:[\w./-]+: )?(?:line \d+: |\d+: (?:[\w./-]+: )?)?"
        r"(?P<msg>(?:[\w.-]+: )?(?:cannot (?:access|open|stat|create) )?"
        r"['\"]?(?P<file>[^'\":]+)['\"]?" + _MISSING + ")$",
        seek=_MISSING,
        tool="shell",
        rank=1,
        examples=(
            "cat: missing.txt: No such file or directory",
            "build.sh: 3: build.sh: ./gen.sh: Permission denied",
        ),
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
