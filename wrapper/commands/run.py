"""``errlearn run [options] -- CMD [ARGS...]``: run a build or test, then say what failed.

The command's output is passed through untouched (``runner``); errlearn
analyses its own copy. Whatever errlearn finds, or fails to read (a broken
patterns.toml), the exit status is the command's: errlearn never changes the
outcome of a build. A clean success costs one process start: the detector
loads at the command's first byte, the matcher and rich only when something
failed.
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable
from functools import partial

from pytest_errlearn.config import history_server
from pytest_errlearn.paths import has_history

from ..analysis import Analysis
from ..cli import UsageError
from ..handoff import Handoff
from ..process import StartError, ended
from ..runner import fresh_line, say
from ..runner import run as run_command

TYPE_CHECKING = False  # mypy reads it as True: typing loads where it is used, not here
if TYPE_CHECKING:
    from typing import Any, TypeVar

    from pytest_errlearn.matching.matcher import Matcher
    from pytest_errlearn.report import Report

    T = TypeVar("T")

BACKOFF_CAP = 30.0  # seconds: the longest wait between two attempts


class Options:
    """The options ``run`` reads, at their defaults (the parser takes them from here).

    A plain ``errlearn run -- CMD`` gets these and builds no parser: argparse,
    its help formatter and gettext are a large part of a clean run's start-up.
    """

    json: str | None = None
    quiet: bool = False
    color: str = "auto"
    patterns: str | None = None
    retries: int = 0
    retry_delay: float = 1.0
    github: bool = False
    format: str | None = None
    output: str | None = None
    no_hints: bool = False

    def __init__(self, cmd: list[str]) -> None:
        self.cmd = cmd  # as argparse leaves it: "--" first

    @classmethod
    def defaults(cls) -> dict[str, object]:
        return {name: getattr(cls, name) for name in cls.__annotations__}


def add_parser(sub: Any) -> None:
    """``errlearn run``'s options for the parser (``run_options``): only loaded where
    one is built, which a plain ``errlearn run -- CMD`` never does."""
    from .run_options import add_parser as add

    add(sub)


def run(args: Options, *, sleep: Callable[[float], None] = time.sleep) -> int:
    argv = _command(args.cmd)
    if args.output and not args.format:
        raise UsageError("--output needs --format")
    for option, path in (("--json", args.json), ("--output", args.output)):
        folder = os.path.dirname(os.path.abspath(path)) if path else ""
        if path and not os.path.isdir(folder):
            raise UsageError(f"{option} {path}: no directory {folder}")
    if not args.no_hints:
        _safely(partial(_hints, argv), None)
    matching = _Matching(args.patterns)
    try:
        return _attempts(args, argv, matching, sleep)
    finally:
        matching.close()


def _attempts(
    args: Options, argv: list[str], matching: _Matching, sleep: Callable[[float], None]
) -> int:
    """Run the command, again while ``--retries`` allows and the failure is a known flake."""
    retry = 0
    while True:
        analysis = Analysis(argv)
        server = _safely(history_server, None)
        if server is not None:  # logged into while the command runs
            analysis.start()  # the analyser forked first: see ``Analysis.start``
            _safely(partial(_connect_early, *server), None)
        handoff = Handoff(args.patterns)
        try:
            status = run_command(argv, analysis.feed, quiet=args.quiet, env=handoff.environ())
        except StartError as exc:  # as a shell says it: "errlearn: foo: command not found"
            handoff.close()
            say(str(exc))
            return _finish(args, _report(analysis, exc.status), matching, started=False)
        except BaseException:  # interrupted: the analyser goes with errlearn
            handoff.close()
            analysis.close()
            raise
        handed = handoff.take(status)  # pytest's errors, when its plugin ran and recorded them
        if status == 0 and analysis.silent and not (args.json or args.output):
            if has_history() and handed is None:  # a pass settles the fixes shown before
                _safely(partial(_remember, _report(analysis, status)), None)
            analysis.close()  # an analyser started early has nothing to read
            return 0  # no output, nothing to analyse: the clean path loads nothing more
        report = _report(analysis, status)
        if handed is not None:
            from pytest_errlearn.detect.rootcause import primary_index

            report.errors, report.primary_index = handed, primary_index(handed)
            matching.matched = report  # matched by the plugin, with the same patterns
        if status == 0 or args.retries == 0:
            break
        if retry == args.retries:
            say(f"still failing after {retry} retr{'y' if retry == 1 else 'ies'}")
            break
        reason = _safely(partial(matching.retry_reason, report), None)
        if reason is None:
            say(f"not retrying: {_unknown(report)}; a new failure needs a human")
            break
        retry += 1
        delay = min(BACKOFF_CAP, args.retry_delay * 2 ** (retry - 1))
        say(f"status {status}, and {reason}: retry {retry} of {args.retries} in {delay:g}s")
        sleep(delay)
    return _finish(
        args, report, matching, templates=analysis.templates, recorded=handed is not None
    )


def _finish(
    args: Options,
    report: Report,
    matching: _Matching,
    *,
    started: bool = True,
    templates: Callable[[], frozenset[int]] = frozenset,
    recorded: bool = False,
) -> int:
    """What follows the command; its status, whatever happens here. ``templates``:
    those of the output's last lines, asked for only when the command passed;
    ``recorded``: the pytest plugin recorded the run already."""
    status = report.exit_code or 0
    after = partial(
        _after,
        args,
        report,
        status,
        matching,
        started=started,
        templates=templates,
        recorded=recorded,
    )
    _safely(after, None)
    return status


def _after(
    args: Options,
    report: Report,
    status: int,
    matching: _Matching,
    *,
    started: bool,
    templates: Callable[[], frozenset[int]],
    recorded: bool = False,
) -> None:
    """History, summary, annotations, reports."""
    if report.errors and (status != 0 or args.json or args.output):
        matching.match(report)
    if started and not recorded:  # before the summary: it adds repeats and fix success rates
        _remember(report, templates() if status == 0 and has_history() else frozenset())
    if status != 0 and started:
        _summary(report, status, args.color)
        if args.format is None and (args.github or os.environ.get("GITHUB_ACTIONS") == "true"):
            from pytest_errlearn.output.annotations import github_annotations

            fresh_line(sys.stdout)
            workspace = os.environ.get("GITHUB_WORKSPACE")
            for line in github_annotations(report, workspace=workspace):
                print(line, flush=True)
    elif status == 0 and report.errors and not args.quiet:
        n = len(report.errors)
        head = report.ordered()[0]
        where = f"{head.location}: " if head.location else ""
        say(
            f"the command succeeded but printed {n} error{'s' if n != 1 else ''}, "
            f"first {where}{head.message}"
        )
    if args.format and (status != 0 or args.output):
        _ci_report(report, args.format, args.output)
    if args.json:
        _write(args.json, report.to_json())


def _report(analysis: Analysis, status: int) -> Report:
    """The analysis's report (its warning, when it stopped); the analyser ended."""
    try:
        report = analysis.report(status)
    finally:
        analysis.close()
    if analysis.broken is not None:
        say(f"warning: the analysis of the output stopped: {analysis.broken}")
    return report


