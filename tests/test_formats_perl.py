"""Perl as it prints its failures: ``die`` and compile errors, Test::More's
diagnostics under prove, cpanm.

The outputs are real runs of perl 5.36, Test::More 1.3, prove (TAP::Harness 3.44)
and cpanm 1.7046 (Debian bookworm) on small scripts and test suites.
"""

from __future__ import annotations

from test_detect import scan

from pytest_errlearn.report import Report


def errors(report: Report) -> list[tuple[str | None, int | None, str]]:
    return [(e.file, e.line, e.message) for e in report.errors]


def test_a_missing_module_is_a_dependency_error_without_its_inc_list() -> None:
    report = scan(
        """
        Can't locate YAML/Tiny/NotThere.pm in @INC (you may need to install the YAML::Tiny::NotThere module) (@INC contains: lib /etc/perl /usr/local/lib/x86_64-linux-gnu/perl/5.36.0 /usr/share/perl5 /usr/share/perl/5.36 /usr/local/lib/site_perl) at lib/App/Config.pm line 4.
        BEGIN failed--compilation aborted at lib/App/Config.pm line 4.
        Compilation failed in require at run.pl line 5.
        BEGIN failed--compilation aborted at run.pl line 5.
        """  # noqa: E501
    )
    (err,) = report.errors
    assert (err.file, err.line, err.category, err.span) == (
        "lib/App/Config.pm",
        4,
        "dependency",
        (1, 4),
    )
    assert err.message == (
        "Can't locate YAML/Tiny/NotThere.pm in @INC (you may need to install the "
        "YAML::Tiny::NotThere module)"
    )


def test_each_compile_error_is_an_error_and_the_abort_line_follows_from_them() -> None:
    report = scan(
        """
        Global symbol "$x" requires explicit package name (did you forget to declare "my $x"?) at gs.pl line 5.
        Global symbol "$z" requires explicit package name (did you forget to declare "my $z"?) at gs.pl line 6.
        Execution of gs.pl aborted due to compilation errors.
        """  # noqa: E501
    )
    assert [(e.file, e.line, e.category) for e in report.errors] == [
        ("gs.pl", 5, "reference"),
        ("gs.pl", 6, "reference"),
    ]
    assert report.errors[1].span == (2, 3) and report.primary_index == 0


def test_a_syntax_error_keeps_what_it_was_near() -> None:
    report = scan(
        """
        syntax error at /app/lib/Bad.pm line 5, near "my "
        Compilation failed in require at t/b.t line 4.
        BEGIN failed--compilation aborted at t/b.t line 4.
        # Looks like your test exited with 255 before it could output anything.
        t/b.t ..
        Dubious, test returned 255 (wstat 65280, 0xff00)
        Failed 1/1 subtests
        """
    )
    (err,) = report.errors
    assert (err.file, err.line, err.category) == ("/app/lib/Bad.pm", 5, "syntax")
    assert err.message == 'syntax error, near "my "' and err.span == (1, 4)


def test_a_die_with_the_errno_text_is_found_by_what_it_says_after_its_colon() -> None:
    report = scan(
        """
        Use of uninitialized value $x in addition (+) at op.pl line 2.
        Cannot open nope.txt: No such file or directory at op.pl line 3.
        """
    )
    (err,) = report.errors
    assert (err.file, err.line, err.category) == ("op.pl", 3, "filesystem")
    assert err.message == "Cannot open nope.txt: No such file or directory"
    assert [(w.file, w.line) for w in report.warnings] == [("op.pl", 2)]


def test_perls_own_runtime_errors_are_errors_at_their_line() -> None:
    report = scan(
        """
        Can't call method "foo" on an undefined value at cm.pl line 3.
        Illegal division by zero at dz.pl line 2.
        Undefined subroutine &main::nosuch called at us.pl line 2.
        """
    )
    assert [(e.file, e.line, e.category) for e in report.errors] == [
        ("cm.pl", 3, "reference"),
        ("dz.pl", 2, "runtime"),
        ("us.pl", 2, "reference"),
    ]


PROVE = """
#   Failed test at t/basic.t line 6.
# Looks like you failed 1 test of 2.
t/basic.t ..
Dubious, test returned 1 (wstat 256, 0x100)
Failed 1/2 subtests

#   Failed test 'counts words around two spaces'
#   at t/words.t line 7.
#          got: '3'
#     expected: '2'
# Looks like you failed 1 test of 3.
t/words.t ..
Dubious, test returned 1 (wstat 256, 0x100)
Failed 1/3 subtests

Test Summary Report
-------------------
t/basic.t (Wstat: 256 (exited 1) Tests: 2 Failed: 1)
  Failed test:  1
  Non-zero exit status: 1
t/words.t (Wstat: 256 (exited 1) Tests: 3 Failed: 1)
  Failed test:  2
  Non-zero exit status: 1
Files=2, Tests=5,  1 wallclock secs ( 0.01 usr  0.00 sys +  0.07 cusr  0.01 csys =  0.09 CPU)
Result: FAIL
"""


def test_prove_reports_each_failed_test_at_its_line_and_folds_its_summary() -> None:
    report = scan(PROVE)
    assert errors(report) == [
        ("t/basic.t", 6, "Failed test"),
        ("t/words.t", 7, "Failed test 'counts words around two spaces': got: '3'; expected: '2'"),
    ]
    first, second = report.errors
    assert (first.tool, first.category, second.test) == (
        "prove",
        "assertion",
        "counts words around two spaces",
    )
    assert second.related == [(13, 25)] and report.primary_index == 0


