""".NET: MSBuild and its compilers (csc, vbc, fsc), NuGet, and dotnet test (VSTest's
console logger, xUnit, NUnit, MSTest, Microsoft.Testing.Platform).

The outputs are the tools' documented shapes, their lines taken from real runs
quoted in public issues and tests (actions/setup-dotnet's problem-matcher
tests, microsoft/vstest#285 and its acceptance tests, NuGet and SDK issues) and
from the MSBuild docs' "diagnostic format for tasks".
"""

from __future__ import annotations

from test_detect import scan

SAMPLE = "/Users/zacharyeisinger/Documents/repo/setup-dotnet/__tests__/sample-broken-csproj"


def test_a_failed_build_is_its_error_once_the_summary_repeating_it() -> None:
    report = scan(
        f"""
        MSBuild version 17.8.3+195e7f5a3 for .NET
          Determining projects to restore...
          All projects are up-to-date for restore.
        Program.cs(10,79): error CS1002: ; expected [{SAMPLE}/sample.csproj]
        Main.cs(17,20): warning CS0168: The variable 'x' is declared but never used [{SAMPLE}/sample.csproj]

        Build FAILED.

        Main.cs(17,20): warning CS0168: The variable 'x' is declared but never used [{SAMPLE}/sample.csproj]
        Program.cs(10,79): error CS1002: ; expected [{SAMPLE}/sample.csproj]
            1 Warning(s)
            1 Error(s)

        Time Elapsed 00:00:01.04
        """  # noqa: E501
    )
    (err,) = report.errors
    assert (err.file, err.line, err.column) == (f"{SAMPLE}/Program.cs", 10, 79)
    assert (err.message, err.code, err.category, err.tool) == (
        "; expected",
        "CS1002",
        "syntax",
        "msbuild",
    )
    assert err.count == 2 and err.span == (4, 4)
    (warning,) = report.warnings
    assert (warning.code, warning.line, warning.count) == ("CS0168", 17, 2)


def test_a_build_with_warnings_only_has_no_error() -> None:
    report = scan(
        r"""
        C:\src\App\Main.cs(17,20): warning CS0168: The variable 'x' is declared but never used [C:\src\App\App.csproj]
          App -> C:\src\App\bin\Debug\net8.0\App.dll

        Build succeeded.

        C:\src\App\Main.cs(17,20): warning CS0168: The variable 'x' is declared but never used [C:\src\App\App.csproj]
            1 Warning(s)
            0 Error(s)
        """  # noqa: E501
    )
    assert report.errors == [] and report.warnings


def test_a_compilers_code_says_what_kind_of_error_it_is() -> None:
    report = scan(
        r"""
        d:\source\spikes\SimianRunner\SimianRunner\Runner.cs(51,35): error CS0103: The name 'lie' does not exist in the current context
        /home/codegrade/student/Files/Program.cs(62,55): error CS0029: Cannot implicitly convert type 'bool' to 'GroupedShopItem' [/home/codegrade/student/Files/Files.csproj]
        C:\dir1\strings.resx(2) : error BC30188: Declaration expected.
        1>C:\projects.temp\Project-Samples\ProjToolV2\Utilities\CsomHelper.cs(95,52,95,60): error CS0246: The type or namespace name 'QueueJob' could not be found (are you missing a using directive or an assembly reference?)
        """  # noqa: E501
    )
    found = [(e.line, e.column, e.code, e.category) for e in report.errors]
    assert found == [
        (51, 35, "CS0103", "reference"),
        (62, 55, "CS0029", "type"),
        (2, None, "BC30188", "unknown"),
        (95, 52, "CS0246", "reference"),
    ]
    assert report.errors[3].file.endswith(r"Utilities\CsomHelper.cs")
    assert report.primary is report.errors[0]


def test_msbuilds_own_name_as_the_origin_is_no_file() -> None:
    (err,) = scan("MSBUILD : error MSB1009: Project file does not exist.\n").errors
    assert (err.file, err.line, err.code, err.category) == (None, None, "MSB1009", "config")
    assert err.message == "Project file does not exist."


