r"""OCaml's compilers (ocamlc, ocamlopt) and dune, which passes their words on;
a program's uncaught exception; the OUnit and Alcotest test frameworks.

The place comes first, on a line of its own; then the source it quotes; then
what is wrong, its words wrapped onto indented lines::

    File "bin/main.ml", line 4, characters 10-14:
    4 |   let x = totl [1; 2; 3] in
                  ^^^^
    Error: Unbound value totl
    Hint: Did you mean total?

A warning says ``Warning 26 [unused-var]: unused variable y.`` in place of
``Error:`` (``Warning 26:`` before OCaml 4.12), and one that dune's default
profile makes an error ``Error (warning 32 [unused-value-declaration]): ...``.
The place line is the row; the shared ``placed`` reader reads the rest.

A program that raised what nothing caught says ``Fatal error: exception
Failure("boom")``, then, with ``OCAMLRUNPARAM=b`` (or a test framework that
records them), the frames, innermost first::

    Raised at Stdlib.failwith in file "stdlib.ml", line 29, characters 17-33
    Called from Main in file "main.ml", line 7, characters 13-29

(``Raised at file "main.ml", line 7, ...`` before OCaml 4.11, with no function
named.) OUnit reports each failed test between a line of ``=`` and one of
``-``, under ``Error: suite:0:name.``: the backtrace, then what the assertion
or the exception said. Alcotest boxes the failed test's name
(``│ [FAIL]  total  0  one pen. │``) over what its check said and the frames;
its listing above (``[FAIL]  total  0  one pen.``) only names the tests, and
shows the details of the first failure alone unless run with
``--show-errors``: a failure is read from its box.

opam, where a package's build failed, says so under a rule, each line after
it behind ``# ``: the command and its exit code, then the last lines the
command printed (``### output ###``; ``### stderr ###`` in opam 1.2)::

    #=== ERROR while compiling calc.1.0.0 ==========================#
    # context     2.1.5 | linux/x86_64 | ocaml.4.14.1 | https://opam.ocaml.org#0123abcd
    # command     ~/.opam/opam-init/hooks/sandbox.sh build dune build -p calc -j 4
    # exit-code   1
    ### output ###
    # File "src/calc.ml", line 3, characters 5-11:
    # Error: Unbound module Unix

Its ``[ERROR] The compilation of calc.1.0.0 failed at "..."`` above it only
says that the command failed: the rule below says why.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ...report import Error
from ..reader import Reader
from . import Format, regex

ORDER = 12  # before apple.py's Swift "Fatal error: ..." row and c.py's ninja "FAILED: ..." row
COMMANDS = {
    **dict.fromkeys(("ocaml", "ocamlc", "ocamlopt", "ocamlfind", "ocamlc.opt"), "ocaml"),
    "ocamlopt.opt": "ocaml",
    "dune": "dune",
    "opam": "opam",
}
BUILDS: dict[str, frozenset[str] | None] = {
    **dict.fromkeys(("ocamlc", "ocamlopt", "ocamlfind", "ocamlc.opt", "ocamlopt.opt"), None),
    "dune": frozenset({"build", "test", "runtest", "exec", "b", "t"}),
    "opam": frozenset({"install", "reinstall", "upgrade", "pin"}),
}

# A frame of a backtrace: the function (OCaml 4.11 on), the file, the line, the
# characters (counted from 0).
_FRAME = regex(
    r"^\s*(?:Raised at|Re-raised at|Raised by primitive operation at|Called from)"
    r'(?: (?P<fn>\S+) in)? file "(?P<file>[^"]+)"(?: \(inlined\))?, line (?P<line>\d+)'
    r"(?:, characters (?P<col>\d+)-\d+)?"
)
# The modules of the standard library, the runtime and the test frameworks.
_LIBRARY_MODULE = regex(
    r"^(?:Stdlib|Camlinternal|Std_exit|Printexc|OUnit|Alcotest|Lwt|Base|Core|Stdio|Fmt)"
    r"(?![a-z0-9])"
)
# Their files, where a frame names no function (before OCaml 4.11): the standard
# library's bare names, a framework's sources, an opam switch.
_LIBRARY_FILE = regex(
    r"^(?:stdlib|std_exit|camlinternal\w*|list|array|string|bytes|hashtbl|map|set|printf|"
    r"format|scanf|buffer|seq|option|result|printexc|fun|arg|sys)\.ml$"
    r"|ounit|alcotest|/\.opam/|^src/lib/|/lib/ocaml/"
)


def _from_one(groups: dict[str, str | None], above: Sequence[str]) -> None:
    """OCaml counts a line's characters from 0; errlearn's columns, as most tools', from 1."""
    if groups.get("col") is not None:
        groups["col"] = str(int(groups["col"] or 0) + 1)


