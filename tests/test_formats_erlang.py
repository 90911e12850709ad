"""Erlang's tools as they print: erlc and dialyzer, rebar3 (its minimal and rich
formats), EUnit, Common Test, and the crashes of escript and ``erl``."""

from __future__ import annotations

from test_detect import scan

# erlc (OTP 25): each diagnostic with its ``%`` code frame.
ERLC = """
src/calc.erl:9:16: syntax error before: ')'
%    9|     A div (B + ).
%     |                ^

src/calc.erl:6:13: function foo/1 undefined
%    6|     X + Y + foo(X).
%     |             ^

src/calc.erl:5:5: Warning: variable 'Z' is unused
%    5|     Z = 1,
%     |     ^

"""


def test_erlcs_errors_are_errors_at_their_place_and_its_warnings_warnings() -> None:
    report = scan(ERLC)
    syntax, undefined = report.errors
    assert (syntax.file, syntax.line, syntax.column) == ("src/calc.erl", 9, 16)
    assert syntax.message == "syntax error before: ')'" and syntax.category == "syntax"
    assert syntax.span == (1, 3) and syntax.tool == "erlc"
    assert (undefined.line, undefined.message) == (6, "function foo/1 undefined")
    (warning,) = report.warnings
    assert (warning.line, warning.message) == (5, "variable 'Z' is unused")


def test_with_werror_erlcs_warning_is_an_error() -> None:
    report = scan(
        """
        compile: warnings being treated as errors
        src/calc.erl:5:5: variable 'Z' is unused
        %    5|     Z = 1,
        %     |     ^
        """
    )
    (err,) = report.errors
    assert (err.file, err.line, err.message) == ("src/calc.erl", 5, "variable 'Z' is unused")
    assert report.warnings == []


def test_rebar3s_minimal_format_is_erlcs() -> None:
    report = scan(
        """
        ===> Verifying dependencies...
        ===> Analyzing applications...
        ===> Compiling calc
        ===> Compiling src/calc.erl failed
        src/calc.erl:9:9: syntax error before: '.'

        src/calc.erl:6:13: function foo/1 undefined

        src/calc.erl:5:5: Warning: variable 'Z' is unused

        """
    )
    assert [(e.file, e.line) for e in report.errors] == [("src/calc.erl", 9), ("src/calc.erl", 6)]
    assert len(report.warnings) == 1


def test_rebar3s_rich_format_reads_the_place_from_the_frame() -> None:
    # rebar3's rebar_compiler_format_SUITE: the rich format (the default from 3.24)
    report = scan(
        """
        ===> Compiling src/calc.erl failed
            ┌─ src/calc.erl:
            │
         11 │  first character on line 11.
            │  ╰── some message

           ┌─ src/calc.erl:
           │
         5 │      Z = 1,
           │      ╰── Warning: variable 'Z' is unused

        """
    )
    (err,) = report.errors
    assert (err.file, err.line, err.message) == ("src/calc.erl", 11, "some message")
    (warning,) = report.warnings
    assert (warning.file, warning.line) == ("src/calc.erl", 5)


def test_dialyzers_findings_are_errors_where_rebar3_lists_them() -> None:
    report = scan(
        """
        ===> Analyzing 1 files with _build/default/rebar3_25.2.3_plt...

        src/calc.erl
        Line 10 Column 1: Function bad/0 has no local return
        Line 11 Column 12: The call calc:add(1, 'atom') will never return since it differs in \
the 2nd argument from the success typing arguments: (number(), number())
        ===> Warnings written to _build/default/25.2.3.dialyzer_warnings
        ===> Warnings occurred running dialyzer: 2
        """
    )
    first, second = report.errors
    assert (first.file, first.line, first.column) == ("src/calc.erl", 10, 1)
    assert first.message == "Function bad/0 has no local return" and first.tool == "dialyzer"
    assert (second.file, second.line) == ("src/calc.erl", 11)
    assert second.related == [(7, 7)]


def test_dialyzer_on_its_own_prints_erlcs_shape() -> None:
    (first, second) = scan(
        """
          Proceeding with analysis...
        d.erl:4:1: Function bad/0 has no local return
        d.erl:5:9: The call erlang:'+'
                 (1,
                  'atom') will never return since it differs in the 2nd argument from the \
success typing arguments:
                 (number(),
                  number())
         done in 0m0.43s
        done (warnings were emitted)
        """
    ).errors
    assert (first.file, first.line) == ("d.erl", 4)
    assert (second.line, second.span) == (5, (3, 7))  # `` done in``: dialyzer's, not the finding's


