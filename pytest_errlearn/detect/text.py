"""Turning raw output bytes into the text errlearn analyses.

Only errlearn's own copy is cleaned: what reaches a user's terminal is never
touched. Lines are counted on ``\\n`` alone (``grep -n``'s count), so a bare
``\\r`` progress bar stays inside its line.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache

try:  # the byte loops in C, where a compiler built them at install time (``_speedups.c``)
    from . import _speedups
except ImportError:  # the same results in Python, several times slower
    _speedups = None  # type: ignore[assignment]
speedups = _speedups  # for the loops of the other modules (``lookback``)

MAX_LINE = 4096  # characters of one line that are analysed; a 20 MB line is cut here

# The prefixes CI systems put before every line (and BuildKit before a build step's,
# its number and the seconds since it began), each with the space after it: the
# analysed text starts after them (``rows``), and stage 1 looks past them (``prefilter``).
CI_STAMPS = (
    r"\d{4}-\d\d-\d\d[T ]\d\d:\d\d:\d\d(?:[.,]\d+)?Z?\s+"
    r"(?:(?:UTC|GMT)\s+)?(?:\[\d+\]\s+)?"  # a server's log line: PostgreSQL's zone and pid
    r"(?:\| [\w.-]+ \|\s+)?"  # Zuul's node
    r"|\[(?:\d{4}-\d\d-\d\d[T ])?\d\d:\d\d:\d\d(?:[.,]\d+)?(?:Z|[+-]\d\d:?\d\d)?\]\s+"
    r"|\d{1,2}:\d\d:\d\d [AP]M:\s+"  # Netlify's deploy log (before Jenkins', which takes its time)
    r"|\d\d:\d\d:\d\d(?:[.,]\d+)? ?\s+"  # Jenkins' Timestamper: its time, two spaces
    # (in a pipeline's log its date and time in brackets, the alternative above)
    r"|\[[\w.-]+\]\s+\d{4}-\d\d-\d\d[T ][\d:.,]+Z?\s+"
    r"|#\d+ \d+\.\d+\s+"
)
# A stamp before a line, and the one space after it: analysed text starts after
# it. The rest of the indentation is the line's own, so that a line reads the
# same with a stamp as without (a row, a block, a fixup, the reason above a failure).
_ONE_SPACE = CI_STAMPS.replace(r"\s+", r"[ \t]")
_STAMP = re.compile(f"^(?:{_ONE_SPACE})")
STAMP_FIRST = frozenset("0123456789[#")  # what a stamp may start with: most lines cannot


def unstamped(text: str) -> str:
    """A line's text without the CI timestamp before it, if it has one."""
    return _STAMP.sub("", text, count=1) if text[:1] in STAMP_FIRST else text


# The prefixes task runners put before each line of a task's output, with the
# space after them: turbo's ``web:build: ``, pnpm's ``packages/web build: ``,
# docker compose's ``api-1  | ``, Cloud Build's ``Step #2 - "test": ``. Stage 1
# looks past them as past a stamp, but a line is read behind one only where a
# line next to it starts with the same (``rows.row_behind``): alone, turbo's
# shape is also a line's own start (``INFO:root:Error: ...``).
TASK_PREFIXES = (
    r"@?[\w.-]+(?:/[\w.-]+)*(?::[A-Za-z][\w.-]*)+: "  # turbo: package:task (never :12:)
    r"|\.?[\w@.-]*(?:/[\w@.-]+)+ [A-Za-z][\w:.-]*: "  # pnpm -r, --stream: folder script
    r"|[\w.-]+ +\| "  # docker compose: its service, as service-1 (v2) or service_1 (v1)
    r'|Step #\d+(?: - "[\w.-]+")?: '  # Google Cloud Build
)
TASK_PREFIX = re.compile(f"(?:{TASK_PREFIXES})")


# CSI sequences (colours, cursor moves), OSC (titles, hyperlinks), and lone ESC pairs.
_ANSI = re.compile(
    r"\x1b\[[0-?]*[ -/]*[@-~]"
    r"|\x1b\][^\x07\x1b\n]*(?:\x07|\x1b\\)"
    r"|\x1b[@-Z\\-_]"
)
# The same over raw bytes, for whole chunks: no sequence spans a newline, so
# removing them keeps every line's number. One match takes a run of sequences
# (colours come in runs), possessively: the cost is per match, and the runs
# make fewer of them.
_ONE = rb"\x1b(?:\[[0-?]*+[ -/]*+[@-~]|\][^\x07\x1b\n]*+(?:\x07|\x1b\\)|[@-Z\\-_])"
ANSI_BYTES = re.compile(_ONE + rb"(?:" + _ONE + rb")*+")  # a literal first byte: skips to each ESC
# Colour codes whose ESC a log collector dropped: "[0m[31m     Error: ...".
ORPHAN_SGR = re.compile(rb"\[\d{1,3}(?:;\d{1,3})*m")


