"""The location stage: each error's file as the repository names it.

Tools print a file relative to where they ran (a go package's folder, a
crate, a ``make -C`` folder, CMake's source folder), by its bare name (go
test, the linker without ``-g``, a JVM stack frame) or as an absolute path.
Once the assembler has the run's errors, ``locate`` rewrites each ``file`` as
the path from the repository root, with forward slashes, so that every output
(terminal, JSON, SARIF, JUnit, GitLab, Markdown, annotations) prints the same
name. What it goes by, most specific first: where the output says its tool
ran (``Places``: make's ``Entering directory``, cargo's ``Compiling x
(/abs)``, go's package lines), the command line (``cd X &&``, ``make -C X``,
``npm --prefix X``...), the working directory and the folders above it, and
in the end whether the file exists under the root. A bare name none of them
holds is looked up by name under the root, and taken only when exactly one
file answers. A path none of this resolves stays as the tool printed it.
"""

from __future__ import annotations

import bisect
import os
import re
from collections.abc import Iterable, Iterator

from ..paths import is_project_root, root_dir
from ..report import Error, Report

# Tools that name a file by its bare name, wherever it is: go test (a package's
# file), testthat (a file of tests/testthat/), lintr (of R/).
_BY_NAME = frozenset({"go", "testthat", "lintr"})
MAX_PLACES = 10_000  # places remembered from one output; more are not looked at
MAX_FILES = 50_000  # files indexed by name under the root; past this a name is no evidence
WALK_SECONDS = 0.05  # ... and the time their walk may take: a report waits for it
RECENT = 4  # folders a tool entered lately, tried for a relative path
# Folders whose files no error points at as the project's own (and that can be huge).
_SKIP = frozenset({"node_modules", "__pycache__", "target", "site-packages", "vendor"})
# JVM source files, and the folders they live in under a module (Maven's and Gradle's).
_JVM = (".java", ".kt", ".scala", ".groovy")
_SOURCE_ROOTS = tuple(
    f"src/{kind}/{lang}"
    for kind in ("main", "test", "it", "integrationTest", "testFixtures")
    for lang in ("java", "kotlin", "scala", "groovy")
)
_JVM_FRAME = re.compile(
    r"^\s*at (?:[\w.$/@-]+/)?(?P<cls>[\w.$]+)\.[\w$<>-]+\((?P<file>[^():]+):(?P<line>\d+)\)"
)
_GO_FAIL = re.compile(r"^FAIL\s+(\S+)\s+(?:[\d.]+s|\[)")
_GO_EVENT = re.compile(r'"Package":"([^"]+)"')
_CMAKE_FRAME = re.compile(r"^\s+(?P<file>\S.*?):(?P<line>\d+) \([\w-]+\)$")
_LD_OBJECT = re.compile(r"^(?:\S*ld(?:\.\w+)?: )?(?P<obj>\S+\.o(?:bj)?): in function ")
_CMAKE_OBJECT = re.compile(r"(?:^|/)CMakeFiles/[^/]+\.dir/(?P<src>.+)\.o(?:bj)?$")


class Places:
    """What an output says of where its tools ran, taken as the assembler reads it.

    ``see`` takes every error read, in order: a ``place`` row's (a folder a
    tool entered, or left: make's ``Leaving directory``), and go's package
    lines, each the package of the go errors above it since the last one.
    """

    __slots__ = ("entered", "packages")

    def __init__(self) -> None:
        self.entered: list[tuple[int, str, bool]] = []  # (line, folder, whether it was left)
        self.packages: list[tuple[int, str]] = []  # (line, go package)

    def see(self, role: str, err: Error) -> None:
        if role == "place":
            if err.file and len(self.entered) < MAX_PLACES:
                left = " Leaving directory " in err.text
                self.entered.append((err.span[0], err.file, left))
        elif (
            err.tool == "go"
            and role == "consequence"
            and len(self.packages) < MAX_PLACES
            and (m := _GO_FAIL.match(err.text)) is not None
        ):
            self.packages.append((err.span[0], m[1]))

    def package_after(self, line: int) -> str | None:
        """The go package of an error that ends at ``line``: the next package line's."""
        i = bisect.bisect_left(self.packages, (line, ""))
        return self.packages[i][1] if i < len(self.packages) else None


def locate(
    report: Report,
    places: Places | None = None,
    *,
    cwd: str | None = None,
    root: str | None = None,
) -> None:
    """Rewrite the files of ``report``'s errors and warnings as the repository
    names them (see the module's docstring); ``cwd``: where the command ran
    (the working directory), ``root``: the repository's (found from ``cwd``)."""
    items = [e for e in (*report.errors, *report.warnings) if e.file]
    if not items:
        return
    try:
        here = os.path.realpath(cwd or os.getcwd())
    except OSError:  # the working directory is gone
        return
    Locator(report.command, places or Places(), here, root or root_dir(here)).run(items)


