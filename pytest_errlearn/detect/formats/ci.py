r"""CI runners' own lines: GitHub Actions, Azure Pipelines, GitLab, Travis, Jenkins,
CircleCI, Buildkite, AppVeyor.

Most of what a runner says of a failed step is its exit line ("Process
completed with exit code 1", "ERROR: Job failed: exit code 1"): the step failed
there, and why is in the step's own output above it. Those lines are
consequences: folded into the error before them, or, with none, they point at
the output just above (``preceding``). What a runner says for itself (a job
that ran out of time, a runner that went away) is an error of its own.

A runner's annotation that wraps a tool's own line (``##[error]src/a.ts(3,5):
error TS2322: ...``, ``::error file=a.py,line=3::...``) is reported where that
line points.
"""

from __future__ import annotations

from collections.abc import Sequence

from . import Format, regex

ORDER = 5  # first: a runner's line may wrap a tool's, whose rows would take it whole


def inner_location(groups: dict[str, str | None], before: Sequence[str]) -> None:
    """A wrapper line (a runner's annotation, a formatter's mark) around a tool's
    own line: the tool's file, line and message, when some row knows that line."""
    from . import TABLE  # the table holds this row: read once it is built

    text = groups.get("msg") or ""
    hit = TABLE.match(text)
    if hit is None or hit.fmt.role not in ("error", "warning"):
        return
    for key in ("file", "line", "col", "code", "test"):
        if groups.get(key) is None and hit.groups.get(key):
            groups[key] = hit.groups[key]
    if hit.groups.get("msg"):
        groups["msg"] = hit.groups["msg"]
    groups["tool"] = groups.get("tool") or hit.groups.get("tool") or hit.fmt.tool


_PROPERTY = regex(r"(\w+)=([^,]*)")
# A title naming the tool and its rule: ruff's "ruff (F401)", "Ruff (E501)".
_TOOL_TITLE = regex(r"^(?P<tool>[A-Za-z][\w.-]*) \((?P<code>[^()\s]+)\)$")
_ESCAPES = (("%0D", "\r"), ("%0A", "\n"), ("%3A", ":"), ("%2C", ","), ("%25", "%"))


def _unescape(value: str) -> str:
    for code, char in _ESCAPES:
        value = value.replace(code, char)
    return value


def _workflow_command(groups: dict[str, str | None], before: Sequence[str]) -> None:
    """``::error file=a.py,line=3,col=5::msg``: the place from its properties, the
    tool and its rule from a title that names them, and the message of the tool's
    own line where the command wraps one (ruff's ``--output-format github``)."""
    props = groups.get("props") or ""
    names = {"file": "file", "line": "line", "col": "col", "column": "col", "title": "title"}
    for key, value in _PROPERTY.findall(props):
        if (name := names.get(key)) is not None and value:
            groups[name] = _unescape(value).strip()
    groups["msg"] = _unescape(groups.get("msg") or "").split("\n", 1)[0].strip() or None
    if (m := _TOOL_TITLE.match(groups.get("title") or "")) is not None:
        groups["tool"], groups["code"] = m["tool"].lower(), m["code"]
    inner_location(groups, before)  # the place the properties gave stays


# The exit code of a failed step: never 0.
_CODE = r"[1-9]\d*"

# Where a GitHub Actions annotation starts: ``##[error]`` in the raw log, ``Error:``
# in the web view, which indents the lines of a group an action opened (checkout's
# "Fetching the repository") by two spaces.
_GHA = r"^ {0,2}(?:##\[error\]|Error: )"

