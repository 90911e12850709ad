"""JavaScript builds' and runs' output as users paste it in issues, each
shape made here where the tool installs (node-gyp, webpack, rollup, esbuild,
Node), else written in the tool's documented layout with neutral names."""

from __future__ import annotations

from test_detect import scan

NODE_GYP_CONFIGURE = """
gyp info it worked if it ends with ok
gyp info using node-gyp@10.3.1
gyp info using node@20.20.2 | linux | x64
gyp info find Python using Python version 3.11.7 found at "/home/user/.pyenv/versions/3.11.7/bin/python3"

gyp http GET https://nodejs.org/download/release/v20.20.2/node-v20.20.2-headers.tar.gz
gyp http fetch GET https://nodejs.org/download/release/v20.20.2/node-v20.20.2-headers.tar.gz attempt 1 failed with ENOTFOUND
gyp WARN install got an error, rolling back install
gyp ERR! configure error 
gyp ERR! stack Error: This is most likely not a problem with node-gyp or the package itself and
gyp ERR! stack is related to network connectivity. In most cases you are behind a proxy or have bad
gyp ERR! stack network settings.
gyp ERR! stack at go (/home/user/app/node_modules/node-gyp/lib/install.js:244:21)
gyp ERR! stack at process.processTicksAndRejections (node:internal/process/task_queues:95:5)
gyp ERR! stack at async install (/home/user/app/node_modules/node-gyp/lib/install.js:63:18)
gyp ERR! stack at async getNodeDir (/home/user/app/node_modules/node-gyp/lib/configure.js:79:7)
gyp ERR! stack at async run (/home/user/app/node_modules/node-gyp/bin/node-gyp.js:81:18)
gyp ERR! System Linux 6.18.44-fc-v657
gyp ERR! command "/usr/bin/node" "/home/user/app/node_modules/.bin/node-gyp" "rebuild"
gyp ERR! cwd /home/user/app/addon
gyp ERR! node -v v20.20.2
gyp ERR! node-gyp -v v10.3.1
gyp ERR! not ok 
"""  # noqa: E501, W291


def test_a_node_gyp_configure_that_cannot_fetch_node_headers_is_a_network_error() -> None:
    (err,) = scan(NODE_GYP_CONFIGURE).errors
    assert (err.tool, err.category) == ("node-gyp", "network")
    assert err.message.startswith("This is most likely not a problem with node-gyp")


NPM_NODE_GYP_BUILD = """

> calc-addon@1.0.0 install
> ../node_modules/.bin/node-gyp rebuild --nodedir=/usr

make: Entering directory '/home/user/app/addon/build'
  CXX(target) Release/obj.target/calc/calc.o
../calc.cc:2:15: error: expected primary-expression before ‘return’
    2 | int broken( { return 1; }
      |               ^~~~~~
../calc.cc:2:15: error: expected ‘}’ before ‘return’
    2 | int broken( { return 1; }
      |             ~ ^~~~~~
../calc.cc:2:14: error: expected ‘)’ before ‘return’
    2 | int broken( { return 1; }
      |           ~  ^~~~~~~
      |              )
../calc.cc:2:25: error: expected declaration before ‘}’ token
    2 | int broken( { return 1; }
      |                         ^
make: *** [calc.target.mk:106: Release/obj.target/calc/calc.o] Error 1
make: Leaving directory '/home/user/app/addon/build'
gyp ERR! build error 
gyp ERR! stack Error: `make` failed with exit code: 2
gyp ERR! stack at ChildProcess.<anonymous> (/home/user/app/node_modules/node-gyp/lib/build.js:216:23)
gyp ERR! System Linux 6.18.44-fc-v657
gyp ERR! command "/usr/bin/node" "/home/user/app/node_modules/.bin/node-gyp" "rebuild" "--nodedir=/usr"
gyp ERR! cwd /home/user/app/addon
gyp ERR! node -v v20.20.2
gyp ERR! node-gyp -v v10.3.1
gyp ERR! not ok 
npm error code 1
npm error path /home/user/app/addon
npm error command failed
npm error command sh -c ../node_modules/.bin/node-gyp rebuild --nodedir=/usr
npm error A complete log of this run can be found in: /home/user/.npm/_logs/2026-11-28T04_57_33_047Z-debug-0.log
"""  # noqa: E501, W291


