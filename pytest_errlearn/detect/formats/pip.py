"""Python's package tools: pip (and uv, poetry, pipenv, pdm, hatch as builds).

A package pip had to build (a setup.py, a native extension) that failed is
its build's output under pip's banner, the reason somewhere inside::

      error: subprocess-exited-with-error

      × python setup.py bdist_wheel did not run successfully.
      │ exit code: 1
      ╰─> [80 lines of output]
          Building lxml version 4.6.3.
          Error: Please make sure the libxml2 and libxslt development packages are installed.
          [end of output]

(pip before 22: ``ERROR: Command errored out with exit status 1:``, the
command, ``Complete output (80 lines):`` and the output, a rule of dashes.)
The error is the first line of that output some row reads as an error (a
compiler's, an exception), else the first that says something failed. The
lines pip prints after it (``Failed building wheel for lxml``, ``Could not
build wheels for lxml``) only follow from it.
"""

from __future__ import annotations

from ...report import Error
from ..reader import Reader, read_by_a_row
from . import Format, regex

ORDER = 10  # with python.py's rows, before them (none takes pip's lines)
COMMANDS = {**dict.fromkeys(("pip", "pip3", "uv", "poetry", "pipenv"), "pip")}
BUILDS: dict[str, frozenset[str] | None] = {
    **dict.fromkeys(("pip", "pip3"), frozenset({"install", "wheel", "download"})),
    "uv": frozenset({"sync", "build", "lock", "pip install", "pip sync", "pip compile"}),
    "poetry": frozenset({"install", "build", "lock", "check", "update", "add"}),
    "pdm": frozenset({"install", "build", "sync", "lock"}),
    "hatch": frozenset({"test", "build"}),
    "pipenv": frozenset(),  # none builds; its history is kept by subcommand
}


class PipSubprocess(Reader):
    """pip's banner and the output of the build it ran, indented under it: its
    first error, as the row that reads it says (message, place, category)."""

    frames_wanted = False
    _BANNER = regex(r"^\s*(?:×|│|╰─>)")
    _END = regex(r"^\s*(?:\[end of output\]|-{20,})\s*$")  # pip 22 on; before 22
    _NOTE = regex(r"^\s*note: This error originates from a subprocess")
    _TELLING = regex(r"(?i)\berror\b|fatal|not found|no such|cannot|failed|missing")

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.ended = False  # the output's end was read: only pip's note may follow
        self.said = False
        self.said_category: str | None = None

    def accept(self, line: str) -> bool:
        if not line.strip():
            return not self.blanks
        if self.ended:
            return self._NOTE.match(line) is not None
        if self._END.match(line):
            self.ended = True
            return True
        if self._BANNER.match(line):
            return True
        if not line[:1].isspace():
            return False
        if not self.said:
            self._read(line.strip())
        return True

    def _read(self, text: str) -> None:
        """A line of the build's output: the error, where a row or its words say so."""
        fmt = read_by_a_row(self.err, text, lambda row: row.tool == "pip")
        if fmt is not None:
            self.said, self.said_category = True, fmt.category if fmt.rank >= 2 else None
        elif self._TELLING.search(text) and "did not run successfully" not in text:
            self.err.message, self.said = text, True

    def category(self) -> str | None:
        """The row's category where the row that read the error says one; else what
        its words say; else a build's failure (the banner would read as a crash)."""
        return self.said_category or self.said_else("build")


class PipConflict(Reader):
    """What pip's resolver says under ``Cannot install A and B``: the requirements
    that conflict, indented under ``The conflict is caused by:``, which go into
    the message; then what it could not find, and its advice (numbered)."""

    frames_wanted = False
    _CAUSES = "The conflict is caused by:"
    _MOST = 4  # requirements said in the message

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.causes: list[str] = []
        self.reading = False  # the lines under "The conflict is caused by:"

    def accept(self, line: str) -> bool:
        stripped = line.strip()
        if not stripped:
            self.reading = False
            return not self.blanks
        if line[:1].isspace() or stripped[:1].isdigit():
            if self.reading and len(self.causes) < self._MOST:
                self.causes.append(stripped)
            return True
        self.reading = stripped == self._CAUSES
        return self.reading or stripped.startswith(("Additionally, ", "To fix this you could"))

    def finish(self) -> None:
        if self.causes:
            self.err.message = f"{self.err.message} ({'; '.join(self.causes)})"


READERS = {"pip-subprocess": PipSubprocess, "pip-conflict": PipConflict}

ROWS = (
    Format(  # a build pip ran failed: its output follows, the reason in it
        "pip-subprocess",
        r"^\s*(?:ERROR|error): (?P<msg>subprocess-exited-with-error|Command errored out with "
        r"exit status \d+:?)\s*$",
        tool="pip",
        block="pip-subprocess",
        rank=2,
        examples=(
            "  error: subprocess-exited-with-error",
            "ERROR: Command errored out with exit status 1:",
        ),
    ),
    Format(  # what pip says after a build failed: it follows from the build's error
        "pip-build-failed",
        r"^\s*(?:ERROR: )?(?P<msg>Failed building wheel for \S+|Failed to build .+|Could not "
        r"build wheels for .+|Failed to build installable wheels for some pyproject\.toml based "
        r"projects.*)$",
        tool="pip",
        role="consequence",
        rank=1,
        examples=(
            "  ERROR: Failed building wheel for lxml",
            "Failed to build lxml",
            "ERROR: Could not build wheels for lxml, which is required to install"
            " pyproject.toml-based projects",
        ),
    ),
    Format(  # the resolver's conflict, the requirements that conflict under it
        "pip-conflict",
        r"^\s*(?:ERROR|error): (?P<msg>Cannot install .+ because these package versions have "
        r"conflicting dependencies\.)$",
        tool="pip",
        block="pip-conflict",
        rank=2,
        examples=(
            "ERROR: Cannot install requests==2.31.0 and urllib3==1.20 because these package"
            " versions have conflicting dependencies.",
        ),
    ),
    Format(
        "pip-error",
        r"^\s*(?:ERROR|error): (?P<msg>(?:Could not find a version|"
        r"Could not install|Cannot install|pip's dependency resolver|"
        r"Invalid requirement|Could not open requirements file).*)$",
        tool="pip",
        rank=2,
        examples=(
            "ERROR: Could not find a version that satisfies the requirement foo==9.9 (from"
            " versions: none)",
        ),
    ),
    Format(  # what pip says after either of those two: it follows from them
        "pip-follows",
        r"^\s*(?:ERROR|error): (?P<msg>No matching distribution found for .+|"
        r"ResolutionImpossible: .*)$",
        tool="pip",
        role="consequence",
        rank=1,
        examples=(
            "ERROR: No matching distribution found for foo==9.9",
            "ERROR: ResolutionImpossible: for help visit https://pip.pypa.io/en/latest/topics/"
            "dependency-resolution/#dealing-with-dependency-conflicts",
        ),
    ),
)
