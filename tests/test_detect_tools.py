"""Tools' own output shapes, each read as the tool means it: chained exceptions,
test runners (TAP), maven, shells, node's ES modules, Rust panics, npm's echo."""

from __future__ import annotations

from test_detect import scan

from pytest_errlearn.matching.matcher import Matcher
from pytest_errlearn.matching.patterns import builtin_patterns


def test_a_chain_whose_cause_never_left_a_library_points_where_the_users_code_met_it() -> None:
    (err,) = scan(
        """
        Traceback (most recent call last):
          File "/venv/lib/python3.11/site-packages/pkg_resources/__init__.py", line 854, in x
            raise VersionConflict(dist, req)
        pkg_resources.VersionConflict: pytest 3.0 is installed, pytest>=4 is required

        During handling of the above exception, another exception occurred:

        Traceback (most recent call last):
          File "/app/run_tests.py", line 11, in <module>
            load_entry_point("pytest")
          File "/venv/lib/python3.11/site-packages/pkg_resources/__init__.py", line 900, in y
            raise DistributionNotFound(req)
        pkg_resources.DistributionNotFound: The pytest distribution was not found
        """
    ).errors
    assert err.message.startswith("pkg_resources.VersionConflict: pytest 3.0 is installed")
    assert (err.file, err.line) == ("/app/run_tests.py", 11)


def test_a_jvm_chain_is_one_error_at_its_last_cause_and_its_users_frame() -> None:
    report = scan(
        """
        Exception in thread "main" java.lang.IllegalStateException: cannot load config
        \tat App.config(App.java:8)
        \tat App.main(App.java:10)
        Caused by: java.io.FileNotFoundException: missing.json (No such file or directory)
        \tat java.base/java.io.FileInputStream.open0(Native Method)
        \tat java.base/java.io.FileInputStream.open(FileInputStream.java:216)
        \tat App.load(App.java:4)
        \tat App.config(App.java:7)
        \t... 1 more
        """
    )
    (err,) = report.errors
    assert err.message == "java.io.FileNotFoundException: missing.json (No such file or directory)"
    assert (err.file, err.line, err.category, err.span) == ("App.java", 4, "filesystem", (1, 9))


NODE_TAP = """
TAP version 13
# Subtest: math
    # Subtest: adds numbers
    not ok 1 - adds numbers
      ---
      duration_ms: 4.4
      location: '/app/sum.test.js:5:3'
      failureType: 'testCodeFailure'
      error: |-
        Expected values to be strictly equal:

        -1 !== 5

      code: 'ERR_ASSERTION'
      name: 'AssertionError'
      stack: |-
        TestContext.<anonymous> (/app/sum.test.js:6:10)
        Test.run (node:internal/test_runner/test:796:25)
      ...
    not ok 2 - later # TODO
    1..2
not ok 1 - math
  ---
  location: '/app/sum.test.js:3:1'
  failureType: 'subtestsFailed'
  error: '1 subtest failed'
  ...
1..1
# fail 1
"""


def test_a_tap_failure_is_its_yaml_error_at_the_users_frame_and_its_parent_folds_in() -> None:
    report = scan(NODE_TAP, "node")
    (err,) = report.errors
    assert err.message == "AssertionError: Expected values to be strictly equal: -1 !== 5"
    assert (err.file, err.line, err.test, err.category) == (
        "/app/sum.test.js",
        6,
        "adds numbers",
        "assertion",
    )


def test_a_command_a_script_cannot_find_is_at_the_scripts_line_and_a_shells_nowhere() -> None:
    dash, bash, inline = scan(
        """
        ./build.sh: 3: frobnicate: not found
        ci/run.sh: line 7: lint-all: command not found
        sh: 1: gizmo: not found
        """
    ).errors
    assert (dash.file, dash.line, dash.message) == ("./build.sh", 3, "frobnicate: not found")
    assert (bash.file, bash.line, bash.message) == ("ci/run.sh", 7, "lint-all: command not found")
    assert (inline.file, inline.line, inline.category) == (None, None, "dependency")


