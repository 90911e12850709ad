"""A failed pytest report, read into one ``Error`` with its known fix.

The exception's own type and message come from ``call.excinfo`` (taken as a
``Raised`` while the test's exception is at hand), and where it points from
its traceback (the same whatever ``--tb`` prints); its block and which link
of a chain it is from the detector run over the report's text, the same
detector ``errlearn scan`` and ``errlearn run`` use (where it points too, when
there is no exception). Imported by the plugin only once there is a failure to read.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable
from functools import lru_cache
from itertools import chain
from pathlib import Path

import pytest

from ..config import ConfigError, load_settings
from ..detect import detect
from ..detect.classify import actionability, categorize, categorize_block, severity
from ..detect.signature import signature
from ..report import Error, Match, Record
from . import parse_threshold
from .raised import NOTHING, Link, Raised

TYPE_CHECKING = False  # mypy reads it as True: typing loads where it is used, not here

if TYPE_CHECKING:
    from ..matching.matcher import Matcher

SECTION = "errlearn: known fix"  # the title pytest prints above the fix, under the traceback

# pytest's own ways of failing a test: the test's expectation failed.
_PYTEST_OWN = ("Failed:", "[XPASS(strict)]")


def load_matcher_for(config: pytest.Config) -> Matcher:
    """The matcher for this session: ``[tool.errlearn]`` under the options and ini keys.

    The patterns file: ``--errlearn-patterns``, else ``ERRLEARN_PATTERNS``,
    else the ``errlearn_patterns`` ini key, else ``[tool.errlearn] patterns``,
    else ``patterns.toml`` at the project root. The threshold: the option,
    else the ini key, else ``[tool.errlearn] threshold``.
    """
    settings = load_settings(config.rootpath, patterns=_patterns_file(config))
    threshold: float | None = config.getoption("errlearn_threshold")
    raw = str(config.getini("errlearn_threshold") or "").strip()
    if threshold is None and raw:
        try:
            threshold = parse_threshold(raw)
        except ValueError:
            raise ConfigError(
                f"{config.inipath or 'ini'}: errlearn_threshold must be a number from 0 to 1, "
                f"not {raw!r}"
            ) from None
    if threshold is not None:
        settings.threshold = threshold
    from ..matching.matcher import load_matcher

    return load_matcher(settings)


def _patterns_file(config: pytest.Config) -> str | None:
    """An explicit patterns file, as an absolute path; None leaves it to ``load_settings``."""
    option = config.getoption("errlearn_patterns")
    if option:
        return str(config.invocation_params.dir / option)
    if os.environ.get("ERRLEARN_PATTERNS"):
        return None
    ini = str(config.getini("errlearn_patterns") or "").strip()
    if not ini:
        return None
    base = config.inipath.parent if config.inipath else config.invocation_params.dir
    return str(base / ini)


class Paths(Record):
    """Paths in pytest's output are relative to where it started; errlearn shows them
    relative to the rootdir, as node ids are, so CI can place them in the repository."""

    root: Path
    cwd: Path

    @classmethod
    def of(cls, config: pytest.Config) -> Paths:
        return cls(config.rootpath, config.invocation_params.dir)

    def show(self, path: str) -> str:
        """``path`` relative to the rootdir, or as it is when it lies outside."""
        return _shown(self.root, self.cwd, path)


@lru_cache(maxsize=1024)
def _shown(root: Path, cwd: Path, path: str) -> str:
    """``Paths.show``, cached: a suite's failures point into the same few files."""
    full = os.path.normpath(os.path.join(cwd, path))
    inside = os.path.relpath(full, root)
    return path if inside.startswith("..") else Path(inside).as_posix()


class FailureReader:
    """Reads one session's failures into errors: its matcher, its paths, and a memo.

    A broken fixture or a parametrized test fails many tests with the same
    traceback: each distinct failure (its text, where it points, what was
    raised) is detected and matched once, and each test gets a copy.
    """

    MEMO_MAX = 1024  # distinct failures remembered

    def __init__(self, matcher: Matcher | None, paths: Paths) -> None:
        self.matcher, self.paths = matcher, paths
        self._memo: dict[tuple[object, ...], Error] = {}

    def capture(
        self, report: pytest.TestReport | pytest.CollectReport, raised: Raised = NOTHING
    ) -> Error:
        """The error of one failed report (test or collection), its fix under its traceback."""
        where = _crash(report.longrepr)
        if where is None and report.location is not None:
            # a collection error under xdist, an XPASS(strict): the test's own place
            path, lineno, _ = report.location  # relative to the rootdir already
            where = str(self.paths.root / path), (lineno + 1 if lineno is not None else None)
        err = self.read(report.longreprtext, raised, where or (None, None))
        err.test = report.nodeid
        if err.match is not None:
            report.sections.append((SECTION, fix_section(err.match)))
        return err

    def capture_internal(
        self, excrepr: object, excinfo: pytest.ExceptionInfo[BaseException]
    ) -> Error:
        """The error of a pytest internal error (``pytest_internalerror``)."""
        return self.read(str(excrepr), Raised.of(excinfo.value), _crash(excrepr) or (None, None))

    def read(self, text: str, raised: Raised, where: tuple[str | None, int | None]) -> Error:
        """``capture_text``, once per distinct failure; a fresh copy each time."""
        key = (text, where, raised)
        if (known := self._memo.get(key)) is None:
            if len(self._memo) >= self.MEMO_MAX:
                self._memo.clear()
            known = self._memo[key] = capture_text(text, raised, self.matcher, self.paths, where)
        return _copy(known)


