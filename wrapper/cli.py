"""``errlearn``'s command line: one module per subcommand under ``commands/``.

Each command module has ``add_parser(subparsers)`` and ``run(args) -> int``;
``main()`` returns the exit status. Every fault of the user's input (a log,
a TOML file, an option) is one line on stderr and status 2, never a traceback.
"""

from __future__ import annotations

import atexit
import os
import sys
from contextlib import suppress

from pytest_errlearn import UserError, __version__

TYPE_CHECKING = False  # mypy reads it as True: typing loads where it is used, not here
if TYPE_CHECKING:
    import argparse
    from collections.abc import Callable, Sequence
    from typing import Any, NoReturn, TextIO, TypeVar

    T = TypeVar("T")

# Subcommand modules, in the order ``--help`` lists them.
COMMANDS = (
    "scan",
    "run",
    "patterns",
    "init",
    "learn",
    "stats",
    "hints",
    "history",
    "hook",
    "enrich",
)


class UsageError(UserError):
    """Bad input from the user: printed as one line, exit status 2."""


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The parser; with ``only``, that subcommand's alone, so one command loads one module.

    argparse is imported here, not at the top: ``errlearn run -- CMD`` needs no parser,
    and argparse with its help formatter (shutil, gettext, locale) is a sixth of its start.
    """
    import argparse
    import importlib

    class _Relaxed(Exception):
        """The parse without required arguments failed too: its first error stands."""

    class _Parser(argparse.ArgumentParser):
        given: tuple[str, ...] = ()  # the arguments this parser was given, for ``_unknown``
        relaxed = False

        def parse_known_args(self, args: Any = None, namespace: Any = None) -> Any:
            self.given = tuple(sys.argv[1:] if args is None else args)
            return super().parse_known_args(args, namespace)

        def error(self, message: str) -> NoReturn:  # every error line starts alike
            if self.relaxed:
                raise _Relaxed
            if message.startswith("the following arguments are required"):
                message = self._unknown() or message
            self.exit(2, f"errlearn: error: {message} (see {self.prog} --help)\n")

        def _unknown(self) -> str | None:
            """argparse checks the required arguments before the unknown options:
            ``hook --bogus`` was told its event is missing, and not of ``--bogus``."""
            required = [a for a in self._actions if a.required]
            for action in required:
                action.required = False
            self.relaxed = True
            try:
                extra = super().parse_known_args(list(self.given))[1]
            except _Relaxed:
                return None
            finally:
                self.relaxed = False
                for action in required:
                    action.required = True
            options = [a for a in extra if a.startswith("-") and a != "-"]
            return f"unrecognized arguments: {' '.join(options)}" if options else None

    parser = _Parser(
        prog="errlearn",
        description="Says what failed in a test or build run, where, and what fixed it last time.",
    )
    parser.add_argument("--version", action="version", version=f"errlearn {__version__}")
    sub = parser.add_subparsers(dest="subcommand", metavar="COMMAND", parser_class=_Parser)
    for name in COMMANDS if only is None else (only,):
        module = importlib.import_module(f".commands.{name}", __package__)
        module.add_parser(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run one subcommand; return its exit status."""
    argv = sys.argv[1:] if argv is None else list(argv)
    if argv[:2] == ["run", "--"]:  # the usual call, whose start-up counts: no parser to build
        from .commands.run import Options, run

        return _call(run, Options(argv[1:]))
    first = _subcommand(argv)
    parser = build_parser(first if first in COMMANDS else None)
    args = parser.parse_args(argv)
    if getattr(args, "func", None) is None:
        parser.print_help(sys.stderr)
        return 2
    # run's stdout is the command's, whose failed writes run says itself; every
    # other command's output is its result, flushed here to fail while it can be said.
    return _call(args.func, args, flush=first != "run")


def _subcommand(argv: Sequence[str]) -> str | None:
    """The subcommand: the first word that is no option (errlearn's own options take
    no value), so that only its module loads. Anything else gets the whole parser."""
    return next((a for a in argv if not a.startswith("-")), None)


def entry() -> NoReturn:
    """The ``errlearn`` command (and ``python -m errlearn_wrapper``): ``main()``, then exit."""
    end = _End()
    atexit.register(end)  # the first registered: run after every other one
    run = _subcommand(sys.argv[1:]) == "run"
    if not run or sys.stdout is None or sys.stderr is None:  # a plain run pays for nothing
        from .process import CLOSED
        from .streams import standard_streams

        CLOSED.update(standard_streams(run=run))
    try:
        end.status = main()
    except SystemExit as exc:  # argparse's --help and usage errors
        end.status = exc.code if isinstance(exc.code, int) else int(exc.code is not None)
        raise
    except KeyboardInterrupt:  # before main()'s own handler took it: as a shell says it
        end.status = 130
        raise
    sys.exit(end.status)


class _End:
    """The last of the exit's work: the output flushed, the status given, and the
    rest of the interpreter's teardown skipped.

    What is left in memory is the system's to free: the teardown decrefs every
    object and module, longer the more a run read and a part of even a clean
    run's time. Every other exit handler has
    run by then (a worker reaped, the regex sandbox stopped); every file
    errlearn writes is closed where it is written.
    """

    status = 1  # main() raised: the traceback is printed, and the status is Python's

    def __call__(self) -> None:
        for stream in (sys.stdout, sys.stderr):
            try:
                stream.flush()
            except OSError as exc:  # what only the exit wrote (argparse's --help) failed,
                if self.status == 0 and _output_error(exc):  # else the reader went away
                    self.status = _call(_raise, exc)
            except ValueError:  # it is closed
                pass
        os._exit(self.status)


def _call(command: Callable[[T], int], args: T, *, flush: bool = False) -> int:
    """A subcommand's exit status; the user's faults as one line and status 2."""
    try:
        status = command(args)
        if flush:
            sys.stdout.flush()
        return status
    except UserError as exc:
        print(f"errlearn: error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0
    except OSError as exc:
        if not _output_error(exc):
            raise
        # stdout closed or full: the user's redirection, said once
        with suppress(OSError, ValueError):
            _drop(sys.stdout)
        with suppress(OSError, ValueError):  # stderr may be closed too: the status says it
            print(f"errlearn: error: cannot write the output: {exc.strerror}", file=sys.stderr)
        return 2


def _output_error(exc: OSError) -> bool:
    """Whether errlearn's own stdout failed (``streams``): loaded only then, as only
    a command other than ``run`` has such a stdout, which ``run``'s start skips."""
    from .streams import OutputError

    return isinstance(exc, OutputError)


def _raise(exc: Exception) -> int:
    raise exc


def _drop(stream: TextIO) -> None:
    """Point a failed output at /dev/null: what its buffer still holds is not
    written again, and fails again, at exit."""
    null = os.open(os.devnull, os.O_WRONLY)
    os.dup2(null, stream.fileno())
    os.close(null)
