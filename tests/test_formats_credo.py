"""Credo's issues, in the layout of its default and ``list`` output and of
``--format=oneline`` (as Credo's README and other projects' fixtures show them:
no Elixir here can fetch Credo from Hex)."""

from __future__ import annotations

from test_detect import scan

LIST = """
Checking 1 source file ...

  Rumbl
┃
┃ [R] → Modules should have a @moduledoc tag.
┃       lib/rumbl.ex:1:11 #(Rumbl)
┃
┃       defmodule Rumbl do
┃                 ^^^^^
┃
┃ [W] ↗ There should be no calls to IO.inspect/1.
┃       lib/rumbl.ex:6:7 (Rumbl.start)

Please report incorrect results: https://github.com/rrrene/credo/issues

Analysis took 0.1 seconds (0.00s to load, 0.1s running checks)
3 mods/funs, found 1 warning, 1 code readability issue.
"""


def test_each_credo_issue_is_an_error_at_its_place_once_credo_counts_them() -> None:
    report = scan(LIST)
    assert [(e.file, e.line, e.column, e.code, e.tool) for e in report.errors] == [
        ("lib/rumbl.ex", 1, 11, "R", "credo"),
        ("lib/rumbl.ex", 6, 7, "W", "credo"),
    ]
    assert report.errors[0].message == "Modules should have a @moduledoc tag."
    assert report.errors[0].span == (5, 10)
    assert report.warnings == []


def test_credo_issues_without_its_count_stay_warnings() -> None:
    report = scan(
        """
        ┃ [R] → Modules should have a @moduledoc tag.
        ┃       lib/rumbl.ex:1:11 #(Rumbl)
        """
    )
    assert report.errors == [] and [w.line for w in report.warnings] == [1]


def test_credos_oneline_format_is_read_too() -> None:
    (warning,) = scan("[R] → lib/rumbl.ex:1:11 Modules should have a @moduledoc tag.").warnings
    assert (warning.file, warning.line, warning.column) == ("lib/rumbl.ex", 1, 11)


def test_an_issue_line_with_no_place_under_it_is_none() -> None:
    report = scan("┃ [R] → a line that only looks like one\nnext\n")
    assert report.errors == [] and report.warnings == []