def test_a_missing_package_is_one_dependency_error_its_detail_and_summary_folded() -> None:
    report = scan(
        r"""
          Determining projects to restore...
        D:\a\settings-dot-net\settings-dot-net\Settings.Net\Settings.Net.csproj : error NU1102: Unable to find package Newtonsoft.Json with version (>= 12.0.3) [D:\a\settings-dot-net\settings-dot-net\Settings.Net.sln]
        D:\a\settings-dot-net\settings-dot-net\Settings.Net\Settings.Net.csproj : error NU1102:   - Found 1 version(s) in Microsoft Visual Studio Offline Packages [ Nearest version: 9.0.1 ] [D:\a\settings-dot-net\settings-dot-net\Settings.Net.sln]
          Failed to restore D:\a\settings-dot-net\settings-dot-net\Settings.Net\Settings.Net.csproj (in 599 ms).
          Restored D:\a\settings-dot-net\settings-dot-net\Settings.Net.Tests\Settings.Net.Tests.csproj (in 42.2 sec).
        Error: Process completed with exit code 1.
        """  # noqa: E501
    )
    (err,) = report.errors
    assert err.file == r"D:\a\settings-dot-net\settings-dot-net\Settings.Net\Settings.Net.csproj"
    assert (err.code, err.category, err.tool, err.span) == ("NU1102", "dependency", "nuget", (2, 3))
    assert err.message == "Unable to find package Newtonsoft.Json with version (>= 12.0.3)"


def test_an_unreachable_feed_is_a_network_error() -> None:
    (err,) = scan(
        """
          Determining projects to restore...
        /home/user/BahyWay/src/BahyWay.Web.API/BahyWay.Web.API.csproj : error NU1301: Unable to load the service index for source https://api.nuget.org/v3/index.json.
          Failed to restore /home/user/BahyWay/src/BahyWay.Web.API/BahyWay.Web.API.csproj (in 5.66 sec).
        """  # noqa: E501
    ).errors
    assert (err.code, err.category) == ("NU1301", "network")


def test_a_command_that_exited_with_a_code_folds_into_the_error_it_printed() -> None:
    report = scan(
        """
          Restore complete (0.4s)
        /tmp/FSharpPlus-test-8/src/FSharpPlus.TypeLevel/Test.fs(12,9): error FS0039: The value or constructor 'foo' is not defined. [/tmp/FSharpPlus-test-8/src/FSharpPlus.TypeLevel/FSharpPlus.TypeLevel.fsproj::TargetFramework=net8.0]
             1>/tmp/FSharpPlus-test-8/build.proj(17,5): error MSB3073: The command "dotnet build src/FSharpPlus.TypeLevel" exited with code 1.
             1>Done Building Project "/tmp/FSharpPlus-test-8/build.proj" (VSTest target(s)) -- FAILED.

        Build FAILED.
        """  # noqa: E501
    )
    (err,) = report.errors
    assert (err.code, err.category, err.line) == ("FS0039", "reference", 12)
    assert err.file == "/tmp/FSharpPlus-test-8/src/FSharpPlus.TypeLevel/Test.fs"
    assert all(any(a <= n <= b for a, b in err.related) for n in (3, 4, 6))  # folded into it


def test_a_tasks_exception_is_one_error_its_lines_under_the_same_origin_taken() -> None:
    report = scan(
        """
        /usr/share/dotnet/sdk/5.0.202/Sdks/Microsoft.NET.Sdk/targets/Microsoft.NET.Sdk.FrameworkReferenceResolution.targets(326,5): error MSB4018: The "ResolveTargetingPackAssets" task failed unexpectedly. [/home/aditya/dotnetproject/demo1/demo1.csproj]
        /usr/share/dotnet/sdk/5.0.202/Sdks/Microsoft.NET.Sdk/targets/Microsoft.NET.Sdk.FrameworkReferenceResolution.targets(326,5): error MSB4018: System.IO.DirectoryNotFoundException: Could not find a part of the path. [/home/aditya/dotnetproject/demo1/demo1.csproj]
        /usr/share/dotnet/sdk/5.0.202/Sdks/Microsoft.NET.Sdk/targets/Microsoft.NET.Sdk.FrameworkReferenceResolution.targets(326,5): error MSB4018:    at Microsoft.Build.BackEnd.TaskBuilder.ExecuteInstantiatedTask(ITaskExecutionHost taskExecutionHost, TaskLoggingContext taskLoggingContext, TaskHost taskHost, ItemBucket bucket, TaskExecutionMode howToExecuteTask) [/home/aditya/dotnetproject/demo1/demo1.csproj]

        Build FAILED.
        """  # noqa: E501
    )
    (err,) = report.errors
    assert err.message == 'The "ResolveTargetingPackAssets" task failed unexpectedly.'
    assert (err.code, err.span) == ("MSB4018", (1, 3))