def _copy(err: Error) -> Error:
    """An error of its own: the lists a later step fills (notes) are not shared."""
    return err.replace(
        context=list(err.context),
        block=list(err.block),
        related=list(err.related),
        notes=list(err.notes),
        match=None if err.match is None else err.match.replace(),
    )


def capture_text(
    text: str,
    raised: Raised,
    matcher: Matcher | None,
    paths: Paths,
    where: tuple[str | None, int | None],
) -> Error:
    """The error in a failure's text and exception, matched against the known patterns.

    ``raised``: the exception and its chain (``NOTHING`` when there is none);
    ``where`` (file, line) stands in when the detector finds no location.
    """
    # Newline-ended, the text is read in one pass (no unfinished last line for close()).
    found = detect(f"{text}\n".encode("utf-8", "replace"), tool="pytest")
    base = found.primary
    chosen = _chosen(raised.links, base)
    message = None if chosen is None else chosen.message
    if message is not None and base is not None and _REPR_ONLY.match(message):
        message = None  # pytest printed it in words: "fixture 'runer' not found"
    if base is None:
        head = message or next((s.strip() for s in text.splitlines() if s.strip()), "failed")
        lines = text.splitlines()
        base = Error(message=head, text=head, span=(1, max(len(lines), 1)), block=lines[:12])
    # The exception's own traceback says where, whatever --tb showed of it.
    if chosen is not None and (at := chosen.at) is not None:
        base.file, base.line, base.column = at[0], at[1], None
    if base.file is None:
        base.file, base.line = where
    if base.file is not None:
        base.file = paths.show(base.file)
    err = _classified(base, message or base.message)
    if matcher is not None:
        # A group's leaves and the chain's other links, read only when asked.
        said = [*raised.leaves, *(e.described for e in raised.links if e is not chosen)]
        leaves = (_classified(Error(message=m, text=m, block=[m]), m) for m in said)
        others = (e for e in found.errors if e is not base)
        err.match = _first_match(matcher, chain((err,), leaves, others))
        matcher.categorise(err)
    err.actionability = actionability(err)
    return err


def fix_section(match: Match) -> str:
    """The text pytest shows in the "known fix" section under a failure."""
    where = f"{match.pattern}, {match.method} match {match.score:.2f}"
    if match.source:
        where += f", {match.source}"
    return f"{match.fix}\n({where})"


# -- where it points, what it is ----------------------------------------------


# An exception whose text is only its arguments' repr, an object's among them
# (pytest's FixtureLookupError: "('runer', <FixtureRequest for ...>)").
_REPR_ONLY = re.compile(r"^[\w.]+: \(.*<.*>\)$")


def _chosen(links: tuple[Link, ...], base: Error | None) -> Link | None:
    """The exception the failure is about: the one the detector located (the
    innermost of a chain, as pytest shows it), else the outermost."""
    if not links:
        return None
    if base is not None:
        named = base.message.partition(":")[0].strip().rsplit(".", 1)[-1]
        return next((e for e in links if e.name == named), links[0])
    return links[0]


def _crash(longrepr: object) -> tuple[str | None, int | None] | None:
    """Where pytest says the exception was raised (``reprcrash``), when it says."""
    crash = getattr(longrepr, "reprcrash", None)
    if crash is None:
        return None
    return str(crash.path), crash.lineno


def _classified(err: Error, message: str) -> Error:
    """``err`` with ``message``, and the category, severity and signature that go with it.

    Always from the exception's message and place, never from how ``--tb``
    showed them: a failure keeps its signature whatever the style."""
    err.message = message
    err.tool = "pytest"
    category = categorize(message)
    if category == "unknown":
        if message.startswith(_PYTEST_OWN):
            category = "assertion"
        elif err.category == "unknown":
            category = categorize_block(err.block)
        else:
            category = err.category
    err.category = category
    err.severity = severity(category, message)
    err.signature = signature(
        message, tool=err.tool, category=category, code=err.code, file=err.file
    )
    return err


def _first_match(matcher: Matcher, candidates: Iterable[Error]) -> Match | None:
    """The fix for the failure itself, else for a leaf or a link of its chain;
    the project's own patterns first, across all of them: a team's pattern for
    its wrapper exception beats a built-in one for the cause under it."""
    builtin: Match | None = None
    for candidate in candidates:
        found = matcher.match(candidate)
        if found is None:
            continue
        pattern = matcher.get(found.pattern)
        if pattern is None or pattern.origin != "builtin":
            return found
        builtin = builtin or found
        if not matcher.has_own_patterns:
            break
    return builtin
