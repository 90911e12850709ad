"""JavaScript builds', linters' and test runners' output beyond the basics
(webpack's entry points, esbuild's thrown errors, Next.js's lint and route
folders, Nuxt's and Vite's unresolved imports, Storybook, Karma's logger,
Playwright, bun install, Angular's older compiler): each shape made here where
the tool installs (webpack, esbuild), else written in the tool's documented
layout with neutral names."""

from __future__ import annotations

from test_detect import scan

WEBPACK_NO_ENTRY = """
Entrypoint main =

ERROR in main
Module not found: Error: Can't resolve './src' in '/home/user/app'
resolve './src' in '/home/user/app'
  using description file: /home/user/app/package.json (relative path: .)
    Field 'browser' doesn't contain a valid alias configuration
    using description file: /home/user/app/package.json (relative path: ./src)
      no extension
        Field 'browser' doesn't contain a valid alias configuration
        /home/user/app/src doesn't exist
      as directory
        /home/user/app/src doesn't exist

webpack 5.113.0 compiled with 1 error in 242 ms
"""


def test_webpacks_missing_entry_point_is_the_module_it_could_not_resolve() -> None:
    (err,) = scan(WEBPACK_NO_ENTRY).errors
    assert (err.tool, err.category) == ("webpack", "dependency")
    assert err.message == "Module not found: Error: Can't resolve './src' in '/home/user/app'"


def test_webpack_4s_entry_module_not_found_is_a_dependency_error_of_webpacks() -> None:
    report = scan(
        """
        WARNING in configuration
        The 'mode' option has not been set, webpack will fallback to 'production' for this value.
        ERROR in Entry module not found: Error: Can't resolve './src' in '/home/user/app'
        """
    )
    (err,) = report.errors
    assert (err.tool, err.category) == ("webpack", "dependency")
    assert err.message.startswith("Entry module not found: Error: Can't resolve './src'")
    assert [w.tool for w in report.warnings] == ["webpack"]


ESBUILD_TRANSFORM_THROWN = """
/home/user/app/node_modules/esbuild/lib/main.js:2440
      throw reject;
      ^

Error: Transform failed with 1 error:
<stdin>:1:15: ERROR: The symbol "a" has already been declared
    at failureErrorWithLog (/home/user/app/node_modules/esbuild/lib/main.js:1752:15)
    at /home/user/app/node_modules/esbuild/lib/main.js:1019:50
"""


def test_esbuilds_transform_error_is_the_message_under_its_count() -> None:
    (err,) = scan(ESBUILD_TRANSFORM_THROWN).errors
    assert (err.tool, err.file, err.line, err.column) == ("esbuild", "<stdin>", 1, 15)
    assert err.message == 'The symbol "a" has already been declared'


def test_old_esbuilds_lowercase_errors_under_vite_are_esbuilds_each() -> None:
    report = scan(
        """
        error during build:
        Error: Transform failed with 2 errors:
        assets/index.1a2b.js:17:8: error: Transforming const to the configured target environment is not supported yet
        assets/index.1a2b.js:40:2: error: Transforming const to the configured target environment is not supported yet
            at failureErrorWithLog (/home/user/app/node_modules/esbuild/lib/main.js:1195:15)
        """  # noqa: E501
    )
    assert [(e.tool, e.file, e.line) for e in report.errors] == [
        ("esbuild", "assets/index.1a2b.js", 17),
        ("esbuild", "assets/index.1a2b.js", 40),
    ]


def test_next_builds_type_error_takes_its_place_from_a_route_group_folder() -> None:
    (err,) = scan(
        """
           Linting and checking validity of types  ..Failed to compile.

        ./src/app/(shop)/[id]/page.tsx:5:54
        Type error: Binding element 'children' implicitly has an 'any' type.
        """
    ).errors
    assert (err.file, err.line, err.column) == ("./src/app/(shop)/[id]/page.tsx", 5, 54)


NEXT_LINT = """
./src/app/page.tsx
12:7  Error: 'total' is assigned a value but never used.  @typescript-eslint/no-unused-vars
20:3  Warning: Unexpected console statement.  no-console

./src/lib/cart.ts
4:10  Error: 'Item' is defined but never used.  @typescript-eslint/no-unused-vars

info  - Need to disable some ESLint rules? Learn more here: https://nextjs.org/docs/basic-features/eslint#disabling-rules
"""


def test_next_lints_problems_are_eslints_each_in_the_file_named_above_it() -> None:
    report = scan(NEXT_LINT)
    assert [(e.tool, e.file, e.line, e.column, e.code) for e in report.errors] == [
        ("eslint", "./src/app/page.tsx", 12, 7, "@typescript-eslint/no-unused-vars"),
        ("eslint", "./src/lib/cart.ts", 4, 10, "@typescript-eslint/no-unused-vars"),
    ]
    assert report.errors[0].message == "'total' is assigned a value but never used."
    assert [(w.file, w.code) for w in report.warnings] == [("./src/app/page.tsx", "no-console")]


