"""Categories: one RE2 set over all rules, the Python regexes where RE2 cannot go; the
actionability rubric's words: one RE2 set over ASCII text, substring tests elsewhere."""

from __future__ import annotations

import string

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pytest_errlearn.detect import classify

TEXTS = [
    "SyntaxError: invalid syntax",
    "error[E0308]: mismatched types",
    "ReferenceError: foo is not defined",
    "expect(received).toBe(expected) // Object.is equality",
    "ModuleNotFoundError: No module named 'requests'",
    "connect ECONNREFUSED 127.0.0.1:5432",
    "ld: cannot find -lssl",
    "make: *** [Makefile:3: all] Error 1",
    "open config.yaml: No such file or directory",
    "error: unrecognized arguments: --frobnicate",
    "Segmentation fault (core dumped)",
    "FAIL something went wrong",
    "got 3, want 4\nat main_test.go:12",
    "ImportError: Connection refused while loading the plugin",  # two rules: the first wins
]


def python_rules(text: str) -> str:
    return next((cat for cat, rx in classify._searches() if rx.search(text)), "unknown")


@pytest.mark.parametrize("text", TEXTS)
def test_the_rule_set_gives_the_category_of_the_first_rule_that_fits(text: str) -> None:
    if classify._SET is None:
        pytest.skip("no re2: categorize runs the Python regexes themselves")
    classify.categorize.cache_clear()
    assert classify.categorize(text) == python_rules(text)


def test_a_text_that_fits_two_rules_takes_the_earlier_one() -> None:
    classify.categorize.cache_clear()
    text = "ImportError: Connection refused"
    assert classify.categorize(text) == "dependency"
    fitting = [cat for cat, rx in classify._searches() if rx.search(text)]
    assert fitting[:2] == ["dependency", "network"]


