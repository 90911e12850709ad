"""gfortran, GCC's Fortran compiler: unlike gcc's C, the place is on a line of
its own, the quoted source and a marker under it follow, then what is wrong::

    src/solver.f90:4:7:

        4 |   x = y + 1
          |       1
    Error: Symbol 'y' at (1) has no IMPLICIT type

Two places in one message are marked (1) and (2) in the quote. ``Warning:``
and ``Fatal Error:`` read the same. The shared ``placed`` reader reads the
lines under the place.
"""

from __future__ import annotations

from . import Format

COMMANDS = dict.fromkeys(("gfortran", "f95"), "gfortran")
BUILDS: dict[str, frozenset[str] | None] = dict.fromkeys(("gfortran", "f95"), None)

_AT = r":(?P<line>\d+):(?P<col>\d+)(?:-\d+)?:$"  # the place ends the line

ROWS = (
    Format(
        "gfortran-place",
        r"^\s*(?P<file>[^\s:]+\.(?:f|for|ftn|f77|f90|f95|f03|f08|F|FOR|FTN|F77|F90|F95|F03|F08))"
        + _AT,
        seek=_AT,
        tool="gfortran",
        block="placed",
        rank=2,
        examples=("src/solver.f90:4:7:", "/home/ci/build/lib/io.F90:120:15:", "main.f:12:72-80:"),
    ),
)
