"""The team loop on a real suite: learned fixes show under exactly their failures.

Builds a small project (a git repository) whose pytest suite fails in eight
ways: two different string comparisons, a containment assertion, an
``is not None`` assertion, a ``KeyError``, an ``AttributeError``, a
``ZeroDivisionError``, and a collection error (a test module that does not
import); and passes elsewhere. Then, as a team would:

1. ``pytest -p errlearn`` runs the suite (recorded in the history);
2. ``errlearn learn --json`` lists the failures no pattern knows (five: the
   built-in library knows the ``KeyError``, the ``AttributeError`` and the
   missing module); a fix is learned for each (``errlearn learn SIG --fix
   ...``), naming its failure's test;
3. the suite runs again, and its JSON report says which fix each failure got.

Each learned fix must show under the failure it was learned from and no
other (a fix learned from one string comparison must not claim the other),
and the failures the library knows keep its fixes.
Prints one line per failure, and exits 1 when a fix is missing or misplaced.

    python benchmarks/team_loop.py [--keep DIR]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import textwrap
from collections.abc import Sequence
from pathlib import Path

SUITE = """
import pytest

def short_help(text):
    return text  # the bug: no "..." added

def test_help_ends_with_three_dots():
    assert short_help("Show the version") == "Show the version..."

def test_name_is_lowercased():
    assert "Click".lower() == "click!"

def test_deprecated_marker_is_shown():
    assert "(DEPRECATED" in ""

def test_default_is_set():
    default = None
    assert default is not None

def test_home_is_read():
    env = {}
    assert env["HOME"]

def test_attribute_spelling():
    class Options:
        name = "x"
    assert Options().nmae

def test_ratio():
    assert 1 / 0

@pytest.mark.parametrize("n", range(20))
def test_passes(n):
    assert n >= 0
"""

BROKEN_MODULE = "import not_a_module_anywhere\n\ndef test_never_runs():\n    pass\n"

# The fix the team writes for each failure no pattern knows, by test.
LEARNED = {
    "tests/test_suite.py::test_help_ends_with_three_dots": "short help must end with three dots",
    "tests/test_suite.py::test_name_is_lowercased": "lowercase names keep no punctuation",
    "tests/test_suite.py::test_deprecated_marker_is_shown": "mark deprecated options in the help",
    "tests/test_suite.py::test_default_is_set": "give the option a default in its decorator",
    "tests/test_suite.py::test_ratio": "guard the division against a zero count",
}
# The failures the built-in library knows: they keep its fix.
BUILT_IN = (
    "tests/test_suite.py::test_home_is_read",
    "tests/test_suite.py::test_attribute_spelling",
    "tests/test_broken.py",
)


def run(argv: Sequence[str], cwd: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(list(argv), cwd=cwd, env=env, capture_output=True, text=True)


def errlearn(*args: str) -> list[str]:
    """The errlearn command beside this interpreter."""
    script = Path(sys.executable).with_name("errlearn")
    if script.exists():
        return [str(script), *args]
    return [
        sys.executable,
        "-c",
        "import sys; from errlearn_wrapper.cli import main; sys.exit(main())",
        *args,
    ]


def build(root: Path, env: dict[str, str]) -> None:
    (root / "tests").mkdir(parents=True)
    (root / "pyproject.toml").write_text('[project]\nname = "demo"\nversion = "0"\n')
    (root / "tests" / "test_suite.py").write_text(textwrap.dedent(SUITE))
    (root / "tests" / "test_broken.py").write_text(BROKEN_MODULE)
    for argv in (
        ["git", "init", "-q"],
        ["git", "add", "."],
        ["git", "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "suite"],
    ):
        run(argv, root, env)


def suite(root: Path, env: dict[str, str]) -> list[dict[str, object]]:
    """One run of the suite under the plugin: its errors, from the JSON report."""
    report = root / "report.json"
    run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-p",
            "errlearn",
            "-q",
            "--continue-on-collection-errors",
            "--errlearn-json",
            str(report),
        ],
        root,
        env,
    )
    return json.loads(report.read_text())["errors"]  # type: ignore[no-any-return]


def where(err: dict[str, object]) -> str:
    return str(err.get("test") or err.get("file") or "?")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--keep", metavar="DIR", help="build the project in DIR and keep it")
    args = parser.parse_args(argv)
    keep = Path(args.keep) if args.keep else None
    if keep is not None and keep.exists() and (not keep.is_dir() or any(keep.iterdir())):
        parser.error(f"--keep {keep}: not an empty folder (nothing there is deleted)")
    env = {**os.environ, "PYTEST_ADDOPTS": "", "GIT_CONFIG_NOSYSTEM": "1"}
    env.pop("ERRLEARN_RUN", None)
    with tempfile.TemporaryDirectory(prefix="errlearn-team-") as tmp:
        root = Path(args.keep) if args.keep else Path(tmp) / "project"
        build(root, env)
        first = suite(root, env)
        listed = json.loads(run(errlearn("learn", "--json", "--limit", "50"), root, env).stdout)
        learned = 0
        for candidate in listed["candidates"]:
            subjects = [str(s) for s in candidate["subjects"]]
            fix = next((LEARNED[s] for s in subjects if s in LEARNED), None)
            if fix is not None:
                done = run(errlearn("learn", candidate["signature"], "--fix", fix), root, env)
                if done.returncode != 0:
                    print(f"team_loop: learn failed: {done.stderr.strip()}", file=sys.stderr)
                    return 1
                learned += 1
        second = suite(root, env)
    print(f"{learned} fixes learned of {len(LEARNED)} failures no pattern knew")
    return verdict(first, second) or int(learned != len(LEARNED))


def verdict(first: list[dict[str, object]], second: list[dict[str, object]]) -> int:
    """Print each failure's fix; 0 when every learned fix is where it was learned."""
    learned_fixes = set(LEARNED.values())
    wrong = 0
    print(f"{len(first)} failures in the first run, {len(second)} in the second:")
    for err in second:
        match = err.get("match") or {}
        fix = match.get("fix") if isinstance(match, dict) else None
        place = where(err)
        if place in LEARNED:
            ok = fix == LEARNED[place]
        else:  # the library's fix, never a fix learned from another failure
            ok = fix is not None and fix not in learned_fixes
        wrong += not ok
        shown = fix if fix else "(no fix)"
        print(f"  {'ok ' if ok else 'BAD'} {place}: {shown[:90]}")
    missing = {*LEARNED, *BUILT_IN} - {where(e) for e in second}
    for place in sorted(missing):
        print(f"  BAD {place}: not reported")
    wrong += len(missing)
    print(f"learned fixes under exactly their failures: {'yes' if not wrong else 'NO'}")
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
