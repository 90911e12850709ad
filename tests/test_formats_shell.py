"""The shells' own errors, as bash and dash print them."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from pytest_errlearn.detect.engine import detect


@pytest.mark.parametrize("shell", ["bash", "dash"])
def test_an_unset_variable_under_set_u_is_the_scripts_error_at_its_line(
    shell: str, tmp_path: Path
) -> None:
    if shutil.which(shell) is None:
        pytest.skip(f"no {shell} here")
    script = tmp_path / "deploy.sh"
    script.write_text('set -u\necho "deploying"\necho "$DEPLOY_TARGET"\n')
    run = subprocess.run(
        [shell, "deploy.sh"], cwd=tmp_path, capture_output=True, text=True, check=False
    )
    (err,) = detect((run.stdout + run.stderr).encode(), command=f"{shell} deploy.sh").errors
    assert (err.file, err.line, err.category) == ("deploy.sh", 3, "config")
    assert err.message.startswith("DEPLOY_TARGET: ")


@pytest.mark.parametrize(
    ("said", "message"),
    [
        (  # bash 5.2, then its echo of the line
            "./build.sh: line 3: syntax error near unexpected token `fi'\n"
            "./build.sh: line 3: `fi fi'\n",
            "syntax error near unexpected token `fi'",
        ),
        (
            "./build.sh: line 3: syntax error: unexpected end of file\n",
            "syntax error: unexpected end of file",
        ),
        ('./build.sh: 3: Syntax error: "fi" unexpected\n', 'Syntax error: "fi" unexpected'),  # dash
    ],
)
def test_a_script_the_shell_cannot_parse_is_a_syntax_error_at_its_line(
    said: str, message: str
) -> None:
    (err,) = detect(said.encode(), command="sh ./build.sh").errors
    assert (err.file, err.line, err.category, err.message) == ("./build.sh", 3, "syntax", message)
