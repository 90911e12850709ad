"""The pytest plugin: each failure's known fix under its traceback, and a summary.

Loaded by its ``pytest11`` entry point (``pytest -p errlearn`` names it,
``-p no:errlearn`` turns it off). Only pytest is imported here: the detector
and the matcher come in with the first failure to read, so a passing run
costs one hook call per test phase and nothing else.

Each failure's exception is taken in ``pytest_exception_interact``, which
pytest calls only for a report with an exception to look at, just after
logging it, as a ``Raised``: a few strings and places, nothing that holds
the test's frames. The controller (the only process when xdist is not in
use) reads the failures into errors at the session's end, all in one go,
before pytest prints them: a failure read between two tests costs twice as
much as one read in a loop. It keeps the errors in a ``Findings`` in
``config.stash`` and alone prints and writes. An xdist worker reads each
failure at once instead, as its report is made (``xdist.WorkerCapture``),
so that the known-fix section travels with the report, and
``xdist.XdistBridge`` carries the error to the controller.

Under ``errlearn run`` (which names a file in ``ERRLEARN_RUN`` for its
command) the session's errors go to that file, and ``errlearn run`` reports
them once, in its own summary, without recording the run again: the plugin
records it, with the node ids and the tests that passed (``errlearn_wrapper.handoff``).
"""

from __future__ import annotations

import pytest

TYPE_CHECKING = False  # mypy reads it as True: typing loads where it is used, not here

if TYPE_CHECKING:
    from .findings import Findings


def parse_threshold(text: str) -> float:
    """A similarity threshold, 0 to 1; ValueError for anything else (NaN included)."""
    number = float(text)
    if not 0.0 <= number <= 1.0:
        raise ValueError(text)
    return number


def _threshold_option(text: str) -> float:
    """argparse type for ``--errlearn-threshold``: a bad value is pytest's usage error."""
    import argparse

    try:
        return parse_threshold(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number from 0 to 1") from None


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("errlearn", "errlearn: what failed, where, and the known fix")
    group.addoption(
        "--errlearn-json",
        metavar="PATH",
        default=None,
        help="write errlearn's JSON report (every failure, where, its known fix) to PATH.",
    )
    group.addoption(
        "--errlearn-patterns",
        metavar="FILE",
        default=None,
        help="the patterns.toml to match failures against "
        "(default: [tool.errlearn] patterns, else patterns.toml at the project root).",
    )
    group.addoption(
        "--errlearn-threshold",
        metavar="X",
        type=_threshold_option,
        default=None,
        help="similarity from 0 to 1 a semantic match must exceed (default: 0.6).",
    )
    parser.addini("errlearn_patterns", "the patterns.toml errlearn matches failures against")
    parser.addini("errlearn_threshold", "similarity (0 to 1) an errlearn match must exceed")


FINDINGS: pytest.StashKey[Findings] = pytest.StashKey()


def pytest_configure(config: pytest.Config) -> None:
    from .findings import Findings  # imports only pytest, as this module does

    findings = Findings(config)
    if not findings.worker:
        findings.handoff = take_handoff()
    config.stash[FINDINGS] = findings
    for option in _paths_apart(config):
        findings.fault(
            f"pytest chose its rootdir ({config.rootpath}) before it knew {option} takes a "
            f"value, so the path after it may have moved the rootdir: write {option}=PATH"
        )
    config.pluginmanager.register(findings, "errlearn-findings")
    if config.pluginmanager.hasplugin("xdist"):
        from .xdist import WorkerCapture, XdistBridge

        config.pluginmanager.register(XdistBridge(findings), "errlearn-xdist")
        if findings.worker:
            config.pluginmanager.register(WorkerCapture(findings), "errlearn-worker")


HANDOFF = "ERRLEARN_RUN"  # set by ``errlearn run`` for its command: a file for the errors


def take_handoff() -> str | None:
    """The file ``errlearn run`` reads this session's errors from, if it runs us.

    The variable is taken out of the environment: the tests' own pytest
    sessions (pytester, a subprocess) are not the one ``errlearn run`` started.
    Only a file that exists is written to (``errlearn run`` makes it empty):
    a stray value makes no file anywhere.
    """
    import os

    path = os.environ.pop(HANDOFF, None)
    return path if path and os.path.isabs(path) and os.path.isfile(path) else None


def _paths_apart(config: pytest.Config) -> list[str]:
    """errlearn's path options given as two words, naming a path outside the
    directory pytest started in.

    pytest works out the rootdir before plugins add their options, taking such
    a value for a test path (pytest issue #8846): a report written outside the
    project a first time moves the rootdir on every later run.
    """
    from itertools import pairwise

    args, start = config.invocation_params.args, config.invocation_params.dir
    found = []
    for option, value in pairwise(args):
        if option in ("--errlearn-json", "--errlearn-patterns"):
            path = (start / value).resolve()
            if path.exists() and not path.is_relative_to(start.resolve()):
                found.append(option)
    return found
