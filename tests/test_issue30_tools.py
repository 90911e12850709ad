"""Issue 30, section 3: Maven's and Go's own failures read whole, each failing
test one error of the right kind (outputs of Maven 3.8.7 with surefire 3.2.5, and
of surefire 2.12.4's documented shape; of go 1.19)."""

from __future__ import annotations

import json

import pytest
from test_detect import scan

# ``mvn -o -B test`` of a JUnit 5 project with two failing tests of three, from
# the surefire plugin on.
SUREFIRE_3 = (
    "\n".join(
        (
            "[INFO] --- maven-surefire-plugin:3.2.5:test (default-test) @ calc ---",
            "[WARNING] The POM for org.apache.maven:maven-core:jar:3.2.5 is missing, no dependency "
            "information available",
            "[INFO] Using auto detected provider "
            "org.apache.maven.surefire.junitplatform.JUnitPlatformProvider",
            "[INFO] ",
            "[INFO] -------------------------------------------------------",
            "[INFO]  T E S T S",
            "[INFO] -------------------------------------------------------",
            "[INFO] Running com.example.CalcTest",
            "[ERROR] Tests run: 3, Failures: 1, Errors: 1, Skipped: 0, Time elapsed: 0.110 s <<< "
            "FAILURE! -- in com.example.CalcTest",
            "[ERROR] com.example.CalcTest.adds -- Time elapsed: 0.015 s <<< FAILURE!",
            "org.opentest4j.AssertionFailedError: expected: <5> but was: <-1>",
            "\tat "
            "org.junit.jupiter.api.AssertionFailureBuilder.build(AssertionFailureBuilder.java:151)",
            "\tat "
            "org.junit.jupiter.api.AssertionFailureBuilder.buildAndThrow(AssertionFailureBuilder.java:132)",
            "\tat org.junit.jupiter.api.AssertEquals.failNotEqual(AssertEquals.java:197)",
            "\tat org.junit.jupiter.api.AssertEquals.assertEquals(AssertEquals.java:150)",
            "\tat org.junit.jupiter.api.AssertEquals.assertEquals(AssertEquals.java:145)",
            "\tat org.junit.jupiter.api.Assertions.assertEquals(Assertions.java:531)",
            "\tat com.example.CalcTest.adds(CalcTest.java:9)",
            "\tat java.base/java.lang.reflect.Method.invoke(Method.java:569)",
            "\tat java.base/java.util.ArrayList.forEach(ArrayList.java:1511)",
            "\tat java.base/java.util.ArrayList.forEach(ArrayList.java:1511)",
            "",
            "[ERROR] com.example.CalcTest.divides -- Time elapsed: 0.003 s <<< ERROR!",
            "java.lang.ArithmeticException: / by zero",
            "\tat com.example.Calc.divide(Calc.java:7)",
            "\tat com.example.CalcTest.divides(CalcTest.java:14)",
            "\tat java.base/java.lang.reflect.Method.invoke(Method.java:569)",
            "\tat java.base/java.util.ArrayList.forEach(ArrayList.java:1511)",
            "\tat java.base/java.util.ArrayList.forEach(ArrayList.java:1511)",
            "",
            "[INFO] ",
            "[INFO] Results:",
            "[INFO] ",
            "[ERROR] Failures: ",
            "[ERROR]   CalcTest.adds:9 expected: <5> but was: <-1>",
            "[ERROR] Errors: ",
            "[ERROR]   CalcTest.divides:14 » Arithmetic / by zero",
            "[INFO] ",
            "[ERROR] Tests run: 3, Failures: 1, Errors: 1, Skipped: 0",
            "[INFO] ",
            "[INFO] ------------------------------------------------------------------------",
            "[INFO] BUILD FAILURE",
            "[INFO] ------------------------------------------------------------------------",
            "[INFO] Total time:  4.814 s",
            "[INFO] Finished at: 2026-11-26T22:52:23Z",
            "[INFO] ------------------------------------------------------------------------",
            "[ERROR] Failed to execute goal "
            "org.apache.maven.plugins:maven-surefire-plugin:3.2.5:test "
            "(default-test) on project calc: There are test failures.",
            "[ERROR] ",
            "[ERROR] Please refer to /tmp/m30/target/surefire-reports for the individual test "
            "results.",
            "[ERROR] Please refer to dump files (if any exist) [date].dump, [date]-jvmRun[N].dump "
            "and "
            "[date].dumpstream.",
            "[ERROR] -> [Help 1]",
            "[ERROR] ",
            "[ERROR] To see the full stack trace of the errors, re-run Maven with the -e switch.",
            "[ERROR] Re-run Maven using the -X switch to enable full debug logging.",
            "[ERROR] ",
            "[ERROR] For more information about the errors and possible solutions, please read the "
            "following articles:",
        )
    )
    + "\n"
)

