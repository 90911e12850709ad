"""Coverage gates: a test run whose tests all passed fails all the same where
its coverage is under the threshold it was given. Each tool says so in a line
of its own::

    Jest: "global" coverage threshold for lines (80%) not met: 75%
    ERROR: Coverage for lines (62.73%) does not meet global threshold (80%)
    FAIL Required test coverage of 80% not reached. Total coverage: 75.00%
    Coverage failure: total of 76 is less than fail-under=80

(Jest; istanbul's, as nyc and Vitest print it; pytest-cov; coverage.py's
``report --fail-under``.) Each is an `assertion`: the run's own expectation of
its tests, not met. Its place is the file a per-file threshold names.
"""

from __future__ import annotations

from . import Format

_PERCENT = r"\(\d+(?:\.\d+)?%\)"

ROWS = (
    Format(
        "jest-coverage-threshold",
        r'^(?P<msg>Jest: "(?P<scope>[^"]+)" coverage threshold for \w+ '
        + _PERCENT
        + r" not met: \d+(?:\.\d+)?%)\s*$",
        tool="jest",
        category="assertion",
        rank=2,
        examples=(
            'Jest: "global" coverage threshold for lines (80%) not met: 58.68%',
            'Jest: "global" coverage threshold for branches (60%) not met: 53.5%',
        ),
    ),
    Format(
        "istanbul-coverage-threshold",
        r"^(?:ERROR: )?(?P<msg>Coverage (?:for \w+ +" + _PERCENT + r" does not meet (?:global )?"
        r"threshold " + _PERCENT + r"(?: for (?P<file>\S+))?"
        r"|threshold for \w+ " + _PERCENT + r" not met: \d+(?:\.\d+)?%))\s*$",
        tool="istanbul",
        category="assertion",
        rank=2,
        words=("coverage for", "coverage threshold"),
        examples=(
            "ERROR: Coverage for lines      (62.73%) does not meet global threshold (80%)",
            "ERROR: Coverage for functions (99.47%) does not meet global threshold (100%)",
            "Coverage for branches (99.2%) does not meet global threshold (100%) for"
            " src/cordis-yaml.ts",
            "ERROR: Coverage threshold for lines (100%) not met: 99.43%",
        ),
    ),
    Format(
        "pytest-cov-fail-under",
        r"^(?:FAIL )?(?P<msg>Required test coverage of \d+(?:\.\d+)?% not reached\."
        r" Total coverage: \d+(?:\.\d+)?%)\s*$",
        tool="pytest-cov",
        category="assertion",
        rank=2,
        words=("required test coverage",),
        examples=(
            "FAIL Required test coverage of 85% not reached. Total coverage: 69.86%",
            "FAIL Required test coverage of 85.0% not reached. Total coverage: 60.67%",
        ),
    ),
    Format(
        "coverage-fail-under",
        r"^(?:ERROR: )?(?P<msg>Coverage failure: total of \d+(?:\.\d+)? is less than"
        r" fail-under=\d+(?:\.\d+)?)\s*$",
        tool="coverage",
        category="assertion",
        rank=2,
        examples=(
            "Coverage failure: total of 76 is less than fail-under=80",
            "ERROR: Coverage failure: total of 19.78 is less than fail-under=90.00",
        ),
    ),
)
