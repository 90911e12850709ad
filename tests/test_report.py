"""The report's record types: compared, shown and copied field by field, as
dataclasses would be (``report.Record``)."""

from __future__ import annotations

import pytest

from pytest_errlearn.detect.found import Found
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


def _every_field_set() -> Error:
    """An error whose every field differs from its default, whatever fields
    ``Error`` declares: a field added to it is covered here with no change."""
    defaults = Error("", "")
    values: dict[str, object] = {}
    for name, default in defaults.fields().items():
        if name == "match":
            values[name] = Match("p", 0.75, "regex", "fix it", "patterns.toml:3", "worked")
        elif name in ("span",):
            values[name] = (4, 9)
        elif name == "related":
            values[name] = [(12, 14)]
        elif isinstance(default, bool):
            values[name] = not default
        elif isinstance(default, int) or name in ("line", "column"):
            values[name] = 7
        elif isinstance(default, list):
            values[name] = [f"{name} 1", f"{name} 2"]
        else:
            values[name] = f"{name} value"
    err = Error(**values)  # type: ignore[arg-type]
    assert all(getattr(err, n) != getattr(defaults, n) for n in Error.__slots__)
    return err


def test_every_field_of_an_error_survives_its_wire_form_through_json() -> None:
    import json

    err = _every_field_set()
    assert Error.from_wire(json.loads(json.dumps(err.to_wire()))) == err


def test_every_field_of_an_error_survives_its_dict_and_tuple_forms() -> None:
    err = _every_field_set()
    assert Error(**err.fields()) == err
    assert Error(*err.values()) == err


def test_every_field_of_an_error_survives_a_worker_process_wire() -> None:
    import pickle

    from pytest_errlearn.detect import forks

    piece = forks.Piece(*(None,) * len(forks.Piece._fields))._replace(
        founds=[Found(_every_field_set(), "error", [b"x"], [b"y"], 3, True)]
    )
    back = forks.from_wire(pickle.loads(pickle.dumps(forks.to_wire({0: piece}))))
    assert back[0].founds == piece.founds


def test_a_field_is_declared_once_and_reaches_init_slots_and_copies() -> None:
    from pytest_errlearn.report import Record, field

    class Sample(Record):
        name: str
        size: int = 1
        tags: list[str] = field(default_factory=list)

    sample = Sample("a")
    assert Sample.__slots__ == ("name", "size", "tags")
    assert sample.values() == ("a", 1, [])
    assert Sample("b").tags is not sample.tags
    assert sample.replace(size=2) == Sample("a", 2)
    with pytest.raises(AttributeError):
        sample.other = 1  # type: ignore[attr-defined]


def test_a_record_with_fields_is_not_extended_by_another() -> None:
    with pytest.raises(TypeError, match="not extended"):

        class Wider(Error):
            extra: int = 0
