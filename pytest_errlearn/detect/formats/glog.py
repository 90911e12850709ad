r"""glog's log lines: Google's logging library for C++, its forms in Go (glog,
and klog, which kubectl and the rest of Kubernetes log through) and Abseil's
logging (which gRPC and TensorFlow print through).

Each line starts with its level's letter, the date and time, the thread, and
the file and line that logged it, up to a ``]``::

    E1127 15:07:34.785246   30913 memcache.go:265] couldn't get current server API group list
    F20261127 15:11:12.910048  3898 calc.cc:9] Check failed: total(2, 2) == 4 (3 vs. 4)

(glog 0.6 on puts the year in the date; Abseil, before its logging is set up,
a zero date and the seconds since 1970.) ``E`` is an error, ``F`` a fatal one
(the program aborts, and glog prints the stack of a failed ``CHECK`` under
it), ``W`` a warning; ``I`` and ``V`` lines are no errors. The file is the
logging program's own source: the project's, where a test of its code logs,
else another's (kubectl's).
"""

from __future__ import annotations

from collections.abc import Sequence

from ..reader import Reader
from . import Format, regex

ORDER = 9  # before python.py's ruff row, which takes "E1127 15:07:34..." as a rule's code

# The date (MMDD, or YYYYMMDD) and time, the thread, then glog's options:
# [thread name] and (context), as folly's form of it prints them.
_HEAD = (
    r"(?:\d{4}|\d{8}) \d\d:\d\d:\d+(?:\.\d+)?\s+\d+ (?:\[[^\]]*\] )?(?:\([^)]*\) )?"
    r"(?P<file>[^\s:\]]+):(?P<line>\d+)\] (?P<msg>.*)$"
)
# klog's structured form: "message" key="value" ...; an error's text is err's value.
_STRUCTURED = regex(r'^"(?P<said>(?:[^"\\]|\\.)*)"(?: .*?\berr="(?P<err>(?:[^"\\]|\\.)*)")?')


def _structured(groups: dict[str, str | None], before: Sequence[str]) -> None:
    """klog's ``"Unhandled Error" err="..."`` as ``Unhandled Error: ...``."""
    if (msg := groups.get("msg")) and (m := _STRUCTURED.match(msg)):
        said = m["said"].replace('\\"', '"')
        groups["msg"] = f"{said}: {m['err']}".replace('\\"', '"') if m["err"] else said


class CheckFailure(Reader):
    """What glog prints under a fatal line: the stack of a failed ``CHECK``
    (``*** Check failure stack trace: ***``, then ``    @  0x... function``),
    and its failure signal handler's report where one is installed."""

    frames_wanted = False
    _BODY = regex(r"^(?:\*\*\* .* \*\*\*\s*$|\s+@\s+0x[0-9a-f]+|PC: @\s)")

    def accept(self, line: str) -> bool:
        return self._BODY.match(line) is not None

    def category(self) -> str | None:
        return "assertion" if self.err.message.startswith("Check failed") else "runtime"


READERS = {"glog-fatal": CheckFailure}

ROWS = (
    Format(
        "glog-fatal",
        r"^F" + _HEAD,
        tool="glog",
        block="glog-fatal",
        fixup=_structured,
        rank=3,  # the program aborts there: the errors it logged before did not stop it
        examples=(
            "F20261127 15:11:12.910048  3898 calc.cc:9] Check failed: total(2, 2) == 4 (3 vs. 4)"
            " total is wrong",
        ),
    ),
    Format(
        "glog-error",
        r"^E" + _HEAD,
        tool="glog",
        fixup=_structured,
        rank=2,
        examples=(
            "E20261127 15:11:12.910033  3898 calc.cc:8] could not open config.yaml",
            'E1127 15:07:34.785246   30913 memcache.go:265] "Unhandled Error" err="couldn\'t get'
            ' current server API group list: Get \\"http://localhost:8080/api?timeout=32s\\":'
            ' dial tcp 127.0.0.1:8080: connect: connection refused"',
            "E0000 00:00:1795789694.898660   17880 re2.cc:783] DFA out of memory: pattern length"
            " 63231, program size 44443, list count 36824, bytemap range 132",
        ),
    ),
    Format(
        "glog-warning",
        r"^W" + _HEAD,
        tool="glog",
        role="warning",
        fixup=_structured,
        rank=2,
        examples=(
            "W20261127 15:11:12.910027  3898 calc.cc:7] cache directory missing, using /tmp",
        ),
    ),
)