def test_a_panic_names_its_test_but_a_programs_main_thread_is_no_test() -> None:
    program, test = scan(
        """
        thread 'main' panicked at src/main.rs:2:5:
        boom
        thread 'tests::adds' panicked at src/lib.rs:5:9:
        bang
        """
    ).errors
    assert (program.test, program.file, program.line) == (None, "src/main.rs", 2)
    assert (test.test, test.file, test.line) == ("tests::adds", "src/lib.rs", 5)


def test_an_es_module_that_is_not_there_is_at_its_importer_not_in_nodes_own_code() -> None:
    (err,) = scan(
        """
        node:internal/modules/esm/resolve:283
            throw new ERR_MODULE_NOT_FOUND(
                  ^

        Error [ERR_MODULE_NOT_FOUND]: Cannot find module '/app/x.mjs' imported from /app/esm.mjs
            at finalizeResolution (node:internal/modules/esm/resolve:283:11)
            at moduleResolve (node:internal/modules/esm/resolve:952:10)
        """,
        "node",
    ).errors
    assert (err.file, err.line, err.category) == ("/app/esm.mjs", None, "dependency")


def test_maven_failing_for_want_of_an_artifact_is_the_root_cause_not_the_lines_above() -> None:
    goal = (
        "[ERROR] Failed to execute goal on project demo: Could not resolve dependencies for "
        "project com.ex:demo:jar:1.0: Cannot access central in offline mode -> [Help 1]"
    )
    log = (
        "[INFO] BUILD FAILURE\n[INFO] Finished at: 2026-11-23T19:06:39Z\n"
        f"{goal}\n[ERROR] Re-run Maven using the -X switch to enable full debug logging.\n"
    )
    (err,) = scan(log, "maven").errors
    assert err.message.startswith("Could not resolve dependencies for project com.ex:demo:jar")
    assert (err.category, err.span) == ("dependency", (3, 3))


def test_a_script_npm_echoes_before_running_it_is_not_an_error() -> None:
    (err,) = scan(
        """
        > app@1.0.0 lint
        > node lint.js --fail-on 'src/index.js:3:7: error: Unexpected token'

        src/index.js:3:7: error: Unexpected token
        """,
        "npm",
    ).errors
    assert (err.file, err.line, err.span) == ("src/index.js", 3, (4, 4))


def test_a_spinner_overwritten_by_a_cursor_move_is_no_part_of_the_line() -> None:
    """npx tsc at a terminal: a spinner glyph, ESC[1G ESC[0K, then the line."""
    (err,) = scan(
        "\u2819\x1b[1G\x1b[0Ksrc/cart.ts(12,5): error TS2322: Type 'string' is not assignable "
        "to type 'number'.\n",
        "tsc",
    ).errors
    assert (err.file, err.line, err.code) == ("src/cart.ts", 12, "TS2322")


BUILDKIT = """
#8 [4/5] RUN pip install -r requirements.txt
#8 1.873 Collecting flask==9.9.9 (from -r requirements.txt (line 1))
#8 2.345 ERROR: Could not find a version that satisfies the requirement flask==9.9.9 (from versions: 0.1, 3.0.3)
#8 2.346 ERROR: No matching distribution found for flask==9.9.9
#8 ERROR: process "/bin/sh -c pip install -r requirements.txt" did not complete successfully: exit code: 1
------
 > [4/5] RUN pip install -r requirements.txt:
2.345 ERROR: Could not find a version that satisfies the requirement flask==9.9.9 (from versions: 0.1, 3.0.3)
------
ERROR: failed to solve: process "/bin/sh -c pip install -r requirements.txt" did not complete successfully: exit code: 1
"""  # noqa: E501


def test_a_step_of_a_docker_build_is_read_past_buildkits_step_number_and_seconds() -> None:
    report = scan(BUILDKIT)
    head = report.errors[report.primary_index or 0]
    assert (head.tool, head.category) == ("pip", "dependency")
    assert head.message.startswith("Could not find a version that satisfies the requirement")


CYPRESS = """
  1 passing (5s)
  1 failing

  1) Login
       rejects a bad password:
     AssertionError: Timed out retrying after 4000ms: Expected to find element: `#error`, but never found it.
      at Context.eval (webpack:///./cypress/e2e/login.cy.js:9:23)
"""  # noqa: E501