# surefire 2.22 (JUnit 4), as its report is documented: ``<<< FAILURE! - in``.
SUREFIRE_2_22 = (
    "\n".join(
        (
            "[INFO] Scanning for projects...",
            "[INFO] ",
            "[INFO] --------------------------< com.example:calc >--------------------------",
            "[INFO] Building calc 1.0-SNAPSHOT",
            "[INFO] --------------------------------[ jar ]---------------------------------",
            "[INFO] ",
            "[INFO] --- maven-surefire-plugin:2.22.2:test (default-test) @ calc ---",
            "[INFO] ",
            "[INFO] -------------------------------------------------------",
            "[INFO]  T E S T S",
            "[INFO] -------------------------------------------------------",
            "[INFO] Running com.example.CalcTest",
            "[ERROR] Tests run: 3, Failures: 1, Errors: 1, Skipped: 0, Time elapsed: 0.045 s <<< "
            "FAILURE! - in com.example.CalcTest",
            "[ERROR] testAdd(com.example.CalcTest)  Time elapsed: 0.008 s  <<< FAILURE!",
            "java.lang.AssertionError: expected:<5> but was:<-1>",
            "\tat org.junit.Assert.fail(Assert.java:89)",
            "\tat org.junit.Assert.failNotEquals(Assert.java:835)",
            "\tat org.junit.Assert.assertEquals(Assert.java:647)",
            "\tat org.junit.Assert.assertEquals(Assert.java:633)",
            "\tat com.example.CalcTest.testAdd(CalcTest.java:12)",
            "",
            "[ERROR] testDivide(com.example.CalcTest)  Time elapsed: 0.001 s  <<< ERROR!",
            "java.lang.ArithmeticException: / by zero",
            "\tat com.example.Calc.divide(Calc.java:9)",
            "\tat com.example.CalcTest.testDivide(CalcTest.java:18)",
            "",
            "[INFO] ",
            "[INFO] Results:",
            "[INFO] ",
            "[ERROR] Failures: ",
            "[ERROR]   CalcTest.testAdd:12 expected:<5> but was:<-1>",
            "[ERROR] Errors: ",
            "[ERROR]   CalcTest.testDivide:18 » Arithmetic / by zero",
            "[INFO] ",
            "[ERROR] Tests run: 3, Failures: 1, Errors: 1, Skipped: 0",
            "[INFO] ",
            "[INFO] ------------------------------------------------------------------------",
            "[INFO] BUILD FAILURE",
            "[INFO] ------------------------------------------------------------------------",
            "[INFO] Total time:  1.844 s",
            "[INFO] Finished at: 2026-11-26T22:40:12Z",
            "[INFO] ------------------------------------------------------------------------",
            "[ERROR] Failed to execute goal "
            "org.apache.maven.plugins:maven-surefire-plugin:2.22.2:test "
            "(default-test) on project calc: There are test failures.",
            "[ERROR] ",
            "[ERROR] Please refer to /tmp/calc/target/surefire-reports for the individual test "
            "results.",
            "[ERROR] Please refer to dump files (if any exist) [date].dump, [date]-jvmRun[N].dump "
            "and "
            "[date].dumpstream.",
            "[ERROR] -> [Help 1]",
            "[ERROR] ",
            "[ERROR] To see the full stack trace of the errors, re-run Maven with the -e switch.",
            "[ERROR] Re-run Maven using the -X switch to enable full debug logging.",
            "[ERROR] ",
            "[ERROR] For more information about the errors and possible solutions, please read the "
            "following articles:",
            "[ERROR] [Help 1] http://cwiki.apache.org/confluence/display/MAVEN/MojoFailureException",
        )
    )
    + "\n"
)

