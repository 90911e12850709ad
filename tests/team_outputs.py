"""Real outputs of failed runs, as each tool printed them, with the name a
team's pattern is about left as a ``{field}`` (``team_patterns`` fills it in
with the team's name, or another for a near miss).

Recorded here from go 1.19, javac/java 17, cmake 3.25, gcc 12, cargo 1.95,
node 20 with mocha 10 and jest 29, and pytest 8; ``golangci-lint``'s line is
written in its format (it was not installed).
"""

from __future__ import annotations

GO_BUILD = "# example.com/shop\n./main.go:6:14: undefined: {name}\n"
GO_MODULE = (
    "main.go:5:2: no required module provides package github.com/acme/{pkg}; to add it:\n"
    "\tgo get github.com/acme/{pkg}\n"
)
JAVA_NPE = 'Exception in thread "main" java.lang.NullPointerException\n\tat App.main(App.java:4)\n'
JAVA_STATE = (
    'Exception in thread "main" java.lang.IllegalStateException: {var} is not set\n'
    "\tat Cfg.main(Cfg.java:6)\n"
)
JAVAC = (
    "Cfg.java:7: error: cannot find symbol\n        {cls} s = new {cls}();\n        ^\n"
    "  symbol:   class {cls}\n  location: class Cfg\n"
    "Cfg.java:7: error: cannot find symbol\n        {cls} s = new {cls}();\n"
    "                             ^\n  symbol:   class {cls}\n  location: class Cfg\n2 errors\n"
)
CMAKE_CONFIG = """-- Detecting C compile features - done
CMake Error at CMakeLists.txt:3 (find_package):
  By not providing "Find{pkg}.cmake" in CMAKE_MODULE_PATH this project has
  asked CMake to find a package configuration file provided by "{pkg}", but
  CMake did not find one.

  Could not find a package configuration file provided by "{pkg}" with any
  of the following names:

    {pkg}Config.cmake
    {pkg}-config.cmake

  Add the installation prefix of "{pkg}" to CMAKE_PREFIX_PATH or set
  "{pkg}_DIR" to a directory containing one of the above files.  If "{pkg}"
  provides a separate development package or SDK, be sure it has been
  installed.


-- Configuring incomplete, errors occurred!
See also "/tmp/demo/build/CMakeFiles/CMakeOutput.log".
"""
CMAKE_MODULE = """CMake Error at /usr/share/cmake-3.25/Modules/FindPackageHandleStandardArgs.cmake:230 (message):
  Could NOT find {pkg} (missing: {pkg}_LIBRARY {pkg}_INCLUDE_DIR)
Call Stack (most recent call first):
  /usr/share/cmake-3.25/Modules/FindPackageHandleStandardArgs.cmake:600 (_FPHSA_FAILURE_MESSAGE)
  /usr/share/cmake-3.25/Modules/Find{pkg}.cmake:182 (find_package_handle_standard_args)
  CMakeLists.txt:4 (find_package)


-- Configuring incomplete, errors occurred!
"""  # noqa: E501
MOCHA_ASSERT = """

  Array
    #indexOf()
      1) should return -1 when the value is not present


  0 passing (7ms)
  1 failing

  1) Array
       #indexOf()
         should return -1 when the value is not present:

      AssertionError [ERR_ASSERTION]: Expected values to be strictly equal:

-1 !== 3

      + expected - actual

      --1
      +3

      at Context.<anonymous> (test/array.spec.js:5:14)
      at process.processImmediate (node:internal/timers:483:21)



"""
MOCHA_MODULE = """

  Cart
    1) loads the price list


  0 passing (5ms)
  1 failing

  1) Cart
       loads the price list:
     Error: Cannot find module './{file}'
Require stack:
- /tmp/demo/test/cart.spec.js
      at Module._resolveFilename (node:internal/modules/cjs/loader:1207:15)
      at Module._load (node:internal/modules/cjs/loader:1038:27)
      at Module.require (node:internal/modules/cjs/loader:1289:19)
      at require (node:internal/modules/helpers:182:18)
      at Context.<anonymous> (test/cart.spec.js:11:5)
      at process.processImmediate (node:internal/timers:483:21)



"""
NODE_ASSERT = """node:assert:90
  throw new AssertionError(obj);
  ^

AssertionError [ERR_ASSERTION]: Expected values to be strictly equal:

-1 !== 3

    at Object.<anonymous> (/tmp/demo/a.js:2:8)
    at Module._compile (node:internal/modules/cjs/loader:1521:14)
    at node:internal/main/run_main_module:28:49 {
  generatedMessage: true,
  code: 'ERR_ASSERTION',
  actual: -1,
  expected: 3,
  operator: 'strictEqual'
}

Node.js v20.20.2
"""
NODE_MODULE = """node:internal/modules/cjs/loader:1210
  throw err;
  ^

Error: Cannot find module '{module}'
Require stack:
- /tmp/demo/b.js
    at Module._resolveFilename (node:internal/modules/cjs/loader:1207:15)
    at Module._load (node:internal/modules/cjs/loader:1038:27)
    at Object.<anonymous> (/tmp/demo/b.js:1:11) {{
  code: 'MODULE_NOT_FOUND',
  requireStack: [ '/tmp/demo/b.js' ]
}}

Node.js v20.20.2
"""
JEST_MODULE = """FAIL jt/cart.test.js
  ✕ formats the receipt (6 ms)

  ● formats the receipt

    Cannot find module './{module}' from 'jt/cart.test.js'

       7 | }});
       8 | test('formats the receipt', () => {{
    >  9 |   const {{ formatReceipt }} = require('./{module}');
         |                             ^
      10 |   expect(formatReceipt()).toBe('');
      11 | }});

      at Resolver._throwModNotFoundError (node_modules/jest-resolve/build/resolver.js:427:11)
      at Object.require (jt/cart.test.js:9:29)

Test Suites: 1 failed, 1 total
Tests:       1 failed, 1 total
"""
PYTEST = """=================================== FAILURES ===================================
_{bar} {test} _{bar}

    def {test}():
>       {line}
E       {error}

test_app.py:{n}: {exc}
=========================== short test summary info ============================
FAILED test_app.py::{test} - {error}
1 failed in 0.11s
"""
PYTEST_FIXTURE = """==================================== ERRORS ====================================
______________________ ERROR at setup of test_uses_client ______________________
file /tmp/demo/test_app.py, line 16
  def test_uses_client({name}):
E       fixture '{name}' not found
>       available fixtures: capfd, caplog, capsys, monkeypatch, pytestconfig, tmp_path
>       use 'pytest --fixtures [testpath]' for help on them.

/tmp/demo/test_app.py:16
=========================== short test summary info ============================
ERROR test_app.py::test_uses_client
1 error in 0.09s
"""
CARGO_E0425 = """   Compiling demo v0.1.0 (/tmp/demo)
error[E0425]: cannot find value `{name}` in this scope
 --> src/lib.rs:2:29
  |
2 |     std::fs::read_to_string({name}).unwrap()
  |                             ^^^^^^^^^^^ not found in this scope

For more information about this error, try `rustc --explain E0425`.
error: could not compile `demo` (lib) due to 1 previous error
"""
CARGO_PANIC = """running 1 test
test {test} ... FAILED

failures:

---- {test} stdout ----

thread '{test}' (2052) panicked at src/lib.rs:{at}:
{message}
note: run with `RUST_BACKTRACE=1` environment variable to display a backtrace


failures:
    {test}

test result: FAILED. 0 passed; 1 failed; 0 ignored; 0 measured; 0 filtered out; finished in 0.00s

error: test failed, to rerun pass `--lib`
"""
GCC_HEADER = """{file}.c:1:10: fatal error: {header}: No such file or directory
    1 | #include <{header}>
      |          ^~~~~~~~
compilation terminated.
"""
GCC_UNDECLARED = """cfg.c: In function ‘main’:
cfg.c:3:20: error: ‘{name}’ undeclared (first use in this function)
    3 |     printf("%d\\n", {name});
      |                    ^~~~~~~~~~~
cfg.c:3:20: note: each undeclared identifier is reported only once for each function it appears in
"""
GCC_LINK = """/usr/bin/ld: /tmp/cc74ikCV.o: in function `main':
link.c:(.text+0x5): undefined reference to `{name}'
collect2: error: ld returned 1 exit status
"""
GOLANGCI = (
    "main.go:6:14: undefined: fooBar (typecheck)\n\tfmt.Println(fooBar(2))\n\t            ^\n"
)


def _pytest(test: str, line: str, error: str, n: int, exc: str = "") -> str:
    bar = "_" * ((78 - len(test)) // 2 - 1)
    exc = exc or error.split(":")[0]
    return PYTEST.format(bar=bar, test=test, line=line, error=error, n=n, exc=exc)


def key_error(test: str, key: str) -> str:
    return _pytest(test, f'assert settings()["{key}"]', f"KeyError: '{key}'", 8)


def missing_module(module: str) -> str:
    error = f"ModuleNotFoundError: No module named '{module}'"
    return _pytest("test_exports_invoice", f"import {module}.invoices  # noqa", error, 2)


def missing_file(test: str, path: str) -> str:
    error = f"FileNotFoundError: [Errno 2] No such file or directory: '{path}'"
    return _pytest(test, f'open("{path}").read()', error, 20)


def failed_assert(test: str, line: str, error: str, n: int) -> str:
    return _pytest(test, line, error, n, "AssertionError")


def panic(test: str, at: str, message: str) -> str:
    return CARGO_PANIC.format(test=test, at=at, message=message)