def test_a_node_gyp_build_under_npm_is_the_compilers_errors_and_npms_status_no_error() -> None:
    report = scan(NPM_NODE_GYP_BUILD, "npm")
    assert [(e.tool, e.file, e.line) for e in report.errors][:1] == [("gcc", "../calc.cc", 2)]
    assert {e.tool for e in report.errors} == {"gcc"}


NPM_GYP_ALONE = """
npm error gyp ERR! build error
npm error gyp ERR! stack Error: `make` failed with exit code: 2
npm error gyp ERR! stack at ChildProcess.<anonymous> (/usr/lib/node_modules/npm/node_modules/node-gyp/lib/build.js:216:23)
npm error gyp ERR! System Linux 6.1.0
npm error gyp ERR! cwd /home/user/app/node_modules/calc
npm error gyp ERR! not ok
"""  # noqa: E501


def test_node_gyps_failure_with_nothing_above_it_is_the_error_its_stack_says() -> None:
    (err,) = scan(NPM_GYP_ALONE, "npm").errors
    assert (err.tool, err.category, err.message) == (
        "node-gyp",
        "build",
        "`make` failed with exit code: 2",
    )


NPM_3_MISSING_SCRIPT = """
npm ERR! Linux 5.15.0-91-generic
npm ERR! argv "/usr/bin/node" "/usr/bin/npm" "start"
npm ERR! node v6.17.1
npm ERR! npm  v3.10.10

npm ERR! missing script: start
npm ERR!
npm ERR! If you need help, you may report this error at:
npm ERR!     <https://github.com/npm/npm/issues>

npm ERR! Please include the following file with any support request:
npm ERR!     /home/user/app/npm-debug.log
"""


def test_old_npms_report_of_where_it_ran_is_no_error_the_missing_script_is() -> None:
    (err,) = scan(NPM_3_MISSING_SCRIPT, "npm").errors
    assert (err.message, err.span) == ("missing script: start", (6, 9))


CRA_MODULE_NOT_FOUND = """
Failed to compile.

./src/components/Cart.js
Module not found: Can't resolve './Cart.css' in '/home/user/app/src/components'
"""


def test_failed_to_compile_is_the_module_not_found_under_it_at_its_module() -> None:
    (err,) = scan(CRA_MODULE_NOT_FOUND, "npm").errors
    assert (err.file, err.category) == ("src/components/Cart.js", "dependency")
    assert err.message.startswith("Module not found: Can't resolve './Cart.css'")


NEXT_MODULE_NOT_FOUND = """
Failed to compile

./src/app/page.tsx:3:0
Module not found: Can't resolve '@/lib/prices'
  1 | import { useState } from "react";
  2 |
> 3 | import { total } from "@/lib/prices";
  4 |

https://nextjs.org/docs/messages/module-not-found
"""


def test_next_js_failed_to_compile_is_the_error_at_the_line_it_names() -> None:
    (err,) = scan(NEXT_MODULE_NOT_FOUND).errors
    assert (err.file, err.line, err.category) == ("src/app/page.tsx", 3, "dependency")
    assert err.span == (1, 10)


CRA_ESLINT = """
Failed to compile.

./src/Cart.js
  Line 12:5:  'total' is not defined  no-undef

Search for the keywords to learn more about each error.
"""


def test_an_eslint_finding_under_failed_to_compile_is_the_error_with_its_rule() -> None:
    (err,) = scan(CRA_ESLINT, "npm").errors
    assert (err.file, err.line, err.column, err.code) == ("src/Cart.js", 12, 5, "no-undef")
    assert err.message == "'total' is not defined"


