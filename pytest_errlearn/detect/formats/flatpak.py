"""flatpak-builder, which builds a Flatpak app from a manifest's modules.

It builds each module in turn (``Building module foo in /.../.flatpak-builder/build/
foo-1``, the module's build system's own output under it) and where a module's
command fails ends with ``Error: module foo: Child process exited with code 1`` (or
``killed by signal 11``): that follows from the module's output above it, the
compiler's or the build system's own errors. Where none of those is read (a
command killed, a module whose build prints nothing), it is the error itself.
"""

from __future__ import annotations

from . import Format

COMMANDS = {"flatpak-builder": "flatpak-builder"}
BUILDS: dict[str, frozenset[str] | None] = {"flatpak-builder": None}

ROWS = (
    Format(  # a module's command failed: its own output above says why
        "flatpak-builder-module",
        r"^Error: (?P<msg>module [^\s:]+: Child process (?:exited with code|killed by signal)"
        r" \d+)$",
        tool="flatpak-builder",
        role="count",  # follows from the module's errors read above it, else it is the error
        category="build",
        rank=2,
        examples=(
            "Error: module libfoo: Child process exited with code 2",
            "Error: module app-setup: Child process killed by signal 11",
        ),
    ),
)
