"""Issue 30, section 3: Gradle's failed repository requests (a server's 502, 503,
504, ``Could not GET``/``Could not HEAD``) are network errors, each the build's
one error, which the built-in library knows as transient (``net-http-5xx``), so
``errlearn run --retries`` reruns them. Gradle is not on
this machine: the chain is the one gradle/gradle#19907 quotes, in Gradle's own
``* What went wrong:`` frame as a build that fails on it prints it."""

from __future__ import annotations

import pytest

from pytest_errlearn.config import load_settings
from pytest_errlearn.detect import detect
from pytest_errlearn.matching.matcher import load_matcher
from pytest_errlearn.report import Report

URL = (
    "https://dl.bintray.com/okta/com.okta.android/org/jetbrains/kotlin/"
    "kotlin-compiler-embeddable/1.3.50/kotlin-compiler-embeddable-1.3.50.pom"
)
GET = f"Could not GET '{URL}'. Received status code 502 from server: Bad Gateway"
CHAIN = f"""\
> Could not resolve all files for configuration ':app:kotlinCompilerClasspath'.
   > Could not resolve org.jetbrains.kotlin:kotlin-compiler-embeddable:1.3.50.
     Required by:
         project :app
      > Could not resolve org.jetbrains.kotlin:kotlin-compiler-embeddable:1.3.50.
         > Could not get resource '{URL}'.
            > {GET}
"""
WHAT_WENT_WRONG = f"""\
> Task :app:compileDebugKotlin FAILED

FAILURE: Build failed with an exception.

* What went wrong:
Execution failed for task ':app:compileDebugKotlin'.
{CHAIN}
* Try:
> Run with --stacktrace option to get the stack trace.

BUILD FAILED in 2s
"""


def _errors(report: Report) -> list[tuple[str | None, str, str]]:
    return [(e.tool, e.category, e.message) for e in report.errors]


HEAD = f"Could not HEAD '{URL}'. Received status code 503 from server: Service Unavailable"


@pytest.mark.parametrize("text", [GET, HEAD])
def test_a_repository_request_gradle_printed_alone_is_a_network_error(text: str) -> None:
    for line in (text, f"         > {text}"):  # on its own, or the last of a chain
        assert _errors(detect(f"{line}\n".encode())) == [("gradle", "network", text)]


def test_a_failed_resolution_is_one_network_error_at_its_transient_cause() -> None:
    assert _errors(detect(CHAIN.encode())) == [("gradle", "network", GET)]


def test_what_went_wrong_of_a_bad_gateway_is_the_builds_one_network_error() -> None:
    report = detect(WHAT_WENT_WRONG.encode(), command="./gradlew assembleDebug")
    assert _errors(report) == [("gradle", "network", GET)]


def test_the_library_knows_a_gateway_error_as_transient_so_retries_rerun_it() -> None:
    report = detect(WHAT_WENT_WRONG.replace("502", "504").encode(), command="gradle build")
    matcher = load_matcher(load_settings())
    matcher.match_report(report)
    [err] = report.errors
    assert err.match is not None
    pattern = matcher.get(err.match.pattern)
    assert pattern is not None and pattern.retry and pattern.category == "network"