def _user_frame(lines: Sequence[str]) -> re.Match[str] | None:
    """The innermost frame of the user's own code among a backtrace's lines."""
    for line in lines:
        if (m := _FRAME.match(line)) is None:
            continue
        if m["fn"] is not None:
            if not _LIBRARY_MODULE.match(m["fn"]):
                return m
        elif not _LIBRARY_FILE.search(m["file"]):
            return m
    return None


def _place_at(err: Error, frame: re.Match[str] | None) -> None:
    """Point ``err`` at a frame (its column counted from 1), where it has no place yet."""
    if frame is not None and err.file is None:
        err.file, err.line = frame["file"], int(frame["line"])
        err.column = int(frame["col"]) + 1 if frame["col"] is not None else None


class Backtrace(Reader):
    """The frames under ``Fatal error: exception ...``: the error is at the
    innermost that is the user's own."""

    frames_wanted = False
    _NO_TRACE = "(Program not linked with -g, cannot print stack backtrace)"

    def accept(self, line: str) -> bool:
        return _FRAME.match(line) is not None or line.strip() in (
            self._NO_TRACE,
            "Called from unknown location",
        )

    def finish(self) -> None:
        _place_at(self.err, _user_frame(self.err.block[1:]))

    def category(self) -> str | None:
        return self.said_else("runtime")  # Sys_error's "No such file or directory" says more


class OUnitResult(Reader):
    """An OUnit test's report, up to the line of ``-`` that ends it: where the
    log (``(in the log)``) and the code (``(in the code)``) say it failed, the
    frames, then the assertion's or the exception's words. A header with no
    such end was no OUnit report."""

    frames_wanted = False
    valid = False  # until the line of "-" that ends the report
    _PLACE = regex(r'^File "(?P<file>[^"]+)", line (?P<line>\d+), characters (?P<col>\d+)-\d+:$')
    _SAID_WHERE = regex(r"^Error: .* \(in the (?P<where>log|code)\)\.$")

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.said: list[str] = []
        self.place: re.Match[str] | None = None  # the last ``File ...`` line
        self.in_code: re.Match[str] | None = None  # the place ``(in the code)``
        self.asserted = False  # raised by one of OUnit's assertions

    def accept(self, line: str) -> bool:
        stripped = line.strip()
        if self.valid or stripped.startswith("=" * 20) or stripped.startswith("Ran: "):
            return False
        if stripped.startswith("-" * 20):
            self.valid = True
        elif (m := self._PLACE.match(stripped)) is not None:
            self.place = m
        elif (said := self._SAID_WHERE.match(stripped)) is not None:
            if said["where"] == "code":
                self.in_code = self.place
        elif (frame := _FRAME.match(stripped)) is not None:
            self.asserted = self.asserted or (frame["fn"] or "").startswith("OUnitAssert.")
        elif stripped and stripped != "Called from unknown location":
            self.said.append(stripped)
        return True

    def finish(self) -> None:
        err = self.err
        if self.said:
            err.message = ": ".join(self.said[:3])
        where = self.in_code if self.in_code is not None else _user_frame(err.block[1:])
        _place_at(err, where)

    def category(self) -> str | None:
        """An assertion's failure (``expected: 4 but got: 3``, ``not equal``),
        else the exception the test raised."""
        message = self.err.message
        if self.asserted or message.startswith("expected: ") or message == "not equal":
            return "assertion"
        return self.said_else("runtime")


