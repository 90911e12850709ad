"""GLib's messages (GTK, GNOME and the C programs built on GLib): a failed
``g_assert`` in a GLib test, and the criticals, errors and warnings the
library and programs log::

    **
    ERROR:tests/calc.c:12:test_add: assertion failed (a + b == 4): (3 == 4)
    Bail out! ERROR:tests/calc.c:12:test_add: assertion failed (a + b == 4): (3 == 4)

    (gedit:1234): Gtk-CRITICAL **: 10:12:03.456: gtk_widget_show: assertion 'x' failed
"""

from __future__ import annotations

from . import Format

_ASSERT = r"ERROR:(?P<file>[^\s:]+):(?P<line>\d+):(?P<func>[^\s:]+): (?P<msg>.+)$"

ROWS = (
    Format(  # a g_assert that failed: the place, the test's function, what it compared
        "glib-assert",
        r"^" + _ASSERT,
        tool="glib",
        rank=3,
        examples=("ERROR:t.c:2:test_add: assertion failed (a + b == 4): (3 == 4)",),
    ),
    Format(  # ... which the test harness says again for TAP
        "glib-bail-out",
        r"^Bail out! " + _ASSERT,
        tool="glib",
        role="consequence",
        rank=0,
        examples=("Bail out! ERROR:../tests/calc.c:42:test_add: assertion failed: (x == 2)",),
    ),
    Format(  # a message GLib logged: CRITICAL and ERROR an error, WARNING a warning
        "glib-log",
        r"^(?:\*\* )?\([^():\s]+:\d+\): (?:[\w-]+-)?(?P<sev>CRITICAL|ERROR|WARNING) \*\*: "
        r"(?:\d\d:\d\d:\d\d\.\d+: )?(?P<msg>\S.*)$",
        tool="glib",
        category="runtime",
        rank=2,
        examples=(
            "** (process:24679): CRITICAL **: 19:39:56.796: main: assertion '1 == 2' failed",
            "(gnome-shell:1234): Gtk-CRITICAL **: 10:12:03.456: gtk_widget_show: assertion "
            "'GTK_IS_WIDGET (widget)' failed",
            "** (process:24704): WARNING **: 19:40:02.435: just a warning 1",
        ),
    ),
)
