"""Kotlin's outputs: kotlinc (K1 and K2), the Gradle and Maven plugins, compiler
crashes, kotlin.test through Gradle and on its own, ktlint, detekt, and passing runs."""

from __future__ import annotations

import textwrap

from test_detect import scan

from pytest_errlearn.detect.formats.kotlin import GradleTest
from pytest_errlearn.report import Error

JVM_WARNING = (
    "OpenJDK 64-Bit Server VM warning: Options -Xverify:none and -noverify were deprecated in "
    "JDK 13 and will likely be removed in a future release."
)


def test_kotlinc_reports_each_error_at_its_place_with_its_source_line() -> None:
    # A real run of kotlinc 1.3.31 (Debian 12).
    report = scan(
        f"""
        {JVM_WARNING}
        src/Calc.kt:6:25: error: type mismatch: inferred type is Int but String was expected
            val total: String = add(n, 1)
                                ^
        src/Calc.kt:7:24: error: unresolved reference: totl
            return "total: " + totl
                               ^
        """
    )
    mismatch, missing = report.errors
    assert (mismatch.file, mismatch.line, mismatch.column) == ("src/Calc.kt", 6, 25)
    assert (mismatch.tool, mismatch.category, mismatch.span) == ("kotlinc", "type", (2, 4))
    assert (missing.line, missing.message, missing.category) == (
        7,
        "unresolved reference: totl",
        "reference",
    )


def test_kotlinc_source_lines_at_the_margin_stay_in_the_block() -> None:
    (err,) = scan(
        """
        src/Calc.kt:6:22: error: expecting ')'
        fun main() { println(add(1, 2) }
                                       ^
        """
    ).errors
    assert (err.category, err.span) == ("syntax", (1, 3))


def test_k2_messages_are_read_as_k1s() -> None:
    (err,) = scan("src/Calc.kt:5:13: error: unresolved reference 'foo'.\n").errors
    assert (err.file, err.line, err.column, err.category) == ("src/Calc.kt", 5, 13, "reference")


def test_kotlinc_warnings_are_warnings_on_a_passing_build() -> None:
    report = scan(
        f"""
        {JVM_WARNING}
        src/Calc.kt:4:9: warning: variable 'unused' is never used
            val unused = a * 2
                ^
        ok
        """
    )
    assert report.errors == []
    assert [(w.file, w.line) for w in report.warnings] == [("src/Calc.kt", 4)]


def test_the_gradle_plugins_e_lines_are_errors_and_w_lines_warnings() -> None:
    report = scan(
        """
        > Task :app:compileKotlin FAILED
        w: file:///home/ci/app/src/main/kotlin/Util.kt:3:9 Variable 'x' is never used
        e: file:///home/ci/app/src/main/kotlin/Calc.kt:5:13 Unresolved reference: foo
        e: src/Calc.kt: (7, 2): Expecting '}'

        FAILURE: Build failed with an exception.
        """
    )
    first, second = report.errors
    assert (first.file, first.line, first.column) == ("/home/ci/app/src/main/kotlin/Calc.kt", 5, 13)
    assert (second.file, second.line, second.column) == ("src/Calc.kt", 7, 2)
    (warning,) = report.warnings
    assert warning.line == 3


def test_kapt_reports_javacs_errors_on_its_stubs_and_windows_paths_keep_their_drive() -> None:
    report = scan(
        """
        e: /home/ci/app/build/tmp/kapt3/stubs/debug/AppDatabase.java:10: error: {message}
            private final java.lang.String name = null;
                                           ^
        e: file:///C:/ci/app/src/main/kotlin/Calc.kt:5:13 Unresolved reference: foo
        """.format(message="Cannot find getter for field.")
    )
    kapt, windows = report.errors
    assert (kapt.tool, kapt.line, kapt.span) == ("kapt", 10, (1, 3))
    assert (windows.file, windows.line, windows.column) == (
        "C:/ci/app/src/main/kotlin/Calc.kt",
        5,
        13,
    )


def test_an_e_line_without_a_source_is_the_compilers_own_error() -> None:
    report = scan(
        """
        e: java.lang.OutOfMemoryError: Java heap space
        \tat java.base/java.util.Arrays.copyOf(Arrays.java:3537)
        \tat org.jetbrains.kotlin.com.intellij.util.text.CharArrayUtil.f(CharArrayUtil.java:412)
        w: Language version 1.6 is deprecated and its support will be removed
        """
    )
    (err,) = report.errors
    assert err.message == "java.lang.OutOfMemoryError: Java heap space" and err.span == (1, 3)
    assert err.file is None and len(report.warnings) == 1


