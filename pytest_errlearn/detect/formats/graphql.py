r"""GraphQL Code Generator (``graphql-codegen``), where it validates the
operations it generates types for against the schema.

An operation that does not fit the schema fails its output's task (listr's
``✖``) or the run (an ``AggregateError``) with a count, then each error, its
number first, and where the operation is, after ``at``::

    ✖ GraphQL Document Validation failed with 2 errors;
      Error 0: Cannot query field "titel" on type "Book". Did you mean "title"?
      at /home/user/app/src/queries/books.ts:3:5
      Error 1: Unknown argument "limit" on field "Query.books".
      at /home/user/app/src/queries/books.ts:2:9

(versions before 3 say ``GraphQLDocumentError:`` before each message). The
first error is the message, its ``at`` line the place.
"""

from __future__ import annotations

from ...report import Error
from ..reader import Reader
from . import Format, regex

COMMANDS = {"graphql-codegen": "graphql-codegen", "gql-gen": "graphql-codegen"}
BUILDS: dict[str, frozenset[str] | None] = {"graphql-codegen": None, "gql-gen": None}


class DocumentErrors(Reader):
    """Under ``GraphQL Document Validation failed``: each ``Error N:`` and its
    ``at`` place, and the ``AggregateError``'s stack. The first error's words
    are the message, its place the error's."""

    frames_wanted = False
    _ERROR = regex(r"^Error \d+: (?:GraphQLDocumentError: )?(?P<said>.+)$")
    _AT = regex(r"^at (?P<file>(?:[A-Za-z]:)?[^\s:()]+):(?P<line>\d+):(?P<col>\d+)$")
    _FRAME = regex(r"^at .+\)$")  # the stack's frames: "at new AggregateError (/path...)"

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.errors = 0

    def accept(self, line: str) -> bool:
        said = line.strip()
        if not said or not line[:1].isspace():
            return False
        if (m := self._ERROR.match(said)) is not None:
            self.errors += 1
            if self.errors == 1:
                self.err.message = m["said"]
        elif (m := self._AT.match(said)) is not None:
            if self.errors == 1 and self.err.file is None:
                self.err.file, self.err.line = m["file"], int(m["line"])
                self.err.column = int(m["col"])
        elif not self._FRAME.match(said):
            return False
        return True

    def category(self) -> str | None:
        return self.said_else("reference") if self.errors else "reference"


READERS = {"graphql-documents": DocumentErrors}

ROWS = (
    Format(
        "graphql-codegen-documents",
        r"^\s*(?:[^\x00-\x7f]+ |AggregateError: |Error: )?"
        r"(?P<msg>GraphQL Document Validation failed with \d+ errors?);?$",
        tool="graphql-codegen",
        block="graphql-documents",
        rank=2,
        examples=(
            "    \u2716 GraphQL Document Validation failed with 2 errors;",
            "AggregateError: GraphQL Document Validation failed with 1 errors;",
        ),
    ),
)
