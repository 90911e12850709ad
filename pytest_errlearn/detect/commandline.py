"""Command lines, read once: which simple commands a line runs.

Tool hints (``hints.tool_from_command``), history keys (``history.command_key``)
and the agent hooks (``wrapper/agent_hooks.py``) all read a command line here, so they
agree on it. A line (a string, as a shell reads it, or an argv) becomes its
simple commands (split at ``&&``, ``;``, pipes, newlines by ``shellwords``;
``bash -c '...'`` opened), each with its wrappers stripped (``sudo``, ``env X=1``, ``timeout 60``,
``stdbuf -oL``, ...), its launchers followed (``npx``, ``npm exec``, ``uv run``,
``python -m``, ...) and its program and subcommand words read, values of the
usual options skipped. What errlearn makes of each (whether it builds, the tool
its errors carry) is ``commandkind``'s. Which programs errlearn knows comes
from their families in ``formats/`` (``COMMANDS``, ``BUILDS``), read only when
asked, and then from what ``programs`` worked out ahead: this module is cheap
to import.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import NamedTuple

from .shellwords import join, segments

TYPE_CHECKING = False  # mypy reads it as True: typing loads where it is used, not here

if TYPE_CHECKING:
    Builds = dict[str, frozenset[str] | None]

MAX_DEPTH = 4  # launchers and shells opened inside one another

# -- what one simple command runs ------------------------------------------------------


def word_set(text: str) -> frozenset[str]:
    """The words of ``text``, as a set: the tables below are written as lines of words."""
    return frozenset(text.split())


_SUFFIXES = (".exe", ".cmd", ".bat", ".sh", ".ps1")  # Windows', and scripts'


def _version(text: str) -> bool:
    """``3``, ``3.11``: a version's digits and dots."""
    return text[:1].isdigit() and text.replace(".", "").isdigit() and ".." not in text


def program_name(word: str) -> str:
    """The program a command's first word names: its file name without a script or
    Windows suffix (lower-cased then), a version (``gcc-12``) or the interpreter's
    (``python3.11`` and ``py`` are ``python``)."""
    name = word.replace("\\", "/").rsplit("/", 1)[-1]
    suffix = next((s for s in _SUFFIXES if name.lower().endswith(s)), "")
    if suffix:
        name = name[: -len(suffix)]
        name = name.lower() if suffix in (".exe", ".cmd", ".bat") else name
    for python in ("python", "pypy"):
        if name.startswith(python) and (name == python or _version(name[len(python) :])):
            return "python"
    if name == "py":  # Windows' launcher
        return "python"
    base, dash, version = name.rpartition("-")
    return base if dash and base and _version(version) else name  # gcc-12, clang++-15


# Programs that run the rest of their line as it is: the options of theirs that take a
# value, and how many words they take before the command (timeout's duration).
_WRAPPERS: dict[str, tuple[frozenset[str], int]] = {
    "sudo": (
        word_set("-u --user -g --group -h --host -p --prompt -C --close-from -D --chdir")
        | word_set("-r --role -t --type -T --command-timeout -U --other-user"),
        0,
    ),
    "doas": (word_set("-u -C"), 0),
    "env": (word_set("-u --unset -C --chdir"), 0),
    "timeout": (word_set("-s --signal -k --kill-after"), 1),
    "nice": (word_set("-n --adjustment"), 0),
    "ionice": (word_set("-c --class -n --classdata -p --pid"), 0),
    "stdbuf": (word_set("-i --input -o --output -e --error"), 0),
    "time": (word_set("-f --format -o --output"), 0),
    "xvfb-run": (
        word_set("-e --error-file -f --auth-file -n --server-num -p --xauth-protocol")
        | word_set("-s --server-args -w --wait"),
        0,
    ),
    "taskset": (frozenset(), 1),
    # MPI's launchers and Slurm's run the rest of their line on every rank or task
    # (``mpirun -np 4 pytest``): Open MPI's, MPICH's, srun's options with a value
    **dict.fromkeys(
        ("mpirun", "mpiexec", "orterun", "prterun"),
        (
            word_set("-n -np -c --n --np -H --host --hostfile -hostfile -machinefile -f")
            | word_set("--map-by --bind-to --rank-by -x -ppn --ppn -wdir --wdir"),
            0,
        ),
    ),
    "srun": (
        word_set("-n --ntasks -N --nodes -c --cpus-per-task -t --time -p --partition")
        | word_set("-A --account --gres --mem -J --job-name -o --output -e --error"),
        0,
    ),
    "flock": (word_set("-w --timeout -E --conflict-exit-code"), 1),
    "exec": (word_set("-a"), 0),
    "caffeinate": (word_set("-t -w"), 0),
    **dict.fromkeys(
        word_set("nohup command builtin noglob chronic unbuffer eatmydata setsid ccache sccache")
        | word_set("catchsegv dbus-run-session winpty")
        | word_set("! { if then elif else do while until"),  # the shell's own, before a command
        (frozenset(), 0),
    ),
}