ANGULAR_ERROR_IN = """
ERROR in src/app/cart/cart.component.ts(28,20): error TS2339: Property 'total' does not exist on type 'Cart'.
src/app/cart/cart.component.ts(31,9): error TS2339: Property 'items' does not exist on type 'Cart'.
"""  # noqa: E501


def test_angular_clis_first_compiler_error_after_error_in_is_tscs_too() -> None:
    first, _ = scan(ANGULAR_ERROR_IN).errors
    assert (first.tool, first.code, first.file, first.line) == (
        "tsc",
        "TS2339",
        "src/app/cart/cart.component.ts",
        28,
    )


ANGULAR_TEMPLATE = """
Error: src/app/cart/cart.component.html:4:5 - error NG8001: 'app-price' is not a known element:
1. If 'app-price' is an Angular component, then verify that it is part of this module.

4     <app-price [value]="total"></app-price>
      ~~~~~~~~~~~~~~~~~~~~~~~~~~~~

  src/app/cart/cart.component.ts:5:16
    5   templateUrl: './cart.component.html',
                     ~~~~~~~~~~~~~~~~~~~~~~~
    Error occurs in the template of component CartComponent.
"""


def test_an_angular_templates_error_is_at_the_template_with_its_code() -> None:
    (err,) = scan(ANGULAR_TEMPLATE).errors
    assert (err.file, err.line, err.column, err.code) == (
        "src/app/cart/cart.component.html",
        4,
        5,
        "NG8001",
    )


WEBPACK_PARSE = """
ERROR in ./src/index.js
Module build failed (from ./node_modules/babel-loader/lib/index.js):
SyntaxError: /home/user/app/src/index.js: Unexpected token (2:12)

  1 | const total = (a, b) => {
> 2 |   return a +;
    |             ^
  3 | };
"""


def test_a_loaders_parse_failure_under_a_module_webpack_places_nowhere_is_at_its_place() -> None:
    (err,) = scan(WEBPACK_PARSE, "webpack").errors
    assert (err.file, err.line, err.column, err.category) == ("src/index.js", 2, 13, "syntax")


WEBPACK_OWN_MODULE = """
ERROR in (webpack)/lib/node/NodeTargetPlugin.js
Module not found: Error: Can't resolve 'module' in '/home/user/app/node_modules/webpack/lib/node'
 @ (webpack)/lib/node/NodeTargetPlugin.js 11:1-18
"""


def test_webpacks_error_in_its_own_module_is_read_as_any_modules() -> None:
    (err,) = scan(WEBPACK_OWN_MODULE).errors
    assert (err.tool, err.file, err.line) == (
        "webpack",
        "(webpack)/lib/node/NodeTargetPlugin.js",
        11,
    )


ROLLUP_PARSE = """

src/main.js → out.js...
[!] RollupError: src/main.js (2:12): Expression expected
src/main.js (2:12)
1: const total = (a, b) => {
2:   return a +;
               ^
3: };
4: export default total;
    at Object.getRollupError (/home/user/app/node_modules/rollup/dist/shared/parseAst.js:326:41)
    at ParseError.initialise (/home/user/app/node_modules/rollup/dist/shared/rollup.js:18155:40)
    at convertNode (/home/user/app/node_modules/rollup/dist/shared/rollup.js:19628:10)
    at convertProgram (/home/user/app/node_modules/rollup/dist/shared/rollup.js:18864:12)
    at Module.setSource (/home/user/app/node_modules/rollup/dist/shared/rollup.js:20683:24)
    at async ModuleLoader.addModuleSource (/home/user/app/node_modules/rollup/dist/shared/rollup.js:24705:9)
  [cause] RollupError: Expression expected
      at Object.getRollupError (/home/user/app/node_modules/rollup/dist/shared/parseAst.js:326:41)
      at ParseError.initialise (/home/user/app/node_modules/rollup/dist/shared/rollup.js:18155:40)
      at convertNode (/home/user/app/node_modules/rollup/dist/shared/rollup.js:19628:10)
      at convertProgram (/home/user/app/node_modules/rollup/dist/shared/rollup.js:18864:12)
      at Module.setSource (/home/user/app/node_modules/rollup/dist/shared/rollup.js:20683:24)
      at async ModuleLoader.addModuleSource (/home/user/app/node_modules/rollup/dist/shared/rollup.js:24705:9)


"""  # noqa: E501


