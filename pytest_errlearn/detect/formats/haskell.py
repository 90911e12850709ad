r"""Haskell: GHC's diagnostics, runtime errors and call stacks. (cabal's and
stack's own errors: haskell_build.py; hspec, HUnit, tasty, test-framework and
doctest: haskell_tests.py.)

GHC heads a diagnostic with ``file:line:col: error:`` (a range as
``file:(l1,c1)-(l2,c2):``), an error code from 9.6 on (``[GHC-88464]``) and
the warning flag (``[-Wunused-imports]``; ``-Werror`` makes the same an
``error:``), then says what is wrong on the lines indented below, a ``|``
code frame last. A short message may stand on the header itself. stack puts
``package> `` before every line of a package's build.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ...report import Error
from ..reader import Reader
from . import Format, regex, said_in

# stack's prefix on a package's build output: ``calc> `` (padded: ``calc   > ``).
STACK = r"(?:[\w.-]+\s*> )?"
_STACK_PREFIX = regex(r"^[\w.-]+\s*> ?")
_STACK_HEADER = regex(r"^[\w.-]+\s*> ")
HS = r"(?:[A-Za-z]:)?[^\s:<>][^\s:<>]*\.(?:l?hs|hs-boot|hsig|hsc)"
# What follows the file on GHC's header: a point (``5:9``, ``5:9-12``) or a range
# (``(5,1)-(7,3)``); the seek of the rows whose line starts with the path.
_WHERE = r":\(?(?P<line>\d+)[,:](?P<col>\d+)(?:\)-\(\d+,\d+\)|-\d+)?"
_GHC_AT = _WHERE + r": (?P<sev>error|warning|Warning)"
# A seek holds no ``$``: stage 1 looks for it in the whole buffer, where ``$`` is its end.
_BARE_SEEK = r":(?P<line>\d+):(?P<col>\d+)(?:-\d+)?:"
_RUNTIME = (
    r"(?P<msg>(?:Non-exhaustive (?:patterns|guards)|Irrefutable pattern failed|"
    r"Missing field in record construction|No instance nor default method|"
    r"No match in record selector)\b.*)"
)
_PRELUDE = r": (?P<msg>Prelude\.(?P<fn>[\w!]+)(?:: .*)?)"

ORDER = 15  # with haskell_tests.py's: before node.py's mocha rows
COMMANDS = dict.fromkeys(("ghc", "runghc", "runhaskell", "ghci"), "ghc")
BUILDS: dict[str, frozenset[str] | None] = {"ghc": None, "runghc": None, "runhaskell": None}


def stack_prefixed(header: str) -> bool:
    """Whether a header carries stack's package prefix: its block's lines do too."""
    return _STACK_HEADER.match(header) is not None


def unprefixed(line: str, prefixed: bool) -> str:
    """A line of stack's build output without its ``package> `` prefix."""
    return _STACK_PREFIX.sub("", line, count=1) if prefixed else line


class GhcDiagnostic(Reader):
    """The indented lines and ``|`` code frame under a GHC header, up to the blank
    line between diagnostics. The message is the header's own text, else the first
    line below it (its ``•`` dropped); where that ends in ``:`` (``Variable not in
    scope:``), what GHC put on the next line is its rest (the name and its type).
    A warning's flag (``[-Wunused-imports]``) is its code where GHC gives no
    ``GHC-`` code (before 9.6). A header indented as a whole build log is (stack
    1.x's dependencies, Homebrew's cabal log) has its lines indented further."""

    frames_wanted = False
    _FRAME = regex(r"^\s*\d*\s*\|")
    _FLAG = regex(r"\[(?P<flag>-W[\w-]+)[,\]]")
    # GHC's own words, where the classifier's general rules read another category:
    # "Couldn't match expected type X with actual type Y" is no test's expectation.
    _WORDS = (
        (
            "type",
            regex(
                r"^(?:Couldn't match|Could not deduce|No instance for|Ambiguous type variable|"
                r"Occurs check|Expecting (?:one|two|\w+) (?:more|fewer) arguments?|"
                r"The (?:function|constructor) \S+ (?:is applied to|should have))"
            ),
        ),
        ("reference", regex(r"^(?:Not in scope|Module \S+ does not export)\b")),
    )

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.prefixed = stack_prefixed(self.err.text)
        # No message on the header: the engine took the whole line for it.
        where = f"{err.file}:" if err.file else "<no location info>:"
        self.pending = where in err.message or err.message.startswith("<command line>:")
        self.open = not self.pending and err.message.endswith(":")  # its rest below
        header = unprefixed(err.text, self.prefixed)
        self.indent = len(header) - len(header.lstrip())
        if err.code is None and (m := self._FLAG.search(err.text)) is not None:
            err.code = m["flag"]

    def accept(self, line: str) -> bool:
        line = unprefixed(line, self.prefixed)
        if not line.strip():
            return False
        framed = self._FRAME.match(line) is not None
        if not (framed or line[: self.indent + 1].isspace()):
            return False
        said = line.strip()
        if self.pending and not framed:
            self.err.message = said.removeprefix("• ")
            self.pending = False
            self.open = self.err.message.endswith(":")
        elif self.open and not framed:
            if not said.startswith("•"):
                self.err.message = f"{self.err.message} {said}"
            self.open = False
        return True

    def finish(self) -> None:
        pass

    def category(self) -> str | None:
        """GHC's words, else what the classifier reads in them, else ``build``: a
        warning ``-Werror`` made an error (an unused import) is no type error."""
        if "Werror=" in self.err.text:  # "-Werror=" before GHC 9.6, "Werror=" from it on
            return "build"
        return said_in(self._WORDS, self.err.message) or self.said_else("build")


