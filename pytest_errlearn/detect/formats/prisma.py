r"""Prisma's schema checks: ``prisma validate``, and ``prisma generate`` (and
every other command) as it reads ``schema.prisma`` first. (Its CLI's coded
errors, ``Error: P1001: ...``, and its migrations are ``migrations.py``'s.)

A schema that does not validate stops the command with a header, then, for
each problem, rustc's shape: ``error:``, what is wrong, ``-->`` and the place
(file and line), the lines around it, and last the count::

    Error: Prisma schema validation - (get-dmmf wasm)
    Error code: P1012
    error: Type "Tag" is neither a built-in type, nor refers to another model, ...
      -->  prisma/schema.prisma:14
       |
    13 |   id   Int   @id
    14 |   tags Tag[]
       |

    Validation Error Count: 1

Before Prisma 5 the header is ``Error: Schema parsing`` (``Error: Schema
Parsing P1012``, ``Get config: Schema Parsing P1012``). The first problem
is the error: its message, its place; the header only says where it was read.
"""

from __future__ import annotations

from ...report import Error
from ..reader import Reader
from . import Format, regex, said_in

ORDER = 12  # before nix.py's and rust.py's bare ``error:`` rows, which would take its lines


# What a schema problem's words say of it: a name no model or type has, a line
# the parser cannot read, the environment or a datasource wrong.
_PRISMA_SAYS = (
    ("reference", regex(r"is neither a built-in type|does not exist|[Uu]nknown ")),
    ("syntax", regex(r"This line is (?:invalid|not a valid)|Error parsing|[Uu]nexpected token")),
    ("config", regex(r"[Ee]nvironment variable|datasource|generator|provider|URL")),
)


class SchemaProblems(Reader):
    """Under Prisma's schema validation header: the error code, each problem
    (``error:``, its ``-->`` place, the quoted lines) and the count. The first
    problem's words are the message, its place the error's."""

    frames_wanted = False
    _CODE = regex(r"^Error code: (?P<code>P\d{4})$")
    _PROBLEM = regex(
        r"^error: (?:Error validating(?: field `\w+` in model `\w+`)?: )?(?P<said>.+)$"
    )
    _PLACE = regex(r"^-->\s+(?P<file>\S+\.prisma):(?P<line>\d+)$")
    _OWN = regex(r"^(?:\d*\s*\||Get [Cc]onfig\b|Validation Error Count: \d+$|\[Context: )")

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.problems = 0

    def accept(self, line: str) -> bool:
        said = line.strip()
        if not said:
            return self.blanks < 1
        if (m := self._CODE.match(said)) is not None:
            self.err.code = m["code"]
        elif (m := self._PROBLEM.match(said)) is not None:
            self.problems += 1
            if self.problems == 1:
                self.err.message = m["said"]
        elif (m := self._PLACE.match(said)) is not None:
            if self.problems == 1 and self.err.file is None:
                self.err.file, self.err.line = m["file"], int(m["line"])
        elif not self._OWN.match(said):
            return False
        return True

    def category(self) -> str | None:
        return said_in(_PRISMA_SAYS, self.err.message) or "config"


READERS = {"prisma-schema": SchemaProblems}

ROWS = (
    Format(
        "prisma-schema",
        r"^(?:Error: (?:Get [Cc]onfig: )?|Get [Cc]onfig: )(?P<msg>(?:Prisma schema validation|"
        r"Schema [Pp]arsing)\b.*)$",
        tool="prisma",
        block="prisma-schema",
        rank=2,
        words=("schema validation", "schema parsing"),
        examples=(
            "Error: Prisma schema validation - (get-dmmf wasm)",
            "Error: Schema Parsing P1012",
            "Error: Schema parsing",
            "Get Config: Schema parsing - Error while interacting with query-engine-node-api "
            "library",
        ),
    ),
)