def _assignment(word: str) -> bool:
    """``CI=1``, ``PATH+=:/x``, ``A[1]=x``: a shell variable set for the command."""
    name, equals, _ = word.partition("=")
    name = name.removesuffix("+").partition("[")[0]
    return bool(equals) and name.isidentifier() and name.isascii()


def strip_wrappers(argv: Sequence[str]) -> list[str]:
    """``argv`` without its leading assignments and wrappers (``sudo``, ``env X=1``,
    ``timeout 60``, ``nice -n 5``...); [] when it runs nothing (``command -v make``)."""
    i = 0
    while i < len(argv):
        if _assignment(argv[i]):
            i += 1
            continue
        name = program_name(argv[i])
        if name not in _WRAPPERS:
            break
        values, operands = _WRAPPERS[name]
        i += 1
        while i < len(argv) and argv[i].startswith("-") and len(argv[i]) > 1:
            option = argv[i]
            if name == "command" and option in ("-v", "-V"):
                return []  # a look-up, not a run
            i += 1 + (option in values)
            if option == "--":
                break
        i += operands
    return list(argv[i:])


# Options that take the next word as their value (``npm --prefix web test``,
# ``make -C sub all``, ``cargo test -p crate``): not subcommand words.
VALUE_OPTIONS = word_set(
    "--prefix -C --cwd --dir --filter -F --workspace -w --manifest-path -p --package -f --file"
    " --project --directory -pl --projects"
)


def _operands(args: Sequence[str]) -> list[int]:
    """The places of ``args`` that are not options nor an option's value, up to ``--``."""
    out = []
    i = 0
    while i < len(args):
        arg = args[i]
        if arg == "--":
            break
        if arg in VALUE_OPTIONS:
            i += 2
            continue
        if not arg.startswith(("-", "+")) or arg == "-":
            out.append(i)
        i += 1
    return out


def _subcommand(args: Sequence[str], places: Sequence[int]) -> int:
    """How many of the operands lead, one after another: options before the first are
    skipped; after it, an option whose value may be the next word ends them
    (``go test -run TestX`` is ``go test``)."""
    n = 1 if places else 0
    while n < len(places):
        i = places[n - 1] + 1
        while i < places[n]:  # the options between two operands
            if args[i] in VALUE_OPTIONS:
                i += 2
            elif "=" in args[i]:
                i += 1
            else:
                return n
        n += 1
    return n


# Programs that run a command line of their own: sh -c 'LINE' (and its kin).
_SHELLS = frozenset({"sh", "bash", "zsh", "dash", "ksh", "mksh", "ash", "fish"})
# ... and the option that carries it, in any case (True: the rest of the words are the line).
_LINE_OPTIONS: dict[str, tuple[frozenset[str], bool]] = {
    "cmd": (word_set("/c /k"), True),
    **dict.fromkeys(("pwsh", "powershell"), (word_set("-c -command"), True)),
    "su": (word_set("-c --command"), False),
    "script": (word_set("-c --command"), False),
    "nix-shell": (word_set("--run --command"), False),
}


