"""``library/compiled.json``: the starter library worked out ahead, never used stale."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from pytest_errlearn.matching.library import compiled
from pytest_errlearn.matching.matcher import Matcher
from pytest_errlearn.matching.patterns import builtin_patterns, read_builtin
from pytest_errlearn.matching.triggers import compile_trigger


def _clear() -> None:
    for cached in (compiled._stored, compiled.known_patterns, compiled.known_triggers):
        cached.cache_clear()


@pytest.fixture(autouse=True)
def fresh_caches() -> Iterator[None]:
    _clear()
    yield
    _clear()


def test_the_stored_library_is_the_one_its_toml_files_give() -> None:
    assert compiled.known_patterns() is not None
    assert builtin_patterns() == read_builtin()


def test_each_stored_trigger_parse_compiles_to_the_trigger_worked_out_now(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    fresh = compiled.worked_out()  # as written by ``derive``, whatever the file holds now
    monkeypatch.setattr(compiled, "_stored", lambda: fresh)
    patterns = read_builtin()
    assert len(compiled.known_triggers()) == len({p.trigger.strip() for p in patterns})
    stored = [compile_trigger(p, i, 0.6) for i, p in enumerate(patterns)]
    monkeypatch.setattr(compiled, "known_triggers", dict)
    assert [compile_trigger(p, i, 0.6) for i, p in enumerate(patterns)] == stored


def test_an_edited_library_file_sets_the_stored_library_aside(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(compiled, "library_digest", lambda: "a file was edited")
    assert compiled.known_patterns() is None
    assert compiled.known_triggers() == {}
    assert builtin_patterns() == read_builtin()


def test_an_edited_format_table_sets_only_the_stored_trigger_parses_aside(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(compiled, "table_digest", lambda: "a row was edited")
    assert compiled.known_patterns() is not None
    assert compiled.known_triggers() == {}


@pytest.mark.parametrize("content", ["", "{not json", "[]", '{"library": 1}'])
def test_a_missing_or_broken_compiled_json_only_makes_loading_slower(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, content: str
) -> None:
    broken = tmp_path / "compiled.json"
    if content:
        broken.write_text(content, encoding="utf-8")
    monkeypatch.setattr(compiled, "FILE", broken)
    assert compiled.known_patterns() is None
    assert compiled.known_triggers() == {}
    assert builtin_patterns() == read_builtin()
    assert Matcher(builtin_patterns()).patterns == read_builtin()


def test_stored_patterns_with_a_field_errlearn_no_longer_has_are_set_aside(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    data = compiled.worked_out()
    data["patterns"][0]["renamed"] = data["patterns"][0].pop("fix")
    changed = tmp_path / "compiled.json"
    changed.write_text(json.dumps(data), encoding="utf-8")
    monkeypatch.setattr(compiled, "FILE", changed)
    assert compiled.known_patterns() is None
    assert builtin_patterns() == read_builtin()
