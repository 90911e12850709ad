"""OCaml programs and tests that failed as they ran: an uncaught exception and its
backtrace, OUnit's and Alcotest's reports of failed tests, a findlib package
not found. The output is OCaml 4.13's, dune 2.9's, OUnit 2.2's and Alcotest
1.6's (Debian 12)."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest
from test_detect import scan

from pytest_errlearn.detect.engine import detect


def test_an_uncaught_exception_is_at_the_innermost_frame_of_the_users_code() -> None:
    (err,) = scan(
        """
        Fatal error: exception Failure("invalid port: 80x")
        Raised at Stdlib.failwith in file "stdlib.ml", line 29, characters 17-33
        Called from Dune__exe__Main in file "bin/main.ml", line 7, characters 13-29
        """
    ).errors
    assert (err.tool, err.category, err.message) == (
        "ocaml",
        "runtime",
        'Failure("invalid port: 80x")',
    )
    assert (err.file, err.line, err.column, err.span) == ("bin/main.ml", 7, 14, (1, 3))


def test_an_uncaught_exception_before_ocaml_4_11_names_no_function_in_its_frames() -> None:
    (err,) = scan(
        """
        Fatal error: exception Not_found
        Raised at file "hashtbl.ml", line 194, characters 13-28
        Called from file "src/config.ml", line 12, characters 2-30
        """
    ).errors
    assert (err.file, err.line, err.message) == ("src/config.ml", 12, "Not_found")


# ``dune test`` of an OUnit2 suite: the exception first, then the assertion.
OUNIT = """
   test_cart alias test/runtest (exit 1)
(cd _build/default/test && ./test_cart.exe)
.FE
==============================================================================
Error: cart:2:first.

File "/home/user/shop/_build/default/test/oUnit-cart-vm#01.log", line 9, characters 1-1:
Error: cart:2:first (in the log).

Raised at Stdlib.failwith in file "stdlib.ml", line 29, characters 17-33
Called from Stdlib__List.hd in file "list.ml" (inlined), line 30, characters 10-23
Called from Dune__exe__Test_cart.test_first in file "test/test_cart.ml", line 11, characters 14-24
Called from OUnitRunner.run_one_test.(fun) in file "src/lib/ounit2/advanced/oUnitRunner.ml", line 83, characters 13-26

Failure("hd")
------------------------------------------------------------------------------
==============================================================================
Error: cart:0:total.

File "/home/user/shop/_build/default/test/oUnit-cart-vm#01.log", line 2, characters 1-1:
Error: cart:0:total (in the log).

Raised at OUnitAssert.assert_failure in file "src/lib/ounit2/advanced/oUnitAssert.ml", line 45, characters 2-27
Called from OUnitRunner.run_one_test.(fun) in file "src/lib/ounit2/advanced/oUnitRunner.ml", line 83, characters 13-26

expected: 4 but got: 3
------------------------------------------------------------------------------
Ran: 3 tests in: 0.15 seconds.
FAILED: Cases: 3 Tried: 3 Errors: 1 Failures: 1 Skip:  0 Todo: 0 Timeouts: 0.
"""  # noqa: E501


def test_each_ounit_failure_is_one_error_of_its_test_with_what_it_said() -> None:
    report = detect(OUNIT.lstrip("\n").encode())
    raised, asserted = report.errors
    assert (raised.test, raised.message, raised.category) == (
        "cart:2:first",
        'Failure("hd")',
        "runtime",
    )
    assert (raised.file, raised.line, raised.span) == ("test/test_cart.ml", 11, (5, 16))
    assert (asserted.test, asserted.message) == ("cart:0:total", "expected: 4 but got: 3")
    assert (asserted.category, asserted.file) == ("assertion", None)  # OUnit's frames alone


# ``dune test`` of an Alcotest suite: the listing, then the first failure boxed.
ALCOTEST = """
Testing `cart'.
This run has ID `J9V1QAQW'.

> [FAIL]        total          0   one pen.
  [OK]          total          1   empty.
  [FAIL]        items          0   first.

┌──────────────────────────────────────────────────────────────────────────────┐
│ [FAIL]        total          0   one pen.                                    │
└──────────────────────────────────────────────────────────────────────────────┘
ASSERT total of one pen
FAIL total of one pen

   Expected: `4'
   Received: `3'

Raised at Alcotest_engine__Test.check in file "src/alcotest-engine/test.ml", line 196, characters 4-261
Called from Alcotest_engine__Monad.Identity.catch in file "src/alcotest-engine/monad.ml", line 24, characters 31-35

Logs saved to `/home/user/shop/_build/default/test/_build/_tests/cart/total.000.output'.
 ──────────────────────────────────────────────────────────────────────────────

Full test results in `/home/user/shop/_build/default/test/_build/_tests/cart'.
2 failures! in 0.001s. 3 tests run.
"""  # noqa: E501


def test_an_alcotest_failure_is_read_from_its_box_with_the_checks_expected_and_received() -> None:
    (err,) = detect(ALCOTEST.lstrip("\n").encode()).errors
    assert (err.tool, err.test, err.category) == ("alcotest", "total 0 one pen", "assertion")
    assert err.message == "total of one pen: Expected: `4' Received: `3'"
    assert err.span == (9, 20)


def test_an_alcotest_test_that_raised_is_at_the_users_frame() -> None:
    (err,) = scan(
        """
        ┌──────────────────────────────────────────────────────────────────────────────┐
        │ [FAIL]        items          0   first.                                      │
        └──────────────────────────────────────────────────────────────────────────────┘
        [failure] hd
                  Raised at Stdlib.failwith in file "stdlib.ml", line 29, characters 17-33
                  Called from Dune__exe__Test_cart.test_first in file "test/test_cart.ml", line 9, characters 14-24

        Logs saved to `/home/user/shop/_build/default/test/_build/_tests/cart/items.000.output'.
        """  # noqa: E501
    ).errors
    assert (err.test, err.message, err.category) == ("items 0 first", "[failure] hd", "runtime")
    assert (err.file, err.line, err.column) == ("test/test_cart.ml", 9, 15)


def test_a_findlib_package_not_found_is_a_dependency_error() -> None:
    (err,) = scan("ocamlfind: Package `yojson' not found").errors
    assert (err.tool, err.category, err.message) == (
        "ocaml",
        "dependency",
        "Package `yojson' not found",
    )


@pytest.mark.skipif(shutil.which("ocamlfind") is None, reason="ocamlfind is not installed")
def test_a_real_uncaught_exception_is_read_at_its_line(tmp_path: Path) -> None:
    (tmp_path / "main.ml").write_text("let () =\n  ignore (List.nth [1] 5)\n")
    subprocess.run(["ocamlfind", "ocamlc", "-g", "main.ml", "-o", "app"], cwd=tmp_path, check=True)
    run = subprocess.run(
        ["./app"],
        cwd=tmp_path,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        env={**os.environ, "OCAMLRUNPARAM": "b"},
    )
    (err,) = detect(run.stdout).errors
    assert (err.file, err.line, err.category) == ("main.ml", 2, "runtime")
