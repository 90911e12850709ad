"""The files worked out ahead from the table and the library are those they give now."""

from __future__ import annotations

from pytest_errlearn import derive


def test_the_files_worked_out_ahead_are_those_of_the_table_and_library_as_they_are() -> None:
    assert derive.stale() == [], "out of date: python -m pytest_errlearn.derive"
