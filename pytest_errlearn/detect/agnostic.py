"""The reason a step failed, read from its last output when no format row knows it.

A failure line that nothing before it explains (a CI runner's "exited with
1", make's ``*** Error 2``, npm's lifecycle error, the end of a failed run)
says that the step above it failed, and the reason is almost always among the
last lines that step printed. This reads them as the key-log filtering of
LogSage (Xu et al. 2025) does: lines that speak of failure, from a broad
vocabulary (not only "error": "cannot", "not found", "expected", "denied",
a TeX ``!`` line...), weighted by how near they stand to the failure line and
by their neighbours; the step's echoed command is a wall, and boilerplate
(npm's "This is probably not a problem with npm", exit lines) is passed over.
The best line, with the lines of its paragraph that go with it, is the error.

It knows no tool: the format rows come first, and this fills in where none
fits. It only ever runs on the lines above a failure line (or the end of a
run known to have failed), so a passing log never reaches it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Sequence
from functools import cache, lru_cache
from typing import NamedTuple

from ..report import Error
from . import falsepos
from .baseline import Baseline
from .text import clean_line, unstamped

WINDOW = 40  # output lines (blank ones aside) read above a failure line, at most
MAX_ABOVE = 8  # lines of the best line's paragraph kept above it ...
MAX_BELOW = 10  # ... and below it

# Words of failure. Strong ones say that something failed; the others say
# what went wrong, and count where no strong word stands near.
_STRONG = re.compile(
    r"(?i)\b(?:errors?|fail(?:s|ed|ure|ures|ing)?|fatal|exception|panic(?:ked)?|abort(?:ed)?"
    r"|traceback|crash(?:ed)?|segmentation fault|assert(?:ion)?(?:error)?)\b|^\s*!\s|[✖✗✘×❌]"
)
_MEDIUM = re.compile(
    r"(?i)\b(?:cannot|can'?t|unable|could ?n[o']t|not found|no such|undefined|missing|denied"
    r"|refused|invalid|unexpected|expected|mismatch|timed? ?out|killed|violations?|unsatisfi\w+"
    r"|conflicts?|incorrect|wrong|(?:does|did|is|was|are) ?n[o']t|not ok|unknown|unrecogni[sz]ed"
    r"|unresolved|illegal|forbidden|rejected|problems?|issues? found|unreachable|out of memory"
    r"|requires?|needs? to|must|should)\b"
)
# A count of failures ("3 failed", "Failures: 2"): a summary, the failures it counts stand above.
_COUNT = re.compile(
    r"(?i)\b[1-9]\d* (?:failed|failures?|errors?|failing|problems?)\b"
    r"|\b(?:failures?|errors?|failed)\s*[:=]\s*[1-9]"
)

_ANY = re.compile(f"{_STRONG.pattern}|{_MEDIUM.pattern.removeprefix('(?i)')}")
_LOCATED = re.compile(r"^\s*(?:[A-Za-z]:)?[\w.@~+/\\-]*\.[A-Za-z]\w{0,9}:\d+(?::\d+)?:? +\S")
# Says that nothing failed: "with 0 failures", "0 error(s)", "no problems found".
_NOTHING = re.compile(
    r"(?i)\b(?:0|no|zero) (?:errors?|error\(s\)|failures?|failed|problems?|issues?)\b"
)
_WARNING = re.compile(r"(?i)\bwarn(?:ing)?s?\b")
_ERROR = re.compile(r"(?i)\b(?:error|fatal)\b")

# Lines that only say that the step failed, or how to read more: passed over.
_BOILERPLATE = re.compile(
    r"(?i)^(?:npm (?:ERR!|error)|ERR!|yarn (?:run )?v?\d|error Command failed"
    r"|info Visit |.*\b(?:exited|exits?|returned|finished|failed) with (?:exit )?(?:code|status)?"
    r"\s*:?\s*-?\d+\b|.*\bexit (?:code|status):? ?-?\d+"
    r"|(?:g?make|ninja)(?:\[\d+\])?: (?:\*\*\*|Entering directory|Leaving directory)"
    r"|Done\. Your build exited|The command .* exited with|##\[error\]Process completed"
    r"|ERROR: Job failed|(?:Error|error): Process completed"
    r"|\s*Waiting \d+ seconds before trying again"  # GitHub's actions between two tries
    r"|Last \d+ lines from \S+:$"  # Homebrew's heading over a failed step's log
    # ... and Gradle's last words after a failure: how to read more
    r"|\* (?:Try:|Get more help at )|(?:> )?Run with --(?:stacktrace|info|debug|scan) )"
)
# npm's, pnpm's and yarn's echo of a script: "> pkg@1.0.0 test", then "> jest".
_SCRIPT_ECHO = r"> \S+@\S* \S"
_SCRIPT = re.compile("^" + _SCRIPT_ECHO)
# Where the step began: its command echoed (a shell's ``$``/``+``, a package manager's
# script), or the end of a step before it that passed.
_WALL = re.compile(
    rf"^(?:\$ |{_SCRIPT_ECHO}|\+ \S|##\[group\]|##\[command\]|##\[section\]Starting|::group::"
    r"|The command \".*\" exited with 0\.?$|section_start:\d+:"
    r"|=+ Starting Command Output =+$"  # Azure Pipelines' script task, above its command
    r"|Run \S+@\S+\s*$"  # a GitHub Actions step's header, as its page shows it
    r"|Dockerfile(?:\.[\w.-]+)?:\d+\s*$)"  # BuildKit's frame of the step that failed, below
)
_JUNK = re.compile(
    r"^(?:nl)?(?:travis_(?:time|fold):\S*)?\s*$|^(?:\[\w+\] )?[-=_*#~]{8,}\s*$"
    r"|^ {0,5}\d+ \|(?: |$)"  # BuildKit's numbered Dockerfile lines, under its wall
    r"|^\s*=> "  # ... and its progress, a line a step ("=> ERROR [web 4/6] RUN make")
    r"|^(?:##\[(?:endgroup|section)\]|::endgroup::|section_end:\d+:)"  # CI runners' bookkeeping
)
# A place a line names: ``path/to/file.ext:12``, ``file.ext(12,3)``, ``file.ext line 12``.
# Found from its end (an extension, then where), the name read back from there
# (``place``): a regex from the file's start would be tried at every position.
_PLACE = re.compile(
    r"(?P<ext>\.[A-Za-z][\w+]{0,9})"
    r"(?::(?P<line>\d+)|\((?P<pline>\d+)[,)]| (?:on )?line (?P<wline>\d+))"
)
# A path at a line's start, for a reason that names a file but no line.
_LEADING_FILE = re.compile(
    r"^\s*(?P<file>[\w.@~+-]*[\w@~+-][\w.@~+-]*/[\w./@~+-]*\.[A-Za-z]\w{0,9})\b"
)
_FILE_CHARS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_./\\@~+-")


# A line that names what failed, above the line that says so: a path or a test
# id alone, or a heading.
_LABEL = re.compile(r"^\s*(?:\S+|.*:)\s*$")


class Cleaned(Sequence[str]):
    """Raw lines as text, each cleaned when first read: ``reason`` reads from the
    foot up and most often stops a few lines above (an echoed command), where
    cleaning all of them would cost most of its time."""

    __slots__ = ("raws", "_texts")

    def __init__(self, raws: list[bytes]) -> None:
        self.raws = raws
        self._texts: dict[int, str] = {}

    def __len__(self) -> int:
        return len(self.raws)

    def __getitem__(self, i: int) -> str:  # type: ignore[override]  # no slices: not needed
        text = self._texts.get(i)
        if text is None:
            text = self._texts[i] = _cleaned(self.raws[i])
        return text


@lru_cache(maxsize=4096)
def _cleaned(raw: bytes) -> str:
    """A line as ``reason`` reads it: cleaned, and without the CI timestamp
    before it, which says nothing of the step (and would hide its walls).

    Remembered: the windows above failure lines overlap, so a run of a thousand
    failure lines in a row (a test run's summary) reads each line above them
    once, not a hundred times. The same holds of what a line is (``_kind``)."""
    return unstamped(clean_line(raw))


class Reason(NamedTuple):
    """Where the reason stands in the lines given: its first and last line, its head."""

    first: int
    last: int
    head: int


def summary(text: str) -> bool:
    """Whether a line counts failures ("FAILED: 2 tests", "3 errors"): a summary of
    what failed above it, not a failure of its own."""
    return _COUNT.search(text) is not None


@cache
def telling_words() -> Callable[[bytes], Iterator[int]]:
    """Where the words of failure ``weight`` reads stand in raw output: one
    RE2 pass over a buffer (Python's ``re`` where re2 is not installed)."""
    pattern = f"{_ANY.pattern}|(?m:{_LOCATED.pattern})"
    try:
        import re2  # type: ignore[import-not-found,unused-ignore]
    except ImportError:
        words = re.compile(pattern.encode("utf-8"))
        return lambda data: (m.start() for m in words.finditer(data))
    options = re2.Options()
    options.encoding = re2.Options.Encoding.UTF8
    compiled = re2.compile(pattern, options)
    return lambda data: (m.start() for m in compiled.finditer(data))


@lru_cache(maxsize=4096)  # the windows above failure lines overlap, and logs repeat lines
def weight(text: str) -> float:
    """How strongly a line speaks of failure: 0 for a line that does not, or only
    seems to (``falsepos``: "0 errors", a JSON field, a quoted source line)."""
    if _ANY.search(text) is None:  # most lines: one search
        # ... but a line that starts at a place (``file.ext:12: ...``) is how
        # compilers and linkers of every language report, in words of their own
        return 1.5 if _LOCATED.match(text) and not _WARNING.search(text) else 0.0
    if _COUNT.search(text):
        return 1.0  # a summary of failures: worth less than the failures it counts
    strong = _STRONG.search(text) is not None
    medium = _MEDIUM.search(text) is not None
    if not (strong or medium) or _NOTHING.search(text) or falsepos.is_false_positive(text):
        return 0.0
    if _WARNING.search(text) and not _ERROR.search(text):
        return 1.0  # a warning: a step fails of one only where nothing worse stands near
    return (3.0 if strong else 0.0) + (1.5 if medium else 0.0)


def reason(
    lines: Sequence[str], *, said: bool = False, known: Baseline | None = None
) -> Reason | None:
    """The reason a step failed in ``lines``, the output just above its failure
    line (oldest first); None when the step printed nothing there, or (``said``)
    no line there speaks of failure. A line a passing run printed too
    (``known``) speaks of nothing."""
    kept: list[int] = []  # the step's own lines, nearest the failure line first
    for i in range(len(lines) - 1, -1, -1):
        kind = _kind(lines[i])
        if kind is _WALL_LINE or _script_echoed(lines, i):
            break
        if kind is _SKIPPED:
            continue
        kept.append(i)
        if len(kept) >= WINDOW:
            break
    if not kept:
        return None
    weights = {i: 0.0 if known and known.knows(lines[i]) else weight(lines[i]) for i in kept}
    best, best_score = -1, 0.0
    for rank, i in enumerate(kept):  # nearest first: ties go to the nearer line
        w = weights[i]
        if w <= 0:
            continue
        near = 1.5 if rank < 10 else 0.5 if rank < 25 else 0.0
        dense = 0.5 * sum(weights.get(j, 0.0) > 0 for j in (i - 1, i + 1))
        if (score := w + near + dense) > best_score:
            best, best_score = i, score
    if best < 0:  # nothing speaks of failure: the step's last paragraph is all there is
        if said:
            return None
        best = kept[0]
        while best - 1 in weights and lines[best - 1].strip():
            best -= 1
    first = last = best
    while first - 1 in weights and best - first < MAX_ABOVE and lines[first - 1].strip():
        first -= 1
    while last + 1 in weights and last - best < MAX_BELOW and lines[last + 1].strip():
        last += 1
    # The paragraph's first line that speaks of failure heads it: an error's
    # details and the tool's own "failed" follow its first line. Above it, only
    # a line that names what failed (a path, a test: one word) or heads it
    # ("Failures:") belongs to the reason.
    head = next((i for i in range(first, best) if weights.get(i, 0.0) > 0), best)
    first = head - 1 if head > first and _LABEL.match(lines[head - 1]) else head
    return Reason(first, last, head)


_WALL_LINE, _SKIPPED, _KEPT = "wall", "skipped", "kept"

# A logger's level before the line's own words, in its column (Go's zap: a tab;
# padded with spaces) or with a colon (Python's logging): no part of the message.
# One space is a sentence's ("ERROR in ./src/app.js", webpack's).
_LEVEL = re.compile(
    r"^\[?(?:FATAL|ERROR|ERRO|ERR|FTL|CRITICAL|CRIT|SEVERE)\]?(?::\s*|\t\s*| {2,})(?=\S)"
)


@lru_cache(maxsize=4096)
def reason_error(lines: Cleaned, why: Reason, first: int, tool: str | None) -> Error:
    """The error ``reason`` found in ``lines``, ``lines[0]`` being line ``first``:
    the best line its message, the lines that go with it its block."""
    body = [lines[i] for i in range(why.first, why.last + 1)]
    head = lines[why.head]
    where = place(body, why.head - why.first)
    return Error(
        message=_LEVEL.sub("", head.strip(), count=1),
        text=head,
        tool=tool,
        file=where[0] if where else None,
        line=where[1] if where else None,
        span=(first + why.first, first + why.last),
        block=body,
        kind="preceding-output",
        rank=1,
    )


def _script_echoed(lines: Sequence[str], i: int) -> bool:
    """Whether line ``i`` is the command of a package manager's script echo,
    the line under its ``> pkg@1.0.0 test``: as much a wall as that line."""
    return i > 0 and lines[i].startswith("> ") and _SCRIPT.match(lines[i - 1]) is not None


def _kind(text: str) -> str:
    """What a line above a failure line is to ``reason``: a wall it does not
    look past (the step's echoed command), a line it skips, or one it weighs."""
    if _WALL.match(text):
        return _WALL_LINE
    if _JUNK.match(text) or _BOILERPLATE.match(text):
        return _SKIPPED
    return _KEPT


def place(lines: Sequence[str], head: int) -> tuple[str, int | None] | None:
    """The file and line the reason names: on its head line, else the nearest
    line; a file alone where the head line starts with one."""
    for i in sorted(range(len(lines)), key=lambda j: abs(j - head)):
        text = lines[i]
        for m in _PLACE.finditer(text):
            start = m.start()  # the file name runs back from its extension
            while start and text[start - 1] in _FILE_CHARS:
                start -= 1
            if (
                start >= 2
                and text[start - 1] == ":"
                and text[start - 2].isalpha()
                and (start == 2 or not text[start - 3].isalnum())
            ):
                start -= 2  # a drive, C: (not a URL's scheme, file:)
            name = text[start : m.start()]
            if name.startswith("//"):  # file:///home/...: the path after the scheme
                name = "/" + name.lstrip("/")
            if name.strip("./\\") and (name[-1].isalnum() or name[-1] in "_@~+-"):
                return name + m["ext"], int(m["line"] or m["pline"] or m["wline"])
    leading = _LEADING_FILE.match(lines[head])
    return None if leading is None else (leading["file"], None)


# A run's last lines that say it went well after all: its end is no failure's.
_SUCCESS = re.compile(
    r"(?i)\b(?:exited with 0|exit (?:code|status):? 0|build success\w*|succeeded|all tests passed"
    r"|tests? passed|\d+ passed(?!.*\b[1-9]\d* (?:failed|errors?)))\b|^OK\b|\bDone\.?$"
)


# A line of a data file (XML, JSON, HTML), not of a run's output.
_DATA = re.compile(r"^\s*(?:[<{\[\]]|\"[\w .-]*\"\s*:|&lt;)")


def failing_end(lines: Sequence[str], why: Reason) -> bool:
    """Whether the reason found in a run's last ``lines`` surely tells of a
    failure: a strong word of failure on its head line, and no line after it
    that says the run went well. Where the run's status is not known (a log
    read with ``errlearn scan``), only such an end is reported."""
    head = lines[why.head]
    if weight(head) < 3 or _DATA.match(head):
        return False
    if 2 * sum(bool(_DATA.match(line)) for line in lines) > len(lines):
        return False  # the end of a data file (XML, JSON), not of a run's output
    return not any(_SUCCESS.search(lines[i]) for i in range(why.head + 1, len(lines)))
