r"""Solidity: the compiler (solc, solcjs) and the toolchains that run it:
Hardhat, Foundry (forge), Truffle; solhint's and slither's rows are their
linters' shapes (eslint's stylish, a Python traceback) and stand elsewhere.

solc 0.6 and later names the error's kind, then its place on the next line,
then the code frame, the layout rustc's is::

    ParserError: Expected ';' but got '('
     --> contracts/Token.sol:7:15:
      |
    7 | error NotOwner();
      |               ^

Hardhat prints it as is, then ``Error HH600: Compilation failed``; Truffle
wraps it (``CompileError: ParserError: ...``) and ends with ``Compilation
failed. See above.``; Forge names the error by its number (``Error (7576):
Undeclared identifier.``, ``Warning (2072): ...``) under ``Compiler run
failed:``. Before 0.6 (and in Truffle 4 and 5 with those compilers) the place
came first: ``contracts/Token.sol:47:21: DeclarationError: Undeclared
identifier.``, the source line and a ``^----^`` under it. Those last lines
only follow from the errors above them.

Hardhat's own errors carry its code (``Error HH700: Artifact for contract
"Token" not found.``) and, for HH606, the files whose pragma no configured
compiler satisfies, listed under it (``  * contracts/Token.sol (^0.6.0)``).

``forge test`` prints each failed test as ``[FAIL: reason] test_x() (gas:
123)`` (``[FAIL. Reason: reason]`` before 2024; a fuzz test's reason ends
with its counterexample) under ``Ran 2 tests for test/Token.t.sol:TokenTest``,
and again under ``Failing tests:`` / ``Encountered 1 failing test in ...``
at the end. Hardhat's and Truffle's tests are mocha's (node.py's rows).
"""

from __future__ import annotations

from collections.abc import Sequence

from ...report import Error
from ..blocks_langs import Rustc
from ..reader import Reader
from . import Format, named_above, regex, said_in

ORDER = 2  # before dotnet.py's bare "error CS0006:" row, which takes "Error HH700: ..."
COMMANDS = {
    **dict.fromkeys(("solc", "solcjs"), "solc"),
    "forge": "forge",
    "hardhat": "hardhat",
    "truffle": "truffle",
}
# Executable -> the subcommands that build or test (None: any use).
BUILDS: dict[str, frozenset[str] | None] = {
    "solc": None,
    "solcjs": None,
    "forge": frozenset({"build", "b", "compile", "test", "t", "coverage", "snapshot"}),
    "hardhat": frozenset({"compile", "test", "coverage"}),
    "truffle": frozenset({"compile", "test", "migrate"}),
}

# What solc's words say of an error, where its kind (ParserError, ...) is not
# named: Forge's numbered errors, the old compilers' "Error: ...".
_SOLC_SAYS = (
    ("dependency", regex(r"\bnot found: File not found\b|\bFile import callback not supported")),
    ("config", regex(r"\brequires different compiler version\b|\bEVM version\b")),
    (
        "reference",
        regex(
            r"\b(?:Undeclared identifier|Identifier (?:not found|already declared)|"
            r"not found or not visible|not unique)",
        ),
    ),
    ("type", regex(r"\bnot implicitly convertible\b|\bInvalid type\b|\bWrong argument count\b")),
    ("syntax", regex(r"^(?:Expected \S.* but got |Expected (?:identifier|token|pragma)\b)")),
)
_KINDS = {
    "ParserError": "syntax",
    "SyntaxError": "syntax",
    "DocstringParsingError": "syntax",
    "DeclarationError": "reference",
    "TypeError": "type",
}


def _solc_category(err: Error) -> str | None:
    """The category of a solc error: its words', else its kind's."""
    said = said_in(_SOLC_SAYS, err.message.split(": ", 1)[-1])
    kind = err.message.split(":", 1)[0]
    return said or _KINDS.get(kind) or ("build" if kind.endswith("Error") else None)


class SolcFrame(Rustc):
    """solc's ``-->`` place, code frame and ``Note:`` lines (rustc's layout),
    the error's tool kept: rustc's reader would name it cargo."""

    frames_wanted = False

    _PLACE = regex(r"^\s*--> (?:project:/)?(?P<file>[^\s:]+\.sol):(?P<line>\d+):(?P<col>\d+):?\s*$")

    def accept(self, line: str) -> bool:
        if self.err.file is None and (m := self._PLACE.match(line)) is not None:
            self.err.file, self.err.line, self.err.column = m["file"], int(m["line"]), int(m["col"])
            return True  # Truffle's "project:/" prefix: no path the frames' parser knows
        tool = self.err.tool
        taken = line.startswith("Note: ") or super().accept(line)
        self.err.tool = tool
        return taken

    def category(self) -> str | None:
        return _solc_category(self.err)


