"""Matching 1,000 detected errors against 10,000 patterns, beside rapidfuzz's cdist.

The goal: errlearn's whole match (grouping, scoring, placeholders, fixes) within
1.5x of ``rapidfuzz.process.cdist(queries, choices, scorer=fuzz.ratio)`` on the
same canonical strings, measured in the same run, and under 0.5 s.

Patterns are made from real messages (the issues the shared corpora's parser
tests expect, and errors detected in their logs): quoted values become
placeholders, and a pattern with a tool code is written the way the tool
prints it. The errors are errors detected in the corpora's real logs.

    python benchmarks/bench_matcher.py [--patterns 10000] [--errors 1000]
"""

from __future__ import annotations

import argparse
import json
import random
import re
import sys
import time

from common import CORPORA, positive

from pytest_errlearn.detect import detect
from pytest_errlearn.matching.canonical import canonical
from pytest_errlearn.matching.matcher import Matcher
from pytest_errlearn.matching.patterns import Pattern
from pytest_errlearn.report import Error

QUOTED = re.compile(r"'[^']*'|\"[^\"]*\"|`[^`]*`")


def real_messages() -> list[str]:
    """Issue messages the corpora's parser tests expect, in a stable order."""
    out: list[str] = []
    for line in (CORPORA / "analysis-model" / "expected.jsonl").read_text().splitlines():
        out += [i["message"] for i in json.loads(line)["issues"] if i.get("message")]
    for path in sorted((CORPORA / "errorformat" / "fmts_testdata").glob("*.expected.jsonl")):
        out += [json.loads(line).get("text") or "" for line in path.read_text().splitlines()]
    return [m.split("\n")[0][:200] for m in out if len(m) > 8]


def real_errors(limit: int) -> list[Error]:
    """Errors detected in the corpora's logs, in a stable order."""
    errors: list[Error] = []
    for folder in (
        "logchunks/logs",
        "cidiff",
        "analysis-model/resources",
        "errorformat/fmts_testdata",
    ):
        for path in sorted((CORPORA / folder).rglob("*")):
            if path.is_file() and path.suffix in (".log", ".txt", ".in"):
                errors += detect(path.read_bytes()).errors
    random.Random(7).shuffle(errors)
    return (errors * (limit // max(len(errors), 1) + 1))[:limit]


def make_patterns(count: int, messages: list[str], errors: list[Error]) -> list[Pattern]:
    """``count`` patterns from real messages; variants fill up when they run out."""
    rng = random.Random(11)
    seeds = [(m, None) for m in messages] + [(e.message, e.code) for e in errors]
    patterns: list[Pattern] = []
    while len(patterns) < count:
        message, code = seeds[len(patterns) % len(seeds)]
        n = 0

        def slot(_: re.Match[str]) -> str:
            nonlocal n
            n += 1
            return f"{{v{n}}}"

        trigger = QUOTED.sub(slot, message)
        if len(patterns) >= len(seeds):  # a variant: another word, as a team would write it
            words = trigger.split()
            words.insert(rng.randrange(len(words) + 1), rng.choice(("build", "test", "ci")))
            trigger = " ".join(words)
        if code:
            trigger = f"error[{code}]: {trigger}" if code.startswith("E") else trigger
        names = " ".join(f"{{v{i}}}" for i in range(1, n + 1))
        patterns.append(
            Pattern(
                id=f"p{len(patterns)}",
                trigger=trigger,
                fix=f"fix {names}".strip(),
                match=r"fatal: (?P<what>\w+) broke" if len(patterns) % 50 == 0 else None,
                source=f"bench.toml:{len(patterns)}",
            )
        )
    return patterns


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--patterns", type=positive, default=10_000)
    parser.add_argument("--errors", type=positive, default=1_000)
    args = parser.parse_args()
    if not CORPORA.is_dir():
        print(f"the shared corpora are not at {CORPORA}", file=sys.stderr)
        return 2
    errors = real_errors(args.errors)
    patterns = make_patterns(args.patterns, real_messages(), errors)

    try:  # imported before the clock starts: a process pays for imports once
        import numpy
        from rapidfuzz import fuzz, process
    except ImportError:
        numpy = None
    started = time.perf_counter()
    matcher = Matcher(patterns)
    load = time.perf_counter() - started
    started = time.perf_counter()
    matcher.match_all(errors)
    elapsed = time.perf_counter() - started
    matched = sum(1 for e in errors if e.match)
    print(
        f"patterns: {len(patterns)}, errors: {len(errors)} "
        f"({len({e.message for e in errors})} distinct), matched: {matched}"
    )
    print(f"errlearn load (compile {len(patterns)} patterns): {load:.3f} s")
    print(f"errlearn match_all: {elapsed:.3f} s (goal: under 0.5 s)")

    if numpy is None:
        print("anchor skipped: rapidfuzz.process.cdist needs numpy, which is not installed")
        return 0
    queries = [canonical(e.message)[0] for e in errors]
    choices = [canonical(p.trigger)[0] for p in patterns]
    started = time.perf_counter()
    process.cdist(queries, choices, scorer=fuzz.ratio)
    anchor = time.perf_counter() - started
    ratio = elapsed / anchor
    print(f"anchor cdist({len(queries)} x {len(choices)}, fuzz.ratio): {anchor:.3f} s")
    print(f"errlearn / cdist: {ratio:.2f}x (goal: within 1.5x)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
