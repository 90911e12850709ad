"""Web builds' output beyond the basics: webpack's loaders (Sass, postcss,
Tailwind), Vue CLI's printer, Gatsby's structured errors, Parcel's
diagnostics, Astro's and vite's dev server's headings, rollup-plugin-typescript2,
esbuild without Unicode, consola's label: written in each tool's documented
layout with neutral names."""

from __future__ import annotations

from test_detect import scan

WEBPACK_SASS = """\
ERROR in ./src/styles/main.scss (./node_modules/css-loader!./node_modules/sass-loader!./src/a.scss)
Module build failed (from ./node_modules/sass-loader/dist/cjs.js):
SassError: Undefined variable.
  \u2577
3 \u2502   color: $brand;
  \u2502          ^^^^^^
  \u2575
  src/styles/_colors.scss 3:10  @use
  src/styles/main.scss 1:1      root stylesheet

webpack 5.90.0 compiled with 1 error in 812 ms
"""


def test_a_sass_error_under_webpacks_loaders_points_at_the_style_sheets_line() -> None:
    (err,) = scan(WEBPACK_SASS).errors
    assert (err.tool, err.message) == ("webpack", "SassError: Undefined variable.")
    assert (err.file, err.line, err.column) == ("src/styles/_colors.scss", 3, 10)


def test_node_sass_says_its_message_under_the_caret_and_its_place_after() -> None:
    report = scan(
        """\
ERROR in ./src/a.scss (./node_modules/css-loader!./node_modules/sass-loader!./src/a.scss)
Module build failed (from ./node_modules/sass-loader/lib/loader.js):

  color: $brand;
        ^
      Undefined variable: "$brand".
      in /home/user/app/src/a.scss (line 3, column 9)
"""
    )
    (err,) = report.errors
    assert err.message == 'Undefined variable: "$brand".'
    assert (err.file, err.line, err.column) == ("/home/user/app/src/a.scss", 3, 9)


VUE_CLI = """\
 ERROR  Failed to compile with 2 errors                                  10:04:12 AM

 error  in ./src/views/Home.vue?vue&type=style&index=0&lang=scss&

Error: Missing binary. See message above.

 @ ./src/views/Home.vue 4:0-70
 @ ./src/main.js

These relative modules were not found:

* ./config in ./src/api/client.js
 ERROR  Build failed with errors.
"""


def test_vue_clis_printer_names_each_module_and_its_unresolved_imports() -> None:
    report = scan(VUE_CLI)
    assert [(e.tool, e.file, e.message) for e in report.errors] == [
        ("webpack", "src/views/Home.vue", "Error: Missing binary. See message above."),
        ("webpack", "src/api/client.js", "Module not found: Can't resolve './config'"),
    ]
    assert report.errors[1].category == "dependency"


def test_postcss_loaders_place_comes_first_and_tailwinds_unknown_class_is_a_reference() -> None:
    (err,) = scan(
        """\
(12:3) /home/user/app/src/card.css The `btn-main` class does not exist. If `btn-main` is a\
 custom class, make sure it is defined within a `@layer` directive.

  11 | .card {
> 12 |   @apply btn-main;
     |   ^
  13 | }
"""
    ).errors
    assert (err.tool, err.file, err.line, err.column) == (
        "postcss",
        "/home/user/app/src/card.css",
        12,
        3,
    )
    assert err.category == "reference"


GATSBY = """\
failed Building production JavaScript and CSS bundles - 4.210s

 ERROR #98123  WEBPACK

Generating JavaScript bundles failed

/home/user/site/src/pages/index.js: Unexpected token (7:4)

   6 |   return (
>  7 |     <Layout
     |     ^

File: src/pages/index.js:7:4

 ERROR #85901  GRAPHQL

There was an error in your GraphQL query:

Cannot query field "titel" on type "SiteSiteMetadata".

File: src/components/seo.js:12:9
"""


def test_gatsbys_structured_errors_say_the_error_itself_and_the_file_it_is_in() -> None:
    report = scan(GATSBY)
    assert [(e.tool, e.code, e.file, e.line, e.message) for e in report.errors] == [
        ("gatsby", "98123", "src/pages/index.js", 7, "Unexpected token (7:4)"),
        (
            "gatsby",
            "85901",
            "src/components/seo.js",
            12,
            'Cannot query field "titel" on type "SiteSiteMetadata".',
        ),
    ]