class SolcQuoted(Reader):
    """The old layout's source line and ``^----^`` under it: no place of its own
    (the header has it). A source line at the margin ends it."""

    frames_wanted = False
    _CARET = regex(r"^\s*\^(?:-*\^)?(?: \(Relevant source part .*\))?\s*$")

    def accept(self, line: str) -> bool:
        if self.count == 0 and line.strip():
            return True  # the quoted source line, wherever it starts
        return bool(line.strip()) and (line[:1].isspace() or bool(self._CARET.match(line)))

    def category(self) -> str | None:
        return _solc_category(self.err)


# Hardhat's codes and what they say: a project or config it cannot use, a
# package it needs, a compiler it could not download or a node out of reach.
_HARDHAT = {
    **dict.fromkeys(("HH1", "HH8", "HH100", "HH117", "HH303", "HH305", "HH606"), "config"),
    **dict.fromkeys(("HH404", "HH411", "HH412"), "dependency"),
    **dict.fromkeys(("HH108", "HH110", "HH501", "HH502", "HH503"), "network"),
    **dict.fromkeys(("HH700", "HH701"), "build"),
}
_LISTED = regex(r"^\s+\* (?P<file>[^\s(]+\.sol)\b")  # "  * contracts/Token.sol (^0.6.0)"


class HardhatReasons(Reader):
    """What Hardhat says under its error, up to ``For more info go to ...``:
    the files it names (HH606's) put the error at the first of the project's
    own (not a package's, ``@scope/...``)."""

    frames_wanted = False

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.files: list[str] = []
        self.over = False

    def accept(self, line: str) -> bool:
        if self.over or line.startswith(("Error ", "    at ")):
            return False
        if (m := _LISTED.match(line)) is not None:
            self.files.append(m["file"])
        self.over = line.startswith("For more info go to ")
        return self.blanks < 2

    def finish(self) -> None:
        own = [f for f in self.files if not f.startswith("@")] or self.files
        if own and self.err.file is None:
            self.err.file = own[0]

    def category(self) -> str | None:
        return _HARDHAT.get(self.err.code or "")


READERS = {"solc-frame": SolcFrame, "solc-quoted": SolcQuoted, "hardhat-reasons": HardhatReasons}

# The kinds of error no other tool names so (TypeError and SyntaxError are
# JavaScript's too: those only where Truffle or Hardhat wrap them).
_NAMED = (
    r"(?:Parser|Declaration|DocstringParsing|CodeGenerator|InternalCompiler|UnimplementedFeature)"
    r"Error"
)
_WRAP = r"(?:CompileError|\[?Hardhat Compilation\])"
_PLACE = r":(?P<line>\d+):(?P<col>\d+): "
# solc's message starts with a word; PowerShell's "ParserError: build.ps1:5" with a path
_WORDS = r"[A-Z][a-z]+\b"


def _solc_groups(groups: dict[str, str | None], before: Sequence[str]) -> None:
    """One message and code of the row's three alternatives (the table puts the
    whole line in ``msg`` where the first took nothing)."""
    groups["msg"] = groups["wrapped"] or groups["said"] or groups["pragma"] or groups["msg"]
    groups["code"] = groups["code"] or groups["wcode"] or groups["num"]


def _solc_old(groups: dict[str, str | None], before: Sequence[str]) -> None:
    """solc-js in Truffle 4 names the file it parsed, then its own copy's name."""
    groups["file"] = groups["parsed"] or groups["file"]


_SUITE = named_above(
    r"^(?:Ran|Running|Encountered) \d+ (?:failing )?tests? (?:for|in) "
    r"(?P<file>[^\s:]+\.sol):(?P<suite>\w+)"
)


def _forge_test(groups: dict[str, str | None], before: Sequence[str]) -> bool | None:
    """The suite's file, from the ``Ran 2 tests for ...`` line above; no reason
    (``[FAIL. Reason: ]``): the line is the message."""
    groups["msg"] = groups["msg"] or None
    return _SUITE(groups, before)


