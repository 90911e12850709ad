"""Node's own errors and prettier: a script that failed to load, ``prettier --check``.

The outputs are real runs of Node 20.20 and prettier 3.10 (npm), as
prettier's docs print ``--check`` too.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from test_detect import scan

from pytest_errlearn.detect import detect

PRETTIER_CHECK = """
Checking formatting...
[warn] src/index.js
[warn] src/util.ts
[warn] Code style issues found in 2 files. Run Prettier with --write to fix.
"""


def test_prettier_check_names_each_file_it_would_change() -> None:
    report = scan(PRETTIER_CHECK)
    assert [(e.file, e.message, e.tool) for e in report.errors] == [
        ("src/index.js", "would reformat (prettier)", "prettier"),
        ("src/util.ts", "would reformat (prettier)", "prettier"),
    ]
    assert report.errors[-1].related == [(4, 4)]  # the count follows from them


def test_prettiers_count_is_the_error_where_no_file_was_read_above_it() -> None:
    # prettier 1 listed the files without "[warn]": lines no row can tell from text
    report = scan(
        """
        Checking formatting...
        src/layouts/night.css
        Code style issues found in the above file(s). Forgot to run Prettier?
        npm ERR! code ELIFECYCLE
        """
    )
    (err,) = report.errors
    assert (err.tool, err.category, err.span) == ("prettier", "config", (3, 3))
    assert err.related == [(4, 4)]  # npm's failure follows from it


def test_a_file_prettier_cannot_parse_is_one_error_with_its_code_frame() -> None:
    report = scan(
        """
        Checking formatting...
        [error] src/bad.js: SyntaxError: Unexpected token (1:7)
        [error] > 1 | const = ;
        [error]     |       ^
        [error]   2 |
        [warn] src/index.js
        Error occurred when checking code style in the above file.
        """
    )
    bad, index = report.errors
    assert (bad.file, bad.line, bad.column, bad.category) == ("src/bad.js", 1, 7, "syntax")
    assert (bad.message, bad.span) == ("SyntaxError: Unexpected token", (2, 5))
    assert index.file == "src/index.js" and report.primary is bad


NODE_SYNTAX = """
{where}:2
const = ;
      ^

SyntaxError: Unexpected token '='
    at wrapSafe (node:internal/modules/cjs/loader:1464:18)
    at Module._compile (node:internal/modules/cjs/loader:1495:20)
    at node:internal/main/run_main_module:28:49

