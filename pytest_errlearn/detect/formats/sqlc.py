r"""sqlc, the SQL compiler that generates typed code from queries
(``sqlc generate``, ``sqlc vet``, ``sqlc compile``).

It checks each query against the schema and names each problem at its place,
``query.sql:12:1: relation "users" does not exist`` (the path as its config
gives it, Windows' backslashes kept), under the package it was generating
(``# package db``).
"""

from __future__ import annotations

from . import Format

COMMANDS = {"sqlc": "sqlc"}
BUILDS: dict[str, frozenset[str] | None] = {
    "sqlc": frozenset({"generate", "compile", "vet", "verify"}),
}

_AT = r":(?P<line>\d+):(?P<col>\d+): "

ROWS = (
    Format(
        "sqlc",
        r"^(?P<file>(?:[A-Za-z]:)?[^\s:]+\.sql)" + _AT + r"(?:(?P<sev>error|warning|note): )?"
        r"(?P<msg>\S.*)$",
        seek=_AT,
        tool="sqlc",
        rank=2,
        examples=(
            'db/query.sql:6:1: relation "authors" does not exist',
            'queries/users.sql:12:42: column "name" does not exist',
        ),
    ),
)