ROWS = (
    Format(  # what the tools say once the compiler or a test failed
        "solidity-failed",
        r"^(?P<msg>Error HH600: Compilation failed\.?|Compilation failed\. See above\."
        r"|(?:\s*\d+: )?Encountered (?:a total of )?\d+ failing"
        r" tests?\b.*|Suite result: FAILED\. .*)\s*$",
        role="consequence",
        rank=0,
        examples=(
            "Error HH600: Compilation failed",
            "Compilation failed. See above.",
            "Encountered 1 failing test in test/Vault.t.sol:VaultTest",
            "   0: Encountered a total of 1 failing tests, 0 tests succeeded",
            "Suite result: FAILED. 1 passed; 1 failed; 0 skipped; finished in 1.21ms",
        ),
    ),
    Format(  # Forge's, above the compiler's errors: the errors say it, not the lines above
        "forge-compiler-failed",
        r"^(?:Error: )?Compiler run failed:?\s*$",
        tool="forge",
        role="ignore",
        examples=("Error: Compiler run failed:", "Compiler run failed:"),
    ),
    Format(
        "solc-error",
        rf"^(?:{_WRAP}: )?(?P<msg>(?P<code>{_NAMED}): {_WORDS}.*)$"
        rf"|^{_WRAP}: (?P<wrapped>(?P<wcode>TypeError|SyntaxError): .+)$"
        r"|^(?P<sev>Error|Warning) \((?P<num>\d{4})\): (?P<said>.+)$"
        r"|^Error: (?P<pragma>Source file requires different compiler version\b.*)$",
        tool="solc",
        block="solc-frame",
        rank=2,
        fixup=_solc_groups,
        examples=(
            "ParserError: Expected ';' but got identifier",
            'DeclarationError: Undeclared identifier. Did you mean "total"?',
            'CompileError: TypeError: Member "mint" not found or not visible after'
            " argument-dependent lookup in contract Token.",
            "[Hardhat Compilation]: ParserError: Expected pragma, import directive or"
            " contract/interface/library/struct/enum/constant/function/error definition.",
            "Error (7576): Undeclared identifier.",
            "Warning (2072): Unused local variable.",
            "Error: Source file requires different compiler version (current compiler is"
            " 0.8.24+commit.e11b9ed9.Linux.g++) - note that nightly builds are considered to be"
            " strictly less than the released version",
        ),
    ),
    Format(  # before solc 0.6: the place first, the source line and ^----^ under it
        "solc-error-old",
        r"^\s*(?:CompileError: |Error parsing (?P<parsed>\S+?\.sol): )?(?:project:/)?"
        r"(?P<file>[^\s:]*[^\s:/]\.sol)" + _PLACE + r"(?P<msg>(?:(?P<sev>Error|Warning)"
        r"|(?P<code>[A-Z]\w*Error|Declaration error)): .+)$",
        seek=_PLACE,
        tool="solc",
        block="solc-quoted",
        rank=2,
        fixup=_solc_old,
        examples=(
            "contracts/Token.sol:47:21: DeclarationError: Undeclared identifier.",
            "CompileError: project:/contracts/Vault.sol:4:1: DeclarationError: Identifier"
            " already declared.",
            "Error parsing /home/user/app/contracts/Shop.sol: ParsedContract.sol:27:16:"
            " ParserError: Expected identifier, got 'LParen'",
            "shop.sol:12:5: Error: Expected ';' but got '}'",
            "/home/user/app/contracts/Shop.sol:9:5: Warning: Unused local variable.",
        ),
    ),
    Format(
        "hardhat-error",
        r"^Error (?P<code>HH\d+): (?P<msg>.+)$",
        tool="hardhat",
        block="hardhat-reasons",
        rank=2,
        examples=(
            'Error HH700: Artifact for contract "Token" not found.',
            "Error HH606: The project cannot be compiled, see reasons below.",
        ),
    ),
    Format(
        "forge-test-failed",
        r"^\[FAIL(?:\. Reason: |: )?(?P<msg>.*)\] (?P<test>\w+)\([^()]*\)(?: \(.*\))?\s*$",
        tool="forge",
        category="assertion",
        rank=3,
        fixup=_forge_test,
        examples=(
            "[FAIL: assertion failed: 1 != 2] test_Increment() (gas: 31303)",
            "[FAIL. Reason: revert: Ownable: caller is not the owner] testWithdraw() (gas: 13942)",
            "[FAIL. Reason: ] testShutdown() (gas: 14245509)",
            "[FAIL: panic: arithmetic underflow or overflow (0x11); counterexample:"
            " calldata=0x7e0e args=[0]] testFuzz_Sub(uint256) (runs: 3, μ: 3010, ~: 3010)",
        ),
    ),
)
