"""``errlearn history export|import``: a history out as JSON Lines, and in again.

``export`` writes the project's history (the server's, where a history URL
is set) to stdout or ``--output FILE``, redacted as it is stored; ``import
FILE`` adds what the file holds that the history has not (``-`` reads stdin),
so the same file twice changes nothing. ``--local`` picks the
``.errlearn/history.sqlite3`` file whatever the settings say, ``--url`` a
server: moving a laptop's history to the team's server is ``errlearn history
export --local | errlearn history import -``. Exit status 0 when done, 1 when
the history could not be opened or read, 2 for bad input (one line each).
"""

from __future__ import annotations

import sys

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


def _open(args: argparse.Namespace, *, create: bool) -> tuple[History | None, str | None]:
    from pytest_errlearn.config import load_settings
    from pytest_errlearn.history import History

    settings = load_settings()
    url = None if args.local else args.url or settings.history_url
    if url is not None and not url.startswith(("postgresql://", "postgres://")):
        raise UsageError(f"--url must be a postgresql:// URL, not {url.split(':', 1)[0]}")
    return History.open(settings.root_dir, create=create, url=url), url


def run(args: argparse.Namespace) -> int:
    if args.action not in ("export", "import"):
        raise UsageError("say export or import: errlearn history export > history.jsonl")
    if args.action == "export":
        return _export(args)
    return _import(args)


def _export(args: argparse.Namespace) -> int:
    history, url = _open(args, create=False)
    if history is None:  # a server that could not be used (the warning said why), or no file
        return 1 if url else 0
    try:
        out = sys.stdout if args.output is None else open(args.output, "w", encoding="utf-8")  # noqa: SIM115 - stdout or a file, closed below
    except OSError as exc:
        history.close()
        raise UsageError(f"cannot write {args.output}: {exc.strerror}") from None
    with history:
        try:
            for line in history.export_lines():
                out.write(line + "\n")
        except history.errors as exc:
            print(f"errlearn: error: history export failed: {_one_line(exc)}", file=sys.stderr)
            return 1
        finally:
            if out is not sys.stdout:
                out.close()
    return 0


def _import(args: argparse.Namespace) -> int:
    from pytest_errlearn.history.transfer import BadLine

    try:
        source = sys.stdin if args.file == "-" else open(args.file, encoding="utf-8")  # noqa: SIM115
    except OSError as exc:
        raise UsageError(f"cannot read {args.file}: {exc.strerror}") from None
    with source:
        history, _ = _open(args, create=True)
        if history is None:
            return 1  # the warning said why
        with history:
            try:
                added = history.import_lines(source)
            except BadLine as exc:
                raise UsageError(f"{args.file}: {exc}") from None
            except UnicodeDecodeError:
                raise UsageError(f"{args.file}: not UTF-8 text") from None
            except history.errors as exc:
                print(f"errlearn: error: history import failed: {_one_line(exc)}", file=sys.stderr)
                return 1
    parts = ", ".join(f"{n} {kind}{'s' if n != 1 else ''}" for kind, n in added.items())
    print(f"imported {parts}", file=sys.stderr)
    return 0


def _one_line(exc: BaseException) -> str:
    from pytest_errlearn.history.pg import one_line

    return one_line(exc)