def strip_colour(chunk: bytes) -> bytes:
    """Raw output without its ANSI sequences (nor the colour codes that lost
    their ESC, nor NUL bytes, which a pseudo-terminal may pass first): no
    sequence spans a newline, so every line keeps its number.

    Colour codes are taken as having lost their ESC on a line that says so, a
    reset without it (``[0m[31m     Error: ...``) and no ESC of its own. Elsewhere
    a bare ``[33;1m`` is text (``echo -e "\\033[33;1m..."`` in a Travis log).
    The choice is the line's alone, so that a line reads the same wherever the
    output was cut into chunks (``chunks``).
    """
    if b"\x00" in chunk:
        chunk = chunk.replace(b"\x00", b"")
    stripped = strip_escapes(chunk) if b"\x1b" in chunk else chunk
    if not _resets(stripped):  # the usual: no line has a reset that lost its ESC
        return stripped
    cleaned = _orphans_out(chunk)
    if cleaned is chunk:  # each bare reset was on a line with an ESC: colours as sent
        return stripped
    return strip_escapes(cleaned) if stripped is not chunk else cleaned


def _orphans_out(chunk: bytes) -> bytes:
    """``chunk`` without the colour codes of each line that has a reset and no
    ESC (``chunk`` itself where there is none). Such a line is the same before
    and after its escapes are stripped, and no sequence spans a newline, so
    cleaning it before stripping is cleaning it after: done on the raw chunk,
    the lines need no numbers to be found again."""
    kept: list[bytes] = []
    last = pos = 0  # copied up to; searched from
    while (reset := chunk.find(b"[0m", pos)) >= 0:
        start = chunk.rfind(b"\n", 0, reset) + 1
        end = chunk.find(b"\n", reset)
        end = len(chunk) if end < 0 else end
        line = chunk[start:end]
        if b"\x1b" not in line:
            kept += (chunk[last:start], ORPHAN_SGR.sub(b"", line))
            last = end
        pos = end
    if not kept:
        return chunk
    kept.append(chunk[last:])
    return b"".join(kept)


# A spinner or progress line moves the cursor back to the line's start (or
# erases the line) and writes over it: as a terminal shows it, what came before
# is gone. Such a sequence is read as a bare \r, whose last segment wins
# (``visible``): "⠙ ESC[1G ESC[0K src/cart.ts:12" is src/cart.ts:12.
_TO_LINE_START = frozenset((b"\x1b[1G", b"\x1b[G", b"\x1b[2K"))


def _strip_escapes(chunk: bytes) -> bytes:
    if b"\x1b[G" in chunk or b"\x1b[1G" in chunk or b"\x1b[2K" in chunk:
        return _one_sequence().sub(_line_start_or_nothing, chunk)
    return ANSI_BYTES.sub(b"", chunk)  # a run of sequences a match: quicker


@cache
def _one_sequence() -> re.Pattern[bytes]:
    """One sequence at a time: compiled where the C loop was not built, on first use."""
    return re.compile(_ONE)


def _line_start_or_nothing(m: re.Match[bytes]) -> bytes:
    return b"\r" if m[0] in _TO_LINE_START else b""


strip_escapes: Callable[[bytes], bytes] = (
    _strip_escapes if speedups is None else speedups.strip_escapes  # C: the same, one pass
)
"""``chunk`` without its ANSI sequences, each read from its ESC on as a terminal
reads it; one that moves to the line's start becomes ``\\r``."""


def _resets(chunk: bytes) -> bool:
    """Whether ``chunk`` holds a colour reset that lost its ESC (``[0m``)."""
    if speedups is None:
        return chunk.rfind(b"[0m") >= 0  # the same test as ``in``, quicker on CI logs
    return speedups.contains(chunk, b"[0m")  # quicker again


def _newlines(data: bytes, start: int, end: int) -> int:
    return data.count(b"\n", start, end)


newlines: Callable[[bytes, int, int], int] = (
    _newlines if speedups is None else speedups.count_lines  # C: the same count, quicker
)
"""The line ends in ``data[start:end]``: ``data.count(b"\\n", start, end)``."""


_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")


def strip_ansi(text: str) -> str:
    """Remove ANSI escape sequences and stray control characters."""
    if "\x1b" in text:
        text = _ANSI.sub("", text)
    return _CONTROL.sub("", text) if _CONTROL.search(text) else text


def visible(text: str) -> str:
    """What a terminal would show of a line rewritten with bare ``\\r``.

    The last non-blank ``\\r`` segment wins, as it does on screen.
    """
    text = text.rstrip("\r\n")
    if "\r" not in text:
        return text
    for segment in reversed(text.split("\r")):
        if segment.strip():
            return segment
    return ""


def clean_line(raw: bytes) -> str:
    """One raw output line (with or without its ``\\n``) as analysed text."""
    if len(raw) > MAX_LINE * 4:
        raw = raw[: MAX_LINE * 4]
    text = raw.decode("utf-8", "replace")
    if (shown := text.rstrip("\r\n")).isprintable():  # most lines: no ESC, control, \r or tab
        return shown[:MAX_LINE]
    text = visible(strip_ansi(text) if ("\x1b" in text or _CONTROL.search(text)) else text)
    return text[:MAX_LINE]
