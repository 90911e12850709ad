"""``errlearn hook pre-tool-use|post-tool-use``: Claude Code hooks (see docs/integrations.md).

The event comes as JSON on stdin. Whatever happens the status is 0 and a
fault prints nothing: it becomes one line in ``.errlearn/hooks.log``, because
a hook that fails or talks out of turn gets in the way of the agent it serves.

post-tool-use hands the recording (detector, matcher, history: a few hundred
milliseconds with a big patterns.toml) to a forked, detached child and returns
at once, so the agent never waits; ``--foreground`` (and Windows, which has
no fork) records before returning.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import sys
import time
from collections.abc import Callable
from typing import Any

LOG = "hooks.log"
MAX_LOG = 256 * 1024  # bytes; the log is moved to hooks.log.1 past this


def add_parser(sub: Any) -> None:
    p = sub.add_parser(
        "hook",
        help="coding-agent hooks: known failures before a command, learning after it",
        description="Read a Claude Code hook event on stdin. pre-tool-use prints up to three "
        "errors a build or test command hit before, with their fixes; post-tool-use records "
        "the command's errors in the history. Always status 0.",
    )
    p.add_argument("event", choices=("pre-tool-use", "post-tool-use"), help="the hook to run")
    p.add_argument(
        "--json",
        action="store_true",
        help="pre-tool-use: print Claude Code's JSON (hookSpecificOutput.additionalContext), "
        "which puts the text in the model's context rather than only the transcript",
    )
    p.add_argument(
        "--foreground",
        action="store_true",
        help="post-tool-use: record before returning (default: a background process records)",
    )
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    event: Any = None
    notes: list[str] = []
    stderr = io.StringIO()  # what the parts it uses warn about goes to the log, not the agent
    role = "here"
    try:
        with contextlib.redirect_stderr(stderr):
            event = json.loads(sys.stdin.buffer.read() or b"null")
            if args.event == "post-tool-use" and not args.foreground:
                from ..agent_hooks import bash_command, build_command

                if build_command(bash_command(event)) is None:
                    return 0
                role = _detach()
                if role == "parent":
                    return 0  # a detached child records; the agent goes on
            text = handle(args.event, event, notes.append, as_json=args.json)
        if text:
            out = sys.stdout.buffer
            out.write(text.encode("utf-8", "replace"))
            out.flush()
    except Exception as exc:  # a hook must never fail the agent's call
        notes.append(_describe(exc))
    except (KeyboardInterrupt, SystemExit) as exc:
        notes.append(f"stopped: {type(exc).__name__}")
    finally:
        notes.extend(line for line in stderr.getvalue().splitlines() if line.strip())
        if notes and role != "parent":
            log(event, args.event, notes)
        if role == "child":
            os._exit(0)  # never back into the caller's code: that is the parent's
    return 0


def _detach() -> str:
    """Fork a child in its own session, stdio on /dev/null, to do the rest.

    Returns "parent" in the parent, "child" in the child, and "here" where
    there is no fork (Windows) or it failed: then the caller records itself.
    """
    if not hasattr(os, "fork"):
        return "here"
    sys.stdout.flush()
    try:
        pid = os.fork()
    except OSError:
        return "here"
    if pid:
        return "parent"
    os.setsid()
    null = os.open(os.devnull, os.O_RDWR)
    for fd in (0, 1, 2):
        os.dup2(null, fd)
    return "child"


def handle(name: str, event: Any, note: Callable[[str], None], *, as_json: bool = False) -> str:
    """The text a hook prints for ``event`` ("" for nothing); faults raise."""
    from ..agent_hooks import post_tool_use, pre_tool_use

    if name == "post-tool-use":
        post_tool_use(event, note)
        return ""
    text = pre_tool_use(event, note)
    if text and as_json:
        return (
            json.dumps(
                {
                    "hookSpecificOutput": {
                        "hookEventName": "PreToolUse",
                        "additionalContext": text,
                    }
                },
                ensure_ascii=False,
            )
            + "\n"
        )
    return text


def _describe(exc: Exception) -> str:
    from ..agent_hooks import Skip

    if isinstance(exc, Skip):
        return str(exc)
    if isinstance(exc, json.JSONDecodeError):
        return f"malformed event JSON: {exc}"
    return f"{type(exc).__name__}: {exc}"


def log(event: Any, hook: str, notes: list[str]) -> None:
    """Append the notes to ``.errlearn/hooks.log`` of the event's project (best effort)."""
    try:
        from pytest_errlearn.config import STATE_DIR
        from pytest_errlearn.history.store import make_folder

        from ..agent_hooks import event_root

        root = event_root(event if isinstance(event, dict) else {})
        folder = root / STATE_DIR
        make_folder(folder)
        path = folder / LOG
        if path.is_file() and path.stat().st_size > MAX_LOG:
            os.replace(path, path.with_name(LOG + ".1"))
        stamp = time.strftime("%Y-%m-%dT%H:%M:%S")
        with open(path, "a", encoding="utf-8") as f:
            for note in notes:
                f.write(f"{stamp} {hook}: {' '.join(note.split())}\n")
    except Exception:  # nowhere left to report to: the hook stays silent
        return
