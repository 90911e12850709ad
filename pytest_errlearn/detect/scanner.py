"""The reading half of the detector: bytes in, errors as read (``Found``) out.

Stage 1 (``prefilter``) jumps from one candidate line to the next over raw
bytes; only candidates and the lines of an open block are decoded. Stage 2
drops false positives (``falsepos``), finds the line's row in the format
table, reads the block that follows (``blocks``), classifies and signs.

What it hands on depends only on the text it reads, never on errors seen
earlier: folding, repeats and limits are the assembler's (``engine``). That
is what lets a log be scanned in pieces at once (``pieces``): a big file on
the free CPUs (``parallel``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from ..report import Error
from . import agnostic, ahead, prefilter
from .baseline import Baseline
from .blocks import MAX_BLOCK, READERS, Reader
from .chunks import Chunks
from .classify import categorize_error
from .formats import NOTE_WORDS, WARNING_WORDS, Format
from .found import Found
from .lookback import LOOKBACK, Fixups, Lookback
from .rows import as_read, row_behind, row_of
from .signature import signature
from .text import STAMP_FIRST, clean_line, newlines, strip_colour

CONTEXT = 3  # lines of context kept before and after a block
PRECEDING = LOOKBACK  # lines looked back over for the output a failure line follows:
# all a scanner of one piece of a log can see above its first line (``pieces``)
MAX_WARNINGS = 200  # warning lines read in full (repeats too); past this one is only counted
MAX_WARNED = 4096  # distinct warning lines past the limit known by their bytes
EARLY = MAX_BLOCK + CONTEXT + 2  # a block still open this far into the next piece is listed


class _Awaiting:
    __slots__ = ("found", "left")

    def __init__(self, found: Found, left: int) -> None:
        self.found = found
        self.left = left  # lines of after-context still wanted


class _Open:
    __slots__ = ("reader", "fmt", "role", "before", "read_as")

    def __init__(
        self, reader: Reader, fmt: Format, role: str, before: list[bytes], read_as: str | None
    ) -> None:
        self.reader = reader
        self.fmt = fmt
        self.role = role
        self.before = before  # the raw lines above the header
        # The header was read behind a CI timestamp and this task's prefix ("": none),
        # and so are the lines it reads (``rows.as_read``); None: as it stood.
        self.read_as = read_as


class Scanner(Chunks):
    """Feed it output (``feed``), then ``close()``; each error read goes to ``emit``.

    ``lineno`` is the number of the line before the first one fed, ``tail``
    the raw lines before it, and ``warning_lines`` the warning lines already
    read above it, for a piece of a log read on its own. ``known``: the
    baseline of a passing run, whose lines are no errors here.
    """

    def __init__(
        self,
        emit: Callable[[Found], None],
        tool: str | None = None,
        *,
        lineno: int = 0,
        tail: list[bytes] | None = None,
        warning_lines: int = 0,
        known: Baseline | None = None,
    ) -> None:
        self.emit = emit
        self.tool = tool
        self.known = known  # a passing run's lines: none of them is an error here
        super().__init__()
        self.dropped = 0
        self._lineno = lineno
        self.first = lineno + 1  # the first line fed
        self._lookback = Lookback(tail)
        self._open: _Open | None = None
        self._awaiting: list[_Awaiting] = []  # errors whose after-context is still being read
        self._carry: list[_Awaiting] = []  # ... that runs on into the next chunk
        self._buf = b""  # the chunk being read
        self._cursor = 0  # where, in it, the after-context of an error finished now begins
        self._find = prefilter.find_for(tool)
        self.ahead: ahead.Ahead | None = None  # a worker running stage 1 ahead (``ahead``)
        self._listed: ahead.Listed | None = None  # ... and what it found in this chunk
        self.warning_lines = warning_lines  # warning lines read, repeats included
        # Raw warning lines read past the limit. A worker lists every warning line
        # (``ahead``), and what a line is depends on its text alone: seen again,
        # one is counted from its bytes, not decoded and looked up again.
        self._warned: set[bytes] = set()
        self._draining = False  # only finishing the block and context open at a piece's end
        self._early = lineno + EARLY  # blocks whose header is above this line are listed:
        self.early_blocks: list[tuple[int, int]] = []  # (header, last line), for ``parallel``
        self._last_end = 0  # the last line of the latest block
        # Whether a failure line at a line number only follows from an error
        # already seen: when it surely does, the output above it is not read.
        self.follows: Callable[[int], bool] = _never
        self._fixups = Fixups()

    @property
    def lineno(self) -> int:
        """The number of the last line read."""
        return self._lineno

    def close(self, *, final: bool = True) -> None:
        """Finish the input: the last line, the open block; at the ``final`` end
        of the output, the reason its last lines give (``ending``)."""
        self.flush()
        self._cursor = len(self._buf)
        self._close_open()
        self._awaiting.clear()
        self._carry.clear()
        if final and not self._draining and (end := self._ending()) is not None:
            self._found(end)

    def _ending(self) -> Found | None:
        """The reason in the output's last lines, as an ``end`` the assembler
        takes only where nothing else explains a failed run. Its rank says how
        sure it is (``agnostic.failing_end``): 1 when those lines speak of
        failure and not of success after it, else 0."""
        raws = self._lookback.before(b"", 0, PRECEDING)
        lines = agnostic.Cleaned(raws)
        if (why := agnostic.reason(lines, said=True, known=self.known)) is None:
            return None
        err = agnostic.reason_error(lines, why, self._lineno + 1 - len(lines), self.tool)
        err.rank = 1 if agnostic.failing_end(lines, why) else 0
        return Found(err, "end", raws[max(0, why.first - CONTEXT) : why.first])

    def drain(self, data: bytes) -> int:
        """Read on into ``data`` (complete lines, what follows this scanner's
        piece) only to finish the block and the context still open; no new
        error starts. The number of the first line no block of this piece took."""
        self._draining = True
        quiet = self._lineno + 1
        was_open = self._open is not None
        if was_open or self._awaiting or self._carry:
            self._chunk(data)
        self.close(final=False)
        return self._last_end + 1 if was_open else quiet

    # -- the pass over a chunk ----------------------------------------------

    def _chunk(self, chunk: bytes) -> None:
        """Read a chunk of whole lines. Stage 1 comes from the worker reading ahead
        where there is one (``ahead``), else from the automata here: blind to
        warnings once enough were read, so that each costs nothing more."""
        self._listed = None
        if self.ahead is None:
            chunk = strip_colour(chunk)  # colours would hide a line's shape from stage 1
        elif (done := self.ahead.next(chunk)) is not None:  # stage 1 done by a worker ahead
            stripped, starts = done
            chunk = strip_colour(chunk) if stripped is None else stripped
            self._listed = ahead.Listed(self._unwarned(chunk, starts) if self._warned else starts)
        else:  # it is gone: stage 1 here from now on
            self.ahead = None
            chunk = strip_colour(chunk)
        pos, size, first = 0, len(chunk), self._lineno
        self._buf = chunk
        self._awaiting += self._carry
        self._carry = []
        if self._listed is None and self.warning_lines >= MAX_WARNINGS:
            self._find = prefilter.find_errors(self.tool)
        find = self._find if self._listed is None else self._listed.find
        while pos < size:
            if self._open is not None or self._awaiting:
                if self._open is not None and not self._awaiting and (ran := self._run(chunk, pos)):
                    pos = ran
                    continue
                end = chunk.find(b"\n", pos)
                end = size if end < 0 else end + 1
                self._line(chunk, pos, end, sure=False)
                pos = end
                continue
            if self._draining:
                break
            hit = find(chunk, pos)
            if hit < 0:
                self._lineno += newlines(chunk, pos, size)
                if not chunk.endswith(b"\n"):
                    self._lineno += 1  # the input's last line, without its newline
                break
            start = chunk.rfind(b"\n", pos, hit) + 1 or pos
            self._lineno += newlines(chunk, pos, start)
            end = chunk.find(b"\n", hit)
            end = size if end < 0 else end + 1
            self._line(chunk, start, end, sure=True)
            pos = end
        self._lookback.keep(chunk, self._lineno - first)

    def _unwarned(self, chunk: bytes, starts: Iterable[int]) -> list[int]:
        """The starts of a chunk's listed lines but the warning lines past the limit
        read before (``_warned``): those are only counted, here, where it costs
        least. Their text has no timestamp, so that they are no other line
        where a block ends on them."""
        kept, warned = [], self._warned
        for start in starts:
            end = chunk.find(b"\n", start) + 1 or len(chunk)
            if chunk[start:end] in warned:
                self.dropped += 1
            else:
                kept.append(start)
        return kept

    def _run(self, chunk: bytes, pos: int) -> int:
        """Lines the open block takes in one go (its reader's ``run``) from
        ``pos``: where reading goes on, or 0 when it takes none that way."""
        assert self._open is not None
        reader = self._open.reader
        if self._open.read_as is not None:  # its lines are read one by one, stamps dropped
            return 0
        if (run := reader.run()) is None or (m := run.match(chunk, pos)) is None:
            return 0
        end = m.end()
        if not (taken := reader.take(chunk[pos:end], self._lineno + 1)):
            return 0
        self._lineno += taken
        if chunk.count(b"\n", pos, end) > taken:  # the block is full: stop after its last
            for _ in range(taken):
                pos = chunk.index(b"\n", pos) + 1
            return pos
        return end

    def _line(self, chunk: bytes, start: int, end: int, *, sure: bool) -> None:
        """One line: after-context, an open block, else maybe a new error."""
        self._lineno += 1
        raw = chunk[start:end]
        if self._awaiting:
            for waiting in self._awaiting:
                waiting.found.after.append(raw)
                waiting.left -= 1
            self._awaiting = [w for w in self._awaiting if w.left > 0]
        text = None
        if self._open is not None:
            text = clean_line(raw)
            # the block's lines are read without the timestamp or prefix its header had
            read_as = self._open.read_as
            fed = text if read_as is None else as_read(text, read_as)
            if self._open.reader.feed(fed, self._lineno):
                return
            self._cursor = start  # the block ends above this line
            self._close_open()
        if self._draining:
            return
        if not sure and (
            self._find(raw, 0) < 0 if self._listed is None else start not in self._listed.starts
        ):
            return
        if text is not None:  # with its timestamp: a block it opens reads its lines without
            self._candidate(text, chunk, start, end)
        elif raw in self._warned:
            self.dropped += 1
        elif (
            self._candidate(text := clean_line(raw), chunk, start, end)
            and text[:1] not in STAMP_FIRST  # read in a block, it would be this same text
            and len(self._warned) < MAX_WARNED
        ):
            self._warned.add(raw)

    def _candidate(self, text: str, chunk: bytes, start: int, end: int) -> bool:
        """Read a line stage 1 stopped at; True when it is a warning past the limit."""
        row, prefix = row_of(text, self.tool), ""
        if row is None or (row[1].tool is None and row[1].rank <= 1):  # no tool's own row
            behind = row_behind(text, self.tool, chunk, start, end)
            if behind is not None and (row is None or behind[1][1].rank > row[1].rank):
                prefix, row = behind
        if row is None:
            return False
        analysed, fmt, groups = row[0], row[1], dict(row[2])  # a fixup fills its own copy
        # a timestamp or a task's prefix before every line: the lines above and below too
        read_as = None if len(analysed) == len(text) else prefix
        role: str = fmt.role
        own = self.tool if self.tool in fmt.shared else None  # the command's tool took the row up
        sev = "" if own else (groups.get("sev") or "").strip().lower()
        if role == "error" and sev in WARNING_WORDS:
            role = "warning"
        # A generic "FAILED: 2 tests" counts failures reported elsewhere, above it
        # or below (some runners list them after their summary): no error of its
        # own, and no reason to read above it; a later failure line reads its step.
        summary = role == "error" and fmt.rank <= 1 and agnostic.summary(analysed)
        if summary:
            role = "consequence"
        if role in ("ignore", "note") or sev in NOTE_WORDS:
            return False
        if role == "warning":
            if self.warning_lines >= MAX_WARNINGS:
                self.dropped += 1  # a build with thousands of warnings: count, don't read
                return True
            self.warning_lines += 1
        n = self._lineno
        if role in ("section", "passed", "place"):
            heading = Error(
                message=analysed,
                text=text,
                span=(n, n),
                test=groups.get("test"),
                file=groups.get("file"),
            )
            self.emit(Found(heading, role))
            return False
        # The raw lines above, read once: for the fixup, and the context.
        above = self._lookback.before(chunk, start, CONTEXT if fmt.fixup is None else LOOKBACK)
        if fmt.fixup is not None:
            lines = [clean_line(raw) for raw in above]
            if read_as is not None:
                lines = [as_read(t, read_as) for t in lines]
            self._fixups.fill(fmt, groups, lines, n)
        test = groups.get("test")
        err = Error(
            message=(groups.get("msg") or analysed).strip(),
            text=text,
            tool=groups.get("tool") or own or fmt.tool or self.tool,
            file=groups.get("file"),
            line=_int(groups.get("line")),
            column=_int(groups.get("col")),
            code=groups.get("code"),
            span=(n, n),
            context=[],
            test=test,
            block=[text],
            kind=fmt.name,
            rank=fmt.rank,
            consequence=role == "consequence",
        )
        # A failure line with no error before it: the output just above it is the reason
        # (a linter's report, a check's own words). One naming its test is that test's
        # failure: its details came before it, or (pytest's --tb=no) it is the error;
        # one that says what failed reads its reason under it (BuildKit's step summary).
        if (
            role == "consequence"
            and not summary
            and not test
            and not (fmt.block and fmt.rank >= 2)
            and not self.follows(n)
            and (cause := self._preceding(chunk, start, n)) is not None
        ):
            self._cursor = start
            self._found(cause)
        before = above[-CONTEXT:]
        if fmt.block is not None:
            reader = READERS[fmt.block](err, n)
            self._open = _Open(reader, fmt, role, before, read_as)
        else:
            self._cursor = end
            self._found(Found(err, role, before, sectioned=test is None), fmt.category)
        return False

    def _close_open(self) -> None:
        if self._open is None:
            return
        opened, self._open = self._open, None
        opened.reader.finish()
        err = opened.reader.err
        err.span = (err.span[0], opened.reader.end)
        self._last_end = err.span[1]
        if err.span[0] < self._early:
            self.early_blocks.append(err.span)
        reader = opened.reader
        role = "consequence" if reader.consequence else "warning" if reader.warning else opened.role
        err.consequence = role == "consequence"
        if reader.valid:
            found = Found(err, role, opened.before, sectioned=err.test is None)
            self._found(found, opened.fmt.category or reader.category())

    def _found(self, found: Found, category: str | None = None) -> None:
        """Classify and sign an error read, start its after-context, hand it on
        (an error a passing run printed too is dropped)."""
        err = found.err
        if found.role == "error" and self.known is not None and _printed_before(err, self.known):
            return
        err.category = category or categorize_error(err.message, err.code, err.block)
        err.signature = signature(
            err.message, tool=err.tool, category=err.category, code=err.code, file=err.file
        )
        buf, p, wanted = self._buf, self._cursor, CONTEXT
        while wanted and p < len(buf):
            e = buf.find(b"\n", p)
            e = len(buf) if e < 0 else e + 1
            found.after.append(buf[p:e])
            p, wanted = e, wanted - 1
        if wanted and buf.endswith(b"\n"):
            self._carry.append(_Awaiting(found, wanted))
        self.emit(found)

    def _preceding(self, chunk: bytes, start: int, n: int) -> Found | None:
        """The reason in the output just above a failure line, as an error."""
        raws = self._lookback.before(chunk, start, PRECEDING)
        lines = agnostic.Cleaned(raws)
        if (why := agnostic.reason(lines, known=self.known)) is None:
            return None
        err = agnostic.reason_error(lines, why, n - len(lines), self.tool)
        before = raws[max(0, why.first - CONTEXT) : why.first]
        return Found(err, "error", before, unless_follows=n, sectioned=True)


def _printed_before(err: Error, known: Baseline) -> bool:
    """Whether a passing run printed this error too: its header line, and for a
    block (a traceback's header says little) its last line as well."""
    return known.knows(err.text) and (len(err.block) < 2 or known.knows(err.block[-1]))


def _never(n: int) -> bool:
    return False


def _int(value: str | None) -> int | None:
    return int(value) if value and value.isdigit() else None
