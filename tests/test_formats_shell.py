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
