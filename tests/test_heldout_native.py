"""Native builds as users meet them: the shapes of gcc, ld, cmake, configure,
ctest, cargo and go output that their everyday failures print. The outputs are
real (gcc 12, cmake 3.25, autoconf 2.71, ctest 3.25, cargo 1.95, go 1.19 on
Debian 12), trimmed, their paths made neutral; where the tool here is not the
version that prints a shape (old libtest, a checksum mismatch that needs a
module proxy), the lines are written in the tool's documented shape."""

from __future__ import annotations

from test_detect import scan


def test_a_warning_werror_made_an_error_is_a_build_error_at_its_place() -> None:
    report = scan(
        """
        cart.c: In function 'total':
        cart.c:2:9: error: unused variable 'unused' [-Werror=unused-variable]
            2 |     int unused = 3;
              |         ^~~~~~
        cc1: all warnings being treated as errors
        """
    )
    (err,) = report.errors
    assert (err.file, err.line, err.column) == ("cart.c", 2, 9)
    assert (err.message, err.code, err.category) == (
        "unused variable 'unused'",
        "-Wunused-variable",
        "build",
    )


def test_a_mingw_linker_named_by_its_windows_path_is_read() -> None:
    report = scan(
        """
        C:/msys64/mingw64/bin/../lib/gcc/x86_64-w64-mingw32/13.2.0/../../../../x86_64-w64-mingw32/bin/ld.exe: cannot find -lcart: No such file or directory
        collect2.exe: error: ld returned 1 exit status
        """  # noqa: E501
    )
    (err,) = report.errors
    assert (err.tool, err.category) == ("ld", "dependency")
    assert err.message == "cannot find -lcart: No such file or directory"


def test_collect2_alone_is_the_error_and_make_s_line_follows_from_it() -> None:
    report = scan(
        """
        collect2: error: ld returned 1 exit status
        make: *** [Makefile:24: cart] Error 1
        """
    )
    (err,) = report.errors
    assert err.message == "collect2: error: ld returned 1 exit status"
    assert err.related == [(2, 2)]


def test_could_not_find_a_package_is_at_the_project_s_find_package_not_cmake_s_module() -> None:
    report = scan(
        """
        CMake Error at /usr/share/cmake-3.25/Modules/FindPackageHandleStandardArgs.cmake:230 (message):
          Could NOT find GTest (missing: GTEST_LIBRARY GTEST_INCLUDE_DIR
          GTEST_MAIN_LIBRARY)
        Call Stack (most recent call first):
          /usr/share/cmake-3.25/Modules/FindPackageHandleStandardArgs.cmake:600 (_FPHSA_FAILURE_MESSAGE)
          /usr/share/cmake-3.25/Modules/FindGTest.cmake:270 (FIND_PACKAGE_HANDLE_STANDARD_ARGS)
          CMakeLists.txt:3 (find_package)


        -- Configuring incomplete, errors occurred!
        """  # noqa: E501
    )
    (err,) = report.errors
    assert (err.file, err.line, err.category) == ("CMakeLists.txt", 3, "dependency")
    assert err.message.startswith("Could NOT find GTest (missing: GTEST_LIBRARY")


def test_a_cmake_message_ending_in_a_colon_takes_the_name_it_introduces() -> None:
    report = scan(
        """
        CMake Error at CMakeLists.txt:4 (add_executable):
          Cannot find source file:

            missing.c

          Tried extensions .c .C .c++ .cc .cpp .cxx .cu .mpp .m .M .mm .ixx .cppm .h
          .hh .h++ .hm .hpp .hxx .in .txx .f .F .for .f77 .f90 .f95 .f03 .hip .ispc
        """
    )
    err = report.errors[0]
    assert (err.message, err.category) == ("Cannot find source file: missing.c", "filesystem")


def test_a_configure_error_on_the_line_of_its_check_is_read_without_the_check() -> None:
    report = scan(
        """
        checking for cartxml... configure: error: cartxml 2.9 or newer is required
        """
    )
    (err,) = report.errors
    assert (err.tool, err.message) == ("configure", "cartxml 2.9 or newer is required")


def test_a_test_ctest_only_lists_at_its_end_is_that_test_s_error() -> None:
    report = scan(
        """
        50% tests passed, 1 tests failed out of 2

        Total Test time (real) =   0.01 sec

        The following tests FAILED:
        \t  1 - store_trace (Not Run)
        Errors while running CTest
        """
    )
    (err,) = report.errors
    assert (err.test, err.message, err.category) == (
        "store_trace",
        "store_trace: Not Run",
        "build",
    )


