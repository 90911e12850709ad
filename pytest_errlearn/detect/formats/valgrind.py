"""Valgrind (memcheck, and helgrind's races): each error a block of lines after
the process's ``==PID==``, its stack innermost first::

    ==24937== Invalid read of size 4
    ==24937==    at 0x109168: total (cart.c:2)
    ==24937==    by 0x1091D0: main (cart.c:3)
    ==24937==  Address 0x4a48054 is 0 bytes after a block of size 20 alloc'd

A leak is the same, under ``20 bytes in 1 blocks are definitely lost in loss
record 1 of 2``: the stack of where the memory was allocated. The error is at
the innermost frame with a source place. ``ERROR SUMMARY`` only counts them.
"""

from __future__ import annotations

from ..frames import is_user_path
from ..reader import Reader
from . import Format, regex

COMMANDS = {"valgrind": "valgrind"}
BUILDS: dict[str, frozenset[str] | None] = {"valgrind": None}

_PID = r"^==\d+== "


class ValgrindError(Reader):
    """The error's lines, up to the bare ``==PID==`` that ends it."""

    frames_wanted = False
    _BODY = regex(r"^==\d+== +\S")
    _FRAME = regex(
        r"^==\d+== +(?:at|by) 0x[0-9A-Fa-f]+: .*? \((?P<file>[^\s():]+):(?P<line>\d+)\)$"
    )

    def accept(self, line: str) -> bool:
        return self._BODY.match(line) is not None

    def finish(self) -> None:
        places = [m for line in self.err.block[1:] if (m := self._FRAME.match(line))]
        where = next((m for m in places if is_user_path(m["file"])), None) or next(
            iter(places), None
        )
        if where is not None:
            self.err.file, self.err.line = where["file"], int(where["line"])


READERS = {"valgrind": ValgrindError}

ROWS = (
    Format(
        "valgrind-error",
        _PID
        + r"(?P<msg>(?:Invalid (?:read|write) of size \d+|Invalid free\(\) / delete / delete\[\] "
        r"/ realloc\(\)|Mismatched free\(\) / delete / delete ?\[\]|Conditional jump or move "
        r"depends on uninitialised value\(s\)|Use of uninitialised value of size \d+|Syscall "
        r"param .+ (?:points to|contains) uninitialised byte\(s\)|Source and destination "
        r"overlap in .+|[\d,]+ (?:\([\d,]+ direct, [\d,]+ indirect\) )?bytes in [\d,]+ blocks "
        r"are (?:definitely|possibly) lost in loss record .+|Possible data race during .+|"
        r"Process terminating with default action of signal .+|Thread #\d+: lock order .+))$",
        tool="valgrind",
        category="runtime",
        block="valgrind",
        rank=3,
        words=(
            "== invalid",
            "uninitialised",
            "blocks are",
            "data race",
            "mismatched free",
            "overlap in",
            "lock order",
            "process terminating",
        ),
        examples=(
            "==24937== Invalid read of size 4",
            "==24937== 20 bytes in 1 blocks are definitely lost in loss record 1 of 2",
            "==9== Conditional jump or move depends on uninitialised value(s)",
            "==9== Possible data race during write of size 4 at 0x10C014 by thread #3",
        ),
    ),
    Format(  # the count of the errors said above it; none, where it says 0
        "valgrind-summary",
        _PID + r"(?P<msg>ERROR SUMMARY: [1-9][\d,]* errors? from .+)$",
        tool="valgrind",
        role="consequence",
        rank=0,
        examples=("==24937== ERROR SUMMARY: 3 errors from 3 contexts (suppressed: 0 from 0)",),
    ),
)