def test_a_library_built_by_a_newer_kotlin_is_a_dependency_error() -> None:
    (err,) = scan(
        "e: /root/.gradle/caches/kotlin-stdlib-1.9.0.jar!/META-INF/kotlin-stdlib.kotlin_module: "
        "Module was compiled with an incompatible version of Kotlin. The binary version of its "
        "metadata is 1.9.0, expected version is 1.7.1.\n"
    ).errors
    assert err.category == "dependency" and err.file is None
    assert err.message.startswith("Module was compiled with an incompatible version of Kotlin.")


def test_the_maven_plugins_lines_carry_their_place() -> None:
    report = scan(
        """
        [INFO] --- kotlin-maven-plugin:1.9.0:compile (compile) @ demo ---
        [ERROR] /home/ci/demo/src/main/kotlin/Calc.kt: (5, 13) Unresolved reference: foo
        [WARNING] /home/ci/demo/src/main/kotlin/Util.kt: (3, 9) Variable 'x' is never used
        """
    )
    (err,) = report.errors
    assert (err.file, err.line, err.column, err.category) == (
        "/home/ci/demo/src/main/kotlin/Calc.kt",
        5,
        13,
        "reference",
    )
    assert len(report.warnings) == 1


def test_a_compiler_crash_is_a_build_error_with_its_stack() -> None:
    (err,) = scan(
        """
        exception: org.jetbrains.kotlin.codegen.CompilationException: {message}
        \tat org.jetbrains.kotlin.codegen.inline.InlineCodegen.throwIt(InlineCodegen.kt:120)
        \tat org.jetbrains.kotlin.codegen.inline.InlineCodegen.performInline(InlineCodegen.kt:157)
        """.format(message="Back-end (JVM) Internal error: Couldn't inline method call")
    ).errors
    assert (err.category, err.tool, err.span) == ("build", "kotlinc", (1, 3))


def test_a_failed_assertion_of_kotlin_test_points_at_the_test_not_the_library() -> None:
    # A real run of a kotlin.test assertion in a program of its own (kotlin 1.3.31).
    (err,) = scan(
        f"""
        {JVM_WARNING}
        Exception in thread "main" java.lang.AssertionError: add(2, 3). Expected <5>, actual <-1>.
        \tat kotlin.test.DefaultAsserter.fail(DefaultAsserter.kt:16)
        \tat kotlin.test.Asserter$DefaultImpls.assertEquals(Assertions.kt:189)
        \tat kotlin.test.AssertionsKt.assertEquals(Unknown Source)
        \tat calc.CalcTestKt.main(CalcTest.kt:6)
        \tat calc.CalcTestKt.main(CalcTest.kt)
        """
    ).errors
    assert (err.file, err.line, err.category) == ("CalcTest.kt", 6, "assertion")


def gradle_test(text: str) -> Error:
    """A Gradle test failure read by the ``gradletest`` block reader."""
    header, *lines = textwrap.dedent(text).strip("\n").split("\n")
    err = Error(message=header, text=header, block=[header], span=(1, 1))
    reader = GradleTest(err, 1)
    for n, line in enumerate(lines, start=2):
        if not reader.feed(line, n):
            break
    reader.finish()
    return err


def test_a_gradle_test_failure_is_at_the_tests_frame_past_junits_and_kotlin_tests() -> None:
    err = gradle_test(
        """
        CalcTest > adds() FAILED
            org.opentest4j.AssertionFailedError: expected: <3> but was: <2>
                at app//org.junit.jupiter.api.AssertionFailureBuilder.build(Builder.java:151)
                at app//org.junit.jupiter.api.AssertEquals.assertEquals(AssertEquals.java:150)
                at app//kotlin.test.junit5.JUnit5Asserter.assertEquals(JUnitSupport.kt:32)
                at app//CalcTest.adds(CalcTest.kt:8)

        2 tests completed, 1 failed
        """
    )
    assert (err.file, err.line) == ("CalcTest.kt", 8)
    assert err.message == "org.opentest4j.AssertionFailedError: expected: <3> but was: <2>"


def test_gradles_short_exception_format_names_the_place() -> None:
    err = gradle_test(
        """
        CalcTest > adds() FAILED
            org.opentest4j.AssertionFailedError at CalcTest.kt:8
        """
    )
    assert (err.file, err.line, err.message) == (
        "CalcTest.kt",
        8,
        "org.opentest4j.AssertionFailedError",
    )


def test_ktlint_findings_are_errors_with_their_rule() -> None:
    report = scan(
        """
        src/main/kotlin/Calc.kt:5:1: Unexpected blank line(s) before "}" (standard:no-blank-lines)
        src/main/kotlin/Calc.kt:9:1: File must end with a newline (\\n) (final-newline)

        Summary error count (descending) by rule:
          standard:final-newline: 1
          standard:no-blank-line-before-rbrace: 1
        """
    )
    first, second = report.errors
    assert (first.file, first.line, first.column, first.code, first.tool) == (
        "src/main/kotlin/Calc.kt",
        5,
        1,
        "standard:no-blank-lines",
        "ktlint",
    )
    assert (second.line, second.code) == (9, "final-newline")


