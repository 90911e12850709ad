"""The families' programs, worked out ahead: the same tables, never out of date."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from pytest_errlearn.detect import formats, programs


def test_the_tables_worked_out_ahead_are_the_families_own() -> None:
    programs.programs.cache_clear()
    assert programs.programs() == (formats.COMMANDS, formats.BUILDS)


def test_reading_a_command_line_loads_no_family() -> None:
    code = (
        "import sys\n"
        "from pytest_errlearn.detect.commandkind import build_kind\n"
        "from pytest_errlearn.detect.commandline import commands\n"
        "print(build_kind(commands('npm run test:unit')[0]))\n"
        "print('pytest_errlearn.detect.formats' in sys.modules)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.stdout.split() == ["npm", "False"], done.stderr


def test_a_file_worked_out_for_other_families_is_not_used(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    stale = dict(programs.worked_out(), digest="0" * 40, commands={"pytest": "not-pytest"})
    (tmp_path / "programs.json").write_text(json.dumps(stale))
    monkeypatch.setattr(programs, "FILE", str(tmp_path / "programs.json"))
    programs.programs.cache_clear()
    try:
        assert programs.programs()[0]["pytest"] == formats.COMMANDS["pytest"] != "not-pytest"
    finally:
        programs.programs.cache_clear()


def test_a_family_added_removed_or_grown_changes_the_digest(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "a.py").write_text("COMMANDS = {'a': 'a'}\n")
    (tmp_path / "notes.txt").write_text("not a family\n")
    monkeypatch.setattr(programs, "FAMILIES", str(tmp_path))
    seen = [programs.digest()]
    (tmp_path / "notes.txt").write_text("still not a family, longer\n")
    assert programs.digest() == seen[0]
    (tmp_path / "a.py").write_text("COMMANDS = {'a': 'a', 'b': 'b'}\n")
    seen.append(programs.digest())
    (tmp_path / "b.py").write_text("")
    seen.append(programs.digest())
    (tmp_path / "a.py").unlink()
    seen.append(programs.digest())
    assert len(set(seen)) == 4