def test_rollups_command_line_error_is_the_parsers_at_its_module() -> None:
    (err,) = scan(ROLLUP_PARSE, "rollup").errors
    assert (err.tool, err.category, err.message) == ("rollup", "syntax", "Expression expected")
    assert (err.file, err.line) == ("src/main.js", 2)


ESBUILD_THROWN = """
✘ [ERROR] Could not resolve "left-pad"

    src/app.js:1:16:
      1 │ import pad from "left-pad";
        ╵                 ~~~~~~~~~~

  You can mark the path "left-pad" as external to exclude it from the bundle, which will remove this error and leave the unresolved path in the bundle.

Error: Build failed with 1 error:
src/app.js:1:16: ERROR: Could not resolve "left-pad"
    at failureErrorWithLog (/home/user/app/node_modules/esbuild/lib/main.js:1476:15)
    at /home/user/app/node_modules/esbuild/lib/main.js:945:25
    at /home/user/app/node_modules/esbuild/lib/main.js:897:52
    at buildResponseToResult (/home/user/app/node_modules/esbuild/lib/main.js:943:7)
    at /home/user/app/node_modules/esbuild/lib/main.js:970:16
    at responseCallbacks.<computed> (/home/user/app/node_modules/esbuild/lib/main.js:622:9)
    at handleIncomingPacket (/home/user/app/node_modules/esbuild/lib/main.js:677:12)
    at Socket.readFromStdout (/home/user/app/node_modules/esbuild/lib/main.js:600:7)
    at Socket.emit (node:events:524:28)
    at addChunk (node:internal/streams/readable:561:12) {
  errors: [Getter/Setter],
  warnings: [Getter/Setter]
}
"""  # noqa: E501


def test_esbuilds_thrown_build_failure_repeats_its_error_and_adds_none() -> None:
    (err,) = scan(ESBUILD_THROWN).errors
    assert (err.tool, err.file, err.line, err.category) == (
        "esbuild",
        "src/app.js",
        1,
        "dependency",
    )


ESBUILD_THROWN_ALONE = """
Error: Build failed with 1 error:
src/app.ts:4:21: ERROR: Could not resolve "left-pad"
    at failureErrorWithLog (/home/user/app/node_modules/esbuild/lib/main.js:1476:15)
"""


def test_esbuilds_error_as_its_api_throws_it_is_the_error_at_its_place() -> None:
    (err,) = scan(ESBUILD_THROWN_ALONE).errors
    assert (err.tool, err.file, err.line, err.message) == (
        "esbuild",
        "src/app.ts",
        4,
        'Could not resolve "left-pad"',
    )


REQUIRE_ESM = """
/home/user/app/esm/cli.js:1
const pretty = require("pretty");
               ^

Error [ERR_REQUIRE_ESM]: require() of ES Module /home/user/app/esm/node_modules/pretty/index.js from /home/user/app/esm/cli.js not supported.
Instead change the require of index.js in /home/user/app/esm/cli.js to a dynamic import() which is available in all CommonJS modules.
    at Object.<anonymous> (/home/user/app/esm/cli.js:1:16) {
  code: 'ERR_REQUIRE_ESM'
}

Node.js v20.20.2
"""  # noqa: E501


def test_an_es_module_required_from_commonjs_is_a_dependency_error_at_the_require() -> None:
    (err,) = scan(REQUIRE_ESM, "node").errors
    assert (err.code, err.category, err.file, err.line, err.column) == (
        "ERR_REQUIRE_ESM",
        "dependency",
        "/home/user/app/esm/cli.js",
        1,
        16,
    )


