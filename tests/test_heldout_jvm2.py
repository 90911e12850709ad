"""JVM build and test output as projects' logs show it, the shapes a held-out
sample of issues found wrong: Maven goals that say what failed themselves (a
test JVM that died, a JDK older than the release asked for, Spotless's
files, a checker's count), the enforcer's dependency rules, javac's output the
compiler plugin could not parse, the JVM's own fatal error, Gradle's "Execution
failed for task" pasted without its heading, sbt's unresolved dependency under
no level, a scalac diagnostic cut above its "found" line, and specs2's failed
example under an older sbt. (The lines are written in each tool's documented
shape, with neutral names.)"""

from __future__ import annotations

from test_detect import scan


def test_a_test_jvm_that_died_is_a_runtime_error_and_maven_s_exception_repeats_it() -> None:
    report = scan(
        """
        [INFO] BUILD FAILURE
        [ERROR] Failed to execute goal org.apache.maven.plugins:maven-surefire-plugin:3.2.5:test \
(default-test) on project calc: Execution default-test of goal org.apache.maven.plugins:\
maven-surefire-plugin:3.2.5:test failed: The forked VM terminated without properly saying \
goodbye. VM crash or System.exit called? -> [Help 1]
        org.apache.maven.lifecycle.LifecycleExecutionException: Failed to execute goal \
org.apache.maven.plugins:maven-surefire-plugin:3.2.5:test (default-test) on project calc
            at org.apache.maven.lifecycle.internal.MojoExecutor.execute (MojoExecutor.java:306)
        """
    )
    (err,) = report.errors
    assert err.category == "runtime"
    assert err.message.startswith("The forked VM terminated without properly saying goodbye")


def test_a_jdk_older_than_the_release_asked_for_is_a_config_error() -> None:
    report = scan(
        "[ERROR] Failed to execute goal org.apache.maven.plugins:maven-compiler-plugin:3.13.0:"
        "compile (default-compile) on project calc: Fatal error compiling: error: release "
        "version 21 not supported -> [Help 1]\n"
    )
    (err,) = report.errors
    assert (err.category, err.message) == (
        "config",
        "Fatal error compiling: error: release version 21 not supported",
    )


def test_spotless_s_violations_are_one_error_at_the_first_file_its_diff_no_errors() -> None:
    report = scan(
        """
        [ERROR] Failed to execute goal com.diffplug.spotless:spotless-maven-plugin:2.43.0:check \
(default-cli) on project calc: The following files had format violations:
        [ERROR]     src/main/java/com/example/Calc.java
        [ERROR]         @@ -3,4 +3,4 @@
        [ERROR]          class Calc {
        [ERROR]         -int x;
        [ERROR]         +    int x;
        [ERROR] Run 'mvn spotless:apply' to fix these violations.
        """
    )
    (err,) = report.errors
    assert (err.tool, err.file, err.category) == (
        "spotless",
        "src/main/java/com/example/Calc.java",
        "build",
    )


def test_a_checker_s_count_on_the_goal_line_is_the_build_s_error_when_alone() -> None:
    report = scan(
        "[ERROR] Failed to execute goal org.apache.maven.plugins:maven-checkstyle-plugin:3.3.1:"
        "check (validate) on project calc: You have 3 Checkstyle violations. -> [Help 1]\n"
    )
    (err,) = report.errors
    assert (err.category, err.message) == ("build", "You have 3 Checkstyle violations.")


def test_the_dependency_rule_s_finding_above_it_is_the_error_not_its_see_above() -> None:
    report = scan(
        """
        [WARNING]
        Dependency convergence error for com.example:util:jar:1.2:compile paths to dependency are:
        +-com.example:app:jar:1.0
          +-com.example:util:jar:1.2:compile
        and
        +-com.example:app:jar:1.0
          +-com.example:lib:jar:2.0:compile
            +-com.example:util:jar:1.1:compile

        [ERROR] Rule 0: org.apache.maven.plugins.enforcer.DependencyConvergence failed with message:
        Failed while enforcing releasability. See above detailed error message.
        """
    )
    (err,) = report.errors  # the rule's "see above" follows from it
    assert (err.category, err.message) == (
        "dependency",
        "Dependency convergence error for com.example:util:jar:1.2:compile",
    )


def test_javac_output_the_compiler_plugin_could_not_parse_is_the_root_cause() -> None:
    report = scan(
        """
        [ERROR] Failed to execute goal org.apache.maven.plugins:maven-compiler-plugin:3.1:compile \
(default-compile) on project calc: Compilation failure
        [ERROR] Failure executing javac, but could not parse the error:
        [ERROR] The system is out of resources.
        [ERROR] Consult the following stack trace for details.
        [ERROR] java.lang.OutOfMemoryError: Java heap space
        [ERROR] at java.util.Arrays.copyOf(Arrays.java:3236)
        [ERROR] at java.lang.AbstractStringBuilder.append(AbstractStringBuilder.java:448)
        """
    )
    err = report.errors[report.primary_index or 0]
    assert (err.tool, err.category, err.message) == (
        "javac",
        "runtime",
        "java.lang.OutOfMemoryError: Java heap space",
    )
    assert len(report.errors) == 2  # the goal's line, and javac's; no frame is an error