class CallStack(Reader):
    """``CallStack (from HasCallStack):`` and its ``f, called at file:l:c in pkg:Mod``
    lines, innermost first: the error is at the first that is the user's own."""

    frames_wanted = False
    _CALLED = regex(
        r"^\s+\S+, called at (?P<file>\S+?):(?P<line>\d+):(?P<col>\d+) in (?P<pkg>[^:\s]+):"
    )
    # GHC's and the test frameworks' own packages (with or without a version).
    _LIBRARY = regex(
        r"^(?:base|ghc-internal|ghc-prim|ghc|hspec|hspec-core|hspec-expectations|HUnit|"
        r"tasty|tasty-hunit|QuickCheck|call-stack)(?:-[\d.]+(?:-\w+)?)?$"
    )

    def accept(self, line: str) -> bool:
        if line.startswith("CallStack (from HasCallStack):"):
            return self.count == 0
        return line[:1].isspace() and ", called at " in line

    def finish(self) -> None:
        frames = [m for line in self.err.block[1:] if (m := self._CALLED.match(line))]
        user = [
            m
            for m in frames
            if not self._LIBRARY.match(m["pkg"]) and not m["file"].startswith("libraries/")
        ]
        if self.err.file is None and user:
            where = user[0]
            self.err.file, self.err.line = where["file"], int(where["line"])
            self.err.column = int(where["col"])


READERS = {"ghc": GhcDiagnostic, "hscallstack": CallStack}


def _message_above(groups: dict[str, str | None], before: Sequence[str]) -> None:
    """A ``CallStack (from HasCallStack):`` alone: its error is the line above
    (``calc: boom``), the program's name dropped."""
    above = next((line.strip() for line in reversed(before) if line.strip()), None)
    if above is not None:
        groups["msg"] = re.sub(r"^[\w.-]+: (?=\S)", "", above, count=1)


ROWS = (
    Format(
        "ghc",
        rf"^{STACK}\s*(?P<file>{HS}){_GHC_AT}:?(?: \[(?P<code>GHC-\d+)\])?(?: \[[^\]]*\])*:?"
        r"\s*(?P<msg>\S.*)?$",
        seek=_GHC_AT,
        tool="ghc",
        block="ghc",
        rank=2,
        examples=(
            "src/Calc.hs:5:9: error: [GHC-88464]",
            "src/Calc.hs:6:11: error: Variable not in scope: foo :: Int -> Int",
            "src/Calc.hs:(5,1)-(7,3): error:",
            "src/W.hs:3:1: warning: [-Wunused-imports]",
            "src/W.hs:3:1: error: [-Wunused-imports, -Werror=unused-imports]",
            "src/W.hs:3:1: error: [GHC-66111] [-Wunused-imports, Werror=unused-imports]",
            "calc> /home/ci/calc/src/Calc.hs:5:9: error:",
            "    /home/ci/calc/src/Calc.hs:5:9: error:",
        ),
    ),
    Format(  # GHC 7: a bare location, its message below (its warnings say ``Warning:``)
        "ghc-bare",
        rf"^{STACK}(?P<file>{HS}){_BARE_SEEK} *$",
        seek=_BARE_SEEK,
        tool="ghc",
        block="ghc",
        rank=2,
        examples=("src/Calc.hs:10:5:",),
    ),
    Format(
        "ghc-no-location",
        r"^<no location info>: (?P<sev>error|warning):?\s*(?P<msg>\S.*)?$",
        tool="ghc",
        block="ghc",
        rank=2,
        examples=("<no location info>: error:",),
    ),
    Format(
        "ghc-command-line",
        r"^<command line>: (?P<msg>(?:cannot satisfy|unknown package|Could not find module|"
        r"Could not load module).*)$",
        tool="ghc",
        category="dependency",
        rank=2,
        examples=("<command line>: cannot satisfy -package hspec",),
    ),
    Format(  # an option GHC can not use: ``-o`` into a folder that is not there
        "ghc-command-line-error",
        r"^<command line>: (?P<sev>error|warning):(?:\s*(?P<msg>\S.*))?$",
        tool="ghc",
        block="ghc",
        rank=2,
        examples=(
            '<command line>: error: directory portion of "/tmp/b/app" does not exist '
            '(used with "-o" option.)',
        ),
    ),
    Format(  # ``prog: src/R.hs:(7,1)-(8,13): Non-exhaustive patterns in function check``
        "ghc-pattern-failure",
        rf"^(?:[\w.-]+: )?(?P<file>{HS}){_WHERE}: {_RUNTIME}$",
        seek=f"{_WHERE}: {_RUNTIME}",
        tool="ghc",
        category="runtime",
        rank=3,
        examples=("calc: src/R.hs:(7,1)-(8,13): Non-exhaustive patterns in function check",),
    ),
    Format(
        "ghc-prelude-error",
        rf"^[\w.-]+{_PRELUDE}$",
        seek=_PRELUDE,
        tool="ghc",
        block="hscallstack",
        category="runtime",
        rank=3,
        words=("Prelude.",),
        examples=("calc: Prelude.head: empty list", "calc: Prelude.undefined"),
    ),
    Format(
        "ghc-exception",
        r"^\*\*\* Exception: (?P<msg>.+)$",
        tool="ghc",
        block="hscallstack",
        category="runtime",
        rank=3,
        examples=("*** Exception: Prelude.head: empty list",),
    ),
    Format(  # ``error "boom"`` and other HasCallStack errors: the message is the line above
        "ghc-callstack",
        r"^CallStack \(from HasCallStack\):$",
        tool="ghc",
        block="hscallstack",
        category="runtime",
        rank=3,
        fixup=_message_above,
        words=("CallStack",),
        examples=("CallStack (from HasCallStack):",),
    ),
)
