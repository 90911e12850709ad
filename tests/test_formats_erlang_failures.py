"""What Erlang's tools say failed, as OTP 25 and rebar3 3.19 print it: dialyzer's
findings are type errors, a test's crash is no assertion, a call of a function
that is not there is a reference, the registry not reached is rebar3's warning."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from test_detect import scan


def test_dialyzer_on_its_own_is_a_type_error_with_its_whole_message() -> None:
    report = scan(
        """
          Checking whether the PLT base.plt is up-to-date... yes
          Proceeding with analysis...
        calc.erl:8:1: Function start/0 has no local return
        calc.erl:9:12: The call calc:add
                 (1,
                  'ok') will never return since the success typing is
                 (number(),
                  number()) ->
                  number() and the contract is
                  (integer(), integer()) -> integer()
        calc.erl:11:2: Invalid type specification for function calc:name/1. The success typing is
                  (atom()) -> binary()
         done in 0m1.02s
        done (warnings were emitted)
        """
    )
    no_return, call, spec = report.errors
    assert (call.tool, call.category, call.line, call.column) == ("dialyzer", "type", 9, 12)
    assert call.message == (
        "The call calc:add(1, 'ok') will never return since the success typing is "
        "(number(), number()) -> number() and the contract is (integer(), integer()) -> integer()"
    )
    assert no_return.category == spec.category == "type"
    assert spec.message.endswith("The success typing is (atom()) -> binary()")


def test_rebar3s_dialyzer_findings_are_type_errors() -> None:
    report = scan(
        """
        ===> Analyzing 1 files with _build/default/rebar3_25.2.3_plt...

        src/calc.erl
        Line 8 Column 1: Function start/0 has no local return
        Line 11 Column 2: Invalid type specification for function calc:name/1. The success \
typing is (atom()) -> binary()
        ===> Warnings written to _build/default/25.2.3.dialyzer_warnings
        ===> Warnings occurred running dialyzer: 2
        """
    )
    assert [(e.file, e.line, e.category) for e in report.errors] == [
        ("src/calc.erl", 8, "type"),
        ("src/calc.erl", 11, "type"),
    ]


def test_dialyzers_call_of_a_missing_function_is_a_reference() -> None:
    (err,) = scan(
        "src/calc.erl:5:1: Call to missing or unexported function calc_util:round/1\n"
    ).errors
    assert (err.tool, err.category) == ("dialyzer", "reference")


def test_under_werror_an_unused_variable_is_a_build_error() -> None:
    report = scan(
        """
        compile: warnings being treated as errors
        calc.erl:5:5: variable 'Z' is unused
        %    5|     Z = 1,
        %     |     ^

        calc.erl:8:1: function unused/1 is unused
        %    8| unused(X) -> X.
        %     | ^
        """
    )
    assert [(e.line, e.category) for e in report.errors] == [(5, "build"), (8, "build")]


def test_rebar3s_registry_not_reached_is_a_warning_and_the_missing_package_the_error() -> None:
    report = scan(
        """
        ===> Verifying dependencies...
        ===> Failed to update package jsx from repo hexpm
        ===> Package not found in any repo: jsx 3.1.0
        """
    )
    (err,) = report.errors
    assert (err.message, err.category) == ("Package not found in any repo: jsx 3.1.0", "dependency")
    (warning,) = report.warnings
    assert warning.category == "network"


# ``rebar3 eunit`` (3.19): a test that calls a function that is not there, one that
# crashes, one that times out (cancelled, listed under ``Pending:``).
REBAR3_EUNIT = """
Failures:

  1) calc_tests:mul_test/0
     Failure/Error: {error,undef,
                        [{calc,mul,[2,3],[]},
                         {calc_tests,mul_test,0,
                             [{file,
                                  "/home/user/calc/test/calc_tests.erl"},
                              {line,5}]},
                         {calc_tests,mul_test,0,[]}]}
     Output:
  2) calc_tests:clause_test/0
     Failure/Error: {error,function_clause,
                        [{calc_tests,check,
                             [2],
                             [{file,
                                  "/home/user/calc/test/calc_tests.erl"},
                              {line,13}]},
                         {eunit_test,'-mf_wrapper/2-fun-0-',2,
                             [{file,"eunit_test.erl"},{line,273}]}]}
     Output:

Pending:
  calc_tests:-timeout_test_/0-fun-0-/0
    %% Unknown error: {timeout,
                   #{stacktrace =>
                         [{timer,sleep,1,[{file,"timer.erl"},{line,219}]},
                          {eunit_test,run_testfun,1,
                              [{file,"eunit_test.erl"},{line,71}]}]}}
  undefined
    %% Unknown error: {blame,[1,3]}


