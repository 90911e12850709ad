"""A team's own patterns and the real failures they must (and must not) claim.

``TEAM`` is a ``patterns.toml`` written as a team writes one: each trigger
pasted from its own failing run, from whichever line caught the eye (the
message, the whole line with its prefix, a later line of the block), with a
fix that is right for that failure only. ``CASES`` are outputs of real runs
(``team_outputs``: go, javac/java, cmake, gcc, cargo, node with mocha and
jest, pytest), each as the tool printed it; a near miss is the same kind of
failure about another name or value (another module, symbol, package, file,
test), where the team's fix would be wrong. A few near misses
are a real output with only the name changed (``edited``).

``evaluate`` scores a way of matching on them: a case is right when its
expected team pattern (and no other) claims an error of the output, or, for a
near miss, when no team pattern claims any.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from team_outputs import (
    CARGO_E0425,
    CMAKE_CONFIG,
    CMAKE_MODULE,
    GCC_HEADER,
    GCC_LINK,
    GCC_UNDECLARED,
    GO_BUILD,
    GO_MODULE,
    GOLANGCI,
    JAVA_NPE,
    JAVA_STATE,
    JAVAC,
    JEST_MODULE,
    MOCHA_ASSERT,
    MOCHA_MODULE,
    NODE_ASSERT,
    NODE_MODULE,
    PYTEST_FIXTURE,
    failed_assert,
    key_error,
    missing_file,
    missing_module,
    panic,
)

from pytest_errlearn.detect import detect
from pytest_errlearn.report import Error

TEAM = r"""version = 1

# go: fooBar went to the legacy package in v2
[[pattern]]
id = "legacy-foobar"
trigger = "undefined: fooBar"
fix = "fooBar moved to example.com/shop/legacy in v2: import it from there"

[[pattern]]
id = "billing-vendored"
trigger = "no required module provides package github.com/acme/billing/invoice; to add it:"
fix = "billing is vendored, not fetched: run `make vendor-billing`"

# java
[[pattern]]
id = "app-home-npe"
trigger = 'Exception in thread "main" java.lang.NullPointerException'
fix = "APP_HOME is unset: source env/dev.sh before running the app"

[[pattern]]
id = "db-url-unset"
trigger = 'Exception in thread "{thread}" java.lang.IllegalStateException: DB_URL is not set'
fix = "export DB_URL=postgres://localhost/shop_dev (see README)"

[[pattern]]
id = "orders-module"
trigger = "symbol:   class OrderService"
fix = "OrderService lives in :orders: add implementation(project(':orders'))"

# cmake
[[pattern]]
id = "spdlog-optional"
trigger = 'Could not find a package configuration file provided by "spdlog"'
fix = "spdlog is optional: apt install libspdlog-dev, or configure with -DWITH_LOGGING=OFF"

[[pattern]]
id = "curl-dev"
trigger = "Could NOT find CURL (missing: CURL_LIBRARY CURL_INCLUDE_DIR)"
fix = "apt install libcurl4-openssl-dev"

# node
[[pattern]]
id = "indexof-spec"
trigger = "AssertionError [ERR_ASSERTION]: Expected values to be strictly equal:"
fix = "the specs' expected values come from fixtures/: run `npm run fixtures` first"

[[pattern]]
id = "prices-generated"
trigger = "Error: Cannot find module './prices.json'"
fix = "prices.json is generated: run `npm run build:prices`"

[[pattern]]
id = "receipt-moved"
trigger = "Cannot find module './receipt' from 'jt/cart.test.js'"
fix = "receipt.js moved to src/receipt/: update the require"

[[pattern]]
id = "lodash-dev"
trigger = "Error: Cannot find module 'lodash'"
fix = "lodash is a devDependency: run `npm ci` without NODE_ENV=production"

# python
[[pattern]]
id = "dotenv"
trigger = "KeyError: 'DATABASE_URL'"
fix = "cp .env.example .env"

[[pattern]]
id = "acme-internal"
trigger = "E       ModuleNotFoundError: No module named 'acme_internal'"
fix = "pip install -e ../acme-internal (it is not on PyPI)"

[[pattern]]
id = "api-client-fixture"
trigger = "fixture 'api_client' not found"
fix = "api_client is in tests/integration/conftest.py: run from the repository root"

