r"""Monorepo task runners: Turborepo, Nx (and Lerna 6+, which runs on Nx), Lerna's
own runs. Each runs a package's script (a build, a test, a lint) in many
packages and prints what the scripts print, then its own lines for a task
that failed: those only follow from the script's output above, which holds
the error.

Turborepo prefixes every line of a task with the package and the task, and
ends a failed task and the run with its own lines (``turbo`` 1.x says
``Error:``, 2.x ``ERROR:``; its summary names the failed tasks)::

    web:build: src/app.ts(3,5): error TS2322: Type 'string' is not assignable to type 'number'.
    web:build: ERROR: command finished with error: command (apps/web) npm run build exited (2)

     Tasks:    1 successful, 2 total
    Failed:    web#build

     ERROR  run failed: command  exited (2)

tsc prints its errors as ``FILE(L,C): error TSnnnn: ...`` when its output is
no terminal, as under a runner: that shape is read here past the task's
prefix (other tools' lines under the prefix are read by the engine's other
rules). ``ERROR  run failed: ...`` with anything else than a command that
exited is turbo's own error (a task its ``turbo.json`` does not define).

Nx names each task it runs (``> nx run app:build``), prints its output, and
says what failed in its own titles, after `` >  NX   `` (Nx 17 and later drop
the ``>``); an executor's error is such a title too (``NX   Cannot find
configuration for task app:build``)::

     >  NX   Ran target build for project app and 3 task(s) it depends on (4s)

        ✖    1/4 failed
        ✔    3/4 succeeded [3 read from cache]

Lerna before 6 prints ``lerna ERR! npm run build exited 2 in 'pkg'`` and then
the script's output under ``lerna ERR! npm run build stdout:`` and ``...
stderr:``, where the error is. (pnpm's recursive runs are pnpm.py's, yarn's
workspaces yarn.py's, Bazel's bazel.py's.)
"""

from __future__ import annotations

from . import Format

ORDER = 13  # before apple.py's xcpretty row ("✖ a, b"), js_consola.py's " ERROR  ..."
COMMANDS = {"turbo": "turbo", "nx": "nx", "lerna": "lerna"}

# A Turborepo task's prefix: the package (a scope and a name) and the task, which
# may hold colons of its own ("web:build: ", "@acme/ui:build:types: ").
_TASK = r"[\w@.-]+(?:/[\w.-]+)?(?::[\w.-]+)+"
# An Nx title's start: " >  NX   " (before Nx 17 the ">"), Lerna's name where it runs on Nx.
_NX = r"\s*(?:>\s+)?(?:NX|Lerna \(powered by Nx\))\s{2,}"

ROWS = (
    Format(  # tsc under a Turborepo task's prefix, as it writes without a terminal
        "turbo-tsc",
        rf"^{_TASK}: +(?P<file>[^\s:()]+\.(?:[cm]?[jt]sx?|vue))\((?P<line>\d+),(?P<col>\d+)\)"
        r": error (?P<code>TS\d+): (?P<msg>.+)$",
        tool="tsc",
        rank=2,
        seek=": error ",
        examples=(
            "web:build: src/app.ts(3,5): error TS2322: Type 'string' is not assignable to"
            " type 'number'.",
            "@acme/ui:build:types: src/button.tsx(12,7): error TS2307: Cannot find module"
            " '@acme/theme' or its corresponding type declarations.",
        ),
    ),
    Format(  # the task's end: its own output above says why
        "turbo-task-failed",
        rf"^(?P<msg>{_TASK}: (?:ERROR|Error): command finished with error: .+)$",
        tool="turbo",
        role="count",
        rank=0,
        seek=": command finished with error",
        examples=(
            "web:build: ERROR: command finished with error: command (apps/web) npm run build"
            " exited (2)",
            "@acme/ui:test: Error: command finished with error: exit status 1",
        ),
    ),
    Format(  # the run's end, and turbo 2's summary of the tasks that failed: both
        # follow from the failed task's output above (where none was read, they say what failed)
        "turbo-run-exited",
        r"^\s*(?:ERROR\s+run failed: (?P<msg>command\s+(?:\S+\s+)*?exited \(-?\d+\))"
        r"|Failed:\s+[\w@./-]+#[\w:.-]+(?:,\s*[\w@./-]+#[\w:.-]+)*)\s*$",
        tool="turbo",
        role="count",
        rank=0,
        examples=(
            " ERROR  run failed: command  exited (2)",
            " ERROR  run failed: command (apps/web) npm run build exited (1)",
            "Failed:    web#build",
            "  Failed:    @acme/ui#test, web#build",
        ),
    ),
    Format(  # turbo's own error: a task or a package its turbo.json does not know
        "turbo-run-failed",
        r"^\s*ERROR\s+run failed: (?P<msg>\S.*)$",
        tool="turbo",
        category="config",
        rank=2,
        examples=(
            " ERROR  run failed: error preparing engine: Could not find the following tasks in"
            " project: deploy",
        ),
    ),
    Format(  # a package's script that failed: its output follows, where the error is
        "lerna-exited",
        r"^lerna ERR! (?P<msg>\S.* exited -?\d+ in '[^']+')$",
        tool="lerna",
        role="count",
        rank=0,
        examples=(
            "lerna ERR! npm run build exited 2 in '@acme/ui'",
            "lerna ERR! yarn run test exited 1 in 'web'",
        ),
    ),
    Format(  # the headers of that output: no error of their own, nor a failure line
        "lerna-output",
        r"^lerna ERR! \S+(?: \S+)* std(?:out|err):$",
        tool="lerna",
        role="ignore",
        examples=("lerna ERR! npm run build stderr:", "lerna ERR! yarn run test stdout:"),
    ),
    Format(  # Nx's summary of a run that failed (its tasks' output above says why)
        "nx-summary",
        rf"^(?:{_NX}(?P<msg>Running targets? \S.* failed)"
        "|\\s*\u2716\\s+\\d+/\\d+ (?:(?:targets?|dependent project tasks?) )?failed\\b.*)$",
        tool="nx",
        role="count",
        rank=0,
        words=("running target", "failed"),
        examples=(
            " NX   Running target build for 3 projects and 2 tasks they depend on failed",
            "    \u2716    1/4 failed",
            "    \u2716    2/2 targets failed, including the following:",
            "   \u2716    1/5 dependent project tasks failed (see below)",
        ),
    ),
    Format(  # Nx's own title for what failed (an executor's error); not its notes
        "nx-error",
        rf"^{_NX}(?:ERROR\s+)?(?P<msg>(?!Ran |Running |Successfully |Report complete"
        r"|Nx Cloud|NX Cloud|Affected criteria|Daemon|Falling back|Nx (?:will|is|Console)"
        r"|View logs|Showing|Tip|Note)\S.*)$",
        tool="nx",
        rank=2,
        words=("nx",),
        examples=(
            " >  NX   Cannot find configuration for task app:build",
            " NX   Cannot find project 'api'",
            ">  NX   ERROR  Cannot find target 'build' for project 'web'",
        ),
    ),
)
