""".NET as users meet it: MSBuild's diagnostics wrapped at a console's width
and its terminal logger's messages under their code, files the build could not
copy, a test run VSTest aborted, Windows PowerShell's records of a script's
``throw``.

No .NET SDK or PowerShell installs here: the outputs are written in those
tools' documented shapes with neutral names.
"""

from __future__ import annotations

from test_detect import scan

from pytest_errlearn.detect.engine import detect

# -- MSBuild --------------------------------------------------------------------------

_TARGETS = r"C:\Program Files\dotnet\sdk\8.0.100\Microsoft.Common.CurrentVersion.targets(1520,5)"
_PROJECT = r" [C:\src\Calc\Calc.csproj]"


def _wrapped(line: str, width: int, indent: str = "") -> list[str]:
    """``line`` as a console of ``width`` + 1 columns shows it: cut at the width,
    the rest on the next lines at the same indentation."""
    rest = line[width:]
    lines = [line[:width]]
    while rest:
        lines.append(indent + rest[: width - len(indent)])
        rest = rest[width - len(indent) :]
    return lines


def test_a_tasks_exception_wrapped_before_its_project_is_one_error_at_any_width() -> None:
    prefix = f"{_TARGETS}: error MSB4018: "
    lines = [
        *_wrapped(f'{prefix}The "ResolveThings" task failed unexpectedly.{_PROJECT}', 150),
        *_wrapped(f"{prefix}System.IO.IOException: The disk is full.{_PROJECT}", 150),
        f"{prefix}   at Example.Tasks.ResolveThings.Execute(){_PROJECT}",
        r"C:\src\Calc\Calc.csproj : error NU1101: Unable to find package Example.Tools." + _PROJECT,
    ]
    assert len(lines) == 6  # the first two diagnostics are wrapped
    task, package = scan("\n".join(lines) + "\n").errors
    assert (task.code, task.span) == ("MSB4018", (1, 5))
    assert task.message == 'The "ResolveThings" task failed unexpectedly.'
    assert (package.code, package.span) == ("NU1101", (6, 6))


def test_an_indented_diagnostic_wrapped_under_its_indentation_is_read_whole() -> None:
    indent = "       "
    prefix = f"{indent}{_TARGETS}: error MSB4018: "
    lines = [
        f'{prefix}The "ResolveThings" task failed unexpectedly.{_PROJECT}',
        *_wrapped(
            f"{prefix}   at Example.Tasks.Formatter.Format(String text){_PROJECT}", 150, indent
        ),
        f"{prefix}   at Example.Tasks.ResolveThings.Execute(){_PROJECT}",
    ]
    (err,) = scan("\n".join(lines) + "\n").errors
    assert (err.code, err.span, err.line) == ("MSB4018", (1, 4), 1520)
    assert err.message == 'The "ResolveThings" task failed unexpectedly.'


def test_the_terminal_loggers_message_indented_under_its_code_is_the_errors_message() -> None:
    report = scan(
        """
        Restore complete (0.5s)
          /home/user/src/Calc/Calc.csproj : error NU1605:
            Warning As Error: Detected package downgrade: Example.Json from 13.0.3 to 12.0.1. Reference the package directly from the project to select a different version.
             Calc -> Example.Client 2.0.0 -> Example.Json (>= 13.0.3)
             Calc -> Example.Json (>= 12.0.1)
        """  # noqa: E501
    )
    (err,) = report.errors
    assert (err.code, err.category, err.span) == ("NU1605", "dependency", (2, 5))
    assert err.message.startswith("Warning As Error: Detected package downgrade: Example.Json")


def test_a_file_the_build_could_not_copy_is_a_filesystem_error() -> None:
    report = scan(
        rf"""
        {_TARGETS}: warning MSB3026: Could not copy "obj\Debug\net8.0\Calc.dll" to "bin\Debug\net8.0\Calc.dll". Beginning retry 1 in 1000ms. The process cannot access the file 'C:\src\Calc\bin\Debug\net8.0\Calc.dll' because it is being used by another process.{_PROJECT}
        {_TARGETS}: error MSB3027: Could not copy "obj\Debug\net8.0\Calc.dll" to "bin\Debug\net8.0\Calc.dll". Exceeded retry count of 10. Failed.{_PROJECT}
        {_TARGETS}: error MSB3021: Unable to copy file "obj\Debug\net8.0\Calc.dll" to "bin\Debug\net8.0\Calc.dll". The process cannot access the file 'C:\src\Calc\bin\Debug\net8.0\Calc.dll' because it is being used by another process.{_PROJECT}
        """  # noqa: E501
    )
    assert [(e.code, e.category) for e in report.errors] == [
        ("MSB3027", "filesystem"),
        ("MSB3021", "filesystem"),
    ]