ROWS = (
    # -- GitHub Actions (raw logs: ``##[error]``; the web view: ``Error:``) ----------
    Format(
        "gha-step-exit",
        _GHA
        + r"(?P<msg>Process completed with exit code "
        + _CODE
        # an action's failure around the toolkit's message for a tool it ran that
        # failed: "Error: There was an error cloning: The process '...' failed ..."
        + r"|The operation was canceled|(?:[^':\n]* [^':\n]*: )?The process '[^']+' failed "
        + r"with exit code "
        + _CODE
        + r"|The strategy configuration was canceled because .*)\W*$",
        tool="github-actions",
        role="consequence",
        rank=0,
        examples=(
            "##[error]Process completed with exit code 1.",
            "Error: Process completed with exit code 2.",
            "##[error]The process '/usr/bin/git' failed with exit code 128",
            "##[error]The operation was canceled.",
            "  Error: The process '/usr/bin/git' failed with exit code 1",
            "Error: Unable to deploy: The process '/usr/bin/git' failed with exit code 128",
        ),
    ),
    Format(
        "gha-timeout",
        r"^(?:##\[error\]|Error: )(?P<msg>The job (?:running on runner .+ )?has exceeded the "
        r"maximum execution time of .+)$",
        tool="github-actions",
        category="runtime",
        rank=2,
        examples=(
            "##[error]The job running on runner GitHub Actions 2 has exceeded the maximum "
            "execution time of 360 minutes.",
        ),
    ),
    Format(
        "gha-runner-lost",
        r"^(?:##\[error\]|Error: )(?P<msg>The runner has received a shutdown signal\..*|"
        r"The hosted runner: .+ lost communication with the server\..*|"
        r"No space left on device.*|System\.IO\.IOException: No space left on device.*)$",
        tool="github-actions",
        category="runtime",
        rank=2,
        examples=(
            "##[error]The runner has received a shutdown signal. This can happen when the "
            "runner service is stopped, or a manually started runner is canceled.",
        ),
    ),
    Format(  # GitHub's own setup and artifact actions, failing a step for their input:
        # a version they have no build of, no lock file to key a cache on, no file to
        # upload, no artifact to download. (upload-artifact only warns by default.)
        "gha-action-failed",
        r"^ {0,2}(?:##\[)?(?P<sev>[Ee]rror|[Ww]arning)(?:\]|: )(?P<msg>"
        r"(?:The )?[Vv]ersion '?\S+?'? with arch(?:itecture)? '?\w+'? (?:was )?not found.*|"
        r"Unable to find (?:Node|Go) version '[^']+' for platform .+|"
        r"Dependencies lock file is not found in .+|"
        r"No files were found with the provided path: .+|"
        r"Unable to download artifact\(s\): Artifact not found for name: .+)$",
        tool="github-actions",
        category="config",
        rank=2,
        examples=(
            "Error: Version 3.6 with arch x64 not found",
            "##[error]The version '3.7' with architecture 'arm64' was not found for Ubuntu 24.04.",
            "Error: Dependencies lock file is not found in /home/runner/work/app/app. Supported "
            "file patterns: package-lock.json,npm-shrinkwrap.json,yarn.lock",
            "Warning: No files were found with the provided path: dist/. No artifacts will be "
            "uploaded.",
            "Error: Unable to download artifact(s): Artifact not found for name: app-build",
            "Error: Unable to find Go version '1.99' for platform linux and architecture x64.",
        ),
    ),
    Format(  # git's own line as an action's annotation, in a group the web view indents
        # (checkout's "Fetching the repository": "  Error: fatal: repository ... not found")
        "gha-git-annotation",
        r"^ {1,2}Error: (?P<msg>fatal: .+)$",
        tool="git",
        rank=1,
        examples=("  Error: fatal: repository 'https://example.com/o/app.git/' not found",),
        fixup=inner_location,
    ),
    Format(  # a workflow command as a step printed it (the raw log of ``errlearn run``,
        # a local run): its properties place it. (``::error`` lines are generic.py's
        # ``github-annotation``, which reads no place: this row's fixup would.)
        "gha-workflow-command",
        r"^::(?P<sev>error|warning)(?: (?P<props>[^:]*))?::(?P<msg>.*)$",
        tool="github-actions",
        rank=1,
        examples=("::warning file=setup.py,line=3::deprecated", "::error file=a.py,line=3::boom"),
        fixup=_workflow_command,
    ),
    Format(
        "gha-notice",
        r"^(?:::(?:notice|debug|group|endgroup|add-mask|add-matcher|remove-matcher)\b|"
        r"##\[(?:notice|debug|group|endgroup|section|command)\])",
        tool="github-actions",
        role="ignore",
        examples=("##[group]Run npm test", "::notice file=a.py::hello"),
        words=("##[", "::notice", "::debug", "::group", "::endgroup"),
    ),
    Format(
        "gha-warning",
        r"^##\[(?P<sev>warning)\](?P<msg>.+)$",
        tool="github-actions",
        role="warning",
        examples=("##[warning]Node.js 16 actions are deprecated.",),
        fixup=inner_location,
    ),
    # -- Azure Pipelines (its ``##[error]`` lines; the tasks' exit lines) -----------
    Format(
        "azure-step-exit",
        r"^##\[error\](?:Error: )?(?P<msg>(?:(?:Bash|PowerShell|Cmd\.exe|Cmd|pwsh|Python|Script) "
        r"(?:exited|failed) with (?:exit )?code:? '?" + _CODE + r"'?|"
        r"Script failed with exit code: " + _CODE + r"|"
        r"The process '[^']+' failed with exit code " + _CODE + r"|"
        r"Error: npm failed with return code: " + _CODE + r"|"
        r"Build failed with exit code " + _CODE + r")\.?|"
        r"Script failed with error: .*|"
        r"Dotnet command failed with non-zero exit code on the following projects.*)$",
        tool="azure-pipelines",
        role="consequence",
        rank=0,
        examples=(
            "##[error]Bash exited with code '1'.",
            "##[error]PowerShell exited with code '1'.",
            "##[error]Cmd.exe exited with code '1'.",
            "##[error]Error: The process '/usr/bin/dotnet' failed with exit code 1",
            "##[error]Dotnet command failed with non-zero exit code on the following projects "
            ": /home/vsts/work/1/s/App.csproj",
        ),
    ),
    Format(
        "azure-timeout",
        r"^##\[error\](?P<msg>The job running on agent .+ ran longer than the maximum time of .+)$",
        tool="azure-pipelines",
        category="runtime",
        rank=2,
        examples=(
            "##[error]The job running on agent Hosted Agent ran longer than the maximum time "
            "of 60 minutes. For more information, see https://go.microsoft.com/fwlink/?linkid=2077134",
        ),
    ),
    Format(  # any other ``##[error]``: a tool's own line, or a task's message
        "runner-error",
        r"^##\[error\](?P<msg>.+)$",
        tool="github-actions",
        rank=1,
        examples=("##[error]src/app.ts(3,5): error TS2322: Type 'string' is not assignable",),
        fixup=inner_location,
    ),
    # -- GitLab ------------------------------------------------------------------------
    Format(
        "gitlab-job-exit",
        r"^(?:ERROR: (?:Job|Build) failed: (?P<msg>(?:exit code|exit status|command terminated "
        r"with exit code) " + _CODE + r")|ERROR: No files to upload)\s*$",
        tool="gitlab",
        role="consequence",
        rank=0,
        examples=(
            "ERROR: Job failed: exit code 1",
            "ERROR: Job failed: command terminated with exit code 2",
            "ERROR: Job failed: exit status 1",
            "ERROR: Build failed: exit status 1",  # GitLab Runner before 10.0
        ),
    ),
    Format(
        "gitlab-timeout",
        r"^ERROR: Job failed: (?P<msg>execution took longer than .+)$",
        tool="gitlab",
        category="runtime",
        rank=2,
        examples=("ERROR: Job failed: execution took longer than 1h0m0s seconds",),
    ),
    Format(
        "gitlab-system-failure",
        r"^ERROR: (?P<msg>(?:Job failed \(system failure\)|Preparation failed|Job failed): .+)$",
        tool="gitlab",
        rank=2,
        examples=(
            "ERROR: Job failed (system failure): Error response from daemon: no such image",
            'ERROR: Job failed: failed to pull image "node:99" with specified policies [always]: '
            "Error response from daemon: manifest unknown (manager.go:237:1s)",
        ),
    ),
    Format(
        "gitlab-timeout-warning",
        r"^WARNING: (?P<msg>step_script could not run to completion because the timeout was "
        r"exceeded\..*)$",
        tool="gitlab",
        role="warning",
        examples=(
            "WARNING: step_script could not run to completion because the timeout was exceeded. "
            "For more control over job and script timeouts see: https://docs.gitlab.com/",
        ),
    ),
    # -- Travis CI ---------------------------------------------------------------------
    Format(  # (its ``The command "..." exited with 1.`` is shell.py's ``ci-exit``)
        "travis-step-exit",
        r'^(?P<msg>The command ".*" failed \d+ times\.|The build has been terminated\.?)$',
        tool="travis",
        role="consequence",
        rank=0,
        examples=(
            'The command "git clone --depth=50 https://github.com/a/b.git a/b" failed 3 times.',
            "The build has been terminated",
        ),
        words=("has been terminated",),
    ),
    Format(
        "travis-timeout",
        r"^(?P<msg>No output has been received in the last [\w.]+(?: minutes)?, this potentially "
        r"indicates a stalled build or something wrong with the build itself\.?|"
        r"The job exceeded the maximum (?:time limit for jobs|log length), and has been "
        r"terminated\.?)$",
        tool="travis",
        category="runtime",
        rank=2,
        examples=(
            "No output has been received in the last 10m0s, this potentially indicates a stalled "
            "build or something wrong with the build itself.",
            "The job exceeded the maximum time limit for jobs, and has been terminated.",
        ),
        words=("No output has been received", "has been terminated"),
    ),
    # -- Jenkins -----------------------------------------------------------------------
    Format(
        "jenkins-step-exit",
        r"^(?P<msg>(?:hudson\.AbortException: )?script returned exit code " + _CODE + r")$",
        tool="jenkins",
        role="consequence",
        rank=0,
        examples=("hudson.AbortException: script returned exit code 1",),
    ),
    Format(  # the step that failed, and the run's last line. Not folded: cidiff's labels
        # leave them out of the error (folding them cost its line precision 0.1-0.3 points)
        "jenkins-finished",
        r"^(?:Build step '.+' (?:marked build as failure|changed build result to \w+)|"
        r"Finished: (?:FAILURE|UNSTABLE|ABORTED|NOT_BUILT))$",
        tool="jenkins",
        role="ignore",
        examples=("Build step 'Execute shell' marked build as failure", "Finished: FAILURE"),
    ),
    Format(
        "jenkins-timeout",
        r"^(?P<msg>Cancelling nested steps due to timeout|Timeout has been exceeded|"
        r"Build timed out \(after \d+ minutes?\)\. Marking the build as (?:failed|aborted)\.?)$",
        tool="jenkins",
        category="runtime",
        rank=2,
        examples=(
            "Cancelling nested steps due to timeout",
            "Build timed out (after 10 minutes). Marking the build as failed.",
        ),
        words=("due to timeout", "Timeout has been exceeded", "Build timed out"),
    ),
    # -- CircleCI, Buildkite, AppVeyor ------------------------------------------------
    Format(
        "circleci-step-exit",
        r"^(?P<msg>Exited with code (?:exit status )?" + _CODE + r"|"
        r"CircleCI received exit code " + _CODE + r")$",
        tool="circleci",
        role="consequence",
        rank=0,
        examples=("Exited with code exit status 1", "Exited with code 1"),
    ),
    Format(
        "circleci-timeout",
        r"^(?P<msg>Too long with no output \(exceeded [\w.]+\)(?:: context deadline exceeded)?)$",
        tool="circleci",
        category="runtime",
        rank=2,
        examples=("Too long with no output (exceeded 10m0s): context deadline exceeded",),
        words=("Too long with no output",),
    ),
    Format(
        "buildkite-step-exit",
        r"^(?:🚨 )?(?P<msg>Error: The command exited with status " + _CODE + r")$",
        tool="buildkite",
        role="consequence",
        rank=0,
        examples=("🚨 Error: The command exited with status 1",),
    ),
    Format(
        "appveyor-step-exit",
        r"^(?P<msg>Command exited with code " + _CODE + r")$",
        tool="appveyor",
        role="consequence",
        rank=0,
        examples=("Command exited with code 1",),
    ),
    Format(
        "appveyor-timeout",
        r"^(?P<msg>Build execution time has reached the maximum allowed time for your plan .*)$",
        tool="appveyor",
        category="runtime",
        rank=2,
        examples=(
            "Build execution time has reached the maximum allowed time for your plan (60 minutes).",
        ),
        words=("maximum allowed time",),
    ),
)
