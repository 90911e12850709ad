"""``errlearn init``: a commented starter patterns.toml at the project root."""

from __future__ import annotations

import argparse
from typing import Any

from pytest_errlearn.config import find_root
from pytest_errlearn.matching.patterns import display

from ..cli import UsageError

STARTER = """\
# errlearn's knowledge base: known failures of this project and what fixed them.
# errlearn matches each error it finds against these patterns (then against its
# built-in library) and shows the fix. Check this file with `errlearn patterns check`.
# The matching rules and every key: docs/patterns.md of errlearn.
version = 1

# include = ["ci/patterns.toml"]   # more pattern files, relative to this one

# The patterns below are EXAMPLES, commented out: none of them is active, so
# none of them can show a fix that is wrong for this project. To make one
# yours, remove the '# ' in front of its lines and rewrite its trigger and fix
# from a real failure (`errlearn learn` writes them from the failures it saw).

# [[pattern]]
# id = "missing-test-extra"          # unique: lower case, digits, '.', '_', '-'
# # An example of the error, as the tool prints it. {module} is a placeholder: it
# # matches any value, and the error's value fills {module} in the fix.
# trigger = "ModuleNotFoundError: No module named {module}"
# fix = "pip install -e '.[test]' (the test extra lists {module})"
# category = "dependency"            # syntax, type, reference, assertion, runtime,
#                                    # dependency, build, filesystem, network, config
# tools = ["pytest"]                 # only for errors from these tools (optional)
#
# [[pattern]]
# id = "db-not-started"
# trigger = "psycopg.OperationalError: connection failed: Connection refused"
# # A regex, tried when no trigger is similar enough; it is searched over the
# # error's whole block (stack trace included), and its named groups fill the fix.
# # In '...' (a literal string) a backslash is the regex's own.
# match = 'port (?P<port>\\d+) failed: Connection refused'
# fix = "Start the database first: docker compose up -d db (it listens on {port})"
# category = "network"
#
# [[pattern]]
# id = "registry-flaky"
# trigger = "npm ERR! network read ECONNRESET"
# fix = "The npm registry dropped the connection; rerun the job"
# category = "network"
# retry = true                       # transient: `errlearn run --retries N` may rerun it
"""


def add_parser(sub: Any) -> None:
    p = sub.add_parser(
        "init",
        help="write a commented starter patterns.toml at the project root",
        description="Write a commented starter patterns.toml at the project root "
        "(never overwrites an existing one).",
    )
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    path = find_root() / "patterns.toml"
    try:
        with open(path, "x", encoding="utf-8") as f:
            f.write(STARTER)
    except FileExistsError:
        raise UsageError(f"{display(path)} already exists; not overwriting it") from None
    except OSError as exc:
        raise UsageError(f"cannot write {display(path)}: {exc.strerror or exc}") from None
    print(
        f"wrote {display(path)}: its example patterns are commented out, none is active; "
        "edit it, then run 'errlearn patterns check'"
    )
    return 0
