"""Python's project managers beside pip (``pip.py``): the failures poetry and pipenv
print in layouts of their own.

Poetry (its console, cleo) prints an exception it did not expect, and any
with ``-v``, as the exception's class alone on a line, its message a
paragraph under it, then where poetry raised it and the source there::

      SolverProblemError

      Because app depends on foo (>=9.9) which doesn't match any versions, version solving failed.

      at ~/.local/lib/python3.11/site-packages/poetry/puzzle/solver.py:186 in _solve
          182│             packages = result.packages
        → 186│             raise SolverProblemError(e)

The place is poetry's own code, never the user's. A build poetry ran that
failed (``ChefBuildError``) puts the build's output between the message and
that place: a compiler's error there is the reason.

pipenv says ``✘ Locking Failed!`` and then the resolver's traceback, each of
its lines after ``[pipenv.exceptions.ResolutionFailure]:`` (``[ResolutionFailure]:``
from pipenv 2023 on); the traceback's last line says what could not be resolved.
"""

from __future__ import annotations

from ..reader import Reader, read_by_a_row
from . import Format, regex

TYPE_CHECKING = False  # mypy reads it as True: typing loads where it is used, not here
if TYPE_CHECKING:
    from ...report import Error

ORDER = 10  # with pip.py's rows (none takes the other's lines)

# poetry's exceptions that say a requirement cannot be met, and those of a build it ran
_POETRY_CATEGORY = {
    "SolverProblemError": "dependency",
    "SolveFailure": "dependency",
    "SolveFailureError": "dependency",
    "PackageNotFoundError": "dependency",
    "ChefBuildError": "build",
}


class PoetryException(Reader):
    """The lines under a poetry exception's class: a blank line, the message's
    paragraph, more paragraphs (a build's output, for ``ChefBuildError``), then
    ``at FILE:LINE in FUNCTION`` and the ruled source under it, up to the next
    line that is not indented. No exception of poetry's until that ``at`` line
    is read: a class name alone on an indented line says little by itself.

    The message is the first paragraph, its lines joined; where a row reads a
    line of the paragraphs after it as a tool's error (a compiler's, in a
    build's output), that error is the reason, its place the error's."""

    frames_wanted = False  # the place poetry names is its own code
    valid = False  # until the ``at`` line
    _AT = regex(r"^\s+at \S.*:\d+ in \S+$")
    _MOST = 3  # lines of the first paragraph said in the message

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.paragraph = 0  # 1 reading the message's, 2 those after it
        self.said: list[str] = []
        self.read_category: str | None = None  # the category of the row that read the reason

    def accept(self, line: str) -> bool:
        if not line.strip():
            if self.paragraph == 1:
                self.paragraph = 2
            return self.blanks < 2
        if not line[:1].isspace():
            return False
        if self.valid:
            return True  # the source under the ``at`` line
        if self._AT.match(line):
            self.valid = True
        elif self.paragraph == 0 and self.blanks:
            self.paragraph = 1
            self.said.append(line.strip())
        elif self.paragraph == 1:
            if len(self.said) < self._MOST:
                self.said.append(line.strip())
        elif self.paragraph == 2 and self.read_category is None:
            self._reason(line.strip())
        else:
            return self.paragraph != 0  # an indented line right under the class: none of it
        return True

    def _reason(self, text: str) -> None:
        """A line of a build's output under the message: the reason, where a row
        of another tool reads it as an error."""
        said = self.err.message
        fmt = read_by_a_row(self.err, text, lambda row: row.tool in (None, "poetry"))
        if fmt is None:
            return
        self.read_category = fmt.category or "build"
        self.said = [self.err.message] if self.err.message else [said]

    def finish(self) -> None:
        if self.said:
            self.err.message = " ".join(self.said)

    def category(self) -> str | None:
        """The row's that read the reason; else the exception's, where it says one;
        else as its words say."""
        if self.read_category is not None:
            return self.read_category
        return _POETRY_CATEGORY.get(self.err.code or "") or self.said_else("unknown")


class PoetryChained(Reader):
    """With ``-v``, poetry prints each exception of a chain, the one raised while
    handling the one above under ``The following error occurred when trying to
    handle this error:``: the same failure again (``SolverProblemError`` for
    ``SolveFailureError``), no error of its own. Its lines, blank or indented,
    are read here and none of them is an error."""

    valid = False
    frames_wanted = False

    def accept(self, line: str) -> bool:
        return not line.strip() or line[:1].isspace()


class PipenvLock(Reader):
    """The resolver's traceback under ``Locking Failed!``, every line prefixed with
    the exception's name in brackets: the exception's own line (``pipenv.exceptions.
    ResolutionFailure: ERROR: Could not find a version that matches foo``) is the
    message, pip's ``ERROR: `` before it (said twice) left out."""

    frames_wanted = False  # pipenv's own frames
    _PREFIX = ("[pipenv.exceptions.ResolutionFailure]:", "[ResolutionFailure]:")
    _RAISED = regex(r"^\s*(?:pipenv\.exceptions\.)?ResolutionFailure: (?:ERROR: )*(?P<msg>\S.*)$")

    def accept(self, line: str) -> bool:
        if not line.startswith(self._PREFIX):
            return False
        rest = line.partition("]:")[2]
        if (m := self._RAISED.match(rest)) is not None:
            self.err.message = m["msg"].strip()
        return True

    def category(self) -> str | None:
        return "dependency"


READERS = {
    "poetry-exception": PoetryException,
    "poetry-chained": PoetryChained,
    "pipenv-lock": PipenvLock,
}

ROWS = (
    Format(  # poetry's exception: its class alone, indented by two (``PoetryException``)
        "poetry-exception",
        r"^  (?P<code>[A-Z][A-Za-z]*(?:Error|Exception|Failure))$",
        tool="poetry",
        block="poetry-exception",
        rank=2,
        examples=("  SolverProblemError", "  ChefBuildError"),
    ),
    Format(  # ... and the next of its chain, which only follows from it
        "poetry-chained",
        r"^The following error occurred when trying to handle this error:$",
        tool="poetry",
        block="poetry-chained",
        rank=0,
        examples=("The following error occurred when trying to handle this error:",),
    ),
    Format(  # pipenv could not lock: the resolver's traceback under it says why
        "pipenv-locking-failed",
        r"^(?:\S+ ){0,2}(?P<msg>Locking Failed!)\s*$",
        tool="pipenv",
        category="dependency",
        block="pipenv-lock",
        rank=2,
        examples=("✘ Locking Failed! ", "Locking Failed!"),
    ),
)