Finished in ? seconds
5 tests, 2 failures, 3 cancelled
===> Error running tests
"""


def test_a_test_calling_a_missing_function_is_a_reference_and_a_crash_is_runtime() -> None:
    undef, clause, timeout = scan(REBAR3_EUNIT).errors
    assert undef.message == "error:undef (undefined function calc:mul/2)"
    assert (undef.category, undef.line) == ("reference", 5)
    assert (clause.message, clause.category, clause.line) == (
        "error:function_clause",
        "runtime",
        13,
    )
    assert (timeout.test, timeout.category) == ("calc_tests:-timeout_test_/0-fun-0-/0", "runtime")


def test_eunits_assert_match_reads_as_rebar3_renders_it() -> None:
    (err,) = scan(
        r"""
          calc_tests: parse_test...*failed*
        in function calc_tests:parse_test/0 (calc_tests.erl, line 11)
        in call from eunit_test:'-mf_wrapper/2-fun-0-'/2 (eunit_test.erl, line 273)
        **error:{assertMatch,[{module,calc_tests},
                      {line,11},
                      {expression,"calc : parse ( \"41\" )"},
                      {pattern,"{ ok , 42 }"},
                      {value,{ok,41}}]}
          output:<<"">>

        """
    ).errors
    assert err.message == (
        '?assertMatch({ ok , 42 }, calc : parse ( "41" )) expected: = { ok , 42 } got: {ok,41}'
    )
    assert (err.test, err.category) == ("calc_tests:parse_test", "assertion")


def test_a_crash_in_a_common_test_case_is_runtime() -> None:
    (err,) = scan(
        """
        %%% calc_SUITE ==> divide: FAILED
        %%% calc_SUITE ==> {badarith,[{erlang,'div',[4,0],[{error_info,#{module => erl_erts_errors}}]},
                   {calc,divide,2,
                         [{file,"/home/user/calc/src/calc.erl"},{line,8}]},
                   {test_server,ts_tc,3,[{file,"test_server.erl"},{line,1782}]}]}
        """  # noqa: E501
    ).errors
    assert (err.message, err.category, err.test) == ("badarith", "runtime", "calc_SUITE:divide")


def test_ct_run_names_the_function_a_case_crashed_in_which_is_no_test() -> None:
    matched, crashed = scan(
        """
        - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - -
        calc_SUITE:add failed on line 8
        Reason: {badmatch,3}
        - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - -

        Testing calc.calc_SUITE: *** FAILED test case 1 of 3 ***
        - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - -
        erlang:'div' failed
        Reason: {badarith,[{erlang,...},{...}|...]}
        - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - -

        Testing calc.calc_SUITE: *** FAILED test case 2 of 3 ***
        """
    ).errors
    assert (matched.test, matched.category, matched.file) == (
        "calc_SUITE:add",
        "assertion",
        "calc_SUITE.erl",
    )
    assert (crashed.test, crashed.category) == (None, "runtime")
    assert crashed.message == "erlang:'div' failed: badarith"


def test_a_boot_calling_a_module_that_is_not_there_is_a_reference() -> None:
    (err,) = scan(
        """
        {"init terminating in do_boot",{undef,[{nosuchmod,start,[],[]},{init,start_em,1,[]},{init,do_boot,3,[]}]}}
        init terminating in do_boot ({undef,[{nosuchmod,start,[],[]},{init,start_em,1,[]},{init,do_boot,3,[]}]})

        Crash dump is being written to: erl_crash.dump...done
        """  # noqa: E501
    ).errors
    assert (
        err.message == "init terminating in do_boot: undef (undefined function nosuchmod:start/0)"
    )
    assert err.category == "reference"


def test_dialyzer_run_for_real_reports_a_type_error(tmp_path: Path) -> None:
    if shutil.which("dialyzer") is None or shutil.which("erl") is None:
        pytest.skip("dialyzer is not installed")
    plts = list(Path.home().glob(".cache/rebar3/rebar3_*_plt"))
    if not plts:
        pytest.skip("no PLT to analyse against (rebar3 dialyzer builds one)")
    (tmp_path / "calc.erl").write_text(
        "-module(calc).\n-export([start/0]).\n\n-spec add(integer(), integer()) -> integer().\n"
        "add(A, B) ->\n    A + B.\n\nstart() ->\n    add(1, ok).\n"
    )
    run = subprocess.run(
        ["dialyzer", "--plt", str(plts[0]), "--src", "calc.erl"],
        cwd=tmp_path,
        capture_output=True,
        timeout=300,
    )
    report = scan((run.stdout + run.stderr).decode())
    assert {(e.tool, e.category) for e in report.errors} == {("dialyzer", "type")}
    assert any(
        e.message.startswith("The call calc:add(1, 'ok') will never return") for e in report.errors
    )


def test_an_include_file_erlc_cannot_find_is_a_missing_dependency() -> None:
    report = scan(
        """
        ===> Compiling src/calc.erl failed
        src/calc.erl:4:10: can't find include file "missing.hrl"

        src/calc.erl:7:5: Warning: variable 'Z' is unused

        """
    )
    (err,) = report.errors
    assert (err.file, err.line, err.column, err.category) == ("src/calc.erl", 4, 10, "dependency")
