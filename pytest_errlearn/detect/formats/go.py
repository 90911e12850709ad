"""Go: go build / vet, golangci-lint and staticcheck, cgo, and the go command's
own errors (``go: ...``: modules, go.sum, go.mod). Its tests' output (go test,
``-json``, panics, races) is ``go_tests.py``'s.

``go mod tidy`` and ``go build`` name a package they cannot find under the
chain of imports that led to it, each step indented with a tab, the package
and why last (``\texample.com/lib/x: no matching versions for query "latest"``):
that last line is the error.
"""

from __future__ import annotations

import json

from ...report import Error
from ..reader import Reader
from . import Format, regex, said_in

ORDER = 40  # where its rows stand in the table (``formats.families``)
COMMANDS = {
    "go": "go",
    "golangci-lint": "golangci-lint",
    **dict.fromkeys(("staticcheck", "go-staticcheck"), "staticcheck"),
}
# Executable -> the subcommands that build or test (None: any use).
BUILDS: dict[str, frozenset[str] | None] = {
    "go": frozenset({"test", "build", "install", "mod", "vet", "generate"}),
    "golangci-lint": frozenset({"run"}),
    "staticcheck": None,
    "go-staticcheck": None,
}
# Executable -> its options that name the folder it works in (``detect.locate``).
FOLDER_OPTIONS = {"go": ("-C",)}

# A compiler or vet line's place (vet prefixes its own with ``vet: ``).
_PLACE = r"^(?:vet: )?(?P<file>[^\s:]+\.go):(?P<line>\d+)"
_AT = _PLACE + r"(?::(?P<col>\d+))?: "
# A package that does not compile (or vet) fails all its tests, none of which
# ran: its error ranks as a test failure (3). ``go test ./...`` prints it as
# the build fails, before any test's result, and the earliest among equals is
# the root cause: it wins over another package's failing test. The compiler's
# lines have a column; a line without one (a program's ``log.Lshortfile``
# line, go before 1.10) ranks as a tool's own line (2).
_COMPILED = 3


def json_output(line: str) -> tuple[str | None, str] | None:
    """A ``go test -json`` output event's test and text (its newline off); None
    for any other line. (``blocks_langs.GoPanic`` reads its lines so too.)"""
    if not line.startswith("{") or '"Action":"output"' not in line:
        return None
    try:
        event = json.loads(line)
    except ValueError:
        return None
    if not isinstance(event, dict) or not isinstance(out := event.get("Output"), str):
        return None
    test = event.get("Test")
    return (test if isinstance(test, str) else None), out.rstrip("\r\n")


# What the go command's words say its failure is: go.mod or the toolchain wrong,
# a module proxy out of reach, a module it cannot have (else: as any error's words).
_GO_SAYS = (
    ("config", regex(r"go\.mod file not found|errors parsing go\.|go\.mod (?:needed|requires go)")),
    ("config", regex(r"cannot find main module|GOPATH|GOFLAGS|GOTOOLCHAIN")),
    ("network", regex(r"dial tcp|i/o timeout|connection refused|TLS handshake|no such host")),
    ("dependency", regex(r"go\.sum|checksum|module|requires|imports|revision|version|not found")),
)


class GoCommand(Reader):
    """Under the go command's own error (``go: ...``): the lines it indents under
    it (``\tgo mod tidy``, the module that one required), and under a checksum
    mismatch the two sums and the ``SECURITY ERROR`` paragraph. Where its line
    ends before saying what went wrong ("go: example.com/app requires", "...
    exit status 128:"), the indented lines that say it are the message's end."""

    frames_wanted = False
    _MORE = (" requires", " imports", ":")  # a line the next one goes on from
    _JOINED = 3  # lines of the message, at most

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.joined = 1
        self.security = False  # in the paragraph after a checksum mismatch

    def accept(self, line: str) -> bool:
        stripped = line.strip()
        if not stripped:
            return not self.blanks
        if line.startswith("SECURITY ERROR") or self.security:
            self.security = not line.startswith("For more information, see")
            return True
        if not line[:1].isspace():
            return False
        said = self.err.message.rstrip()
        if self.joined < self._JOINED and said.endswith(self._MORE) and not self.blanks:
            self.err.message, self.joined = f"{said} {stripped}", self.joined + 1
        return True

    def category(self) -> str | None:
        return said_in(_GO_SAYS, self.err.message)


READERS = {"gocommand": GoCommand}

