"""``errlearn patterns check [FILE]`` and ``errlearn patterns list [--builtin]``."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from pytest_errlearn.config import load_settings
from pytest_errlearn.matching.patterns import (
    builtin_patterns,
    display,
    read_patterns,
    usable_patterns,
)

from ..cli import UsageError


def add_parser(sub: Any) -> None:
    p = sub.add_parser(
        "patterns",
        help="check or list the known patterns",
        description="Check a patterns.toml for problems, or list the patterns errlearn knows.",
    )
    actions = p.add_subparsers(dest="action", metavar="ACTION", required=True)
    check = actions.add_parser(
        "check",
        help="report every problem of a patterns file (exit 1 if any)",
        description="Report every problem of a patterns file and its includes, one per line.",
    )
    check.add_argument("file", nargs="?", help="the file to check (default: the project's)")
    check.set_defaults(func=run_check)
    listing = actions.add_parser(
        "list",
        help="list the patterns: id, category, tools, source",
        description="List the project's patterns (and the built-in ones with --builtin).",
    )
    listing.add_argument("--builtin", action="store_true", help="include the built-in library")
    listing.add_argument("--patterns", metavar="FILE", help="the patterns.toml to list")
    listing.set_defaults(func=run_list)


def _project_file(explicit: str | None) -> Path | None:
    return load_settings(patterns=explicit).patterns


def run_check(args: argparse.Namespace) -> int:
    path = _project_file(args.file)
    if path is None:
        raise UsageError("no patterns file found (give one, or create one with 'errlearn init')")
    patterns, problems = read_patterns(path)
    for problem in problems:
        print(problem)
    if problems:
        many = len(problems)
        print(f"{display(path)}: {many} problem{'s' if many != 1 else ''}", file=sys.stderr)
        return 1
    count = len(patterns)
    print(f"{display(path)}: {count} pattern{'s' if count != 1 else ''}, no problems")
    return 0


def run_list(args: argparse.Namespace) -> int:
    """The patterns a run would use: a broken one is named on stderr and left out,
    as a run leaves it out (``check`` fails on it)."""
    path = _project_file(args.patterns)
    patterns = usable_patterns(path) if path is not None else []
    if args.builtin:
        own = {p.id for p in patterns}
        patterns += [p for p in builtin_patterns() if p.id not in own]
    if not patterns:
        print(
            "no patterns (create a patterns.toml with 'errlearn init'; --builtin lists the "
            "built-in ones)",
            file=sys.stderr,
        )
        return 0
    rows = [(p.id, p.category or "-", ",".join(p.tools) or "-", p.source) for p in patterns]
    widths = [max(len(row[i]) for row in rows) for i in range(3)]
    for row in rows:
        print(
            "  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=False))
            + "  "
            + row[3]
        )
    return 0
