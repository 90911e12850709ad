"""PowerShell: its error records in the classic view (Windows PowerShell, and
PowerShell 7's ``NormalView``) and in PowerShell 7's default concise view, and
Pester's failures.

The outputs follow the shapes PowerShell's own error formatters print
(``PowerShellCore_format_ps1xml``: the classic ``At F:N char:M`` record, the
concise ``Line |`` view) and Pester's ``Output.ps1`` (``[-] Name 12ms
(10ms|2ms)``, ``at $r | Should -Be 3, F:N``, ``Tests Passed: 4, Failed: 1``).
"""

from __future__ import annotations

from test_detect import scan


def test_a_classic_record_is_its_message_at_its_script_line() -> None:
    (err,) = scan(
        r"""
        PS C:\build> .\build.ps1
        Get-Item : Cannot find path 'C:\nope' because it does not exist.
        At C:\build\build.ps1:12 char:5
        +     Get-Item C:\nope
        +     ~~~~~~~~~~~~~~~~
            + CategoryInfo          : ObjectNotFound: (C:\nope:String) [Get-Item], ItemNotFoundException
            + FullyQualifiedErrorId : PathNotFound,Microsoft.PowerShell.Commands.GetItemCommand

        PS C:\build>
        """  # noqa: E501
    ).errors
    assert err.message == "Get-Item : Cannot find path 'C:\\nope' because it does not exist."
    assert (err.file, err.line, err.column) == (r"C:\build\build.ps1", 12, 5)
    assert (err.code, err.category, err.tool, err.span) == (
        "PathNotFound",
        "filesystem",
        "powershell",
        (3, 7),
    )


def test_a_message_windows_powershell_wrapped_is_read_whole() -> None:
    (err,) = scan(
        r"""
        Test-Path : Cannot bind argument to parameter 'Path' because it is an empty string, because
        the build script passed it no value.
        At C:\projects\app\build.ps1:40 char:15
        +     if (Test-Path $outDir) {
        +               ~~~~~~~~~~~~~~~
            + CategoryInfo          : InvalidData: (:) [Test-Path], ParameterBindingValidationException
            + FullyQualifiedErrorId : ParameterArgumentValidationErrorEmptyStringNotAllowed,Microsoft.PowerShell.Commands.TestPathCommand
        """  # noqa: E501
    ).errors
    assert err.message.endswith("because\nthe build script passed it no value.".replace("\n", " "))
    assert err.message.startswith("Test-Path : Cannot bind argument")


def test_a_parse_error_is_the_message_under_its_carets() -> None:
    report = scan(
        r"""
        At C:\build\broken.ps1:5 char:14
        + if ($x -eq 1 {
        +              ~
        Missing closing ')' after expression in 'if' statement.

        At C:\build\broken.ps1:7 char:1
        + }
        + ~
        Unexpected token '}' in expression or statement.
            + CategoryInfo          : ParserError: (:) [], ParseException
            + FullyQualifiedErrorId : MissingEndParenthesisInIfStatement
        """
    )
    assert [(e.line, e.column, e.message) for e in report.errors] == [
        (5, 14, "Missing closing ')' after expression in 'if' statement."),
        (7, 1, "Unexpected token '}' in expression or statement."),
    ]
    assert report.errors[1].category == "syntax"
    assert report.primary is report.errors[0]


def test_a_native_commands_stderr_wrapped_in_a_record_is_no_error() -> None:
    report = scan(
        """
        git : Cloning into 'repo'...
        At line:1 char:1
        + git clone https://github.com/example/repo.git 2>&1
        + ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
            + CategoryInfo          : NotSpecified: (Cloning into 'repo'...:String) [], RemoteException
            + FullyQualifiedErrorId : NativeCommandError
        """  # noqa: E501
    )
    assert report.errors == []


def test_a_command_that_does_not_exist_is_one_dependency_error_where_it_was_called() -> None:
    report = scan(
        r"""
        nuget : The term 'nuget' is not recognized as the name of a cmdlet, function, script file, or operable program. Check the spelling of the name, or if a path was included, verify that the path is correct and try again.
        At C:\projects\app\build.ps1:14 char:1
        + nuget restore App.sln
        + ~~~~~
            + CategoryInfo          : ObjectNotFound: (nuget:String) [], CommandNotFoundException
            + FullyQualifiedErrorId : CommandNotFoundException
        """  # noqa: E501
    )
    (err,) = report.errors
    assert (err.file, err.line, err.column) == (r"C:\projects\app\build.ps1", 14, 1)
    assert (err.category, err.span) == ("dependency", (1, 6))
    assert err.message.startswith("nuget : The term 'nuget' is not recognized")


def test_a_concise_record_is_its_command_and_message_at_its_script_line() -> None:
    report = scan(
        """
        Get-Item: /home/runner/work/app/build.ps1:12
        Line |
          12 |      Get-Item /nope
             |      ~~~~~~~~~~~~~~
             | Cannot find path '/nope' because it does not exist.
        Error: Process completed with exit code 1.
        """
    )
    (err,) = report.errors
    assert err.message == "Get-Item: Cannot find path '/nope' because it does not exist."
    assert (err.file, err.line, err.category, err.span) == (
        "/home/runner/work/app/build.ps1",
        12,
        "filesystem",
        (1, 5),
    )
    assert err.related == [(6, 6)]


