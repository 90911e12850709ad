"""webpack: each module it could not build is one error at the module's place,
its message the first line under it."""

from __future__ import annotations

from test_detect import scan

# Real runs of webpack 5.113 (`npx webpack --mode production`): a module it cannot
# resolve, then a module it cannot parse (no loader), then the summary.
WEBPACK = """
assets by status 252 bytes [cached] 1 asset
./src/index.js 41 bytes [built] [code generated]

ERROR in ./src/index.js 1:0-25
Module not found: Error: Can't resolve './missing' in '/home/ci/app/src'
resolve './missing' in '/home/ci/app/src'
  using description file: /home/ci/app/package.json (relative path: ./src)
    Field 'browser' doesn't contain a valid alias configuration
      /home/ci/app/src/missing doesn't exist

ERROR in ./src/legacy.js 1:0
Module parse failed: 'import' and 'export' may appear only with 'sourceType: module' (1:0)
File was parsed as module type 'javascript/dynamic'.
> 1 | import x from './missing'
    | ^

webpack 5.113.0 compiled with 2 errors in 197 ms
"""

# webpack 4 places a module's error on a later "@" line; a type checker's plugin
# gives its own place and code.
EARLIER = """
ERROR in ./src/index.js
Module not found: Error: Can't resolve './missing' in '/home/ci/app/src'
 @ ./src/index.js 1:0-30

ERROR in /home/ci/app/src/app.ts(3,14)
TS2322: Type 'string' is not assignable to type 'number'.
"""


def test_each_module_webpack_failed_on_is_an_error_at_its_place() -> None:
    found = [(e.file, e.line, e.column, e.category, e.message) for e in scan(WEBPACK).errors]
    assert found == [
        (
            "src/index.js",
            1,
            1,  # webpack counts from 0
            "dependency",
            "Module not found: Error: Can't resolve './missing' in '/home/ci/app/src'",
        ),
        (
            "src/legacy.js",
            1,
            1,
            "syntax",
            "Module parse failed: 'import' and 'export' may appear only with"
            " 'sourceType: module' (1:0)",
        ),
    ]


def test_webpack_4s_place_and_a_type_checkers_code_are_read() -> None:
    found = [(e.file, e.line, e.code) for e in scan(EARLIER).errors]
    assert found == [("src/index.js", 1, None), ("/home/ci/app/src/app.ts", 3, "TS2322")]


# The Angular docs' CI (a LogChunks-like Travis log): the warning's lines, then the
# script's next commands with no blank line between.
THEN_MORE = """
WARNING in ./src/app/code/pretty-printer.service.ts 16:12-50
System.import() is deprecated and will be removed soon. Use import() instead.
For more info visit https://webpack.js.org/guides/code-splitting/
$ yarn build-404-page
Done in 147.88s.
"""


def test_a_message_ends_where_webpacks_own_lines_do() -> None:
    [warning] = scan(THEN_MORE).warnings
    assert warning.span == (1, 3)
    assert warning.block[-1] == "For more info visit https://webpack.js.org/guides/code-splitting/"
