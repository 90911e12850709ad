"""Playwright Test: each failed test once, at its failing line, with its error."""

from __future__ import annotations

from test_detect import scan

from pytest_errlearn.detect.hints import tool_from_command

# The list reporter's output, as Playwright's docs and CI logs show it.
RUN = """
Running 3 tests using 2 workers

  ✘  1 [chromium] › tests/example.spec.ts:8:5 › has title (5.2s)
  ✓  2 [chromium] › tests/example.spec.ts:15:5 › get started link (1.1s)
  ✘  3 [chromium] › tests/slow.spec.ts:4:5 › loads the dashboard (30.0s)

  1) [chromium] › tests/example.spec.ts:8:5 › has title ────────────────────────────────────

    Error: Timed out 5000ms waiting for expect(locator).toHaveTitle(expected)

    Locator: locator(':root')
    Expected pattern: /Playwright/
    Received string:  "Fast and reliable end-to-end testing for modern web apps"

       8 | test('has title', async ({ page }) => {
       9 |   await page.goto('https://playwright.dev/');
    > 10 |   await expect(page).toHaveTitle(/Playwright/);
         |                      ^
      11 | });

        at /home/runner/work/app/app/tests/example.spec.ts:10:22

  2) [chromium] › tests/slow.spec.ts:4:5 › loads the dashboard ─────────────────────────────

    Test timeout of 30000ms exceeded.

  2 failed
    [chromium] › tests/example.spec.ts:8:5 › has title ─────────────────────────────────────
    [chromium] › tests/slow.spec.ts:4:5 › loads the dashboard ──────────────────────────────
  1 passed (32.4s)
"""


def test_each_failed_test_is_one_error_at_its_failing_line_with_its_error() -> None:
    report = scan(RUN)
    found = [(e.file, e.line, e.test, e.category, e.message) for e in report.errors]
    assert found == [
        (
            "/home/runner/work/app/app/tests/example.spec.ts",
            10,
            "has title",
            "assertion",
            "Error: Timed out 5000ms waiting for expect(locator).toHaveTitle(expected)",
        ),
        (
            "tests/slow.spec.ts",
            4,
            "loads the dashboard",
            "runtime",
            "Test timeout of 30000ms exceeded.",
        ),
    ]
    assert {e.tool for e in report.errors} == {"playwright"}


def test_playwright_is_known_by_its_command() -> None:
    assert tool_from_command("npx playwright test") == "playwright"
