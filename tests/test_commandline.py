"""One reading of a command line for the tool hint, the history key and the agent hooks.

Before ``detect.commandline`` each read lines its own way, and they disagreed:
``timeout 60 make`` had no tool, ``bunx vitest`` and ``stdbuf -oL cargo test``
were filed under ``bunx`` and ``stdbuf``, ``npm exec tsc`` was npm's to the
detector and tsc's to the hooks.
"""

from __future__ import annotations

import shlex
import subprocess
import sys

import pytest
from errlearn_wrapper.agent_hooks import BuildCommand, build_command, classify
from hypothesis import given
from hypothesis import strategies as st

from pytest_errlearn.detect.commandline import commands, program_name
from pytest_errlearn.detect.hints import tool_from_command
from pytest_errlearn.detect.shellwords import join, segments
from pytest_errlearn.history import command_key, command_line

# line -> (tool hint, history key, the hooks' type, the hooks' command); None: not a build.
TABLE: list[tuple[str, str | None, str, str | None, str | None]] = [
    # the four the issue names: once no tool, stdbuf's or bunx's history, npm's hint
    ("timeout 60 make", "make", "make", "make", "make"),
    ("bunx vitest", "vitest", "vitest", "vitest", "bunx vitest"),
    ("stdbuf -oL cargo test", "cargo", "cargo test", "cargo", "cargo test"),
    ("npm exec tsc", "tsc", "tsc", "tsc", "npm exec tsc"),
    # wrappers
    ("sudo -u ci make install", "make", "make install", "make", "make install"),
    ("env -u HOME CI=1 npm test", "npm", "npm test", "npm", "npm test"),
    ("CI=1 timeout -s KILL 10m npm test", "npm", "npm test", "npm", "npm test"),
    ("nice -n 5 ionice -c 3 make -j4 all", "make", "make all", "make", "make -j4 all"),
    ("time pytest -q", "pytest", "pytest", "pytest", "pytest -q"),
    ("/usr/bin/time -v cargo build", "cargo", "cargo build", "cargo", "cargo build"),
    ("xvfb-run -a -s '-screen 0 1x1x24' npm test", "npm", "npm test", "npm", "npm test"),
    ("nohup make &", "make", "make", "make", "make"),
    ("exec pytest", "pytest", "pytest", "pytest", "pytest"),
    ("command pytest", "pytest", "pytest", "pytest", "pytest"),
    ("command -v make", None, "", None, None),  # a look-up runs nothing
    ("ccache gcc -c a.c", "gcc", "gcc", "gcc", "gcc -c a.c"),
    ("mpirun -np 4 python -m pytest", "pytest", "pytest", "pytest", "python -m pytest"),
    ("srun -n 2 --mem 4G cargo test", "cargo", "cargo test", "cargo", "cargo test"),
    # launchers
    ("npx jest --ci", "jest", "jest", "jest", "npx jest --ci"),
    ("npx -p typescript tsc --noEmit", "tsc", "tsc", "tsc", "npx -p typescript tsc --noEmit"),
    ("pnpx vitest run", "vitest", "vitest", "vitest", "pnpx vitest run"),
    ("uvx ruff check .", "ruff", "ruff", "ruff", "uvx ruff check ."),
    ("npm x -- tsc", "tsc", "tsc", "tsc", "npm x -- tsc"),
    ("pnpm --filter web exec tsc", "tsc", "tsc", "tsc", "pnpm --filter web exec tsc"),
    ("pnpm dlx vitest", "vitest", "vitest", "vitest", "pnpm dlx vitest"),
    ("yarn exec jest", "jest", "jest", "jest", "yarn exec jest"),
    ("yarn dlx eslint .", "eslint", "eslint", "eslint", "yarn dlx eslint ."),
    ("bun x vitest", "vitest", "vitest", "vitest", "bun x vitest"),
    ("uv run pytest -q", "pytest", "pytest", "pytest", "uv run pytest -q"),
    ("uv run --with rich -- mypy src", "mypy", "mypy", "mypy", "uv run --with rich -- mypy src"),
    ("poetry run pytest", "pytest", "pytest", "pytest", "poetry run pytest"),
    ("pipenv run pytest", "pytest", "pytest", "pytest", "pipenv run pytest"),
    ("pdm run mypy .", "mypy", "mypy", "mypy", "pdm run mypy ."),
    ("hatch run pytest", "pytest", "pytest", "pytest", "hatch run pytest"),
    ("rye run pytest", "pytest", "pytest", "pytest", "rye run pytest"),
    (
        "bundle exec rspec spec/a_spec.rb",
        "rspec",
        "rspec",
        "rspec",
        "bundle exec rspec spec/a_spec.rb",
    ),
    (
        "python -m pytest tests/unit -x",
        "pytest",
        "pytest",
        "pytest",
        "python -m pytest tests/unit -x",
    ),
    (
        "python3.12 -W error -m pip install .",
        "pip",
        "pip install",
        "pip",
        "python3.12 -W error -m pip install .",
    ),
    (
        "coverage run --source pkg -m pytest",
        "pytest",
        "pytest",
        "pytest",
        "coverage run --source pkg -m pytest",
    ),
    ("python -m unittest discover", "python", "unittest", "python", "python -m unittest discover"),
    ("python setup.py build", "python", "python", "python", "python setup.py build"),
    ("uv run python script.py", "python", "python", None, None),
    ("npx create-react-app web", "npm", "create-react-app", None, None),  # npx's errors are npm's
    ("pdm run test", None, "pdm run test", None, None),  # a script of the project's: pdm's own
    ("uv run ./tools/gen.py", "pip", "uv run", None, None),
    # subcommands, and options that take a value
    ("npm --prefix web test -- --ci", "npm", "npm test", "npm", "npm --prefix web test -- --ci"),
    ("npm run test:unit -- --ci", "npm", "npm run test:unit", "npm", "npm run test:unit -- --ci"),
    ("make -C sub all", "make", "make all", "make", "make -C sub all"),
    ("go test -run TestX ./...", "go", "go test", "go", "go test -run TestX ./..."),
    ("cargo test -p core", "cargo", "cargo test", "cargo", "cargo test -p core"),
    (
        "docker compose -f ci.yml up -d",
        "docker",
        "docker compose up",
        "docker",
        "docker compose -f ci.yml up -d",
    ),
    ("docker compose logs", "docker", "docker compose logs", None, None),
    (
        "uv pip install -r requirements.txt",
        "pip",
        "uv pip install",
        "uv",
        "uv pip install -r requirements.txt",
    ),
    ("./gradlew :app:test", "gradle", "gradlew :app:test", "gradlew", "./gradlew :app:test"),
    ("gcc-12 -c a.c", "gcc", "gcc", "gcc", "gcc-12 -c a.c"),
    # shell lines: the command that builds, whatever comes before it
    ("cd api && npm test", "npm", "npm test", "npm", "npm test"),
    ("git pull && make", "make", "make", "make", "make"),
    ("bash -c 'cd x && make'", "make", "make", "make", "make"),
    ("bash -o pipefail -ec 'npm ci | tee log'", "npm", "npm ci", "npm", "npm ci"),
    ("sh -c 'exit 1'", "shell", "exit", None, None),
    ("cmd /c npm test", "npm", "npm test", "npm", "npm test"),
    ("pwsh -NoProfile -Command 'npm test'", "npm", "npm test", "npm", "npm test"),
    ("make 2>&1 | tee build.log", "make", "make", "make", "make"),
    ("pytest -q > out.txt 2> err.txt", "pytest", "pytest", "pytest", "pytest -q"),
    ("# the tests\npytest -q  # quick", "pytest", "pytest", "pytest", "pytest -q"),
    ("if make; then echo ok; fi", "make", "make", "make", "make"),
    ("cat > Makefile <<'EOF'\ntest:\n\tpytest -q\nEOF\n", None, "cat", None, None),
    ("cat <<EOF > notes\nrun make\nEOF\nmake test", "make", "make test", "make", "make test"),
    # no build
    ("ls -la", None, "ls", None, None),
    ("git status", "git", "git status", None, None),
    ("npm start", "npm", "npm start", None, None),
    ("", None, "", None, None),
]


