"""``errlearn run``'s options, as the parser reads them (``run.Options`` holds their
defaults, for the plain ``errlearn run -- CMD`` that builds no parser)."""

from __future__ import annotations

import argparse

from pytest_errlearn import CI_FORMATS as FORMATS

from .run import BACKOFF_CAP, Options, run

TYPE_CHECKING = False  # mypy reads it as True: typing loads where it is used, not here
if TYPE_CHECKING:
    from typing import Any


def add_parser(sub: Any) -> None:
    p = sub.add_parser(
        "run",
        help="run a build or test command, then say what failed and the known fixes",
        description="Run CMD with its output passed through live, then print what failed, "
        "where, and the known fixes. The exit status is CMD's own.",
    )
    p.add_argument("--json", metavar="PATH", help="write the JSON report to PATH")
    p.add_argument(
        "-q",
        "--quiet",
        action="store_true",
        help="hide the command's output; print only the summary when it fails",
    )
    p.add_argument(
        "--color",
        choices=("auto", "always", "never"),
        help="colour the summary (auto: on a terminal, unless NO_COLOR is set)",
    )
    p.add_argument("--patterns", metavar="FILE", help="the patterns.toml to match against")
    p.add_argument(
        "--retries",
        type=_count,
        metavar="N",
        help="rerun a failure at most N times when every error it printed is a "
        "known transient one (a pattern with retry = true)",
    )
    p.add_argument(
        "--retry-delay",
        type=_seconds,
        metavar="SECONDS",
        help="the wait before the first rerun, doubled for each next one "
        f"(at most {BACKOFF_CAP:g} s; default 1)",
    )
    p.add_argument(
        "--github",
        action="store_true",
        help="print GitHub Actions annotations for the root causes "
        "(on by default when GITHUB_ACTIONS=true)",
    )
    p.add_argument(
        "--format",
        choices=FORMATS,
        metavar="FORMAT",
        help="also print the report as FORMAT when the command fails: "
        f"{', '.join(FORMATS)} (github and markdown also go to $GITHUB_STEP_SUMMARY)",
    )
    p.add_argument(
        "-o",
        "--output",
        metavar="PATH",
        help="write the --format report to PATH instead, whatever the outcome",
    )
    p.add_argument(
        "--no-hints", action="store_true", help="do not print how CMD failed before it starts"
    )
    p.add_argument(
        "cmd",
        nargs=argparse.REMAINDER,
        metavar="-- CMD [ARGS...]",
        help="the command to run, after --",
    )
    p.set_defaults(func=run, **Options.defaults())


def _count(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        value = -1
    if value < 0:
        raise argparse.ArgumentTypeError(f"expected a whole number >= 0, not {text!r}")
    return value


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not 0 <= value <= BACKOFF_CAP:
        raise argparse.ArgumentTypeError(
            f"expected seconds between 0 and {BACKOFF_CAP:g}, not {text!r}"
        )
    return value