ROWS = (
    Format(  # go mod verify / download: a module whose sum is not go.sum's; checked against
        # the checksum database, "X@v: verifying module: ...", after the importing file's place
        "go-checksum",
        "^(?:" + _AT[1:] + r"|go: )?(?:verifying )?"
        r"(?P<msg>\S+: (?:verifying (?:module|go\.mod): )?checksum mismatch)$",
        tool="go",
        category="dependency",
        block="gocommand",
        rank=2,
        words=("checksum mismatch",),
        examples=(
            "verifying example.com/lib@v1.2.0/go.mod: checksum mismatch",
            "example.com/lib@v1.2.0: verifying module: checksum mismatch",
            "../go/pkg/mod/example.com/ui@v1.1.0/align.go:6:2: example.com/lib@v1.2.0: verifying "
            "module: checksum mismatch",
        ),
    ),
    Format(  # go mod tidy / go build: the last step of a chain of imports ("example.com/app
        # imports", a tab, the package): the package it cannot have, and why
        "go-import-missing",
        r"^\t(?P<msg>[\w-]+(?:\.[\w-]+)+\S*: (?:no matching versions for query|cannot find "
        r"module providing package|module \S+ found \(.+\), but does not contain package|"
        r"unknown revision|invalid version|missing go\.sum entry)\b.*)$",
        tool="go",
        category="dependency",
        rank=2,
        words=(
            "no matching versions",
            "cannot find module providing",
            "does not contain package",
            "unknown revision",
            "invalid version",
            "missing go.sum entry",
        ),
        examples=(
            '\texample.com/other/util: no matching versions for query "latest"',
            "\texample.com/lib/calc: module example.com/lib@latest found (v1.0.0), but does not "
            "contain package example.com/lib/calc",
        ),
    ),
    Format(  # cgo could not run the C compiler (none installed, or not on PATH), under "# pkg"
        "go-cgo",
        r"^cgo: (?P<msg>.+)$",
        tool="go",
        category="dependency",
        rank=2,
        words=("cgo: ",),
        examples=(
            'cgo: C compiler "no-such-cc" not found: exec: "no-such-cc": executable file not '
            "found in $PATH",
        ),
    ),
    Format(  # ... the same, where CC names a program that is not there (older go, Windows)
        "go-exec-not-found",
        r'^(?P<msg>exec: "[^"]+": executable file not found in (?:\$PATH|%PATH%))$',
        tool="go",
        category="dependency",
        rank=2,
        words=("executable file not found",),
        examples=('exec: "gcc": executable file not found in %PATH%',),
    ),
    Format(  # the go command's own error (not its progress: "go: downloading ...")
        "go-command",
        r"^go: (?!downloading |finding |found |added |upgraded |downgraded |removed |extracting "
        r"|creating new go\.mod|to add |switching to |upgrading toolchain)"
        r"(?:(?P<sev>warning): )?(?P<msg>.+)$",
        tool="go",
        block="gocommand",
        rank=2,
        words=("go: ",),
        examples=(
            "go: example.com/lib@v1.2.0: missing go.sum entry for go.mod file; to add it:",
            "go: go.mod file not found in current directory or any parent directory; see "
            "'go help modules'",
            "go: example.com/app requires",
        ),
    ),
    Format(  # the compiler stops after ten errors: it only follows from them
        "go-too-many",
        r"^(?:(?:vet: )?[^\s:]+\.go:\d+(?::\d+)?: )?too many errors$",
        tool="go",
        role="consequence",
        rank=0,
        words=("too many errors",),
        examples=("./main.go:15:2: too many errors", "too many errors"),
    ),
    Format(  # a call with the wrong arguments, a value of another type
        "go-type",
        _PLACE + r":(?P<col>\d+): (?P<msg>(?:not enough|too many) arguments in call to .+"
        r"|.+ \(no value\) used as value|assignment mismatch: .+|invalid operation: .+)$",
        tool="go",
        category="type",
        rank=_COMPILED,
        examples=(
            "./main.go:9:14: not enough arguments in call to total",
            "./main.go:9:7: total() (no value) used as value",
        ),
    ),
    Format(  # an import or a variable left unused: a name that is not used
        "go-unused",
        _AT + r"(?P<msg>(?:\"[^\"]+\" imported(?: as \w+)? and not used|imported and not used: "
        r"\S+|declared (?:and|but) not used: \w+|\w+ declared (?:and|but) not used))$",
        tool="go",
        category="reference",
        rank=_COMPILED,
        examples=(
            './main.go:5:2: imported and not used: "os"',
            './main.go:5:2: "os" imported and not used',
        ),
    ),
    Format(  # a field or method the type has not
        "go-no-member",
        _AT + r"(?P<msg>.+ \(type .+ has no field or method .+\))$",
        tool="go",
        category="type",
        rank=_COMPILED,
        examples=("./main.go:12:16: c.Total undefined (type Cart has no field or method Total)",),
    ),
    Format(  # staticcheck: each finding, then its check's code (SA1019, S1003, ST1003, U1000)
        "staticcheck",
        _AT + r"(?P<msg>.+?)\s+\((?P<code>(?:SA|S|ST|QF|U)\d{4})\)$",
        tool="staticcheck",
        rank=2,
        examples=(
            'main.go:11:5: should use strings.Contains(string(data), "x") instead (S1003)',
            "main.go:16:6: func unused is unused (U1000)",
        ),
    ),
    Format(  # golangci-lint's text output: each issue, then the linter that found it
        "golangci-lint",
        _AT + r"(?P<msg>.+) \((?P<code>[a-z][\w-]*)\)$",
        tool="golangci-lint",
        rank=2,
        examples=(
            "lib/buffer/single_wrapper.go:122:20: Error return value of `mWriteCount.Incr` "
            "is not checked (errcheck)",
            "server/main.go:13: Error return value of `http.ListenAndServe` is not checked "
            "(errcheck)",
            "pkg/api/handler.go:33:6: func `unused` is unused (unused)",
        ),
    ),
    Format(
        "go-compile",
        _PLACE + r":(?P<col>\d+): (?P<msg>.+)$",
        tool="go",
        rank=_COMPILED,
        examples=("./main.go:5:2: undefined: foo", "vet: ./main.go:17:14: undeclared name: totl"),
    ),
    Format(
        "go-compile-line",
        _AT + r"(?P<msg>.+)$",
        tool="go",
        rank=2,
        examples=("./main.go:5: undefined: foo",),
    ),
)
