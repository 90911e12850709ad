"""Infrastructure tools as users meet them: git pushes and old git's HTTP
errors, wget, dash and a script's interpreter, dpkg and apt, docker compose
and BuildKit's summaries, an old GitLab runner, MSBuild wrapped at the
console's width, Windows PowerShell's records.

The git, wget, dash, env, bash and dpkg outputs are those tools' own, run on
small cases here; the others (docker, MSBuild, PowerShell, apt's repository
checks, GitLab's runner) are written in those tools' documented shapes with
neutral names.
"""

from __future__ import annotations

from test_detect import scan

# -- git ------------------------------------------------------------------------------


def test_a_push_the_remote_refused_is_the_refused_ref_and_its_reason() -> None:
    report = scan(
        """
        To /home/user/remote.git
         ! [rejected]        HEAD -> main (fetch first)
        error: failed to push some refs to '/home/user/remote.git'
        hint: Updates were rejected because the remote contains work that you do
        hint: not have locally. This is usually caused by another repository pushing
        hint: to the same ref. You may want to first integrate the remote changes
        hint: (e.g., 'git pull ...') before pushing again.
        hint: See the 'Note about fast-forwards' in 'git push --help' for details.
        """
    )
    (err,) = report.errors
    assert (err.tool, err.message, err.span[0]) == ("git", "HEAD -> main (fetch first)", 2)


def test_a_refspec_that_matches_nothing_is_the_error_the_push_failure_follows_from() -> None:
    report = scan(
        """
        error: src refspec nosuchbranch does not match any
        error: failed to push some refs to '/home/user/remote.git'
        """
    )
    (err,) = report.errors
    assert (err.tool, err.message) == ("git", "src refspec nosuchbranch does not match any")


def test_old_gits_http_status_is_the_error_and_its_http_request_failed_follows() -> None:
    report = scan(
        """
        Initialized empty Git repository in /home/user/app/.git/
        error: The requested URL returned error: 403 Forbidden while accessing https://example.com/o/app.git/info/refs
        fatal: HTTP request failed
        """
    )
    (err,) = report.errors
    assert (err.tool, err.category, err.code, err.span) == ("git", "network", "403", (2, 2))


# -- wget, dash, a script's interpreter, a CI runner's script ------------------------


def test_wget_reports_a_download_that_failed_with_the_servers_status() -> None:
    report = scan(
        """
        --2024-03-01 10:00:00--  http://127.0.0.1:8765/missing.tar.gz
        Connecting to 127.0.0.1:8765... connected.
        HTTP request sent, awaiting response... 404 File not found
        2024-03-01 10:00:00 ERROR 404: File not found.
        """
    )
    (err,) = report.errors
    assert (err.tool, err.category, err.code, err.message) == (
        "wget",
        "network",
        "404",
        "File not found.",
    )


def test_dash_names_the_script_line_that_ran_a_file_it_may_not_run() -> None:
    # dash before 0.5.11 names the script twice: "F: N: F: "; since, once
    report = scan("build.sh: 3: build.sh: ./gen.sh: Permission denied\n")
    (err,) = report.errors
    assert (err.tool, err.file, err.category) == ("shell", "./gen.sh", "filesystem")
    (now,) = scan("build.sh: 2: ./gen.sh: Permission denied\n").errors
    assert now.file == "./gen.sh"


def test_a_scripts_interpreter_with_windows_line_ends_is_no_file_of_the_project() -> None:
    report = scan(
        """
        Step 9/12 : RUN ./build.sh
        /usr/bin/env: \u2018bash\\r\u2019: No such file or directory
        /usr/bin/env: use -[v]S to pass options in shebang lines
        """
    )
    err = report.errors[0]
    assert (err.tool, err.file, err.span) == ("shell", None, (2, 2))
    assert err.message == "\u2018bash\\r\u2019: No such file or directory"


def test_a_command_missing_in_a_ci_runners_own_script_is_the_error() -> None:
    report = scan(
        """
        $ npm test
        /tmp/executor123: line 2: nosuchcmd-x: command not found
        """
    )
    (err,) = report.errors
    assert (err.tool, err.category, err.message) == (
        "shell",
        "dependency",
        "nosuchcmd-x: command not found",
    )


