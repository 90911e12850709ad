r"""Mix, Elixir's build tool, where it fails of its own: ``** (Mix) ...`` (a
dependency it cannot resolve or fetch, Hex or the registry out of reach, no
project, a task it does not know), unchecked dependencies, a build failed of
its ``--warnings-as-errors``, and ``mix format --check-formatted`` with the
files it would change. (The compiler and exceptions: elixir.py; ExUnit:
elixir_tests.py.)
"""

from __future__ import annotations

from ..reader import Reader
from . import Format, regex

ORDER = 15  # with elixir.py's rows, after them (by name)
COMMANDS = {"mix": "mix"}
BUILDS: dict[str, frozenset[str] | None] = {
    "mix": frozenset(
        {
            "compile",
            "test",
            "deps.compile",
            "release",
            "escript.build",
            "do",
            "coveralls",
            "dialyzer",
            "credo",
        }
    ),
}


class UnformattedFiles(Reader):
    """``mix format --check-formatted``: the files it would change, listed below
    (``The following files are not formatted:``, ``  * lib/calc.ex``): the error
    is at the first."""

    frames_wanted = False
    _FILE = regex(r"^\s+\* (?P<file>\S+)\s*$")

    def accept(self, line: str) -> bool:
        if line.startswith("The following files are not formatted"):
            return True
        if (m := self._FILE.match(line)) is None:
            return not line.strip() and self.count < 3
        if self.err.file is None:
            self.err.file = m["file"]
        return True


READERS = {"mixformat": UnformattedFiles}

ROWS = (
    Format(
        "mix-unchecked-dependencies",
        r"^Unchecked dependencies for environment \w+:$",
        tool="mix",
        block="nested",
        category="dependency",
        rank=2,
        words=("Unchecked dependencies",),
        examples=("Unchecked dependencies for environment test:",),
    ),
    Format(
        "mix-dependency-consequence",
        r"^\*\* \(Mix\) (?P<msg>(?:Could not compile dependency|Can't continue due to errors on "
        r"dependencies)\b.*)$",
        tool="mix",
        role="consequence",
        rank=0,
        examples=("** (Mix) Can't continue due to errors on dependencies",),
    ),
    Format(
        "mix-dependency",
        r"^\*\* \(Mix\) (?P<msg>(?:Could not find an SCM|Hex dependency resolution failed|"
        r"Unknown dependency|Could not (?:resolve|fetch|checkout|find Hex)|No package|"
        r"Dependency \S+ not found|Package fetch failed).*)$",
        tool="mix",
        category="dependency",
        rank=2,
        examples=("** (Mix) Could not find an SCM for dependency :jason from Calc.MixProject",),
    ),
    Format(
        "mix-no-hex",
        r"^(?P<msg>Could not find Hex, which is needed to build dependency :\w+)$",
        tool="mix",
        category="dependency",
        rank=2,
        words=("Could not find Hex",),
        examples=("Could not find Hex, which is needed to build dependency :jason",),
    ),
    Format(
        "mix-warnings-as-errors",
        r"^(?P<msg>Compilation failed due to warnings while using the --warnings-as-errors "
        r"option)$",
        tool="mix",
        role="strict",  # the warnings above are the errors
        rank=2,
        examples=(
            "Compilation failed due to warnings while using the --warnings-as-errors option",
        ),
    ),
    Format(  # the registry, or Hex's installer, not reached
        "mix-network",
        r"^\*\* \(Mix\) (?P<msg>httpc request failed with: .*)$",
        tool="mix",
        category="network",
        rank=2,
        examples=(
            "** (Mix) httpc request failed with: {:failed_connect, [{:to_address, "
            "{'repo.hex.pm', 443}}, {:inet6, [:inet6], :nxdomain}]}",
        ),
    ),
    Format(
        "mix-no-project",
        r"^\*\* \(Mix\) (?P<msg>Could not find a Mix\.Project\b.*)$",
        tool="mix",
        category="config",
        rank=2,
        examples=(
            "** (Mix) Could not find a Mix.Project, please ensure you are running Mix in a "
            "directory with a mix.exs file",
        ),
    ),
    Format(  # the files are listed below it
        "mix-format-check",
        r"^\*\* \(Mix\) (?P<msg>mix format failed due to --check-formatted\.?)$",
        tool="mix",
        block="mixformat",
        rank=2,
        examples=("** (Mix) mix format failed due to --check-formatted.",),
    ),
    Format(
        "mix-error",
        r"^\*\* \(Mix\) (?P<msg>.+)$",
        tool="mix",
        rank=2,
        examples=('** (Mix) The task "frobnicate" could not be found',),
    ),
)