def test_a_concise_message_wrapped_under_its_bar_is_read_whole() -> None:
    (err,) = scan(
        r"""
        Exception: C:\build\build.ps1:20
        Line |
          20 |      throw "The package feed rejected the upload: the version already exists and c …
             |      ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
             | The package feed rejected the upload: the version already exists and cannot be
             | overwritten.
        """
    ).errors
    assert err.message == (
        "Exception: The package feed rejected the upload: the version already "
        "exists and cannot be overwritten."
    )
    assert (err.file, err.line) == (r"C:\build\build.ps1", 20)


def test_a_concise_parse_error_is_a_syntax_error() -> None:
    (err,) = scan(
        """
        ParserError: /home/user/build.ps1:5
        Line |
           5 |  if ($x -eq 1 {
             |              ~
             | Missing closing ')' after expression in 'if' statement.
        """
    ).errors
    assert (err.line, err.category) == (5, "syntax")
    assert err.message == "ParserError: Missing closing ')' after expression in 'if' statement."


def test_a_concise_error_with_no_script_is_its_one_line() -> None:
    report = scan(
        """
        Write-Host "Publishing..."
        Publishing...
        Import-Module: The specified module 'Pester' was not loaded because no valid module file was found in any module directory.
        """  # noqa: E501
    )
    (err,) = report.errors
    assert err.message.startswith("Import-Module: The specified module 'Pester' was not loaded")
    assert (err.file, err.line, err.tool) == (None, None, "powershell")


def test_a_native_command_that_failed_folds_into_the_error_it_printed() -> None:
    report = scan(
        """
        MSBUILD : error MSB1009: Project file does not exist.
        Switch: App.slnx
        NativeCommandExitException: Program "dotnet" ended with non-zero exit code: 1.
        """
    )
    (err,) = report.errors
    assert err.code == "MSB1009" and err.related == [(3, 3)]


def test_a_pester_failure_is_its_message_at_its_assertion() -> None:
    report = scan(
        """
        Starting discovery in 1 files.
        Discovery found 5 tests in 24ms.
        Running tests.
        [-] Calc.adds 12ms (10ms|2ms)
         Expected 3, but got 2.
         at $r | Should -Be 3, /home/runner/work/app/tests/Calc.Tests.ps1:5
         at <ScriptBlock>, /home/runner/work/app/tests/Calc.Tests.ps1:5
        Tests completed in 150ms
        Tests Passed: 4, Failed: 1, Skipped: 0 NotRun: 0
        """
    )
    (err,) = report.errors
    assert (err.file, err.line, err.message) == (
        "/home/runner/work/app/tests/Calc.Tests.ps1",
        5,
        "Expected 3, but got 2.",
    )
    assert (err.test, err.category, err.tool, err.span) == (
        "Calc.adds",
        "assertion",
        "pester",
        (4, 7),
    )
    assert err.related == [(9, 9)]


def test_a_pester_4_failure_is_at_its_line() -> None:
    (err,) = scan(
        r"""
        Describing Calc
          [+] subtracts 20ms
          [-] adds 45ms
            Expected 3, but got 2.
            at <ScriptBlock>, C:\projects\calc\Calc.Tests.ps1: line 5
            5:         Add-Numbers 1 1 | Should -Be 3
        Tests completed in 65ms
        Tests Passed: 1, Failed: 1, Skipped: 0, Pending: 0, Inconclusive: 0
        """
    ).errors
    assert (err.file, err.line, err.test) == (r"C:\projects\calc\Calc.Tests.ps1", 5, "adds")


def test_a_pester_block_that_failed_is_its_exception_in_the_users_script() -> None:
    (err,) = scan(
        """
        [-] Describe Calc failed
         RuntimeException: The database is not reachable.
         at <ScriptBlock>, /src/tests/Calc.Tests.ps1:3
        Tests completed in 80ms
        Tests Passed: 0, Failed: 0, Skipped: 0 NotRun: 2
        BeforeAll \\ AfterAll failed: 1
          - Calc
        """
    ).errors
    assert (err.file, err.line, err.category) == ("/src/tests/Calc.Tests.ps1", 3, "runtime")
    assert err.message == "RuntimeException: The database is not reachable."


def test_a_passing_pester_run_has_no_error() -> None:
    report = scan(
        """
        Starting discovery in 1 files.
        Discovery found 5 tests in 24ms.
        Running tests.
        [+] /home/runner/work/app/tests/Calc.Tests.ps1 164ms (31ms|111ms)
        Tests completed in 170ms
        Tests Passed: 5, Failed: 0, Skipped: 0 NotRun: 0
        """
    )
    assert report.errors == []


def test_a_script_s_own_minus_mark_is_no_failed_pester_test() -> None:
    report = scan(
        """
        [+] Built the client
        [-] Could not copy the client to dist/
        """
    )
    assert "pester-failed" not in [e.kind for e in report.errors]
