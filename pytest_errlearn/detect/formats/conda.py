"""conda's libmamba solver and mamba / micromamba's own errors (conda's exceptions by
name, ``PackagesNotFoundError:`` and the like, are ``pip.py``'s).

libmamba says what it cannot solve as a tree under one line: micromamba and
mamba 2 log it at their ``error`` level, conda 23.10 on (whose default solver
it is) prints it bare::

    error    libmamba Could not solve for environment specs
        The following packages are incompatible
        ├─ python =3.12 * is requested and can be installed;
        └─ numpy =1.9 * does not exist (perhaps a typo or a missing channel).
    critical libmamba Could not solve for environment specs

The tree's first level names the specifications it could not fit, what is
wrong with each after them; conda prints the tree unindented and wraps its
long lines, after its ``LibMambaUnsatisfiableError: Encountered problems while
solving:`` (``pip.py``'s row), whose problems the tree only says again. The
``critical`` line after micromamba's tree repeats the error (it exits on it).
Its other errors are one line at those levels, the reasons indented under
it (``critical libmamba Multiple errors occured:``, the downloads that failed).
"""

from __future__ import annotations

from ...report import Error
from ..reader import Reader
from . import Format, regex, said_in

ORDER = 10  # with pip.py's conda rows (none takes the other's lines)
COMMANDS: dict[str, str] = {}  # conda, mamba and micromamba are pip.py's

# What libmamba's words say went wrong: a channel or a download out of reach; else
# the solver could not have or fit a package.
_SAYS = (
    (
        "network",
        regex(
            r"(?i)download|resolve host|status: [45]\d\d|\bHTTP\b|SSL|proxy|timed? ?out"
            r"|connection|not loaded"
        ),
    ),
    ("dependency", regex(r".")),
)


class LibmambaProblems(Reader):
    """The tree libmamba draws under its error, the lines it wraps, the reasons it
    indents under a one-line error, and the ``critical`` line repeating the error
    after them. The tree's first-level problems (at most ``_MOST``), or the first
    indented reason, go into the message."""

    frames_wanted = False
    _BRANCH = ("├", "│", "└")
    _TOP = regex(r"^\s*[├└]─ (?P<problem>.+?)[;.,]?\s*$")
    _HEADING = regex(r"^\s*The following packages? (?:are incompatible|could not be installed)")
    _REPEAT = regex(r"^critical\s+libmamba ")
    _MOST = 3

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.problems: list[str] = []
        self.reason: str | None = None  # the first indented line under a one-line error
        self.top: int | None = None  # the indentation of the tree's first level
        self.wrapped = False  # the last tree line goes on on the next line
        self.repeated = False  # the ``critical`` line after an ``error`` one was read

    def accept(self, line: str) -> bool:
        stripped = line.strip()
        if not stripped or self.repeated:
            return False
        if self._REPEAT.match(line):  # the error said again after its ``error`` line
            self.repeated = self.err.text.lstrip().startswith("error")
            return self.repeated
        tree = stripped.startswith(self._BRANCH)
        if not (tree or self.wrapped or line[:1].isspace() or self._HEADING.match(line)):
            return False
        indent = len(line) - len(line.lstrip())
        if tree and (m := self._TOP.match(line)) is not None:
            self.top = indent if self.top is None else self.top
            if indent == self.top and len(self.problems) < self._MOST:
                self.problems.append(m["problem"])
        elif not tree and not self.wrapped and self.reason is None:
            self.reason = None if self._HEADING.match(line) else stripped
        self.wrapped = tree and not stripped.endswith((";", ".", ",", ":"))
        return True

    def finish(self) -> None:
        said = self.err.message.rstrip().rstrip(":")
        if self.problems:
            self.err.message = f"{said}: {'; '.join(self.problems)}"
        elif self.reason is not None:
            self.err.message = f"{said}: {self.reason}"
        elif said.startswith("Could not solve"):
            # no tree under it: micromamba before 2 listed the problems above it
            # ("Encountered problems while solving:", pip.py's conda-error)
            self.consequence = True

    def category(self) -> str | None:
        return said_in(_SAYS, self.err.message)


READERS = {"libmamba": LibmambaProblems}

ROWS = (
    Format(  # micromamba's and mamba 2's error, at libmamba's error or critical level
        "libmamba-error",
        r"^(?:error|critical)\s+libmamba (?P<msg>\S.*?)\s*$",
        tool="conda",
        block="libmamba",
        rank=2,
        words=("libmamba ",),
        examples=(
            "error    libmamba Could not solve for environment specs",
            "critical libmamba Multiple errors occured:",
        ),
    ),
    Format(  # conda's libmamba solver: after its LibMambaUnsatisfiableError (pip.py's
        # conda-error), the same problems as a tree; else (a paste from it on) the error
        "conda-could-not-solve",
        r"^(?P<msg>Could not solve for environment specs)\s*$",
        tool="conda",
        role="count",
        block="libmamba",
        rank=2,
        words=("Could not solve for environment specs",),
        examples=("Could not solve for environment specs",),
    ),
)