def test_detekt_findings_are_errors_and_its_verdict_follows_from_them() -> None:
    # detekt's console reports, as an Android project's Gradle build prints them.
    report = scan(
        """
        > Task :app:detekt FAILED
        style - 10min debt
        \tMagicNumber - [foo] at /home/ci/app/src/main/java/com/example/MainActivity.kt:29:9
        \tMagicNumber - [foo] at /home/ci/app/src/main/java/com/example/MainActivity.kt:30:9

        Overall debt: 10min

        Build failed with 2 weighted issues (threshold defined was 0).
        """
    )
    first, second = report.errors
    assert (first.line, first.column, first.code, first.tool) == (29, 9, "MagicNumber", "detekt")
    assert first.message == "MagicNumber - [foo]"
    assert first.file == "/home/ci/app/src/main/java/com/example/MainActivity.kt"
    assert second.line == 30 and second.related == [(8, 8)]


def test_the_ktlint_gradle_plugins_lines_are_findings() -> None:
    # As a project's README shows them (ktlint_official style through Gradle).
    report = scan(
        """
        > Task :ktlintKotlinScriptCheck FAILED
        settings.gradle.kts:24:12 Newline expected after opening parenthesis
        settings.gradle.kts:24:26 Parameter should start on a newline
        """
    )
    assert [(e.file, e.line, e.column) for e in report.errors] == [
        ("settings.gradle.kts", 24, 12),
        ("settings.gradle.kts", 24, 26),
    ]


def test_detekts_lite_report_reads_as_its_findings() -> None:
    (err,) = scan(
        "src/main/kotlin/Calc.kt:5:13: This expression contains a magic number. Consider "
        "defining it to a well named constant. [MagicNumber]\n"
    ).errors
    assert (err.line, err.column, err.code) == (5, 13, "MagicNumber")


def test_a_passing_kotlin_program_reports_nothing() -> None:
    report = scan(f"{JVM_WARNING}\nok\n")
    assert report.errors == [] and report.warnings == []


def test_gradle_s_compilation_error_section_follows_from_the_kotlin_errors_above() -> None:
    for wrapped in (
        "",
        "> A failure occurred while executing org.jetbrains.kotlin.compilerRunner"
        ".GradleCompilerRunnerWithWorkers$GradleKotlinCompilerWorkAction\n   ",
    ):
        report = scan(
            "e: file:///home/runner/work/app/app/src/main/java/com/ex/Main.kt:5:13 Unresolved"
            " reference: totl\n\nFAILURE: Build failed with an exception.\n\n"
            "* What went wrong:\nExecution failed for task ':app:compileDebugKotlin'.\n"
            f"{wrapped}> Compilation error. See log for more details\n\n* Try:\n"
            "> Run with --stacktrace option to get the stack trace.\n"
        )
        (err,) = report.errors
        assert (err.line, err.category, err.message) == (
            5,
            "reference",
            "Unresolved reference: totl",
        )
        assert err.related  # the section only says the compilation failed


def test_a_compiler_crash_under_gradle_is_a_build_error_at_the_file_it_was_compiling() -> None:
    # A real run of the Kotlin Gradle plugin 1.3.31 (Gradle 4.4.1, Debian 12), trimmed.
    report = scan(
        """
        :compileKotlin
        e: java.lang.IllegalStateException: Backend Internal error: Exception during code generation
        Cause: org/jetbrains/annotations/NotNull
        File being compiled at position: file:///home/user/app/src/main/kotlin/calc/Calc.kt
        The root cause was thrown at: AnnotationCodegen.java:222
        \tat org.jetbrains.kotlin.codegen.CompilationErrorHandler.lambda$static$0(CompilationErr\
orHandler.java:24)
        \tat org.jetbrains.kotlin.codegen.PackageCodegenImpl.generate(PackageCodegenImpl.java:75)
        Caused by: java.lang.NoClassDefFoundError: org/jetbrains/annotations/NotNull
        \tat org.jetbrains.kotlin.codegen.AnnotationCodegen.generateNullabilityAnnotation(Annot\
ationCodegen.java:222)
        \t... 44 more

        :compileKotlin FAILED
        """
    )
    err = report.errors[0]
    assert (err.file, err.category, err.span) == (
        "/home/user/app/src/main/kotlin/calc/Calc.kt",
        "build",
        (2, 10),
    )
    assert err.message.startswith("java.lang.IllegalStateException: Backend Internal error")


def test_all_warnings_as_errors_under_gradle_is_a_build_error() -> None:
    # A real run of the Kotlin Gradle plugin 1.3.31 with allWarningsAsErrors.
    report = scan(
        """
        :compileKotlin
        e: warnings found and -Werror specified
        :compileKotlin FAILED
        """
    )
    (err,) = report.errors
    assert (err.message, err.category, err.tool) == (
        "warnings found and -Werror specified",
        "build",
        "kotlinc",
    )
