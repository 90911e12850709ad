"""Issue 30, section 3: the decisive part of a tool's message is kept, and the
built-in library knows the borrow checker, gcc's missing ``;`` and the
transient network failures ``errlearn run --retries`` may rerun.

The outputs below are real: recorded from the tools run here (cmake 3.25,
rustc 1.9x, npm 10, Maven 3.8, git, curl), or as the issue thread named
beside them quotes them; where the machine has the tool, it is run as well.
"""

from __future__ import annotations

import shutil
import subprocess
import textwrap
from pathlib import Path

import pytest

from pytest_errlearn.detect import detect, tool_from_command
from pytest_errlearn.detect.blocks_langs import RustPanic
from pytest_errlearn.matching.matcher import Matcher
from pytest_errlearn.matching.patterns import builtin_patterns
from pytest_errlearn.report import Error

# cmake 3.25, `find_package(Foobarlib REQUIRED)` with no FindFoobarlib.cmake
CMAKE_CONFIG_MODE = b"""-- Detecting C compile features - done
CMake Error at CMakeLists.txt:3 (find_package):
  By not providing "FindFoobarlib.cmake" in CMAKE_MODULE_PATH this project
  has asked CMake to find a package configuration file provided by
  "Foobarlib", but CMake did not find one.

  Could not find a package configuration file provided by "Foobarlib" with
  any of the following names:

    FoobarlibConfig.cmake
    foobarlib-config.cmake

  Add the installation prefix of "Foobarlib" to CMAKE_PREFIX_PATH or set
  "Foobarlib_DIR" to a directory containing one of the above files.  If
  "Foobarlib" provides a separate development package or SDK, be sure it has
  been installed.


-- Configuring incomplete, errors occurred!
"""

# rustc --test, `assert_eq!(1 + 1, 3)` (Rust 1.73 and later)
RUST_ASSERT_EQ = b"""running 1 test
test eq ... FAILED

failures:

---- eq stdout ----

thread 'eq' (7192) panicked at t.rs:2:11:
assertion `left == right` failed
  left: 2
 right: 3
note: run with `RUST_BACKTRACE=1` environment variable to display a backtrace


failures:
    eq

test result: FAILED. 0 passed; 1 failed; 0 ignored; 0 measured; 0 filtered out
"""


def _messages(data: bytes, command: str) -> list[str]:
    return [e.message for e in detect(data, tool_from_command(command), command=command).errors]


def test_cmake_config_mode_keeps_could_not_find_a_package_configuration_file() -> None:
    [message] = _messages(CMAKE_CONFIG_MODE, "cmake")
    assert message.startswith(
        'Could not find a package configuration file provided by "Foobarlib"'
    ), message
    assert "By not providing" not in message


def test_cmake_module_mode_message_is_its_wrapped_lines_joined() -> None:
    out = (
        b"CMake Error at /usr/share/cmake-3.2/Modules/FindPackageHandleStandardArgs.cmake:138"
        b" (message):\n  Could NOT find Halide (missing: HALIDE_ROOT_DIR HALIDE_LIBRARIES\n"
        b"  HALIDE_INCLUDE_DIR)\nCall Stack (most recent call first):\n"
        b"  CMakeLists.txt:46 (include)\n\n"
    )
    assert _messages(out, "cmake") == [
        "Could NOT find Halide (missing: HALIDE_ROOT_DIR HALIDE_LIBRARIES HALIDE_INCLUDE_DIR)"
    ]


@pytest.mark.skipif(not shutil.which("cmake"), reason="cmake is not on this machine")
def test_cmake_config_mode_of_a_real_run(tmp_path: Path) -> None:
    (tmp_path / "CMakeLists.txt").write_text(
        "cmake_minimum_required(VERSION 3.10)\nproject(demo NONE)\n"
        "find_package(Foobarlib REQUIRED)\n"
    )
    proc = subprocess.run(
        ["cmake", "-S", ".", "-B", "build"], cwd=tmp_path, capture_output=True, timeout=120
    )
    messages = _messages(proc.stdout + proc.stderr, "cmake")
    assert any(
        m.startswith('Could not find a package configuration file provided by "Foobarlib"')
        for m in messages
    ), messages