class AlcotestFailure(Reader):
    """A failed test's box and what follows it, up to ``Logs saved to`` or the
    rule under it: the check that failed (``FAIL total of one pen``) with its
    ``Expected:`` and ``Received:``, or the exception (``[failure] hd``,
    ``[exception] Not_found``), and the frames."""

    frames_wanted = False
    _RAISED = regex(r"^\[(?:failure|exception|invalid)\] \S")
    _AFTER = regex(r"^(?:─|┌|Full test results in |\d+ failures?! in )")

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        if err.test is not None:
            err.test = " ".join(err.test.split())  # the listing's columns, as one name
        self.check: str | None = None  # the check that failed
        self.values: list[str] = []  # its Expected: and Received:
        self.raised: str | None = None
        self.first: str | None = None  # the first line, where none of those is said

    def accept(self, line: str) -> bool:
        stripped = line.strip()
        if self._AFTER.match(stripped):
            return False
        if stripped.startswith("Logs saved to "):
            return True
        if stripped.startswith("└") or not stripped or _FRAME.match(stripped):
            return True
        if stripped.startswith("FAIL "):
            self.check, self.values = stripped.removeprefix("FAIL "), []
        elif stripped.startswith(("Expected: ", "Received: ")) and self.check is not None:
            self.values.append(stripped)
        elif self._RAISED.match(stripped):
            self.raised = stripped
        elif not stripped.startswith("ASSERT ") and self.first is None:
            self.first = stripped
        return True

    def finish(self) -> None:
        if self.check is not None:
            values = " ".join(self.values)
            self.err.message = f"{self.check}: {values}" if values else self.check
        elif (said := self.raised or self.first) is not None:
            self.err.message = said
        _place_at(self.err, _user_frame(self.err.block[1:]))

    def category(self) -> str | None:
        return "assertion" if self.check is not None else self.said_else("runtime")


class OpamFailure(Reader):
    """The ``# `` lines under opam's ``#=== ERROR while compiling pkg.1.0 ===#``:
    the error is the first line of the command's output that says one (``Error:
    ...``, ``cc: error: ...``, opam's own ``[ERROR] ...``), with the lines its
    ``:`` runs on to, at the OCaml place above it where there is one. Output
    that says none leaves the package's failure the message."""

    frames_wanted = False
    _OUTPUT = regex(r"^### (?:output|stdout|stderr) ###\s*$")
    _SAYS = regex(r"^(?:\[ERROR\] |Error\b|(?:[\w./+-]+: )?(?:fatal )?error: )")
    _PLACE = regex(
        r'^File "(?P<file>[^"]+)", lines? (?P<line>\d+)(?:-\d+)?(?:, characters (?P<col>\d+))?'
    )

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.output: list[str] | None = None  # the command's lines, once they start

    def accept(self, line: str) -> bool:
        if self._OUTPUT.match(line):
            self.output = []
            return True
        if not line.startswith("#") or line.startswith("#==="):
            return False
        if self.output is not None:
            self.output.append(line[1:].strip())
        return True

    def finish(self) -> None:
        said = self.output or []
        at = next((i for i, s in enumerate(said) if self._SAYS.match(s)), None)
        if at is None:
            return
        words = [said[at]]
        while words[-1].endswith(":") and at + len(words) < len(said) and len(words) < 3:
            words.append(said[at + len(words)])
        self.err.message = " ".join(words)
        place = next((m for s in reversed(said[:at]) if (m := self._PLACE.match(s))), None)
        if place is not None and self.err.file is None:
            self.err.file, self.err.line = place["file"], int(place["line"])
            self.err.column = int(place["col"]) + 1 if place["col"] is not None else None