# Maven 3's default surefire (2.12.4) prints its test report unprefixed.
SUREFIRE_2 = (
    "\n".join(
        (
            "[INFO] --- maven-surefire-plugin:2.12.4:test (default-test) @ calc ---",
            "[INFO] Surefire report directory: /tmp/calc/target/surefire-reports",
            "",
            "-------------------------------------------------------",
            " T E S T S",
            "-------------------------------------------------------",
            "Running com.example.CalcTest",
            "Tests run: 3, Failures: 1, Errors: 1, Skipped: 0, Time elapsed: 0.052 sec <<< "
            "FAILURE!",
            "testAdd(com.example.CalcTest)  Time elapsed: 0.007 sec  <<< FAILURE!",
            "java.lang.AssertionError: expected:<5> but was:<-1>",
            "\tat org.junit.Assert.fail(Assert.java:89)",
            "\tat org.junit.Assert.assertEquals(Assert.java:633)",
            "\tat com.example.CalcTest.testAdd(CalcTest.java:12)",
            "",
            "testDivide(com.example.CalcTest)  Time elapsed: 0.001 sec  <<< ERROR!",
            "java.lang.ArithmeticException: / by zero",
            "\tat com.example.Calc.divide(Calc.java:9)",
            "\tat com.example.CalcTest.testDivide(CalcTest.java:18)",
            "",
            "",
            "Results :",
            "",
            "Failed tests:   testAdd(com.example.CalcTest): expected:<5> but was:<-1>",
            "",
            "Tests in error: ",
            "  testDivide(com.example.CalcTest): / by zero",
            "",
            "Tests run: 3, Failures: 1, Errors: 1, Skipped: 0",
            "",
            "[INFO] ------------------------------------------------------------------------",
            "[INFO] BUILD FAILURE",
            "[INFO] ------------------------------------------------------------------------",
            "[ERROR] Failed to execute goal "
            "org.apache.maven.plugins:maven-surefire-plugin:2.12.4:test "
            "(default-test) on project calc: There are test failures.",
        )
    )
    + "\n"
)


def test_two_failing_surefire_3_tests_are_two_errors_each_named_and_at_its_frame() -> None:
    adds, divides = scan(SUREFIRE_3, "maven").errors
    assert adds.message == "org.opentest4j.AssertionFailedError: expected: <5> but was: <-1>"
    assert (adds.test, adds.file, adds.line, adds.category) == (
        "com.example.CalcTest.adds",
        "CalcTest.java",
        9,
        "assertion",
    )
    assert adds.text.startswith("[ERROR] com.example.CalcTest.adds -- Time elapsed")
    assert divides.message == "java.lang.ArithmeticException: / by zero"
    assert (divides.test, divides.file, divides.line, divides.category) == (
        "com.example.CalcTest.divides",
        "Calc.java",
        7,
        "runtime",
    )


def test_surefires_running_and_tests_run_lines_are_no_errors_of_their_own() -> None:
    for log in (SUREFIRE_3, SUREFIRE_2_22, SUREFIRE_2):
        report = scan(log)
        assert [e.test for e in report.errors] in (
            ["com.example.CalcTest.adds", "com.example.CalcTest.divides"],
            ["testAdd(com.example.CalcTest)", "testDivide(com.example.CalcTest)"],
        )
        assert not any("Running" in e.text or "Tests run" in e.text for e in report.errors)


def _as_github_shows_it(log: str) -> str:
    """Maven's output as a GitHub Actions job's page shows it (and a paste from
    it has it): each ``[ERROR] `` line an annotation, ``Error:  ``."""
    return "".join(
        "Error:  " + line.removeprefix("[ERROR] ") if line.startswith("[ERROR] ") else line
        for line in log.splitlines(True)
    )


# The compiler plugin's two listings of a javac error, as Maven prints them.
COMPILATION = """\
[ERROR] COMPILATION ERROR :
[ERROR] /p/src/main/java/com/example/Calc.java:[10,16] cannot find symbol
  symbol:   variable totl
  location: class com.example.Calc
[INFO] 1 error
[INFO] BUILD FAILURE
[ERROR] Failed to execute goal org.apache.maven.plugins:maven-compiler-plugin:3.11.0:compile \
(default-compile) on project calc: Compilation failure
[ERROR] /p/src/main/java/com/example/Calc.java:[10,16] cannot find symbol
[ERROR]   symbol:   variable totl
[ERROR]   location: class com.example.Calc
[ERROR] -> [Help 1]
"""