def test_a_test_jvm_out_of_memory_is_surefire_s_one_line() -> None:
    report = scan(
        """
        [INFO] Running com.example.CalcTest
        [ERROR] Java heap space
        [INFO] Tests run: 0, Failures: 0, Errors: 0, Skipped: 0
        """
    )
    (err,) = report.errors
    assert (err.category, err.message) == ("runtime", "Java heap space")


def test_the_jvm_s_fatal_error_is_its_signal_in_the_problematic_frame() -> None:
    report = scan(
        """
        #
        # A fatal error has been detected by the Java Runtime Environment:
        #
        #  SIGSEGV (0xb) at pc=0x00007f3a2c1d0de0, pid=4242, tid=4243
        #
        # JRE version: OpenJDK Runtime Environment (17.0.9+9) (build 17.0.9+9)
        # Problematic frame:
        # C  [libnative.so+0x15de0]  decode+0x20
        #
        # An error report file with more information is saved as:
        # /home/user/app/hs_err_pid4242.log
        #
        """
    )
    (err,) = report.errors
    assert (err.tool, err.category, err.message) == (
        "java",
        "runtime",
        "SIGSEGV (0xb) at pc=0x00007f3a2c1d0de0 in C [libnative.so+0x15de0] decode+0x20",
    )


def test_gradle_s_task_failure_pasted_without_its_heading_takes_the_innermost_cause() -> None:
    report = scan(
        """
        Execution failed for task ':app:kaptDebugKotlin'.
        > A failure occurred while executing org.jetbrains.kotlin.gradle.internal.KaptExecution
           > java.lang.reflect.InvocationTargetException (no error message)

        * Try:
        """
    )
    (err,) = report.errors
    assert err.message == (
        "Execution failed for task ':app:kaptDebugKotlin'. > "
        "java.lang.reflect.InvocationTargetException (no error message)"
    )


def test_sbt_s_unresolved_dependency_under_no_level_is_sbt_s_without_a_frame() -> None:
    report = scan(
        """
        [warn]  :: com.example#util_2.10;1.0: not found
        sbt.ResolveException: unresolved dependency: com.example#util_2.10;1.0: not found
            at sbt.IvyActions$.sbt$IvyActions$$resolve(IvyActions.scala:214)
            at xsbt.boot.Locks$GlobalLock.withChannel$1(Locks.scala:75)
        """
    )
    (err,) = report.errors
    assert (err.tool, err.category, err.file) == ("sbt", "dependency", None)


def test_a_scalac_diagnostic_cut_above_its_found_line_is_one_type_error() -> None:
    report = scan(
        """
        [error]  found   : Int(1)
        [error]  required: String
        [error]       val name = Person(1)
        [error]                         ^
        [error] one error found
        """
    )
    (err,) = report.errors
    assert (err.category, err.message) == ("type", "type mismatch; found : Int(1) required: String")


def test_old_sbt_s_error_prefix_and_task_line_are_left_out() -> None:
    report = scan(
        """
        [error] /home/user/app/src/main/scala/Calc.scala:5: error: type mismatch;
        [error]  found   : Int
        [error]  required: String
        [error]     val s: String = 1
        [error]                     ^
        [error] one error found
        [error] Error running compile: Compilation unsuccessful.
        """
    )
    (err,) = report.errors
    assert err.message.startswith("type mismatch; found : Int")


def test_a_specs2_example_under_info_takes_its_reason_logged_under_error() -> None:
    report = scan(
        """
        [info] CalcSpec
        [info] + adds
        [info] x subtracts
        [error]    '3' is not equal to '1' (CalcSpec.scala:12)
        [info] Total for specification CalcSpec
        """
    )
    (err,) = report.errors
    assert (err.test, err.file, err.line, err.category, err.message) == (
        "subtracts",
        "CalcSpec.scala",
        12,
        "assertion",
        "'3' is not equal to '1'",
    )


def test_an_overloaded_method_s_alternatives_stay_in_its_diagnostic() -> None:
    # an alternative's parameter of a function type: "(String) => Int", no sbt task key
    report = scan(
        """
        [error] /home/user/app/src/main/scala/Store.scala:21: overloaded method value get with \
alternatives:
        [error]   (key: String,orElse: (String) => Int)Int <and>
        [error]   (key: String)Option[Int]
        [error]  cannot be applied to (Int)
        [error]     store.get(1)
        [error]           ^
        [error] one error found
        """
    )
    (err,) = report.errors
    assert err.message.startswith(
        "overloaded method value get with alternatives: (key: String,orElse: (String) => Int)Int"
    )
