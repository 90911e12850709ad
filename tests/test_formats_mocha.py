"""mocha's spec reporter: each failure once, from its numbered section under the
summary, with its full title, what the error says and the test file's frame;
the progress tree's ``1) title`` lines and the summary add none.

The output is a real run of mocha 12.0 (node 20), trimmed.
"""

from __future__ import annotations

from test_detect import scan

SPEC = """

  Queue
    1) pops in FIFO order
    2) drains an empty queue


  0 passing (2s)
  2 failing

  1) Queue
       pops in FIFO order:

      AssertionError [ERR_ASSERTION]: Expected values to be strictly equal:

2 !== 1

      + expected - actual

      -2
      +1

      at Context.<anonymous> (test/queue.test.js:7:12)
      at process.processImmediate (node:internal/timers:483:21)

  2) Queue
       drains an empty queue:
     Error: Timeout of 2000ms exceeded. For async tests and hooks, ensure "done()" is called; if returning a Promise, ensure it resolves. (/home/ci/app/test/queue.test.js)
      at listOnTimeout (node:internal/timers:581:17)

"""  # noqa: E501


def test_each_failure_is_read_once_from_its_section_not_the_progress_tree() -> None:
    first, timeout = scan(SPEC).errors
    assert (first.span, timeout.span) == ((9, 22), (24, 27))


def test_a_failures_test_is_its_full_title() -> None:
    first, timeout = scan(SPEC).errors
    assert (first.test, timeout.test) == ("Queue pops in FIFO order", "Queue drains an empty queue")


def test_what_an_assertion_says_under_its_line_is_in_its_message() -> None:
    first, _ = scan(SPEC).errors
    assert first.message.endswith("Expected values to be strictly equal: 2 !== 1")
    assert (first.file, first.line, first.column) == ("test/queue.test.js", 7, 12)


def test_a_timeout_is_placed_at_the_test_file_it_names() -> None:
    _, timeout = scan(SPEC).errors
    assert timeout.file == "/home/ci/app/test/queue.test.js"
