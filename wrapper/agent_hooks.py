"""Coding-agent hooks: known failures before a build or test command, and learning after.

As the error-context retrieval design has it: a PreToolUse hook shows up to three errors the
command hit before, with their fixes; a PostToolUse hook records what the
command printed in the project's history, so the next PreToolUse knows it.
Only commands that build or test count (``npm test``, ``cd api && pytest``);
``ls`` or ``git status`` cost nothing and print nothing.

The functions here raise on faults; ``commands/hook.py`` turns every fault
into a line in ``.errlearn/hooks.log`` and status 0: a hook must never get
in the agent's way.
"""

from __future__ import annotations

import os
import re
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, NamedTuple

from pytest_errlearn.detect.commandkind import build_kind
from pytest_errlearn.detect.commandline import commands

TYPE_CHECKING = False  # mypy reads it as True: typing loads where it is used, not here

if TYPE_CHECKING:
    from pytest_errlearn.history import Hint

Note = Callable[[str], None]

MAX_HINTS = 3
BANNER = "=" * 70
MAX_MESSAGE = 300


class BuildCommand(NamedTuple):
    """The part of a command line that builds or tests, and its kind (``npm``)."""

    command: str
    kind: str


def classify(argv: Sequence[str]) -> str | None:
    """The kind of build or test one command is (``pytest``: the program that builds,
    launchers followed), or None."""
    return next((k for cmd in commands(argv) if (k := build_kind(cmd)) is not None), None)


def build_command(line: str) -> BuildCommand | None:
    """The first simple command of ``line`` that builds or tests, or None.

    Which commands build, and with which subcommands, the tool families say
    (``formats/``: ``BUILDS``); the line is read by ``detect.commandline``, as
    the tool hints and history keys read it.
    """
    for cmd in commands(line):
        if (kind := build_kind(cmd)) is not None:
            return BuildCommand(cmd.line, kind)
    return None


# -- PreToolUse: what to show -------------------------------------------------------


def relevance(hint: Hint, command: str, now: float) -> int:
    """0-100: how likely a past failure is to recur for ``command``.

    Every hint shares the command's key (its program and subcommand), the
    base 40; then how close the command line is (30), how often it failed
    (15, full at 5 times) and how recently (15, halved every 7 days).
    """
    from pytest_errlearn.redact import redact

    mine, theirs = set(redact(command).split()), set(hint.command.split())
    same = len(mine & theirs) / len(mine | theirs) if mine | theirs else 1.0
    often = min(hint.times, 5) / 5
    recent: float = 0.5 ** (max(0.0, now - hint.last_seen) / (7 * 86400))
    return round(100 * (0.40 + 0.30 * same + 0.15 * often + 0.15 * recent))


def _clip(text: str) -> str:
    text = " ".join(text.split())
    return text if len(text) <= MAX_MESSAGE else text[: MAX_MESSAGE - 1] + "…"


def format_hints(command: BuildCommand, hints: Sequence[Hint], now: float | None = None) -> str:
    """The retrieval design's block: banner, the command and its type, numbered issues, fixes."""
    now = time.time() if now is None else now
    lines = [
        BANNER,
        "⚠️ RELEVANT ERROR PATTERNS",
        BANNER,
        f"Command: {command.command}",
        f"Type: {command.kind}",
        "",
        "Known issues that might occur:",
        "",
    ]
    for i, hint in enumerate(hints, 1):
        lines.append(
            f"{i}. {_clip(hint.message)} | Relevance: {relevance(hint, command.command, now)}%"
        )
        lines.append(f"   Command: {_clip(hint.command)}")
        if hint.fix:
            solution = _clip(hint.fix) + (f" ({hint.success})" if hint.success else "")
            lines.append(f"   Solution: {solution}")
        lines.append("")
    lines.append(BANNER)
    return "\n".join(lines) + "\n"


# -- the events ----------------------------------------------------------------------


class Skip(Exception):
    """The event is not one to act on; the message says why (for the log)."""


def bash_command(event: Any) -> str:
    """The Bash command line of a hook event; ``Skip`` for anything else."""
    if not isinstance(event, dict):
        raise Skip("event is not a JSON object")
    if str(event.get("tool_name", "")).lower() != "bash":
        raise Skip(f"not a Bash tool call: {event.get('tool_name')!r}")
    tool_input = event.get("tool_input")
    command = tool_input.get("command") if isinstance(tool_input, dict) else None
    if not isinstance(command, str) or not command.strip():
        raise Skip("no command in tool_input")
    return command