# dotnet test --verbosity normal, from a real CI run (lihs-ie/window-logger), cut short.
XUNIT_TWICE = r"""
[xUnit.net 00:00:05.50]   Starting:    WindowLogger.Presentation.Tests
  Passed WindowLogger.Presentation.Tests.Forms.MainFormTests.Show_ShouldCallRefreshActivityGrid [1 s]
[xUnit.net 00:00:07.25]     WindowLogger.Presentation.Tests.Forms.MainFormTests.RefreshActivityGrid_WithActivities_ShouldDisplayData [FAIL]
[xUnit.net 00:00:07.25]       Expected dataSource not to be <null>.
[xUnit.net 00:00:07.25]       Stack Trace:
[xUnit.net 00:00:07.26]            at FluentAssertions.Execution.XUnit2TestFramework.Throw(String message)
[xUnit.net 00:00:07.26]            at FluentAssertions.Primitives.ReferenceTypeAssertions`2.NotBeNull(String because, Object[] becauseArgs)
[xUnit.net 00:00:07.26]         D:\a\window-logger\window-logger\tests\WindowLogger.Presentation.Tests\Forms\MainFormTests.cs(138,0): at WindowLogger.Presentation.Tests.Forms.MainFormTests.RefreshActivityGrid_WithActivities_ShouldDisplayData()
[xUnit.net 00:00:07.26]            at System.RuntimeMethodHandle.InvokeMethod(Object target, Void** arguments, Signature sig, Boolean isConstructor)
[xUnit.net 00:00:07.37]   Finished:    WindowLogger.Presentation.Tests
  Failed WindowLogger.Presentation.Tests.Forms.MainFormTests.RefreshActivityGrid_WithActivities_ShouldDisplayData [311 ms]
  Error Message:
   Expected dataSource not to be <null>.
  Stack Trace:
     at FluentAssertions.Execution.XUnit2TestFramework.Throw(String message)
   at FluentAssertions.Primitives.ReferenceTypeAssertions`2.NotBeNull(String because, Object[] becauseArgs)
   at WindowLogger.Presentation.Tests.Forms.MainFormTests.RefreshActivityGrid_WithActivities_ShouldDisplayData() in D:\a\window-logger\window-logger\tests\WindowLogger.Presentation.Tests\Forms\MainFormTests.cs:line 138
   at System.RuntimeMethodHandle.InvokeMethod(Object target, Void** arguments, Signature sig, Boolean isConstructor)
  Passed WindowLogger.Presentation.Tests.Forms.MainFormTests.Constructor_ShouldInitializeFormCorrectly [11 ms]
Test Run Failed.
Total tests: 6
     Passed: 4
     Failed: 1
 Total time: 12.0548 Seconds
     9>_VSTestConsole:
         MSB4181: The "VSTestTask" task returned false but did not log an error.
     9>Done Building Project "D:\a\window-logger\window-logger\tests\WindowLogger.Presentation.Tests\WindowLogger.Presentation.Tests.csproj" (VSTest target(s)) -- FAILED.
Build FAILED.
    0 Warning(s)
    0 Error(s)
"""  # noqa: E501


