"""``errlearn hints [--json] [--limit N] -- CMD [ARGS...]``: known failures of a command.

What ``errlearn run`` prints before it starts a command (``format_hints``),
without running anything: the ways this command failed before in this
project, and the fixes that were shown. No history, no output; always exit 0.
"""

from __future__ import annotations

import sys
import time

from ..cli import UsageError

# ``known_issues`` runs before every ``errlearn run`` in a project with history:
# argparse, json and typing are left to ``errlearn hints`` itself.
TYPE_CHECKING = False  # mypy reads it as True: typing loads where it is used, not here
if TYPE_CHECKING:
    import argparse
    from typing import Any

    from pytest_errlearn.history import Hint

LIMIT = 3


def add_parser(sub: Any) -> None:
    import argparse

    p = sub.add_parser(
        "hints",
        help="show how a command failed before, without running it",
        description="Show the known failures of a command from this project's history "
        "(what `errlearn run` prints before it starts the command).",
    )
    p.add_argument("--json", action="store_true", help="print the hints as JSON")
    p.add_argument(
        "--limit",
        type=int,
        default=LIMIT,
        metavar="N",
        help=f"show at most N failures (default {LIMIT})",
    )
    p.add_argument(
        "cmd", nargs=argparse.REMAINDER, metavar="-- CMD [ARGS...]", help="the command, after --"
    )
    p.set_defaults(func=run)


def ago(then: float, now: float | None = None) -> str:
    """``then`` as a short relative time: ``just now``, ``5 min ago``, ``3 days ago``."""
    seconds = max(0.0, (time.time() if now is None else now) - then)
    for size, unit in ((86400, "day"), (3600, "h"), (60, "min")):
        if seconds >= size:
            n = int(seconds // size)
            plural = "s" if unit == "day" and n != 1 else ""
            return f"{n} {unit}{plural} ago"
    return "just now"


def format_hints(hints: list[Hint], now: float | None = None) -> str:
    """The hints as plain lines (no colour: they go to stderr beside the command's output)."""
    if not hints:
        return ""
    key = hints[0].key
    if not key:  # a hint made elsewhere (the agent hooks' tests)
        from pytest_errlearn.history import command_key

        key = command_key(hints[0].command)
    out = [f"errlearn: `{key}` failed like this before:"]
    for hint in hints:
        times = f"{hint.times} time{'s' if hint.times != 1 else ''}"
        out.append(f"  • {hint.message}  ({times}, last {ago(hint.last_seen, now)})")
        if hint.fix:
            tail = f"  ({hint.success})" if hint.success else ""
            out.append(f"    fix: {hint.fix}{tail}")
    return "\n".join(out)


def known_issues(argv: list[str], *, limit: int = LIMIT) -> str:
    """What ``errlearn run`` prints before it starts ``argv``; "" when off or none. Never raises.

    Off with ``[tool.errlearn] hints = false``; a broken setting is left for
    the run to report.
    """
    from pytest_errlearn.config import ConfigError, load_settings
    from pytest_errlearn.history import History, command_line

    try:
        settings = load_settings()
    except ConfigError:
        return ""
    if not settings.hints:
        return ""
    if settings.history_url:  # a server's: this machine's copy, refreshed by the run's record
        from pytest_errlearn.history.hintcache import lookup
        from pytest_errlearn.history.store import _stderr

        found = lookup(
            settings.root_dir,
            settings.history_url,
            command_line(argv),
            limit,
            _stderr,
            wait=False,
            background=False,
        )
        return format_hints(found)
    history = History.open(settings.root_dir, create=False, warn=_moved_only)
    if history is None:
        return ""
    with history:
        return format_hints(history.hints(command_line(argv), limit))


def _moved_only(message: str) -> None:
    """Before a run, only a file moved aside is told: the run's record meets any
    other problem again and says it, in its own words (said here, it came twice)."""
    from pytest_errlearn.history.sqlitefile import Note
    from pytest_errlearn.history.store import _stderr

    if isinstance(message, Note):
        _stderr(message)


def run(args: argparse.Namespace) -> int:
    from pytest_errlearn.config import load_settings
    from pytest_errlearn.history import History, command_line

    argv = args.cmd[1:] if args.cmd[:1] == ["--"] else args.cmd
    if not argv:
        raise UsageError("give the command after --: errlearn hints -- npm test")
    if args.limit < 1:
        raise UsageError("--limit must be at least 1")
    settings = load_settings()
    command = command_line(argv)
    hints: list[Hint] = []
    if settings.history_url:  # a server's: its copy here, else the server itself
        from pytest_errlearn.history.hintcache import lookup
        from pytest_errlearn.history.store import _stderr

        url = settings.history_url
        hints = lookup(settings.root_dir, url, command, args.limit, _stderr, wait=True)
    elif (history := History.open(settings.root_dir, create=False)) is not None:
        with history:
            history.check()  # damage this command's hints do not reach, as a run finds it
            hints = history.hints(command, args.limit)
    if args.json:
        import json

        print(json.dumps({"hints": [h._asdict() for h in hints]}, indent=2, ensure_ascii=False))
    elif hints:
        print(format_hints(hints), file=sys.stdout)
    return 0
