"""Ada: GNAT's diagnostics (gnatmake, gprbuild, Alire), and the exception a
GNAT program did not handle.

GNAT prints gcc's shape for Ada's files, ``error:`` before an error since
GCC 11 (nothing before, earlier), ``warning:`` or ``(style)`` before the
others. A message of several lines repeats its place on each::

    hello.adb:3:19: error: expected type "Standard.Integer"
    hello.adb:3:19: error: found a string type

An exception a program let go ends it with ``raised NAME : message``, the
place first where the runtime knows it (a check that failed)::

    raised CONSTRAINT_ERROR : rt.adb:6 range check failed
"""

from __future__ import annotations

from collections.abc import Sequence

from ..reader import Reader
from . import Format, regex

TYPE_CHECKING = False  # mypy reads it as True: typing loads where it is used, not here
if TYPE_CHECKING:
    from ...report import Error

ORDER = 14  # before c.py's gcc row, which takes any ``file:line:col: error:`` line
COMMANDS = {
    **dict.fromkeys(("gnatmake", "gprbuild", "gnat", "gnatbind", "gnatlink"), "gnat"),
    "alr": "alr",
}
BUILDS: dict[str, frozenset[str] | None] = {
    **dict.fromkeys(("gnatmake", "gprbuild", "gnatbind", "gnatlink"), None),
    "gnat": frozenset({"make", "compile", "bind", "link"}),
    "alr": frozenset({"build", "run", "test"}),
}

_ADA = r"[^\s:]+\.ad[bsc]"  # a body, a spec, a configuration file
_AT = r":(?P<line>\d+):(?P<col>\d+): "
# What stands between the place and the message: the kind, where GNAT says it.
_KIND = regex(r"^\(?(?:error|warning|info|style)(?:: |\) )")


class SamePlace(Reader):
    """The lines of one GNAT message after its first: the same place, said
    again; each says more of what is wrong, and the message takes them in."""

    frames_wanted = False

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.place = f"{err.file}:{err.line}:{err.column}: "
        self.more: list[str] = []

    def accept(self, line: str) -> bool:
        if not line.startswith(self.place):
            return False
        said = line[len(self.place) :]
        self.more.append(said[m.end() :] if (m := _KIND.match(said)) else said)
        return True

    def finish(self) -> None:
        self.err.message = "; ".join([self.err.message, *self.more])


class Raised(Reader):
    """The call stack GNAT's runtime prints under an exception (with ``-E``):
    its heading, the addresses, or ``0x... in f at file.adb:12`` lines."""

    frames_wanted = False
    _LINE = regex(r"^(?:Call stack traceback locations:|\[\S+\]|0x[0-9a-f]+(?: |$))")

    def accept(self, line: str) -> bool:
        return self._LINE.match(line) is not None

    def category(self) -> str | None:
        return self.said_else("runtime")  # NAME_ERROR's "No such file" is the file system's


READERS = {"gnat-same-place": SamePlace, "gnat-raised": Raised}

_RAISED_AT = regex(rf"^(?P<file>{_ADA}):(?P<line>\d+) (?P<rest>.*)$")


def _raised(groups: dict[str, str | None], before: Sequence[str]) -> None:
    """A check's failure names where it failed before what failed: the place
    out of the message (``rt.adb:6 range check failed``)."""
    exc, said = groups["exc"] or "", groups["said"] or ""
    if (m := _RAISED_AT.match(said)) is not None:
        groups["file"], groups["line"], said = m["file"], m["line"], m["rest"]
    groups["msg"] = f"{exc}: {said}" if said else exc


ROWS = (
    Format(  # a unit a ``with`` names and no source path holds
        "gnat-missing-unit",
        rf"^(?P<file>{_ADA}){_AT}(?:error: )?(?P<msg>file \"[^\"]+\.ads\" not found)$",
        seek=_AT,
        tool="gnat",
        category="dependency",
        rank=2,
        examples=('w.adb:1:06: error: file "missing_pkg.ads" not found',),
    ),
    Format(
        "gnat",
        rf"^(?P<file>{_ADA}){_AT}(?:\(?(?P<sev>error|warning|info|style)(?:: |\) ))?"
        r"(?P<msg>\S.*)$",
        seek=_AT,
        tool="gnat",
        block="gnat-same-place",
        rank=2,
        examples=(
            'hello.adb:3:19: error: expected type "Standard.Integer"',
            'calc.adb:4:13: "Undefined_Thing" is undefined',
            'src/queues.ads:12:04: warning: variable "x" is never read and never assigned',
            "st.adb:4:05: (style) space required",
        ),
    ),
    Format(
        "gnat-raised",
        r"^raised (?P<exc>[A-Za-z][\w.]*) : ?(?P<said>.*)$",
        tool="gnat",
        block="gnat-raised",
        fixup=_raised,
        rank=3,
        examples=(
            "raised CONSTRAINT_ERROR : rt.adb:6 range check failed",
            "raised ADA.IO_EXCEPTIONS.NAME_ERROR : data.txt: No such file or directory",
            "raised EX.MY_ERROR : custom message here",
        ),
    ),
    Format(  # the line before an exception's ``raised``, when the program was not the main one
        "gnat-terminated",
        r"^Execution of .+ terminated by unhandled exception$",
        tool="gnat",
        role="ignore",
        examples=("Execution of ./io terminated by unhandled exception",),
    ),
    Format(
        "gnat-failed",
        r"^(?:gnatmake|gprbuild|gnatbind|gnatlink)(?:-\d+)?: (?P<msg>\"[^\"]+\" compilation error|"
        r"\*\*\* (?:compilation phase|bind|link|compilation) failed\.?|.+ must be recompiled .*)$",
        tool="gnat",
        role="consequence",
        rank=0,
        examples=(
            'gnatmake: "hello.adb" compilation error',
            "gprbuild: *** compilation phase failed",
            "gprbuild: *** link failed",
        ),
    ),
)
