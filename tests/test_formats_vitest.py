"""vitest: each failing test one error, its message the error's line under its
``FAIL`` header, at the innermost frame of the user's code; the list of a file's
tests above the failures adds none."""

from __future__ import annotations

from test_detect import scan

# vitest 4 in CI (no terminal): the file's tests listed, then each failure in full.
RUN = """
 RUN  v4.1.12 /home/ci/shop
 ❯ src/cart.test.js (3 tests | 2 failed) 7ms
     × sums prices 5ms
     × parses 1ms
     ✓ passes 0ms
 ❯ src/broken.test.js (0 test)

⎯⎯⎯⎯⎯⎯ Failed Suites 1 ⎯⎯⎯⎯⎯⎯⎯

 FAIL  src/broken.test.js [ src/broken.test.js ]
Error: Cannot find module './nope.js' imported from /home/ci/shop/src/broken.test.js
 ❯ src/broken.test.js:2:1
      1| import { it, expect } from 'vitest'
      2| import { nope } from './nope.js'
       | ^
      3| it('x', () => expect(nope).toBe(1))

⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯[1/3]⎯

⎯⎯⎯⎯⎯⎯⎯ Failed Tests 2 ⎯⎯⎯⎯⎯⎯⎯

 FAIL  src/cart.test.js > cart > sums prices
AssertionError: expected 5 to be 6 // Object.is equality

- Expected
+ Received

- 6
+ 5

 ❯ src/cart.test.js:5:49
      3| describe('cart', () => {
      4|   it('sums prices', () => {
      5|     expect(total([{ price: 2 }, { price: 3 }])).toBe(6)
       |                                                 ^
      6|   })

⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯[2/3]⎯

 FAIL  src/cart.test.js > cart > parses
SyntaxError: Expected ',' or '}' after property value in JSON at position 6
 ❯ parse src/cart.js:2:40
      1| export function total(items) { return items.reduce((a, b) => a + b.pri…
      2| export function parse(s) { return JSON.parse(s) }
       |                                        ^
      3|
 ❯ src/cart.test.js:8:12

⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯[3/3]⎯

 Test Files  2 failed (2)
      Tests  2 failed | 1 passed (3)
"""

# Earlier releases, as vitest's docs show them: the error's words under the test's line.
EARLIER = """
 ❯ test/example.test.ts (5 tests | 1 failed) 306ms
   × basic 1 2ms
     → expected 1 to be 2 // Object.is equality

⎯⎯⎯⎯⎯⎯⎯ Failed Tests 1 ⎯⎯⎯⎯⎯⎯⎯

 FAIL  test/example.test.ts > basic 1
AssertionError: expected 1 to be 2 // Object.is equality
 ❯ test/example.test.ts:5:15
      4| test('basic 1', () => {
      5|   expect(1).toBe(2)
       |             ^
      6| })

⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯[1/1]⎯

 Test Files  1 failed (1)
      Tests  1 failed | 4 passed (5)
"""


def test_each_failure_is_one_error_with_its_message_at_its_frame() -> None:
    found = [(e.file, e.line, e.category, e.test, e.message) for e in scan(RUN).errors]
    assert found == [
        (
            "src/broken.test.js",
            2,  # the file failed whole: its frame says the line
            "dependency",
            None,
            "Error: Cannot find module './nope.js' imported from /home/ci/shop/src/broken.test.js",
        ),
        (
            "src/cart.test.js",
            5,
            "assertion",
            "src/cart.test.js > cart > sums prices",
            "AssertionError: expected 5 to be 6 // Object.is equality",
        ),
        (
            "src/cart.js",  # the innermost frame of the user's code, not the test's line
            2,
            "runtime",  # JSON.parse's: the data's syntax, at run time
            "src/cart.test.js > cart > parses",
            "SyntaxError: Expected ',' or '}' after property value in JSON at position 6",
        ),
    ]


def test_the_earlier_layout_gives_the_same_one_error() -> None:
    [err] = scan(EARLIER).errors
    assert (err.file, err.line, err.column, err.category) == (
        "test/example.test.ts",
        5,
        15,
        "assertion",
    )
