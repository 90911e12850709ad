"""pytest's terminal report as ``errlearn run -- pytest`` reads it, in each
``--tb`` mode, and unittest's: one error per failing test, at its place, with
its test."""

from __future__ import annotations

import pytest

from pytest_errlearn.detect.engine import detect

# `pytest --tb=line` (pytest 9.2): the E lines first, then the place and the message.
TB_LINE = """\
==================================== ERRORS ====================================
______________________ ERROR at setup of test_uses_config ______________________
E   FileNotFoundError: [Errno 2] No such file or directory: '/tmp/p/settings.json'
=================================== FAILURES ===================================
E   AssertionError: assert {'skus': ['ap...', 'qty': 1}]} == {'skus': ['ap...', 'qty': 2}]}
      \n\
      Differing items:
      {'count': 6} != {'count': 5}
/home/ci/shop/tests/test_cart.py:11: AssertionError: assert {'skus': ['ap...', 'qty': 1}]} \
== {'skus': ['ap...', 'qty': 2}]}
E   KeyError: 'kiwi'
/home/ci/shop/shop/pricing.py:5: KeyError: 'kiwi'
E   assert 40.0 == 45.0
     +  where 40.0 = discount(50, 20)
/home/ci/shop/tests/test_cart.py:40: assert 40.0 == 45.0
=========================== short test summary info ============================
FAILED tests/test_cart.py::test_summary - AssertionError: assert {'skus': ['a...
FAILED tests/test_cart.py::test_total_unknown_sku - KeyError: 'kiwi'
FAILED tests/test_cart.py::test_discount[50-20-45.0] - assert 40.0 == 45.0
ERROR tests/test_cart.py::test_uses_config - FileNotFoundError: [Errno 2] No ...
"""


def test_tb_line_gives_each_failure_once_at_its_place_with_its_test() -> None:
    report = detect(TB_LINE.encode(), command="pytest --tb=line")
    assert [(e.test, e.file, e.line) for e in report.errors] == [
        ("test_uses_config", None, None),
        ("test_summary", "/home/ci/shop/tests/test_cart.py", 11),
        ("test_total_unknown_sku", "/home/ci/shop/shop/pricing.py", 5),
        ("test_discount[50-20-45.0]", "/home/ci/shop/tests/test_cart.py", 40),
    ]


TESTS = """
import pytest

def price(sku):
    return {"apple": 3}[sku]

def test_total():
    assert price("apple") * 2 == 7

def test_unknown():
    price("kiwi")

@pytest.mark.parametrize("n", [1, 2])
def test_even(n):
    assert n % 2 == 0
"""


@pytest.mark.parametrize("tb", ["auto", "short", "line"])
def test_a_real_runs_failures_are_each_one_error_of_its_test(
    pytester: pytest.Pytester, tb: str
) -> None:
    pytester.makepyfile(test_shop=TESTS)
    result = pytester.runpytest_subprocess(f"--tb={tb}", "-p", "no:errlearn")
    output = "\n".join(result.outlines).encode()
    report = detect(output, command=f"pytest --tb={tb}", failed=True)
    assert [(e.test, e.line) for e in report.errors] == [
        ("test_total", 7),
        ("test_unknown", 4),
        ("test_even[1]", 14),
    ]


# `python -m unittest -v` (Python 3.11) with a test module that does not import.
UNITTEST_IMPORT = """\
tests.test_export (unittest.loader._FailedTest.tests.test_export) ... ERROR

======================================================================
ERROR: tests.test_export (unittest.loader._FailedTest.tests.test_export)
----------------------------------------------------------------------
ImportError: Failed to import test module: tests.test_export
Traceback (most recent call last):
  File "/usr/lib/python3.11/unittest/loader.py", line 362, in _get_module_from_name
    __import__(name)
  File "/home/ci/shop/tests/test_export.py", line 2, in <module>
    from inventory import Inventory, export_csv
ImportError: cannot import name 'export_csv' from 'inventory' (/home/ci/shop/inventory.py)


----------------------------------------------------------------------
Ran 4 tests in 0.008s

FAILED (errors=1)
"""


def test_a_unittest_module_that_does_not_import_is_one_error_at_its_import() -> None:
    (err,) = detect(UNITTEST_IMPORT.encode(), command="python -m unittest -v").errors
    assert (err.file, err.line) == ("/home/ci/shop/tests/test_export.py", 2)
    assert err.message.startswith("ImportError: cannot import name 'export_csv'")
    assert err.test == "tests.test_export (unittest.loader._FailedTest.tests.test_export)"


# `pytest -rA` (pytest 9.2): a passed test's captured output, a handled error logged in it.
PASSES = """\
=================================== FAILURES ===================================
_____________________________ test_parse_port_bad ______________________________
E       ValueError: invalid literal for int() with base 10: 'eighty'

app.py:18: ValueError
==================================== PASSES ====================================
________________________ test_load_missing_uses_default ________________________
----------------------------- Captured stdout call -----------------------------
ERROR: this is expected, the file is missing
------------------------------ Captured log call -------------------------------
ERROR    app:app.py:12 could not read /nonexistent/cfg.ini, using defaults
Traceback (most recent call last):
  File "/home/ci/app/app.py", line 9, in load
    with open(path) as f:
FileNotFoundError: [Errno 2] No such file or directory: '/nonexistent/cfg.ini'
=========================== short test summary info ============================
PASSED tests/test_app.py::test_load_missing_uses_default
FAILED tests/test_app.py::test_parse_port_bad - ValueError: invalid literal f...
"""


def test_what_passed_tests_printed_is_no_error() -> None:
    report = detect(PASSES.encode(), command="pytest -rA")
    assert [(e.test, e.message[:10]) for e in report.errors] == [
        ("test_parse_port_bad", "ValueError")
    ]
