"""The sanitizers, their real reports here (GCC 12's runtimes): AddressSanitizer,
LeakSanitizer, ThreadSanitizer and UndefinedBehaviorSanitizer."""

from __future__ import annotations

from test_detect import scan


def test_a_use_after_free_is_one_error_at_the_project_s_frame() -> None:
    (err,) = scan(
        """
    =================================================================
    ==305==ERROR: AddressSanitizer: heap-use-after-free on address 0x602000000014 at pc 0x55bc45199283 bp 0x7fff11431d60 sp 0x7fff11431d58
    READ of size 4 at 0x602000000014 thread T0
        #0 0x55bc45199282 in main /src/uaf.c:6
        #1 0x7f5943045249 in __libc_start_call_main ../sysdeps/nptl/libc_start_call_main.h:58
        #2 0x7f5943045304 in __libc_start_main_impl ../csu/libc-start.c:360
        #3 0x55bc45199110 in _start (/src/uaf+0x1110)

    0x602000000014 is located 4 bytes inside of 16-byte region [0x602000000010,0x602000000020)
    freed by thread T0 here:
        #0 0x7f5943ab76a8 in __interceptor_free ../../../../src/libsanitizer/asan/asan_malloc_linux.cpp:52
        #1 0x55bc451991fb in main /src/uaf.c:5
        #2 0x7f5943045249 in __libc_start_call_main ../sysdeps/nptl/libc_start_call_main.h:58

    previously allocated by thread T0 here:
        #0 0x7f5943ab89cf in __interceptor_malloc ../../../../src/libsanitizer/asan/asan_malloc_linux.cpp:69
        #1 0x55bc451991eb in main /src/uaf.c:4
        #2 0x7f5943045249 in __libc_start_call_main ../sysdeps/nptl/libc_start_call_main.h:58

    SUMMARY: AddressSanitizer: heap-use-after-free /src/uaf.c:6 in main
    Shadow bytes around the buggy address:
      0x0c047fff7ff0: 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00
    =>0x0c047fff8000: fa fa[fd]fd fa fa fa fa fa fa fa fa fa fa fa fa
    ==305==ABORTING
        """  # noqa: E501
    ).errors
    assert (err.message, err.category, err.file, err.line) == (
        "AddressSanitizer: heap-use-after-free",
        "runtime",
        "/src/uaf.c",
        6,
    )
    assert err.span == (2, 20)  # up to the summary: the shadow bytes are no error


def test_a_leak_is_at_the_function_that_allocated_it_not_the_interceptor() -> None:
    (err,) = scan(
        """

    =================================================================
    ==396==ERROR: LeakSanitizer: detected memory leaks

    Direct leak of 16 byte(s) in 1 object(s) allocated from:
        #0 0x7fa0a24b89cf in __interceptor_malloc ../../../../src/libsanitizer/asan/asan_malloc_linux.cpp:69
        #1 0x5602a7ba5166 in make /src/leak.c:2
        #2 0x5602a7ba5171 in main /src/leak.c:3
        #3 0x7fa0a2245249 in __libc_start_call_main ../sysdeps/nptl/libc_start_call_main.h:58

    SUMMARY: AddressSanitizer: 16 byte(s) leaked in 1 allocation(s).
        """  # noqa: E501
    ).errors
    assert (err.message, err.file, err.line) == (
        "LeakSanitizer: detected memory leaks",
        "/src/leak.c",
        2,
    )


def test_a_data_race_is_at_the_racing_line_and_the_count_after_it_follows() -> None:
    report = scan(
        """
    ==================
    WARNING: ThreadSanitizer: data race (pid=405)
      Read of size 4 at 0x557c37b6005c by thread T2:
        #0 work /src/race.c:4 (race+0x11e0)

      Previous write of size 4 at 0x557c37b6005c by thread T1:
        #0 work /src/race.c:4 (race+0x11f8)

      Location is global 'counter' of size 4 at 0x557c37b6005c (race+0x405c)

      Thread T2 (tid=408, running) created by main thread at:
        #0 pthread_create ../../../../src/libsanitizer/tsan/tsan_interceptors_posix.cpp:1001 (libtsan.so.2+0x5e686)
        #1 main /src/race.c:8 (race+0x1260)

      Thread T1 (tid=407, finished) created by main thread at:
        #0 pthread_create ../../../../src/libsanitizer/tsan/tsan_interceptors_posix.cpp:1001 (libtsan.so.2+0x5e686)
        #1 main /src/race.c:7 (race+0x1243)

    SUMMARY: ThreadSanitizer: data race /src/race.c:4 in work
    ==================
    ThreadSanitizer: reported 1 warnings
    2
        """  # noqa: E501
    )
    (err,) = report.errors
    assert (err.message, err.file, err.line) == ("ThreadSanitizer: data race", "/src/race.c", 4)
    assert err.related  # "ThreadSanitizer: reported 1 warnings"


def test_each_undefined_behaviour_is_an_error_at_its_line_and_column() -> None:
    report = scan(
        """
    ub.c:2:40: runtime error: signed integer overflow: 2147483647 + 1 cannot be represented in type 'int'
    ub.c:2:89: runtime error: index 3 out of bounds for type 'int [2]'
    ub.c:2:67: runtime error: load of address 0x7ffec339097c with insufficient space for an object of type 'int'
    0x7ffec339097c: note: pointer points here
      03 00 00 00 00 00 00 80  00 00 00 00 00 00 00 00  a8 0a 39 c3 fe 7f 00 00  01 00 00 00 00 00 00 00
                  ^
    -2147483648 -2147483648
        """  # noqa: E501
    )
    assert [(e.line, e.column, e.tool, e.message[:24]) for e in report.errors] == [
        (2, 40, "ubsan", "signed integer overflow:"),
        (2, 89, "ubsan", "index 3 out of bounds fo"),
        (2, 67, "ubsan", "load of address 0x7ffec3"),
    ]


def test_an_older_runtime_s_report_a_space_after_its_pid_is_read_the_same() -> None:
    # Clang 3.1's documentation of AddressSanitizer; GCC 4.8's runtime wrote the same
    (err,) = scan(
        """
    ==6254== ERROR: AddressSanitizer: heap-use-after-free on address 0x603e0001fc64 at pc 0x417f6a bp 0x7fff626b3250 sp 0x7fff626b3248
    READ of size 4 at 0x603e0001fc64 thread T0
        #0 0x417f69 in main test.cpp:5
        #1 0x7fae62b5076c in __libc_start_main /build/buildd/eglibc-2.15/csu/libc-start.c:226
    0x603e0001fc64 is located 4 bytes inside of 400-byte region [0x603e0001fc60,0x603e0001fdf0)
    freed by thread T0 here:
        #0 0x40d4d2 in operator delete[](void*) /home/kcc/llvm/projects/compiler-rt/lib/asan/asan_new_delete.cc:61
        #1 0x417f2e in main test.cpp:4
    ==6254== ABORTING
        """  # noqa: E501
    ).errors
    assert (err.message, err.tool, err.category, err.file, err.line) == (
        "AddressSanitizer: heap-use-after-free",
        "sanitizer",
        "runtime",
        "test.cpp",
        5,
    )
