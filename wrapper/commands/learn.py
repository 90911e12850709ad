"""``errlearn learn``: list the failures no pattern knows, and teach errlearn their fix.

``errlearn learn`` lists them (asks about each one on a terminal): those still
failing, that is, not passed (nor failed otherwise) since they were recorded;
``errlearn learn SIGNATURE --fix TEXT`` appends a ``[[pattern]]`` for one of
them to the project's patterns.toml.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from pytest_errlearn.config import load_settings
from pytest_errlearn.history import History
from pytest_errlearn.matching.learn import (
    LearnError,
    append_pattern,
    derive_id,
    new_pattern,
    pattern_ids,
    read_file,
)
from pytest_errlearn.matching.learn_scope import DRY_RUN, dry_run, plan
from pytest_errlearn.matching.patterns import display
from pytest_errlearn.report import CATEGORIES

from ..cli import UsageError
from .hints import ago

TYPE_CHECKING = False  # mypy reads it as True: typing loads where it is used, not here

if TYPE_CHECKING:
    from pytest_errlearn.config import Settings
    from pytest_errlearn.history import Candidate
    from pytest_errlearn.history.rows import Recorded
    from pytest_errlearn.matching.learn_scope import Plan

MIN_PREFIX = 6
LIMIT = 20


def add_parser(sub: Any) -> None:
    p = sub.add_parser(
        "learn",
        help="list failures without a known fix; add a pattern for one",
        description="Without SIGNATURE: list the recorded failures no pattern knows, most "
        "frequent first (on a terminal, ask for each one's fix). With SIGNATURE and --fix: "
        "append a pattern for that failure to the project's patterns.toml.",
    )
    p.add_argument(
        "signature",
        nargs="?",
        help="the failure's signature (or 6+ of its first hex digits), as listed",
    )
    p.add_argument("--fix", help="what fixes it; may use the trigger's {placeholders}")
    p.add_argument(
        "--id",
        dest="pattern_id",
        metavar="ID",
        help="the new pattern's id (default: made from the message)",
    )
    p.add_argument(
        "--category", choices=CATEGORIES, help="the pattern's category (default: the failure's)"
    )
    p.add_argument("--regex", help="a regular expression to match when the trigger does not")
    p.add_argument(
        "--tools",
        help='comma-separated tools the pattern is for (default: the failure\'s tool; "" for any)',
    )
    p.add_argument("--patterns", metavar="FILE", help="the patterns.toml to add to")
    mode = p.add_mutually_exclusive_group()
    mode.add_argument("--list", action="store_true", help="list, never ask")
    mode.add_argument("--json", action="store_true", help="list as JSON")
    mode.add_argument(
        "--interactive",
        action="store_true",
        help="ask for each failure's fix even when not on a terminal",
    )
    p.add_argument(
        "--limit",
        type=int,
        default=LIMIT,
        metavar="N",
        help=f"at most N failures (default {LIMIT})",
    )
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    if args.limit < 1:  # 0 would list nothing and -1 all but one: as ``hints`` says it
        raise UsageError("--limit must be at least 1")
    settings = load_settings(patterns=args.patterns)
    history = History.open(settings.root, create=False)
    if args.signature is not None:
        if history is None:
            raise UsageError(f"no history in {settings.root}: nothing recorded to learn from")
        with history:
            return _learn_signature(args, settings, history)
    candidates, total = ([], 0) if history is None else history.unknown(args.limit)
    ask = args.interactive or (
        not args.list and not args.json and sys.stdin.isatty() and sys.stdout.isatty()
    )
    try:
        failures = _failures(history) if candidates else []
        if args.json:
            listed = [_as_json(c, settings, failures) for c in candidates]
            print(json.dumps({"candidates": listed, "total": total}, indent=2, ensure_ascii=False))
        elif ask and history is not None:
            _ask(candidates, total, settings, history, failures)
        else:
            _print_list(candidates, total, settings, failures)
    finally:
        if history is not None:
            history.close()
    return 0


def _as_json(c: Candidate, settings: Settings, failures: list[Recorded]) -> dict[str, Any]:
    found = plan(c.message, c.normal)
    claims = _claims(c, found, None, settings, failures)
    return {
        **c._asdict(),
        "trigger": found.trigger,
        "match": found.regex,
        "threshold": found.threshold,
        "scoped": found.scoped,
        "also_matches": [
            {"signature": f.signature, "message": f.message, "in": f.subject} for f in claims
        ],
    }


def _claims(
    c: Candidate,
    found: Plan,
    tools: list[str] | None,
    settings: Settings,
    failures: list[Recorded],
) -> list[Recorded]:
    """The recorded failures of others a pattern learned as ``found`` would match."""
    tools = tools if tools is not None else [c.tool] if c.tool else None
    return dry_run(found, failures, own=c.signature, tools=tools, threshold=settings.threshold)


def _failures(history: History | None) -> list[Recorded]:
    return [] if history is None else history.failures(limit=DRY_RUN)


def _learn_signature(args: argparse.Namespace, settings: Settings, history: History) -> int:
    sig = args.signature.lower()
    if len(sig) < MIN_PREFIX:
        raise UsageError(f"a signature needs at least {MIN_PREFIX} hex digits, not {sig!r}")
    found = history.resolve(sig)
    if not found:
        raise UsageError(f"unknown signature {sig!r}: `errlearn learn --list` shows them")
    if len(found) > 1:
        raise UsageError(
            f"signature {sig!r} is ambiguous ({', '.join(found[:3])}, ...): give more digits"
        )
    if args.fix is None:
        raise UsageError('give the fix: errlearn learn SIGNATURE --fix "..."')
    candidate = history.candidate(found[0])
    if candidate is None:  # pruned between the two queries
        raise UsageError(f"unknown signature {sig!r}")
    tools = None if args.tools is None else [t.strip() for t in args.tools.split(",") if t.strip()]
    _learn(
        candidate,
        args.fix,
        settings,
        history,
        pattern_id=args.pattern_id,
        category=args.category,
        regex=args.regex,
        tools=tools,
    )
    return 0


def _learn(
    candidate: Candidate,
    fix: str,
    settings: Settings,
    history: History,
    *,
    pattern_id: str | None = None,
    category: str | None = None,
    regex: str | None = None,
    tools: list[str] | None = None,
) -> None:
    """Append the pattern for ``candidate`` and say what was written; first, what
    else in the history it would match (a dry run), as a warning."""
    path = settings.patterns or settings.root / "patterns.toml"
    found = plan(candidate.message, candidate.normal, regex)
    tools = tools if tools is not None else [candidate.tool] if candidate.tool else None
    try:
        _, data = read_file(path)
        taken = pattern_ids(data)
        before = history.learned(candidate.signature)
        if before in taken:
            raise LearnError(
                f"failure {candidate.signature} already has pattern '{before}' "
                f"in {display(path)}: edit it there"
            )
        table = new_pattern(
            trigger=found.trigger,
            fix=fix,
            pattern_id=pattern_id or derive_id(_id_text(candidate, found), candidate.tool, taken),
            taken=taken,
            category=category or (None if candidate.category == "unknown" else candidate.category),
            regex=found.regex,
            tools=tools,
            threshold=found.threshold,
        )
        _warn_claims(table["id"], _claims(candidate, found, tools, settings, _failures(history)))
        if found.scoped:
            _note_left_out(candidate, found, tools, settings, history)
        append_pattern(path, table, comment=_comment(candidate, found))
    except LearnError as exc:
        raise UsageError(str(exc)) from None
    history.mark_learned(candidate.signature, table["id"], table["fix"])
    print(f"added pattern '{table['id']}' to {display(path)}")
    print(f"  trigger: {table['trigger']}")
    if found.regex is not None:
        print(f"  match:   {found.regex}")
    print(f"  fix:     {table['fix']}")
    if found.scoped:
        print(f"  {SCOPED}")


SCOPED = (
    "scoped: only its match regex decides (threshold = 1.0); "
    "its wording alone would match other tests' failures"
)
SHOWN_CLAIMS = 5  # other failures named in a warning; the rest are counted


def _id_text(c: Candidate, found: Plan) -> str:
    """What a new pattern's id is made from: a scoped one's test name goes first
    (``pytest-test-ellipsis-assertionerror``), its message only says the shape."""
    if found.scoped and c.subjects:
        return f"{c.subjects[0].rpartition('::')[2]} {c.normal}"
    return c.normal


def _comment(c: Candidate, found: Plan) -> str:
    where = f" in {c.subjects[0]}" if c.subjects else ""
    lines = [f"learned from failure {c.signature}{where}"]
    if found.scoped:
        lines.append(
            "scoped: threshold = 1.0 leaves only the match regex; the wording alone "
            "would match other tests' failures"
        )
    return "\n".join(lines)


def _note_left_out(
    c: Candidate, found: Plan, tools: list[str] | None, settings: Settings, history: History
) -> None:
    """Say which failures of the same signature (other values) a scoped pattern leaves
    out: they stay unknown, and ``learn`` lists them no more."""
    alike = history.failures(c.signature, DRY_RUN)
    matched = {
        f.message for f in dry_run(found, alike, own="", tools=tools, threshold=settings.threshold)
    }
    left = [f for f in alike if f.message not in matched]
    if not left:
        return
    n = len(left)
    print(
        f"errlearn: note: {n} other failure{'s' if n != 1 else ''} recorded under this "
        "signature (other values) will not match:",
        file=sys.stderr,
    )
    for f in left[:SHOWN_CLAIMS]:
        print(f"  {f.message}  (in {f.subject})", file=sys.stderr)
    if n > SHOWN_CLAIMS:
        print(f"  and {n - SHOWN_CLAIMS} more", file=sys.stderr)


def _warn_claims(pattern_id: str, claims: list[Recorded]) -> None:
    """Say, before the pattern is written, which other recorded failures it would match."""
    if not claims:
        return
    n = len(claims)
    print(
        f"errlearn: warning: pattern '{pattern_id}' would also match {n} other recorded "
        f"failure{'s' if n != 1 else ''}:",
        file=sys.stderr,
    )
    for f in claims[:SHOWN_CLAIMS]:
        print(f"  {f.message}  (in {f.subject})", file=sys.stderr)
    if n > SHOWN_CLAIMS:
        print(f"  and {n - SHOWN_CLAIMS} more", file=sys.stderr)
    print("  narrow it with --regex, or edit it in the patterns file", file=sys.stderr)


def _describe(c: Candidate, settings: Settings, failures: list[Recorded]) -> list[str]:
    where = ", ".join(c.subjects[:3]) + (", ..." if len(c.subjects) > 3 else "")
    found = plan(c.message, c.normal)
    lines = [
        f"{c.signature}  {c.times}×, last {ago(c.last_seen)}  [{c.category}]"
        + (f" {c.tool}" if c.tool else ""),
        f"  {c.message}",
        f"  in: {where}",
        f"  trigger: {found.trigger}",
    ]
    if found.scoped:
        lines.append(f"  {SCOPED}")
    if claims := _claims(c, found, None, settings, failures):
        others = ", ".join(dict.fromkeys(f.subject for f in claims[:3]))
        lines.append(
            f"  would also match {len(claims)} other recorded failure"
            f"{'s' if len(claims) != 1 else ''} (in {others})"
        )
    return lines


def _how_many(shown: int, total: int) -> str:
    """``errlearn: 3 of 19 failures without a known fix, most frequent first``."""
    n = f"{shown} of {total}" if total > shown else f"{shown}"
    return (
        f"errlearn: {n} failure{'s' if total != 1 else ''} without a known fix, most frequent first"
    )


def _print_list(
    candidates: list[Candidate], total: int, settings: Settings, failures: list[Recorded]
) -> None:
    if not candidates:
        print("errlearn: no recorded failure is without a known fix")
        return
    print(_how_many(len(candidates), total) + "\n")
    for c in candidates:
        print("\n".join(_describe(c, settings, failures)), end="\n\n")
    print(f'teach one: errlearn learn {candidates[0].signature[:8]} --fix "..."')


def _ask(
    candidates: list[Candidate],
    total: int,
    settings: Settings,
    history: History,
    failures: list[Recorded],
) -> None:
    """One failure at a time: a fix to learn it, Enter or s to skip, q to quit."""
    if not candidates:
        print("errlearn: no recorded failure is without a known fix")
        return
    if total > len(candidates):
        print(_how_many(len(candidates), total) + "\n")
    for i, c in enumerate(candidates, 1):
        print(f"[{i}/{len(candidates)}] " + "\n".join(_describe(c, settings, failures)))
        while True:
            try:
                answer = input("fix (Enter or s: skip, q: quit): ").strip()
            except EOFError:
                print()
                return
            if answer.lower() == "q":
                if not sys.stdin.isatty():  # a terminal echoed the Enter; a pipe did not
                    print()
                return
            if answer.lower() in ("", "s"):
                break
            try:
                _learn(c, answer, settings, history)
                break
            except UsageError as exc:  # e.g. an unknown {placeholder}: ask again
                print(f"errlearn: {exc}")
        print()
