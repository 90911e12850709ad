"""The report's record types: compared, shown and copied field by field, as
dataclasses would be (``report.Record``)."""

from __future__ import annotations

import pytest

from pytest_errlearn.detect.scanner import Found
from pytest_errlearn.report import Error, Match


def _error(**changes: object) -> Error:
    err = Error("boom", "E   boom", file="a.py", line=3, span=(3, 3), block=["E   boom"])
    return err.replace(**changes) if changes else err


def test_records_with_the_same_fields_are_equal_and_any_field_tells_them_apart() -> None:
    assert _error() == _error()
    assert _error() != _error(line=4)
    assert _error() != _error(match=Match("p", 0.9, "semantic", "fix it"))


def test_a_record_is_not_equal_to_another_type_with_the_same_values() -> None:
    err = _error()
    assert err != Found(err, "error")
    assert err != err.values()


def test_records_are_mutable_so_they_are_not_hashable() -> None:
    with pytest.raises(TypeError):
        hash(_error())


def test_replace_copies_with_the_changes_and_leaves_the_original_alone() -> None:
    err = _error()
    moved = err.replace(line=9, file="b.py")
    assert (moved.line, moved.file, moved.message) == (9, "b.py", "boom")
    assert (err.line, err.file) == (3, "a.py")


def test_values_in_field_order_make_an_equal_record() -> None:
    err = _error(notes=["seen before"])
    assert Error(*err.values()) == err
    assert list(err.fields()) == list(Error.__slots__)


def test_list_fields_left_out_are_new_lists_for_each_record() -> None:
    one, two = Error("a", "a"), Error("b", "b")
    one.notes.append("x")
    assert two.notes == [] and two.related == [] and two.context == []


def test_repr_names_the_type_and_every_field() -> None:
    shown = repr(Match("p", 0.75, "regex", "pin it"))
    assert shown.startswith("Match(pattern='p', score=0.75, method='regex', fix='pin it'")
    assert "success=None" in shown