def test_a_frame_through_a_bundlers_source_map_names_the_file_in_the_repository() -> None:
    [err] = scan(CYPRESS).errors
    assert (err.file, err.line, err.category) == ("cypress/e2e/login.cy.js", 9, "assertion")


TESTIFY = """
=== RUN   TestParse
    parse_test.go:21:\x20
        \tError Trace:\t/home/runner/work/app/app/parse_test.go:21
        \tError:      \tNot equal:\x20
        \t            \texpected: 3
        \t            \tactual  : 4
        \tTest:       \tTestParse
--- FAIL: TestParse (0.00s)
FAIL
FAIL\tgithub.com/acme/app\t0.012s
"""


def test_a_testify_assertion_is_its_tests_failure_at_its_line_and_no_error_of_its_own() -> None:
    [err] = scan(TESTIFY).errors
    assert (err.file, err.line, err.test) == ("parse_test.go", 21, "TestParse")
    assert err.message == "Not equal: expected: 3, actual: 4"


NEXT_BUILD = """
   Linting and checking validity of types  ..Failed to compile.

./src/app/page.tsx:12:7
Type error: Type 'string' is not assignable to type 'number'.

  10 | export default function Home() {
> 12 |   let x: number = "a";
     |       ^
Next.js build worker exited with code: 1 and signal: null
"""

ESBUILD = """
✘ [ERROR] Could not resolve "lodash"

    src/index.ts:1:20:
      1 │ import _ from "lodash";
        ╵                     ~~~~~~~~

  You can mark the path "lodash" as external to exclude it from the bundle.

1 error
"""


def test_a_type_error_of_a_next_build_is_tscs_at_the_place_above_it() -> None:
    [err] = scan(NEXT_BUILD).errors
    assert (err.file, err.line, err.tool, err.category) == ("./src/app/page.tsx", 12, "tsc", "type")
    assert err.message == "Type 'string' is not assignable to type 'number'."


def test_an_import_esbuild_cannot_resolve_is_a_dependency_at_its_place_with_no_dns_fix() -> None:
    report = scan(ESBUILD)
    Matcher(builtin_patterns()).match_report(report)
    [err] = report.errors
    assert (err.file, err.line, err.column) == ("src/index.ts", 1, 20)
    assert (err.category, err.match) == ("dependency", None)


PYTEST_SETUP_ERROR = """
E                                                                        [100%]
==================================== ERRORS ====================================
___________________________ ERROR at setup of test_y ___________________________

    @pytest.fixture
    def db():
>       raise ConnectionError("could not connect to server: Connection refused")
E       ConnectionError: could not connect to server: Connection refused

test_fix.py:4: ConnectionError
=========================== short test summary info ============================
ERROR test_fix.py::test_y - ConnectionError: could not connect to server: Con...
1 error in 0.01s
"""


def test_pytests_progress_line_of_an_erroring_test_is_no_error() -> None:
    [err] = scan(PYTEST_SETUP_ERROR).errors
    assert (err.file, err.line, err.test) == ("test_fix.py", 4, "test_y")


def test_an_error_whose_words_say_nothing_is_categorised_by_its_code() -> None:
    errors = scan(
        """
        tsc.ts(3,13): error TS7006: Parameter 'y' implicitly has an 'any' type.
        tsc.ts(11,1): error TS2304: Cannot find name 'error'.
        """
    ).errors
    assert [(e.code, e.category) for e in errors] == [("TS7006", "type"), ("TS2304", "reference")]


def test_cargo_nextest_s_failed_test_is_its_panic_and_the_run_s_end_follows() -> None:
    (err,) = scan(
        """
                FAIL [   0.005s] calc tests::subtracts

        --- STDERR:              calc tests::subtracts ---
        thread 'tests::subtracts' panicked at src/lib.rs:12:9:
        assertion `left == right` failed
          left: 1
         right: 2
        note: run with `RUST_BACKTRACE=1` environment variable to display a backtrace

        ------------
             Summary [   0.006s] 3 tests run: 2 passed, 1 failed, 0 skipped
                FAIL [   0.005s] calc tests::subtracts
        error: test run failed
        """
    ).errors
    assert (err.test, err.file, err.line, err.category) == (
        "tests::subtracts",
        "src/lib.rs",
        12,
        "assertion",
    )
    assert err.related  # "error: test run failed" follows from it
