"""The JVM builds' failures as users get them: Maven's goal line with nothing
read above it, the enforcer's rules, surefire's results, the Kotlin Gradle
plugin at a path with a space, and the Android Gradle plugin's tools (AAPT2,
the manifest merger, R8, the duplicate-class check, Lint). The enforcer's
output is Maven 3.8.7's with maven-enforcer-plugin 3.6.3, run here; the rest
is in the tools' documented shapes, with neutral names (trailing blanks trimmed)."""

from __future__ import annotations

from test_detect import scan

from pytest_errlearn.report import Report


def _primary(report: Report):  # type: ignore[no-untyped-def]
    assert report.primary_index is not None
    return report.errors[report.primary_index]


ENFORCER = """
[INFO] --- maven-enforcer-plugin:3.6.3:enforce (enforce-java) @ calc ---
[INFO] ------------------------------------------------------------------------
[INFO] BUILD FAILURE
[INFO] ------------------------------------------------------------------------
[INFO] Total time:  0.712 s
[INFO] ------------------------------------------------------------------------
[ERROR] Failed to execute goal org.apache.maven.plugins:maven-enforcer-plugin:3.6.3:enforce \
(enforce-java) on project calc:
[ERROR] Rule 0: org.apache.maven.enforcer.rules.version.RequireJavaVersion failed with message:
[ERROR] Detected JDK /usr/lib/jvm/java-17-openjdk-amd64 is version 17.0.15 which is not in \
the allowed range [21,).
[ERROR] -> [Help 1]
[ERROR]
[ERROR] To see the full stack trace of the errors, re-run Maven with the -e switch.
"""


def test_an_enforcer_rule_that_failed_is_the_cause_with_its_reason_for_message() -> None:
    report = scan(ENFORCER)
    err = _primary(report)
    assert (err.message, err.code, err.category) == (
        "Detected JDK /usr/lib/jvm/java-17-openjdk-amd64 is version 17.0.15 which is not in "
        "the allowed range [21,).",
        "RequireJavaVersion",
        "config",
    )
    assert all("BUILD FAILURE" not in e.message for e in report.errors)


def test_an_old_enforcer_s_warning_with_its_reason_unprefixed_is_the_error() -> None:
    (err,) = scan(
        """
        [WARNING] Rule 0: org.apache.maven.plugins.enforcer.RequireMavenVersion failed with message:
        Detected Maven Version: 3.6.0 is not in the allowed range [3.8.1,).
        [INFO] BUILD FAILURE
        [ERROR] Failed to execute goal org.apache.maven.plugins:maven-enforcer-plugin:1.4.1:\
enforce (enforce-maven) on project calc: Some Enforcer rules have failed. Look above for \
specific messages explaining why the rule failed. -> [Help 1]
        """
    ).errors
    assert (err.message, err.category) == (
        "Detected Maven Version: 3.6.0 is not in the allowed range [3.8.1,).",
        "config",
    )


def test_a_goal_s_failure_with_nothing_read_above_it_is_the_error_not_build_failure() -> None:
    (err,) = scan(
        """
        [INFO] BUILD FAILURE
        [INFO] ------------------------------------------------------------------------
        [INFO] Total time:  04:08 min
        [ERROR] Failed to execute goal org.apache.maven.plugins:maven-surefire-plugin:3.2.5:test \
(default-test) on project calc: There are test failures.
        [ERROR]
        [ERROR] Please refer to /home/user/calc/target/surefire-reports for the individual test \
results.
        [ERROR] -> [Help 1]
        """
    ).errors
    assert (err.tool, err.message) == ("maven", "There are test failures.")


def test_maven_s_hint_to_resume_the_build_is_no_error() -> None:
    report = scan(
        """
        [ERROR] Failed to execute goal on project calc: Could not resolve dependencies for \
project com.example:calc:jar:1.0: Could not find artifact com.example:core:jar:1.0 -> [Help 1]
        [ERROR]
        [ERROR] After correcting the problems, you can resume the build with the command
        [ERROR]   mvn <args> -rf :calc
        """
    )
    assert [e.category for e in report.errors] == ["dependency"]


def test_an_old_compiler_plugin_s_error_word_is_not_in_the_message() -> None:
    (err,) = scan(
        "[ERROR] /home/user/calc/src/main/java/com/example/Calc.java:[50,18] error: cannot "
        "find symbol\n"
    ).errors
    assert (err.message, err.line, err.column) == ("cannot find symbol", 50, 18)


def test_surefire_2_s_results_name_the_failed_test_when_its_failure_is_not_shown() -> None:
    (err,) = scan(
        """
        Results :

        Failed tests:   adds(com.example.CalcTest): expected:<3> but was:<2>

        Tests run: 4, Failures: 1, Errors: 0, Skipped: 0
        """
    ).errors
    assert (err.test, err.message, err.category) == (
        "adds(com.example.CalcTest)",
        "expected:<3> but was:<2>",
        "assertion",
    )