def test_an_xunit_failure_told_by_xunit_and_by_vstest_is_one_error_at_the_tests_line() -> None:
    report = scan(XUNIT_TWICE)
    (err,) = report.errors
    assert err.file.endswith(r"tests\WindowLogger.Presentation.Tests\Forms\MainFormTests.cs")
    assert (err.line, err.column, err.message) == (
        138,
        None,
        "Expected dataSource not to be <null>.",
    )
    assert (err.category, err.tool, err.count, err.span) == ("assertion", "dotnet", 2, (3, 9))
    assert err.test.endswith("MainFormTests.RefreshActivityGrid_WithActivities_ShouldDisplayData")


def test_mstest_failures_through_the_old_console_logger_are_at_their_lines() -> None:
    report = scan(
        """
        Starting test execution, please wait...
        Passed   SampleUnitTestProject.UnitTest1.PassingTest
        Failed   SampleUnitTestProject.UnitTest1.FailingTest
        Error Message:
         Assert.AreEqual failed. Expected:<2>. Actual:<3>.
        Stack Trace:
           at SampleUnitTestProject.UnitTest1.FailingTest() in /home/codito/tmp/samples/mstesttest/Tests.cs:line 29
        Skipped  SampleUnitTestProject.UnitTest1.SkippingTest
        Passed   SampleUnitTestProject.UnitTest1.TestWithTestCategory
        Failed   SampleUnitTestProject.UnitTest1.FailingTestWithTraits
        Error Message:
         Assert.Fail failed.
        Stack Trace:
           at SampleUnitTestProject.UnitTest1.FailingTestWithTraits() in /home/codito/tmp/samples/mstesttest/Tests.cs:line 70
        Test Run Failed.
        """  # noqa: E501
    )
    assert [(e.line, e.message, e.span) for e in report.errors] == [
        (29, "Assert.AreEqual failed. Expected:<2>. Actual:<3>.", (3, 7)),
        (70, "Assert.Fail failed.", (10, 14)),
    ]
    assert report.primary is report.errors[0]
    assert report.errors[0].file == "/home/codito/tmp/samples/mstesttest/Tests.cs"


def test_an_exception_in_the_code_under_test_is_at_the_innermost_frame_of_the_users_code() -> None:
    (err,) = scan(
        """
          Failed Calc.Tests.CalcTests.Divides [4 ms]
          Error Message:
           System.DivideByZeroException : Attempted to divide by zero.
          Stack Trace:
             at Calc.Calculator.Divide(Int32 a, Int32 b) in /src/Calc/Calculator.cs:line 8
           at Calc.Tests.CalcTests.Divides() in /src/Calc.Tests/CalcTests.cs:line 18

        Failed!  - Failed:     1, Passed:     4, Skipped:     0, Total:     5, Duration: 30 ms - Calc.Tests.dll (net8.0)
        """  # noqa: E501
    ).errors
    assert (err.file, err.line, err.category) == ("/src/Calc/Calculator.cs", 8, "runtime")
    assert err.message == "System.DivideByZeroException : Attempted to divide by zero."
    assert err.related == [(8, 8)]


def test_an_assertions_library_frames_are_passed_over_for_the_tests_own() -> None:
    (err,) = scan(
        """
          Failed Calc.Tests.CalcTests.Adds [12 ms]
          Error Message:
           Assert.Equal() Failure: Values differ
        Expected: 3
        Actual:   2
          Stack Trace:
             at Xunit.Assert.Equal[T](T expected, T actual, IEqualityComparer`1 comparer) in /_/src/xunit.assert/Asserts/EqualityAsserts.cs:line 174
           at Calc.Tests.CalcTests.Adds() in /_/tests/Calc.Tests/CalcTests.cs:line 12
        """  # noqa: E501
    ).errors
    assert (err.file, err.line) == ("/_/tests/Calc.Tests/CalcTests.cs", 12)
    assert err.message == "Assert.Equal() Failure: Values differ Expected: 3 Actual: 2"
    assert err.span == (1, 8)