def test_rust_assert_eq_keeps_left_and_right() -> None:
    [message] = _messages(RUST_ASSERT_EQ, "cargo test")
    assert message == "assertion `left == right` failed left: 2 right: 3"


@pytest.mark.skipif(not shutil.which("rustc"), reason="rustc is not on this machine")
def test_rust_assert_eq_of_a_real_run(tmp_path: Path) -> None:
    (tmp_path / "t.rs").write_text('#[test]\nfn eq() { assert_eq!("a", "b"); }\n')
    subprocess.run(
        ["rustc", "--test", "t.rs", "-o", "t"],
        cwd=tmp_path,
        check=True,
        capture_output=True,
        timeout=300,
    )
    proc = subprocess.run([str(tmp_path / "t")], cwd=tmp_path, capture_output=True, timeout=60)
    messages = _messages(proc.stdout + proc.stderr, "cargo test")
    assert any('left: "a"' in m and 'right: "b"' in m for m in messages), messages


def test_rust_older_assert_eq_form_keeps_left_and_right() -> None:
    """Rust before 1.73: ``panicked at 'assertion failed: `(left == right)``` and the
    two sides quoted on the next lines, the last one closing the quote."""
    err = Error(
        "assertion failed: `(left == right)`",
        "thread 'tests::adds' panicked at 'assertion failed: `(left == right)`",
    )
    reader = RustPanic(err, 1)
    for n, line in enumerate(
        [
            "  left: `2`,",
            " right: `3`', src/lib.rs:9:9",
            "note: run with `RUST_BACKTRACE=1` environment variable",
        ],
        2,
    ):
        if not reader.feed(line, n):
            break
    assert err.message == "assertion failed: `(left == right)` left: `2` right: `3`"


def test_a_panic_that_is_no_assertion_keeps_its_message() -> None:
    out = (
        b"thread 'main' panicked at src/main.rs:2:5:\nindex out of bounds: the len is 1 "
        b"but the index is 5\n  left: not an assertion\n"
    )
    assert _messages(out, "cargo run") == ["index out of bounds: the len is 1 but the index is 5"]


@pytest.fixture(scope="module")
def matcher() -> Matcher:
    return Matcher(builtin_patterns())


BORROW = {
    "rust-borrow-mut-while-shared": "E0502",
    "rust-borrow-mut-twice": "E0499",
    "rust-move-out-while-borrowed": "E0505",
    "rust-does-not-live-long-enough": "E0597",
    "rust-use-after-move": "E0382",
    "rust-use-of-moved-value": "E0382",
}
RETRIED = (
    "net-connection-reset",
    "net-tls-handshake-timeout",
    "net-dns-io-timeout",
    "net-dns-server-misbehaving",
    "net-dns-eai-again",
    "apt-temporary-failure-resolving",
    "cargo-failed-to-download",
    "net-http-5xx",
    "net-timed-out",
)


def test_the_library_knows_the_borrow_checker_and_the_transient_network_failures() -> None:
    patterns = {p.id: p for p in builtin_patterns()}
    for pid, code in BORROW.items():
        assert code in patterns[pid].trigger
        assert patterns[pid].category in ("reference", "type") and patterns[pid].fix
        assert not patterns[pid].retry
    assert patterns["c-expected-semicolon"].category == "syntax"
    for pid in RETRIED:
        assert patterns[pid].retry and patterns[pid].category == "network", pid


