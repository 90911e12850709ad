"""CI runners' own lines: a step's exit line folds into the error above it (or
points at the output just above it), a runner's timeout is an error of its own,
and a runner's annotation around a tool's line is read where that line points."""

from __future__ import annotations

import pytest
from test_detect import scan

# GitHub Actions' raw log (as "Download log archive" gives it): each line stamped.
GITHUB_MAKE = """
2024-05-02T10:00:01.0000000Z ##[group]Run make
2024-05-02T10:00:01.0000000Z make
2024-05-02T10:00:01.0000000Z shell: /usr/bin/bash -e {0}
2024-05-02T10:00:01.0000000Z ##[endgroup]
2024-05-02T10:00:02.0000000Z cc -c calc.c
2024-05-02T10:00:02.0000000Z calc.c:5:9: error: 'foo' undeclared (first use in this function)
2024-05-02T10:00:02.0000000Z make: *** [Makefile:3: calc.o] Error 1
2024-05-02T10:00:02.0000000Z ##[error]Process completed with exit code 2.
"""


def test_a_github_steps_exit_line_folds_into_the_error_above_it() -> None:
    report = scan(GITHUB_MAKE)
    (err,) = report.errors
    assert (err.file, err.line) == ("calc.c", 5)
    assert err.related == [(7, 8)]


def test_an_exit_line_with_nothing_known_above_points_at_the_steps_last_output() -> None:
    report = scan(
        """
        ##[group]Run ./ci/lint-include-guards.sh
        ./ci/lint-include-guards.sh
        ##[endgroup]
        src/util.h seems to be missing the expected include guard:
          #ifndef CALC_UTIL_H
        Error: Process completed with exit code 1.
        """
    )
    (err,) = report.errors
    assert err.message == "src/util.h seems to be missing the expected include guard:"
    assert err.span[1] == 5 and not err.consequence


def test_a_runner_error_around_a_tools_line_is_reported_where_that_line_points() -> None:
    (err,) = scan(
        "##[error]src/app.ts(3,5): error TS2322: Type 'string' is not assignable to type "
        "'number'.\n"
    ).errors
    assert (err.file, err.line, err.column) == ("src/app.ts", 3, 5)
    assert err.message == "Type 'string' is not assignable to type 'number'."
    assert (err.tool, err.code) == ("tsc", "TS2322")  # the tool's, not the runner's


def test_a_runner_error_of_its_own_is_the_runners() -> None:
    (err,) = scan("##[error]The runner has received a shutdown signal.\n").errors
    assert err.tool == "github-actions"


def test_a_runner_error_of_its_own_is_an_error_with_its_message() -> None:
    (err,) = scan(
        "##[error]Unable to resolve action `actions/chekout@v4`, repository not found\n"
    ).errors
    assert err.message == "Unable to resolve action `actions/chekout@v4`, repository not found"
    assert err.file is None


def test_a_job_that_ran_out_of_time_is_the_error_and_the_cancel_line_folds_into_it() -> None:
    report = scan(
        """
        Running tests...
        ##[error]The job running on runner GitHub Actions 2 has exceeded the maximum execution time of 360 minutes.
        ##[error]The operation was canceled.
        """  # noqa: E501
    )
    (err,) = report.errors
    assert err.category == "runtime"
    assert err.message.startswith("The job running on runner GitHub Actions 2 has exceeded")
    assert err.related == [(3, 3)]


def test_gitlabs_exit_line_folds_and_its_timeout_is_an_error() -> None:
    failed = scan(
        """
        $ cargo test
        error[E0425]: cannot find value `y` in this scope
         --> src/main.rs:3:13
        Cleaning up project directory and file based variables
        ERROR: Job failed: exit code 1
        """
    )
    (err,) = failed.errors
    assert (err.file, err.line, err.code) == ("src/main.rs", 3, "E0425")
    timed_out = scan(
        """
        $ ./run-integration-tests.sh
        Waiting for the database...
        WARNING: step_script could not run to completion because the timeout was exceeded. For more control over job and script timeouts see: https://docs.gitlab.com/ee/ci/runners/configure_runners.html#set-script-and-after_script-timeouts
        ERROR: Job failed: execution took longer than 1h0m0s seconds
        """  # noqa: E501
    )
    (err,) = timed_out.errors
    assert err.message == "execution took longer than 1h0m0s seconds"
    assert (err.tool, err.category) == ("gitlab", "runtime")
    assert len(timed_out.warnings) == 1