def _connect_early(root: str, url: str) -> None:
    """Import psycopg and log into the history server while the command runs, so that
    recording it afterwards pays only the round-trips (``history.remote.prefetch``)."""
    from pytest_errlearn.history.remote import prefetch

    prefetch(root, url)


def _hints(argv: list[str]) -> None:
    """How this command failed before, printed before it starts (only where there is history)."""
    if not has_history():
        return  # the usual case
    from .hints import known_issues

    if text := known_issues(argv):
        print(text, file=sys.stderr, flush=True)


def _remember(report: Report, templates: frozenset[int] = frozenset()) -> None:
    """This run in the project's history (a clean pass only where there is one),
    with the templates of a pass's last lines (its command's baseline)."""
    if report.exit_code == 0 and not report.errors and not has_history():
        return
    from pytest_errlearn.history import remember

    remember(
        report,
        source="run",
        command=report.command or "",
        exit_code=report.exit_code or 0,
        warn=lambda m: say(f"warning: {m}"),
        templates=templates,
    )


def _ci_report(report: Report, fmt: str, output: str | None) -> None:
    """The report as a CI format, to ``output`` or stdout (and the job summary)."""
    from pytest_errlearn.output.ciformats import render, write_markdown_summary

    text = render(report, fmt)
    if output is None:
        fresh_line(sys.stdout)
        print(text, flush=True)
    else:
        _write(output, text)
    if fmt in ("github", "markdown"):
        write_markdown_summary(report)


