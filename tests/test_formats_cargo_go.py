"""Rust and Go output as users paste it: cargo's own errors and the reason under
their ``Caused by:``, a test binary killed by a signal, a panic in a thread a
test spawned, cargo nextest's failures, go mod tidy's import chains, cgo
without a C compiler, staticcheck, and the checksum database's mismatch."""

from __future__ import annotations

from test_detect import scan


def test_cargo_installs_failure_is_the_reason_under_its_caused_by() -> None:
    (err,) = scan(
        """
          Installing tool v0.1.0 (/home/user/rs/tool)
        error: failed to compile `tool v0.1.0 (/home/user/rs/tool)`, intermediate artifacts can be found at `/home/user/rs/tool/target`.
        To reuse those artifacts with a future compilation, set the environment variable `CARGO_BUILD_BUILD_DIR` to that path.

        Caused by:
          failed to select a version for the requirement `calc = "^2.0"`
          candidate versions found which didn't match: 0.1.0
          location searched: /home/user/rs/calc
          required by package `tool v0.1.0 (/home/user/rs/tool)`
        """  # noqa: E501
    ).errors
    assert err.message == 'failed to select a version for the requirement `calc = "^2.0"`'
    assert (err.tool, err.category) == ("cargo", "dependency")


def test_a_rust_version_newer_than_rustc_is_a_config_error_naming_the_package() -> None:
    (err,) = scan(
        """
        error: rustc 1.95.0 is not supported by the following package:
          newer@0.1.0 requires rustc 1.99
        """
    ).errors
    assert err.message == (
        "rustc 1.95.0 is not supported by the following package: newer@0.1.0 requires rustc 1.99"
    )
    assert err.category == "config"


def test_a_test_binary_killed_by_a_signal_is_the_runtime_error_under_test_failed() -> None:
    (err,) = scan(
        """

        running 2 tests
        error: test failed, to rerun pass `--lib`

        Caused by:
          process didn't exit successfully: `/home/user/rs/worker/target/debug/deps/worker-1afc0c90fb7791f8 --quiet` (signal: 11, SIGSEGV: invalid memory reference)
        """  # noqa: E501
    ).errors
    assert err.message.startswith("process didn't exit successfully: `/home/user/rs/worker/")
    assert err.category == "runtime"


def test_a_panic_in_a_thread_a_test_spawned_is_that_tests_not_one_named_unnamed() -> None:
    errors = scan(
        """
        ---- tests::halves_in_a_thread stdout ----

        thread '<unnamed>' (25639) panicked at src/lib.rs:9:39:
        assertion `left == right` failed
          left: 2
         right: 1
        note: run with `RUST_BACKTRACE=1` environment variable to display a backtrace

        thread 'tests::halves_in_a_thread' (25638) panicked at src/lib.rs:10:18:
        called `Result::unwrap()` on an `Err` value: Any { .. }
        """
    ).errors
    assert [(e.test, e.line) for e in errors] == [
        ("tests::halves_in_a_thread", 9),
        ("tests::halves_in_a_thread", 10),
    ]


def test_a_build_scripts_panic_that_names_pkg_config_is_a_dependency_error() -> None:
    report = scan(
        """
        error: failed to run custom build command for `zsys v0.1.0 (/home/user/rs/zsys)`

        Caused by:
          process didn't exit successfully: `/home/user/rs/zsys/target/debug/build/zsys-13e8ddeccdfd8520/build-script-build` (exit status: 101)
          --- stderr

          thread 'main' (26033) panicked at build.rs:7:10:
          failed to run pkg-config for zlib: Os { code: 2, kind: NotFound, message: "No such file or directory" }
        """  # noqa: E501
    )
    err = report.primary
    assert err is not None
    assert err.message.startswith("failed to run pkg-config for zlib")
    assert err.category == "dependency"


def test_nextests_summary_names_each_failed_test_and_is_no_error_itself() -> None:
    errors = scan(
        """
        ------------
             Summary [  12.034s] 40 tests run: 38 passed, 2 failed, 1 skipped
                FAIL [   1.112s] calc-tests::parse parse::rejects_empty
                FAIL [   0.447s] calc-tests::eval eval::divides_by_zero
        error: test run failed
        """
    ).errors
    assert [(e.test, e.category) for e in errors] == [
        ("parse::rejects_empty", "assertion"),
        ("eval::divides_by_zero", "assertion"),
    ]


def test_nextests_failed_test_with_no_panic_in_its_output_is_that_tests_failure() -> None:
    (err,) = scan(
        """
                PASS [   0.003s] calc tests::adds
                FAIL [   0.010s] calc tests::reads_buffer

        --- STDOUT:              calc tests::reads_buffer ---

        running 1 test
        """
    ).errors
    assert (err.test, err.message) == ("tests::reads_buffer", "test tests::reads_buffer failed")


def test_a_test_nextest_saw_crash_is_a_runtime_error_of_that_test() -> None:
    (err,) = scan(
        """
        ------------
             SIGSEGV [   0.120s] calc-ffi tests::reads_buffer
        """
    ).errors
    assert (err.test, err.category) == ("tests::reads_buffer", "runtime")


def test_go_mod_tidy_reports_the_package_no_version_provides_under_its_import_chain() -> None:
    lines = [
        "go: finding module for package example.com/other/util",
        "go: finding module for package example.com/lib",
        "go: downloading example.com/lib v1.0.0",
        "go: found example.com/lib in example.com/lib v1.0.0",
        "go: finding module for package example.com/other/util",
        "example.com/app imports",
        '\texample.com/other/util: no matching versions for query "latest"',
    ]
    (err,) = scan("\n".join(lines) + "\n").errors
    assert err.message == 'example.com/other/util: no matching versions for query "latest"'
    assert (err.tool, err.category) == ("go", "dependency")


