"""Python's package tools: pip (and uv, poetry, pipenv, pdm, hatch as builds), and
conda (mamba, micromamba), whose errors are its exceptions' names and words
(``PackagesNotFoundError: The following packages are not available from
current channels:``), the packages they are about listed under them.

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
from ..frames import is_user_path
from ..reader import Reader, read_by_a_row
from . import Format, regex

ORDER = 10  # with python.py's rows, before them (none takes pip's lines)
COMMANDS = {
    **dict.fromkeys(("pip", "pip3", "uv", "poetry", "pipenv"), "pip"),
    **dict.fromkeys(("conda", "mamba", "micromamba"), "conda"),
}
BUILDS: dict[str, frozenset[str] | None] = {
    **dict.fromkeys(
        ("conda", "mamba", "micromamba"),
        frozenset({"install", "create", "update", "env create", "env update"}),
    ),
    **dict.fromkeys(("pip", "pip3"), frozenset({"install", "wheel", "download"})),
    "uv": frozenset({"sync", "build", "lock", "pip install", "pip sync", "pip compile"}),
    "poetry": frozenset({"install", "build", "lock", "check", "update", "add"}),
    "pdm": frozenset({"install", "build", "sync", "lock"}),
    "hatch": frozenset({"test", "build"}),
    "pipenv": frozenset(),  # none builds; its history is kept by subcommand
}


class PipSubprocess(Reader):
    """pip's banner and the output of the build it ran, indented under it: its
    first error, as the row that reads it says (message, place, category).

    A Python traceback there (a ``setup.py`` that raised) is its exception,
    at the last frame of its own: the traceback's first line says nothing.
    Where the output says nothing telling, or pip did not show it ("See above
    for output."), the error is pip's own words for the step that failed
    (``× Getting requirements to build wheel did not run successfully.``).
    pip's fields (``command:``, ``cwd:``, its note) are no part of the output.
    pip's own errors in that layout (``error: externally-managed-environment``)
    have no build's output: their message is that line (``diagnostic``).
    pip repeats the banner of a build that failed under another's (the build
    dependencies' install) at the top level, "See above for output.": that one
    only follows from the first.
    """

    frames_wanted = False
    _BANNER = regex(r"^\s*(?:×|│|╰─>)")
    _STEP = regex(r"^\s*× (?P<step>.+)$")
    _END = regex(r"^\s*(?:\[end of output\]|-{20,})\s*$")  # pip 22 on; before 22
    _NOTE = regex(r"^\s*note: This error originates from a subprocess")
    # pip's own lines among the output: its fields, its note, its progress ("... error")
    _PIPS = regex(
        r"(?:command|cwd|full command): |Complete output \(\d+ lines?\):$|note: "
        r"|.+ \.\.\. (?:error|done)$"
    )
    _TELLING = regex(r"(?i)\berror\b|fatal|not found|no such|cannot|failed|missing")
    _FRAME = regex(r'^File "(?P<file>[^"]+)", line (?P<line>\d+)')

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.ended = False  # the output's end was read: only pip's note may follow
        self.said = err.kind in ("pip-diagnostic", "pip-follows-build")  # no output to read
        self.said_category: str | None = None
        self.step: str | None = None  # pip's words for the step that failed
        # Reading a traceback, its exception not yet seen: the indentation of its
        # first line, which its exception's has too (its frames and source more).
        self.traceback: int | None = None

    def accept(self, line: str) -> bool:
        if not line.strip():
            return not self.blanks
        if self.ended:
            return self._NOTE.match(line) is not None
        if self._END.match(line):
            self.ended = True
            return True
        if self._BANNER.match(line):
            if (m := self._STEP.match(line)) is not None:
                self.step = m["step"]
            elif line.rstrip().endswith("See above for output."):
                self.consequence = True  # pip's banner again, for the build shown above
            return True
        if not line[:1].isspace():
            return False
        if not self.said:
            self._read(line.strip(), len(line) - len(line.lstrip()))
        return True

    def _read(self, text: str, indent: int) -> None:
        """A line of the build's output: the error, where a row or its words say so."""
        if self._PIPS.match(text):
            return
        if self.traceback is not None:
            self._traced(text, indent)
            return
        # pip's own errors there are the inner pip's (build dependencies it installs); a
        # banner there is that pip's, not the reason
        fmt = read_by_a_row(self.err, text, lambda row: row.block == "pip-subprocess")
        if fmt is not None and fmt.name == "python-traceback":
            self.traceback = indent
            self.err.file = self.err.line = None
        elif fmt is not None:
            self.said, self.said_category = True, fmt.category if fmt.rank >= 2 else None
        elif self._TELLING.search(text) and "did not run successfully" not in text:
            self.err.message, self.said = text, True

    def _traced(self, text: str, indent: int) -> None:
        """A line of a traceback: a frame (the last one outside ``<string>`` is the
        place) or the source it quotes, indented under its first line; else the
        exception, which ends it."""
        if self.traceback is not None and indent > self.traceback:
            if (m := self._FRAME.match(text)) is not None and is_user_path(m["file"]):
                self.err.file, self.err.line = m["file"], int(m["line"])
        elif not text.startswith("Traceback "):
            self.err.message, self.said, self.traceback = text, True, None

    def finish(self) -> None:
        if (not self.said or self.err.kind == "pip-diagnostic") and self.step is not None:
            self.err.message = self.step

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


# conda's exceptions that are about no package: the rest are its solver's or its channels'
_CONDA_CATEGORY = {
    "CondaHTTPError": "network",
    "EnvironmentFileNotFound": "filesystem",
    "EnvironmentLocationNotFound": "filesystem",
    "CondaValueError": "config",
}


class CondaSpecs(Reader):
    """The packages or specifications a conda error lists under it (``  - numpy=1.12``),
    a blank line and its headings (``Specifications:``, ``Output in format: ...``)
    between, up to what it says next (``Current channels:``): the first few go into
    the message. The category is the exception's: a package the solver cannot
    find or fit in, but for those named in ``_CONDA_CATEGORY``."""

    frames_wanted = False
    _ITEM = regex(r"^\s+- (?P<spec>\S.*?)\s*$")
    _HEADING = regex(r"^(?:Specifications:|Output in format: .+|Package \S+ conflicts for:)$")
    _MOST = 4  # specifications said in the message

    def __init__(self, err: Error, start: int) -> None:
        super().__init__(err, start)
        self.specs: list[str] = []

    def accept(self, line: str) -> bool:
        if not line.strip():
            return self.blanks < 2
        if (m := self._ITEM.match(line)) is not None:
            if len(self.specs) < self._MOST:
                self.specs.append(m["spec"])
            return True
        return line[:1].isspace() or self._HEADING.match(line) is not None

    def finish(self) -> None:
        if self.specs:
            said = self.err.message.rstrip().rstrip(":")
            self.err.message = f"{said}: {', '.join(self.specs)}"

    def category(self) -> str | None:
        return _CONDA_CATEGORY.get(self.err.code or "", "dependency")


READERS = {"pip-subprocess": PipSubprocess, "pip-conflict": PipConflict, "conda": CondaSpecs}

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
    Format(  # pip's own error, in its banner's layout: what is wrong after its "×"
        "pip-diagnostic",
        r"^\s*error: (?P<msg>externally-managed-environment|resolution-too-deep)\s*$",
        tool="pip",
        category="config",
        block="pip-subprocess",
        rank=2,
        examples=("error: externally-managed-environment",),
    ),
    Format(  # pip's banner after a build's failure (that of a package, not pip's): it follows
        "pip-follows-build",
        r"^\s*error: (?P<msg>metadata-generation-failed|legacy-install-failure|"
        r"failed-wheel-build-for-install)\s*$",
        tool="pip",
        role="consequence",
        block="pip-subprocess",
        rank=1,
        examples=(
            "error: metadata-generation-failed",
            "error: legacy-install-failure",
            "error: failed-wheel-build-for-install",
        ),
    ),
    # setuptools' own words in a build's output, under pip's banner or not (a paste from
    # the middle, ``python setup.py build``): its tool is no pip's, so that the banner's
    # reader takes them as the build's error (``read_by_a_row``)
    Format(  # Windows without the compiler an extension needs
        "setuptools-msvc",
        r"^\s*error: (?P<msg>Microsoft Visual C\+\+ [\d.]+ (?:or greater )?is required\b.*)$",
        tool="setuptools",
        category="dependency",
        rank=2,
        examples=(
            'error: Microsoft Visual C++ 14.0 or greater is required. Get it with "Microsoft C++'
            ' Build Tools": https://visualstudio.microsoft.com/visual-cpp-build-tools/',
            "      error: Microsoft Visual C++ 14.0 is required.",
        ),
    ),
    Format(  # the compiler or linker it ran failed: of the compiler's errors above, if read
        "setuptools-command-failed",
        r"^\s*error: (?P<msg>command '[^']+' failed with exit (?:status|code) -?\d+)\s*$",
        tool="setuptools",
        role="count",
        category="build",
        rank=1,
        examples=(
            "error: command '/usr/bin/gcc' failed with exit code 1",
            "  error: command 'x86_64-linux-gnu-gcc' failed with exit status 1",
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
    Format(  # pip's last line for a build that failed: of the output above it, if it showed
        # it, else (the build's own pip, under tox or a build frontend) the error itself
        "pip-command-errored",
        r"^\s*ERROR: (?P<msg>Command errored out with exit status \d+: .+) Check the logs for "
        r"full command output\.?$",
        tool="pip",
        role="count",
        rank=1,
        examples=(
            "ERROR: Command errored out with exit status 1: python setup.py egg_info Check the"
            " logs for full command output.",
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
    Format(  # conda's own exceptions, by name (its solver's, its channels', its files')
        "conda-error",
        r"^(?P<msg>(?P<code>PackagesNotFoundError|ResolvePackageNotFound|(?:LibMamba)?"
        r"UnsatisfiableError|SpecNotFound|PackageNotInstalledError|CondaHTTPError|"
        r"EnvironmentFileNotFound|EnvironmentLocationNotFound|CondaValueError):(?: .*)?|"
        r"Encountered problems while solving[:.])$",  # mamba's and micromamba's solver
        tool="conda",
        block="conda",
        rank=2,
        words=(
            "ResolvePackageNotFound:",
            "SpecNotFound:",
            "EnvironmentLocationNotFound:",
            "Encountered problems while solving",
        ),
        examples=(
            "PackagesNotFoundError: The following packages are not available from current"
            " channels:",
            "UnsatisfiableError: The following specifications were found to be incompatible"
            " with each other:",
            "LibMambaUnsatisfiableError: Encountered problems while solving:",
            "ResolvePackageNotFound: ",
            "ResolvePackageNotFound:",  # a paste that lost the space after it
            "CondaHTTPError: HTTP 000 CONNECTION FAILED for url"
            " <https://conda.anaconda.org/conda-forge/linux-64/current_repodata.json>",
            "EnvironmentFileNotFound: '/home/ci/app/environment.yml' file not found",
            "Encountered problems while solving:",
        ),
    ),
    Format(  # `conda env create` with pip dependencies: pip's error is above it
        "conda-pip-failed",
        r"^CondaEnvException: (?P<msg>Pip failed)$",
        tool="conda",
        role="consequence",
        rank=1,
        examples=("CondaEnvException: Pip failed",),
    ),
)