def _write(path: str, text: str) -> None:
    try:
        with open(path, "w", encoding="utf-8") as f:
            f.write(text + "\n")
    except OSError as exc:
        say(f"warning: cannot write {path}: {exc.strerror or exc}")


def _summary(report: Report, status: int, color: str) -> None:
    if not report.errors:
        say(f"the command {ended(status)}; no error lines in its output")
        return
    from pytest_errlearn.output.render import print_report, use_color

    fresh_line(sys.stderr)
    sys.stderr.flush()
    print_report(report, sys.stderr, color=use_color(sys.stderr, color))


class _Matching:
    """The project's patterns, read once and only when an error needs them.

    A patterns file or setting that cannot be used is one warning; the run
    goes on without matching.
    """

    def __init__(self, patterns: str | None) -> None:
        self.patterns = patterns
        self.loaded = False
        self.matcher: Matcher | None = None
        self.matched: Report | None = None  # the report matched last

    def get(self) -> Matcher | None:
        if not self.loaded:
            self.loaded = True
            from pytest_errlearn.config import ConfigError, load_settings
            from pytest_errlearn.matching.matcher import load_matcher

            try:
                self.matcher = load_matcher(load_settings(patterns=self.patterns))
            except ConfigError as exc:
                say(f"warning: {exc}; matching is off for this run")
        return self.matcher

    def close(self) -> None:
        """Stop the matcher's regex worker, if it started one."""
        if self.matcher is not None:
            self.matcher.close()

    def match(self, report: Report) -> None:
        if report is self.matched:
            return
        self.matched = report
        if (matcher := self.get()) is not None:
            matcher.match_report(report)

    def retry_reason(self, report: Report) -> str | None:
        """Why a failure may be rerun: every root error is a known transient one."""
        roots = [e for e in report.errors if not e.consequence]
        if not roots:
            return None
        self.match(report)
        matcher = self.get()
        ids = []
        for err in roots:
            pattern = matcher.get(err.match.pattern) if matcher and err.match else None
            if pattern is None or not pattern.retry:
                return None
            ids.append(pattern.id)
        known = ", ".join(dict.fromkeys(ids))
        return f"every error is a known transient failure ({known})"


def _unknown(report: Report) -> str:
    """Why a failure is not rerun, for the user."""
    roots = [e for e in report.errors if not e.consequence]
    if not roots:
        return "no error lines in its output"
    for err in roots:
        if err.match is None:
            return f"no known fix for: {err.message}"
    return "a known fix for its errors, but not a transient one (retry = true)"


def _command(cmd: list[str]) -> list[str]:
    if not cmd or cmd[0] != "--":
        raise UsageError("put the command after --: errlearn run [options] -- CMD [ARGS...]")
    if len(cmd) == 1:
        raise UsageError("no command after --: errlearn run [options] -- CMD [ARGS...]")
    return cmd[1:]


def _safely(action: Callable[[], T], fallback: T) -> T:
    """``action()``; an errlearn bug after the command is a warning, never a new exit status."""
    try:
        return action()
    except Exception as exc:
        say(f"warning: errlearn failed after the command: {type(exc).__name__}: {exc}")
        return fallback