def test_an_old_gitlab_runners_build_failed_line_follows_from_the_error_above() -> None:
    report = scan(
        """
        $ npm prune
        bash: line 56: npm: command not found

        ERROR: Build failed: exit status 1
        """
    )
    (err,) = report.errors
    assert err.message == "npm: command not found"


# -- dpkg, apt ------------------------------------------------------------------------


def test_a_dpkg_tools_own_error_is_found() -> None:
    (err,) = scan(
        "dpkg: error: cannot access archive '/tmp/nonexistent-pkg.deb': No such file or directory\n"
    ).errors
    assert err.tool == "dpkg"
    assert err.message.startswith("cannot access archive '/tmp/nonexistent-pkg.deb'")


def test_apts_subprocess_line_follows_from_the_package_dpkg_could_not_configure() -> None:
    report = scan(
        """
        Setting up example-daemon (1.2-1) ...
        dpkg: error processing package example-daemon (--configure):
         installed example-daemon package post-installation script subprocess returned error exit status 1
        Errors were encountered while processing:
         example-daemon
        E: Sub-process /usr/bin/dpkg returned an error code (1)
        """  # noqa: E501
    )
    (err,) = report.errors
    assert (err.tool, err.span[0]) == ("dpkg", 2)


def test_a_repository_apt_has_no_key_for_is_a_configuration_error() -> None:
    report = scan(
        """
        W: GPG error: https://example.com/debian stable InRelease: The following signatures couldn't be verified because the public key is not available: NO_PUBKEY 0123456789ABCDEF
        E: The repository 'https://example.com/debian stable InRelease' is not signed.
        N: Updating from such a repository can't be done securely, and is therefore disabled by default.
        """  # noqa: E501
    )
    (err,) = report.errors
    assert (err.tool, err.category, err.span) == ("apt", "config", (2, 2))


# -- docker ---------------------------------------------------------------------------


def test_compose_reports_the_service_it_could_not_start_not_its_summary() -> None:
    report = scan(
        """
        Creating app_db_1 ... error

        ERROR: for db  Cannot start service db: driver failed programming external connectivity on endpoint app_db_1 (3f2a): Bind for 0.0.0.0:5432 failed: port is already allocated
        ERROR: Encountered errors while bringing up the project.
        """  # noqa: E501
    )
    (err,) = report.errors
    assert err.tool == "docker"
    assert err.message.startswith("Cannot start service db: driver failed")


def test_the_build_actions_repeat_of_buildkits_last_line_is_no_second_error() -> None:
    report = scan(
        """
        error: failed to solve: process "/bin/sh -c make" did not complete successfully: exit code: 2
        Error: buildx failed with: error: failed to solve: process "/bin/sh -c make" did not complete successfully: exit code: 2
        """  # noqa: E501
    )
    (err,) = report.errors
    assert err.span == (1, 1)


def test_older_buildkits_executor_line_is_the_error_when_nothing_above_says_more() -> None:
    report = scan(
        """
        executor failed running [/bin/sh -c npm ci]: exit code: 1
        ERROR: Service 'web' failed to build : Build failed
        """
    )
    (err,) = report.errors
    assert (err.tool, err.span) == ("docker", (1, 1))


# -- MSBuild --------------------------------------------------------------------------

# MSBuild's console logger wraps at the console's width less one: 119 in a
# 120-column Windows console, mid-word.
_WRAPPED_RESTORE = (
    "C:\\src\\App\\App.csproj : error NU1101: Unable to find package Example.Tools"
    ".Analyzers. No packages exist with this id in source(s): C:\\Program Files\\"
    "dotnet\\library-packs, nuget.org [C:\\src\\App.sln]\n"
    "C:\\src\\Lib\\Lib.csproj : error NU1101: Unable to find package Example.Tools"
    ".Analyzers. No packages exist with this id in source(s): C:\\Program Files\\"
    "dotnet\\library-packs, nuget.org [C:\\src\\App.sln]\n"
)


def _wrapped(text: str, width: int = 119) -> str:
    return "".join(
        "\n".join(line[i : i + width] for i in range(0, len(line), width)) + "\n"
        for line in text.splitlines()
    )


