"""The detector: bytes in, errors out, in one streaming pass.

Stage 1 (``prefilter``) jumps from one candidate line to the next over raw
bytes; only candidates and the lines of an open block are decoded. Stage 2
drops false positives (``falsepos``), finds the line's row in the format
table, reads the block that follows (``blocks``), then classifies, signs and
folds (``rootcause``). Memory is bounded by the errors kept, not the input.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ..report import Error, Report
from . import falsepos, prefilter, rootcause
from .blocks import READERS, Reader
from .classify import actionability, categorize, severity
from .formats import NOTE_WORDS, TABLE, WARNING_WORDS, Format
from .signature import signature
from .text import ANSI_BYTES, MAX_LINE, ORPHAN_SGR, clean_line

CONTEXT = 3  # lines of context kept before and after a block
LOOKBACK = 40  # lines a row's fixup may look back over
FOLD_DISTANCE = 200  # a consequence this close after an error only follows from it
PRECEDING = 15  # lines looked back over for the output a failure line follows
MAX_KEPT = 2000  # distinct errors kept; more are only counted
MAX_WARNINGS = 200  # warning lines read in full (repeats too); past this one is only counted
MAX_PENDING = MAX_LINE * 4  # bytes of one unfinished line kept while waiting for its end

# CI bookkeeping lines, passed over like blank ones (Travis's folds and timers).
_JUNK = re.compile(r"^(?:nl)?(?:travis_(?:time|fold):\S*)?\s*$|^(?:\[\w+\] )?[-=_*#~]{8,}\s*$")
# Lines that echo the command being run, not its output.
_ECHO = re.compile(r"^(?:> \S+@\S* \S|\$ |\+ |>\s*$|npm (?:ERR!|error)|Done\. |The command )")
_PASSING = re.compile(r"\b(?:PASSED|SKIPPED|passed|skipped)\s*$")  # a status that is no failure
_TELLING = re.compile(
    r"(?i)error|fail|exception|invalid|cannot|can't|not found|missing|expected|denied|refused"
    r"|abort|✖|✗|×"
)

# Prefixes CI systems put before every line; analysed text starts after them.
_STAMP = re.compile(
    r"^(?:\d{4}-\d\d-\d\d[T ]\d\d:\d\d:\d\d(?:[.,]\d+)?Z?\s+"
    r"|\[\d\d:\d\d:\d\d(?:[.,]\d+)?\]\s+"
    r"|\[[\w.-]+\]\s+\d{4}-\d\d-\d\d[T ][\d:.,]+Z?\s+)"
)


_STAMP_FIRST = frozenset("0123456789[")


@dataclass(slots=True)
class _Awaiting:
    err: Error
    left: int  # lines of after-context still wanted


@dataclass(slots=True)
class _Open:
    reader: Reader
    fmt: Format
    role: str
    before: list[bytes]  # the raw lines above the header: its context, if the error is kept


class Detector:
    """Feed it output as it comes (``feed``), then ``close()`` for the report."""

    def __init__(self, tool: str | None = None, *, command: str | None = None) -> None:
        self.tool = tool
        self.command = command
        self._pending = b""
        self._long = False  # the unfinished line overran MAX_PENDING; the rest is dropped
        self._lineno = 0
        self._tail: list[bytes] = []  # the last LOOKBACK raw lines of earlier chunks
        self._open: _Open | None = None
        self._awaiting: list[_Awaiting] = []  # errors whose after-context is still being read
        self._carry: list[_Awaiting] = []  # ... that runs on into the next chunk
        self._buf = b""  # the chunk being read
        self._cursor = 0  # where, in it, the after-context of an error finished now begins
        self._search = prefilter.search
        self._errors: list[Error] = []
        self._warnings: list[Error] = []
        self._warning_lines = 0  # warning lines read, repeats included
        self._by_sig: dict[str, Error] = {}
        self._section: str | None = None
        self._last_cause = -FOLD_DISTANCE - 1  # the line where the last root error ended
        self._failed_test = False  # a test failure or a crash was seen: the run's summary lines,
        # however far below, follow from it
        self._cause: Error | None = None  # that error, which later consequences fold into
        self.dropped = 0

    # -- input --------------------------------------------------------------

    def feed(self, data: bytes) -> None:
        """Analyse the complete lines of ``data``; keep the unfinished one."""
        if not data:
            return
        if self._long:
            i = data.find(b"\n")
            if i < 0:
                return
            self._chunk(self._pending + b"\n")
            self._pending, self._long, data = b"", False, data[i + 1 :]
        buf = self._pending + data if self._pending else data
        cut = buf.rfind(b"\n") + 1
        if cut:
            self._chunk(buf[:cut] if cut < len(buf) else buf)
        self._pending = buf[cut:]
        if len(self._pending) > MAX_PENDING:
            self._pending, self._long = self._pending[:MAX_PENDING], True

    def close(self) -> Report:
        """Finish the input and return the report, root cause named."""
        if self._pending:
            self._chunk(self._pending)
            self._pending = b""
        self._cursor = len(self._buf)
        self._close_open()
        self._awaiting.clear()
        self._carry.clear()
        report = Report(
            errors=self._errors, warnings=self._warnings, command=self.command
        )
        report.primary_index = rootcause.primary_index(self._errors)
        return report

    # -- the pass over a chunk ----------------------------------------------

    def _chunk(self, chunk: bytes) -> None:
        if b"\x1b" in chunk:  # colours would hide a line's shape from stage 1
            chunk = ANSI_BYTES.sub(b"", chunk)
        if b"[0m" in chunk:
            chunk = ORPHAN_SGR.sub(b"", chunk)
        pos, size = 0, len(chunk)
        self._buf = chunk
        self._awaiting += self._carry
        self._carry = []
        if self._warning_lines >= MAX_WARNINGS:
            self._search = prefilter.search_errors()
        search = self._search
        while pos < size:
            if self._open is not None or self._awaiting:
                if not self._awaiting and (run := self._open.reader.run()) is not None:
                    if (m := run.match(chunk, pos)) is not None and (
                        taken := self._open.reader.take(chunk[pos : m.end()], self._lineno + 1)
                    ):
                        pos = self._taken(chunk, pos, m.end(), taken)
                        continue
                end = chunk.find(b"\n", pos)
                end = size if end < 0 else end + 1
                self._line(chunk, pos, end, sure=False)
                pos = end
                continue
            m = search(chunk, pos)
            if m is None:
                self._lineno += chunk.count(b"\n", pos)
                if not chunk.endswith(b"\n"):
                    self._lineno += 1  # the input's last line, without its newline
                break
            hit = m.start()
            start = chunk.rfind(b"\n", pos, hit) + 1 or pos
            self._lineno += chunk.count(b"\n", pos, start)
            end = chunk.find(b"\n", hit)
            end = size if end < 0 else end + 1
            self._line(chunk, start, end, sure=True)
            pos = end
        self._keep_tail(chunk)

    def _line(self, chunk: bytes, start: int, end: int, *, sure: bool) -> None:
        """One line: after-context, an open block, else maybe a new error."""
        self._lineno += 1
        raw = chunk[start:end]
        text = clean_line(raw)
        if self._awaiting:
            for waiting in self._awaiting:
                waiting.err.context.append(text)
                waiting.left -= 1
            self._awaiting = [w for w in self._awaiting if w.left > 0]
        if self._open is not None:
            if self._open.reader.feed(text, self._lineno):
                return
            self._cursor = start  # the block ends above this line
            self._close_open()
        if sure or self._search(raw, 0) is not None:
            self._candidate(text, chunk, start, end)

    def _taken(self, chunk: bytes, pos: int, end: int, taken: int) -> int:
        """Count the lines the open reader took in one go; where reading goes on."""
        self._lineno += taken
        if chunk.count(b"\n", pos, end) > taken:  # the block is full: stop after its last
            for _ in range(taken):
                pos = chunk.index(b"\n", pos) + 1
            return pos
        return end

    def _candidate(self, text: str, chunk: bytes, start: int, end: int) -> None:
        analysed = _STAMP.sub("", text, count=1) if text[:1] in _STAMP_FIRST else text
        hit = TABLE.match(analysed)
        if hit is None or falsepos.is_false_positive(analysed, generic=hit.fmt.rank <= 1):
            return
        fmt, groups = hit.fmt, hit.groups
        role: str = fmt.role
        sev = (groups.get("sev") or "").strip().lower()
        if role == "error" and sev in WARNING_WORDS:
            role = "warning"
        if role in ("ignore", "note") or sev in NOTE_WORDS:
            return
        if role == "warning":
            if self._warning_lines >= MAX_WARNINGS:
                self.dropped += 1  # a build with thousands of warnings: count, don't read
                return
            self._warning_lines += 1
        if role == "section":
            self._section = groups.get("test")
            return
        if fmt.fixup is not None:
            fmt.fixup(groups, self._before(chunk, start, LOOKBACK))
        n = self._lineno
        err = Error(
            message=(groups.get("msg") or analysed).strip(),
            text=text,
            tool=fmt.tool or self.tool,
            file=groups.get("file"),
            line=_int(groups.get("line")),
            column=_int(groups.get("col")),
            code=groups.get("code"),
            span=(n, n),
            context=[],
            test=groups.get("test") or self._section,
            block=[text],
            kind=fmt.name,
            rank=fmt.rank,
            consequence=role == "consequence",
        )
        # A failure line with no error before it: the output just above it is
        # the reason (a linter's report, a failed check's own words).
        if (
            role == "consequence"
            and not self._follows(n)
            and (cause := self._preceding(chunk, start, n)) is not None
        ):
            self._cursor = start
            self._finish(cause, "error", None)
        before = self._raw_before(chunk, start, CONTEXT)
        if fmt.block is not None:
            self._open = _Open(READERS[fmt.block](err, n), fmt, role, before)
        else:
            self._cursor = end
            self._finish(err, role, fmt.category, before)

    def _close_open(self) -> None:
        if self._open is None:
            return
        opened, self._open = self._open, None
        opened.reader.finish()
        err = opened.reader.err
        err.span = (err.span[0], opened.reader.end)
        role = "consequence" if opened.reader.consequence else opened.role
        err.consequence = role == "consequence"
        if opened.reader.valid:
            self._finish(err, role, opened.fmt.category, opened.before)

    # -- an error is complete -------------------------------------------------

    def _finish(
        self, err: Error, role: str, category: str | None, before: Sequence[bytes] = ()
    ) -> None:
        if role == "consequence" and self._follows(err.span[0]):
            if self._cause is not None:  # it only follows from an error already reported
                self._cause.relate(err.span)
            return
        err.category = category or categorize(err.message)
        if err.category == "unknown" and len(err.block) > 1:
            err.category = categorize("\n".join(err.block[:10]))
        err.signature = signature(
            err.message, tool=err.tool, category=err.category, code=err.code, file=err.file
        )
        kept = self._warnings if role == "warning" else self._errors
        # The same error twice: same signature at the same place (a linter's
        # same message on two lines is two errors; a summary's echo is not).
        key = f"{'w' if role == 'warning' else 'e'}{err.signature}:{err.line}:{err.column}"
        if (twin := self._by_sig.get(key)) is not None:
            twin.count += 1
            twin.relate(err.span)
            self._caused(twin, role, err.span[1])
            return
        if len(kept) >= MAX_KEPT:
            self.dropped += 1
            return
        err.severity = "low" if role == "warning" else severity(err.category, err.message)
        err.actionability = actionability(err)
        err.context[:0] = [clean_line(raw) for raw in before]  # decoded for kept errors only
        self._by_sig[key] = err
        kept.append(err)
        self._caused(err, role, err.span[1])
        self._after_context(err)

    def _after_context(self, err: Error) -> None:
        """The lines after an error's block, read straight from the chunk when
        it holds them (the fast path never decodes them otherwise)."""
        buf, p, wanted = self._buf, self._cursor, CONTEXT
        while wanted and p < len(buf):
            e = buf.find(b"\n", p)
            e = len(buf) if e < 0 else e + 1
            err.context.append(clean_line(buf[p:e]))
            p, wanted = e, wanted - 1
        if wanted and buf.endswith(b"\n"):
            self._carry.append(_Awaiting(err, wanted))

    def _caused(self, err: Error, role: str, end: int) -> None:
        """Remember the latest root error: consequences after it fold into it."""
        if role == "error":
            self._cause, self._last_cause = err, end
            self._failed_test = self._failed_test or err.rank >= 3

    def _follows(self, n: int) -> bool:
        """Whether a failure line at line ``n`` only follows from an error already seen."""
        near = n - self._last_cause <= FOLD_DISTANCE
        return self._cause is not None and (self._failed_test or near)

    def _preceding(self, chunk: bytes, start: int, n: int) -> Error | None:
        """The run of output lines just above a failure line, as an error."""
        lines = self._before(chunk, start, PRECEDING)
        first = n - len(lines)  # the line number of lines[0]
        run: list[int] = []
        for i in range(len(lines) - 1, -1, -1):
            text = lines[i]
            if not text.strip() or _JUNK.match(text):
                if run:
                    break
                continue
            if _ECHO.match(text) or _PASSING.search(text):
                break
            run.append(i)
        if not run:
            return None
        run.reverse()
        body = [lines[i] for i in run]
        head = next((t for t in body if _TELLING.search(t)), body[-1])
        return Error(
            message=head.strip(),
            text=head,
            tool=self.tool,
            span=(first + run[0], first + run[-1]),
            context=lines[max(0, run[0] - CONTEXT) : run[0]],
            test=self._section,
            block=body,
            kind="preceding-output",
            rank=1,
        )

    # -- lines before a position ------------------------------------------------

    def _raw_before(self, chunk: bytes, start: int, k: int) -> list[bytes]:
        """Up to ``k`` raw lines before ``start``, oldest first, earlier chunks' included."""
        lines = _last_lines(chunk, start, k)
        if len(lines) < k and self._tail:
            lines = self._tail[len(lines) - k :] + lines
        return lines

    def _before(self, chunk: bytes, start: int, k: int) -> list[str]:
        """Up to ``k`` cleaned lines before ``start``, oldest first."""
        return [clean_line(raw) for raw in self._raw_before(chunk, start, k)]

    def _keep_tail(self, chunk: bytes) -> None:
        self._tail = (self._tail + _last_lines(chunk, len(chunk), LOOKBACK))[-LOOKBACK:]


def _last_lines(buf: bytes, end: int, k: int) -> list[bytes]:
    """Up to ``k`` lines of ``buf`` that end at ``end``, oldest first."""
    lines: list[bytes] = []
    p = end
    while len(lines) < k and p > 0:
        q = buf.rfind(b"\n", 0, p - 1) + 1
        lines.append(buf[q:p])
        p = q
    lines.reverse()
    return lines


def _int(value: str | None) -> int | None:
    return int(value) if value and value.isdigit() else None


CHUNK = 1 << 22  # 4 MiB reads: big enough for the prefilter, small enough for memory


def detect(
    data: bytes | Iterable[bytes], tool: str | None = None, *, command: str | None = None
) -> Report:
    """Detect the errors in a whole output (bytes, or an iterable of chunks)."""
    detector = Detector(tool, command=command)
    if isinstance(data, bytes):
        for i in range(0, len(data), CHUNK):
            detector.feed(data[i : i + CHUNK])
    else:
        for piece in data:
            detector.feed(piece)
    return detector.close()
