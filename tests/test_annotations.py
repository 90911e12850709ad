"""GitHub Actions annotations: escaping, root causes first, each signature once."""

from __future__ import annotations

import re
from typing import Any

from pytest_errlearn.detect import detect
from pytest_errlearn.output.annotations import (
    MAX_ANNOTATIONS,
    escape_data,
    escape_property,
    github_annotations,
)
from pytest_errlearn.report import Error, Match, Report

# The runner's own parser (actions/runner ActionCommand.cs): ``::name props::data``,
# properties split on "," and "=", then unescaped in the reverse order.
_COMMAND = re.compile(r"^::(?P<name>\w+)(?: (?P<props>[^:]*))?::(?P<data>.*)$")


def _unescape_data(text: str) -> str:
    return text.replace("%0D", "\r").replace("%0A", "\n").replace("%25", "%")


def _unescape_property(text: str) -> str:
    return _unescape_data(text.replace("%3A", ":").replace("%2C", ","))


def parse(line: str) -> tuple[str, dict[str, str], str]:
    """A workflow command as the runner reads it: name, properties, message."""
    m = _COMMAND.match(line)
    assert m is not None, line
    props: dict[str, str] = {}
    for pair in filter(None, (m["props"] or "").split(",")):
        key, _, value = pair.partition("=")
        props[key] = _unescape_property(value)
    return m["name"], props, _unescape_data(m["data"])


def _error(message: str, signature: str, **kw: Any) -> Error:
    return Error(message=message, text=message, signature=signature, **kw)


def test_data_escapes_percent_first_so_nothing_is_escaped_twice() -> None:
    assert escape_data("100%\r\ndone") == "100%25%0D%0Adone"
    assert escape_data("%0A") == "%250A"


def test_properties_also_escape_the_colon_and_comma_that_end_them() -> None:
    assert escape_property("C:\\src\\a,b.c") == "C%3A\\src\\a%2Cb.c"


def test_a_message_with_separators_and_newlines_survives_the_runners_parser() -> None:
    message = "expected `u32`, found `&str`:: 100% wrong\nsecond line"
    err = _error(
        message,
        "s1",
        file="src/a,b.rs",
        line=3,
        column=7,
        category="type",
        tool="cargo",
        code="E0308",
    )
    (line,) = github_annotations(Report(errors=[err], primary_index=0))
    assert "\n" not in line
    name, props, data = parse(line)
    assert name == "error"
    assert props == {
        "file": "src/a,b.rs",
        "line": "3",
        "col": "7",
        "title": "root cause: cargo E0308 type error",
    }
    assert data == message


def test_the_root_cause_comes_first_and_consequences_are_left_out() -> None:
    first = _error("warning-ish first", "a", file="a.c", line=1)
    consequence = _error("make: *** [all] Error 1", "b", consequence=True)
    cause = _error("undefined reference to `foo'", "c", file="b.c", line=9)
    report = Report(errors=[first, consequence, cause], primary_index=2)
    messages = [parse(line)[2] for line in github_annotations(report)]
    assert messages == ["undefined reference to `foo'", "warning-ish first"]


def test_an_error_repeated_with_the_same_signature_is_annotated_once() -> None:
    errors = [_error("boom", "same", file="x.py", line=n) for n in (1, 2, 3)]
    errors.append(_error("other", "different"))
    report = Report(errors=errors, primary_index=0)
    assert [parse(line)[2] for line in github_annotations(report)] == ["boom", "other"]


def test_only_the_ten_the_runner_shows_are_printed_unless_asked_for_all() -> None:
    errors = [_error(f"error {n}", f"sig{n}") for n in range(25)]
    report = Report(errors=errors, primary_index=0)
    assert len(github_annotations(report)) == MAX_ANNOTATIONS
    assert len(github_annotations(report, limit=None)) == 25


def test_when_every_error_is_a_consequence_they_are_still_annotated() -> None:
    err = _error("make: *** [all] Error 2", "m", consequence=True)
    (line,) = github_annotations(Report(errors=[err], primary_index=0))
    assert parse(line)[2] == "make: *** [all] Error 2"


def test_the_known_fix_and_the_test_go_in_the_message() -> None:
    err = _error(
        "No module named 'requests'",
        "m",
        test="tests/test_a.py::test_x",
        match=Match("py-missing-module", 0.9, "regex", "pip install requests"),
    )
    _, _, data = parse(github_annotations(Report(errors=[err], primary_index=0))[0])
    assert data.splitlines() == [
        "No module named 'requests'",
        "test: tests/test_a.py::test_x",
        "fix: pip install requests",
    ]


def test_an_error_without_a_place_has_only_a_title() -> None:
    (line,) = github_annotations(Report(errors=[_error("Killed", "k")], primary_index=None))
    _, props, _ = parse(line)
    assert props == {"title": "unknown error"}


def test_absolute_paths_inside_the_workspace_become_repository_relative() -> None:
    inside = _error("bad", "1", file="/home/runner/work/app/app/src/main.c", line=4)
    outside = _error("worse", "2", file="/usr/include/stdio.h", line=5)
    report = Report(errors=[inside, outside], primary_index=0)
    lines = github_annotations(report, workspace="/home/runner/work/app/app")
    assert [parse(line)[1]["file"] for line in lines] == ["src/main.c", "/usr/include/stdio.h"]


def test_a_real_compiler_error_becomes_an_annotation_on_its_file_and_line() -> None:
    log = (
        b"cc -c main.c\n"
        b"main.c:12:5: error: 'count' undeclared (first use in this function)\n"
        b"make: *** [Makefile:2: main.o] Error 1\n"
    )
    lines = github_annotations(detect(log, "make"))
    _, props, data = parse(lines[0])
    assert (props["file"], props["line"], props["col"]) == ("main.c", "12", "5")
    assert "'count' undeclared" in data
    assert len(lines) == 1