READERS = {
    "ocamltrace": Backtrace,
    "ounit": OUnitResult,
    "alcotest": AlcotestFailure,
    "opam": OpamFailure,
}


ROWS = (
    Format(
        "ocaml-place",
        r'^File "(?P<file>[^"]+)", lines? (?P<line>\d+)(?:-\d+)?'
        r"(?:, characters (?P<col>\d+)-\d+)?: *$",
        tool="ocaml",
        block="placed",
        fixup=_from_one,
        rank=2,
        words=('file "',),
        examples=(
            'File "bin/main.ml", line 4, characters 10-14:',
            'File "src/parser.ml", lines 12-15, characters 2-30:',
            'File "main.ml", line 1:',
            'File "bin/dune", line 2, characters 7-11:',
            'File "src/big.ml", line 1, characters 5-16:   ',
        ),
    ),
    Format(
        "ocaml-uncaught-exception",
        r"^Fatal error: exception (?P<msg>\S.*)$",
        tool="ocaml",
        block="ocamltrace",
        rank=3,
        examples=(
            'Fatal error: exception Failure("invalid port: 80x")',
            "Fatal error: exception Not_found",
        ),
    ),
    Format(
        "ocamlfind-package",
        r"^ocamlfind: (?P<msg>Package `[^']+' not found\b.*)$",
        tool="ocaml",
        category="dependency",
        rank=2,
        examples=("ocamlfind: Package `yojson' not found",),
    ),
    Format(  # the test's path: its labels and its place in each list (``cart:2:first``)
        "ounit-result",
        r"^Error: (?P<test>(?:[^:]+:)*\d+(?::[^:]+)+)\.$",
        tool="ounit",
        block="ounit",
        rank=3,
        examples=("Error: cart:2:first.", "Error: suite:0:adds two numbers."),
    ),
    Format(
        "ounit-summary",
        r"^FAILED: Cases: \d+ Tried: \d+ Errors: \d+ Failures: \d+ Skip: +\d+ Todo: \d+"
        r"(?: Timeouts: \d+)?\.$",
        tool="ounit",
        role="count",
        rank=0,
        examples=("FAILED: Cases: 3 Tried: 3 Errors: 1 Failures: 1 Skip:  0 Todo: 0 Timeouts: 0.",),
    ),
    Format(
        "alcotest-failure",
        r"^│ \[(?:FAIL|ERROR)\] +(?P<test>\S.*?)\.? *│$",
        tool="alcotest",
        block="alcotest",
        rank=3,
        words=("[FAIL]", "[ERROR]"),
        examples=(
            "│ [FAIL]        total          0   one pen.                                    │",
        ),
    ),
    Format(
        "alcotest-summary",
        r"^\d+ failures?! in [\d.]+s\. \d+ tests? run\.$",
        tool="alcotest",
        role="count",
        rank=0,
        examples=("2 failures! in 0.001s. 3 tests run.",),
    ),
    Format(  # the output of a package's failed build below it, behind ``# ``
        "opam-error",
        r"^#=== (?P<msg>ERROR while (?:compiling|installing|removing|upgrading|fetching) \S+) "
        r"=+#$",
        tool="opam",
        block="opam",
        rank=2,
        words=("ERROR while",),
        examples=(
            "#=== ERROR while compiling calc.1.0.0 ==========================================#",
            "#=== ERROR while installing calc.1.0.0 ========================================#",
        ),
    ),
    Format(  # above the rule, which says why: only that the command failed
        "opam-failed-at",
        r'^\[ERROR\] The (?:compilation|installation|removal) of \S+ failed at ".*"\.?$',
        tool="opam",
        role="ignore",
        words=("[ERROR]",),
        examples=('[ERROR] The compilation of calc.1.0.0 failed at "dune build -p calc -j 4".',),
    ),
)
