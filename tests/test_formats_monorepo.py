"""Monorepo task runners (Turborepo, Nx, Lerna): the error of the script a task
ran is the cause, the runner's own lines for the failed task follow from it, and
where no script's error was read they say what failed."""

from __future__ import annotations

from test_detect import scan

TURBO_TSC = """
web:build: cache miss, executing 5d1e2f3a4b5c6d7e
web:build:
web:build: > web@1.0.0 build /home/user/repo/apps/web
web:build: > tsc -p tsconfig.json
web:build:
web:build: src/app.ts(3,5): error TS2322: Type 'string' is not assignable to type 'number'.
web:build: ERROR: command finished with error: command (apps/web) npm run build exited (2)

 Tasks:    1 successful, 2 total
Cached:    0 cached, 2 total
  Time:    2.104s
Failed:    web#build

 ERROR  run failed: command  exited (2)
"""


def test_a_tsc_error_under_a_turbo_task_prefix_is_tscs_and_turbos_lines_follow() -> None:
    report = scan(TURBO_TSC)
    (err,) = report.errors
    assert (err.tool, err.file, err.line, err.column) == ("tsc", "src/app.ts", 3, 5)
    assert err.message == "Type 'string' is not assignable to type 'number'."


def test_turbos_own_run_error_is_the_error_where_no_task_ran() -> None:
    report = scan(
        """
        $ turbo run deploy
         ERROR  run failed: error preparing engine: Could not find the following tasks in project: deploy
        Turbo error: error preparing engine: Could not find the following tasks in project: deploy
        error Command failed with exit code 1.
        """  # noqa: E501
    )
    assert (err := report.primary) is not None
    assert err.tool == "turbo"
    assert err.category == "config"
    assert err.message.startswith("error preparing engine: Could not find the following tasks")


def test_turbos_summary_names_the_failed_task_where_its_output_is_not_there() -> None:
    report = scan(
        """
         Tasks:    4 successful, 5 total
        Cached:    4 cached, 5 total
          Time:    3.2s
        Failed:    @acme/ui#build

         ERROR  run failed: command  exited (1)
        """
    )
    (err,) = report.errors
    assert err.message == "Failed:    @acme/ui#build"


def test_a_turbo_task_that_failed_says_so_where_its_error_is_not_there() -> None:
    report = scan("web:build: ERROR: command finished with error: command exited (1)\n")
    (err,) = report.errors
    assert (err.tool, err.message) == (
        "turbo",
        "web:build: ERROR: command finished with error: command exited (1)",
    )


def test_lernas_exit_line_gives_way_to_the_scripts_error_under_its_output_headers() -> None:
    report = scan(
        """
        lerna info Executing command in 2 packages: "npm run build"
        lerna ERR! npm run build exited 1 in '@acme/ui'
        lerna ERR! npm run build stdout:
        > @acme/ui@1.0.0 build
        > node build.js
        lerna ERR! npm run build stderr:
        /home/user/repo/packages/ui/build.js:3
        throw new Error('theme not found');
        ^

        Error: theme not found
            at Object.<anonymous> (/home/user/repo/packages/ui/build.js:3:7)
        """
    )
    messages = [e.message for e in report.errors]
    assert not any(m.endswith(("stdout:", "stderr:")) for m in messages)
    assert (err := report.primary) is not None
    assert "theme not found" in err.message
    assert "npm run build exited 1 in '@acme/ui'" in messages


def test_lernas_exit_line_is_the_error_where_its_output_says_nothing_more() -> None:
    report = scan(
        """
        lerna ERR! npm run build exited 1 in '@acme/ui'
        lerna ERR! npm run build stdout:
        > @acme/ui@1.0.0 build
        > node build.js
        lerna ERR! npm run build stderr:

        lerna ERR! npm run build exited 1 in '@acme/ui'
        """
    )
    (err,) = report.errors
    assert (err.tool, err.message) == ("lerna", "npm run build exited 1 in '@acme/ui'")


def test_an_nx_title_is_the_error_over_nxs_summary_of_the_run() -> None:
    report = scan(
        """
        > nx run api:build

         >  NX   Cannot find configuration for task api:build

           Pass --verbose to see the stacktrace.

         >  NX   Running target build for 2 projects failed

           Failed tasks:

           - api:build
        """
    )
    assert (err := report.primary) is not None
    assert (err.tool, err.message) == ("nx", "Cannot find configuration for task api:build")
    assert len(report.errors) == 1


def test_nxs_count_of_failed_targets_is_the_error_where_no_tasks_output_is_there() -> None:
    report = scan(
        """
         Lerna (powered by Nx)   Ran target build for 2 projects (2s)

            ✔    0/2 succeeded [0 read from cache]

            ✖    2/2 targets failed, including the following:
                 - ui:build
                 - web:build
        """
    )
    (err,) = report.errors
    assert (err.tool, err.message) == ("nx", "✖    2/2 targets failed, including the following:")
