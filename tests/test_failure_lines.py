"""Failure lines (a tool's verdict on its step, a runner's exit line) and the
errors they follow from: after them, or, where the tool says its verdict first,
just below them."""

from __future__ import annotations

from test_detect import scan


def test_a_verdict_printed_above_its_error_follows_from_that_error() -> None:
    # SwiftPM from 5.9 prints the failed compile command before the compiler's errors.
    report = scan(
        """
        error: emit-module command failed with exit code 1 (use -v to see invocation)
        Sources/App/main.swift:3:7: error: cannot find 'Calc' in scope
        1 | import Foundation
        2 |
        3 | print(Calc.add(1, 2))
          |       `- error: cannot find 'Calc' in scope
        """
    )
    (err,) = report.errors
    assert (err.file, err.line, err.category, err.related) == (
        "Sources/App/main.swift",
        3,
        "reference",
        [(1, 1)],
    )


def test_a_verdict_far_above_the_next_error_stays_an_error_of_its_own() -> None:
    report = scan(
        "error: emit-module command failed with exit code 1\n"
        + "compiling\n" * 20
        + "Sources/App/main.swift:3:7: error: cannot find 'Calc' in scope\n"
    )
    assert [e.span for e in report.errors] == [(1, 1), (22, 22)]