def test_a_failed_link_under_rustc_is_what_the_linker_said() -> None:
    report = scan(
        """
           Compiling linkdemo v0.1.0 (/home/user/linkdemo)
        error: linking with `cc` failed: exit status: 1
          |
          = note:  "cc" "-m64" "/home/user/linkdemo/target/debug/deps/rustcU2BSqM/symbols.o" "<8 object files omitted>" "-Wl,--as-needed"
          = note: some arguments are omitted. use `--verbose` to show all linker arguments
          = note: /usr/bin/ld.bfd: cannot find -lcartcalc: No such file or directory
                  collect2: error: ld returned 1 exit status


        error: could not compile `linkdemo` (bin "linkdemo") due to 1 previous error
        """  # noqa: E501
    )
    (err,) = report.errors
    assert (err.message, err.category) == (
        "cannot find -lcartcalc: No such file or directory",
        "dependency",
    )


def test_rust_lld_s_missing_library_is_read_under_rustc_too() -> None:
    report = scan(
        """
        error: linking with `cc` failed: exit status: 1
          |
          = note: some arguments are omitted. use `--verbose` to show all linker arguments
          = note: rust-lld: error: unable to find library -lcartcalc
                  collect2: error: ld returned 1 exit status
        """
    )
    (err,) = report.errors
    assert (err.message, err.category) == ("unable to find library -lcartcalc", "dependency")


def test_cargo_install_s_failed_to_compile_follows_from_the_crate_s_error() -> None:
    report = scan(
        """
        error[E0308]: mismatched types
         --> src/main.rs:2:5
          |
        2 |     "three"
          |     ^^^^^^^ expected `u32`, found `&str`

        error: could not compile `carti` (bin "carti") due to 1 previous error
        error: failed to compile `carti v0.1.0 (/home/user/carti)`, intermediate artifacts can be found at `/home/user/carti/target`.
        """  # noqa: E501
    )
    (err,) = report.errors
    assert (err.code, err.file) == ("E0308", "src/main.rs")


def test_an_old_libtest_panic_indented_with_a_tab_is_its_test_s_failure() -> None:
    report = scan(
        """
        failures:

        ---- store::tests::opens stdout ----
        \tthread 'store::tests::opens' panicked at 'called `Result::unwrap()` on an `Err` value: Os { code: 24 }', src/store.rs:40:9

        failures:
            store::tests::opens

        test result: FAILED. 3 passed; 1 failed; 0 ignored; 0 measured; 0 filtered out
        """  # noqa: E501
    )
    (err,) = report.errors
    assert (err.test, err.file, err.line) == ("store::tests::opens", "src/store.rs", 40)


def test_a_go_call_with_too_few_arguments_is_a_type_error() -> None:
    report = scan(
        """
        # example.com/cart
        ./main.go:6:7: not enough arguments in call to total
        \thave ()
        \twant (int)
        """
    )
    (err,) = report.errors
    assert (err.file, err.line, err.category) == ("./main.go", 6, "type")


def test_the_go_command_s_own_error_is_read_and_its_progress_is_not() -> None:
    report = scan(
        """
        go: downloading example.com/lib v1.2.0
        go: go.mod file not found in current directory or any parent directory; see 'go help modules'
        """  # noqa: E501
    )
    (err,) = report.errors
    assert (err.tool, err.category) == ("go", "config")
    assert err.message.startswith("go.mod file not found")


def test_a_go_error_that_goes_on_indented_is_one_message() -> None:
    report = scan(
        """
        go: example.com/app requires
        \texample.com/lib@v1.3.0: reading example.com/lib/go.mod at revision v1.3.0: unknown revision v1.3.0
        """  # noqa: E501
    )
    (err,) = report.errors
    assert err.category == "dependency"
    assert err.message == (
        "example.com/app requires example.com/lib@v1.3.0: reading example.com/lib/go.mod "
        "at revision v1.3.0: unknown revision v1.3.0"
    )


def test_a_checksum_mismatch_is_one_dependency_error_with_its_security_paragraph() -> None:
    report = scan(
        """
        verifying example.com/lib@v1.2.0: checksum mismatch
        \tdownloaded: h1:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=
        \tgo.sum:     h1:BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB=

        SECURITY ERROR
        This download does NOT match an earlier download recorded in go.sum.
        The bits may have been replaced on the origin server, or an attacker may
        have intercepted the download attempt.

        For more information, see 'go help module-auth'.
        """
    )
    (err,) = report.errors
    assert (err.message, err.category, err.span) == (
        "example.com/lib@v1.2.0: checksum mismatch",
        "dependency",
        (1, 10),
    )