def _shell_line(name: str, args: Sequence[str]) -> str | None:
    """The line ``bash -c LINE`` (``-ec``, ``-o pipefail -c``...) runs; None when not one."""
    if name in _SHELLS:
        has_c = False
        i = 0
        while i < len(args) and args[i].startswith(("-", "+")) and args[i] not in ("-", "--"):
            arg = args[i]
            long = arg.startswith("--")
            has_c = has_c or (not long and "c" in arg[1:])
            i += 2 if (arg in ("--rcfile", "--init-file") or (not long and arg[-1] in "oO")) else 1
        i += i < len(args) and args[i] == "--"
        return args[i] if has_c and i < len(args) else None
    if name in _LINE_OPTIONS:
        options, rest = _LINE_OPTIONS[name]
        for i, arg in enumerate(args):
            if arg.lower() in options and i + 1 < len(args):
                return " ".join(args[i + 1 :]) if rest else args[i + 1]
    return None


# Launchers: a program, and its words, that run the command after them (``npx jest``,
# ``npm exec tsc``, ``uv run pytest``); the options of theirs that take a value.
_LAUNCHERS: dict[tuple[str, ...], frozenset[str]] = {
    **dict.fromkeys([("npx",), ("pnpx",), ("bunx",)], word_set("-p --package -w --workspace")),
    ("uvx",): word_set("--from --with --python -p --with-requirements --with-editable --index"),
    **dict.fromkeys([("npm", "exec"), ("npm", "x")], word_set("--package -w --workspace")),
    **dict.fromkeys(
        [("pnpm", "exec"), ("pnpm", "dlx"), ("yarn", "exec"), ("yarn", "dlx"), ("bun", "x")],
        word_set("-p --package"),
    ),
    **dict.fromkeys(
        [("uv", "run"), ("uv", "tool", "run")],
        word_set("--with --python -p --package --extra --group --directory --project --env-file")
        | word_set("--index --from --with-requirements --with-editable"),
    ),
    **dict.fromkeys(
        [("poetry", "run"), ("pipenv", "run"), ("rye", "run"), ("pixi", "run")],
        word_set("-C --directory -P --project -e --environment"),
    ),
    ("pdm", "run"): word_set("-p --project"),
    ("hatch", "run"): frozenset(),
    ("pipx", "run"): word_set("--spec --python"),
    **dict.fromkeys(
        [("conda", "run"), ("mamba", "run"), ("micromamba", "run")],
        word_set("-n --name -p --prefix --cwd"),
    ),
    **dict.fromkeys([("mise", "exec"), ("mise", "x")], frozenset()),
    **dict.fromkeys([("bundle", "exec"), ("bundler", "exec")], word_set("--gemfile")),
    ("dotnet", "tool", "run"): frozenset(),
    ("xcrun",): word_set("--sdk --toolchain"),
}
_LAUNCHER_WORDS = max(len(key) for key in _LAUNCHERS) - 1
# ... those whose word may name a script or task of the project's (``pdm run test``): what
# they run is theirs (``pdm run test``) unless it is a program errlearn knows.
_SCRIPT_LAUNCHERS = frozenset(
    (name, "run") for name in word_set("uv poetry pipenv pdm hatch rye pixi")
)
# Python's and `coverage run`'s options that take a value (before -m or the script).
_PYTHON_VALUES = word_set("-W -X -Q")
_COVERAGE_VALUES = word_set(
    "--source --omit --include --rcfile --data-file --concurrency --context"
)


class Command(NamedTuple):
    """One simple command of a line, as errlearn reads it.

    ``npx jest --ci``: argv ``npx jest --ci``, program ``jest``, via ``("npx",)``.
    ``timeout 60 cargo test --release``: argv ``cargo test --release``, program
    ``cargo``, words and subcommand ``("test",)``.
    """

    argv: tuple[str, ...]  # the command as written, its wrappers stripped
    program: str  # what does the work: launchers followed, its name normalised
    words: tuple[str, ...]  # the program's operands: no option, no option's value
    subcommand: tuple[str, ...]  # the operands that lead, one after another
    via: tuple[str, ...] = ()  # what it ran through, outermost first: npx, uv, python, bash

    @property
    def line(self) -> str:
        return join(self.argv)