def test_a_failure_logged_through_msbuild_is_one_error_its_lines_joined() -> None:
    # dotnet test with the terminal logger (.NET 9 preview), from NikiforovAll's README
    report = scan(
        r"""
        Restore complete (0.4s)
          XUnitOtelExample succeeded (0.3s) → bin\Debug\net8.0\XUnitOtelExample.dll
          XUnitOtelExample test failed with errors (3.3s)
            C:\Program Files\dotnet\sdk\9.0.100-preview.2.24157.14\Microsoft.TestPlatform.targets(46,5): error : [xUnit.net 00:00:01.77]     XUnitOtelExample.ExampleTests.WaitRandomTime_Fail [FAIL] [C:\dev\XUnitOtelExample01\XUnitOtelExample.csproj]
            C:\dev\XUnitOtelExample01\ExampleTests.cs(51): error VSTEST1: XUnitOtelExample.ExampleTests.<>c.<WaitRandomTime_Fail>b__3_0() Assert.True() Failure [C:\dev\XUnitOtelExample01\XUnitOtelExample.csproj]
        C:\dev\XUnitOtelExample01\ExampleTests.cs(51): error VSTEST1: Expected: True [C:\dev\XUnitOtelExample01\XUnitOtelExample.csproj]
        C:\dev\XUnitOtelExample01\ExampleTests.cs(51): error VSTEST1: Actual:   False [C:\dev\XUnitOtelExample01\XUnitOtelExample.csproj]

        Build failed with errors in 4.4s
        Test run failed. Total: 3 Failed: 1 Passed: 2 Skipped: 0, Duration: 3.3s
        """  # noqa: E501
    )
    (err,) = report.errors
    assert (err.file, err.line, err.code) == (
        r"C:\dev\XUnitOtelExample01\ExampleTests.cs",
        51,
        "VSTEST1",
    )
    assert err.message == "Assert.True() Failure Expected: True Actual: False"
    assert err.test == "XUnitOtelExample.ExampleTests.<>c.<WaitRandomTime_Fail>b__3_0()"
    assert err.span == (5, 7)


def test_the_same_failure_for_two_target_frameworks_is_one_error_seen_twice() -> None:
    # microsoft/vstest's acceptance test (DotnetTestMSBuildOutputTests), as it quotes the output
    report = scan(
        r"""
        C:\Users\nohwnd\AppData\Local\Temp\vstest\xvoVt\UnitTest1.cs(41): error VSTEST1: (FailingTest) SampleUnitTestProject.UnitTest1.FailingTest() Assert.AreEqual failed. Expected:<2>. Actual:<3>.  [C:\Users\nohwnd\AppData\Local\Temp\vstest\xvoVt\SimpleTestProject.csproj::TargetFramework=net462]
        C:\Users\nohwnd\AppData\Local\Temp\vstest\xvoVt\UnitTest1.cs(41): error VSTEST1: (FailingTest) SampleUnitTestProject.UnitTest1.FailingTest() Assert.AreEqual failed. Expected:<2>. Actual:<3>.  [C:\Users\nohwnd\AppData\Local\Temp\vstest\xvoVt\SimpleTestProject.csproj::TargetFramework=net8.0]
        """  # noqa: E501
    )
    (err,) = report.errors
    assert (err.line, err.count, err.message) == (
        41,
        2,
        "Assert.AreEqual failed. Expected:<2>. Actual:<3>.",
    )
    assert err.test == "SampleUnitTestProject.UnitTest1.FailingTest()"


def test_an_nunit_console_failure_is_its_message_at_its_tests_line() -> None:
    report = scan(
        r"""
        Errors, Failures and Warnings

        1) Failed : Calc.Tests.CalcTests.Adds
          Expected: 3
          But was:  2
           at Calc.Tests.CalcTests.Adds() in C:\src\Calc.Tests\CalcTests.cs:line 12

        Run Settings
            DisposeRunners: True

        Test Run Summary
          Overall result: Failed
          Test Count: 5, Passed: 4, Failed: 1, Warnings: 0, Inconclusive: 0, Skipped: 0
        """
    )
    (err,) = report.errors
    assert (err.file, err.line, err.tool) == (r"C:\src\Calc.Tests\CalcTests.cs", 12, "nunit")
    assert err.message == "Expected: 3 But was: 2" and err.span == (3, 6)
    assert err.test == "Calc.Tests.CalcTests.Adds"


