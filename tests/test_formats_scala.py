"""Scala's outputs: scalac 2 and 3, scala-cli, sbt and Mill, ScalaTest, MUnit,
uTest and scalastyle, and passing runs."""

from __future__ import annotations

from test_detect import scan

from pytest_errlearn.detect.formats.scala import jvm_user_frame


def test_scalac_2_reports_each_error_with_its_details_and_the_carets_column() -> None:
    # A real run of scalac 2.11.12 (Debian 12).
    report = scan(
        """
        src/Calc.scala:7: error: type mismatch;
         found   : Int
         required: String
            val total: String = add(n, 1)
                                   ^
        src/Calc.scala:8: error: not found: value totl
            "total: " + totl
                        ^
        two errors found
        """
    )
    mismatch, missing = report.errors
    assert (mismatch.file, mismatch.line, mismatch.column) == ("src/Calc.scala", 7, 28)
    assert mismatch.message == "type mismatch; found : Int required: String"
    assert mismatch.category == "type" and mismatch.span == (1, 5)
    assert (missing.line, missing.column, missing.category) == (8, 17, "reference")
    assert missing.related == [(9, 9)]  # "two errors found"
    assert report.primary_index == 0


def test_a_scalac_warning_is_a_warning_and_its_source_line_no_error() -> None:
    report = scan(
        """
        src/Calc.scala:8: warning: method plus in object Calc is deprecated: use add
            require(plus(2, 3) == 5, "plus is wrong")
                    ^
        one warning found
        """
    )
    assert report.errors == []
    (warning,) = report.warnings
    assert (warning.file, warning.line) == ("src/Calc.scala", 8)


def test_scala_3s_message_is_read_from_its_code_frame() -> None:
    report = scan(
        """
        -- [E006] Not Found Error: src/Calc.scala:5:12 ---------------------------------
        5 |    println(foo(1))
          |            ^^^
          |            Not found: foo
          |
          | longer explanation available when compiling with `-explain`
        -- [E007] Type Mismatch Error: src/Calc.scala:3:22 -----------------------------
        3 |  def bad(): String = add(1, 2)
          |                      ^^^^^^^^^
          |                      Found:    Int
          |                      Required: String
        2 errors found
        """
    )
    missing, mismatch = report.errors
    assert (missing.file, missing.line, missing.column, missing.code) == (
        "src/Calc.scala",
        5,
        12,
        "E006",
    )
    assert (missing.message, missing.category) == ("Not found: foo", "reference")
    assert mismatch.message == "Found: Int Required: String"
    assert mismatch.category == "type" and mismatch.span == (7, 11)


def test_scala_3_under_sbt_keeps_to_the_error_lines_of_its_frame() -> None:
    # The shape of real sbt output (a blog post's macro error, rockthejvm.com).
    report = scan(
        """
        [error] -- [E008] Not Found Error: /home/ci/src/main/scala/Usage.scala:18:44
        [error] 18 |  val result = callMethodDynamically(SimpleWrapper(10), "stupidMethod", 42)
        [error]    |                                            ^^^^^^^^^^^^^^
        [error]    |value stupidMethod is not a member of SimpleWrapper
        [error] one error found
        [error] (Compile / compileIncremental) Compilation failed
        [error] Total time: 1 s, completed May 17, 2022, 8:33:05 AM
        """
    )
    (err,) = report.errors
    assert (err.file, err.line, err.column) == ("/home/ci/src/main/scala/Usage.scala", 18, 44)
    assert err.message == "value stupidMethod is not a member of SimpleWrapper"
    assert err.related == [(5, 7)]  # the count, the task, the time


def test_sbt_compile_errors_fold_the_task_summary_and_take_their_source_lines() -> None:
    report = scan(
        """
        [info] compiling 1 Scala source to /proj/target/scala-2.13/classes ...
        [error] /proj/src/main/scala/Main.scala:10:5: type mismatch;
        [error]  found   : String
        [error]  required: Int
        [error]     x + "1"
        [error]     ^
        [warn] /proj/src/main/scala/Main.scala:4:5: match may not be exhaustive.
        [warn]     x match {
        [warn]     ^
        [error] one error found
        [error] (Compile / compileIncremental) Compilation failed
        [error] Total time: 3 s, completed Jul 2, 2024
        """
    )
    (err,) = report.errors
    assert (err.file, err.line, err.column, err.tool) == (
        "/proj/src/main/scala/Main.scala",
        10,
        5,
        "sbt",
    )
    assert err.message == "type mismatch; found : String required: Int"
    assert err.span == (2, 6) and err.related == [(10, 12)]
    (warning,) = report.warnings
    assert (warning.line, warning.span) == (4, (7, 9))


