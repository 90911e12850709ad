"""jest: each ``●`` failure one error; a matcher's message with what it expected
and received, a thrown error no assertion, and a file jest could not parse
placed in it, where babel says, under no test's name.

The outputs are real runs of jest 30.5 (node 20), trimmed.
"""

from __future__ import annotations

from test_detect import scan

JEST = """
FAIL src/price.test.js
  ● parses dollars to cents

    expect(received).toBe(expected) // Object.is equality

    Expected: 205
    Received: 250

      4 |   expect(parsePrice('$1.99')).toBe(199);
    > 5 |   expect(parsePrice('$2.50')).toBe(205);
        |                               ^

      at Object.toBe (src/price.test.js:5:31)

  ● parses numbers

    parsePrice: expected a string, got number

    > 3 |     throw new Error(`parsePrice: expected a string, got ${typeof s}`);
        |           ^

      at parsePrice (src/price.js:3:11)
      at Object.parsePrice (src/price.test.js:9:10)

FAIL src/format.test.js
  ● Test suite failed to run

    SyntaxError: /home/ci/app/src/format.test.js: Unexpected token, expected "," (4:34)

    > 4 |   const cents = parsePrice('$1.00';
        |                                   ^

      at constructor (node_modules/@babel/parser/src/parse-error.ts:96:45)
          at parser.next (<anonymous>)

Test Suites: 2 failed, 2 total
"""

TO_EQUAL = """
  ● cart › applies discount

    expect(received).toEqual(expected) // deep equality

    - Expected  - 1
    + Received  + 1

    @@ -1,7 +1,7 @@
      Object {
    -   "discount": 0.15,
    +   "discount": 0.1,
        "items": Array [

    > 10 |     expect(applyDiscount(cart, 'SAVE10')).toEqual({
         |                                           ^

      at Object.toEqual (src/cart.test.js:10:43)
"""


def test_a_matchers_message_says_what_it_expected_and_received() -> None:
    to_be = scan(JEST).errors[0]
    assert to_be.message == (
        "expect(received).toBe(expected) // Object.is equality Expected: 205 Received: 250"
    )
    (to_equal,) = scan(TO_EQUAL).errors
    assert to_equal.message.endswith('// deep equality - "discount": 0.15, + "discount": 0.1,')


def test_an_error_thrown_in_a_test_is_no_assertion_whatever_its_words() -> None:
    thrown = scan(JEST).errors[1]
    assert (thrown.category, thrown.file, thrown.line) == ("runtime", "src/price.js", 3)


def test_a_test_file_babel_cannot_parse_is_placed_where_babel_says() -> None:
    parse = scan(JEST).errors[2]
    assert (parse.file, parse.line, parse.column) == ("/home/ci/app/src/format.test.js", 4, 34)
    assert (parse.category, parse.test) == ("syntax", None)