@pytest.mark.parametrize(
    ("message", "category"),
    [
        ("expected ‘,’ or ‘;’ before ‘printf’", "syntax"),  # gcc quotes with ‘’
        ("conversion from ‘std::vector<int>’ to non-scalar type ‘int’ requested", "type"),
        ('Missing script: "lint"', "config"),  # npm run
        ("catch/3: Unknown procedure: undefined_pred/1", "reference"),  # SWI-Prolog
        ("Error: Missing binary. See message above.", "dependency"),  # node-sass
        ('No matching export in "src/cart.js" for import "total"', "reference"),  # esbuild
        ('Cannot query field "title" on type "Query".', "reference"),  # GraphQL
        ("E: Unable to fetch some archives, maybe run apt-get update", "network"),  # apt
        ("a.erl:3:15: variable 'Y' is unbound", "reference"),  # erlc
        ("a.erl:3:8: function g/0 undefined", "reference"),
        ('error: undefined variable "x"', "reference"),  # Elixir 1.15 on
        ("The name `y' does not exist in the context of `main'", "reference"),  # valac
        ('column "owner_id" referenced in foreign key constraint does not exist', "reference"),
        ('FATAL:  password authentication failed for user "app"', "config"),  # PostgreSQL
        ("ERROR 1045 (28000): Access denied for user 'ci'@'localhost'", "config"),  # MySQL
        ("error CS0103: The name 'y' does not exist in the current context", "reference"),
        ("Assignment: Cannot convert from `string' to `int'", "type"),
        ('missing ";"', "syntax"),  # GNAT
        ("binary operator expected", "syntax"),
        ('";" expected', "syntax"),
        # PHPStan's and PHP's own wordings of a value of the wrong type
        ("Parameter #1 $price of method App\\Cart::add() expects int, string given.", "type"),
        ("Method Calc::add() should return int but returns string.", "type"),
        ("add(): Argument #1 ($a) must be of type int, string given, called in", "type"),
        ("Property 'total' does not exist on type 'Cart'.", "type"),  # tsc's TS2339
        ("package org.jibble.pircbot does not exist", "dependency"),  # javac's
        ("left-pad@npm:99.99.99: No candidates found", "dependency"),  # Yarn Berry's
        # docker's image it cannot pull, not a missing file
        ("pull access denied for acme/app, repository does not exist", "dependency"),
        ("manifest for nginx:1.99 not found: manifest unknown: manifest unknown", "dependency"),
        # mypy's and pyright's (1.1.414) wordings of an operator or a value that may be None
        ('Unsupported operand types for + ("int" and "str")  [operator]', "type"),
        ('Operator "+" not supported for types "int" and "Literal[\'0\']"', "type"),
        ('"split" is not a known attribute of "None" (reportOptionalMemberAccess)', "type"),
        # data that did not parse at run time (node's words), not the program's syntax
        ("SyntaxError: Unexpected token } in JSON at position 12", "runtime"),
        ('SyntaxError: Unexpected token \'}\', "{"a": }" is not valid JSON', "runtime"),
        ("error TS18048: 'user' is possibly 'undefined'.", "type"),
        ("Snapshot `cart > total 1` mismatched", "assertion"),  # vitest
        ('[UnhandledPromiseRejection: The promise rejected with the reason "boom".]', "runtime"),
        # g++'s and clang's words for values of the wrong type
        ("no match for ‘operator<’ (operand types are ‘const Item’ and ‘const Item’)", "type"),
        ("no viable conversion from 'std::string' to 'int'", "type"),
        ("call to deleted constructor of 'Widget'", "type"),
        # a misspelt path of Rust's own library is no crate to add; a crate's is
        ("unresolved import `std::colections`", "reference"),
        ("unresolved import `serde`", "dependency"),
        ('Parse error.  Function missing ending ")"', "syntax"),  # cmake
        # os.environ's missing variable is the environment's; a dict's missing key is not
        ("KeyError: 'DATABASE_URL'", "config"),
        ("KeyError: 'HOME'", "config"),
        ("KeyError: 'GBP'", "runtime"),
        # SQL's undefined names and a server's missing database, not missing files
        ('psycopg.errors.UndefinedTable: relation "users" does not exist', "reference"),
        ('PG::UndefinedColumn: ERROR:  column "nme" does not exist', "reference"),
        ("ERROR 1146 (42S02): Table 'shop.users' doesn't exist", "reference"),
        ("Unknown column 'nme' in 'field list'", "reference"),
        ("sqlite3.OperationalError: no such table: users", "reference"),
        ('FATAL:  database "app_test" does not exist', "config"),
        ('FATAL:  role "root" does not exist', "config"),
        ("ERROR 1049 (42000): Unknown database 'shop'", "config"),
        # a version or a package the npm registry does not have (npm's, pnpm's words)
        ("notarget No matching version found for ms@99.", "dependency"),
        ("GET https://registry.npmjs.org/nope: Not Found - 404", "dependency"),
        ("Couldn't match expected type ‘Int’ with actual type ‘[Char]’", "type"),  # GHC's
        ('Library "yojson" not found.', "dependency"),  # dune's
        ("Illegal division by zero at calc.pl line 3.", "runtime"),  # Perl's
        ('duplication of key "port" in mapping (key-duplicates)', "config"),  # yamllint's
        # Gradle's dependency resolution and its build script's failure
        ("Could not determine the dependencies of task ':compileKotlin'.", "dependency"),
        ("A problem occurred evaluating root project 'app'.", "config"),
        # an ORM's lookup that found no row (Django's), no missing file
        ("shop.models.Item.DoesNotExist: Item matching query does not exist.", "runtime"),
        # conda, which a Python exception's row reads as a runtime error by its name
        (
            "PackagesNotFoundError: The following packages are not available from current",
            "dependency",
        ),
        # the wordings users meet in issues' pasted output (held-out samples)
        ("CMake Error at CMakeLists.txt:9: Cannot find 'gtk' library", "dependency"),
        (
            "error NU1101: Unable to find package Acme.Calc. No packages exist with this id",
            "dependency",
        ),
        ("Error: listen EADDRINUSE: address already in use :::3000", "network"),
        (
            "ConnectionError: HTTPSConnectionPool(host='pypi.org', port=443): Max retries exceeded"
            " with url: /simple/ (Caused by NewConnectionError('Failed to establish a new "
            "connection: [Errno 113] No route to host'))",
            "network",
        ),
        ("cp: cannot create regular file 'out/x': Operation not permitted", "filesystem"),
        ("make: *** ninguna regla: No existe el fichero o el directorio", "filesystem"),
        ("main.c:1:10: error fatal: calc.h: No existe el fichero o el directorio", "dependency"),
        ('process "/bin/sh -c npm ci" did not complete successfully: exit code: 1', "build"),
        ("executor failed running [/bin/sh -c npm ci]: exit code: 1", "build"),
        # RSpec's failed expectation, as cucumber-ruby prints it under a step
        ("the cart is empty (RSpec::Expectations::ExpectationNotMetError)", "assertion"),
        ("use of unresolved identifier 'Calc'", "reference"),  # Swift before 5.2
        ("The method 'add' isn't defined for the type 'Calc'.", "reference"),  # dart analyze
        ("header 'Calc.h' not found", "filesystem"),  # a module map's
        ("NG8001: 'app-calc' is not a known element:", "reference"),  # Angular's
        ("NG8004: No pipe found with name 'calc'.", "reference"),
        (
            "Failed to load url /src/calc.ts (resolved id: /src/calc.ts). Does the file exist?",
            "filesystem",
        ),
        (
            'Transforming const to the configured target environment ("es5") is not supported yet',
            "config",
        ),  # esbuild's
    ],
)
def test_compilers_and_npm_own_wordings_find_their_category(message: str, category: str) -> None:
    classify.categorize.cache_clear()
    assert classify.categorize(message) == category