def test_scala_cli_puts_the_message_under_the_place() -> None:
    # scala-cli's documentation (scala-cli.virtuslab.org, "Scala CLI vs. the old runner").
    (err,) = scan(
        """
        Compiling project (Scala 3.5.0, JVM)
        [error] ./hello-window.scala:4:8
        [error] Not found: introprog
        [error] import introprog.PixelWindow
        [error]        ^^^^^^^^^
        Error compiling project (Scala 3.5.0, JVM)
        Compilation failed
        """
    ).errors
    assert (err.file, err.line, err.column) == ("./hello-window.scala", 4, 8)
    assert err.message == "Not found: introprog"
    assert err.related == [(6, 7)]


def test_scalatest_under_sbt_reports_the_failed_test_at_its_assertion() -> None:
    # The shape of Spark's ScalaTest output (SPARK-5074), and sbt's summary after it.
    report = scan(
        """
        [info] DAGSchedulerSuite:
        [info] - parent stage should have lower stage id *** FAILED *** (27 milliseconds)
        [info]   1 did not equal 2 (DAGSchedulerSuite.scala:242)
        [info]   org.scalatest.exceptions.TestFailedException:
        [info]   at org.scalatest.Assertions.newAssertionFailedException(Assertions.scala:500)
        [info]   at DAGSchedulerSuite.$anonfun$new$2(DAGSchedulerSuite.scala:242)
        [info] - runs the other stages
        [info] Run completed in 1 second, 120 milliseconds.
        [info] Tests: succeeded 1, failed 1, canceled 0, ignored 0, pending 0
        [info] *** 1 TEST FAILED ***
        [error] Failed tests:
        [error] \tDAGSchedulerSuite
        [error] (Test / test) sbt.TestsFailedException: Tests unsuccessful
        [error] Total time: 5 s, completed Jan 1, 2024
        """
    )
    (err,) = report.errors
    assert (err.file, err.line, err.message) == (
        "DAGSchedulerSuite.scala",
        242,
        "1 did not equal 2",
    )
    assert err.test == "parent stage should have lower stage id" and err.span == (2, 6)
    assert err.category == "assertion" and err.related == [(10, 14)]


def test_scalatest_exception_in_code_under_test_points_at_the_users_frame() -> None:
    (err,) = scan(
        """
        CalcSpec:
        - should divide *** FAILED ***
          java.lang.ArithmeticException: / by zero
          at calc.Calc$.div(Calc.scala:4)
          at calc.CalcSpec.$anonfun$new$1(CalcSpec.scala:9)
          at org.scalatest.OutcomeOf.outcomeOf(OutcomeOf.scala:85)
        """
    ).errors
    assert (err.file, err.line, err.category) == ("Calc.scala", 4, "runtime")


def test_munit_comparison_failure_is_an_assertion_at_the_place_it_names() -> None:
    # From a blog post's real sbt run (eed3si9n.com, "ifdef macro").
    report = scan(
        """
        ATest:
        ==> X ATest.hello  0.059s munit.ComparisonFailException: /Users/ci/app/app.scala:14
        13:    val expected = 43
        14:    assertEquals(actual, expected)
        15:  }
        values are not the same
        => Obtained
        42
        => Diff (- obtained, + expected)
        -42
        +43
            at munit.FunSuite.assertEquals(FunSuite.scala:11)
            at ATest.$anonfun$new$1(app.scala:14)
        [error] Failed: Total 1, Failed 1, Errors 0, Passed 0
        [error] Failed tests:
        [error] \tATest
        [error] (app / Test / test) sbt.TestsFailedException: Tests unsuccessful
        [error] Total time: 2 s
        """
    )
    (err,) = report.errors
    assert (err.file, err.line, err.category) == ("/Users/ci/app/app.scala", 14, "assertion")
    assert err.message == "values are not the same" and err.test == "ATest.hello"
    assert err.span == (2, 13) and err.related == [(14, 18)]


