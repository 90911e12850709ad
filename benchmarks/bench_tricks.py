"""Each speed trick that leans on a private or platform API, on and off, in one run.

errlearn takes a few shortcuts past public APIs (``benchmarks/README.md``,
"Tricks, and how to switch each off"). This prints, for each, the time with
the trick beside the time with it switched off the way the README says, both
in fresh interpreters, interleaved, the median CPU time of ``--repeat``:

- imports: ``_sqlite3`` / ``_sha1`` / ``_blake2`` beside the public modules
  that load them (``sqlite3``, ``hashlib``), and ``posix_spawn`` (``os``,
  loaded anyway) beside ``import subprocess``;
- ``errlearn scan --format json`` of a log built from the LogChunks corpus:
  as shipped, then with RE2's own match call hidden (stage 1 falls back to
  the binding's public ``search``), and with the interpreter's teardown run
  at exit.

    python benchmarks/bench_tricks.py [--size-mb 20] [--repeat 5]

A trick that gains nothing here is a candidate for removal. Exits 1 only
when errlearn fails.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from common import build_log, bytecode_env, logchunks_logs, megabytes, positive

IMPORTS = [
    ("history/db.py: `_sqlite3`", "import _sqlite3", "import sqlite3"),
    ("detect/signature.py: `_sha1`", "from _sha1 import sha1", "from hashlib import sha1"),
    ("history/tree.py: `_blake2`", "from _blake2 import blake2b", "from hashlib import blake2b"),
    ("wrapper/process.py, history/tree.py: `posix_spawn`", "import os", "import subprocess"),
]

# Each switch is Python run before errlearn's entry point, in its own process.
SCAN_SWITCHES = [
    (
        "detect/prefilter.py: RE2's `_regexp.Match`",
        # errlearn sees a binding without ``_Anchor``; RE2's own code keeps it
        "import re2, types\n"
        "proxy = types.ModuleType('re2')\n"
        "proxy.__dict__.update((k, v) for k, v in vars(re2).items() if k != '_Anchor')\n"
        "sys.modules['re2'] = proxy",
    ),
    (
        "wrapper/cli.py: `os._exit` after flushing (`_End`)",
        "import errlearn_wrapper.cli as c\n"
        "c._End.__call__ = lambda self: [s.flush() for s in (sys.stdout, sys.stderr)]",
    ),
]


def _time(code: str, env: dict[str, str]) -> float:
    """The CPU seconds (user and system) ``code`` took in a fresh interpreter: on a
    machine other work shares, steadier than the wall clock."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run([sys.executable, "-c", code], env=env, check=True, stdout=subprocess.DEVNULL)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def _pair(on: str, off: str, env: dict[str, str], repeat: int) -> tuple[float, float]:
    """Median seconds of ``on`` and of ``off``, run alternately (one warm-up each)."""
    _time(on, env)
    _time(off, env)
    ons, offs = [], []
    for _ in range(repeat):
        ons.append(_time(on, env))
        offs.append(_time(off, env))
    return statistics.median(ons), statistics.median(offs)


def _entry(argv: list[str], switch: str = "") -> str:
    """Python that runs ``errlearn ARGV`` through its entry point, ``switch`` first."""
    return (
        "import sys\n"
        f"{switch}\n"
        "from errlearn_wrapper.cli import entry\n"
        f"sys.argv = {['errlearn', *argv]!r}\n"
        "entry()\n"
    )


def _scan(log: Path, switch: str = "") -> str:
    return _entry(["scan", "--format", "json", str(log)], switch)


def _row(name: str, on: float, off: float) -> None:
    gain = off - on
    print(f"{name:<54} {on * 1000:9.1f} {off * 1000:9.1f} {gain * 1000:+9.1f} ms CPU")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--size-mb", type=megabytes, default=20.0, help="the scanned log's size")
    parser.add_argument("--repeat", type=positive, default=5, help="timed runs of each")
    args = parser.parse_args()
    try:
        _measure(args)
    except subprocess.CalledProcessError as exc:
        print(f"errlearn failed: {exc}", file=sys.stderr)
        return 1
    return 0


def _measure(args: argparse.Namespace) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        env = bytecode_env(Path(tmp) / "pycache")
        project = Path(tmp) / "project"  # errlearn run's history: a fresh one, not the checkout's
        project.mkdir()
        os.chdir(project)
        print(f"{'trick (where)':<54} {'with':>9} {'without':>9} {'gain':>9}")
        for name, on, off in IMPORTS:
            _row(name, *_pair(on, off, env, args.repeat * 4))
        print("errlearn run -- true, as shipped beside each switched off:")
        for name, switch in SCAN_SWITCHES[1:]:
            run = _entry(["run", "--", "true"])
            _row(name, *_pair(run, _entry(["run", "--", "true"], switch), env, args.repeat * 4))
        logs = logchunks_logs()
        if not logs:
            print("(no LogChunks corpus beside the checkout: the scan rows are left out)")
            return
        log = Path(tmp) / "big.log"
        size = build_log(log, int(args.size_mb * 1e6), logs)
        print(f"errlearn scan of {size / 1e6:.0f} MB, as shipped beside each switched off:")
        for name, switch in SCAN_SWITCHES:
            _row(name, *_pair(_scan(log), _scan(log, switch), env, args.repeat))


if __name__ == "__main__":
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
    sys.exit(main())
