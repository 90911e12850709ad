"""``errlearn history export|import``: a history out as JSON Lines, and in again.

``export`` writes the project's history (the server's, where a history URL
is set) to stdout or ``--output FILE``, redacted as it is stored; ``import
FILE`` adds what the file holds that the history has not (``-`` reads stdin),
so the same file twice changes nothing. ``--local`` picks the
``.errlearn/history.sqlite3`` file whatever the settings say, ``--url`` a
server: moving a laptop's history to the team's server is ``errlearn history
export --local | errlearn history import -``. Exit status 0 when done, 2 for
bad input or a history that cannot be read or written (one line each): a
backup that could not be made must not look like an empty one. A file found
corrupt is moved aside, as a run does, and the command fails saying so.
"""

from __future__ import annotations

import os
import sys
from contextlib import suppress

from ..cli import UsageError

TYPE_CHECKING = False  # mypy reads it as True: typing loads where it is used, not here
if TYPE_CHECKING:
    import argparse
    from typing import Any

    from pytest_errlearn.history import History


def add_parser(sub: Any) -> None:
    p = sub.add_parser(
        "history",
        help="export the history as JSON Lines, or import an export",
        description="Move a project's history between machines and backends: "
        "`export` writes it as JSON Lines, `import FILE` adds what it holds (twice is once).",
    )
    actions = p.add_subparsers(dest="action", metavar="ACTION")
    out = actions.add_parser("export", help="write the history as JSON Lines")
    out.add_argument("-o", "--output", metavar="FILE", help="write here, not to stdout")
    into = actions.add_parser("import", help="add a JSON Lines export to the history")
    into.add_argument("file", metavar="FILE", help="the export (- for stdin)")
    for q in (out, into):
        where = q.add_mutually_exclusive_group()
        where.add_argument(
            "--local", action="store_true", help="the .errlearn/ file, whatever the settings say"
        )
        where.add_argument("--url", metavar="URL", help="a PostgreSQL history's URL")
    p.set_defaults(func=run)


def _open(args: argparse.Namespace, said: list[str], *, create: bool) -> History | None:
    """The history (None: there is no file to export); one that cannot be used is
    an error. ``said`` collects its warnings, for ``_failed`` to tell."""
    from pytest_errlearn.config import load_settings
    from pytest_errlearn.history import History

    settings = load_settings()
    url = None if args.local else args.url or settings.history_url
    if url is not None and not url.startswith(("postgresql://", "postgres://")):
        raise UsageError(f"--url must be a postgresql:// URL, not {url.split(':', 1)[0]}")
    # A server is "written" by a run, whose warning then speaks of the spool: not here.
    history = History.open(settings.root_dir, create=create and not url, url=url, warn=said.append)
    if history is None and said:
        raise _failed(args, said, said.pop())
    return history


def _failed(args: argparse.Namespace, said: list[str], reason: str) -> UsageError:
    """The command's one error line: the last problem, or the file moved aside if it
    was (that says all). The warnings before it are told first."""
    from pytest_errlearn.history.sqlitefile import Note

    moved = [note for note in said if isinstance(note, Note)]
    _tell([note for note in said if not isinstance(note, Note)])
    said.clear()
    reason = moved[-1] if moved else reason.removeprefix("history is off: ")
    return UsageError(f"history {args.action} failed: {reason}")


def _tell(said: list[str]) -> None:
    for note in said:
        print(f"errlearn: warning: {note}", file=sys.stderr)
    said.clear()


def run(args: argparse.Namespace) -> int:
    if args.action not in ("export", "import"):
        raise UsageError("say export or import: errlearn history export > history.jsonl")
    if args.action == "export":
        return _export(args)
    return _import(args)


def _export(args: argparse.Namespace) -> int:
    said: list[str] = []
    history = _open(args, said, create=False)
    _tell(said)  # a file moved aside as it was opened: the export goes on, from the fresh one
    if history is None:  # no file: nothing recorded, nothing to export
        return 0
    # A file is written beside itself and put in place once whole: an export that
    # fails half-way leaves an earlier backup at that path as it was.
    temp = None if args.output is None else f"{args.output}.{os.getpid()}.tmp"
    try:
        out = sys.stdout if temp is None else open(temp, "w", encoding="utf-8")  # noqa: SIM115 - stdout or a file, closed below
    except OSError as exc:
        history.close()
        raise UsageError(f"cannot write {args.output}: {exc.strerror}") from None
    with history:
        try:
            for line in history.export_lines():
                out.write(line + "\n")
            if temp is not None:
                out.close()
                os.replace(temp, args.output)
        except history.errors as exc:
            raise _failed(args, said, _one_line(exc)) from None
        except OSError as exc:
            if temp is None:  # stdout's: a reader gone (| head), or cli's to say
                raise
            raise UsageError(f"cannot write {args.output}: {exc.strerror}") from None  # disk full
        finally:
            if temp is not None:
                out.close()
                with suppress(FileNotFoundError):
                    os.remove(temp)
    _tell(said)
    return 0


def _import(args: argparse.Namespace) -> int:
    from pytest_errlearn.history.transfer import BadLine

    try:
        source = sys.stdin if args.file == "-" else open(args.file, encoding="utf-8")  # noqa: SIM115
    except OSError as exc:
        raise UsageError(f"cannot read {args.file}: {exc.strerror}") from None
    said: list[str] = []
    with source:
        history = _open(args, said, create=True)
        _tell(said)
        if history is None:  # pragma: no cover - a writer's open fails with a warning
            return 2
        with history:
            try:
                added = history.import_lines(source)
            except BadLine as exc:
                raise UsageError(f"{args.file}: {exc}") from None
            except UnicodeDecodeError:
                raise UsageError(f"{args.file}: not UTF-8 text") from None
            except history.errors as exc:
                raise _failed(args, said, _one_line(exc)) from None
    _tell(said)
    parts = ", ".join(f"{n} {kind}{'s' if n != 1 else ''}" for kind, n in added.items())
    print(f"imported {parts}", file=sys.stderr)
    return 0


def _one_line(exc: BaseException) -> str:
    from pytest_errlearn.history.pg import one_line

    return one_line(exc)