def test_parcels_diagnostic_takes_the_place_it_quotes_under_it() -> None:
    (err,) = scan(
        """\
\U0001f6a8 Build failed.

@parcel/core: Failed to resolve 'left-pad' from './src/index.js'

  /home/user/app/src/index.js:2:17
    1 | import a from './a';
  > 2 | import pad from 'left-pad';
  >   |                 ^^^^^^^^^^
    3 |

@parcel/resolver-default: Cannot find module 'left-pad'
"""
    ).errors
    assert (err.tool, err.code, err.category) == ("parcel", "@parcel/core", "dependency")
    assert (err.file, err.line, err.column) == ("/home/user/app/src/index.js", 2, 17)


def test_astros_heading_gives_way_to_the_plugins_error_under_it() -> None:
    (err,) = scan(
        """\
10:01:02 [build] Building static entrypoints...
10:01:03 [ERROR] [vite] x Build failed in 80ms
10:01:03 [vite] rendering chunks...
[commonjs--resolver] Missing "./env" specifier in "left-pad" package
  Stack trace:
    at e (file:///home/user/site/node_modules/vite/dist/node/chunks/dep.js:1:1)
"""
    ).errors
    assert (err.tool, err.code) == ("vite", "commonjs--resolver")
    assert err.message == 'Missing "./env" specifier in "left-pad" package'


def test_vites_dev_server_error_takes_the_plugins_place_out_of_its_message() -> None:
    (err,) = scan(
        """\
10:04:12 AM [vite] Internal server error: [postcss] /home/user/app/src/index.css:4:3: The \
`bg-brand` class does not exist.
  Plugin: vite:css
  File: /home/user/app/src/index.css:4:2
      at Input.error (/home/user/app/node_modules/postcss/lib/input.js:106:16)
"""
    ).errors
    assert (err.tool, err.code, err.file, err.line, err.column) == (
        "vite",
        "postcss",
        "/home/user/app/src/index.css",
        4,
        3,
    )
    assert err.message.startswith("The `bg-brand` class does not exist.")


def test_rollup_plugin_typescript2s_error_is_tscs_with_its_place_and_code() -> None:
    (err,) = scan(
        """\
[!] (plugin rpt2) Error: /home/user/lib/src/index.ts(4,21): semantic error TS2307: Cannot \
find module 'left-pad'.
src/index.ts
Error: /home/user/lib/src/index.ts(4,21): semantic error TS2307: Cannot find module \
'left-pad'.
    at error (/home/user/lib/node_modules/rollup/dist/shared/rollup.js:198:30)
"""
    ).errors
    assert (err.file, err.line, err.column, err.code) == ("src/index.ts", 4, 21, "TS2307")
    assert err.message == "Cannot find module 'left-pad'."


def test_vite_5s_rollup_error_is_a_syntax_error_without_rollups_class_name() -> None:
    (err,) = scan(
        """\
error during build:
RollupError: Expression expected
    at getRollupError (file:///home/user/app/node_modules/rollup/dist/es/shared/parseAst.js:394:41)
""",
        "vite",
    ).errors
    assert (err.message, err.category) == ("Expression expected", "syntax")


def test_esbuild_without_unicode_marks_its_errors_with_an_x() -> None:
    report = scan(
        """\
X [ERROR] Could not resolve "left-pad"

    src/index.ts:1:16:
      1 \u2502 import pad from "left-pad";
        \u2575                 ~~~~~~~~~~

Error: Build failed with 1 error: ..
"""
    )
    (err,) = report.errors
    assert (err.tool, err.file, err.line, err.message) == (
        "esbuild",
        "src/index.ts",
        1,
        'Could not resolve "left-pad"',
    )


def test_consolas_label_and_time_are_no_part_of_nuxts_message() -> None:
    (err,) = scan(
        "\u2139 Building server...\n"  # consola's own line first, as Nuxt prints it
        " ERROR  Cannot read properties of undefined (reading 'x')                 3:12:09 PM\n\n"
        "  at setup (/home/user/app/node_modules/nuxt/dist/index.mjs:10:3)\n",
        "nuxt",
    ).errors
    assert err.message == "Cannot read properties of undefined (reading 'x')"


def test_a_next_type_error_under_a_route_group_is_one_error_at_its_place() -> None:
    log = """\
Failed to compile.

./app/(shop)/cart/page.tsx:12:7
Type error: Property 'totl' does not exist on type 'Cart'.

  10 |   const cart = useCart();
> 12 |   return cart.totl;
"""
    (err,) = scan(log).errors
    assert (err.tool, err.file, err.line, err.column) == (
        "tsc",
        "./app/(shop)/cart/page.tsx",
        12,
        7,
    )
