"""Ant's javac task: javac's diagnostics under the task's ``[javac]`` name, each
one error with the lines javac indents under it, its own build file's warning a
warning, and Ant's "BUILD FAILED" following from them. (Ant 1.10.13 and
OpenJDK 17's javac, run here; older javac, without "error:", as several
projects' logs show it.)"""

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
    assert report.errors[1].related == [(17, 17)]  # "BUILD FAILED" follows from them


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
