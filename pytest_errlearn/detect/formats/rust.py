"""Rust: rustc/cargo diagnostics, cargo test panics and summaries, `cargo fmt --check`
(cargo nextest's failures are ``rust_tests.py``'s).

A link that failed is rustc's ``error: linking with `cc` failed``, what the
linker said in the notes under it (``= note: /usr/bin/ld: cannot find -lssl``):
that line is the error's message.

Cargo's own errors say what they were doing, then why, after ``Caused by:``
(one such paragraph per step of the chain, the innermost last): ``error: failed
to compile `app v0.1.0``` (cargo install), then ``Caused by:`` and ``failed to
select a version for the requirement `clap = "^4.3"```. The innermost reason is
the error's message.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...report import Error
from ..blocks_langs import Rustc, RustPanic
from ..reader import Reader, read_by_a_row
from . import Format, regex, said_in

ORDER = 30  # where its rows stand in the table (``formats.families``)
COMMANDS = {**dict.fromkeys(("cargo", "rustc"), "cargo"), "rustfmt": "rustfmt"}
# Executable -> the subcommands that build or test (None: any use).
BUILDS: dict[str, frozenset[str] | None] = {
    "cargo": frozenset(
        {"test", "build", "check", "clippy", "nextest", "bench", "b", "t", "c", "fmt"}
    ),
    "rustc": None,
    "rustfmt": None,
}
# Executable -> its options that name a manifest, in the folder it works in (``detect.locate``).
MANIFEST_OPTIONS = {"cargo": ("--manifest-path",)}


def _rustfmt(groups: dict[str, str | None], before: Sequence[str]) -> None:
    """rustfmt names the place where its diff starts; what is wrong is said so."""
    groups["line"] = groups["line"] or groups["old_line"]
    groups["msg"] = "would reformat (rustfmt)"


class LinkFailed(Reader):
    """Under rustc's ``error: linking with `cc` failed``: its notes (``= note:``),
    the linker's command, then what the linker printed, its lines indented
    under the first. The first of those a row reads as an error (ld's
    ``cannot find -lssl``, ``undefined reference to``, lld's ``unable to find
    library``) is the failure's message, place and category; else the header's."""

    frames_wanted = False
    _NOTE = regex(r"^\s*(?:[=|]\s*(?:(?:note|help):\s*)?)?")  # "  |", "  = note: "
    _OWN = regex(r"^(?:some arguments are omitted|\"|LC_ALL=|[\w.-]+ \")")  # the command

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.read: Format | None = None  # the row that read the linker's error

    def accept(self, line: str) -> bool:
        if line.strip() and not line[:1].isspace() and not line.startswith(("=", "|", "...")):
            return False  # rustc's next line of its own
        if not line.strip():
            return not self.blanks
        said = self._NOTE.sub("", line, count=1)
        if self.read is None and said and not self._OWN.match(said):
            self.read = read_by_a_row(self.err, said, lambda row: row.name == "rust-link-failed")
        return True

    def category(self) -> str | None:
        if self.read is None:
            return "build"
        return self.read.category or self.said_else("build")


# What a build script says of a system library it needs and did not find; a
# panic of one with its message at once says so by naming pkg-config.
_NOT_FOUND = regex(r"\b(?:[Cc]ould not find|not found|not installed|No package|pkg-config)\b")
_PKG_CONFIG = regex(r"\bpkg[-_]config\b")


class SpacedPanic(RustPanic):
    """A panic whose message starts after blank lines: a build script's
    ``panic!("\n\nCould not find directory of OpenSSL installation ...")``
    (openssl-sys's, and other ``-sys`` crates'). Its first paragraph is the
    message. Before Rust 1.73 the message was quoted (``panicked at '``, blank
    lines, the message) and its place came after its end, over its other
    paragraphs (``', build/find_normal.rs:155:5``). A panic whose message
    follows at once reads as ``RustPanic`` reads it."""

    _WORDS = 3  # lines of the first paragraph joined into the message, at most

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        header = err.text.rstrip()
        self.quoted = header.endswith("'")
        # The message follows at once (unknown before a line), or is on the header
        # itself, quoted before the place (``panicked at 'msg', src/a.rs:3:5``).
        self.plain: bool | None = True if "panicked at '" in header and not self.quoted else None
        self.words: list[str] = []
        self.said = False  # the first paragraph is over

    def accept(self, line: str) -> bool:
        stripped = line.strip()
        if self.plain is None and stripped:
            self.plain = self.count == 0 and not self.quoted
        if self.plain:
            return super().accept(line)
        if self.quoted and (end := self._END.search(line.rstrip())) is not None:
            self.err.file = end["file"]
            self.err.line, self.err.column = int(end["line"]), int(end["col"])
            self.quoted = False  # its end: the block ends after this line
            self.said = True
            return True
        if not stripped:
            self.said = self.said or bool(self.words)
            return self.quoted or (not self.said and self.count < 2)
        if self.said:
            return self.quoted  # the quoted message's further paragraphs
        if len(self.words) < self._WORDS:
            self.words.append(stripped)
        return True

    def finish(self) -> None:
        if self.words:
            self.err.message = " ".join(self.words)
        super().finish()

    def category(self) -> str | None:
        """A ``-sys`` crate's build script that did not find its system library."""
        if self.words and _NOT_FOUND.search(self.err.message) is not None:
            return "dependency"
        if _PKG_CONFIG.search(self.err.message) is not None:
            return "dependency"
        return None


# What cargo's words say its failure is (else: as any error's words): the
# toolchain older than a package needs, a registry out of reach, a requirement
# no version meets, a test binary that died of a signal.
_CARGO_SAYS = (
    ("config", regex(r"requires rustc \S+ or newer|is not supported by the following packages?")),
    (
        "network",
        regex(
            r"[Cc]ouldn't connect to server|Could not resolve host|Timeout was reached|"
            r"failed to get 200 response|SSL connect error|spurious network error"
        ),
    ),
    (
        "dependency",
        regex(
            r"failed to select a version|no matching package named|failed to load source for "
            r"dependency|could not find `[^`]+` in registry|checksum for `[^`]+` changed"
        ),
    ),
    ("runtime", regex(r"\(signal: \d+, SIG\w+")),
)


class CargoCaused(Rustc):
    """rustc's diagnostic as ``Rustc`` reads it; under cargo's own error, its
    ``Caused by:`` paragraphs (and, under cargo install's, the line that says
    where its artifacts stay): the first line of the last paragraph, the
    innermost reason, is the message. A message that ends with ":" goes on
    with the line indented under it ("rustc 1.75.0 is not supported by the
    following package:", "  app@0.1.0 requires rustc 1.80")."""

    _REUSE = regex(r"^To reuse those artifacts with a future compilation")
    _JOINED = 2  # lines of the innermost reason joined into the message, at most

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.cause: list[str] | None = None  # the last paragraph's lines, once one began

    def accept(self, line: str) -> bool:
        if self.count == 0 and self._REUSE.match(line):
            return True
        if not super().accept(line):
            return False
        stripped = line.strip()
        if self.count == 0 and self.err.message.endswith(":") and line.startswith("  "):
            self.err.message = f"{self.err.message} {stripped}"  # what it went on to say
        elif stripped == "Caused by:":
            self.cause = []
        elif (
            self.cause is not None
            and stripped
            and line[:1].isspace()
            and len(self.cause) < self._JOINED
            and (not self.cause or self.cause[-1].endswith(":"))
        ):
            self.cause.append(stripped)
        return True

    def finish(self) -> None:
        if self.cause:
            self.err.message = " ".join(self.cause)
        super().finish()

    def category(self) -> str | None:
        return said_in(_CARGO_SAYS, self.err.message) or said_in(_CARGO_SAYS, self.err.text)


READERS = {
    "rustlink": LinkFailed,
    "rustspaced": SpacedPanic,
    "cargocaused": CargoCaused,
}

ROWS = (
    Format(  # the linker failed: what it said is in the notes under it
        "rust-link-failed",
        r"^error: linking with `[^`]+` failed: exit (?:status|code): \d+$",
        tool="cargo",
        block="rustlink",
        rank=2,
        examples=("error: linking with `cc` failed: exit status: 1",),
    ),
    Format(  # `cargo fmt --check`, `rustfmt --check`: each place it would change, a diff under
        "rustfmt-diff",
        r"^Diff in (?P<file>\S.*?\.rs)(?::(?P<line>\d+):| at line (?P<old_line>\d+):)$",
        tool="rustfmt",
        fixup=_rustfmt,
        rank=2,
        words=("diff in",),
        examples=("Diff in /home/ci/demo/src/main.rs:1:", "Diff in src/lib.rs at line 12:"),
    ),
    Format(  # a build script failed: why is under it ("--- stderr": its panic, a C compiler's
        # error), not above; where no row reads it there, this line is the error
        "cargo-build-script",
        r"^error: (?P<msg>failed to run custom build command for `[^`]+`)$",
        tool="cargo",
        role="count",
        category="build",
        rank=0,
        examples=("error: failed to run custom build command for `openssl-sys v0.9.58`",),
    ),
    Format(  # cargo install: the crate did not build, of its errors above, or of the reason
        # under it ("Caused by:"); where no error was read above, the reason is the error
        "cargo-install-failed",
        r"^error: (?P<msg>failed to compile `[^`]+`.*)$",
        tool="cargo",
        role="count",
        block="cargocaused",
        rank=2,
        examples=(
            "error: failed to compile `demo v0.1.0`, intermediate artifacts can be found at "
            "`/tmp/cargo-installAb12Cd`.",
        ),
    ),
    Format(
        "cargo-consequence",
        r"^error: (?P<msg>(?:could not compile|aborting due to|"
        r"build failed|Could not compile|"
        r"test run failed(?=\s*$))\b.*)$",
        tool="cargo",
        role="consequence",
        rank=0,
        examples=(
            'error: could not compile `demo` (bin "demo") due to 2 previous errors',
            "error: test run failed",  # cargo nextest's, after its summary
        ),
    ),
    Format(  # cargo test: a test binary failed, of its tests' failures above, or of the reason
        # under it ("Caused by:" the binary died of a signal); where none was read, the reason
        "cargo-test-failed",
        r"^error: (?P<msg>(?:doc)?test failed, to rerun pass .+)$",
        tool="cargo",
        role="count",
        block="cargocaused",
        rank=2,
        examples=(
            "error: test failed, to rerun pass `--lib`",
            "error: doctest failed, to rerun pass `-p core_lib --doc`",
        ),
    ),
    Format(  # E0599: the type has no method or associated item of that name
        "rustc-no-item",
        r"^\s?(?P<sev>error)\[(?P<code>E0599)\]: (?P<msg>.+)$",
        block="cargocaused",
        category="reference",
        rank=1,
        examples=(
            "error[E0599]: no function or associated item named `new` found for struct `Cart` in "
            "the current scope",
        ),
    ),
    Format(
        "rustc",
        # (not scalac's line that its -Xfatal-warnings failed it: scala.py's)
        r"^\s?(?P<sev>error|warning)(?:\[(?P<code>E\d{4})\])?: "
        r"(?!No warnings can be incurred under -)(?P<msg>.+)$",
        block="cargocaused",
        rank=1,
        examples=(
            "error[E0425]: cannot find value `x` in this scope",
            "error: something broke",
            'error: failed to select a version for the requirement `clap = "^4.3"`',
        ),
    ),
    Format(  # a test runs in a thread named after it; a program's own is "main", no test
        "rust-panic",
        r"^\s*thread '(?:main|<unnamed>|(?P<test>[^']*))'(?: \(\d+\))? panicked at "
        r"(?:'(?P<msg>.*)', )?(?P<file>[^\s:]+):(?P<line>\d+)(?::(?P<col>\d+))?:?$",
        tool="cargo",
        block="rustspaced",
        rank=3,
        examples=(
            "thread 'main' panicked at src/main.rs:2:5:",
            "thread 'tests::it_works' panicked at 'assertion failed: false', src/lib.rs:5:9",
            "thread 'tests::adds' (4465) panicked at src/lib.rs:5:17:",  # newer Rust: the thread id
            "thread '<unnamed>' panicked at src/worker.rs:12:9:",  # a thread the test spawned
            # Rust before 1.21: libtest's tab before it, and no column
            "\tthread 'tests::adds' panicked at 'assertion failed: false', src/lib.rs:5",
        ),
    ),
    Format(  # ... and before Rust 1.73 one whose message starts after blank lines (``SpacedPanic``)
        "rust-panic-spaced",
        r"^\s*thread '(?:main|<unnamed>|(?P<test>[^']*))' panicked at '$",
        tool="cargo",
        block="rustspaced",
        rank=3,
        examples=("thread 'main' panicked at '",),
    ),
    Format(  # before Rust 1.73, a message of many lines came first, its place after its end:
        # "panicked at 'assertion failed: `(left == right)`", "  left: `4`,",
        # " right: `5`', src/lib.rs:11:9"
        "rust-panic-open",
        r"^\s*thread '(?:main|<unnamed>|(?P<test>[^']*))' panicked at '(?P<msg>.+)$",
        tool="cargo",
        block="rustpanic",
        rank=3,
        examples=("thread 'tests::it_adds_two' panicked at 'assertion failed: `(left == right)`",),
    ),
    Format(  # a doctest is named by its file, its item and its line
        "cargo-test-section",
        r"^---- (?P<test>\S+(?: - .+)?) stdout ----$",
        tool="cargo",
        role="section",
        examples=(
            "---- tests::it_fails stdout ----",
            "---- core/src/lib.rs - load (line 8) stdout ----",
        ),
    ),
    Format(  # a local crate compiled: its errors' paths are relative to it (``locate``)
        "cargo-compiling",
        r"^\s+(?:Compiling|Checking|Documenting) \S+ v\S+ \((?P<file>(?:/|[A-Za-z]:\\)[^)]*)\)$",
        tool="cargo",
        role="place",
        words=("compiling", "checking", "documenting"),
        examples=("   Compiling app v0.1.0 (/tmp/loc/mono/crate)",),
    ),
    Format(
        "cargo-test-result",
        r"^(?:test result: FAILED\.|test \S+(?: - .+)? \.\.\. FAILED$)",
        tool="cargo",
        role="ignore",
        examples=("test result: FAILED. 1 passed; 1 failed; 0 ignored", "test tests::a ... FAILED"),
    ),
)
