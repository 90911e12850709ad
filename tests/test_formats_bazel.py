"""Bazel: an action's tool errors over Bazel's own line for the action, its own
located errors, a failed test target, a Starlark traceback, and its summaries."""

from __future__ import annotations

from test_detect import scan

BAZEL_COMPILE = """
INFO: Analyzed target //app:calc (0 packages loaded, 0 targets configured).
INFO: Found 1 target...
ERROR: /home/ci/app/BUILD:5:10: Compiling app/calc.cc failed: (Exit 1): gcc failed: error executing command (from target //app:calc) /usr/bin/gcc -U_FORTIFY_SOURCE -fstack-protector -Wall '-std=c++0x' -MD -MF bazel-out/k8-fastbuild/bin/app/_objs/calc/calc.pic.d ... (remaining 17 arguments skipped)

Use --sandbox_debug to see verbose messages from the sandbox and retain the sandbox build root for debugging
app/calc.cc: In function 'int add(int, int)':
app/calc.cc:5:3: error: 'foo' was not declared in this scope
    5 |   foo();
      |   ^~~
Target //app:calc failed to build
Use --verbose_failures to see the command lines of failed build steps.
INFO: Elapsed time: 1.234s, Critical Path: 0.50s
INFO: 2 processes: 2 internal.
FAILED: Build did NOT complete successfully
"""  # noqa: E501


def test_the_compilers_error_is_the_cause_and_bazels_action_line_gives_way() -> None:
    report = scan(BAZEL_COMPILE)
    (err,) = report.errors
    assert (err.tool, err.file, err.line, err.column) == ("gcc", "app/calc.cc", 5, 3)
    assert err.message == "'foo' was not declared in this scope"
    assert err.related == [(10, 10), (14, 14)]


def test_an_action_whose_output_nothing_knows_is_the_error_at_its_build_file() -> None:
    report = scan(
        """
        ERROR: /home/ci/app/BUILD:12:8: Executing genrule //app:version failed: (Exit 1): bash failed: error executing command (from target //app:version) /bin/bash -c 'source external/bazel_tools/tools/genrule/genrule-setup.sh; ./gen.sh'
        version file is stale, run make-version
        Target //app:version failed to build
        """  # noqa: E501
    )
    (err,) = report.errors
    assert (err.tool, err.file, err.line) == ("bazel", "/home/ci/app/BUILD", 12)
    assert err.message == "Executing genrule //app:version failed: (Exit 1): bash failed"
    assert err.span == (1, 2)
    assert err.related == [(3, 3)]


def test_a_missing_repository_is_a_dependency_error_and_the_aborts_fold_into_it() -> None:
    report = scan(
        """
        ERROR: /home/ci/app/BUILD:3:11: no such package '@com_google_absl//absl/strings': The repository '@com_google_absl' could not be resolved: Repository '@com_google_absl' is not defined and referenced by '//app:calc'
        ERROR: Analysis of target '//app:calc' failed; build aborted: Analysis failed
        INFO: Elapsed time: 0.456s
        INFO: 0 processes.
        FAILED: Build did NOT complete successfully (1 packages loaded, 0 targets configured)
        """  # noqa: E501
    )
    (err,) = report.errors
    assert (err.category, err.file, err.line) == ("dependency", "/home/ci/app/BUILD", 3)
    assert err.related == [(2, 2), (5, 5)]


def test_a_failed_test_target_is_the_error_and_the_summary_folds_into_it() -> None:
    report = scan(
        """
        INFO: Found 1 target and 1 test target...
        FAIL: //app:calc_test (see /home/ci/.cache/bazel/_bazel_ci/4f1e/execroot/_main/bazel-out/k8-fastbuild/testlogs/app/calc_test/test.log)
        INFO: Elapsed time: 2.345s, Critical Path: 1.20s
        INFO: Build completed, 1 test FAILED, 4 total actions
        //app:calc_test                                                          FAILED in 0.5s
          /home/ci/.cache/bazel/_bazel_ci/4f1e/execroot/_main/bazel-out/k8-fastbuild/testlogs/app/calc_test/test.log

        Executed 1 out of 1 test: 1 fails locally.
        """  # noqa: E501
    )
    (err,) = report.errors
    assert (err.tool, err.test, err.category) == ("bazel", "//app:calc_test", "assertion")
    assert err.related == [(8, 8)]


def test_a_starlark_error_points_at_its_build_file_line() -> None:
    report = scan(
        """
        ERROR: Traceback (most recent call last):
        \tFile "/home/ci/app/BUILD", line 3, column 10, in <toplevel>
        \t\tcc_binary(
        Error in cc_binary: cc_binary() got unexpected keyword argument: srcz
        ERROR: error loading package 'app': Package 'app' contains errors
        INFO: Elapsed time: 0.100s
        FAILED: Build did NOT complete successfully (0 packages loaded)
        """
    )
    (err,) = report.errors
    assert (err.file, err.line, err.column) == ("/home/ci/app/BUILD", 3, 10)
    assert err.message == "Error in cc_binary: cc_binary() got unexpected keyword argument: srcz"
    assert err.span == (1, 4)


def test_a_passing_bazel_build_has_no_errors() -> None:
    report = scan(
        """
        INFO: Analyzed target //app:calc (12 packages loaded, 48 targets configured).
        INFO: Found 1 target...
        Target //app:calc up-to-date:
          bazel-bin/app/calc
        INFO: Elapsed time: 3.210s, Critical Path: 1.02s
        INFO: 6 processes: 4 internal, 2 linux-sandbox.
        INFO: Build completed successfully, 6 total actions
        """
    )
    assert report.errors == [] and report.warnings == []
