r"""The sanitizers of GCC and Clang (compiler-rt's runtimes): AddressSanitizer
and LeakSanitizer, ThreadSanitizer, MemorySanitizer, and UndefinedBehaviorSanitizer.

A report opens with what went wrong, then lists the stacks that explain it,
innermost frame first, and closes with a summary naming the top frame::

    ==305==ERROR: AddressSanitizer: heap-use-after-free on address 0x6020... at pc ...
    READ of size 4 at 0x602000000014 thread T0
        #0 0x55bc45199282 in main /src/uaf.c:6
        ...
    SUMMARY: AddressSanitizer: heap-use-after-free /src/uaf.c:6 in main

(ThreadSanitizer opens with ``WARNING: ThreadSanitizer: data race (pid=405)``
and writes its frames without the address; GCC 4.8's and Clang 3.x's runtimes
wrote ``==6254== ERROR: AddressSanitizer: ...``, a space after the pid, and
the first ones no colon after the sanitizer's name.) The error is the kind of
report, at the innermost frame in the project's code: the first stack's, as
the sanitizer's own frames and libc's come first in some. UBSan reports each
finding on a line of its own: ``ub.c:2:40: runtime error: ...``.
"""

from __future__ import annotations

from ...report import Error
from ..reader import Reader
from . import Format, regex

ORDER = 30  # before c.py's gcc row: UBSan's "file:line:col: runtime error:" is no compile error

_KINDS = r"(?:Address|Leak|Thread|Memory|HWAddress|UndefinedBehavior)Sanitizer"
_PID = r"(?:==\d+== ?)?"  # "==305==", or "==305== " before 2014
# A frame: "#0 0x55bc45199282 in main /src/uaf.c:6" (Clang: ":6:16"), or
# ThreadSanitizer's "#0 work /src/race.c:4 (race+0x11e0)".
_FRAME = regex(
    r"^\s+#\d+ (?:0x[0-9a-f]+ in )?\S+ (?P<file>[^\s:()]+):(?P<line>\d+)(?::(?P<col>\d+))?"
)
# The sanitizer's own sources and libc's: never where the project went wrong.
_RUNTIME = regex(r"libsanitizer|compiler-rt|/sysdeps/|/csu/|^\.\./|^/usr/(?:include|lib)/")
_END = regex(r"^SUMMARY: ")
_NEXT = regex(rf"^{_PID}(?:ERROR|WARNING): {_KINDS}:? ")  # another report


class SanitizerReport(Reader):
    """A sanitizer's report, up to its ``SUMMARY:`` line (or the next report):
    its stacks, the sections between them, the sanitizer's notes (``==305==The
    signal is caused by a READ memory access.``); the place, the innermost
    frame in the project."""

    frames_wanted = False

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.over = False

    def accept(self, line: str) -> bool:
        if self.over or _NEXT.match(line):
            return False
        self.over = _END.match(line) is not None
        return True

    def finish(self) -> None:
        for line in self.err.block[1:]:
            m = _FRAME.match(line)
            if m is not None and _RUNTIME.search(m["file"]) is None:
                self.err.file, self.err.line = m["file"], int(m["line"])
                self.err.column = int(m["col"]) if m["col"] else None
                return


READERS = {"sanitizer": SanitizerReport}

ROWS = (
    Format(
        "sanitizer-report",
        rf"^{_PID}(?:ERROR|WARNING): (?P<msg>{_KINDS}:? [^(]*?)"
        r"(?: on (?:unknown )?address 0x[0-9a-f]+.*| \(pid=\d+\))?\s*$",
        tool="sanitizer",
        category="runtime",
        block="sanitizer",
        rank=3,
        words=("sanitizer:",),
        examples=(
            "==305==ERROR: AddressSanitizer: heap-use-after-free on address 0x602000000014 at pc"
            " 0x55bc45199283 bp 0x7fff11431d60 sp 0x7fff11431d58",
            "==396==ERROR: LeakSanitizer: detected memory leaks",
            "WARNING: ThreadSanitizer: data race (pid=405)",
            # Clang 3.1's documentation; an OpenJPEG report of 2016 (GCC 4.8); Chromium's of 2012
            "==6254== ERROR: AddressSanitizer: heap-use-after-free on address 0x603e0001fc64 at pc"
            " 0x417f6a bp 0x7fff626b3250 sp 0x7fff626b3248",
            "==31274== ERROR: AddressSanitizer: SEGV on unknown address 0x00000000",
            "==2861== ERROR: AddressSanitizer heap-buffer-overflow on address 0x7f553684113a at pc"
            " 0x7f554e128838 bp 0x7ffff1766c40 sp 0x7ffff1766c38",
        ),
    ),
    Format(  # a report's last line, where its block was full before it
        "sanitizer-summary",
        rf"^SUMMARY: (?P<msg>{_KINDS}: .+)$",
        tool="sanitizer",
        role="consequence",
        rank=0,
        words=("sanitizer:",),
        examples=("SUMMARY: AddressSanitizer: heap-use-after-free /src/uaf.c:6 in main",),
    ),
    Format(  # at the end of the run, after every report
        "sanitizer-count",
        r"^(?P<msg>ThreadSanitizer: reported [1-9]\d* warnings?)\s*$",
        tool="sanitizer",
        role="consequence",
        rank=0,
        words=("sanitizer:",),
        examples=("ThreadSanitizer: reported 1 warnings",),
    ),
    Format(
        "ubsan",
        r"^(?P<file>(?:[A-Za-z]:)?[^\s:]+):(?P<line>\d+):(?P<col>\d+): runtime error: (?P<msg>.+)$",
        seek=r": runtime error: ",
        tool="ubsan",
        category="runtime",
        rank=2,
        words=("runtime error: ",),
        examples=(
            "ub.c:2:40: runtime error: signed integer overflow: 2147483647 + 1 cannot be"
            " represented in type 'int'",
            "ub.c:2:89: runtime error: index 3 out of bounds for type 'int [2]'",
        ),
    ),
)
