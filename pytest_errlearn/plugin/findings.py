"""``Findings``: one session's failures, read into errors, printed and recorded.

Registered as a plugin object by ``pytest_configure`` (``plugin/__init__.py``),
kept in ``config.stash``. Only pytest is imported here, as in the plugin
module: the detector, the matcher and the history load with the first
failure to read, so a passing run costs one hook call per test phase.
"""

from __future__ import annotations

from typing import Any

import pytest

TYPE_CHECKING = False  # mypy reads it as True: typing loads where it is used, not here

if TYPE_CHECKING:
    from types import TracebackType

    from ..matching.matcher import Matcher
    from ..report import Error
    from .failures import FailureReader
    from .raised import Raised


class _Guard:
    """Turns an exception inside errlearn into one warning line: it never breaks a run."""

    __slots__ = ("findings", "doing")

    def __init__(self, findings: Findings, doing: str) -> None:
        self.findings, self.doing = findings, doing

    def __enter__(self) -> None:
        return None

    def __exit__(
        self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> bool:
        if exc is None or not isinstance(exc, Exception):
            return False
        from ..config import ConfigError

        if isinstance(exc, ConfigError):
            self.findings.fault(str(exc))
        else:
            self.findings.fault(f"internal error {self.doing}: {type(exc).__name__}: {exc}")
        return True


class Findings:
    """What errlearn found in this session; on the controller it prints and writes it.

    On the controller a failure waits in ``unread`` until the session's end,
    its ``Raised`` attached just after it is logged. On an xdist worker its
    error waits in ``pending`` (by report identity, the report held so the
    identity stays unique) from ``makereport`` until ``XdistBridge`` sends it
    with the report (and the worker's own faults until they are sent).
    """

    def __init__(self, config: pytest.Config) -> None:
        self.config = config
        self.worker = hasattr(config, "workerinput")  # how pytest-xdist marks its workers
        self.errors: list[Error] = []
        self.internal: list[Error] = []
        self.passed: list[str] = []  # node ids: a pass settles the fixes shown for them before
        self.faults: list[str] = []
        self.faults_sent = 0
        self.pending: dict[int, tuple[object, Error | dict[str, Any] | Raised]] = {}
        self.unread: list[tuple[pytest.TestReport, Raised]] = []
        self.exitstatus: int | None = None
        self.summarised = False
        self.collect_failed = False  # pytest stops (status 2) after them: still recorded
        self.finished = False
        self.handoff: str | None = None  # the file ``errlearn run`` reads the errors from
        self._seen: set[tuple[str, str, str]] = set()
        self._reader: FailureReader | None = None

    def guard(self, doing: str) -> _Guard:
        return _Guard(self, doing)

    def fault(self, message: str) -> None:
        """Note one of errlearn's own problems, once, as a single line (a problem
        already noted, met again by another step, is not noted twice)."""
        line = " ".join(message.split())
        if not any(line.endswith(seen) for seen in self.faults):
            self.faults.append(line)

    def reader(self) -> FailureReader:
        """What reads failures into errors, made at the first failure with the
        project's matcher (none when the patterns cannot be loaded)."""
        if self._reader is None:
            from .failures import FailureReader, Paths, load_matcher_for

            matcher: Matcher | None = None
            from ..matching.patterns import problems_to

            with self.guard("loading the patterns"), problems_to(self.fault):
                matcher = load_matcher_for(self.config)
            self._reader = FailureReader(matcher, Paths.of(self.config))
        return self._reader

    def record(self, err: Error, when: str) -> None:
        """Keep a failure once, however many workers or reports repeat it."""
        key = (err.test or "", when, err.signature)
        if key not in self._seen:
            self._seen.add(key)
            self.errors.append(err)

    # -- hooks: where a failure is read ---------------------------------------

    @pytest.hookimpl(tryfirst=True)  # before --pdb takes the terminal
    def pytest_sessionstart(self, session: pytest.Session) -> None:
        """With a history server, log in while the tests run, so that recording the
        session at its end pays only the round-trips (``history.remote.prefetch``).
        Without one, this reads the project's pyproject.toml and nothing more."""
        if self.worker:
            return
        with self.guard("connecting to the history server"):
            from ..config import history_server

            server = history_server(str(self.config.rootpath))
            if server is not None:
                from ..history.remote import prefetch

                prefetch(*server)

    def pytest_exception_interact(
        self, node: object, call: pytest.CallInfo[Any], report: object
    ) -> None:
        """A failed test's exception, kept as its ``Raised``: pytest calls this for
        reports with an exception to look at only, so a passing test costs
        nothing here (a ``makereport`` wrapper cost a hook call per phase)."""
        if not isinstance(report, pytest.TestReport) or report.outcome != "failed":
            return
        if self.worker or call.excinfo is None:
            return
        with self.guard("reading a failure"):
            from .raised import Raised

            raised = Raised.of(call.excinfo.value)
            if self.unread and self.unread[-1][0] is report:  # logged just before
                self.unread[-1] = (report, raised)
            else:  # not logged yet (a plugin that logs its reports later)
                self.pending[id(report)] = (report, raised)

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        if self.worker:
            return  # the bridge sends the worker's errors with its reports
        entry = self.pending.pop(id(report), None) if self.pending else None
        if (outcome := report.outcome) != "failed":  # passed, skipped, or now a rerun
            if outcome == "passed" and report.when == "call":
                self.passed.append(report.nodeid)
            return
        found = entry[1] if entry is not None and entry[0] is report else None
        if isinstance(found, dict):  # an xdist worker's error
            with self.guard("reading a failure"):
                from ..report import Error

                self.record(Error.from_wire(found), report.when)
        else:  # read at the session's end; without its exception (none), from its text
            from .raised import NOTHING, Raised

            self.unread.append((report, found if isinstance(found, Raised) else NOTHING))

    def read_unread(self) -> None:
        """Read the failures kept during the run, in the order they were reported."""
        unread, self.unread = self.unread, []
        for report, raised in unread:
            with self.guard("reading a failure"):
                self.record(self.reader().capture(report, raised), report.when)

    def pytest_collectreport(self, report: pytest.CollectReport) -> None:
        if self.worker or not report.failed:
            return
        self.collect_failed = True
        with self.guard("reading a collection error"):
            self.record(self.reader().capture(report), "collect")

    def pytest_internalerror(
        self, excrepr: object, excinfo: pytest.ExceptionInfo[BaseException]
    ) -> None:
        if self.worker:
            return
        with self.guard("reading an internal error"):
            self.internal.append(self.reader().capture_internal(excrepr, excinfo))

    # -- hooks: where the results go ------------------------------------------

    @pytest.hookimpl(trylast=True)
    def pytest_sessionfinish(self, session: pytest.Session) -> None:
        """Record the history and write the JSON report: trylast, so the exit status is final."""
        self.exitstatus = int(session.exitstatus)
        if self.worker:
            return
        self.read_unread()  # before pytest prints the failures: their fixes go under them
        self.finish()
        path = self.config.getoption("errlearn_json")
        if path is None:
            return
        if not path.strip():
            self.fault("--errlearn-json needs a path; no JSON report written")
            return
        with self.guard("writing the JSON report"):
            from .summary import write_json

            params = self.config.invocation_params
            write_json(
                params.dir / path,
                [*self.errors, *self.internal],
                args=params.args,
                exit_code=self.exitstatus,
            )

    def finish(self) -> None:
        """Record the session (when it counts) and hand its errors to ``errlearn run``."""
        if self.finished:
            return
        self.finished = True
        if self.recordable():
            with self.guard("recording the history"):
                self.remember()
        if self.handoff is not None:
            with self.guard("handing the errors to errlearn run"):
                from .summary import write_handoff

                write_handoff(self.handoff, [*self.errors, *self.internal], self.exitstatus)

    def recordable(self) -> bool:
        """Whether this session goes in the history: not a usage error, nor an
        interrupted one, unless collection errors stopped it (pytest says
        "Interrupted: 1 error during collection" and runs no test)."""
        if self.exitstatus == pytest.ExitCode.USAGE_ERROR:
            return False
        return self.exitstatus != pytest.ExitCode.INTERRUPTED or self.collect_failed

    def remember(self) -> None:
        """This session in the project's history: repeats, fix outcomes, noise.

        Only here, on the controller; the notes it adds to the errors show in
        the summary and the JSON report written after it.
        """
        errors = [*self.errors, *self.internal]
        if not errors:
            from ..paths import has_history

            if not self.passed or not has_history(str(self.config.rootpath)):
                return  # a clean pass settles nothing where there is no history: no cost
        import shlex

        from ..detect.rootcause import primary_index
        from ..history import remember
        from ..report import Report
        from .summary import CollectionPaused

        failed = {e.test for e in errors if e.test}
        with CollectionPaused():
            remember(
                Report(errors=errors, primary_index=primary_index(errors)),
                source="pytest",
                command=shlex.join(["pytest", *self.config.invocation_params.args]),
                exit_code=int(self.exitstatus or 0),
                passed=[n for n in self.passed if n not in failed],
                start=self.config.rootpath,
                warn=self.fault,
            )

    def pytest_terminal_summary(self, terminalreporter: pytest.TerminalReporter) -> None:
        self.summarised = True
        if self.worker or self.config.getoption("no_summary", False):
            return
        if not (self.errors or self.internal or self.faults):
            return  # a passing run: not a word
        verbosity = int(self.config.getoption("verbose", 0))
        lines: list[tuple[str, dict[str, bool]]] | None = None
        # Under errlearn run, its summary lists the errors: only errlearn's own warnings here.
        errors = [] if self.handoff is not None else [*self.errors, *self.internal]
        # Wrapped to a terminal's width (COLUMNS, else its own); to a pipe or file
        # (or pytester) lines stay whole.
        writer = self.config.get_terminal_writer()
        width = writer.fullwidth if writer.hasmarkup else None
        with self.guard("printing the summary"):
            from .summary import summary_lines

            lines = summary_lines(
                errors,
                self.faults,
                verbosity,
                matching=self._reader is None or self._reader.matcher is not None,
                width=width,
            )
        if lines is None:  # the summary itself failed: say so, at least
            lines = [(f"errlearn: warning: {fault}", {"yellow": True}) for fault in self.faults]
        if not lines:
            return
        if verbosity > -2:
            terminalreporter.write_sep("=", "errlearn")
        from ..output.render import wrap

        for text, markup in lines:
            for piece in wrap(text, width):
                terminalreporter.write_line(piece, **markup)

    def pytest_unconfigure(self, config: pytest.Config) -> None:
        """Stop the matcher's helpers; after an internal error, print to stderr.

        pytest prints no summary on an internal error (exit status 3).
        """
        if self.unread:  # the session did not finish
            self.read_unread()
        if self.internal and not self.worker and self.exitstatus is None:
            # pytest failed before the session began (a plugin's sessionstart): no sessionfinish
            self.exitstatus = pytest.ExitCode.INTERNAL_ERROR
            self.finish()
        if self._reader is not None and self._reader.matcher is not None:
            with self.guard("closing the matcher"):
                self._reader.matcher.close()
        if self.worker or self.summarised or config.getoption("no_summary", False):
            return
        if not self.internal and self.exitstatus != pytest.ExitCode.INTERNAL_ERROR:
            return
        if config.pluginmanager.get_plugin("terminalreporter") is None:
            return  # -p no:terminal: no output wanted
        with self.guard("printing the summary"):
            import sys

            from .summary import summary_lines

            errors = [] if self.handoff is not None else [*self.errors, *self.internal]
            for text, _ in summary_lines(errors, self.faults, 1):
                print(text if text.startswith("errlearn") else f"errlearn: {text}", file=sys.stderr)
