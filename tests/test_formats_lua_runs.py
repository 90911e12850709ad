"""Lua's outputs as real runs of Lua 5.4, 5.1 and LuaJIT, busted 2.1.1 and luacheck
1.1.0 print them: an error() of the program's own, the older interpreters' words
for a call of nil, busted's errors and the values a failed assertion compared,
luacheck failing of its warnings alone."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from test_detect import scan


def test_an_error_the_program_raised_is_a_runtime_error() -> None:
    # A real run of lua5.4 bank.lua.
    (err,) = scan(
        """
        lua5.4: bank.lua:10: insufficient funds: balance 10, requested 25
        stack traceback:
        \t[C]: in function 'error'
        \tbank.lua:10: in method 'withdraw'
        \tbank.lua:16: in main chunk
        \t[C]: in ?
        """
    ).errors
    assert (err.file, err.line, err.category) == ("bank.lua", 10, "runtime")
    assert err.message == "insufficient funds: balance 10, requested 25"


def test_lua_5_1_and_luajit_say_a_call_of_nil_their_way_a_reference_error() -> None:
    # A real run of luajit 2.1 app.lua.
    (err,) = scan(
        """
        luajit: app.lua:7: attempt to call global 'gret' (a nil value)
        stack traceback:
        \tapp.lua:7: in function 'main'
        \tapp.lua:10: in main chunk
        \t[C]: at 0x5567e82702c0
        """
    ).errors
    assert (err.line, err.category, err.message) == (
        7,
        "reference",
        "attempt to call global 'gret' (a nil value)",
    )


def test_a_missing_modules_message_ends_where_its_search_list_begins() -> None:
    (err,) = scan("lua5.4: server.lua:1: module 'cjson_safe_nope' not found:\n").errors
    assert err.message == "module 'cjson_safe_nope' not found"


BUSTED = """
    -++**
    1 success / 2 failures / 2 errors / 0 pending : 0.002626 seconds

    Failure -> spec/calc_spec.lua @ 5
    calc adds numbers
    spec/calc_spec.lua:6: Expected objects to be equal.
    Passed in:
    (number) 4
    Expected:
    (number) 3

    Failure -> spec/calc_spec.lua @ 17
    calc stats
    spec/calc_spec.lua:18: Expected objects to be the same.
    Passed in:
    (table: 0x55bbd1f8cbe0) {
     *[max] = 5
      [min] = 1 }
    Expected:
    (table: 0x55bbd201d1e0) {
     *[max] = 4
      [min] = 1 }

    Error -> spec/calc_spec.lua @ 13
    calc divides by zero
    ./src/calc.lua:6: division by zero

    Error -> spec/calc_spec.lua @ 25
    calc nil call
    spec/calc_spec.lua:26: attempt to call field 'mul' (a nil value)
"""


def test_a_busted_failure_keeps_the_values_it_compared() -> None:
    adds, stats, _, _ = scan(BUSTED).errors
    assert adds.message == (
        "Expected objects to be equal. Passed in: (number) 4 Expected: (number) 3"
    )
    assert stats.message == (
        "Expected objects to be the same. Passed in: (table: 0x55bbd1f8cbe0) { *[max] = 5 "
        "[min] = 1 } Expected: (table: 0x55bbd201d1e0) { *[max] = 4 [min] = 1 }"
    )


def test_a_busted_error_is_a_runtime_error_unless_its_words_say_more() -> None:
    _, _, divides, calls = scan(BUSTED).errors
    assert (divides.file, divides.line, divides.category) == ("./src/calc.lua", 6, "runtime")
    assert (calls.test, calls.category) == ("calc nil call", "reference")


LUACHECK_WARNINGS = """
    Checking src/util.lua                             5 warnings

        src/util.lua:2:7: unused variable unused
        src/util.lua:9:10: accessing undefined variable totl

    Total: 2 warnings / 0 errors in 1 file
"""


def test_luacheck_failing_of_its_warnings_alone_makes_them_its_errors() -> None:
    # luacheck exits 1 of warnings: the run failed of them.
    report = scan(LUACHECK_WARNINGS)
    assert [(e.line, e.message) for e in report.errors] == [
        (2, "unused variable unused"),
        (9, "accessing undefined variable totl"),
    ]
    assert report.warnings == []


@pytest.mark.skipif(shutil.which("lua5.4") is None, reason="lua5.4 is not installed")
def test_lua_itself_reports_an_error_of_the_program_at_its_line(tmp_path: Path) -> None:
    script = tmp_path / "stop.lua"
    script.write_text(
        'local function check(n)\n  if n > 3 then error("too big: " .. n) end\nend\ncheck(5)\n'
    )
    run = subprocess.run(
        ["lua5.4", script.name], cwd=tmp_path, capture_output=True, timeout=60, check=False
    )
    (err,) = scan((run.stdout + run.stderr).decode()).errors
    assert (err.file, err.line, err.message, err.category) == (
        "stop.lua",
        2,
        "too big: 5",
        "runtime",
    )