REQUIRE_ESM_UNPLACED = """
Error [ERR_REQUIRE_ESM]: require() of ES Module /home/user/app/node_modules/pretty/index.js from /home/user/app/cli.js not supported.
Instead change the require of index.js in /home/user/app/cli.js to a dynamic import() which is available in all CommonJS modules.
    at Object.<anonymous> (/home/user/app/cli.js:3:16) {
  code: 'ERR_REQUIRE_ESM'
}
"""  # noqa: E501


def test_the_stack_under_a_message_of_two_lines_still_places_nodes_error() -> None:
    (err,) = scan(REQUIRE_ESM_UNPLACED, "node").errors
    assert (err.file, err.line) == ("/home/user/app/cli.js", 3)


KARMA_CHROME_HEADLESS = """
Chrome Headless 120.0.6099.109 (Linux x86_64) CartComponent should total FAILED
\tExpected 3 to equal 4.
\t    at <Jasmine>
\t    at UserContext.<anonymous> (src/app/cart/cart.component.spec.ts:24:27)
Chrome Headless 120.0.6099.109 (Linux x86_64): Executed 12 of 12 (1 FAILED) (0.4 secs / 0.3 secs)
"""


def test_karmas_chrome_headless_failure_names_the_spec_alone() -> None:
    (err,) = scan(KARMA_CHROME_HEADLESS, "karma").errors
    assert (err.test, err.message) == ("CartComponent should total", "Expected 3 to equal 4.")


VITE_UNRESOLVED = """
error during build:
[vite]: Rollup failed to resolve import "left-pad" from "/home/user/app/src/main.ts".
This is most likely unintended because it can break your application at runtime.
If you do want to externalize this module explicitly add it to
`build.rollupOptions.external`
    at viteWarn (file:///home/user/app/node_modules/vite/dist/node/chunks/dep-D4NMHUTW.js:65839:17)
"""


def test_vites_unresolved_import_is_at_the_module_that_imports_it() -> None:
    (err,) = scan(VITE_UNRESOLVED, "vite").errors
    assert (err.file, err.category) == ("/home/user/app/src/main.ts", "dependency")


YARN_ENGINE = """
yarn install v1.22.19
[1/4] Resolving packages...
[2/4] Fetching packages...
error calc-lib@3.0.2: The engine "node" is incompatible with this module. Expected version ">=18". Got "16.20.2"
error Found incompatible module.
info Visit https://yarnpkg.com/en/docs/cli/install for documentation about this command.
"""  # noqa: E501


def test_yarns_found_incompatible_module_only_follows_from_the_engine_error() -> None:
    (err,) = scan(YARN_ENGINE, "yarn").errors
    assert err.message.startswith('calc-lib@3.0.2: The engine "node" is incompatible')


PNPM_BROKEN_LOCKFILE = """
Lockfile is up to date, resolution step is skipped
 ERR_PNPM_LOCKFILE_MISSING_DEPENDENCY  Broken lockfile: no entry for '/calc-lib/3.0.2' in pnpm-lock.yaml

This issue is probably caused by a badly resolved merge conflict.
To fix the lockfile, run 'pnpm install --no-frozen-lockfile'.
"""  # noqa: E501


def test_a_broken_pnpm_lockfile_is_a_dependency_error() -> None:
    (err,) = scan(PNPM_BROKEN_LOCKFILE, "pnpm").errors
    assert (err.code, err.category) == ("ERR_PNPM_LOCKFILE_MISSING_DEPENDENCY", "dependency")


def test_node_14_s_crash_is_at_the_user_s_frame_not_at_node_s_own_modules() -> None:
    (err,) = scan(
        """
        events.js:292
              throw er; // Unhandled 'error' event
              ^

        Error: listen EADDRINUSE: address already in use :::3000
            at Server.setupListenHandle [as _listen2] (net.js:1313:16)
            at listenInCluster (net.js:1361:12)
            at Object.<anonymous> (/home/user/app/server.js:79:8)
            at Module._compile (internal/modules/cjs/loader.js:1137:30)
        """
    ).errors
    assert (err.file, err.line, err.category) == ("/home/user/app/server.js", 79, "network")
