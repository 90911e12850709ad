"""D: the compilers' messages (dmd's front end, which ldc shares), druntime's
errors and unittest failures, and dub's own words.

The compilers put the place in parentheses, the column after a comma where
they give one::

    source/app.d(4,40): Error: undefined identifier `totl`
    source/app.d(9,5): Deprecation: `std.string.removechars` is deprecated

An error that escaped ``main`` or a unittest is druntime's line, the
exception's class first, then its stack under a rule of dashes::

    core.exception.AssertError@source/calc.d(3): Assertion failure
    ----------------
    ??:? _d_assert [0x7fd1cab4e792]
    source/calc.d:3 [0x55622a6e931f]

(ldc's druntime says a unittest's assertion as ``t.d(2): [unittest] Assertion
failure``.) Then ``1/1 modules FAILED unittests``, and dub's ``Program exited
with code 1`` or ``ldc2 failed with exit code 1.``: consequences.
"""

from __future__ import annotations

from ..reader import Reader
from . import Format, regex

ORDER = 14  # before dotnet.py's MSBuild row, which takes ``app.d(4): Error: ...`` for its own
COMMANDS = {
    **dict.fromkeys(("dmd", "rdmd"), "dmd"),
    **dict.fromkeys(("ldc2", "ldmd2"), "ldc"),
    "dub": "dub",
}
BUILDS: dict[str, frozenset[str] | None] = {
    "dmd": None,
    "rdmd": None,
    "ldc2": None,
    "ldmd2": None,
    "dub": frozenset({"build", "test", "run", "fetch", "upgrade"}),
}

_PLACE = r"^(?P<file>(?:[A-Za-z]:)?[^\s(:]+\.di?)\((?P<line>\d+)(?:,(?P<col>\d+))?\)"
_SAYS = r": (?P<sev>Error|Warning): "  # what every compiler message holds after its place
_DEPRECATED = r": Deprecation: "
_UNITTEST = r": \[unittest\] "


class DStack(Reader):
    """The stack druntime prints under an exception: a rule of dashes, then one
    frame a line (``??:? fn [0x...]`` where it knows no place, ``file:3 [0x...]``
    where it does). The header's place is the error's: the frame that threw."""

    frames_wanted = False
    _FRAME = regex(r"^(?:-{16}$|\?\?:\? |\S+\.di?:\d+ |0x[0-9A-Fa-f]+ in )")

    def accept(self, line: str) -> bool:
        return self._FRAME.match(line) is not None

    def category(self) -> str | None:
        return "assertion" if self.err.code == "AssertError" else "runtime"


READERS = {"dstack": DStack}

ROWS = (
    Format(
        "d-compiler",
        _PLACE + _SAYS + r"(?P<msg>.+)$",
        tool="dmd",
        seek=_SAYS,
        rank=2,
        examples=(
            "source/app.d(4,40): Error: undefined identifier `totl`",
            "app.d(4): Error: undefined identifier `totl`",
            "source/app.d(7,9): Warning: statement is not reachable",
        ),
    ),
    Format(
        "d-deprecation",
        _PLACE + _DEPRECATED + r"(?P<msg>.+)$",
        tool="dmd",
        role="warning",
        seek=_DEPRECATED,
        rank=2,
        examples=("source/app.d(9,5): Deprecation: `std.string.removechars` is deprecated",),
    ),
    Format(  # an exception that escaped: its class (druntime's and Phobos's), @, where thrown
        "d-exception",
        r"^(?:core\.exception|object|core(?:\.\w+)+|std(?:\.\w+)+)\.(?P<code>[A-Z]\w*)@"
        r"(?P<file>[^\s(]+)\((?P<line>\d+)\): (?P<msg>.*)$",
        tool="dmd",
        block="dstack",
        rank=3,
        examples=(
            "core.exception.AssertError@source/calc.d(3): Assertion failure",
            "core.exception.ArrayIndexError@source/app.d(4): index [5] is out of bounds",
            "object.Exception@source/app.d(12): boom",
        ),
    ),
    Format(
        "d-unittest",
        _PLACE + _UNITTEST + r"(?P<msg>.+)$",
        tool="dmd",
        category="assertion",
        seek=_UNITTEST,
        rank=3,
        examples=("t.d(2): [unittest] Assertion failure",),
    ),
    Format(  # the failures come first, each said above
        "d-unittests-failed",
        r"^(?P<msg>\d+/\d+ modules FAILED unittests)$",
        tool="dmd",
        role="consequence",
        rank=1,
        examples=("1/1 modules FAILED unittests",),
    ),
    Format(
        "dub-exit",
        r"^(?:Error:? )?(?P<msg>Program exited with code -?\d+|(?:\S*/)?(?:dmd|ldc2|ldmd2|gdc|"
        r"gdmd) failed with exit code -?\d+\.?)$",
        tool="dub",
        role="consequence",
        rank=1,
        examples=(
            "Program exited with code 1",
            "/usr/bin/ldc2 failed with exit code 1.",
            "Error: dmd failed with exit code 1.",
        ),
    ),
    Format(  # a dependency dub cannot find or settle on
        "dub-dependency",
        r"^(?:Error:? |Error executing command \w+: )?(?P<msg>Root package \S+ (?:reference "
        r"\S+ .+ cannot be satisfied|references unknown package \S+|contains reference to "
        r"invalid package \S+).*|"
        r"Failed to find any versions for package \S+, referenced by .+|"
        r"Unknown dependency: \S+|Could not resolve dependencies)$",
        tool="dub",
        category="dependency",
        rank=2,
        examples=(
            "Root package rdpl:core reference gfm:math ~>6.1.4 cannot be satisfied.",
            "Failed to find any versions for package vibe-d, referenced by dq ~master",
            "Error executing command run: Unknown dependency: vibe-d",
        ),
    ),
)
