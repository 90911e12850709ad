"""The reason a step failed where no format row knows the tool (``detect/agnostic``)."""

from __future__ import annotations

from test_detect import scan

from pytest_errlearn.detect import agnostic, detect


def test_the_reason_above_a_ci_exit_line_is_the_line_that_speaks_of_failure() -> None:
    report = scan(
        """
        $ ./check-headers.sh
        checking src/a.h
        checking src/util.h
        src/util.h seems to be missing the expected include guard:
          #ifndef UTIL_H
        ^---- failure generated from lint-include-guards.sh
        The command "./check-headers.sh" exited with 1.
        """
    )
    err = report.primary
    assert err is not None and err.message.startswith("src/util.h seems to be missing")
    assert err.span == (4, 6)
    assert err.file == "src/util.h"


def test_boilerplate_between_the_reason_and_the_exit_line_is_passed_over() -> None:
    report = scan(
        """
        > site@1.0.0 lint /home/ci/site
        > stylecheck src

        src/theme.css: unexpected token at 12:4
        npm ERR! code ELIFECYCLE
        npm ERR! errno 1
        npm ERR! site@1.0.0 lint: `stylecheck src`
        npm ERR! This is probably not a problem with npm.
        """
    )
    assert [e.message for e in report.errors] == ["src/theme.css: unexpected token at 12:4"]


def test_the_echoed_command_of_the_step_is_a_wall() -> None:
    lines = ["ERROR in an earlier step", "$ make check", "all 12 checks ran", "done"]
    why = agnostic.reason(lines)
    assert why is not None and why.first >= 2


def test_azure_pipelines_banner_above_a_script_s_output_is_a_wall() -> None:
    lines = [
        "Generating script.",
        "========================== Starting Command Output ===========================",
        "/usr/bin/bash --noprofile --norc /home/vsts/work/_temp/0c1d.sh",
    ]
    why = agnostic.reason(lines)
    assert why is None or why.first >= 2


def test_a_reason_under_ci_timestamps_is_read_without_them() -> None:
    report = scan(
        """
        2024-05-02T09:14:00.0000000Z ERROR in a step that ended well
        2024-05-02T09:14:01.0000000Z ##[group]Run ./deploy.sh
        2024-05-02T09:14:01.1000000Z ##[endgroup]
        2024-05-02T09:14:02.0000000Z upload refused: quota exceeded for bucket app
        2024-05-02T09:14:02.5000000Z ##[error]Process completed with exit code 1.
        """
    )
    assert report.primary is not None
    assert report.primary.message == "upload refused: quota exceeded for bucket app"
    assert report.primary.span == (4, 4)


def test_a_logger_s_level_before_the_reason_is_no_part_of_its_message() -> None:
    report = scan(
        """
        $ trivy image app:latest
        2024-05-02T09:14:03.496Z\tFATAL\tscan error: image scan failed: no such image
        The command "./scan.sh" exited with 1.
        """
    )
    assert report.primary is not None
    assert report.primary.message == "scan error: image scan failed: no such image"


def test_a_retry_notice_between_two_tries_is_no_reason() -> None:
    lines = ["fetch failed: Could not resolve host", "  Waiting 15 seconds before trying again"]
    why = agnostic.reason(lines)
    assert why is not None and (why.first, why.last) == (0, 0)


def test_a_build_tools_bookkeeping_after_the_failure_is_no_reason() -> None:
    lines = [
        "src/calc.c: cannot open include file",
        "make[2]: Leaving directory '/build/calc-1.0/src'",
        "Last 15 lines from /home/user/Library/Logs/Homebrew/calc/01.make:",
        "* Try:",
        "> Run with --stacktrace option to get the stack trace.",
        "* Get more help at https://help.gradle.org",
    ]
    why = agnostic.reason(lines)
    assert why is not None and (why.first, why.last) == (0, 0)


def test_the_command_a_package_manager_echoes_under_its_script_is_a_wall_too() -> None:
    lines = ["> app@1.0.0 test /home/ci/app", '> node -e "process.exit(3)"', ""]
    assert agnostic.reason(lines) is None  # the script printed nothing: no reason, nor a file


