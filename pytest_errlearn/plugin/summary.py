"""What the plugin prints at the end of a session, and the JSON report it writes.

Lines are ``(text, markup)`` pairs for ``terminalreporter.write_line``: pytest's
own terminal writer colours them only on a terminal and honours ``NO_COLOR``,
and no message text is ever read as markup.
"""

from __future__ import annotations

import errno
import gc
import os
import shlex
from collections.abc import Sequence
from pathlib import Path

from ..config import ConfigError
from ..detect.rootcause import primary_index
from ..output.render import named
from ..report import Error, Match, Report

Line = tuple[str, dict[str, bool]]

MAX_TESTS = 5  # tests named under a fix; the rest are counted


def unknown_line(count: int, *, matching: bool = True) -> str:
    """The line about failures no pattern knows yet: the one place to reword it.
    ``matching`` False: the patterns could not be loaded, so none was looked for."""
    failures = f"{count} failure{'s' if count != 1 else ''}"
    if not matching:
        return f"{failures} not matched: errlearn's patterns could not be loaded (see above)"
    return f"{failures} with no known fix; `errlearn learn` turns them into patterns"


def summary_lines(
    errors: Sequence[Error],
    faults: Sequence[str],
    verbosity: int,
    *,
    matching: bool = True,
    width: int | None = None,
) -> list[Line]:
    """The summary: errlearn's own warnings, each fix once with its tests, then the rest.

    ``verbosity`` is pytest's: -1 (``-q``) puts a fix on one line, -2
    (``-qq``) keeps only the fixes, 1 (``-v``) names each failure without one.
    ``matching`` False: the patterns could not be loaded.
    """
    lines: list[Line] = [(f"errlearn: warning: {fault}", {"yellow": True}) for fault in faults]
    fixes: dict[tuple[str, str], list[Error]] = {}
    unknown: list[Error] = []
    for err in errors:
        if err.match is None:
            unknown.append(err)
        else:
            fixes.setdefault((err.match.pattern, err.match.fix), []).append(err)
    for group in fixes.values():
        lines.extend(_fix_lines(group, verbosity, width))
    if verbosity > -2:  # what the history says (repeats, noise): each note once, with its tests
        noted: dict[str, dict[str, None]] = {}
        for err in errors:
            for note in err.notes:
                noted.setdefault(note, {})[_test(err)] = None
        lines.extend(
            (f"! {_named(list(tests))}: {note}", {"yellow": True}) for note, tests in noted.items()
        )
    if verbosity <= -2 or not unknown:
        return lines
    if verbosity >= 1:
        for err in unknown:
            where = f" ({err.location})" if err.location else ""
            lines.append((f"no known fix: {_test(err)}: {err.message}{where}", {}))
    lines.append((unknown_line(len(unknown), matching=matching), {"yellow": True}))
    return lines


def _fix_lines(group: list[Error], verbosity: int, width: int | None = None) -> list[Line]:
    """One fix, the tests it applies to, its best score and where the pattern lives."""
    best: Match = max((e.match for e in group if e.match), key=lambda m: m.score)
    tests = list(dict.fromkeys(_test(e) for e in group))
    where = f"{best.pattern}, {best.method} match {best.score:.2f}"
    if best.source:
        where += f", {best.source}"
    if best.success:
        where += f", {best.success}"
    if verbosity < 0:
        count = f"{len(tests)} test{'s' if len(tests) != 1 else ''}"
        return [(f"known fix ({count}): {best.fix}  [{where}]", {"green": True})]
    return [
        (f"known fix: {best.fix}", {"green": True, "bold": True}),
        (f"    for {named(tests, width, most=MAX_TESTS)}", {}),
        (f"    {where}", {}),
    ]


def _named(tests: list[str]) -> str:
    """The first tests by name, the rest counted: 600 failing the same way are one line."""
    shown = ", ".join(tests[:MAX_TESTS])
    return f"{shown} and {len(tests) - MAX_TESTS} more" if len(tests) > MAX_TESTS else shown


def _test(err: Error) -> str:
    return err.test or "pytest internal error"


def write_json(path: Path, errors: list[Error], *, args: Sequence[str], exit_code: int) -> None:
    """The contract's JSON report, written whole or not at all (a temp file, then a
    rename); a path that is there but no regular file (``/dev/stdout``, a FIFO) is
    written in place, never replaced."""
    report = Report(errors=errors, command=shlex.join(["pytest", *args]), exit_code=exit_code)
    report.primary_index = primary_index(errors)
    text = report.to_json() + "\n"
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        if path.exists() and not path.is_file():
            with path.open("w", encoding="utf-8") as f:
                f.write(text)
            return
        if path.parent.exists() and not path.parent.is_dir():
            raise NotADirectoryError(errno.ENOTDIR, os.strerror(errno.ENOTDIR))
        path.parent.mkdir(parents=True, exist_ok=True)
        try:
            tmp.write_text(text, encoding="utf-8")
            os.replace(tmp, path)
        finally:
            tmp.unlink(missing_ok=True)
    except OSError as exc:
        raise ConfigError(
            f"cannot write the JSON report to {path}: {exc.strerror or exc}"
        ) from None


# -- the errors handed to `errlearn run` (``plugin.take_handoff``) ---------------


def write_handoff(path: str, errors: list[Error], exit_code: int | None) -> None:
    """Append this session's errors to ``errlearn run``'s file, one JSON line a session
    (a command may run pytest more than once). Every field is kept, ``block``
    and the history's notes too: ``errlearn run`` shows and writes them as its own."""
    import json

    wire = [
        err.fields() | {"match": None if err.match is None else err.match.fields()}
        for err in errors
    ]
    line = json.dumps({"exit_code": exit_code, "errors": wire}, ensure_ascii=False)
    fd = os.open(path, os.O_WRONLY | os.O_APPEND)  # never made here: errlearn run made it
    with open(fd, "a", encoding="utf-8") as f:
        f.write(line + "\n")


def read_handoff(path: str) -> tuple[list[Error], bool] | None:
    """The errors the plugin handed over in ``path``, in order, and whether a
    session failed; None when no session wrote there (pytest did not run, or ran
    without the plugin) or the file cannot be read."""
    import json

    errors: list[Error] = []
    try:
        with open(path, encoding="utf-8") as f:
            sessions = [json.loads(line) for line in f if line.strip()]
        for session in sessions:
            for data in session["errors"]:
                fields = dict(data)
                match = fields.pop("match", None)
                fields["span"] = tuple(fields.get("span", (0, 0)))
                errors.append(Error(**fields, match=Match(**match) if match else None))
    except (OSError, ValueError, TypeError, KeyError):
        return None
    failed = any(session.get("exit_code") not in (0, None) for session in sessions)
    return (errors, failed) if sessions else None


class CollectionPaused:
    """Python's garbage collector held off while the history is recorded, then as it was.

    Recording allocates a few thousand objects that all live until it ends; a
    full collection set off in the middle walks the whole session's heap
    (pytest's reports and tracebacks, many after many failures) and frees
    none of them. Nothing is lost by waiting: the next collection finds the
    same garbage (pytest runs one itself as the session ends).
    """

    __slots__ = ("enabled",)

    def __enter__(self) -> None:
        self.enabled = gc.isenabled()
        gc.disable()

    def __exit__(self, *exc: object) -> None:
        if self.enabled:
            gc.enable()
