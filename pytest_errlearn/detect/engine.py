"""The detector: bytes in, a report out, in one streaming pass.

Two halves. The ``scanner`` reads the text and hands on each error as read
(a ``Found``), knowing nothing of the run as a whole. The ``Assembler`` takes
them in order and decides what only the whole run can: which failure lines
only follow from an error before them (folded into it), which errors are
repeats (counted), which test section each belongs to, and the limits on
what is kept. ``Detector`` joins the two for a stream; ``pieces`` runs
scanners on pieces of a log at once and feeds one assembler, for a big file
(``parallel``).

Memory is bounded by the errors kept, not by the input.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..report import Error, Report
from . import ahead, prefilter, rootcause
from .baseline import Baseline
from .classify import actionability, severity
from .found import Found
from .locate import Places, locate
from .scanner import MAX_WARNINGS, Scanner

FOLD_DISTANCE = 200  # a consequence this close after an error only follows from it
VERDICT_FIRST = 10  # an error this close after a failure line nothing explained is its cause
MAX_KEPT = 2000  # distinct errors kept; more are only counted
PASSED_STEP = 10  # how far an error of a step that ended well ranks below the rest

__all__ = ["Assembler", "Detector", "Found", "detect"]


def twin_key(err: Error, role: str) -> str:
    """What makes two errors one read twice: the same signature at the same place
    (a linter's same message on two lines is two errors; a summary's echo is not).
    Without a line the place is the whole path: the signature names the file by
    its name alone, and ``a/x.py`` and ``b/x.py`` that a formatter would both
    reformat are two errors."""
    place = f"{err.line}:{err.column}" if err.line is not None else err.file
    return f"{'w' if role == 'warning' else 'e'}{err.signature}:{place}"


class Assembler:
    """Errors as read, in the order read, made into the run's report."""

    def __init__(self, command: str | None = None) -> None:
        self.command = command
        self.dropped = 0
        self._errors: list[Error] = []
        # Those that had no test when kept, which a summary's line may name
        # (``_name_test``): few, where a run's thousands of failures each have theirs.
        self._untested: list[Error] = []
        self._warnings: list[Error] = []
        self._kept: list[Found] = []  # their context is decoded at the end
        self._by_sig: dict[str, Error] = {}
        self._section: str | None = None
        self._warning_lines = 0
        self._last_cause = -FOLD_DISTANCE - 1  # the line where the last root error ended
        self._failed_test = False  # a test failure or a crash was seen: the run's summary lines,
        # however far below, follow from it
        self._cause: Error | None = None  # that error, which later consequences fold into
        self._test_line = False  # ... a test's failure line, nothing before it explained
        self._end: Found | None = None  # the reason in the output's last lines
        self._ended = False  # a CI job's last line said it failed ("ended")
        self._step = 0  # where the errors of the step being read begin in ``_errors``
        # What ``follows`` knew at the last failure line: a step that ends well
        # after it leaves it so.
        self._confirmed: tuple[Error | None, int, bool, bool] = (
            None,
            self._last_cause,
            False,
            False,
        )
        self.places = Places()  # where the output says its tools ran (``locate``)

    def follows(self, n: int) -> bool:
        """Whether a failure line at line ``n`` only follows from an error already seen."""
        near = n - self._last_cause <= FOLD_DISTANCE
        return self._cause is not None and (self._failed_test or near)

    def add(self, found: Found) -> None:
        """Take the next error read."""
        if found.role == "strict":
            self._warnings_failed(found.err.tool)
            found.role, found.err.consequence = "consequence", True
        elif found.role == "count":  # what the tool counted was read, or the count is its error
            found.role = "consequence" if self.follows(found.err.span[0]) else "error"
            found.err.consequence = found.role == "consequence"
        elif found.role == "ended":
            # The job's last line, after the steps that run on failure: it failed of
            # the errors read (none: the output's last lines say why, ``report``),
            # and it ends no step, so what those steps printed stays after the
            # step that failed.
            if self._cause is not None:
                self._cause.relate(found.err.span)
            self._ended = True
            return
        self.places.see(found.role, found.err)
        self._add(found)
        if found.role == "consequence":
            self._step_failed()

    def _add(self, found: Found) -> None:
        err, role = found.err, found.role
        if role == "section":
            self._section = err.test
            return
        if role == "place":  # only ``places`` takes it
            return
        if role == "passed":
            self._step_passed()
            return
        if role == "end":  # the reason the output's last lines give: see ``report``
            self._end = found
            return
        if found.unless_follows is not None:  # the reason read above a failure line
            if self.follows(found.unless_follows):
                return
            if (read := self._read_at(err.span[0])) is not None:
                # A line read as an error already (a tool's count, taken for a
                # failure line of its own): the failure line follows from it.
                self._caused(read, "error", read)
                return
        # Another test's failure line follows from no test's line before it (pytest's
        # --tb=no, automake's harness: each is its own test's error).
        if (
            role == "consequence"
            and self.follows(err.span[0])
            and not (err.test and self._test_line)
        ):
            if self._cause is not None:  # it only follows from an error already reported
                self._cause.relate(err.span)
            self._name_test(err)
            return
        if found.sectioned:
            err.test = self._section
        if role == "warning":
            if self._warning_lines >= MAX_WARNINGS:
                self.dropped += 1
                return
            self._warning_lines += 1
        kept = self._warnings if role == "warning" else self._errors
        key = twin_key(err, role)  # the same error twice
        if (twin := self._by_sig.get(key)) is not None:
            if twin.test is None and err.test is not None:
                # One error read twice, the second time with its test: a runner's
                # mark under what another row read (bun's "(fail) name" under a
                # thrown TypeError), no repeat
                twin.test = err.test
            else:
                twin.count += 1
            twin.relate(err.span)
            self._caused(twin, role, err)
            return
        if len(kept) >= MAX_KEPT:
            self.dropped += 1
            self._caused(err, role, err)  # only counted, but what follows is its
            return
        if role == "error":
            self._verdict_first(err)
        err.severity = "low" if role == "warning" else severity(err.category, err.message)
        err.actionability = actionability(err)
        self._by_sig[key] = err
        kept.append(err)
        self._kept.append(found)
        self._untold(err, role)
        self._caused(err, role, err)

    def _verdict_first(self, err: Error) -> None:
        """A failure line kept as an error for want of a cause above it, just above
        ``err``: the tool said its verdict first (SwiftPM's "emit-module command
        failed" before the compiler's errors, xcodebuild's BUILD FAILED above its
        summary). It follows from ``err``, which takes its place."""
        last = self._errors[-1] if self._errors else None
        if (
            last is None
            or not last.consequence
            or err.span[0] - last.span[1] > VERDICT_FIRST
            or not self._kept
            or self._kept[-1].err is not last
        ):
            return
        self._errors.pop()
        self._kept.pop()
        if self._by_sig.get(key := twin_key(last, "consequence")) is last:
            del self._by_sig[key]
        self._untested = [e for e in self._untested if e is not last]
        self._step = min(self._step, len(self._errors))
        if self._cause is last:
            self._cause = None
        err.relate(last.span)

    def _read_at(self, n: int) -> Error | None:
        """The error just read whose lines hold line ``n``, if any."""
        return next((e for e in reversed(self._errors[-2:]) if e.span[0] <= n <= e.span[1]), None)

    def _name_test(self, line: Error) -> None:
        """A summary's line that names a test and repeats the start of an error's
        message (pytest's short summary, its message cut with "...") names that
        error's test, the first such error of no test: with ``--tb=line`` no
        section above the error says it."""
        said = line.message.removesuffix("...")
        if line.test is None or not said or line.message == line.text:
            return
        for i, err in enumerate(self._untested):
            if err.test is None and err.message.startswith(said):
                err.test = line.test
                del self._untested[i]
                return

    def _untold(self, err: Error, role: str) -> None:
        """Keep an error of no test where ``_name_test`` looks."""
        if role != "warning" and err.test is None:
            self._untested.append(err)

    def _warnings_failed(self, tool: str | None) -> None:
        """A tool failed of the warnings it printed (those of its name, or all
        where it has none): they are errors of the step that failed, causes
        that its failure line follows from."""
        failed = [w for w in self._warnings if tool is None or w.tool == tool]
        self._warnings = [w for w in self._warnings if w not in failed]
        for err in failed:
            err.severity = severity(err.category, err.message)
            self._errors.append(err)
            self._untold(err, "error")
            self._caused(err, "error", err)

    def _step_failed(self) -> None:
        """A failure line: the errors read so far are those of a step that failed."""
        self._step = len(self._errors)
        self._confirmed = (self._cause, self._last_cause, self._failed_test, self._test_line)

    def _step_passed(self) -> None:
        """A step of the run ended well: the errors read since the last failure
        line did not fail the run. They stay in the report, but rank below every
        error of a step that failed (``PASSED_STEP``), and later failure lines
        follow from the error before that failure line, if any, not from them."""
        for err in self._errors[self._step :]:
            err.rank = min(err.rank, 0) - PASSED_STEP
        self._step = len(self._errors)
        self._cause, self._last_cause, self._failed_test, self._test_line = self._confirmed

    def _after_failure(self) -> None:
        """Errors after the last failure line, none after them: the output of a
        later step (Travis's after_failure printing a sanitizer's logs, a
        clean-up run whatever the result). The step that failed holds the
        cause: they rank below its errors, as a passed step's do."""
        for err in self._errors[self._step :]:
            err.rank = min(err.rank, 0) - PASSED_STEP

    def _caused(self, err: Error, role: str, read: Error) -> None:
        """Remember the latest root error (``err``, or its twin, as ``read`` this
        time): consequences after it fold into it. A test's failure line that
        nothing before it explained is its test's error, and such a root too; so
        is a step's summary that nothing before it explained (rank 2: it says
        what failed, as BuildKit's summary of the step does)."""
        if role == "error" or (role == "consequence" and (read.test is not None or read.rank >= 2)):
            self._cause, self._last_cause = err, read.span[1]
            self._failed_test = self._failed_test or read.rank >= 3
            self._test_line = role == "consequence" and read.test is not None

    def report(self, failed: bool | None = None) -> Report:
        """The report, root cause named, the kept errors' context decoded.

        Where no error was found, a run known to have ``failed`` failed of its
        warnings, if it printed any; else the reason the output's last lines
        give is the error: when the run is known to have failed, or, where that
        is not known (None), when those lines surely tell of a failure. A run
        known to have passed has none.
        """
        end, self._end = self._end, None
        if failed is None and self._ended:  # the CI job said it failed
            failed = True
        if failed and not self._errors and self._warnings:
            # It failed of its warnings: a linter that fails on them (ShellCheck,
            # dart analyze, RuboCop) printed nothing worse.
            self._errors, self._warnings = self._warnings, []
            for err in self._errors:
                err.severity = severity(err.category, err.message)
        elif end is not None and not self._errors and (failed or (failed is None and end.err.rank)):
            end.err.rank = 1
            self.add(Found(end.err, "error", end.before, sectioned=True))
        if 0 < self._step < len(self._errors):
            self._after_failure()
        for found in self._kept:
            found.err.context = found.context()
        self._kept.clear()
        report = Report(errors=self._errors, warnings=self._warnings, command=self.command)
        report.primary_index = rootcause.primary_index(self._errors)
        locate(report, self.places)  # each file as the repository names it
        return report