def test_counts_of_zero_and_json_fields_do_not_speak_of_failure() -> None:
    assert agnostic.weight("Tests run: 5, Failures: 0, Errors: 0") == 0
    assert agnostic.weight('"error": null,') == 0
    assert agnostic.weight("Executed 9 tests, with 0 failures") == 0
    assert agnostic.weight("fatal: could not read Username") > agnostic.weight("3 failed")


def test_a_failed_run_with_no_known_error_gives_its_last_line_that_speaks_of_failure() -> None:
    out = b"compiling...\nlinking...\nerror: cannot open output file app: Permission denied\n"
    report = detect(b"starting\n" + out, failed=True)
    assert [e.span for e in report.errors] == [(4, 4)]


def test_a_failed_run_whose_end_says_nothing_of_failure_has_no_error() -> None:
    assert detect(b"all good\n", failed=True).errors == []


def test_a_log_of_unknown_status_gives_its_end_only_when_it_surely_failed() -> None:
    failed = b"step 1\ncompilation aborted: license server unreachable\n"
    assert [e.span for e in detect(failed).errors] == [(2, 2)]
    doubtful = b"step 1\nretrying: connection refused\nall 3 tasks done, build succeeded\n"
    assert detect(doubtful).errors == []
    assert detect(failed, failed=False).errors == []


def test_the_end_of_a_data_file_is_no_failure() -> None:
    data = b"".join(b'<error line="%d" message="x"/>\n' % i for i in range(5))
    assert detect(data).errors == []


def test_errors_of_a_step_that_ended_well_are_not_the_root_cause() -> None:
    report = scan(
        """
        $ npm install
        npm WARN deprecated left-pad@1.0.0
        Error: EACCES: permission denied, open '/home/ci/.npmrc'
        The command "npm install" exited with 0.
        $ ./run-checks
        checking links
        broken link: docs/intro.md -> missing.md
        The command "./run-checks" exited with 1.
        """
    )
    assert report.primary is not None and report.primary.message.startswith("broken link")
    assert len(report.errors) == 2


def test_a_failure_line_after_a_step_that_ended_well_still_follows_the_failed_step() -> None:
    report = scan(
        """
        $ make test
        tests/run.sh: line 3: frobnicate: command not found
        The command "make test" exited with 1.
        The command "upload-logs" exited with 0.
        Done. Your build exited with 1.
        """
    )
    assert [e.message for e in report.errors] == ["frobnicate: command not found"]


def test_a_run_that_failed_of_its_warnings_alone_reports_them_as_its_errors() -> None:
    out = b"script.sh:3:5: warning: Double quote to prevent globbing. [SC2086]\n"
    report = detect(out, failed=True)
    assert [(e.file, e.line) for e in report.errors] == [("script.sh", 3)]
    assert report.warnings == []
    assert detect(out).errors == [] and len(detect(out).warnings) == 1


def test_a_line_that_starts_at_a_place_is_the_reason_even_in_words_of_its_own() -> None:
    out = b"building widgets\nwidget.cfg:12: value out of range for key size\ndone\n"
    (err,) = detect(out, failed=True).errors
    assert (err.file, err.line, err.message) == (
        "widget.cfg",
        12,
        "widget.cfg:12: value out of range for key size",
    )


def test_buildkit_s_dockerfile_frame_is_no_reason_for_the_build_s_failure() -> None:
    (err,) = scan(
        """
        ------
         > [3/3] RUN npm ci:
        ------
        Dockerfile:5
        --------------------
           4 |     COPY . .
           5 | >>> RUN npm ci
        --------------------
        ERROR: failed to solve: process "/bin/sh -c npm ci" did not complete successfully: exit code: 254
        """  # noqa: E501
    ).errors
    assert (err.span, err.category) == ((9, 9), "build")
    assert err.message.startswith("ERROR: failed to solve: process")


def test_buildkit_s_empty_frame_line_and_its_progress_are_no_reason() -> None:
    lines = [
        " => ERROR [web 4/6] RUN make                                  0.4s",
        "Dockerfile:12",
        "  11 |",
        "  12 | >>> RUN make",
        "  13 |",
    ]
    assert agnostic.reason(lines) is None