def test_surefire_2_19_s_results_line_names_its_test_as_a_failed_assertion() -> None:
    (err,) = scan(
        """
        Results :

        Failed tests:
          CalcTest.adds:27 sums do not match

        Tests run: 12, Failures: 1, Errors: 0, Skipped: 0
        """
    ).errors
    assert (err.test, err.message, err.category) == (
        "CalcTest.adds",
        "sums do not match",
        "assertion",
    )


def test_a_kotlin_error_at_a_path_with_a_space_has_its_file_line_and_column() -> None:
    (err,) = scan(
        "e: C:\\Users\\Jane Doe\\calc\\src\\main\\kotlin\\Calc.kt: (5, 13): Unresolved "
        "reference: foo\n"
    ).errors
    assert (err.file, err.line, err.column, err.message) == (
        "C:\\Users\\Jane Doe\\calc\\src\\main\\kotlin\\Calc.kt",
        5,
        13,
        "Unresolved reference: foo",
    )


def test_an_aapt2_resource_not_found_is_a_reference_at_its_resource_file() -> None:
    (err,) = scan(
        "ERROR:C:\\Users\\user\\calc\\app\\src\\main\\res\\layout\\main.xml:42: AAPT: error: "
        "resource color/accent (aka com.example.calc:color/accent) not found.\n"
    ).errors
    assert (err.tool, err.file, err.line, err.category) == (
        "aapt2",
        "C:\\Users\\user\\calc\\app\\src\\main\\res\\layout\\main.xml",
        42,
        "reference",
    )
    assert err.message == "resource color/accent (aka com.example.calc:color/accent) not found."


def test_r8_s_missing_classes_are_one_error_naming_the_first() -> None:
    (err,) = scan(
        """
        > Task :app:minifyReleaseWithR8 FAILED
        ERROR: Missing classes detected while running R8. Please add the missing classes or \
apply additional keep rules that are generated in /home/user/calc/app/build/outputs/mapping/\
release/missing_rules.txt.
        ERROR: R8: Missing class com.example.gone.Helper (referenced from: void \
com.example.calc.Calc.run())
        Missing class com.example.gone.Other (referenced from: void com.example.calc.Calc.stop())
        """
    ).errors
    assert (err.tool, err.message, err.category) == (
        "r8",
        "Missing class com.example.gone.Helper (R8)",
        "dependency",
    )


def test_the_duplicate_classes_two_libraries_hold_are_one_dependency_error() -> None:
    (err,) = scan(
        """
          Duplicate class com.example.Util found in modules core-1.0.jar (com.example:core:1.0) \
and util-2.0.jar (com.example:util:2.0)
          Duplicate class com.example.Util$1 found in modules core-1.0.jar (com.example:core:1.0) \
and util-2.0.jar (com.example:util:2.0)
        """
    ).errors
    assert err.category == "dependency"
    assert err.message.startswith("Duplicate class com.example.Util found in modules")


def test_the_manifest_merger_s_failure_is_a_configuration_error() -> None:
    (err,) = scan(
        "Manifest merger failed : Attribute application@appComponentFactory value=(com.example."
        "lib.Factory) from [com.example:lib:1.0] AndroidManifest.xml:22:18-91\n"
        "\tis also present at [com.example:other:2.0] AndroidManifest.xml:22:18-86 "
        "value=(com.example.other.Factory).\n"
        "\tSuggestion: add 'tools:replace=\"android:appComponentFactory\"' to <application> "
        "element at AndroidManifest.xml:5:5-19:19 to override.\n"
    ).errors
    assert (err.tool, err.category, err.span) == ("manifest-merger", "config", (1, 3))


def test_android_lint_s_text_report_line_is_an_error_with_its_issue_id() -> None:
    (err,) = scan(
        'src/main/res/layout/main.xml:12: Error: Hardcoded string "Total", should use '
        "@string resource [HardcodedText]\n"
    ).errors
    assert (err.tool, err.file, err.line, err.code) == (
        "lint",
        "src/main/res/layout/main.xml",
        12,
        "HardcodedText",
    )


def test_gradle_s_cause_pasted_without_its_heading_is_still_read() -> None:
    (err,) = scan(
        """
        > Could not resolve all files for configuration ':app:debugRuntimeClasspath'.
           > Could not find com.example:calc:1.0.
        """
    ).errors
    assert (err.tool, err.category) == ("gradle", "dependency")
    assert err.message.startswith("Could not resolve all files for configuration")


def test_a_hamcrest_failure_under_surefire_keeps_expected_and_actual_at_the_test() -> None:
    (err,) = scan(
        """
        [ERROR] testAdd(com.example.CalcTest)  Time elapsed: 0.01 s  <<< FAILURE!
        java.lang.AssertionError:
        Expected: is <3>
             but: was <2>
        \tat org.hamcrest.MatcherAssert.assertThat(MatcherAssert.java:20)
        \tat com.example.CalcTest.testAdd(CalcTest.java:12)
        """,
        "maven",
    ).errors
    assert err.message == "java.lang.AssertionError: Expected: is <3> but: was <2>"
    assert (err.file, err.line, err.category) == ("CalcTest.java", 12, "assertion")