@pytest.mark.parametrize(("line", "tool", "key", "kind", "shown"), TABLE)
def test_the_tool_the_key_and_the_hooks_read_a_line_alike(
    line: str, tool: str | None, key: str, kind: str | None, shown: str | None
) -> None:
    assert tool_from_command(line) == tool
    assert command_key(line) == key
    found = build_command(line)
    assert found == (None if kind is None or shown is None else BuildCommand(shown, kind))


@pytest.mark.parametrize(("line", "tool", "key", "kind", "shown"), TABLE)
def test_the_part_the_hooks_record_has_the_key_and_tool_of_the_whole_line(
    line: str, tool: str | None, key: str, kind: str | None, shown: str | None
) -> None:
    """A hook files a command under its building part (``npm test`` of ``cd api && npm
    test``); ``errlearn run`` under the whole line: the same key, the same tool."""
    if shown is not None:
        assert command_key(shown) == key
        assert tool_from_command(shown) == tool


def test_an_argv_is_one_command_and_its_operators_are_words() -> None:
    assert tool_from_command(["timeout", "60", "make"]) == "make"
    assert command_key(["stdbuf", "-oL", "cargo", "test"]) == "cargo test"
    assert classify(["npm", "exec", "tsc"]) == "tsc"
    assert [c.program for c in commands(["echo", "a", "&&", "make"])] == ["echo"]
    assert command_key(["bash", "-c", "cd api && npm test"]) == "npm test"


