"""How well a team's own patterns claim their failures, beside the plain matching rule.

The set is ``tests/team_patterns.py``: a ``patterns.toml`` written as a team
writes one, and real outputs of go, javac/java, cmake, gcc, cargo, node
(mocha, jest) and pytest runs, each with the team pattern it must match, or
none (a near miss: the same failure about another name, where the team's fix
would be wrong). The built-in library is loaded too, as in a project.

The anchor is the design's matching rule as written: the first pattern (the
project's, then the library's) whose trigger's plain ``fuzz.ratio`` with the
error's message exceeds 0.6, else the first ``match`` regex found in its block.

    python benchmarks/team_matching.py [--misses]
"""

from __future__ import annotations

import argparse
import re
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from team_patterns import CASES, TEAM, Score, evaluate, team_ids

from pytest_errlearn.config import Settings
from pytest_errlearn.matching.matcher import Matcher, load_matcher
from pytest_errlearn.report import Error


def errlearn(m: Matcher, errors: list[Error]) -> list[str | None]:
    m.match_all(errors)
    return [e.match.pattern if e.match else None for e in errors]


def seed_rule(m: Matcher, errors: list[Error]) -> list[str | None]:
    """The design's loop: first trigger with plain ``fuzz.ratio`` above 0.6, else first regex."""
    from rapidfuzz import fuzz

    out: list[str | None] = []
    for err in errors:
        found = next((p.id for p in m.patterns if fuzz.ratio(err.message, p.trigger) > 60), None)
        if found is None:
            block = "\n".join(err.block) or err.message
            found = next((p.id for p in m.patterns if p.match and re.search(p.match, block)), None)
        out.append(found)
    return out


def line(name: str, score: Score, misses: bool) -> str:
    text = (
        f"{name}: {score.right}/{score.total} = {score.rate:.3f} right, "
        f"{score.false_matches} false matches"
    )
    return text + "".join(f"\n    wrong: {case}" for case in score.wrong) if misses else text


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--misses", action="store_true", help="name the cases each got wrong")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "patterns.toml"
        path.write_text(TEAM, encoding="utf-8")
        m = load_matcher(Settings(root=Path(tmp), patterns=path))
    near = sum(case.expected is None for case in CASES)
    print(
        f"{len(CASES)} expectations ({near} near misses), {len(team_ids())} team patterns, "
        f"{len(m.patterns) - len(team_ids())} built-in"
    )
    print(line("errlearn", evaluate(lambda errors: errlearn(m, errors)), args.misses))
    print(
        line(
            "anchor, the seed's rule (plain fuzz.ratio > 0.6, first in order)",
            evaluate(lambda errors: seed_rule(m, errors)),
            args.misses,
        )
    )
    print("goal: >= 0.95 right, 0 false matches")
    return 0


if __name__ == "__main__":
    sys.exit(main())
