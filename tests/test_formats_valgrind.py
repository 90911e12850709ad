"""Valgrind 3.19's memcheck: each error at the innermost frame with a place."""

from __future__ import annotations

from test_detect import scan

MEMCHECK = """
==24937== Invalid read of size 4
==24937==    at 0x109168: total (vg.c:2)
==24937==    by 0x1091D0: main (vg.c:3)
==24937==  Address 0x4a48054 is 0 bytes after a block of size 20 alloc'd
==24937==    at 0x48417B4: malloc (in /usr/libexec/valgrind/vgpreload_memcheck-amd64-linux.so)
==24937==    by 0x10918F: main (vg.c:3)
==24937==
==24937== 20 bytes in 1 blocks are definitely lost in loss record 1 of 2
==24937==    at 0x48417B4: malloc (in /usr/libexec/valgrind/vgpreload_memcheck-amd64-linux.so)
==24937==    by 0x10918F: main (vg.c:3)
==24937==
==24937== ERROR SUMMARY: 2 errors from 2 contexts (suppressed: 0 from 0)
"""


def test_each_memory_error_is_at_the_innermost_frame_with_a_place() -> None:
    invalid, leak = scan(MEMCHECK).errors
    assert (invalid.message, invalid.file, invalid.line, invalid.span) == (
        "Invalid read of size 4",
        "vg.c",
        2,
        (1, 6),
    )
    assert (leak.line, leak.category, leak.tool) == (3, "runtime", "valgrind")