def test_prove_v_s_verdicts_after_their_diagnostics_are_no_errors_of_their_own() -> None:
    # prove -v: a test's diagnostics (its stderr) come out above its verdicts
    report = scan(
        """
        #   Failed test 'adds'
        #   at t/a.t line 3.
        #          got: '2'
        #     expected: '3'
        # Looks like you failed 1 test of 2.
        t/a.t ..
        1..2
        not ok 1 - adds
        ok 2 - fine
        Dubious, test returned 1 (wstat 256, 0x100)
        Failed 1/2 subtests
        """
    )
    assert errors(report) == [("t/a.t", 3, "Failed test 'adds': got: '2'; expected: '3'")]


def test_a_failed_subtest_is_one_error_with_its_parents_failure() -> None:
    report = scan(
        """

            #   Failed test 'lists'
            #   at t/sub.t line 7.
            #     Structures begin differing at:
            #          $got->[2] = '3'
            #     $expected->[2] = '4'
            # Looks like you failed 1 test of 2.

        #   Failed test 'parsing'
        #   at t/sub.t line 8.

        #   Failed test 'matches'
        #   at t/sub.t line 13.
        #                   'hello'
        #     doesn't match '(?^:z)'
        # Looks like you failed 2 tests of 3.
        t/sub.t ..
        Dubious, test returned 2 (wstat 512, 0x200)
        """
    )
    assert [(e.file, e.line, e.test) for e in report.errors] == [
        ("t/sub.t", 7, "lists"),
        ("t/sub.t", 13, "matches"),
    ]
    assert report.errors[0].span == (1, 9)
    assert report.errors[1].message == "Failed test 'matches': 'hello'; doesn't match '(?^:z)'"


def test_a_todo_tests_failure_is_no_error() -> None:
    report = scan(
        """
        not ok 2 - future # TODO not yet
        #   Failed (TODO) test 'future'
        #   at t/sub.t line 11.
        #          got: '2'
        #     expected: '3'
        ok 3 - matches
        """
    )
    assert report.errors == []


def test_a_test_script_that_died_is_an_error_where_die_said_it_died() -> None:
    report = scan(
        """
        no template for 'xml' at /app/lib/Report.pm line 12.
        # Looks like your test exited with 255 just after 2.
        t/render.t ..
        Dubious, test returned 255 (wstat 65280, 0xff00)
        Failed 1/3 subtests

        Test Summary Report
        -------------------
        t/render.t (Wstat: 65280 (exited 255) Tests: 2 Failed: 0)
          Non-zero exit status: 255
          Parse errors: Bad plan.  You planned 3 tests but ran 2.
        Files=1, Tests=2,  0 wallclock secs ( 0.01 usr  0.01 sys +  0.03 cusr  0.01 csys =  0.06 CPU)
        Result: FAIL
        """  # noqa: E501
    )
    (err,) = report.errors
    assert (err.file, err.line, err.message) == ("/app/lib/Report.pm", 12, "no template for 'xml'")
    assert (err.category, err.related) == ("runtime", [(4, 13)])


def test_a_script_that_died_at_compile_time_is_one_error_with_test_mores_last_words() -> None:
    report = scan(
        """
        Can't locate JSON/NopeX.pm in @INC (you may need to install the JSON::NopeX module) (@INC contains: /etc/perl /usr/share/perl5) at t/a.t line 4.
        BEGIN failed--compilation aborted at t/a.t line 4.
        # Looks like your test exited with 2 before it could output anything.
        t/a.t ..
        Dubious, test returned 2 (wstat 512, 0x200)
        No subtests run
        """  # noqa: E501
    )
    (err,) = report.errors
    assert (err.file, err.line, err.span, err.category) == ("t/a.t", 4, (1, 3), "dependency")


def test_a_passing_prove_run_has_no_error() -> None:
    report = scan(
        """
        t/stack.t ..
        ok 1 - holds what was pushed
        ok 2 - pops the last item
        ok 3 - an error when empty
        # Subtest: error handling
            ok 1 - dies on an empty stack
            1..1
        ok 4 - error handling
        1..4
        ok
        All tests successful.
        Files=1, Tests=4,  1 wallclock secs ( 0.02 usr  0.00 sys +  0.05 cusr  0.00 csys =  0.07 CPU)
        Result: PASS
        lib/Stack.pm syntax OK
        """  # noqa: E501
    )
    assert report.errors == [] and report.warnings == []


def test_cpanm_names_the_module_it_could_not_find() -> None:
    report = scan(
        """
        --> Working on .
        Configuring /app ... OK
        ==> Found dependencies: Foo::Bar::NopeX
        ! Finding Foo::Bar::NopeX on cpanmetadb failed.
        ! Couldn't find module or a distribution Foo::Bar::NopeX
        ! Installing the dependencies failed: Module 'Foo::Bar::NopeX' is not installed
        ! Bailing out the installation for ..
        """
    )
    (err,) = report.errors
    assert (err.tool, err.category) == ("cpanm", "dependency")
    assert err.message == "Couldn't find module or a distribution Foo::Bar::NopeX"
    assert err.related == [(6, 7)]