Node.js v20.20.2
"""


@pytest.mark.parametrize(
    ("where", "file"),
    [("/app/src/bad.js", "/app/src/bad.js"), ("file:///app/src/bad.mjs", "/app/src/bad.mjs")],
)
def test_a_script_node_cannot_parse_is_placed_where_node_says_above_it(
    where: str, file: str
) -> None:
    (err,) = scan(NODE_SYNTAX.format(where=where)).errors
    assert (err.file, err.line, err.category) == (file, 2, "syntax")


def test_nodes_own_source_above_an_error_is_not_its_place() -> None:
    (err,) = scan(
        """
        node:internal/modules/esm/resolve:283
            throw new ERR_MODULE_NOT_FOUND(
                  ^

        Error [ERR_MODULE_NOT_FOUND]: Cannot find module '/app/nope.js' imported from /app/a.mjs
            at finalizeResolution (node:internal/modules/esm/resolve:283:11)
        """
    ).errors
    assert err.file == "/app/a.mjs"  # the module that imports it, not Node's resolve.js


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_a_real_syntax_error_of_node_is_placed_at_its_line(tmp_path: Path) -> None:
    script = tmp_path / "bad.js"
    script.write_text("const a = 1;\nconst = ;\n")
    run = subprocess.run(["node", str(script)], capture_output=True, check=False)
    (err,) = detect(run.stderr).errors
    assert (err.file, err.line, err.category) == (str(script), 2, "syntax")


# Node 20: an error with fields of its own prints them after its last frame.
NODE_ENOENT = """
Error: ENOENT: no such file or directory, open './config/settings.json'
    at async open (node:internal/fs/promises:637:25)
    at async loadConfig (/app/load.js:4:16) {
  errno: -2,
  code: 'ENOENT',
  syscall: 'open',
  path: './config/settings.json'
}
"""

NODE_FETCH = """
TypeError: fetch failed
    at node:internal/deps/undici/undici:14976:13
    at async pull (/app/sync.js:2:15) {
  [cause]: Error: connect ECONNREFUSED 127.0.0.1:3999
      at TCPConnectWrap.afterConnect [as oncomplete] (node:net:1611:16) {
    errno: -111,
    code: 'ECONNREFUSED',
    syscall: 'connect'
  }
}
"""


def test_an_errors_fields_keep_its_place_in_user_code_and_give_its_code() -> None:
    (err,) = scan(NODE_ENOENT).errors
    assert (err.file, err.line, err.column, err.code) == ("/app/load.js", 4, 16, "ENOENT")
    assert err.category == "filesystem"


def test_an_errors_cause_is_in_its_message_and_says_its_kind() -> None:
    (err,) = scan(NODE_FETCH).errors
    assert err.message.endswith("(cause: Error: connect ECONNREFUSED 127.0.0.1:3999)")
    assert (err.category, err.code, err.line) == ("network", "ECONNREFUSED", 2)


# node --test (node 20): a suite whose test failed, in the spec reporter and in TAP.
NODE_TEST_SPEC = """
▶ mean
  ✖ averages numbers (2.156209ms)
    AssertionError [ERR_ASSERTION]: Expected values to be strictly equal:

    6 !== 4

        at TestContext.<anonymous> (file:///app/test/math.test.js:7:12)
        at Test.runInAsyncScope (node:async_hooks:206:9) {
      code: 'ERR_ASSERTION'
    }

✖ mean (8.256778ms)
ℹ tests 1
ℹ fail 1
"""

NODE_TEST_TAP = """
TAP version 13
# Subtest: mean
    # Subtest: averages numbers
    not ok 1 - averages numbers
      ---
      location: '/app/test/math.test.js:6:3'
      failureType: 'testCodeFailure'
      error: |-
        Expected values to be strictly equal:

        6 !== 4

      name: 'AssertionError'
      stack: |-
        TestContext.<anonymous> (file:///app/test/math.test.js:7:12)
        Test.runInAsyncScope (node:async_hooks:206:9)
      ...
    1..1
not ok 1 - mean
  ---
  failureType: 'subtestsFailed'
  error: '1 subtest failed'
  ...
"""


def test_a_suites_line_in_the_spec_reporter_follows_from_its_tests_failures() -> None:
    (err,) = scan(NODE_TEST_SPEC).errors
    assert (err.test, err.line, err.related) == ("averages numbers", 7, [(12, 12)])


def test_a_frame_in_tap_names_the_file_not_its_url() -> None:
    (err,) = scan(NODE_TEST_TAP).errors
    assert (err.file, err.line, err.column) == ("/app/test/math.test.js", 7, 12)


# npm 11: `npm ci` with a lock file out of step, then its usage text (real, its options'
# summary left out): all one error, past the lines a block keeps.
NPM_CI = """
npm error code EUSAGE
npm error
npm error `npm ci` can only install packages when your package.json and package-lock.json or npm-shrinkwrap.json are in sync. Please update your lock file with `npm install` before continuing.
npm error
npm error Invalid: lock file's ms@2.1.2 does not satisfy ms@2.1.3
npm error Missing: picocolors@1.1.1 from lock file
npm error
npm error Clean install a project
npm error
npm error Usage:
npm error npm ci
npm error
npm error Options:
npm error
npm error   --install-strategy
npm error     Sets the strategy for installing packages in node_modules.
npm error
npm error   --legacy-bundling
npm error     Instead of hoisting package installs in `node_modules`, install packages
npm error
npm error   --global-style
npm error     Only install direct dependencies in the top level `node_modules`,
npm error
npm error   --omit
npm error     Dependency types to omit from the installation tree on disk.
npm error
npm error   --include
npm error     Option that allows for defining which types of dependencies to install.
npm error
npm error   --strict-peer-deps
npm error     If set to `true`, and `--legacy-peer-deps` is not set, then _any_
npm error
npm error   --foreground-scripts
npm error     Run all build scripts (ie, `preinstall`, `install`, and
npm error
npm error   --ignore-scripts
npm error     If true, npm does not run scripts specified in package.json files.
npm error
npm error   --allow-directory
npm error     Limits the ability for npm to install dependencies from directories.
npm error
npm error   --allow-file
npm error     Limits the ability for npm to install dependencies from tarball files.
npm error
npm error   --allow-git
npm error     Limits the ability for npm to fetch dependencies from git references.
npm error
npm error   --allow-remote
npm error     Limits the ability for npm to fetch dependencies from urls.
npm error
npm error   --allow-scripts
npm error     Comma-separated list of packages whose install-time lifecycle scripts
npm error
npm error   --strict-allow-scripts
npm error     If `true`, turn the install-script policy from a warning into a hard
npm error
npm error   --dangerously-allow-all-scripts
npm error     If `true`, bypass the `allowScripts` policy entirely and run every
npm error
npm error   --audit
npm error     When "true" submit audit reports alongside the current npm command to the
npm error
npm error   --bin-links
npm error     Tells npm to create symlinks (or `.cmd` shims on Windows) for package
npm error
npm error   --fund
npm error     When "true" displays the message at the end of each `npm install`
npm error
npm error   --dry-run
npm error     Indicates that you don't want npm to make any changes and that it should
npm error
npm error   -w|--workspace
npm error     Enable running a command in the context of the configured workspaces of the
npm error
npm error   --workspaces
npm error     Set to true to run the command in the context of **all** configured
npm error
npm error   --include-workspace-root
npm error     Include the workspace root when workspaces are enabled for a command.
npm error
npm error   --install-links
npm error     When set file: protocol dependencies will be packed and installed as
npm error
npm error
npm error aliases: clean-install, ic, install-clean, isntall-clean
npm error
npm error Run "npm help ci" for more info
npm error A complete log of this run can be found in: /home/ci/.npm/_logs/2026-11-27T23_47_02_370Z-debug-0.log
"""  # noqa: E501


def test_npm_cis_lock_file_error_says_what_is_out_of_step_and_its_usage_is_no_error() -> None:
    (err,) = scan(NPM_CI).errors
    assert (err.code, err.category, err.span) == ("EUSAGE", "dependency", (1, 88))
    assert err.message.endswith(
        "Invalid: lock file's ms@2.1.2 does not satisfy ms@2.1.3"
        " Missing: picocolors@1.1.1 from lock file"
    )


# npm 11: `npm install react-dom@19` over react 17 (real, its log's paths left out).
NPM_ERESOLVE = """
npm error code ERESOLVE
npm error ERESOLVE unable to resolve dependency tree
npm error
npm error While resolving: app@1.0.0
npm error Found: react@17.0.2
npm error node_modules/react
npm error   react@"^17.0.2" from the root project
npm error
npm error Could not resolve dependency:
npm error peer react@"^19.3.1" from react-dom@19.3.1
npm error node_modules/react-dom
npm error   react-dom@"19" from the root project
npm error
npm error Fix the upstream dependency conflict, or retry this command with --force or --legacy-peer-deps to accept an incorrect (and potentially broken) dependency resolution.
npm error
npm error
npm error For a full report see:
"""  # noqa: E501


def test_npms_eresolve_says_what_conflicts() -> None:
    (err,) = scan(NPM_ERESOLVE).errors
    assert (err.code, err.category) == ("ERESOLVE", "dependency")
    assert err.message == (
        "ERESOLVE unable to resolve dependency tree Found: react@17.0.2"
        ' Could not resolve dependency: peer react@"^19.3.1" from react-dom@19.3.1'
    )


# Node 20: a script that throws (real, its paths moved to /app).
NODE_THROW = """
summarizing 2 orders
/app/lib/report.js:2
  return orders.map(o => ({ id: o.id, total: o.lines.reduce((s, l) => s + l.amount, 0) }));
                                                     ^

TypeError: Cannot read properties of undefined (reading 'reduce')
    at /app/lib/report.js:2:54
    at Array.map (<anonymous>)
    at summarize (/app/lib/report.js:2:17)
    at Object.<anonymous> (/app/script.js:8:13)
    at Module._compile (node:internal/modules/cjs/loader:1521:14)
    at node:internal/main/run_main_module:28:49

Node.js v20.20.2
"""


def test_a_thrown_errors_column_is_its_innermost_frames_at_its_line() -> None:
    (err,) = scan(NODE_THROW).errors
    assert (err.file, err.line, err.column) == ("/app/lib/report.js", 2, 54)


@pytest.mark.skipif(shutil.which("node") is None, reason="needs node")
def test_a_rejection_node_warns_of_with_its_pid_is_the_error_and_its_note_is_none(
    tmp_path: Path,
) -> None:
    script = tmp_path / "load.js"
    script.write_text(
        'async function load() { throw new TypeError("total is not a function"); }\nload();\n'
    )
    done = subprocess.run(
        ["node", "--unhandled-rejections=warn", str(script)], capture_output=True, cwd=tmp_path
    )
    assert done.stderr.startswith(b"(node:")  # Node 14's default, a flag since 15
    (err,) = detect(done.stderr).errors
    assert (err.tool, err.message) == ("node", "TypeError: total is not a function")
    assert (err.file, err.line) == (str(script), 1)
