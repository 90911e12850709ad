"""vite build: the bundler's error under ``error during build:`` is the error, at
the place it gives; vite's own ``✗ Build failed`` line and rolldown's count of
its errors add none.

The outputs are real runs of vite 8.3 (rolldown) and vite 7.3 (rollup), trimmed.
"""

from __future__ import annotations

from test_detect import scan

VITE8 = """
vite v8.3.8 building client environment for production...
transforming...
✓ 4 modules transformed.
✗ Build failed in 122ms
error during build:
Build failed with 1 error:

[UNRESOLVED_IMPORT] Could not resolve './components/header.js' in src/main.js
   ╭─[ src/main.js:1:30 ]
   │
 1 │ import { renderHeader } from './components/header.js';
   │                              ────────────┬───────────
   │                                          ╰───────────── Module not found.
───╯

    at aggregateBindingErrorsIntoJsError (file:///home/ci/app/node_modules/rolldown/dist/shared/error.mjs:50:18)
    at async CAC.<anonymous> (file:///home/ci/app/node_modules/vite/dist/node/cli.js:789:3) {
  errors: [Getter/Setter]
}
"""

VITE8_PARSE = """
✗ Build failed in 130ms
error during build:
Build failed with 1 error:

[PARSE_ERROR] Expected `)` but found `{`
   ╭─[ src/calc.js:3:22 ]
   │
 3 │   for (const x of xs {
   │       ┬              ┬
   │       ╰───────────────── Opened here
   │                      │
   │                      ╰── `)` expected
───╯

    at unwrapBindingResult (file:///home/ci/app/node_modules/rolldown/dist/shared/error.mjs:20:128)
"""

VITE7 = """
vite v7.3.8 building client environment for production...
✓ 4 modules transformed.
✗ Build failed in 109ms
error during build:
Could not resolve "./components/header.js" from "src/main.js"
file: /home/ci/app/src/main.js
    at getRollupError (file:///home/ci/app/node_modules/rollup/dist/es/shared/parseAst.js:355:41)
    at file:///home/ci/app/node_modules/rollup/dist/es/shared/node-entry.js:23654:26
"""


def test_rolldowns_unresolved_import_is_the_error_at_its_place() -> None:
    (err,) = scan(VITE8).errors
    assert (err.tool, err.category, err.code) == ("vite", "dependency", "UNRESOLVED_IMPORT")
    assert err.message == "Could not resolve './components/header.js' in src/main.js"
    assert (err.file, err.line, err.column, err.test) == ("src/main.js", 1, 30, None)


def test_rolldowns_parse_error_is_one_syntax_error_its_labels_none() -> None:
    (err,) = scan(VITE8_PARSE).errors
    assert (err.category, err.message) == ("syntax", "Expected `)` but found `{`")
    assert (err.file, err.line, err.column, err.span) == ("src/calc.js", 3, 22, (5, 15))


def test_rollups_error_under_vite_7_is_the_error_at_its_file() -> None:
    (err,) = scan(VITE7).errors
    assert (err.tool, err.category, err.file) == ("vite", "dependency", "/home/ci/app/src/main.js")
    assert err.message == 'Could not resolve "./components/header.js" from "src/main.js"'
    assert err.span == (4, 8)


VITE7_PARSE = """
✗ Build failed in 150ms
error during build:
src/calc.js (3:21): Expected ')', got '{'
file: /home/ci/app/src/calc.js:3:21

1: export function sum(xs) {
2:   let t = 0;
3:   for (const x of xs {
                        ^
4:     t += x;

    at getRollupError (file:///home/ci/app/node_modules/rollup/dist/es/shared/parseAst.js:355:41)
"""

VITE7_PLUGIN = """
error during build:
[vite:json] [plugin vite:json] src/data.json (1:7): Failed to parse JSON file, invalid JSON syntax found at position 7
file: /home/ci/app/src/data.json:1:7

1: {"a": 1,,}
          ^

    at getRollupError (file:///home/ci/app/node_modules/rollup/dist/es/shared/parseAst.js:355:41)
"""  # noqa: E501


def test_rollups_parse_error_is_a_syntax_error_at_the_place_it_puts_first() -> None:
    (err,) = scan(VITE7_PARSE).errors
    assert (err.category, err.message) == ("syntax", "Expected ')', got '{'")
    assert (err.file, err.line, err.column, err.span) == ("src/calc.js", 3, 21, (2, 12))


def test_a_plugins_error_under_vite_7_has_the_plugin_for_its_code() -> None:
    (err,) = scan(VITE7_PLUGIN).errors
    assert (err.code, err.category, err.line) == ("vite:json", "syntax", 1)
    assert err.message == "Failed to parse JSON file, invalid JSON syntax found at position 7"
