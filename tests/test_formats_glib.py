"""GLib's failed assertions and logged criticals, as GLib 2.74 printed them
here (Debian bookworm's libglib2.0-dev): a GLib test, g_return_if_fail,
g_warning and g_error."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from test_detect import scan

from pytest_errlearn.detect import detect


def test_a_failed_g_assert_is_one_error_at_its_place_the_bail_out_follows() -> None:
    report = scan(
        """
        # Start of calc tests
        ok 1 /calc/ok
        **
        ERROR:t.c:2:test_add: assertion failed (a + b == 4): (3 == 4)
        Bail out! ERROR:t.c:2:test_add: assertion failed (a + b == 4): (3 == 4)
        """
    )
    (err,) = report.errors
    assert (err.file, err.line, err.tool, err.category) == ("t.c", 2, "glib", "assertion")
    assert err.message == "assertion failed (a + b == 4): (3 == 4)"
    assert err.related == [(5, 5)]


def test_glibs_criticals_and_errors_are_errors_its_warnings_warnings() -> None:
    report = scan(
        """
        ** (process:24704): WARNING **: 19:40:02.435: just a warning 1
        ** Message: 19:40:02.436: info
        (gedit:1234): Gtk-CRITICAL **: 10:12:03.456: gtk_widget_show: assertion 'w' failed
        ** (process:24704): ERROR **: 19:40:02.436: fatal thing
        """
    )
    assert [e.message for e in report.errors] == [
        "gtk_widget_show: assertion 'w' failed",
        "fatal thing",
    ]
    assert [w.message for w in report.warnings] == ["just a warning 1"]


@pytest.mark.skipif(
    shutil.which("gcc") is None or shutil.which("pkg-config") is None, reason="no gcc"
)
def test_a_real_glib_test_that_fails_is_read(tmp_path: Path) -> None:
    flags = subprocess.run(
        ["pkg-config", "--cflags", "--libs", "glib-2.0"], capture_output=True, text=True
    )
    if flags.returncode != 0:
        pytest.skip("GLib's development files are not installed")
    (tmp_path / "t.c").write_text(
        "#include <glib.h>\n"
        "static void test_add(void) { g_assert_cmpint(1 + 2, ==, 4); }\n"
        "int main(int argc, char **argv) {\n"
        '  g_test_init(&argc, &argv, NULL); g_test_add_func("/calc/add", test_add);\n'
        "  return g_test_run();\n}\n"
    )
    subprocess.run(["gcc", "t.c", *flags.stdout.split(), "-o", "t"], cwd=tmp_path, check=True)
    run = subprocess.run(["./t"], cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    (err,) = detect(run.stdout).errors
    assert (err.file, err.line, err.category) == ("t.c", 2, "assertion")