class Detector:
    """Feed it output as it comes (``feed``), then ``close()`` for the report."""

    def __init__(
        self,
        tool: str | None = None,
        *,
        command: str | None = None,
        known: Baseline | None = None,
    ) -> None:
        self.tool = tool
        self.command = command
        self._assembler = Assembler(command)
        self._scanner = Scanner(self._assembler.add, tool, known=known)
        self._scanner.follows = self._assembler.follows  # no reading what will be folded
        self.after: bytes | None = None  # what a worker reading ahead made of the last bytes

    @property
    def dropped(self) -> int:
        """Errors and warnings past the limits: counted, not kept."""
        return self._scanner.dropped + self._assembler.dropped

    def feed(self, data: bytes) -> None:
        """Analyse the complete lines of ``data``; keep the unfinished one."""
        self._scanner.feed(data)

    def read_ahead(self, fd: int, begin: int, end: int, then: ahead.Then | None = None) -> None:
        """The rest of the input, ``fd`` from ``begin`` (the next byte to be fed) to
        ``end``, is on disk whole: stage 1 may run ahead on it in a process of its
        own, where that pays (``ahead``). What is fed next must be those bytes.
        ``then``: what that process makes of the last bytes too, for ``after``."""
        if self._scanner.ahead is None:
            find = prefilter.find_for(self.tool)
            self._scanner.ahead = ahead.start(self._scanner, fd, begin, end, then, find)
            if self._scanner.ahead is not None:
                _prepare_table()

    def take_ahead(self, worker: ahead.Ahead) -> None:
        """A worker started on this input from its first byte before this detector
        was made (``ahead.start`` of fresh ``Chunks``); nothing fed yet."""
        self._scanner.ahead = worker
        _prepare_table()

    def close(self, failed: bool | None = None) -> Report:
        """Finish the input and return the report, root cause named (``failed``:
        whether the run failed, when known: ``Assembler.report``). What a worker
        reading ahead made of the last bytes is ``after`` now (None: nothing):
        asked for once the report is made, while the worker makes it."""
        try:
            self._scanner.close()
            return self._assembler.report(failed)
        finally:
            if (worker := self._scanner.ahead) is not None:
                self.after = worker.after()
                worker.close()


def _prepare_table() -> None:
    """The table's set compiled while the worker compiles its own automata and
    reads its first chunk: time the scanner would otherwise spend waiting."""
    from .formats import TABLE

    TABLE.prepare()


CHUNK = 1 << 22  # 4 MiB reads: big enough for the prefilter, small enough for memory


def detect(
    data: bytes | Iterable[bytes],
    tool: str | None = None,
    *,
    command: str | None = None,
    failed: bool | None = None,
    known: Baseline | None = None,
) -> Report:
    """Detect the errors in a whole output (bytes, or an iterable of chunks);
    ``failed``: whether the run that printed it failed, when known; ``known``:
    what a passing run of it printed (``baseline``)."""
    detector = Detector(tool, command=command, known=known)
    if isinstance(data, bytes):
        for i in range(0, len(data), CHUNK):
            detector.feed(data[i : i + CHUNK])
    else:
        for piece in data:
            detector.feed(piece)
    return detector.close(failed)
