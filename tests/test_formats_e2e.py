"""End-to-end runners: Cypress's CLI, WebdriverIO's loggers, TestCafe's spec
reporter and errors, Detox's logger, Nightwatch's summary.

The Cypress box is a real run of the cypress 13.17 CLI (``cypress verify``)
with ``CYPRESS_RUN_BINARY`` set to a stub that fails as the dynamic loader
does when a library is missing (the path shortened to a user's cache). The
other runners need a browser or a device: their lines are written in the
shapes their documentation and reporters print, with neutral names.
"""

from __future__ import annotations

from test_detect import scan

from pytest_errlearn.detect import detect

# The CLI's box, as ``cypress verify`` printed it: under its task list, each line
# after "[FAILED] ", then as it is.
_BOX = (
    "Cypress failed to start.",
    "",
    "This may be due to a missing library or dependency. https://on.cypress.io/required-dependencies",
    "",
    "Please refer to the error below for more details.",
    "",
    "----------",
    "",
    "/home/user/.cache/Cypress/13.17.0/Cypress/Cypress: error while loading shared libraries:"
    " libnss3.so: cannot open shared object file: No such file or directory",
    "",
    "----------",
    "",
    "Platform: linux-x64 (Debian - 12)",
    "Cypress Version: 13.17.0",
)
CYPRESS_VERIFY = "\n".join(
    ["[STARTED] Task without title.", *(f"[FAILED] {line}" for line in _BOX), *_BOX, ""]
)


def test_a_cypress_that_cannot_start_is_one_error_saying_the_loaders_reason() -> None:
    report = detect(CYPRESS_VERIFY.encode(), "cypress")
    (err,) = report.errors
    assert err.tool == "cypress"
    assert err.category == "dependency"
    assert err.message.startswith("Cypress failed to start: ")
    assert err.message.endswith(
        "libnss3.so: cannot open shared object file: No such file or directory"
    )


def test_a_cypress_that_could_not_reach_its_base_url_is_a_network_error_naming_it() -> None:
    report = scan(
        """
        Cypress could not verify that this server is running:

          > http://localhost:8080

        We are verifying this server because it has been configured as your baseUrl.

        We will try connecting to it 3 more times...
        We will try connecting to it 2 more times...
        We will try connecting to it 1 more time...

        Cypress failed to verify that your server is running.

        Please start this server and then run Cypress again.
        """
    )
    (err,) = report.errors
    assert (err.tool, err.category) == ("cypress", "network")
    assert (
        err.message == "Cypress failed to verify that your server is running: http://localhost:8080"
    )


def test_a_wdio_session_the_driver_did_not_create_is_one_error_with_its_reason() -> None:
    report = scan(
        """
        [0-0] 2024-05-02T10:00:01.100Z INFO webdriver: [POST] http://localhost:4444/session
        [0-0] 2024-05-02T10:00:01.300Z ERROR @wdio/runner: Error: Failed to create session.
        [0-0] session not created: No matching capabilities found
        [0-0]     at startWebDriverSession (file:///home/user/app/node_modules/webdriver/build/utils.js:68:15)
        [0-0]     at async WebDriver.newSession (file:///home/user/app/node_modules/webdriver/build/index.js:28:45)
        [0-0] FAILED in chrome - file:///test/specs/login.e2e.js
        """,
        "wdio",
    )
    (err,) = report.errors
    assert err.tool == "wdio"
    assert err.message == (
        "Error: Failed to create session. session not created: No matching capabilities found"
    )
    assert err.category == "config"
    assert err.span == (2, 5)


def test_a_testcafe_failure_is_its_numbered_error_in_the_test_above_it() -> None:
    report = scan(
        """
        Running tests in:
         - Chrome 120.0.0.0 / Ubuntu 22.04

         Cart
         ✓ opens the cart
         ✖ adds an item (screenshots: /home/user/shop/screenshots/1.png)

           1) AssertionError: expected 2 to deeply equal 3

              Browser: Chrome 120.0.0.0 / Ubuntu 22.04

                 6 |test('adds an item', async t => {
               > 7 |    await t.expect(count).eql(3);
                 8 |});

                 at <anonymous> (/home/user/shop/tests/cart.js:7:27)

         1/2 failed (4s)
        """,
        "testcafe",
    )
    (err,) = report.errors
    assert (err.tool, err.test, err.category) == ("testcafe", "adds an item", "assertion")
    assert err.message == "AssertionError: expected 2 to deeply equal 3"
    assert (err.file, err.line) == ("/home/user/shop/tests/cart.js", 7)


def test_a_testcafe_uncaught_exception_says_its_message_on_the_line_under_it() -> None:
    report = scan(
        """
         ✖ checks out

           1) Uncaught exception:

              Error: connect ECONNREFUSED 127.0.0.1:3000

              Browser: Firefox 121.0 / Ubuntu 22.04
        """,
        "testcafe",
    )
    (err,) = report.errors
    assert err.message == "Error: connect ECONNREFUSED 127.0.0.1:3000"
    assert err.test == "checks out"


def test_a_browser_testcafe_cannot_find_is_a_config_error() -> None:
    report = scan(
        'ERROR Unable to find the browser. "edge" is not a browser alias or path to a file.'
    )
    (err,) = report.errors
    assert (err.tool, err.category) == ("testcafe", "config")
    assert err.message.startswith("Unable to find the browser.")


def test_a_detox_error_is_its_kind_and_message_with_the_hint_under_it() -> None:
    report = scan(
        """
        detox[4821] INFO:  [DetoxServer.js] server listening on localhost:50123...
        detox[4821] ERROR: DetoxRuntimeError: Failed to run application on the device

        HINT: Most likely, your tests have timed out and called detox.cleanup() while waiting.
        """
    )
    (err,) = report.errors
    assert err.tool == "detox"
    assert err.message == "DetoxRuntimeError: Failed to run application on the device"
    assert err.span == (2, 4)


def test_nightwatchs_summary_repeats_its_failures_and_is_no_error_of_its_own() -> None:
    report = scan(
        """
        Running:  signs in
         ✔ Element <body> was visible after 31 milliseconds.
         ✖ Testing if element <#main> is visible - expected "visible" but got: "not found" (5012ms)
            at Object.signIn (/home/user/site/tests/login.js:9:8)

        TEST FAILURE (5.2s):
         - 1 assertions failed; 1 passed

         ✖ 1) login
           – signs in (5.2s)
           Testing if element <#main> is visible - expected "visible" but got: "not found"
        """,
        "nightwatch",
    )
    (err,) = report.errors
    assert err.span[0] == 3
    assert 'expected "visible" but got: "not found"' in err.message


def test_a_cypress_failure_in_its_runners_code_alone_points_at_no_file() -> None:
    log = """\
  1) Cart
       adds an item:
     CypressError: Timed out retrying: Expected to find element: '#cart', but never found it.
      at Object.cypressErr (http://localhost:8080/__cypress/runner/cypress_runner.js:6578:11)
      at retry (http://localhost:8080/__cypress/runner/cypress_runner.js:5881:16)
"""
    (err,) = detect(log.encode(), command="cypress run").errors
    assert err.message.startswith("CypressError: Timed out retrying")
    assert (err.file, err.line) == (None, None)
