"""The private APIs errlearn's speed rests on, checked so that a library change
fails here, loudly, rather than quietly making errlearn slower.

Each has a public fallback that gives the same results (see the module named):
these tests say when the fallback is what users get.
"""

from __future__ import annotations

import pytest


def test_re2_still_exposes_its_own_match_call_for_stage_1() -> None:
    # detect/prefilter.py calls RE2's match through these, skipping the binding's
    # per-hit Python objects; without them it falls back to ``search``.
    re2 = pytest.importorskip("re2")
    compiled = re2.compile(b"x")
    assert hasattr(re2, "_Anchor") and hasattr(re2._Anchor, "UNANCHORED")
    assert compiled._regexp.Match(re2._Anchor.UNANCHORED, b"ax", 0, 2)[0][0] == 1


def test_the_stage_1_engine_is_re2s_own_match_call() -> None:
    pytest.importorskip("re2")
    from pytest_errlearn.detect import prefilter

    assert prefilter.ENGINE == "re2"
    stage_1 = prefilter.compile_automaton(prefilter._table_rows())[0]  # what ``find`` compiles
    assert stage_1.__name__ == "find"  # _two_automata's, not via_search's
    assert "lines" in stage_1.__code__.co_freevars


@pytest.mark.parametrize("module", ["_sqlite3", "_sha1", "_blake2"])
def test_the_c_modules_the_history_and_signatures_load_directly_exist(module: str) -> None:
    # history/db.py, detect/signature.py and history/tree.py import them to skip
    # what the public modules load besides (datetime adapters, OpenSSL).
    __import__(module)