# -- dotnet test ----------------------------------------------------------------------


def test_an_aborted_run_is_one_runtime_error_naming_the_test_the_host_crashed_in() -> None:
    report = scan(
        r"""
        The active test run was aborted. Reason: Test host process crashed
        Data collector 'Blame' message: The specified inactivity time of 30 seconds has elapsed. Collecting hang dumps from testhost and its child processes.
        Results File: /home/user/src/Calc.Tests/TestResults/user_host_2024-03-01_10_00_00.trx

        Test Run Aborted.

        The active Test Run was aborted because the host process exited unexpectedly. Please inspect the call stack above, if available, to get more information about where the exception originated from.
        The test running when the crash occurred:
        Calc.Tests.ParserTests.Parses_a_deeply_nested_expression

        This test may, or may not be the source of the crash.
        """  # noqa: E501
    )
    (err,) = report.errors
    assert (err.category, err.test) == (
        "runtime",
        "Calc.Tests.ParserTests.Parses_a_deeply_nested_expression",
    )
    assert err.message == "The active test run was aborted. Reason: Test host process crashed"


def test_a_run_aborted_because_its_host_exited_is_a_runtime_error_at_the_running_test() -> None:
    report = scan(
        """
        The active Test Run was aborted because the host process exited unexpectedly. Please inspect the call stack above, if available, to get more information about where the exception originated from.
        The test running when the crash occurred:
        Calc.Tests.ParserTests.Parses_a_deeply_nested_expression

        This test may, or may not be the source of the crash.
        """  # noqa: E501
    )
    (err,) = report.errors
    assert (err.tool, err.category) == ("dotnet", "runtime")
    assert err.test == "Calc.Tests.ParserTests.Parses_a_deeply_nested_expression"


def test_an_nunit_multiple_assert_failure_is_one_error_whose_message_is_its_first_failure() -> None:
    report = scan(
        """
        1) Failed : Calc.Tests.ComplexTests.Divides_two_numbers
        Multiple failures or warnings in test:
          1)   Real part
          Expected: 0.5d
          But was:  0.25d

          2)   Imaginary part
          Expected: 1.0d
          But was:  2.0d

        2) Failed : Calc.Tests.ComplexTests.Multiplies_two_numbers
          Expected: 4
          But was:  5
        """
    )
    first, second = report.errors
    assert (first.test, first.span) == ("Calc.Tests.ComplexTests.Divides_two_numbers", (1, 9))
    assert first.message == (
        "Multiple failures or warnings in test: 1) Real part Expected: 0.5d But was: 0.25d"
    )
    assert second.test == "Calc.Tests.ComplexTests.Multiplies_two_numbers"


# -- Windows PowerShell ---------------------------------------------------------------

_THROWN = r"""
Building 'calc'...
  'calc' failed to build: see 'C:\build\logs\calc.log' for the compiler's messages
Build step failed: & "$DOTNET" build "$ROOT\src\Calc\Calc.csproj" -c Release -v minimal
/nologo
At C:\build\build.ps1:42 char:9
+         throw "Build step failed: $cmd"
+         ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
    + CategoryInfo          : OperationStopped: (Build step failed... -v minimal /nologo:String) [], RuntimeException
    + FullyQualifiedErrorId : Build step failed: & "$DOTNET" build "$ROOT\src\Calc\Calc.csproj" -c Release -v minimal
   /nologo
"""  # noqa: E501


def test_an_indented_line_above_a_classic_record_is_output_not_its_message() -> None:
    (err,) = scan(_THROWN).errors
    assert (err.file, err.line, err.column) == (r"C:\build\build.ps1", 42, 9)
    assert err.message == (
        'Build step failed: & "$DOTNET" build "$ROOT\\src\\Calc\\Calc.csproj" -c Release '
        "-v minimal /nologo"
    )


def test_the_error_id_of_a_thrown_string_is_its_text_and_no_code() -> None:
    (err,) = scan(_THROWN).errors
    assert err.code is None


def test_a_numbered_line_under_a_diagnostic_of_the_wrapping_width_is_a_line_of_its_own() -> None:
    # MSBuild under Ant's exec task: each line numbered by its node, none wrapped.
    head = "     [exec] 4>LINK : fatal error LNK1181: cannot open input file '"
    diagnostic = head + "c" * (79 - len(head) - len(".lib'")) + ".lib'"
    assert len(diagnostic) == 79
    report = detect(f"{diagnostic}\n     [exec] 4>Build log was saved at build.log\n".encode())
    (err,) = report.errors
    assert err.message == diagnostic.split(": ", 2)[2]