[[pattern]]
id = "golden-files"
trigger = "FileNotFoundError: [Errno 2] No such file or directory: 'tests/data/golden_invoice.json'"
fix = "run `make golden` to write the golden files"

[[pattern]]
id = "tax-rounding"
trigger = "FAILED test_app.py::test_total - assert 110.0 == 121"
fix = "prices are floats there: compute the tax with Decimal"

# rust
[[pattern]]
id = "config-path-build-rs"
trigger = "error[E0425]: cannot find value `CONFIG_PATH` in this scope"
fix = "CONFIG_PATH comes from build.rs: cargo build --features embed-config"

[[pattern]]
id = "service-token"
trigger = "thread 'tests::env_is_set' panicked at src/lib.rs:18:48:"
fix = "set SERVICE_TOKEN for the tests (see .env.example)"

# gcc
[[pattern]]
id = "zstd-dev"
trigger = "fatal error: zstd.h: No such file or directory"
fix = "apt install libzstd-dev"

[[pattern]]
id = "generated-config-h"
trigger = "error: ‘cfg_timeout’ undeclared (first use in this function)"
fix = "cfg_timeout is generated into config.h: run ./configure first"

[[pattern]]
id = "metrics-lib"
trigger = "undefined reference to `metrics_flush'"
fix = "link libmetrics: add metrics to target_link_libraries"
"""


@dataclass(frozen=True)
class Case:
    """A real output, the command that printed it, and the team pattern it must
    match (None: a near miss no team pattern may claim)."""

    name: str
    command: str
    output: str
    expected: str | None
    edited: bool = False  # a real output with only a name changed


def hit(name: str, command: str, output: str, expected: str) -> Case:
    return Case(name, command, output, expected)


def miss(name: str, command: str, output: str, *, edited: bool = False) -> Case:
    return Case(name, command, output, None, edited)


UNWRAP = "called `Result::unwrap()` on an `Err` value: NotPresent"
LEFT_RIGHT = "assertion `left == right` failed\n  left: 8080\n right: 8081"
GO, CMAKE, JAVAC_CMD = "go build ./...", "cmake -S . -B build", "javac Cfg.java"
CASES = [
    hit("go build", GO, GO_BUILD.format(name="fooBar"), "legacy-foobar"),
    hit("golangci-lint", "golangci-lint run", GOLANGCI, "legacy-foobar"),
    miss("go build, other name", GO, GO_BUILD.format(name="parseConfig")),
    hit("go module", GO, GO_MODULE.format(pkg="billing/invoice"), "billing-vendored"),
    miss("go module, other", GO, GO_MODULE.format(pkg="payments/card"), edited=True),
    hit("java npe", "java App", JAVA_NPE, "app-home-npe"),
    hit("java state", "java Cfg", JAVA_STATE.format(var="DB_URL"), "db-url-unset"),
    miss("java state, other var", "java Cfg", JAVA_STATE.format(var="REDIS_URL"), edited=True),
    hit("javac symbol", JAVAC_CMD, JAVAC.format(cls="OrderService"), "orders-module"),
    miss("javac symbol, other", JAVAC_CMD, JAVAC.format(cls="PaymentService"), edited=True),
    hit("cmake config", CMAKE, CMAKE_CONFIG.format(pkg="spdlog"), "spdlog-optional"),
    miss("cmake config, other", CMAKE, CMAKE_CONFIG.format(pkg="fmt")),
    hit("cmake module", CMAKE, CMAKE_MODULE.format(pkg="CURL"), "curl-dev"),
    miss("cmake module, other", CMAKE, CMAKE_MODULE.format(pkg="ZLIB"), edited=True),
    hit("mocha assert", "npx mocha", MOCHA_ASSERT, "indexof-spec"),
    hit("node assert", "node a.js", NODE_ASSERT, "indexof-spec"),
    hit("mocha module", "npx mocha", MOCHA_MODULE.format(file="prices.json"), "prices-generated"),
    miss("mocha module, other", "npx mocha", MOCHA_MODULE.format(file="config.json"), edited=True),
    hit("jest module", "npx jest", JEST_MODULE.format(module="receipt"), "receipt-moved"),
    miss("jest module, other", "npx jest", JEST_MODULE.format(module="invoice"), edited=True),
    hit("node module", "node b.js", NODE_MODULE.format(module="lodash"), "lodash-dev"),
    miss("node module, other", "node b.js", NODE_MODULE.format(module="left-pad"), edited=True),
    hit("pytest key", "pytest", key_error("test_database_url", "DATABASE_URL"), "dotenv"),
    miss("pytest key, other", "pytest", key_error("test_redis_url", "REDIS_URL"), edited=True),
    hit("pytest import", "pytest", missing_module("acme_internal"), "acme-internal"),
    miss("pytest import, other", "pytest", missing_module("acme_billing"), edited=True),
    hit("pytest fixture", "pytest", PYTEST_FIXTURE.format(name="api_client"), "api-client-fixture"),
    miss("pytest fixture, other", "pytest", PYTEST_FIXTURE.format(name="db_session"), edited=True),
    hit(
        "pytest file",
        "pytest",
        missing_file("test_reads_fixture", "tests/data/golden_invoice.json"),
        "golden-files",
    ),
    miss(
        "pytest file, other",
        "pytest",
        missing_file("test_reads_settings", "config/settings.local.yaml"),
        edited=True,
    ),
    hit(
        "pytest assert",
        "pytest",
        failed_assert("test_total", "assert round(100 * 1.1, 2) == 121", "assert 110.0 == 121", 14),
        "tax-rounding",
    ),
    miss(
        "pytest assert, other test",
        "pytest",
        failed_assert("test_discount", "assert round(100 * 0.9, 2) == 81", "assert 90.0 == 81", 18),
        edited=True,
    ),
    hit(
        "cargo E0425", "cargo build", CARGO_E0425.format(name="CONFIG_PATH"), "config-path-build-rs"
    ),
    miss("cargo E0425, other", "cargo build", CARGO_E0425.format(name="CONFIG_DIR")),
    hit("cargo panic", "cargo test", panic("tests::env_is_set", "18:48", UNWRAP), "service-token"),
    miss("cargo panic, other test", "cargo test", panic("tests::port_parses", "14:9", LEFT_RIGHT)),
    miss(
        "cargo panic, other unwrap",
        "cargo test",
        panic("tests::reads_config", "22:14", UNWRAP),
        edited=True,
    ),
    hit("gcc header", "gcc -c zz.c", GCC_HEADER.format(file="zz", header="zstd.h"), "zstd-dev"),
    miss("gcc header, other", "gcc -c pq.c", GCC_HEADER.format(file="pq", header="libpq-fe.h")),
    hit(
        "gcc undeclared",
        "gcc cfg.c",
        GCC_UNDECLARED.format(name="cfg_timeout"),
        "generated-config-h",
    ),
    miss("gcc undeclared, other", "gcc cfg.c", GCC_UNDECLARED.format(name="cfg_retries")),
    hit("ld undefined", "gcc link.c", GCC_LINK.format(name="metrics_flush"), "metrics-lib"),
    miss("ld undefined, other", "gcc link.c", GCC_LINK.format(name="metrics_init")),
]


@dataclass(frozen=True)
class Score:
    """How a way of matching did on ``CASES``."""

    right: int
    total: int
    false_matches: int  # cases where a team pattern claimed what it is not about
    wrong: tuple[str, ...]  # the names of the cases it got wrong

    @property
    def rate(self) -> float:
        return self.right / self.total


# A way of matching: the pattern id it gives each error (None: no match).
MatchErrors = Callable[[list[Error]], list[str | None]]


def team_ids() -> frozenset[str]:
    """The ids of the team's patterns."""
    import tomllib

    return frozenset(p["id"] for p in tomllib.loads(TEAM)["pattern"])


def evaluate(match: MatchErrors, cases: list[Case] = CASES) -> Score:
    """Detect each case's errors, match them, and score what the team's patterns claimed."""
    team = team_ids()
    right = false = 0
    wrong: list[str] = []
    for case in cases:
        errors = detect(case.output.encode(), command=case.command).errors
        claimed = {found for found in match(errors) if found in team}
        ok = claimed == ({case.expected} if case.expected else set())
        right += ok
        false += bool(claimed - {case.expected})
        if not ok:
            wrong.append(case.name)
    return Score(right, len(cases), false, tuple(wrong))
