r"""``bun test``: a failed test, its error printed before its mark.

Bun prints a test's failure as it happens: the source around the failing
line, ``error: ...`` (an ``expect`` matcher's hint, or the exception), what
was expected and received, the frames; then the test's mark, ``(fail)`` where
no terminal is (CI) and ``✗`` at one::

    4 |   expect(3 - 1).toBe(3);
                        ^
    error: expect(received).toBe(expected)

    Expected: 3
    Received: 2

          at <anonymous> (/home/runner/work/app/test/math.test.ts:4:17)
    (fail) subtract [0.50ms]

The error is read from the mark, back over those lines: the message with
what was expected and received, the place the innermost frame in the
project. (Bun's package manager's commands are node.py's, with npm's.)

``bun install`` says what it could not do for each package, one ``error:`` a
package: a version it could not resolve, or what went wrong (Zig's name for
the error) as it downloaded, extracted or installed one::

    error: ConnectionRefused downloading package manifest left-pad
    error: left-pad@^1.3.0 failed to resolve
"""

from __future__ import annotations

from collections.abc import Sequence

from . import Format, regex

ORDER = 14  # before elm-test's "✗ test" row and the bare ``error:`` rows (rust.py's)
COMMANDS = {"bun": "bun"}

_MARK = regex(r"^(?:\((?:pass|fail|skip|todo)\)|[✓✗»✎]) ")  # a test's mark: its failure ends here
# What went wrong: a matcher's hint or an Error's message (``error: ...``), or
# another exception by its name (``TypeError: ...``).
_ERROR = regex(r"^(?:error: (?P<msg>.+?)|(?P<raised>[A-Z]\w*(?:Error|Exception)\b.*?))\s*$")
_DETAIL = regex(r"^(?:Expected|Received)(?: [\w ]+)?: .+$")
_FRAME = regex(
    r"^\s+at (?:.*? \()?(?P<file>/[^\s():]+|[\w.][^\s():]*):(?P<line>\d+):(?P<col>\d+)\)?$"
)
_NOT_OURS = regex(r"/node_modules/|^bun:|^node:|^internal:")


def _failure_above(groups: dict[str, str | None], before: Sequence[str]) -> None:
    """A test's error, from the lines between its mark and the test before it:
    the last ``error:`` line with what was expected and received under it, and
    the innermost frame in the project under that."""
    start = next((i + 1 for i in range(len(before) - 1, -1, -1) if _MARK.match(before[i])), 0)
    lines = before[start:]
    at = next((i for i in range(len(lines) - 1, -1, -1) if _ERROR.match(lines[i])), None)
    if at is None:
        return
    said = [_ERROR.match(lines[at])["msg"] or _ERROR.match(lines[at])["raised"]]  # type: ignore[index]
    said += [line.strip() for line in lines[at + 1 :] if _DETAIL.match(line.strip())][:4]
    groups["msg"] = " ".join(said)
    for line in lines[at + 1 :]:
        if (m := _FRAME.match(line)) is not None and not _NOT_OURS.search(m["file"]):
            groups["file"], groups["line"], groups["col"] = m["file"], m["line"], m["col"]
            return


ROWS = (
    Format(  # bun install: a package no version of which it could resolve
        "bun-install-unresolved",
        r"^error: (?P<msg>\S+@\S* failed to resolve)\s*$",
        tool="bun",
        category="dependency",
        rank=2,
        examples=(
            "error: left-pad@^1.3.0 failed to resolve",
            "error: @scope/pkg@ failed to resolve",
        ),
    ),
    Format(  # ... or could not fetch or put in place: the error's name first
        "bun-install-failed",
        r"^error: (?P<msg>(?P<code>[A-Z][A-Za-z]+) (?:downloading (?:package manifest|tarball)"
        r"|extracting tarball(?: for)?|installing) \S.*)$",
        tool="bun",
        rank=2,
        examples=(
            "error: ConnectionRefused downloading package manifest left-pad",
            "error: IntegrityCheckFailed extracting tarball for left-pad",
            "error: FileNotFound installing left-pad",
        ),
    ),
    Format(
        "bun-test-failed",
        # "✗" alone is elm-test's and old lychee's too: Bun's has the test's time after it
        r"^(?:\(fail\) |✗ (?=.* \[[\d.]+m?s\]\s*$))(?P<test>.+?)(?: \[[\d.]+m?s\])?\s*$",
        tool="bun",  # its category what its error says: an expect's, or an exception's
        rank=3,
        fixup=_failure_above,
        words=("(fail)",),
        examples=("(fail) subtract [0.50ms]", "✗ math > divides by zero [1.02ms]"),
    ),
    Format(  # its matcher's hint, read with the test's mark below it
        "bun-expect-hint",
        r"^error: expect\(received\)\S*(?: .*)?$",
        tool="bun",
        role="ignore",
        examples=(
            "error: expect(received).toBe(expected)",
            "error: expect(received).toEqual(expected)",
        ),
    ),
    Format(
        "bun-test-summary",
        r"^\s*(?P<msg>[1-9]\d* fail)\s*$",
        tool="bun",
        role="consequence",
        rank=0,
        words=("fail",),
        examples=(" 1 fail", " 12 fail"),
    ),
)