def test_a_diagnostic_msbuild_wrapped_at_the_consoles_width_is_read_whole() -> None:
    report = scan(_wrapped(_WRAPPED_RESTORE))
    first, second = report.errors
    assert first.message == (
        "Unable to find package Example.Tools.Analyzers. No packages exist with this id in "
        "source(s): C:\\Program Files\\dotnet\\library-packs, nuget.org"
    )
    assert (first.code, first.category, first.span) == ("NU1101", "dependency", (1, 2))
    assert second.file == "C:\\src\\Lib\\Lib.csproj"  # the same origin again: a diagnostic


def test_a_wrapped_diagnostics_project_is_not_part_of_its_message() -> None:
    line = (
        "Calc\\Parser.cs(62,26): error CS1002: ; expected [C:\\Users\\user\\source\\repos\\"
        "example-calculator\\src\\Calculator.Core\\Calculator.Core.csproj]\n"
    )
    (err,) = scan(_wrapped(line)).errors
    assert (err.message, err.category, err.line) == ("; expected", "syntax", 62)


# -- Windows PowerShell ---------------------------------------------------------------


def test_a_script_a_command_ran_that_does_not_parse_is_a_syntax_error_at_its_place() -> None:
    report = scan(
        r"""
        Import-Module : At C:\build\tools.psm1:25 char:30
        + function Get-Thing { param($a
        +                              ~
        Missing ')' in function parameter list.
        """
    )
    (err,) = report.errors
    assert (err.file, err.line, err.column) == (r"C:\build\tools.psm1", 25, 30)
    assert (err.message, err.category) == ("Missing ')' in function parameter list.", "syntax")


def test_a_classic_records_message_starts_at_the_name_of_the_command_that_failed() -> None:
    report = scan(
        r"""
        Restoring packages for C:\Users\user\source\repos\ExampleApp\ExampleApp\ExampleApp.csproj...
        Install-Package : NU1101: Unable to find package Example.Tools. No packages exist with this id in source(s): nuget.org
        At line:1 char:1
        + Install-Package Example.Tools
        + ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
            + CategoryInfo          : NotSpecified: (:) [Install-Package], Exception
            + FullyQualifiedErrorId : NuGetCmdletUnhandledException,NuGet.PackageManagement.PowerShellCmdlets.InstallPackageCommand
        """  # noqa: E501
    )
    (err,) = report.errors
    assert err.message.startswith("Install-Package : NU1101: Unable to find package")


BUILDKIT_SUMMARY = """
 > [3/3] RUN npm ci:
0.512 npm ERR! code ENOENT
0.515 npm ERR! enoent ENOENT: no such file or directory, open '/app/package.json'
------
Dockerfile:5
--------------------
   4 |     COPY . .
   5 | >>> RUN npm ci
--------------------
ERROR: failed to solve: process "/bin/sh -c npm ci" did not complete successfully: exit code: 254
"""


def test_buildkit_s_summary_of_the_failed_step_says_what_its_output_said() -> None:
    (err,) = scan(BUILDKIT_SUMMARY, "docker").errors  # "failed to solve" follows
    assert (err.tool, err.category, err.message) == ("docker", "filesystem", "code ENOENT")
    assert err.span == (1, 3)


def test_in_a_full_buildkit_log_the_summary_only_repeats_the_step_s_error() -> None:
    full = (
        "#8 [3/3] RUN npm ci\n"
        "#8 0.512 npm ERR! code ENOENT\n"
        "#8 0.515 npm ERR! enoent ENOENT: no such file or directory, open '/app/package.json'\n"
        '#8 ERROR: process "/bin/sh -c npm ci" did not complete successfully: exit code: 254\n'
        "------" + BUILDKIT_SUMMARY
    )
    (err,) = scan(full, "docker").errors
    assert (err.tool, err.span) == ("npm", (2, 3))


def test_older_buildkits_executor_line_follows_from_the_error_in_its_steps_output() -> None:
    report = scan(
        """
        #9 [4/4] RUN make
        #9 0.512 cc -c main.c
        #9 0.601 main.c:3:5: error: 'x' undeclared (first use in this function)
        #9 ERROR: executor failed running [/bin/sh -c make]: exit code: 2
        executor failed running [/bin/sh -c make]: exit code: 2
        """
    )
    (err,) = report.errors
    assert (err.file, err.line) == ("main.c", 3)