def test_a_lone_surrogate_is_categorised_by_the_python_regexes() -> None:
    classify.categorize.cache_clear()
    assert classify.categorize("TypeError: bad byte \udcff") == "type"


def test_without_re2_every_text_gets_the_same_category(monkeypatch: pytest.MonkeyPatch) -> None:
    classify.categorize.cache_clear()
    with_set = [classify.categorize(text) for text in TEXTS]
    monkeypatch.setattr(classify, "_SET", None)
    classify.categorize.cache_clear()
    try:
        assert [classify.categorize(text) for text in TEXTS] == with_set
    finally:
        classify.categorize.cache_clear()


# -- actionability: the rubric's words ----------------------------------------

RUBRIC_WORDS = [
    *classify._DETAIL_WORDS,
    *classify._SUGGESTION_WORDS,
    "got",
    "want",
    "named",
    "try",
    "Try",
    "TRY",
    "GOT",
    "Named",
    "forgot",
    "wanted",
    "retry",
]


RUBRIC_TEXTS = st.lists(
    st.one_of(
        st.sampled_from(RUBRIC_WORDS).map(str.lower),
        st.sampled_from(RUBRIC_WORDS).map(str.upper),
        st.sampled_from(RUBRIC_WORDS).map(str.title),
        st.text(alphabet=string.printable, max_size=4),
    ),
    max_size=10,
).map("".join)


@given(RUBRIC_TEXTS)
def test_the_rubric_set_finds_the_words_the_substring_tests_find(text: str) -> None:
    if classify._RUBRIC is None:
        pytest.skip("no re2: the substring tests are all there is")
    assert classify._detail_and_suggestion(text) == classify._by_words(text)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("AssertionError: Expected 3 but was 4", (True, False)),
        ("error: no such file; did you mean 'src'?", (True, True)),
        ("got 1, want 2", (True, False)),
        ("Got 1", (False, False)),  # the bounded words as written: lower case only
        ("I forgot, unnamed", (False, False)),  # ... and whole
        ("EXPECTED 3", (True, False)),  # the others in any case
        ("Try `npm ci`", (False, True)),
        ("ModuleNotFoundError: No module named 'ſx'", (True, False)),  # not ASCII: the word tests
        ("ValueError: ſuggest", (False, False)),  # the word tests: "ſ" is not "s"
    ],
)
def test_detail_and_suggestion_are_read_from_the_words(
    text: str, expected: tuple[bool, bool]
) -> None:
    assert classify._detail_and_suggestion(text) == expected
    assert classify._by_words(text) == expected


def test_the_borrow_checkers_errors_are_reference_and_type_errors_not_build_errors() -> None:
    borrow = "cannot borrow `v` as mutable because it is also borrowed as immutable"
    assert classify.categorize(borrow) == "reference"
    assert classify.categorize("`x` does not live long enough") == "reference"
    assert classify.categorize("borrow of moved value: `s`") == "type"


@pytest.mark.parametrize(
    ("message", "category"),
    [
        ("Error: Timed out 5000ms waiting for expect(locator).toHaveTitle(expected)", "assertion"),
        ("Test timeout of 30000ms exceeded.", "runtime"),  # Playwright
        (
            'Error: Timeout of 2000ms exceeded. For async tests and hooks, ensure "done()"',
            "runtime",
        ),
        ('thrown: "Exceeded timeout of 5000 ms for a test.', "runtime"),  # jest
        ("requests.exceptions.ReadTimeout: Read timed out. (read timeout=10)", "network"),
    ],
)
def test_a_test_runners_timeout_is_no_network_timeout(message: str, category: str) -> None:
    classify.categorize.cache_clear()
    assert classify.categorize(message) == category


@pytest.mark.parametrize(
    "message",
    [
        "`npm ci` can only install packages when your package.json and package-lock.json are in"
        " sync. Please update your lock file with `npm install` before continuing.",
        "error: the lock file /w/Cargo.lock needs to be updated but --locked was passed",
        'ERR_PNPM_OUTDATED_LOCKFILE  Cannot install with "frozen-lockfile" because pnpm-lock.yaml'
        " is not up to date",
        "pyproject.toml changed significantly since poetry.lock was last generated.",
        "Cannot install -r requirements.txt (line 3) and requests==2.20.0 because these package"
        " versions have conflicting dependencies.",
        'vite@5.2.0: The engine "node" is incompatible with this module. Expected version'
        ' ">=18". Got "16.20.2"',
        "No package matching 'nginxx' is available",
    ],
)
def test_a_lock_file_out_of_step_or_a_version_conflict_is_a_dependency_error(message: str) -> None:
    classify.categorize.cache_clear()
    assert classify.categorize(message) == "dependency"