def test_munit_exception_is_at_the_innermost_frame_of_the_users_code() -> None:
    (err,) = scan(
        """
        p.BufTest:
          + addsOne 0.01s
        ==> X p.BufTest.wraps  0.001s java.lang.ArrayIndexOutOfBoundsException: Index 8 out of 8
            at p.Buf.add(Buf.scala:14)
            at p.BufTest.$init$$$anonfun$3(BufTest.scala:6)
        """
    ).errors
    assert (err.file, err.line, err.category) == ("Buf.scala", 14, "runtime")
    assert err.message.startswith("java.lang.ArrayIndexOutOfBoundsException: Index 8")


def test_utest_under_mill_reports_the_assertion_and_folds_the_failed_target() -> None:
    # uTest's and Mill's documented output (com-lihaoyi/mill docs, "Scala Module").
    report = scan(
        """
        -------------------------------- Running Tests --------------------------------
        + foo.ExampleTests.hello 8ms  Hello World
        X foo.ExampleTests.iAmCow 2ms
          utest.AssertionError: assert(result == "I am Cow")
          result: String = Hear me Moo
            utest.asserts.Asserts$.assertImpl(Asserts.scala:116)
            foo.ExampleTests$.$anonfun$tests$4(ExampleTests.scala:12)
        1 targets failed
        foo.test.test foo.ExampleTests foo.ExampleTests.iAmCow
        """
    )
    (err,) = report.errors
    assert (err.file, err.line, err.category) == ("ExampleTests.scala", 12, "assertion")
    assert err.message == 'utest.AssertionError: assert(result == "I am Cow")'
    assert err.related == [(8, 8)]


def test_specs2_failures_are_at_the_place_their_message_ends_with() -> None:
    # Real sbt runs of specs2 (a workshop's exercises; a ScalaCheck talk's slides).
    report = scan(
        """
        [info] SpecialFxSpec
        [info] SpecialFx should
        [error]   x execute an effect
        [error]    an implementation is missing (SpecialFx.scala:16)
        [info]   + not run effects eagerly
        [error]   x yield true for all integers < 80
        [error]    Falsified after 5 passed tests.
        [error]    > ARG_0: 80
        [error]    > the value is not equal to 'true' (LowerThanSpec.scala:8)
        [info] Total for specification SpecialFxSpec
        [info] 3 examples, 2 failures, 0 error
        [error] Failed: Total 3, Failed 2, Errors 0, Passed 1
        [error] Failed tests:
        [error] \texercise1.SpecialFxSpec
        [error] (Test / test) sbt.TestsFailedException: Tests unsuccessful
        """
    )
    missing, falsified = report.errors
    assert (missing.file, missing.line, missing.message) == (
        "SpecialFx.scala",
        16,
        "an implementation is missing",
    )
    assert (falsified.file, falsified.line) == ("LowerThanSpec.scala", 8)
    assert falsified.message == "Falsified after 5 passed tests."
    assert falsified.related == [(12, 15)]


def test_a_junit_test_under_sbt_is_at_its_frame() -> None:
    (err,) = scan(
        """
        [error] Test calc.CalcTest.adds failed: {failure}, took 0.003 sec
        [error]     at org.junit.Assert.fail(Assert.java:89)
        [error]     at calc.CalcTest.adds(CalcTest.java:12)
        [error] Failed: Total 2, Failed 1, Errors 0, Passed 1
        """.format(failure="java.lang.AssertionError: expected:<3> but was:<2>")
    ).errors
    assert (err.file, err.line, err.category) == ("CalcTest.java", 12, "assertion")
    assert err.message == "java.lang.AssertionError: expected:<3> but was:<2>"


def test_an_unresolved_sbt_dependency_is_one_dependency_error() -> None:
    report = scan(
        """
        [error] sbt.librarymanagement.ResolveException: Error downloading org.foo:bar:1.0
        [error]   Not found
        [error]   not found: https://repo1.maven.org/maven2/org/foo/bar_2.13/1.0/bar_2.13-1.0.pom
        [error] (update) sbt.librarymanagement.ResolveException: Error downloading org.foo:bar:1.0
        [error] Total time: 3 s, completed Jan 1, 2024
        """
    )
    (err,) = report.errors
    assert err.category == "dependency" and err.count == 2
    assert (
        err.message == "sbt.librarymanagement.ResolveException: Error downloading org.foo:bar:1.0"
    )


