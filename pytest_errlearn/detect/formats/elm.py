"""Elm's compiler (``elm make``, and ``elm-make`` of 0.18): each problem under a
rule that names it and its file, its words, then the source it quotes::

    -- NAMING ERROR ----------------------------------------------- src/Main.elm

    I cannot find a `totl` variable:

    8|     text (String.fromInt totl)
                                ^^^^

The first words are the message, the quoted line's number the error's line,
the rule's name its kind. Elm writes the first rule right after its progress
(``Compiling ...-- NAMING ERROR ---``), where a terminal does not overwrite it.

elm-test marks a failed test ``✗ name`` and shows the comparison under it,
indented, the two values around the expectation's name::

    ✗ total adds prices

        4
        ╷
        │ Expect.equal
        ╵
        3

``TEST RUN FAILED`` then only says that tests failed.
"""

from __future__ import annotations

from ...report import Error
from ..reader import Reader
from . import Format, regex

COMMANDS = {"elm": "elm", "elm-make": "elm", "elm-test": "elm-test"}
BUILDS: dict[str, frozenset[str] | None] = {
    "elm": frozenset({"make"}),
    "elm-make": None,
    "elm-test": None,
}

_RULE = r" -{2,} "  # between the problem's name and its file
# The problem's name, said by its rule: what kind of error it is.
_KINDS = (  # the first that fits: "UNKNOWN IMPORT" is a dependency, "UNKNOWN OPERATOR" a name
    ("dependency", regex(r"MODULE NOT FOUND|IMPORT|PACKAGE|DEPENDENC")),
    ("reference", regex(r"NAMING|UNKNOWN|AMBIGUOUS|SHADOWING")),
    ("type", regex(r"TYPE|ARGUMENT|MISMATCH|INFINITE|TOO MANY|TOO FEW|MISSING PATTERNS")),
    ("syntax", regex(r"SYNTAX|PARSE|UNFINISHED|UNEXPECTED|ENDLESS|WEIRD")),
)


class ElmProblem(Reader):
    """A problem's lines up to the next problem's rule: its first words are the
    message, its first quoted line (``8|  ...``) says the line."""

    frames_wanted = False
    _NEXT = regex(
        r"^(?:(?:Compiling \.*\s*)?-- [A-Z][A-Z ]*[A-Z] -{2,} \S+\s*$|"
        r"Detected (?:problems|errors) in )"
    )
    _QUOTED = regex(r"^(?P<line>\d+)\|")

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.said = False

    def accept(self, line: str) -> bool:
        if self._NEXT.match(line):
            return False
        if not self.said and line.strip():
            self.err.message, self.said = line.strip(), True
        elif self.err.line is None and (m := self._QUOTED.match(line)):
            self.err.line = int(m["line"])
        return True

    def category(self) -> str | None:
        name = self.err.code or ""
        return next((kind for kind, words in _KINDS if words.search(name)), "build")


class ElmTestFailure(Reader):
    """What elm-test shows under a failed test, indented: its words, without the
    box that frames the expectation's name, are the message."""

    frames_wanted = False

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.words: list[str] = []

    def accept(self, line: str) -> bool:
        if not line.strip():
            return self.blanks < 2
        if not line[:1].isspace():
            return False
        if (words := line.strip(" ╷╵│\t")) and len(self.words) < 6:
            self.words.append(words)
        return True

    def finish(self) -> None:
        if self.words:
            self.err.message = " ".join(self.words)


READERS = {"elm": ElmProblem, "elm-test": ElmTestFailure}

ROWS = (
    Format(
        "elm-problem",
        r"^(?:Compiling \.*\s*)?-- (?P<code>[A-Z][A-Z ]*[A-Z])"
        + _RULE
        + r"(?P<file>(?:[A-Za-z]:)?\S+\.elm)\s*$",
        tool="elm",
        block="elm",
        rank=2,
        words=(".elm",),
        examples=(
            "-- NAMING ERROR ----------------------------------------------- src/Main.elm",
            "Compiling ...-- TYPE MISMATCH ---------------------------------- src/Cart.elm",
            "-- SYNTAX PROBLEM ------------------------------------------ ./src/Main.elm",
        ),
    ),
    Format(
        "elm-test-failure",
        r"^✗ (?P<test>.+?)\s*$",
        tool="elm-test",
        category="assertion",
        block="elm-test",
        rank=3,
        words=("✗ ",),
        examples=("✗ total adds prices",),
    ),
    Format(
        "elm-test-failed",
        r"^(?P<msg>TEST RUN FAILED)$",
        tool="elm-test",
        role="consequence",
        rank=1,
        examples=("TEST RUN FAILED",),
    ),
)
