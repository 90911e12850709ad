"""``remember``: a finished run into its project's history, in one call for front ends."""

from __future__ import annotations

import os
import time

from .store import History, Warn, _stderr, _tree

TYPE_CHECKING = False  # mypy reads it as True: typing loads where it is used, not here
if TYPE_CHECKING:
    from collections.abc import Iterable
    from pathlib import Path
    from typing import Any, Literal

    from ..report import Report


def remember(
    report: Report,
    *,
    source: Literal["run", "pytest", "hook"],
    command: str,
    exit_code: int,
    passed: Iterable[str] = (),
    start: Path | None = None,
    warn: Warn | None = None,
    templates: Iterable[int] = (),
) -> None:
    """Record a finished run in its project's history, when history is on; never raises.

    The one call for front ends: reads the settings (``[tool.errlearn] history``,
    ``repeat`` and ``keep_runs``) from the project around ``start``, then
    ``History.record``. A clean pass makes no history where there is none: it
    would have nothing to settle. A server's history is always there: a run that
    cannot reach it is spooled, and the spool is sent before the run is recorded.
    """
    from ..config import ConfigError, load_settings

    warn = warn or _stderr
    try:
        settings = load_settings(start)
    except ConfigError as exc:
        warn(f"history not updated: {exc}")
        return
    if not settings.history:
        return
    url = settings.history_url
    create = exit_code != 0 or bool(report.errors) or bool(url)
    history = History.open(settings.root_dir, create=create, warn=warn, url=url)
    passed = list(passed)
    run: dict[str, Any] = {
        "source": source,
        "command": command,
        "exit_code": exit_code,
        "passed": passed,
        "repeat": settings.repeat,
        "templates": list(templates),
    }
    if history is None:
        if url:  # the server could not be reached: the run waits in the spool
            from .spool import Spool, keep

            tree = lambda: _tree(settings.root_dir)  # noqa: E731
            now, uid = time.time(), os.urandom(16).hex()
            keep(Spool(settings.root_dir), report, tree, warn, uid=uid, now=now, **run)
        return
    with history:
        history.keep_runs = settings.keep_runs
        if history.spool is not None:
            history.flush_spool()
        history.record(report, **run)
        history.refresh_cache()  # a server's: this machine's readers see this run at once