def test_the_scalastyle_plugins_task_exception_follows_from_its_findings() -> None:
    # scalastyle-sbt-plugin's findings, then the task's ``sys.error("errors exist")``.
    report = scan(
        """
        [error] /home/ci/src/main/scala/Calc.scala: Header does not match expected text
        [warn] /home/ci/src/main/scala/Calc.scala:12:4: File line length exceeds 120 characters
        [info] Processed 3 file(s)
        java.lang.RuntimeException: errors exist
        \tat scala.sys.package$.error(package.scala:27)
        [error] (Compile / scalastyle) errors exist
        """
    )
    (err,) = report.errors
    assert (err.file, err.line, err.message) == (
        "/home/ci/src/main/scala/Calc.scala",
        None,
        "Header does not match expected text",
    )
    assert len(report.warnings) == 1 and err.related == [(4, 6)]


def test_jvm_frames_of_scala_and_kotlin_test_libraries_are_not_the_users() -> None:
    assert jvm_user_frame(
        [
            "at munit.Assertions.assertEquals(Assertions.scala:70)",
            "at app//org.junit.jupiter.api.AssertEquals.assertEquals(AssertEquals.java:150)",
            "at java.base/java.lang.Thread.run(Thread.java:840)",
            "at app//CalcTest.adds(CalcTest.kt:8)",
        ]
    ) == ("CalcTest.kt", 8)
    assert jvm_user_frame(["at scala.Predef$.assert(Predef.scala:170)"]) is None


def test_a_passing_sbt_run_with_scalatest_reports_nothing() -> None:
    report = scan(
        """
        [info] welcome to sbt 1.9.7 (Eclipse Adoptium Java 17.0.8)
        [info] compiling 3 Scala sources to /proj/target/scala-2.13/classes ...
        [warn] one deprecation warning; re-run with -deprecation for details
        [info] CalcSpec:
        [info] - should add two numbers
        [info] - should report errors as failures
        [info] Run completed in 120 milliseconds.
        [info] Total number of tests run: 2
        [info] Suites: completed 1, aborted 0
        [info] Tests: succeeded 2, failed 0, canceled 0, ignored 0, pending 0
        [info] All tests passed.
        [success] Total time: 2 s, completed Jan 1, 2026
        """
    )
    assert report.errors == []


def test_sbt_s_werror_makes_the_warnings_above_it_the_errors() -> None:
    # scalac's own line (2.11.12, -Xfatal-warnings) under sbt's "[error]".
    report = scan(
        """
        [warn] /home/user/calc/src/main/scala/Calc.scala:6:38: match may not be exhaustive.
        [warn] It would fail on the following input: None
        [warn]   def kind(o: Option[Int]): String = o match {
        [warn]                                      ^
        [error] No warnings can be incurred under -Werror.
        [warn] 1 warning found
        [error] 1 error found
        [error] (Compile / compileIncremental) Compilation failed
        """
    )
    (err,) = report.errors
    assert (err.file, err.line, err.column, err.tool) == (
        "/home/user/calc/src/main/scala/Calc.scala",
        6,
        38,
        "sbt",
    )
    assert err.message == "match may not be exhaustive. It would fail on the following input: None"
    assert report.warnings == []


def test_scalacs_fatal_warnings_make_the_warnings_above_its_errors() -> None:
    # A real run of scalac 2.11 (`scalac -deprecation -Xfatal-warnings src/Calc.scala`).
    report = scan(
        """
        src/Calc.scala:6: warning: match may not be exhaustive.
        It would fail on the following input: None
          def kind(o: Option[Int]): String = o match {
                                             ^
        src/Calc.scala:10: warning: method plus in object Calc is deprecated: use add
          def main(args: Array[String]): Unit = println(plus(1, 2) + kind(None))
                                                        ^
        error: No warnings can be incurred under -Xfatal-warnings.
        two warnings found
        one error found
        """
    )
    assert [(e.tool, e.line) for e in report.errors] == [("scalac", 6), ("scalac", 10)]
    assert report.warnings == []
