"""Runs that could not reach the history server, kept to send on the next run that can.

A run recorded into a PostgreSQL history that is down, refuses the
credentials, drops the connection or lacks a privilege is written here
instead: one JSON file per run under ``.errlearn/spool/``, written to a
temporary name and renamed, so a reader never sees half a file. What is kept
is what ``record_run`` reads of the run, redacted as it would be stored (the
secrets never leave the machine unmasked, not even into this folder), with the
run's own id, time and state of the code. The next run that reaches the
server sends them first, oldest first (``History.flush_spool``); a run the
server has already (its id is there) is not recorded twice. At most
MAX_SPOOLED runs are kept; the oldest go first.
"""

from __future__ import annotations

import contextlib
import json
import os

from ..paths import STATE_DIR, replace_file
from ..redact import redact

TYPE_CHECKING = False  # mypy reads it as True: typing loads where it is used, not here
if TYPE_CHECKING:
    from collections.abc import Callable, Iterable, Iterator
    from typing import Any

    from ..report import Error, Report
    from .db import Conn

FOLDER = "spool"
MAX_SPOOLED = 2000
EXAMPLE_LINES = 12  # as record.EXAMPLE_LINES: what of a block is stored


class Entry:
    """One spooled run: its file and what it holds."""

    __slots__ = ("data", "path")

    def __init__(self, path: str, data: dict[str, Any]) -> None:
        self.path = path
        self.data = data


class Spool:
    """The spool folder of the project at ``root``."""

    def __init__(self, root: str) -> None:
        self.root = root
        self.folder = os.path.join(root, STATE_DIR, FOLDER)

    def save(
        self,
        report: Report,
        *,
        uid: str,
        now: float,
        source: str,
        command: str,
        exit_code: int,
        passed: Iterable[str],
        repeat: int,
        templates: Iterable[int],
        tree: str | None,
    ) -> str:
        """Keep one run; the file's path. Raises OSError when it cannot be written."""
        from .store import make_folder

        data = {
            "uid": uid,
            "time": now,
            "source": source,
            "command": redact(command),
            "exit_code": exit_code,
            "passed": [redact(p) for p in passed],
            "repeat": repeat,
            "templates": list(templates),
            "tree": tree,
            "errors": [_error(e) for e in report.errors],
        }
        make_folder(os.path.dirname(self.folder))
        os.makedirs(self.folder, exist_ok=True)
        name = f"{now:017.6f}-{uid}.json"
        path = os.path.join(self.folder, name)
        replace_file(path, json.dumps(data))
        self._trim()
        return path

    def _names(self) -> list[str]:
        try:
            return sorted(n for n in os.listdir(self.folder) if n.endswith(".json"))
        except OSError:
            return []

    def _trim(self) -> None:
        names = self._names()
        for name in names[: max(0, len(names) - MAX_SPOOLED)]:
            with contextlib.suppress(OSError):
                os.unlink(os.path.join(self.folder, name))

    def entries(self) -> Iterator[Entry]:
        """The spooled runs, oldest first; an unreadable file is dropped."""
        for name in self._names():
            path = os.path.join(self.folder, name)
            try:
                with open(path, encoding="utf-8") as f:
                    data = json.load(f)
                if not isinstance(data, dict) or not isinstance(data.get("uid"), str):
                    raise ValueError("not a spooled run")
            except FileNotFoundError:
                continue  # another process sent it
            except (OSError, ValueError):
                with contextlib.suppress(OSError):
                    os.unlink(path)
                continue
            yield Entry(path, data)

    def __len__(self) -> int:
        return len(self._names())

    @staticmethod
    def done(entry: Entry) -> None:
        with contextlib.suppress(OSError):
            os.unlink(entry.path)


def _error(err: Error) -> dict[str, Any]:
    match = err.match
    return {
        "signature": err.signature,
        "tool": err.tool,
        "category": err.category,
        "message": redact(err.message),
        "block": [redact(line) for line in err.block[:EXAMPLE_LINES]],
        "text": redact(err.text),
        "test": redact(err.test) if err.test else None,
        "match": None if match is None else {"pattern": match.pattern, "fix": redact(match.fix)},
    }


def _read_error(data: dict[str, Any]) -> Error:
    """The error ``_error`` kept, with as much of it as recording reads."""
    from ..report import Error, Match

    match = data.get("match")
    return Error(
        message=str(data.get("message") or ""),
        text=str(data.get("text") or ""),
        tool=data.get("tool"),
        category=str(data.get("category") or "unknown"),
        signature=str(data["signature"]),
        test=data.get("test"),
        block=[str(line) for line in data.get("block") or []],
        match=Match(str(match["pattern"]), 0.0, "semantic", str(match["fix"])) if match else None,
    )


def replay(conn: Conn, entry: Entry, keep_runs: int | None) -> bool:
    """Record a spooled run; False when the server has it already."""
    from ..report import Report
    from .record import record_run

    data = entry.data
    report = Report(errors=[_read_error(e) for e in data.get("errors") or []])
    tree = data.get("tree")
    return record_run(
        conn,
        report,
        source=str(data.get("source") or "run"),
        command=str(data.get("command") or ""),
        exit_code=int(data.get("exit_code") or 0),
        passed=[str(p) for p in data.get("passed") or []],
        repeat=int(data.get("repeat") or 3),
        now=float(data["time"]),
        templates=[int(t) for t in data.get("templates") or []],
        tree=lambda: tree,
        uid=str(data["uid"]),
        keep_runs=keep_runs,
        replay=True,
    )


def keep(
    spool: Spool,
    report: Report,
    tree: Callable[[], str | None],
    warn: Callable[[str], None],
    **run: Any,
) -> None:
    """Keep a run that could not be sent in ``spool``; a failure is one warning."""
    try:
        spool.save(report, tree=tree(), **run)
    except (OSError, ValueError, TypeError) as exc:
        warn(f"history not updated: cannot keep the run in {spool.folder} ({exc})")