def event_root(event: dict[str, Any]) -> Path:
    """The project the event happened in: from its ``cwd``, else the process's."""
    from pytest_errlearn.config import find_root

    cwd = event.get("cwd")
    return find_root(Path(cwd) if isinstance(cwd, str) and os.path.isdir(cwd) else None)


def pre_tool_use(event: Any, note: Note, now: float | None = None) -> str:
    """What to print before a Bash command: known failures, or "" for nothing."""
    found = build_command(bash_command(event))
    if found is None:
        return ""
    from pytest_errlearn.config import load_settings
    from pytest_errlearn.history import History

    settings = load_settings(event_root(event))
    if not settings.hints:
        return ""
    if settings.history_url:  # a server's: this machine's copy; the hook never waits on it
        from pytest_errlearn.history.hintcache import lookup

        url = settings.history_url
        hints = lookup(settings.root_dir, url, found.command, MAX_HINTS, note, wait=False)
        return format_hints(found, hints, now) if hints else ""
    history = History.open(settings.root_dir, create=False, warn=note)
    if history is None:
        raise Skip(f"no history under {settings.root}")
    with history:
        hints = history.hints(found.command, limit=MAX_HINTS)
    return format_hints(found, hints, now) if hints else ""


_EXIT_LINE = re.compile(r"^\s*(?:Exit code|exit code|exit status)[: ]+(\d+)")
_EXIT_KEYS = ("exit_code", "exitCode", "returncode", "return_code", "returnCode", "status")


class Outcome(NamedTuple):
    """What a finished command printed, its status (None when unknown), and whether it was cut."""

    output: bytes
    exit_code: int | None
    interrupted: bool


def _text(value: Any) -> str:
    return value if isinstance(value, str) else ""


def tool_outcome(event: dict[str, Any]) -> Outcome:
    """The output and exit status of a finished command, from the shapes agents send.

    ``tool_response`` as ``{stdout, stderr}``, ``{output}`` or a bare string;
    a failure's ``error`` text ("Exit code 1\\n..."); the status under any of
    the usual names. Unknown status is None.
    """
    response = event.get("tool_response", event.get("tool_result"))
    parts: list[str] = []
    code: int | None = None
    interrupted = bool(event.get("is_interrupt"))
    if isinstance(response, str):
        parts.append(response)
    elif isinstance(response, dict):
        parts.extend(_text(response.get(k)) for k in ("stdout", "output", "stderr", "error"))
        interrupted = interrupted or bool(response.get("interrupted"))
        for key in _EXIT_KEYS:
            value = response.get(key)
            if isinstance(value, int) and not isinstance(value, bool):
                code = value
                break
    if isinstance(event.get("error"), str):
        parts.append(event["error"])
        code = 1 if code is None else code
    text = "\n".join(p.rstrip("\n") for p in parts if p)
    if code is None and (m := _EXIT_LINE.match(text)) is not None:
        code = int(m.group(1))
    return Outcome(text.encode("utf-8", "replace"), code, interrupted)


def post_tool_use(event: Any, note: Note) -> None:
    """Record a finished build or test command's errors in the project's history."""
    found = build_command(bash_command(event))
    if found is None:
        return
    outcome = tool_outcome(event)
    if outcome.interrupted and outcome.exit_code is None:
        raise Skip("interrupted before it finished: not recorded")
    from pytest_errlearn.config import ConfigError, load_settings
    from pytest_errlearn.detect import detect, tool_from_command
    from pytest_errlearn.history.store import remember

    settings = load_settings(event_root(event))
    if not settings.history:
        return
    report = detect(outcome.output, tool_from_command(found.command), command=found.command)
    code = outcome.exit_code
    if code is None:  # the agent did not say: errors found mean it failed
        code = 1 if report.errors else 0
    report.exit_code = code
    if report.errors:
        try:
            from pytest_errlearn.matching.matcher import load_matcher

            matcher = load_matcher(settings)
            try:
                matcher.match_report(report)
            finally:
                matcher.close()
        except (ConfigError, ImportError) as exc:
            note(f"recorded without known fixes: {exc}")
    remember(
        report, source="hook", command=found.command, exit_code=code, start=settings.root, warn=note
    )