class Locator:
    """One report's errors located: what the command line and the output say."""

    def __init__(self, command: str | None, places: Places, cwd: str, root: str) -> None:
        self.places = places
        self.cwd = cwd
        self.root = os.path.realpath(root)
        self.commanded = [self._absolute(d) for d in command_dirs(command)]
        self._by_name: dict[str, list[str]] | None = None
        self._modules: dict[str, tuple[str, str] | None] = {}

    def run(self, errors: list[Error]) -> None:
        stack: list[str] = []
        entered, i = self.places.entered, 0
        for err in sorted(errors, key=lambda e: e.span[0]):
            while i < len(entered) and entered[i][0] < err.span[0]:
                _, folder, left = entered[i]
                if folder in stack:
                    stack.remove(folder)
                if not left:
                    stack.append(folder)
                i += 1
            self.resolve(err, [self._absolute(d) for d in reversed(stack[-RECENT:])])

    def resolve(self, err: Error, entered: list[str]) -> None:
        """``err.file`` (and where a call stack says so, ``err.line``) as the
        repository names it; left alone when nothing resolves it."""
        assert err.file is not None
        bases = self._bases(err, entered)
        if err.tool == "cmake" and (frame := self._cmake_frame(err, bases)) is not None:
            err.file, err.line = frame
            return
        if (found := self.inside(err.file, bases)) is not None:
            err.file = found
            return
        name = err.file.replace("\\", "/")
        if "/" in name:
            return
        found = None
        if name.endswith(_JVM):
            found = self._jvm_source(err, name, bases)
        elif err.tool == "ld":
            found = self._link_source(err, name, bases)
        elif err.tool in _BY_NAME:
            found = self._one(name)
        if found is not None:
            err.file = found

    # -- where a relative path may start -----------------------------------------

    def _bases(self, err: Error, entered: list[str]) -> list[str]:
        """The folders a relative path of ``err`` may be relative to, likeliest first."""
        first = list(entered)
        package = self._package(err) if err.tool == "go" else None
        if package and (folder := self._package_folder(package, [*self.commanded, self.cwd])):
            first.insert(0, folder)
        first += [*self.commanded, self.cwd]
        out: list[str] = []
        for base in first:
            for folder in self._up_to_root(base):
                if folder not in out:
                    out.append(folder)
        return out

    def _up_to_root(self, folder: str) -> Iterator[str]:
        """``folder`` and the folders above it, up to the root (none outside it)."""
        while self._within(folder):
            yield folder
            if folder == self.root:
                return
            folder = os.path.dirname(folder)

    def _package(self, err: Error) -> str | None:
        if (m := _GO_EVENT.search(err.text)) is not None:  # a ``go test -json`` event
            return m[1]
        return self.places.package_after(err.span[1])

    def _package_folder(self, package: str, starts: list[str]) -> str | None:
        """The folder of go ``package``, from the go.mod above one of ``starts``."""
        for start in starts:
            for folder in self._up_to_root(start):
                module = self._module(folder)
                if module is None:
                    continue
                name, where = module
                if package == name:
                    return where
                if package.startswith(f"{name}/"):
                    return os.path.join(where, *package[len(name) + 1 :].split("/"))
                break  # the nearest go.mod is another module's
        return None

    def _module(self, folder: str) -> tuple[str, str] | None:
        if folder not in self._modules:
            self._modules[folder] = None
            try:
                with open(os.path.join(folder, "go.mod"), encoding="utf-8") as f:
                    for line in f:
                        if (m := re.match(r"^module\s+\"?([^\s\"]+)", line)) is not None:
                            self._modules[folder] = (m[1], folder)
                            break
            except (OSError, UnicodeDecodeError):
                pass
        return self._modules[folder]

    # -- what a tool printed, resolved ----------------------------------------------

    def inside(self, file: str, bases: Iterable[str]) -> str | None:
        """``file`` from the root, if it is a file under it (relative: under one of ``bases``)."""
        path = file.replace("\\", "/") if os.sep == "/" else file
        if os.path.isabs(path):
            return self._relative(path, exists=os.path.isfile(path))
        for base in bases:
            candidate = os.path.join(base, path)
            if os.path.isfile(candidate) and (rel := self._relative(candidate)) is not None:
                return rel
        return None

    def _cmake_frame(self, err: Error, bases: list[str]) -> tuple[str, int] | None:
        """The first frame of a CMake error's call stack in the project's own files,
        when the error itself points outside them (a module CMake ships)."""
        if self.inside(err.file or "", bases) is not None:
            return None
        try:
            start = err.block.index("Call Stack (most recent call first):") + 1
        except ValueError:
            return None
        for line in err.block[start:]:
            if (m := _CMAKE_FRAME.match(line)) is None:
                break
            if (found := self.inside(m["file"], bases)) is not None:
                return found, int(m["line"])
        return None

    def _jvm_source(self, err: Error, name: str, bases: list[str]) -> str | None:
        """A JVM frame's file (``CalcTest.java``) as the source file of its class's
        package under a Maven or Gradle source root."""
        for line in err.block:
            m = _JVM_FRAME.match(line)
            if m is None or m["file"] != name or err.line not in (None, int(m["line"])):
                continue
            package = m["cls"].split("$")[0].split(".")[:-1]
            tail = "/".join([*package, name])
            for base in bases:
                for source in _SOURCE_ROOTS:
                    if (found := self.inside(f"{source}/{tail}", [base])) is not None:
                        return found
            return self._one(name, suffix=f"/{tail}")
        return None

    def _link_source(self, err: Error, name: str, bases: list[str]) -> str | None:
        """The source file of a link error's ``main.c``: from the object file the
        linker names above it (CMake's ``CMakeFiles/app.dir/src/main.c.o``), else
        the one file of that name under the root."""
        before = err.context[: min(3, err.span[0] - 1)]
        for line in reversed(before):
            if (m := _LD_OBJECT.match(line)) is None:
                continue
            source = _CMAKE_OBJECT.search(m["obj"])
            if source is not None and os.path.basename(source["src"]) == name:
                return self.inside(source["src"], bases) or self._one(name)
            break
        return self._one(name)

    def _one(self, name: str, suffix: str = "") -> str | None:
        """The one file called ``name`` under the root (ending in ``suffix``), if one."""
        found = [p for p in self._files().get(name, ()) if p.endswith(suffix)]
        return found[0] if len(found) == 1 else None

    def _files(self) -> dict[str, list[str]]:
        """The root's files by name (walked once, on first need). Empty past
        MAX_FILES or WALK_SECONDS, and where the root is no project's (no .git
        or pyproject.toml: the working directory, a home folder): no evidence."""
        if self._by_name is None:
            self._by_name, count = {}, 0
            if not is_project_root(self.root):
                return self._by_name
            import time

            deadline = time.monotonic() + WALK_SECONDS
            for folder, dirs, files in os.walk(self.root):
                dirs[:] = [d for d in dirs if not d.startswith(".") and d not in _SKIP]
                rel = os.path.relpath(folder, self.root).replace(os.sep, "/")
                for name in files:
                    self._by_name.setdefault(name, []).append(
                        name if rel == "." else f"{rel}/{name}"
                    )
                count += len(files)
                if count > MAX_FILES or time.monotonic() > deadline:
                    self._by_name = {}
                    break
        return self._by_name

    # -- paths ----------------------------------------------------------------------

    def _absolute(self, folder: str) -> str:
        return os.path.realpath(os.path.join(self.cwd, folder))

    def _within(self, path: str) -> bool:
        return path == self.root or path.startswith(self.root.rstrip(os.sep) + os.sep)

    def _relative(self, path: str, *, exists: bool = True) -> str | None:
        """``path`` (absolute) from the root with forward slashes; None outside it."""
        real = os.path.realpath(path) if exists else os.path.normpath(path)
        if not self._within(real):
            return None
        return os.path.relpath(real, self.root).replace(os.sep, "/")