def test_eslint_that_cannot_load_a_plugin_says_a_dependency_is_missing() -> None:
    (err,) = scan(
        """
        Oops! Something went wrong! :(

        ESLint: 8.57.0

        Error: Failed to load plugin 'react' declared in '.eslintrc.json': Cannot find module 'eslint-plugin-react'
        """  # noqa: E501
    ).errors
    assert (err.tool, err.category) == ("eslint", "dependency")
    assert err.message.startswith("Failed to load plugin 'react' declared in '.eslintrc.json'")


def test_nuxts_unresolved_import_is_vites_in_the_module_that_imports_it() -> None:
    report = scan(
        """
        [info] ✓ 172 modules transformed.
        Error:  x Build failed in 6.21s
        Error:  Nuxt Build Error: [vite]: Rollup failed to resolve import "left-pad" from "/home/user/app/components/Cart.vue?vue&type=script&setup=true&lang.ts".
        This is most likely unintended because it can break your application at runtime.
        If you do want to externalize this module explicitly add it to
        `build.rollupOptions.external`
          at viteWarn (node_modules/vite/dist/node/chunks/dep-DEPSZ3SS.js:68871:27)
        """  # noqa: E501
    )
    (err,) = report.errors
    assert (err.tool, err.category) == ("vite", "dependency")
    assert err.file == "/home/user/app/components/Cart.vue"
    assert err.message.startswith('Rollup failed to resolve import "left-pad" from')


def test_nuxts_error_at_a_terminal_leaves_the_time_at_its_end_out_of_the_message() -> None:
    (err,) = scan(
        """
         ERROR  [vite]: Rollup failed to resolve import "#config" from "/home/user/app/.nuxt/paths.mjs".               10:02:26
        This is most likely unintended because it can break your application at runtime.
        """  # noqa: E501
    ).errors
    assert err.message.endswith('from "/home/user/app/.nuxt/paths.mjs".')


def test_storybooks_error_is_the_line_after_its_failed_to_build() -> None:
    report = scan(
        """
        info => Using default Webpack setup
        ERR! => Failed to build the preview
        ERR! Module not found: Error: Can't resolve './theme' in '/home/user/app/.storybook'
        ERR! ModuleNotFoundError: Module not found: Error: Can't resolve './theme' in '/home/user/app/.storybook'
        ERR!     at /home/user/app/node_modules/webpack/lib/Compilation.js:925:10
        """  # noqa: E501
    )
    (err,) = report.errors
    assert (err.tool, err.category) == ("storybook", "dependency")
    assert err.message.startswith("Module not found: Error: Can't resolve './theme'")


def test_karmas_logged_errors_leave_the_date_and_logger_out_of_the_message() -> None:
    report = scan(
        """
        10 03 2024 09:15:02.101:INFO [launcher]: Starting browser ChromeHeadless
        10 03 2024 09:15:04.320:ERROR [launcher]: Cannot start ChromeHeadless
        10 03 2024 09:15:04.321:WARN [web-server]: 404: /assets/logo.png
        """
    )
    (err,) = report.errors
    assert (err.tool, err.message) == ("karma", "Cannot start ChromeHeadless")
    assert [w.message for w in report.warnings] == ["404: /assets/logo.png"]


def test_an_old_playwright_header_ruled_with_equals_signs_keeps_them_out_of_the_test() -> None:
    (err,) = scan(
        """
          1) [chromium] › cart.spec.ts:3:1 › shows the total =================================

            page.goto: net::ERR_CONNECTION_REFUSED at http://localhost:3000/cart
            =========================== logs ===========================
            navigating to "http://localhost:3000/cart", waiting until "load"
            ============================================================
        """
    ).errors
    assert (err.test, err.category) == ("shows the total", "network")


def test_bun_install_reports_each_package_it_could_not_resolve_or_fetch() -> None:
    report = scan(
        """
        bun install v1.1.2 (c8d072c2)
         Resolving dependencies
        error: ConnectionRefused downloading package manifest left-pad
        error: left-pad@^1.3.0 failed to resolve
        error: is-odd@^3.0.1 failed to resolve
        """
    )
    assert [(e.tool, e.category) for e in report.errors] == [
        ("bun", "network"),
        ("bun", "dependency"),
        ("bun", "dependency"),
    ]


def test_angular_4s_aot_errors_name_the_file_and_place_before_the_message() -> None:
    report = scan(
        """
        ERROR in /home/user/app/src/$$_gendir/app/cart.component.ngfactory.ts (120,33): Property 'total' does not exist on type 'CartComponent'.

        ERROR in ng:///home/user/app/src/app/list.component.html (3,5): Property 'items' does not exist on type 'ListComponent'.
        """  # noqa: E501
    )
    assert [(e.tool, e.file, e.line, e.column) for e in report.errors] == [
        ("tsc", "/home/user/app/src/$$_gendir/app/cart.component.ngfactory.ts", 120, 33),
        ("tsc", "/home/user/app/src/app/list.component.html", 3, 5),
    ]