def test_a_windows_path_names_its_program() -> None:
    assert tool_from_command(["C:\\tools\\Make.EXE", "all"]) == "make"
    assert program_name("C:\\Python311\\python.exe") == "python"
    assert program_name("./gradlew.bat") == "gradlew"
    assert program_name("/usr/bin/clang++-15") == "clang++"
    assert program_name("lua5.4") == "lua5.4"  # a version without a dash is the name
    assert program_name("Rscript") == "Rscript"  # case kept where no Windows suffix was


def test_segments_split_a_shell_line_as_the_shell_does() -> None:
    line = "A='x y' make -k \"all\" && (cd b; yarn build) | tee log 2>&1 & echo $(pwd)#x"
    assert list(segments(line)) == [
        ["A=x y", "make", "-k", "all"],
        ["cd", "b"],
        ["yarn", "build"],
        ["tee", "log"],
        ["echo", "$(pwd)#x"],
    ]
    assert list(segments("echo 'unclosed && make")) == [["echo", "unclosed && make"]]
    assert list(segments("make \\\n  test")) == [["make", "test"]]


def test_a_here_document_is_text_not_commands() -> None:
    line = "cat > t.sh <<-'END'\n\tmake test\n\tEND\npytest"
    assert [c.program for c in commands(line)] == ["cat", "pytest"]
    assert [c.program for c in commands("cat <<<'make test'; ls")] == ["cat", "ls"]


words = st.text(st.characters(codec="utf-8", exclude_characters="\x00"), max_size=12)


@given(st.lists(words, min_size=1, max_size=6))
def test_join_quotes_as_shlex_does(argv: list[str]) -> None:
    assert join(argv) == shlex.join(argv)
    assert list(segments(join(argv))) == ([argv] if argv else [])


@given(st.lists(st.one_of(words, st.text("az09_@%+=:,./- '$", max_size=8)), max_size=6))
def test_the_line_a_run_is_filed_under_is_shlex_join_s(argv: list[str]) -> None:
    assert command_line(argv) == shlex.join(argv)


@given(st.text(max_size=80))
def test_any_line_is_read_without_error(line: str) -> None:
    tool_from_command(line)
    command_key(line)
    build_command(line)


def test_reading_a_line_imports_no_detector() -> None:
    code = (
        "import sys; from pytest_errlearn.detect import commandline; "
        "commandline.commands('timeout 60 npm test'); "
        "print(sorted(m for m in sys.modules if m.startswith('pytest_errlearn')))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    assert (
        out.strip() == "['pytest_errlearn', 'pytest_errlearn.detect', "
        "'pytest_errlearn.detect.commandline', 'pytest_errlearn.detect.shellwords']"
    )


def test_every_program_the_families_name_is_one_a_command_line_can_name() -> None:
    """A key ``program_name`` never gives (``bin/rails``, ``python3``) would never match."""
    from pytest_errlearn.detect.formats import BUILDS, COMMANDS

    assert [k for k in (*COMMANDS, *BUILDS) if program_name(k) != k] == []
    assert all(v is None or isinstance(v, frozenset) for v in BUILDS.values())