def command_dirs(command: str | None) -> list[str]:
    """The folders a command line runs its tools in, relative to where it starts,
    the last one first: ``cd X &&``, ``make -C X``, ``npm --prefix X``, ``go -C X``,
    ``cargo --manifest-path X/Cargo.toml``, ``mvn -f X/pom.xml``, ``gradle -p X``."""
    if not command:
        return []
    from .commandline import commands

    here, out = ".", []
    for cmd in commands(command):
        if cmd.program == "cd" and cmd.words:
            here = os.path.normpath(os.path.join(here, cmd.words[0]))
            out.append(here)
            continue
        for folder in _option_dirs(cmd.program, cmd.argv):
            out.append(os.path.normpath(os.path.join(here, folder)))
    return out[::-1]


def _option_dirs(program: str, argv: tuple[str, ...]) -> Iterator[str]:
    """The folders ``argv``'s options name for ``program`` to work in (its family
    declares which: ``FOLDER_OPTIONS``, and ``MANIFEST_OPTIONS`` for a manifest's)."""
    from .formats import FOLDER_OPTIONS, MANIFEST_OPTIONS

    for options, manifest in (
        (FOLDER_OPTIONS.get(program, ()), False),
        (MANIFEST_OPTIONS.get(program, ()), True),
    ):
        for i, arg in enumerate(argv[1:], 1):
            value = None
            for option in options:
                if arg == option and i + 1 < len(argv):
                    value = argv[i + 1]
                elif arg.startswith(f"{option}="):
                    value = arg[len(option) + 1 :]
                elif len(option) == 2 and arg.startswith(option) and len(arg) > 2:
                    value = arg[2:]  # a short option's value glued on: -Cbuild
            if value and manifest and "." in os.path.basename(value):
                yield os.path.dirname(value)
            elif value:
                yield value