@pytest.mark.parametrize(("log", "errors"), [(SUREFIRE_3, 2), (COMPILATION, 1)])
def test_maven_s_errors_read_the_same_as_github_actions_shows_them(log: str, errors: int) -> None:
    def read(log: str) -> list[tuple[object, ...]]:
        return [(e.message, e.file, e.line, e.test, e.category) for e in scan(log).errors]

    shown = _as_github_shows_it(log)
    assert shown.count("Error:  ") >= 5
    assert read(shown) == read(log)
    assert len(read(shown)) == errors


def test_go_vet_lines_with_and_without_its_prefix_are_errors() -> None:
    prefixed, plain = scan(
        """
        # example.com/m
        vet: ./main.go:17:14: undeclared name: totl
        ./main.go:12:16: c.Total undefined (type Cart has no field or method Total)
        """
    ).errors
    assert (prefixed.file, prefixed.line, prefixed.column, prefixed.message) == (
        "./main.go",
        17,
        14,
        "undeclared name: totl",
    )
    assert (prefixed.category, plain.category) == ("reference", "type")


def test_an_unused_import_is_a_reference_error_and_a_missing_field_a_type_error() -> None:
    unused, field, undefined = scan(
        """
    # example.com/m
    ./main.go:5:2: imported and not used: "os"
    ./main.go:12:16: c.Total undefined (type Cart has no field or method Total)
    ./main.go:17:14: undefined: totl
        """,
        "go",
    ).errors
    assert (unused.message, unused.category) == ('imported and not used: "os"', "reference")
    assert (field.line, field.category) == (12, "type")
    assert (undefined.message, undefined.category) == ("undefined: totl", "reference")


GO_TEST = """
    --- FAIL: TestAdd (0.00s)
        calc_test.go:7: Add(2, 3) = -1, want 5
    --- FAIL: TestPick (0.00s)
    panic: runtime error: index out of range [5] with length 3 [recovered]
    \tpanic: runtime error: index out of range [5] with length 3

    goroutine 21 [running]:
    testing.tRunner.func1.2({0x518a00, 0xc0000d2048})
    \t/usr/lib/go-1.19/src/testing/testing.go:1396 +0x24e
    testing.tRunner.func1()
    \t/usr/lib/go-1.19/src/testing/testing.go:1399 +0x39f
    panic({0x518a00, 0xc0000d2048})
    \t/usr/lib/go-1.19/src/runtime/panic.go:884 +0x212
    example.com/m/calc.Pick(...)
    \t/tmp/g30/calc/calc.go:5
    example.com/m/calc.TestPick(0xc0000849c0?)
    \t/tmp/g30/calc/calc_test.go:12 +0x1d
    testing.tRunner(0xc000084d00, 0x52f308)
    \t/usr/lib/go-1.19/src/testing/testing.go:1446 +0x10b
    created by testing.(*T).Run
    \t/usr/lib/go-1.19/src/testing/testing.go:1493 +0x35f
    FAIL\texample.com/m/calc\t0.005s
    FAIL
"""


def test_a_go_test_that_panicked_is_one_error_the_panic_named_for_its_test() -> None:
    add, pick = scan(GO_TEST, "go").errors
    assert (add.test, add.file, add.line, add.message) == (
        "TestAdd",
        "calc_test.go",
        7,
        "Add(2, 3) = -1, want 5",
    )
    assert (pick.test, pick.file, pick.line, pick.category) == (
        "TestPick",
        "/tmp/g30/calc/calc.go",
        5,
        "runtime",
    )
    assert pick.message == "runtime error: index out of range [5] with length 3"


def test_a_t_errorf_failure_is_an_assertion() -> None:
    (err,) = scan(
        """
        --- FAIL: TestTotal (0.00s)
            cart_test.go:14: Total() = 7, expected 9
        FAIL
        FAIL\texample.com/m/cart\t0.002s
        """
    ).errors
    assert (err.file, err.line, err.category) == ("cart_test.go", 14, "assertion")


