"""``errlearn scan [--json] [--command CMD] [--patterns FILE] [--baseline LOG] [FILE|-]``."""

from __future__ import annotations

import argparse
import sys
from functools import cache, partial
from typing import Any

from pytest_errlearn import CI_FORMATS as FORMATS

from ..cli import UsageError

TYPE_CHECKING = False  # mypy reads it as True: typing loads where it is used, not here

if TYPE_CHECKING:
    from pytest_errlearn.config import Settings
    from pytest_errlearn.detect.baseline import Baseline
    from pytest_errlearn.matching.matcher import Matcher

READ_SIZE = 1 << 22


def add_parser(sub: Any) -> None:
    p = sub.add_parser(
        "scan",
        help="detect (and match) the errors in a saved log or stdin",
        description="Detect the errors in a saved log (or stdin) and show the known fixes.",
    )
    p.add_argument("file", nargs="?", default="-", help="the log to scan; - or nothing: stdin")
    p.add_argument("--json", action="store_true", help="print the JSON report (--format json)")
    p.add_argument(
        "--format",
        choices=("text", *FORMATS),
        default=None,
        help="the output: text (default), json, or a CI report: github annotations, sarif, "
        "gitlab code quality, junit XML, markdown (also appended to $GITHUB_STEP_SUMMARY)",
    )
    p.add_argument("--command", help="the command that produced the log (a hint to the tool)")
    p.add_argument("--patterns", metavar="FILE", help="the patterns.toml to match against")
    p.add_argument(
        "--baseline",
        metavar="LOG",
        help="the log of a passing run of the same command: lines it has too are no errors",
    )
    p.add_argument(
        "--color", choices=("auto", "always", "never"), default="auto", help="colour the output"
    )
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from pytest_errlearn.config import load_settings
    from pytest_errlearn.detect import tool_from_command
    from pytest_errlearn.detect.engine import Detector
    from pytest_errlearn.detect.parallel import scan_file

    settings = load_settings(patterns=args.patterns)
    matcher = cache(partial(_load_matcher, settings))
    tool = tool_from_command(args.command)
    known = _baseline(args.baseline) if args.baseline else None
    try:
        if args.file == "-":
            matcher()  # bad patterns fail before the log is read
            if sys.stdin is None:  # errlearn started with its standard input closed
                raise UsageError("cannot read -: standard input is closed")
            # One pass in this process: a stream's pieces read apart cost more
            # than they gained (benchmarks/bench_processes.py).
            detector = Detector(tool, command=args.command, known=known)
            stream = sys.stdin.buffer
            while chunk := stream.read(READ_SIZE):
                detector.feed(chunk)
            report = detector.close()
        else:  # a big file is scanned in pieces, on the CPUs free, as the patterns load
            report = scan_file(
                args.file, tool, command=args.command, meanwhile=matcher, known=known
            )
    except OSError as exc:
        raise UsageError(f"cannot read {args.file}: {exc.strerror or exc}") from None
    matcher().match_report(report)
    fmt = args.format or ("json" if args.json else "text")
    if fmt == "text":
        from pytest_errlearn.output.render import print_report, use_color

        print_report(report, sys.stdout, color=use_color(sys.stdout, args.color))
    else:
        from pytest_errlearn.output.ciformats import render, write_markdown_summary

        print(render(report, fmt, root=settings.root))
        if fmt in ("github", "markdown"):
            write_markdown_summary(report, root=settings.root)
    return 0


def _baseline(path: str) -> Baseline:
    """The baseline of a passing run's log (``--baseline``)."""
    from pytest_errlearn.detect.baseline import Baseline

    try:
        with open(path, "rb") as f:
            return Baseline.of(f.read())
    except OSError as exc:
        raise UsageError(f"cannot read the baseline {path}: {exc.strerror or exc}") from None


def _load_matcher(settings: Settings) -> Matcher:
    """The patterns, the matcher's modules imported only now: for a big log,
    in this process's turn while the others start on the pieces."""
    from pytest_errlearn.matching.matcher import load_matcher

    return load_matcher(settings, strict=True)  # a broken patterns file is bad input: 2