def test_a_package_the_found_module_lacks_is_a_dependency_error_too() -> None:
    lines = [
        "go: finding module for package example.com/lib/calc",
        "go: downloading example.com/lib v1.0.0",
        "example.com/app imports",
        "\texample.com/lib/calc: module example.com/lib@latest found (v1.0.0), but does not "
        "contain package example.com/lib/calc",
    ]
    (err,) = scan("\n".join(lines) + "\n").errors
    assert err.message.startswith("example.com/lib/calc: module example.com/lib@latest found")
    assert err.category == "dependency"


def test_cgo_without_its_c_compiler_is_a_dependency_error() -> None:
    (err,) = scan(
        """
        # runtime/cgo
        cgo: C compiler "no-such-cc" not found: exec: "no-such-cc": executable file not found in $PATH
        """  # noqa: E501
    ).errors
    assert err.message.startswith('C compiler "no-such-cc" not found')
    assert (err.tool, err.category) == ("go", "dependency")


def test_a_c_compiler_that_is_not_on_path_under_a_cgo_package_is_a_dependency_error() -> None:
    (err,) = scan(
        """
        # example.com/app/sqlite
        exec: "gcc": executable file not found in %PATH%
        """
    ).errors
    assert err.message == 'exec: "gcc": executable file not found in %PATH%'
    assert err.category == "dependency"


def test_staticchecks_findings_are_its_own_with_the_checks_code() -> None:
    errors = scan(
        """
        main.go:5:2: "io/ioutil" has been deprecated since Go 1.19: As of Go 1.16, the same functionality is now provided by package io or package os, and those implementations should be preferred in new code. See the specific function documentation for details.  (SA1019)
        main.go:11:5: should use strings.Contains(string(data), "x") instead (S1003)
        main.go:16:6: func unused is unused (U1000)
        """  # noqa: E501
    ).errors
    assert [(e.tool, e.code, e.line) for e in errors] == [
        ("staticcheck", "SA1019", 5),
        ("staticcheck", "S1003", 11),
        ("staticcheck", "U1000", 16),
    ]
    assert errors[1].message == 'should use strings.Contains(string(data), "x") instead'


def test_a_checksum_database_mismatch_after_the_importing_files_place_is_a_dependency_error() -> (
    None
):
    (err,) = scan(
        """
        go: downloading example.com/ansi v0.9.3
        ../go/pkg/mod/example.com/ui@v1.1.0/align.go:6:2: example.com/ansi@v0.9.3: verifying module: checksum mismatch
                downloaded: h1:N2UztZRAGcBZH0peJzdQkNQ/l9O2eSvAekrnQ7VdSOY=
                sum.golang.org: h1:BXt4DHS/MKF+LjuK4huWrC6NCvHtexww7dMayh6GXd0=

        SECURITY ERROR
        This download does NOT match the one reported by the checksum server.
        The bits may have been replaced on the origin server, or an attacker may
        have intercepted the download attempt.

        For more information, see 'go help module-auth'.
        """  # noqa: E501
    ).errors
    assert err.message == "example.com/ansi@v0.9.3: verifying module: checksum mismatch"
    assert (err.file, err.line, err.category) == (
        "../go/pkg/mod/example.com/ui@v1.1.0/align.go",
        6,
        "dependency",
    )


def test_rustcs_place_on_windows_a_path_from_a_drive_is_the_errors_file() -> None:
    errors = scan(
        """
        error[E0432]: unresolved import `sha2`
          --> C:\\Users\\dev\\.cargo\\registry\\src\\index.crates.io-6f17d22bba15001f\\calc-0.1.2\\src\\hash.rs:10:5
           |
        10 | use sha2::{Digest, Sha256};
           |     ^^^^ use of unresolved module or unlinked crate `sha2`

        error[E0432]: unresolved import `sha2`
         --> C:\\Users\\dev\\.cargo\\registry\\src\\index.crates.io-6f17d22bba15001f\\calc-0.1.2\\src\\index.rs:3:5
          |
        3 | use sha2::{Digest, Sha256};
          |     ^^^^ use of unresolved module or unlinked crate `sha2`
        """  # noqa: E501
    ).errors
    assert [(e.file.rsplit("\\", 1)[-1] if e.file else None, e.line, e.column) for e in errors] == [
        ("hash.rs", 10, 5),
        ("index.rs", 3, 5),
    ]


def test_a_testify_assertion_under_go_tests_fail_line_is_the_tests_message_and_place() -> None:
    lines = [
        "--- FAIL: TestAdd (0.01s)",
        "    calc_test.go:10: ",
        "        \tError Trace:\t/home/user/go/src/example.com/calc/calc_test.go:10",
        "        \tError:      \tNot equal: ",
        "        \t            \texpected: 3",
        "        \t            \tactual  : 4",
        "        \tTest:       \tTestAdd",
        "--- FAIL: TestAddZero (0.00s)",
        "    calc_test.go:14: ",
        "        \tError Trace:\t/home/user/go/src/example.com/calc/calc_test.go:14",
        "        \tError:      \tNot equal: ",
        "        \t            \texpected: 0",
        "        \t            \tactual  : 1",
        "        \tTest:       \tTestAddZero",
        "        \tMessages:   \tzero plus zero",
        "FAIL",
        "FAIL\texample.com/calc\t0.027s",
        "FAIL",
    ]
    errors = scan("\n".join(lines) + "\n").errors
    assert [(e.test, e.file, e.line, e.message) for e in errors] == [
        ("TestAdd", "calc_test.go", 10, "Not equal: expected: 3, actual: 4"),
        ("TestAddZero", "calc_test.go", 14, "Not equal: expected: 0, actual: 1"),
    ]