@pytest.mark.parametrize(
    ("command", "output", "expected"),
    [
        # npm 10 against a server that resets the connection (run here)
        (
            "npm install",
            b"npm error code ECONNRESET\nnpm error errno ECONNRESET\n"
            b"npm error network request to http://127.0.0.1:55045/errlearn-nope failed, "
            b"reason: read ECONNRESET\n",
            "net-connection-reset",
        ),
        # https://github.com/GoogleContainerTools/skaffold/issues/5248
        (
            "mvn test",
            b"[ERROR] Failed to execute goal org.apache.maven.plugins:maven-surefire-plugin:"
            b"2.21.0:test (default-test) on project hello: Execution default-test of goal "
            b"org.apache.maven.plugins:maven-surefire-plugin:2.21.0:test failed: Could not "
            b"transfer "
            b"artifact org.apache.maven.surefire:surefire-api:jar:2.21.0 from/to central "
            b"(https://repo.maven.apache.org/maven2): Transfer failed for https://repo.maven.apache.org"
            b"/maven2/org/apache/maven/surefire/surefire-api/2.21.0/surefire-api-2.21.0.jar: "
            b"Connection reset -> [Help 1]\n",
            "net-connection-reset",
        ),
        # https://github.com/docker/hub-feedback/issues/1195
        (
            "docker run",
            b"docker: Error response from daemon: Get https://registry-1.docker.io/v2/"
            b"library/ubuntu/manifests/latest: net/http: TLS handshake timeout.\n",
            "net-tls-handshake-timeout",
        ),
        # https://github.com/docker/for-mac/issues/2152
        (
            "docker pull",
            b"Error response from daemon: Get https://registry-1.docker.io/v2/: dial tcp: "
            b"lookup registry-1.docker.io on 192.168.65.1:53: read udp 192.168.65.2:45941->"
            b"192.168.65.1:53: i/o timeout\n",
            "net-dns-io-timeout",
        ),
        # https://github.com/rust-lang/cargo/issues/10183
        (
            "cargo build",
            b"error: failed to download from `https://crates.io/api/v1/crates/"
            b"unicode-width/0.1.9/download`\n\nCaused by:\n  [7] Couldn't connect to server\n",
            "cargo-failed-to-download",
        ),
    ],
    ids=["npm-econnreset", "maven-connection-reset", "docker-tls", "docker-io-timeout", "cargo"],
)
def test_transient_network_failures_of_other_tools_are_retried(
    command: str, output: bytes, expected: str, matcher: Matcher
) -> None:
    report = detect(output, tool_from_command(command), command=command)
    matcher.match_report(report)
    matched = [e.match.pattern for e in report.errors if e.match]
    assert expected in matched, [(e.message, e.match) for e in report.errors]


def test_gradle_status_code_502_is_a_retried_5xx(matcher: Matcher) -> None:
    """https://github.com/gradle/gradle/issues/19907: the message, once found."""
    message = (
        "Could not GET 'https://dl.bintray.com/okta/com.okta.android/org/jetbrains/kotlin/"
        "kotlin-compiler-embeddable/1.3.50/kotlin-compiler-embeddable-1.3.50.pom'. "
        "Received status code 502 from server: Bad Gateway"
    )
    match = matcher.match(Error(message, message, tool="gradle"))
    assert match is not None and match.pattern == "net-http-5xx"


def test_an_assert_eq_of_rust_before_1_73_keeps_its_sides_and_its_place() -> None:
    # The form of the Rust book's editions before 1.73: the place after the message.
    log = textwrap.dedent("""\
        ---- tests::it_adds_two stdout ----
        thread 'tests::it_adds_two' panicked at 'assertion failed: `(left == right)`
          left: `4`,
         right: `5`', src/lib.rs:11:9
        note: run with `RUST_BACKTRACE=1` environment variable to display a backtrace
        """)
    (err,) = detect(log.encode(), "cargo").errors
    assert (err.file, err.line, err.test) == ("src/lib.rs", 11, "tests::it_adds_two")
    assert err.message == "assertion failed: `(left == right)` left: `4` right: `5`"
