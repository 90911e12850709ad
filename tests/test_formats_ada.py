"""Ada: GNAT's diagnostics and the exceptions a GNAT program let go.

The outputs are real runs of GNAT 12 (Debian bookworm's gnat, through
gnatmake); the layout of gprbuild's failure line is as GPRbuild's manual
prints it.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from test_detect import scan

from pytest_errlearn.detect import detect


def test_a_gnat_message_of_several_lines_is_one_error_that_says_them_all() -> None:
    report = scan(
        """
        x86_64-linux-gnu-gcc-12 -c hello.adb
        hello.adb:3:19: error: expected type "Standard.Integer"
        hello.adb:3:19: error: found a string type
        hello.adb:5:19: error: missing ";"
        hello.adb:6:04: error: "Y" is undefined
        gnatmake: "hello.adb" compilation error
        """
    )
    assert [(e.file, e.line, e.column, e.category) for e in report.errors] == [
        ("hello.adb", 3, 19, "type"),
        ("hello.adb", 5, 19, "syntax"),
        ("hello.adb", 6, 4, "reference"),
    ]
    first = report.errors[0]
    assert first.message == 'expected type "Standard.Integer"; found a string type'
    assert (first.tool, first.span) == ("gnat", (2, 3))
    assert report.errors[-1].related == [(6, 6)]  # gnatmake's line follows from them


def test_gnats_warnings_and_style_checks_are_warnings() -> None:
    report = scan(
        """
        st.adb:2:08: (style) bad casing of "Integer" declared in Standard
        st.adb:4:04: warning: possibly useless assignment to "x" [-gnatwm]
        """
    )
    assert report.errors == [] and len(report.warnings) == 2


def test_a_unit_no_source_path_holds_is_a_dependency() -> None:
    (err,) = scan('w.adb:1:06: error: file "missing_pkg.ads" not found').errors
    assert (err.file, err.line, err.category) == ("w.adb", 1, "dependency")


@pytest.mark.parametrize(
    ("raised", "where", "message", "category"),
    [
        (
            "raised CONSTRAINT_ERROR : rt.adb:6 range check failed",
            ("rt.adb", 6),
            "CONSTRAINT_ERROR: range check failed",
            "runtime",
        ),
        (
            "raised ADA.IO_EXCEPTIONS.NAME_ERROR : data.txt: No such file or directory",
            (None, None),
            "ADA.IO_EXCEPTIONS.NAME_ERROR: data.txt: No such file or directory",
            "filesystem",
        ),
        (
            "raised EX.MY_ERROR : custom message",
            (None, None),
            "EX.MY_ERROR: custom message",
            "runtime",
        ),
    ],
)
def test_an_exception_a_gnat_program_let_go_is_its_error(
    raised: str, where: tuple[str | None, int | None], message: str, category: str
) -> None:
    report = scan(
        f"""
        Execution of ./io terminated by unhandled exception
        {raised}
        Call stack traceback locations:
        0x7f0aa5c9b56d 0x7f0aa5c0961d 0x5582d48af885
        """
    )
    (err,) = report.errors
    assert ((err.file, err.line), err.message, err.category) == (where, message, category)
    assert err.span == (2, 4)


@pytest.mark.skipif(shutil.which("gnatmake") is None, reason="GNAT is not installed")
def test_a_real_gnat_build_and_run_are_read(tmp_path: Path) -> None:
    (tmp_path / "rt.adb").write_text(
        "procedure Rt is\n   type Arr is array (1 .. 3) of Integer;\n   A : Arr := (others => 0);\n"
        "   I : Integer := 5;\nbegin\n   A (I) := 1;\n   Undefined := 2;\nend Rt;\n"
    )
    build = subprocess.run(["gnatmake", "rt.adb"], cwd=tmp_path, capture_output=True, check=False)
    (err,) = detect(build.stdout + build.stderr).errors
    assert (err.file, err.line, err.category) == ("rt.adb", 7, "reference")
    (tmp_path / "rt.adb").write_text(
        (tmp_path / "rt.adb").read_text().replace("   Undefined := 2;\n", "")
    )
    subprocess.run(["gnatmake", "rt.adb"], cwd=tmp_path, capture_output=True, check=True)
    run = subprocess.run(["./rt"], cwd=tmp_path, capture_output=True, check=False)
    (err,) = detect(run.stdout + run.stderr).errors
    assert (err.file, err.line, err.message) == (
        "rt.adb",
        6,
        "CONSTRAINT_ERROR: range check failed",
    )