def test_a_monos_frames_without_a_file_point_nowhere() -> None:
    # NUnit's console on Mono, from a public issue on file timestamps
    (err,) = scan(
        """
        1) Failed : Instabilities.FileLastWriteTime.FileLastWriteTime.Compile_ValidCode_AlwaysRecompilesDLL
          Expected: less than 2018-01-10 18:53:53
          But was:  2018-01-10 18:53:53
          at Instabilities.FileLastWriteTime.FileLastWriteTime.Compile_ValidCode_AlwaysRecompilesDLL () [0x00033] in <68dc093641884782952363535085>:0
        """  # noqa: E501
    ).errors
    assert (err.file, err.line) == (None, None)
    assert err.message.startswith("Expected: less than 2018-01-10")


def test_a_microsoft_testing_platform_failure_is_at_its_frame() -> None:
    # microsoft/testfx#6240, as it quotes its CI
    (err,) = scan(
        """
          failed Invalid_TestingProfile_Name_Should_Fail ("net9.0;net8.0;net7.0;net6.0;net462",Debug) (6s 220ms)
            Assert.AreEqual failed. Expected:<1>. Actual:<-532462766>.
              at MSTest.Acceptance.IntegrationTests.SdkTests.Invalid_TestingProfile_Name_Should_Fail(String multiTfm, BuildConfiguration buildConfiguration) in /_/test/IntegrationTests/MSTest.Acceptance.IntegrationTests/SdkTests.cs:280
        """  # noqa: E501
    ).errors
    assert err.file == "/_/test/IntegrationTests/MSTest.Acceptance.IntegrationTests/SdkTests.cs"
    assert (err.line, err.message) == (
        280,
        "Assert.AreEqual failed. Expected:<1>. Actual:<-532462766>.",
    )


def test_a_crash_is_at_the_innermost_frame_of_the_program() -> None:
    (err,) = scan(
        """
        Unhandled exception. System.IO.FileNotFoundException: Could not find file '/app/appsettings.json'.
        File name: '/app/appsettings.json'
           at System.IO.FileSystem.OpenHandle(String fullPath, FileMode mode)
           at App.Settings.Load() in /src/App/Settings.cs:line 14
           at App.Program.Main(String[] args) in /src/App/Program.cs:line 6
        """  # noqa: E501
    ).errors
    assert (err.file, err.line, err.category) == ("/src/App/Settings.cs", 14, "filesystem")
    assert err.message.startswith("System.IO.FileNotFoundException: Could not find file")


def test_a_missing_sdk_is_a_configuration_error() -> None:
    (err,) = scan(
        """
        The command could not be loaded, possibly because:
          * You intended to execute a .NET application:
              The application 'build' does not exist or is not a managed .dll or .exe.
          * You intended to execute a .NET SDK command:
              A compatible .NET SDK was not found.

        Requested SDK version: 10.0.300
        """
    ).errors
    assert (err.category, err.tool, err.line) == ("config", "dotnet", None)


def test_a_passing_test_run_has_no_error() -> None:
    report = scan(
        """
        Starting test execution, please wait...
        A total of 1 test files matched the specified pattern.
          Passed Calc.Tests.CalcTests.Adds [3 ms]
          Passed Calc.Tests.CalcTests.Error_handling_is_tested [1 ms]

        Passed!  - Failed:     0, Passed:     2, Skipped:     0, Total:     2, Duration: 4 ms - Calc.Tests.dll (net8.0)
        """  # noqa: E501
    )
    assert report.errors == []


def test_a_file_named_from_the_repository_root_is_not_put_under_its_project_twice() -> None:
    (err,) = scan(
        "src/Foo/TestJsonCommand.cs(39,17): error CS0246: The type or namespace name "
        "'JsonSchema4' could not be found [/home/ci/x/src/Foo/Foo.csproj]\n"
    ).errors
    assert (err.file, err.line, err.code) == ("/home/ci/x/src/Foo/TestJsonCommand.cs", 39, "CS0246")
