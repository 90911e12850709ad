"""Ant's javac and junit tasks: javac's diagnostics under the task's ``[javac]``
name, each one error with the lines javac indents under it, its own build
file's warning a warning, and Ant's "BUILD FAILED" following from them; each
failed test of the junit task's plain report one error, its exception the
message. (Ant 1.10.13, OpenJDK 17's javac and JUnit 4.13, run here; older
javac, without "error:", and test reports as several projects' logs show them.)"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from test_detect import scan

ANT = """
Buildfile: /tmp/p/build.xml

compile:
    [mkdir] Created dir: /tmp/p/build
    [javac] /tmp/p/build.xml:4: warning: 'includeantruntime' was not set, defaulting to \
build.sysclasspath=last; set to false for repeatable builds
    [javac] Compiling 1 source file to /tmp/p/build
    [javac] /tmp/p/src/App.java:3: error: incompatible types: String cannot be converted to int
    [javac]     int x = "s";
    [javac]             ^
    [javac] /tmp/p/src/App.java:4: error: cannot find symbol
    [javac]     System.out.println(y);
    [javac]                        ^
    [javac]   symbol:   variable y
    [javac]   location: class App
    [javac] 2 errors

BUILD FAILED
/tmp/p/build.xml:4: Compile failed; see the compiler error output for details.
"""


def test_each_javac_diagnostic_under_ant_is_an_error_with_the_lines_under_it() -> None:
    report = scan(ANT)
    found = [(e.tool, e.file, e.line, e.category, e.span) for e in report.errors]
    assert found == [
        ("javac", "/tmp/p/src/App.java", 3, "type", (7, 9)),
        ("javac", "/tmp/p/src/App.java", 4, "reference", (10, 14)),
    ]
    assert [(w.file, w.line) for w in report.warnings] == [("/tmp/p/build.xml", 4)]
    # "BUILD FAILED", and the task that failed in its build file, follow from them
    assert report.errors[1].related == [(17, 18)]


def test_an_old_javac_s_diagnostic_without_error_is_an_error_too() -> None:
    report = scan(
        "    [javac] Compiling 29 source files to /home/ci/jhippo/build/classes\n"
        "    [javac] /home/ci/jhippo/src/jhippo/JHippo.java:32: package org.jibble.pircbot "
        "does not exist\n"
        "    [javac] import org.jibble.pircbot.IrcException;\n"
        "    [javac]                          ^\n"
        "    [javac] 1 error\n"
    )
    (err,) = report.errors
    assert (err.file, err.line, err.category) == (
        "/home/ci/jhippo/src/jhippo/JHippo.java",
        32,
        "dependency",
    )


# The junit task's plain formatter (usefile="false"), classes built with debug
# information: a message over several lines, empty ones among them.
JUNIT = (
    "\n".join(
        f"    [junit] {line}"
        for line in (
            "Testsuite: simpledb.systemtest.ScanTest",
            "Tests run: 3, Failures: 1, Errors: 1, Skipped: 0, Time elapsed: 0.237 sec",
            "",
            "Testcase: testSmall took 0.017 sec",
            "\tCaused an ERROR",
            "expected to find the following tuples:",
            "\t19128",
            "",
            "java.lang.AssertionError: expected to find the following tuples:",
            "\t19128",
            "",
            "\tat simpledb.systemtest.SystemTestUtil.matchTuples(SystemTestUtil.java:90)",
            "\tat simpledb.systemtest.ScanTest.testSmall(ScanTest.java:41)",
            "\tat java.base/jdk.internal.reflect.NativeMethodAccessorImpl.invoke0(Native Method)",
            "",
            "Testcase: testRewind took 0.002 sec",
            "Testcase: adds took 0 sec",
            "\tFAILED",
            "expected:<3> but was:<2>",
            "junit.framework.AssertionFailedError: expected:<3> but was:<2>",
            "\tat simpledb.AppTest.adds(AppTest.java:5)",
            "",
            "Test simpledb.systemtest.ScanTest FAILED",
        )
    )
    + "\n\nBUILD FAILED\n"
)


def test_each_failed_test_of_ant_s_junit_task_is_one_error_its_exception_the_message() -> None:
    report = scan(JUNIT)
    found = [(e.tool, e.test, e.file, e.line, e.category, e.message) for e in report.errors]
    assert found == [
        (
            "junit",
            "testSmall",
            "SystemTestUtil.java",
            90,
            "assertion",
            "java.lang.AssertionError: expected to find the following tuples:",
        ),
        (
            "junit",
            "adds",
            "AppTest.java",
            5,
            "assertion",
            "junit.framework.AssertionFailedError: expected:<3> but was:<2>",
        ),
    ]


@pytest.mark.skipif(shutil.which("ant") is None, reason="ant is not installed")
def test_ant_s_real_output_gives_each_of_javac_s_errors(tmp_path: Path) -> None:
    import subprocess

    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "App.java").write_text(
        'public class App {\n  public static void main(String[] a) {\n    int x = "s";\n'
        "    System.out.println(y);\n  }\n}\n"
    )
    (tmp_path / "build.xml").write_text(
        '<project name="p" default="compile"><target name="compile">'
        '<mkdir dir="build"/><javac srcdir="src" destdir="build"/></target></project>\n'
    )
    done = subprocess.run(["ant"], cwd=tmp_path, capture_output=True, text=True, timeout=120)
    report = scan(done.stdout + done.stderr)
    assert [(e.line, e.tool) for e in report.errors] == [(3, "javac"), (4, "javac")]


JARS = ("/usr/share/java/junit4.jar", "/usr/share/java/hamcrest-core.jar")


@pytest.mark.skipif(
    shutil.which("ant") is None or not all(Path(j).exists() for j in JARS),
    reason="ant or JUnit 4 is not installed",
)
def test_ant_s_real_junit_report_gives_each_failed_test(tmp_path: Path) -> None:
    import subprocess

    (tmp_path / "test").mkdir()
    (tmp_path / "test" / "AppTest.java").write_text(
        "import org.junit.Test;\nimport static org.junit.Assert.*;\npublic class AppTest {\n"
        "  @Test public void adds() { assertEquals(3, 1 + 1); }\n"
        "  @Test public void npe() { String s = null; s.length(); }\n}\n"
    )
    cp = "".join(f'<pathelement location="{j}"/>' for j in (*JARS, "build"))
    (tmp_path / "build.xml").write_text(
        f'<project name="p" default="test"><path id="cp">{cp}</path><target name="test">'
        '<mkdir dir="build"/><javac srcdir="test" destdir="build" debug="true" '
        'includeantruntime="false" classpathref="cp"/><junit haltonfailure="yes">'
        '<classpath refid="cp"/><formatter type="plain" usefile="false"/>'
        '<test name="AppTest"/></junit></target></project>\n'
    )
    done = subprocess.run(["ant"], cwd=tmp_path, capture_output=True, text=True, timeout=180)
    found = sorted((e.test, e.line, e.category) for e in scan(done.stdout + done.stderr).errors)
    assert found == [("adds", 4, "assertion"), ("npe", 5, "runtime")]


def test_the_task_that_failed_at_the_end_of_ants_chain_of_build_files_is_the_error() -> None:
    # Ant's BUILD FAILED, pasted without the compiler's output above it.
    report = scan(
        """
        BUILD FAILED

        /home/user/app/build.xml:17: The following error occurred while executing this line:
        /home/user/app/common.xml:409: The following error occurred while executing this line:
        /home/user/app/common.xml:118: Compile failed; see the compiler error output for details.
        \tat org.apache.tools.ant.ProjectHelper.addLocationToBuildException(ProjectHelper.java:575)
        \tat org.apache.tools.ant.taskdefs.Ant.execute(Ant.java:443)
        """
    )
    (err,) = report.errors
    assert (err.tool, err.file, err.line, err.category) == (
        "ant",
        "/home/user/app/common.xml",
        118,
        "build",
    )