# ``erl -noshell -eval 'eunit:test(calc_tests)' -s init stop`` (OTP 25).
EUNIT = """
calc_tests: add_test...*failed*
in function calc_tests:add_test/0 (test/calc_tests.erl, line 5)
in call from eunit_test:'-mf_wrapper/2-fun-0-'/2 (eunit_test.erl, line 273)
in call from eunit_test:run_testfun/1 (eunit_test.erl, line 71)
in call from eunit_proc:run_test/1 (eunit_proc.erl, line 531)
in call from eunit_proc:with_timeout/3 (eunit_proc.erl, line 356)
**error:{assertEqual,[{module,calc_tests},
              {line,5},
              {expression,"calc : add ( 1 , 2 )"},
              {expected,3},
              {value,4}]}
  output:<<"">>

calc_tests: div_test...*failed*
in function erlang:'div'/2
  called as 1 div 0
in call from calc:safe_div/2 (src/calc.erl, line 8)
in call from calc_tests:div_test/0 (test/calc_tests.erl, line 8)
in call from eunit_test:'-mf_wrapper/2-fun-0-'/2 (eunit_test.erl, line 273)
**error:badarith
  output:<<"">>

=======================================================
  Failed: 2.  Skipped: 0.  Passed: 1.
"""


def test_each_eunit_failure_is_at_the_innermost_frame_of_the_users_code() -> None:
    report = scan(EUNIT)
    assertion, crash = report.errors
    assert (assertion.file, assertion.line) == ("test/calc_tests.erl", 5)
    assert assertion.message == "?assertEqual(calc : add ( 1 , 2 )) expected: 3 got: 4"
    assert assertion.test == "calc_tests:add_test" and assertion.category == "assertion"
    assert assertion.span == (1, 12)
    assert (crash.file, crash.line, crash.message) == ("src/calc.erl", 8, "error:badarith")
    assert crash.related == [(24, 24)]


def test_a_passing_eunit_run_has_no_error() -> None:
    report = scan(
        """
        ======================== EUnit ========================
        module 'calc_tests'
          calc_tests: add_test...ok
          calc_tests: div_test...ok
          [done in 0.006 s]
        =======================================================
          All 2 tests passed.
        """
    )
    assert report.errors == [] and report.warnings == []


def test_rebar3s_eunit_report_reads_the_place_from_the_stack_term() -> None:
    report = scan(
        """
        ===> Performing EUnit tests...
        FF.
        Failures:

          1) calc_tests:add_test/0
             Failure/Error: ?assertEqual(3, calc : add ( 1 , 2 ))
               expected: 3
                    got: 4
             %% eunit_proc.erl:346:in `eunit_proc:with_timeout/3`
             Output:
          2) calc_tests:div_test/0
             Failure/Error: {error,badarith,
                                [{erlang,'div',
                                     [1,0],
                                     [{error_info,#{module => erl_erts_errors}}]},
                                 {calc,safe_div,2,
                                     [{file,"/tmp/r3/src/calc.erl"},{line,8}]},
                                 {calc_tests,div_test,0,
                                     [{file,"/tmp/r3/test/calc_tests.erl"},{line,8}]}]}
             Output:

        Finished in 0.027 seconds
        3 tests, 2 failures
        ===> Error running tests
        """
    )
    assertion, crash = report.errors
    assert assertion.message == "?assertEqual(3, calc : add ( 1 , 2 )) expected: 3 got: 4"
    assert assertion.test == "calc_tests:add_test/0" and assertion.file is None
    assert (crash.file, crash.line, crash.message) == ("/tmp/r3/src/calc.erl", 8, "error:badarith")
    assert crash.related == [(23, 24)]