def test_go_test_v_prints_the_errorf_line_before_the_fail_line_and_it_is_read_so() -> None:
    (err,) = scan(
        """
        === RUN   TestLog
            calc_test.go:3: just a log line: 1
        --- PASS: TestLog (0.00s)
        === RUN   TestAdd
            calc_test.go:7: Add(2, 3) = -1, want 5
        --- FAIL: TestAdd (0.00s)
        FAIL
        FAIL\texample.com/m/calc\t0.003s
        """
    ).errors
    assert (err.test, err.file, err.line, err.message, err.category) == (
        "TestAdd",
        "calc_test.go",
        7,
        "Add(2, 3) = -1, want 5",
        "assertion",
    )


# ``go test -json ./calc/``: (action, test, output) of each event, written as go writes them.
_EVENTS = (
    ("run", "TestAdd", ""),
    ("output", "TestAdd", "=== RUN   TestAdd"),
    ("output", "TestAdd", "    calc_test.go:7: Add(2, 3) = -1, want 5"),
    ("output", "TestAdd", "--- FAIL: TestAdd (0.00s)"),
    ("fail", "TestAdd", ""),
    ("run", "TestPick", ""),
    ("output", "TestPick", "=== RUN   TestPick"),
    ("output", "TestPick", "--- FAIL: TestPick (0.00s)"),
    (
        "output",
        "TestPick",
        "panic: runtime error: index out of range [5] with length 3 [recovered]",
    ),
    ("output", "TestPick", "\tpanic: runtime error: index out of range [5] with length 3"),
    ("output", "TestPick", ""),
    ("output", "TestPick", "goroutine 19 [running]:"),
    ("output", "TestPick", "testing.tRunner.func1.2({0x518a00, 0xc0000d0030})"),
    ("output", "TestPick", "\t/usr/lib/go-1.19/src/testing/testing.go:1396 +0x24e"),
    ("output", "TestPick", "testing.tRunner.func1()"),
    ("output", "TestPick", "\t/usr/lib/go-1.19/src/testing/testing.go:1399 +0x39f"),
    ("output", "TestPick", "panic({0x518a00, 0xc0000d0030})"),
    ("output", "TestPick", "\t/usr/lib/go-1.19/src/runtime/panic.go:884 +0x212"),
    ("output", "TestPick", "example.com/m/calc.Pick(...)"),
    ("output", "TestPick", "\t/tmp/g30/calc/calc.go:5"),
    ("output", "TestPick", "example.com/m/calc.TestPick(0xc000096680?)"),
    ("output", "TestPick", "\t/tmp/g30/calc/calc_test.go:12 +0x1d"),
    ("output", "TestPick", "testing.tRunner(0xc0000969c0, 0x52f308)"),
    ("output", "TestPick", "\t/usr/lib/go-1.19/src/testing/testing.go:1446 +0x10b"),
    ("output", "TestPick", "created by testing.(*T).Run"),
    ("output", "TestPick", "\t/usr/lib/go-1.19/src/testing/testing.go:1493 +0x35f"),
    ("fail", "TestPick", ""),
    ("output", "", "FAIL\texample.com/m/calc\t0.004s"),
    ("fail", "", ""),
)


def _event(action: str, test: str, output: str) -> str:
    event: dict[str, object] = {"Time": "2026-11-26T22:51:59.401Z", "Action": action}
    event["Package"] = "example.com/m/calc"
    if test:
        event["Test"] = test
    if action == "output":
        event["Output"] = output + "\n"
    else:
        event["Elapsed"] = 0
    return json.dumps(event, separators=(",", ":"))


GO_TEST_JSON = "".join(_event(*e) + "\n" for e in _EVENTS)


def test_go_test_json_events_give_the_failures_their_output_holds() -> None:
    add, pick = scan(GO_TEST_JSON).errors
    assert (add.test, add.file, add.line, add.message, add.category) == (
        "TestAdd",
        "calc_test.go",
        7,
        "Add(2, 3) = -1, want 5",
        "assertion",
    )
    assert (pick.test, pick.file, pick.line, pick.category) == (
        "TestPick",
        "/tmp/g30/calc/calc.go",
        5,
        "runtime",
    )
    assert pick.message == "runtime error: index out of range [5] with length 3"
