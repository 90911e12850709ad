"""``errlearn enrich PATH``: score and enrich an agent loop's error-summary.json.

Always status 0: the loop that calls it must go on whatever happens here, so
a fault is one note on stderr and the file is left exactly as it was.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from pytest_errlearn.output.enrich import ENHANCE_BELOW, EnrichError, enrich_file


def add_parser(sub: Any) -> None:
    p = sub.add_parser(
        "enrich",
        help="score an agent loop's error-summary.json and enrich its vague lines",
        description="Score each of error_lines 0-100 for actionability; when the summary "
        "scores under 70, prefix weak lines with their category and add the files changed "
        "last. The file is rewritten atomically, or left alone on any fault (status 0).",
    )
    p.add_argument("path", help="the error-summary.json to enrich in place")
    p.add_argument("--quiet", "-q", action="store_true", help="print nothing on success")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    path = Path(args.path)
    try:
        result = enrich_file(path)
    except EnrichError as exc:
        print(f"errlearn: enrich: {exc}; left unchanged", file=sys.stderr)
        return 0
    except Exception as exc:  # the loop goes on with the file it had, whatever went wrong
        print(f"errlearn: enrich: {type(exc).__name__}: {exc}; left unchanged", file=sys.stderr)
        return 0
    if not args.quiet:
        score = result["actionability_score"]
        done = "enriched" if score < ENHANCE_BELOW else "scored"
        print(f"errlearn: {done} {path}: actionability {score}/100", file=sys.stderr)
    return 0
