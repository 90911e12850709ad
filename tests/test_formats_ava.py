"""AVA's default reporter: each failure read from its details after the run,
the marks and the counts as it ends only repeating them."""

from __future__ import annotations

from pytest_errlearn.detect import detect
from pytest_errlearn.report import Report


def scan(text: str) -> Report:
    """As AVA prints it, two spaces in (not dedented, as ``test_detect.scan`` does)."""
    return detect(text.lstrip("\n").encode())


RUN = """
  ✔ cart › adds an item
  ✘ [fail]: cart › totals the items Test failed via `t.fail()`
  ✘ [fail]: cart › applies the discount
  ─

  cart › totals the items

  test/cart.js:14

   13: test('totals the items', t => {
   14:   t.fail();
   15: });

  Test failed via `t.fail()`

  › test/cart.js:14:4



  cart › applies the discount

  test/cart.js:20

   19:   const cart = new Cart([10, 20]);
   20:   t.is(cart.total(0.5), 14);
   21: });

  Difference (- actual, + expected):

  - 15
  + 14

  › test/cart.js:20:4

  ─

  2 tests failed
"""


def test_each_failed_test_is_one_error_at_its_line_with_its_title_as_test() -> None:
    errors = scan(RUN).errors
    assert [(e.test, e.file, e.line, e.category, e.tool) for e in errors] == [
        ("cart › totals the items", "test/cart.js", 14, "assertion", "ava"),
        ("cart › applies the discount", "test/cart.js", 20, "assertion", "ava"),
    ]
    assert [e.message for e in errors] == [
        "Test failed via `t.fail()`",
        "Difference (- actual, + expected): - 15 + 14",
    ]


def test_a_rejection_s_reason_and_a_test_file_s_uncaught_exception_are_read_too() -> None:
    errors = scan(
        """
  Uncaught exception in test/boot.js

  test/boot.js:3

   2:
   3: test.serial.test('boots', t => t.pass());
   4:

  TypeError: test.serial.test is not a function

  › Object.<anonymous> (test/boot.js:3:13)

  ✘ test/boot.js exited with a non-zero exit code: 1
  ─

  users › register new user

  test/users.js:19

   18:     })
   19:     .expect(201);
   20:

  Rejected promise returned by test. Reason:

  Error {
    message: 'expected 201 "Created", got 500 "Internal Server Error"',
  }

  › test/users.js:19:6
  › ----
  › Test._assertStatus (node_modules/supertest/lib/test.js:252:14)

  ─

  1 test failed
  1 uncaught exception
"""
    ).errors
    boot, users = errors
    assert (boot.test, boot.file, boot.line, boot.category) == (None, "test/boot.js", 3, "type")
    assert boot.message == "TypeError: test.serial.test is not a function"
    assert (users.test, users.file, users.line) == (
        "users › register new user",
        "test/users.js",
        19,
    )
    assert users.message == (
        "Rejected promise returned by test. Reason: Error {"
        ' message: \'expected 201 "Created", got 500 "Internal Server Error"\', }'
    )