def _launched(name: str, args: Sequence[str]) -> tuple[tuple[str, ...], list[str]] | None:
    """The launcher ``name args`` is (``npm exec``) and the command it runs (``tsc``)."""
    places = _operands(args)[:_LAUNCHER_WORDS]
    for n in range(len(places), -1, -1):
        key = (name, *(args[p] for p in places[:n]))
        if key in _LAUNCHERS:
            rest = args[places[n - 1] + 1 :] if n else args
            values = _LAUNCHERS[key]
            i = 0
            while i < len(rest) and rest[i].startswith("-") and rest[i] != "--":
                i += 1 + (rest[i] in values)
            i += i < len(rest) and rest[i] == "--"
            return key, list(rest[i:])
    return None


def _python(args: Sequence[str], values: frozenset[str]) -> tuple[str | None, list[str]]:
    """``python ARGS`` as (the module ``-m`` runs, its args), or (None, the script's
    words): ``-m pytest -x`` is ``pytest`` with ``-x``; ``-c CODE`` runs no script."""
    i = 0
    while i < len(args) and args[i].startswith("-") and args[i] != "-":
        arg = args[i]
        if arg == "-m" and i + 1 < len(args):
            return args[i + 1], list(args[i + 2 :])
        if arg.startswith("-m") and len(arg) > 2 and not arg.startswith("--"):
            return arg[2:], list(args[i + 1 :])
        if arg == "-c" or arg == "--":
            return None, [] if arg == "-c" else list(args[i + 1 :])
        i += 1 + (arg in values)
    return None, list(args[i:])


def _command(argv: list[str], program: str, args: Sequence[str], via: tuple[str, ...]) -> Command:
    places = _operands(args)
    words = tuple(args[p] for p in places)
    return Command(tuple(argv), program, words, words[: _subcommand(args, places)], via)


def _resolve(
    words: Sequence[str], via: tuple[str, ...], depth: int, shown: list[str] | None = None
) -> Iterator[Command]:
    """The simple commands ``words`` runs: one, or a shell's line's."""
    argv = strip_wrappers(words)
    if not argv:
        return
    shown = argv if shown is None else shown
    name, args = program_name(argv[0]), argv[1:]
    if depth < MAX_DEPTH:
        if (line := _shell_line(name, args)) is not None:
            for segment in segments(line):
                yield from _resolve(segment, (*via, name), depth + 1)
            return
        if name == "coverage" and args[:1] == ["run"]:
            module, rest = _python(args[1:], _COVERAGE_VALUES)
            name, args = "python", (["-m", module, *rest] if module else rest)
        if name == "python":
            module, rest = _python(args, _PYTHON_VALUES)
            if module is not None:
                yield from _resolve([module, *rest], (*via, "python"), depth + 1, shown)
                return
            yield _command(shown, name, rest, via)
            return
        if (launched := _launched(name, args)) is not None and launched[1]:
            inner = list(_resolve(launched[1], (*via, name), depth + 1, shown))
            if launched[0] not in _SCRIPT_LAUNCHERS or any(map(_known, inner)):
                yield from inner
                return
    yield _command(shown, name, args, via)


def commands(command: str | Sequence[str]) -> list[Command]:
    """The simple commands of a command line: a shell line's (``cd api && npm test``: two),
    or an argv's one (a shell's ``-c`` line opened in both)."""
    if isinstance(command, str):
        return [cmd for segment in segments(command) for cmd in _resolve(segment, (), 0)]
    return list(_resolve(list(command), (), 0))


# -- the programs errlearn knows (``programs``: the families' own, worked out ahead) --------


def known_builds() -> Builds:
    """Programs that build or test, and the subcommands that do (``formats.BUILDS``)."""
    from .programs import programs

    return programs()[1]


def known_tools() -> dict[str, str]:
    """Program -> the tool its errors carry (``formats.COMMANDS``)."""
    from .programs import programs

    return programs()[0]


def _known(cmd: Command) -> bool:
    """Whether errlearn knows the program ``cmd`` runs (a tool, a builder, python)."""
    return cmd.program == "python" or cmd.program in known_tools() or cmd.program in known_builds()
