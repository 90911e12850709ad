"""``errlearn hook``: which commands count, what PreToolUse shows, what PostToolUse learns."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from errlearn_wrapper.agent_hooks import (
    BuildCommand,
    build_command,
    format_hints,
    relevance,
    tool_outcome,
)
from errlearn_wrapper.cli import main

from pytest_errlearn.history import Hint, History

MISSING = "E   ModuleNotFoundError: No module named 'requests'\n"


@pytest.fixture
def project(tmp_path: Path) -> Path:
    root = tmp_path / "proj"
    root.mkdir()
    (root / "pyproject.toml").write_text('[project]\nname = "p"\n', encoding="utf-8")
    return root


def hook(
    name: str,
    payload: Any,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    *args: str,
) -> str:
    """Run ``errlearn hook NAME`` with ``payload`` on stdin; its stdout.

    Whatever the payload, the status is 0 and nothing goes to stderr.
    """
    data = payload if isinstance(payload, bytes) else json.dumps(payload).encode()
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data)))
    assert main(["hook", name, *args]) == 0
    captured = capsys.readouterr()
    assert captured.err == ""
    return captured.out


def record(
    payload: Any, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> str:
    """``errlearn hook post-tool-use --foreground``: recorded by the time it returns."""
    return hook("post-tool-use", payload, monkeypatch, capsys, "--foreground")


def pre(root: Path, command: str) -> dict[str, Any]:
    return {
        "hook_event_name": "PreToolUse",
        "tool_name": "Bash",
        "cwd": str(root),
        "tool_input": {"command": command},
    }


def post(root: Path, command: str, response: Any) -> dict[str, Any]:
    return {**pre(root, command), "hook_event_name": "PostToolUse", "tool_response": response}


def log_lines(root: Path) -> list[str]:
    path = root / ".errlearn" / "hooks.log"
    return path.read_text(encoding="utf-8").splitlines() if path.is_file() else []


# -- which commands count ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("line", "kind", "segment"),
    [
        ("npm test", "npm", "npm test"),
        ("npm run test:unit -- --ci", "npm", "npm run test:unit -- --ci"),
        ("npm run build", "npm", "npm run build"),
        ("npm ci", "npm", "npm ci"),
        ("yarn build", "yarn", "yarn build"),
        ("yarn install", "yarn", "yarn install"),
        ("pnpm test", "pnpm", "pnpm test"),
        ("pytest tests/", "pytest", "pytest tests/"),
        ("python -m pytest -x", "pytest", "python -m pytest -x"),
        ("python3 -m pytest", "pytest", "python3 -m pytest"),
        ("python -m unittest discover", "python", "python -m unittest discover"),
        ("python setup.py build", "python", "python setup.py build"),
        ("pip install -r requirements.txt", "pip", "pip install -r requirements.txt"),
        ("make", "make", "make"),
        ("make -j4 test", "make", "make -j4 test"),
        ("cmake --build build", "cmake", "cmake --build build"),
        # The type is the program that runs, as history keys name it (``ctest``, ``mvn``).
        ("ctest --output-on-failure", "ctest", "ctest --output-on-failure"),
        ("./gradlew test", "gradlew", "./gradlew test"),
        ("mvn -q install", "mvn", "mvn -q install"),
        ("go test ./...", "go", "go test ./..."),
        ("go mod tidy", "go", "go mod tidy"),
        ("cargo check", "cargo", "cargo check"),
        ("docker build -t app .", "docker", "docker build -t app ."),
        ("docker compose up -d", "docker", "docker compose up -d"),
        ("docker-compose up", "docker-compose", "docker-compose up"),
        ("jest --ci", "jest", "jest --ci"),
        ("mocha", "mocha", "mocha"),
        ("vitest run", "vitest", "vitest run"),
        ("eslint src", "eslint", "eslint src"),
        ("pylint pkg", "pylint", "pylint pkg"),
        ("black --check .", "black", "black --check ."),
        ("mypy src", "mypy", "mypy src"),
        ("tsc --noEmit", "tsc", "tsc --noEmit"),
        ("ruff check .", "ruff", "ruff check ."),
        ("tox -e py311", "tox", "tox -e py311"),
        ("nox -s tests", "nox", "nox -s tests"),
        ("uv run pytest -q", "pytest", "uv run pytest -q"),
        ("uv sync", "uv", "uv sync"),
        ("poetry install", "poetry", "poetry install"),
        ("dotnet build", "dotnet", "dotnet build"),
        ("npx jest", "jest", "npx jest"),
        ("cd api && npm test", "npm", "npm test"),
        ("CI=1 NODE_ENV=test npm test", "npm", "npm test"),
        ("source .venv/bin/activate && pytest -q", "pytest", "pytest -q"),
        ("(cd web; yarn build) 2>&1 | tail -20", "yarn", "yarn build"),
        ("bash -c 'cd x && make'", "make", "make"),
        ("timeout 600 cargo test", "cargo", "cargo test"),
        (".venv/bin/pytest tests/test_a.py", "pytest", ".venv/bin/pytest tests/test_a.py"),
    ],
)
def test_build_and_test_commands_are_recognised(line: str, kind: str, segment: str) -> None:
    assert build_command(line) == BuildCommand(segment, kind)


@pytest.mark.parametrize(
    "line",
    [
        "ls -la",
        "cat setup.py",
        "git status",
        "git commit -m 'make test pass'",
        "echo pytest",
        "grep -rn pytest .",
        "npm start",
        "npm run dev",
        "go run main.go",
        "cargo run",
        "docker ps",
        "docker compose logs",
        "pip list",
        "python script.py",
        "uv run python x.py",
        "cd src",
        "",
        "   ",
        "'unclosed",
    ],
)
def test_other_commands_are_not_build_or_test(line: str) -> None:
    assert build_command(line) is None


# -- PreToolUse -------------------------------------------------------------------------------


def hint(
    message: str,
    *,
    fix: str | None = None,
    times: int = 1,
    age: float = 0.0,
    command: str = "npm test",
) -> Hint:
    return Hint("0" * 16, message, command, times, time.time() - age, "runtime", fix=fix)


def test_the_pre_tool_use_text_has_the_seeds_banner_and_numbered_issues() -> None:
    text = format_hints(
        BuildCommand("npm test", "npm"),
        [
            hint(
                "Error: ENOENT: no such file or directory, open 'package.json'",
                fix="Run 'npm init' if missing.",
                times=4,
            ),
            hint("ELIFECYCLE Command failed with exit code 1", command="npm run test:unit"),
        ],
    )
    lines = text.splitlines()
    assert lines[0] == lines[2] == lines[-1] == "=" * 70
    assert lines[1] == "⚠️ RELEVANT ERROR PATTERNS"
    assert lines[3:5] == ["Command: npm test", "Type: npm"]
    assert "Known issues that might occur:" in lines
    first = lines.index("Known issues that might occur:") + 2
    assert lines[first].startswith("1. Error: ENOENT: no such file or directory")
    assert lines[first].endswith("%") and " | Relevance: " in lines[first]
    assert lines[first + 1 : first + 3] == [
        "   Command: npm test",
        "   Solution: Run 'npm init' if missing.",
    ]
    second = lines.index("   Command: npm run test:unit") - 1
    assert lines[second].startswith("2. ELIFECYCLE")
    assert "Solution" not in lines[second + 2]  # no fix known: no Solution line


def test_relevance_rises_with_a_closer_command_more_failures_and_recency() -> None:
    now = time.time()
    base = relevance(hint("x", command="npm run build", age=30 * 86400), "npm test", now)
    assert 40 <= base < relevance(hint("x", age=30 * 86400), "npm test", now)
    assert base < relevance(
        hint("x", command="npm run build", times=5, age=30 * 86400), "npm test", now
    )
    assert base < relevance(hint("x", command="npm run build"), "npm test", now)
    assert relevance(hint("x", times=9), "npm test", now) == 100


def test_ls_prints_nothing_at_all(
    project: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    assert hook("pre-tool-use", pre(project, "ls -la"), monkeypatch, capsys) == ""
    assert log_lines(project) == []


def test_what_post_tool_use_records_the_next_pre_tool_use_shows(
    project: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    failed = post(
        project,
        "cd proj && python -m pytest -q",
        {"stdout": MISSING, "stderr": "", "interrupted": False, "isImage": False},
    )
    assert record(failed, monkeypatch, capsys) == ""
    text = hook("pre-tool-use", pre(project, "pytest -q"), monkeypatch, capsys)
    assert "RELEVANT ERROR PATTERNS" in text and "Type: pytest" in text
    assert "1. ModuleNotFoundError: No module named 'requests' | Relevance: " in text
    assert "   Command: python -m pytest -q" in text


def test_at_most_three_known_issues_are_shown(
    project: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    for name in ("alpha", "beta", "gamma", "delta", "epsilon"):
        out = f"E   ModuleNotFoundError: No module named '{name}'\n"
        record(post(project, "pytest", {"stdout": out}), monkeypatch, capsys)
    text = hook("pre-tool-use", pre(project, "pytest"), monkeypatch, capsys)
    assert [line[:2] for line in text.splitlines() if line[:1].isdigit()] == ["1.", "2.", "3."]


def test_the_json_form_puts_the_text_in_claude_codes_additional_context(
    project: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    record(post(project, "pytest", {"stdout": MISSING}), monkeypatch, capsys)
    out = json.loads(hook("pre-tool-use", pre(project, "pytest"), monkeypatch, capsys, "--json"))
    context = out["hookSpecificOutput"]
    assert context["hookEventName"] == "PreToolUse"
    assert "RELEVANT ERROR PATTERNS" in context["additionalContext"]


def test_known_fixes_appear_as_solutions(
    project: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    pytest.importorskip("pytest_errlearn.matching.matcher")
    with open(project / "pyproject.toml", "a", encoding="utf-8") as f:
        f.write("[tool.errlearn]\nbuiltin = false\n")  # this project's pattern only
    (project / "patterns.toml").write_text(
        'version = 1\n\n[[pattern]]\nid = "py-missing-module"\n'
        'trigger = "ModuleNotFoundError: No module named {module}"\n'
        "match = \"No module named '(?P<module>[^']+)'\"\n"
        'fix = "pip install {module}"\n',
        encoding="utf-8",
    )
    record(post(project, "pytest", {"stdout": MISSING}), monkeypatch, capsys)
    text = hook("pre-tool-use", pre(project, "pytest"), monkeypatch, capsys)
    assert "   Solution: pip install requests" in text


def test_turning_hints_off_in_pyproject_silences_pre_tool_use(
    project: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    record(post(project, "pytest", {"stdout": MISSING}), monkeypatch, capsys)
    with open(project / "pyproject.toml", "a", encoding="utf-8") as f:
        f.write("[tool.errlearn]\nhints = false\n")
    assert hook("pre-tool-use", pre(project, "pytest"), monkeypatch, capsys) == ""


# -- PostToolUse: the shapes of a finished command ---------------------------------------------


@pytest.mark.parametrize(
    ("response", "error", "code"),
    [
        ({"stdout": "out\n", "stderr": MISSING}, None, None),
        ({"output": MISSING, "exit_code": 2}, None, 2),
        ({"stdout": MISSING, "exitCode": 1}, None, 1),
        ({"stdout": "", "stderr": MISSING, "returncode": 0}, None, 0),
        (MISSING, None, None),
        (None, f"Exit code 1\n{MISSING}", 1),
        ({"stdout": MISSING, "exitCode": True}, None, None),
    ],
    ids=["stdout-stderr", "output", "exitCode", "returncode", "string", "error", "bool-code"],
)
def test_the_output_and_status_are_read_from_every_shape_agents_send(
    response: Any, error: str | None, code: int | None
) -> None:
    event: dict[str, Any] = {"tool_response": response}
    if error is not None:
        event["error"] = error
    outcome = tool_outcome(event)
    assert b"No module named 'requests'" in outcome.output
    assert outcome.exit_code == code


def test_a_failure_event_without_a_response_is_recorded_as_failed(
    project: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    event = {
        **pre(project, "pytest"),
        "hook_event_name": "PostToolUseFailure",
        "error": f"Exit code 1\n{MISSING}",
    }
    record(event, monkeypatch, capsys)
    with History.open(project, create=False) as history:  # type: ignore[union-attr]
        assert [h.message for h in history.hints("pytest")] == [
            "ModuleNotFoundError: No module named 'requests'"
        ]


def test_an_interrupted_command_is_not_recorded(
    project: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    event = post(project, "pytest", {"stdout": MISSING, "interrupted": True})
    assert record(event, monkeypatch, capsys) == ""
    assert History.open(project, create=False) is None
    assert any("interrupted" in line for line in log_lines(project))


def test_non_build_commands_and_a_first_clean_pass_make_no_history(
    project: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    record(post(project, "ls", {"stdout": MISSING}), monkeypatch, capsys)
    record(post(project, "pytest", {"stdout": "3 passed\n"}), monkeypatch, capsys)
    assert History.open(project, create=False) is None


def test_history_off_in_pyproject_records_nothing(
    project: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    with open(project / "pyproject.toml", "a", encoding="utf-8") as f:
        f.write("[tool.errlearn]\nhistory = false\n")
    record(post(project, "pytest", {"stdout": MISSING}), monkeypatch, capsys)
    assert History.open(project, create=False) is None


# -- faults: silence, status 0, a line in the log ------------------------------------------------


@pytest.mark.parametrize("name", ["pre-tool-use", "post-tool-use"])
@pytest.mark.parametrize(
    ("payload", "logged"),
    [
        (b"{not json", "malformed event JSON"),
        (b"", "event is not a JSON object"),
        (b"[1, 2]", "event is not a JSON object"),
        ({"tool_name": "Read", "tool_input": {"file_path": "x"}}, "not a Bash tool call"),
        ({"tool_name": "Bash", "tool_input": {}}, "no command"),
        ({"tool_name": "Bash", "tool_input": {"command": ["pytest"]}}, "no command"),
        ({"tool_name": "Bash", "tool_input": "pytest"}, "no command"),
    ],
    ids=["bad-json", "empty", "array", "not-bash", "no-command", "list-command", "bad-input"],
)
def test_a_malformed_event_prints_nothing_exits_0_and_leaves_a_log_line(
    name: str,
    payload: Any,
    logged: str,
    project: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.chdir(project)
    assert hook(name, payload, monkeypatch, capsys) == ""
    (line,) = log_lines(project)
    assert f" {name}: " in line and logged in line


def test_no_history_yet_is_a_log_line_not_output(
    project: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    assert hook("pre-tool-use", pre(project, "pytest"), monkeypatch, capsys) == ""
    assert any("no history" in line for line in log_lines(project))


def test_an_unwritable_errlearn_folder_is_silent(
    project: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    (project / ".errlearn").write_text("a file where the folder should be")
    assert record(post(project, "pytest", {"stdout": MISSING}), monkeypatch, capsys) == ""
    assert hook("pre-tool-use", pre(project, "pytest"), monkeypatch, capsys) == ""


def test_a_broken_pyproject_is_a_log_line(
    project: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    (project / "pyproject.toml").write_text("[tool.errlearn\n", encoding="utf-8")
    assert hook("pre-tool-use", pre(project, "pytest"), monkeypatch, capsys) == ""
    assert any("cannot read [tool.errlearn]" in line for line in log_lines(project))


def test_the_installed_command_runs_the_hook_end_to_end(project: Path) -> None:
    errlearn = Path(sys.executable).with_name("errlearn")
    if not errlearn.is_file():
        pytest.skip("the errlearn script is not installed beside this python")
    env = {**os.environ, "NO_COLOR": "1"}

    def run(name: str, event: dict[str, Any]) -> subprocess.CompletedProcess[bytes]:
        return subprocess.run(
            [str(errlearn), "hook", name],
            input=json.dumps(event).encode(),
            capture_output=True,
            env=env,
            timeout=60,
            check=False,
        )

    done = run("post-tool-use", post(project, "pytest", {"stdout": MISSING}))
    assert (done.returncode, done.stdout, done.stderr) == (0, b"", b"")
    deadline = time.monotonic() + 60  # a detached process records it
    while time.monotonic() < deadline:
        done = run("pre-tool-use", pre(project, "pytest"))
        assert done.returncode == 0 and done.stderr == b""
        if done.stdout:
            break
        time.sleep(0.2)
    assert "No module named 'requests' | Relevance: " in done.stdout.decode("utf-8")