def test_travis_says_a_stalled_build_is_the_error() -> None:
    report = scan(
        """
        $ npm test
        > calc@1.0.0 test
        > mocha --watch

        No output has been received in the last 10m0s, this potentially indicates a stalled build or something wrong with the build itself.
        Check the details on how to adjust your build configuration on: https://docs.travis-ci.com/user/common-build-problems/#build-times-out-because-no-output-was-received

        The build has been terminated
        """  # noqa: E501
    )
    (err,) = report.errors
    assert (err.tool, err.category, err.span) == ("travis", "runtime", (5, 5))
    assert err.related == [(8, 8)]


def test_jenkins_and_azure_exit_lines_fold_into_the_error_above_or_pass_unseen() -> None:
    jenkins = scan(
        """
        + make
        cc -c calc.c
        calc.c:5:9: error: 'foo' undeclared (first use in this function)
        make: *** [Makefile:3: calc.o] Error 1
        Build step 'Execute shell' marked build as failure
        Finished: FAILURE
        """
    )
    (err,) = jenkins.errors
    assert (err.file, err.line) == ("calc.c", 5)
    assert err.related == [(4, 4)]  # make's; Jenkins' own two lines are not folded
    azure = scan(
        """
        ##[section]Starting: Run tests
        ##[command]/usr/bin/bash --noprofile --norc /home/vsts/work/_temp/a1b2.sh
        calc.c:5:9: error: 'foo' undeclared (first use in this function)
        ##[error]Bash exited with code '1'.
        ##[section]Finishing: Run tests
        """
    )
    (err,) = azure.errors
    assert (err.file, err.line, err.related) == ("calc.c", 5, [(4, 4)])


def test_circleci_stops_a_silent_step_and_says_so() -> None:
    report = scan(
        """
        #!/bin/bash -eo pipefail
        ./gradlew connectedCheck
        Too long with no output (exceeded 10m0s): context deadline exceeded
        """
    )
    (err,) = report.errors
    assert (err.tool, err.category) == ("circleci", "runtime")


def test_runner_warnings_are_warnings_and_a_workflow_warning_has_its_place() -> None:
    report = scan(
        """
        ##[warning]Node.js 16 actions are deprecated. Please update the following actions to use Node.js 20: actions/checkout@v3.
        ::warning file=setup.py,line=3,col=1::The setup.py file is deprecated
        """  # noqa: E501
    )
    assert report.errors == []
    old_node, workflow = report.warnings
    assert old_node.message.startswith("Node.js 16 actions are deprecated.")
    assert (workflow.file, workflow.line, workflow.column) == ("setup.py", 3, 1)
    assert workflow.message == "The setup.py file is deprecated"


def test_a_passing_github_job_has_no_errors() -> None:
    report = scan(
        """
        2024-05-02T10:00:00.0000000Z ##[group]Run actions/checkout@v4
        2024-05-02T10:00:00.0000000Z Syncing repository: acme/calc
        2024-05-02T10:00:01.0000000Z ##[endgroup]
        2024-05-02T10:00:01.0000000Z ##[group]Run python -m pytest -q
        2024-05-02T10:00:03.0000000Z ..                                                                       [100%]
        2024-05-02T10:00:03.0000000Z 2 passed in 0.02s
        2024-05-02T10:00:03.0000000Z ##[endgroup]
        2024-05-02T10:00:04.0000000Z Post job cleanup.
        2024-05-02T10:00:04.0000000Z Cleaning up orphan processes
        """  # noqa: E501
    )
    assert report.errors == [] and report.warnings == []


def test_a_count_the_runner_marked_as_an_error_is_one_error_its_exit_line_follows() -> None:
    for marked in ("##[error] [ERROR] Found 3 errors", "Error:  [ERROR] Found 3 errors"):
        report = scan(f"{marked}\n##[error]Process completed with exit code 1.\n")
        assert [(e.span, e.message, e.related) for e in report.errors] == [
            ((1, 1), "[ERROR] Found 3 errors", [(2, 2)])
        ]


@pytest.mark.parametrize("stamp", ["10:42:01  ", "[2024-03-05T10:42:01.123Z] "])
def test_a_line_under_jenkins_timestamper_reads_as_without_its_time(stamp: str) -> None:
    """Its time in a freestyle job's console, its date and time in a pipeline's."""
    stamped, plain = (
        scan(
            f"""
            {t}[INFO] Compiling 3 source files to /home/user/calc/target/classes
            {t}[ERROR] /home/user/calc/src/main/java/Calc.java:[3,20] cannot find symbol
            """
        ).errors
        for t in (stamp, "")
    )
    assert [(e.file, e.line, e.kind) for e in stamped] == [(e.file, e.line, e.kind) for e in plain]
    assert [(e.file, e.line) for e in stamped] == [("/home/user/calc/src/main/java/Calc.java", 3)]
