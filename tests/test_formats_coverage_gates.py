"""Coverage gates: the lines of Jest, istanbul (nyc, Vitest), pytest-cov and
coverage.py that fail a run whose tests passed, as many projects' CI logs and
issues quote them."""

from __future__ import annotations

from test_detect import scan


def test_jest_s_unmet_thresholds_fail_a_run_whose_tests_passed() -> None:
    report = scan(
        """
        PASS src/cart.test.js
        All files |      75 |      100 |      50 |      75 |
        Jest: "global" coverage threshold for lines (80%) not met: 75%
        Jest: "global" coverage threshold for functions (80%) not met: 50%

        Test Suites: 1 passed, 1 total
        Tests:       2 passed, 2 total
        """
    )
    assert [(e.tool, e.category, e.line) for e in report.errors] == [
        ("jest", "assertion", None),
        ("jest", "assertion", None),
    ]
    assert report.errors[0].message.endswith("for lines (80%) not met: 75%")


def test_istanbul_s_per_file_threshold_names_its_file() -> None:
    (err,) = scan(
        "ERROR: Coverage for branches (99.2%) does not meet global threshold (100%)"
        " for src/cordis-yaml.ts\n"
    ).errors
    assert (err.tool, err.file, err.category) == ("istanbul", "src/cordis-yaml.ts", "assertion")
    assert err.message.startswith("Coverage for branches (99.2%)")


def test_pytest_cov_and_coverage_py_fail_under_are_errors_and_reached_is_none() -> None:
    report = scan(
        """
        TOTAL         4      1    75%
        Coverage failure: total of 75 is less than fail-under=80
        FAIL Required test coverage of 80% not reached. Total coverage: 75.00%
        """
    )
    assert [(e.tool, e.category) for e in report.errors] == [
        ("coverage", "assertion"),
        ("pytest-cov", "assertion"),
    ]
    passed = scan("Required test coverage of 80% reached. Total coverage: 81.99%\n")
    assert passed.errors == []