def test_rebar3s_common_test_failure_is_at_the_suites_line() -> None:
    report = scan(
        """
        ===> Running Common Test suites...
        %%% calc_SUITE:
        %%% calc_SUITE ==> add: FAILED
        %%% calc_SUITE ==> {{badmatch,4},
         [{calc_SUITE,add,1,[{file,"/tmp/r3/test/calc_SUITE.erl"},{line,8}]},
          {test_server,ts_tc,3,[{file,"test_server.erl"},{line,1782}]}]}
        .
        EXPERIMENTAL: Writing retry specification at /tmp/r3/_build/test/logs/retry.spec
                      call rebar3 ct with '--retry' to re-run failing cases.
        Failed 1 tests. Passed 1 tests.
        Results written to "/tmp/r3/_build/test/logs/index.html".
        ===> Failures occurred running tests: 1
        """
    )
    (err,) = report.errors
    assert (err.file, err.line) == ("/tmp/r3/test/calc_SUITE.erl", 8)
    assert (err.message, err.test) == ("{badmatch,4}", "calc_SUITE:add")
    assert err.related == [(10, 12)]


def test_a_long_path_wrapped_in_the_stack_term_is_read_whole() -> None:
    (err,) = scan(
        """
        %%% queue_store_SUITE ==> empty: FAILED
        %%% queue_store_SUITE ==> {function_clause,
            [{queue_store,pop,
                 [{1,[]}],
                 [{file,
                      "/tmp/errlearn-live-long-path-xyz/erlang-rebar3-ct/src/queue_store.erl"},
                  {line,10}]},
             {queue_store_SUITE,empty,1,
                 [{file,
                      "/tmp/errlearn-live-long-path-xyz/erlang-rebar3-ct/test/queue_store_SUITE.erl"},
                  {line,16}]},
             {test_server,ts_tc,3,[{file,"test_server.erl"},{line,1782}]}]}
        """
    ).errors
    assert err.file == "/tmp/errlearn-live-long-path-xyz/erlang-rebar3-ct/src/queue_store.erl"
    assert (err.line, err.message) == (10, "function_clause")


def test_ct_runs_failure_names_the_suites_file_and_line() -> None:
    report = scan(
        """
        Testing tmp.ctx: Starting test, 3 test cases

        - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - -
        calc_SUITE:add failed on line 8
        Reason: {badmatch,4}
        - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - -

        Testing tmp.ctx: *** FAILED test case 1 of 3 ***
        Testing tmp.ctx: TEST COMPLETE, 2 ok, 1 failed of 3 test cases
        """
    )
    (err,) = report.errors
    assert (err.file, err.line) == ("calc_SUITE.erl", 8)
    assert err.message == "calc_SUITE:add failed on line 8: {badmatch,4}"
    assert err.related == [(8, 9)]


def test_an_escript_crash_is_at_the_users_frame() -> None:
    (err,) = scan(
        """
        escript: exception error: an error occurred when evaluating an arithmetic expression
          in operator  div/2
             called as 1 div 0
          in call from calc:safe_div/2 (src/calc.erl, line 8)
        """
    ).errors
    assert (err.file, err.line, err.category) == ("src/calc.erl", 8, "runtime")
    assert err.message == "error: an error occurred when evaluating an arithmetic expression"


def test_a_crash_of_erls_boot_is_one_error_at_the_users_frame() -> None:
    report = scan(
        '{"init terminating in do_boot",{badarith,[{erlang,div,[1,0],[{error_info,#{module=>'
        'erl_erts_errors}}]},{calc,safe_div,2,[{file,"src/calc.erl"},{line,8}]},{init,start_it,'
        "1,[]}]}}\n"
        "init terminating in do_boot ({badarith,[{erlang,div,[1,0],[{_}]},{calc,safe_div,2,"
        "[{_},{_}]},{init,start_it,1,[]}]})\n"
        "\n"
        "Crash dump is being written to: erl_crash.dump...done\n"
    )
    (err,) = report.errors
    assert (err.file, err.line) == ("src/calc.erl", 8)
    assert err.message == "init terminating in do_boot: badarith"
    assert err.related == [(2, 4)]


def test_rebar_2s_failed_compile_folds_into_the_errors_above() -> None:
    report = scan(
        """
        ==> calc (compile)
        src/calc.erl:6: function foo/1 undefined
        ERROR: compile failed while processing /home/ci/calc: rebar_abort
        """
    )
    (err,) = report.errors
    assert (err.file, err.line, err.related) == ("src/calc.erl", 6, [(3, 3)])
