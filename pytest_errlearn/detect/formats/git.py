"""git, and the SSH it connects through: what a clone, a fetch or a push says
when it fails (CI jobs check out code and submodules with it).

git gives the reason first (``Permission denied (publickey).``, ``fatal: could
not read Username for 'https://github.com': terminal prompts disabled``,
``error: RPC failed; curl 56 ...``), then what only follows from it
(``fatal: Could not read from remote repository.``, ``fatal: early EOF``,
``Failed to clone 'vendor/x'. Retry scheduled``, ``fatal: HTTP request failed``):
consequences. A push the remote refused says why per ref (``! [rejected] main ->
main (fetch first)``), then ``error: failed to push some refs``. What the
remote's side said (its hooks, the host's own checks) git relays with
``remote: `` before each line: there a host says why it declined a push
(``remote: error: GH006: Protected branch update failed``, a file over its size
limit, a GitLab rule), and that reason is the push's root cause. GitHub's
checkout action puts ``Error: `` before git's lines.
"""

from __future__ import annotations

from . import Format

ORDER = 25  # before rust.py's bare "error: ..." row, which would take git's as rustc's
COMMANDS = {"git": "git"}
BUILDS: dict[str, frozenset[str] | None] = {"git": frozenset()}  # none builds; its
# subcommand says what it does (history keys)

ROWS = (
    Format(  # what git says after the reason it gave first (an SSH key, a broken transfer)
        "git-follows",
        r"^(?:Error: )?(?:fatal: (?:Could not read from remote repository\.|[Tt]he remote end "
        r"hung up unexpectedly|early EOF|index-pack failed|fetch-pack: invalid index-pack output|"
        r"clone of '.+' into submodule path '.+' failed)|Please make sure you have the correct "
        r"access rights|and the repository exists\.|Failed to clone '.+'\. Retry scheduled|"
        r"error: \d+ bytes of body are still expected|fetch-pack: unexpected disconnect while "
        r"reading sideband packet|fatal: HTTP request failed|"
        r"error: failed to push some refs to '.+')$",
        tool="git",
        role="consequence",
        rank=0,
        examples=(
            "fatal: Could not read from remote repository.",
            "fatal: early EOF",
            "fatal: clone of 'git@github.com:o/efi.git' into submodule path 'efi' failed",
            "error: failed to push some refs to 'https://example.com/o/app.git'",
        ),
    ),
    Format(  # a ref the remote refused, and why: its history moved on, a hook declined it
        "git-push-rejected",
        r"^ ! \[(?:rejected|remote rejected)\] +(?P<msg>\S.* -> \S+ \([^)]+\))$",
        tool="git",
        category="config",
        rank=2,
        words=("[rejected]", "[remote rejected]"),
        examples=(
            " ! [rejected]        main -> main (fetch first)",
            " ! [remote rejected] main -> main (pre-receive hook declined)",
        ),
    ),
    Format(  # the remote's own reason, relayed by git: a hook, a host's rule or limit
        "git-remote-error",
        r"^remote: +(?:(?:error|fatal|ERROR|FATAL): +|GitLab: +)(?!Trace: |See .* for more "
        r"information\.?$)(?P<msg>(?:File (?P<file>\S+) is [\d.]+ [KMG]B; )?\S.*)$",
        tool="git",
        category="config",
        rank=3,
        words=("remote: ",),
        examples=(
            "remote: error: GH006: Protected branch update failed for refs/heads/main.",
            "remote: error: File assets/demo.mp4 is 142.50 MB; this exceeds GitHub's file "
            "size limit of 100.00 MB",
            "remote: GitLab: You are not allowed to push code to protected branches on this "
            "project.",
        ),
    ),
    Format(  # git before 1.8 (and 2.x over dumb HTTP): the server's status, "while accessing"
        "git-http-status",
        r"^error: (?P<msg>(?:The requested URL returned error: (?P<code>\d{3})|Failed connect to "
        r"\S+; ).* while accessing \S+)$",
        tool="git",
        category="network",
        rank=2,
        words=("while accessing",),
        examples=(
            "error: The requested URL returned error: 403 Forbidden while accessing "
            "https://example.com/o/app.git/info/refs",
        ),
    ),
    Format(  # SSH's: the remote accepted none of the keys offered (a CI runner has none)
        "ssh-publickey",
        r"^(?:[\w.-]+@[\w.-]+: )?(?P<msg>Permission denied \(publickey(?:,[\w-]+)*\)\.?)$",
        tool="ssh",
        category="config",
        rank=2,
        examples=("git@github.com: Permission denied (publickey).",),
    ),
    Format(
        "git-fatal",
        r"^(?:Error: |##\[error\])?(?:(?:fatal|error|ERROR): (?P<msg>(?:not a git "
        r"repository|unable to access|could not read|[Rr]epository '.*' not found|Repository not "
        r"found\.|Authentication failed|pathspec|remote|refusing|couldn't find remote ref|RPC "
        r"failed|destination path|src refspec).*)|(?P<conflict>CONFLICT \([\w/ -]+\): .+))$",
        tool="git",
        rank=2,
        examples=(
            "fatal: not a git repository (or any of the parent directories): .git",
            "CONFLICT (content): Merge conflict in src/app.py",
            "Error: fatal: could not read Username for 'https://github.com': terminal prompts"
            " disabled",
            "error: RPC failed; curl 56 GnuTLS recv error (-54): Error in the pull function.",
            "error: src refspec main does not match any",
        ),
    ),
    Format(  # a revision the clone does not hold (a shallow CI checkout fetched one
        # commit: ``git diff origin/main`` finds no origin/main), or git run outside one
        "git-revision",
        r"^(?:Error: |##\[error\])?fatal: (?P<msg>ambiguous argument '.*': unknown "
        r"revision or path not in the working tree\.?|bad revision '.*'|invalid reference: .+|"
        r"not in a git directory|bad object .+)$",
        tool="git",
        category="config",
        rank=2,
        examples=(
            "fatal: ambiguous argument 'origin/main': unknown revision or path not in the "
            "working tree.",
            "fatal: bad revision 'v1.2.0..HEAD'",
            "fatal: not in a git directory",
        ),
    ),
)
