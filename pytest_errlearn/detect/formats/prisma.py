r"""Prisma: its CLI's coded errors and its migrations (``prisma migrate``,
``prisma db``), where they report a database's error inside their own; and its
schema checks, ``prisma validate`` and ``prisma generate`` (and every other
command) as it reads ``schema.prisma`` first. (The other migration tools:
``migrations.py``.)

Prisma's CLI says ``Error: P1001: Can't reach database server at ...``, or the
code alone and the message in the paragraph below it; a migration that did
not apply (``P3006``, ``P3018``) names the database's error in that paragraph
(``Error code: P1001`` / ``Database error code: 1146``, then ``Error:`` and
its message on the next line).

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
from ..reader import Reader, diagnosed
from . import Format, regex, said_in
from .sql import db_said, sqlstate_category

ORDER = 12  # before nix.py's and rust.py's bare ``error:`` rows, which would take its lines
COMMANDS = {"prisma": "prisma"}
BUILDS: dict[str, frozenset[str] | None] = {
    "prisma": frozenset({"migrate", "db", "generate", "validate"})
}


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


# Prisma's codes that say the failure's category: the server out of reach or
# timing out; the credentials, the database or the schema file wrong.
_PRISMA_CODES = (
    ("network", regex(r"^P10(?:01|02|08|11|17)$")),
    ("config", regex(r"^P1(?:000|003|010|012|013)$")),
)


class PrismaError(Reader):
    """Under Prisma's ``Error: P3006``: its paragraph, whose first line is the
    message where the header had only the code, and the database's error it
    names (``Error code: P1001`` or ``Database error code: 1146``, then
    ``Error:`` / ``Database error:`` and its message on the next line), which
    ends the message and says its category. Another tool's error ends it."""

    frames_wanted = False
    _CODE = regex(r"^(?:Database )?[Ee]rror code: (?P<code>\S+)")
    _CAUSE = regex(r"^(?:Database )?[Ee]rror:\s*$")
    _LINES = 12

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.bare = err.message.strip() in (err.code, f"Error: {err.code}")
        self.inner: str | None = None  # the code of the error named inside
        self.cause_next = False
        self.cause: str | None = None

    def accept(self, line: str) -> bool:
        stripped = line.strip()
        if self.count >= self._LINES:
            return False
        if not stripped:
            return self.blanks < 1
        if self.cause_next and self.cause is None:  # the database's message, whatever its shape
            self.cause = stripped
            self.err.message = f"{self.err.message.rstrip('.')}: {stripped}"
            return True
        if self._CAUSE.match(stripped):  # "Error:" alone, its message on the next line
            self.cause_next = True
            return True
        if diagnosed(line):
            return False
        if self.bare:
            self.err.message, self.bare = stripped, False
        elif (code := self._CODE.match(stripped)) is not None:
            self.inner = code["code"]
        return True

    def category(self) -> str | None:
        for code in (self.inner, self.err.code):
            if code and (said := said_in(_PRISMA_CODES, code) or sqlstate_category(code)):
                return said
        return db_said(self.cause or self.err.message)


READERS = {"prisma": PrismaError, "prisma-schema": SchemaProblems}

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
    Format(  # Prisma's CLI: the error's code, its message after it or in the paragraph below
        "prisma-error",
        r"^Error: (?P<code>P\d{4})(?::? (?P<msg>.+))?$",
        tool="prisma",
        block="prisma",
        rank=2,
        examples=(
            "Error: P1001: Can't reach database server at `localhost`:`5432`",
            "Error: P3006",
        ),
    ),
)
