"""Arch Linux's package builder, makepkg, and the AUR helpers that run it (yay, paru,
pikaur).

makepkg says each step on a line of its own, ``==> `` first (``==> Starting
build()...``; a detail under it ``  -> ``), and an error as ``==> ERROR: ...``:
``==> ERROR: A failure occurred in build().`` with ``    Aborting...`` under it
follows from what the PKGBUILD's function printed above it (a compiler's error, the
shell's ``PKGBUILD: line 28: make: command not found``); the others are its own
(``==> ERROR: One or more files did not pass the validity check!``, ``==> ERROR:
Could not resolve all dependencies.``, ``==> ERROR: Failure while downloading
foo.tar.gz``).
"""

from __future__ import annotations

from ..reader import Reader
from . import Format, regex, said_in

COMMANDS = {"makepkg": "makepkg", "makepkg-mingw": "makepkg"}
BUILDS: dict[str, frozenset[str] | None] = {"makepkg": None, "makepkg-mingw": None}

_CATEGORIES = (
    ("dependency", regex(r"(?i)dependencies|is not installed")),
    ("network", regex(r"(?i)while downloading")),
    ("config", regex(r"(?i)validity check|PKGBUILD")),
)


class MakepkgError(Reader):
    """makepkg's ``==> ERROR:``, its ``Aborting...`` under it: a consequence where a
    function of the PKGBUILD failed (its own output above says why)."""

    frames_wanted = False
    _ABORTING = regex(r"^ +Aborting\.\.\.$")
    _FUNCTION = regex(r"^A failure occurred in \w+\(\)")

    def accept(self, line: str) -> bool:
        return self.count == 0 and self._ABORTING.match(line) is not None

    def finish(self) -> None:
        self.consequence = self._FUNCTION.match(self.err.message) is not None

    def category(self) -> str | None:
        if self.consequence:
            return "build"
        return said_in(_CATEGORIES, self.err.message)


READERS = {"makepkg-error": MakepkgError}

ROWS = (
    Format(
        "makepkg-error",
        r"^==> ERROR: (?P<msg>\S.*)$",
        tool="makepkg",
        block="makepkg-error",
        rank=0,  # below make's line, where both only follow from what is not in the log
        examples=(
            "==> ERROR: A failure occurred in build().",
            "==> ERROR: One or more files did not pass the validity check!",
        ),
    ),
)
