"""Lisps as they print their failures: Emacs (ERT in batch, the byte compiler, an
error in ``emacs --batch``), SBCL (its unhandled conditions, its debugger,
``compile-file``) and FiveAM, Racket (rackunit, its errors).

The outputs are real runs of Emacs 28.2, SBCL 2.2.9, FiveAM 1.4.2 and Racket 8.7
(Debian bookworm) on small projects; the Emacs 29 lines follow ``ert.el`` and
``debug-early.el`` of Emacs 29, which add the test's place and print the error so.
"""

from __future__ import annotations

from test_detect import scan

ERT = """
Running 3 tests (2026-11-26 21:49:02+0000, selector `t')
Test calc-test-add backtrace:
  signal(ert-test-failed (((should (equal (calc-add 1 1) 3)) :form (eq
  ert-fail(((should (equal (calc-add 1 1) 3)) :form (equal 2 3) :value
  ert-run-tests-batch-and-exit()
  command-line()
  normal-top-level()
Test calc-test-add condition:
    (ert-test-failed
     ((should
       (equal
\t(calc-add 1 1)
\t3))
      :form
      (equal 2 3)
      :value nil))
   FAILED  1/3  calc-test-add (0.000115 sec)
Test calc-test-void backtrace:
  calc-nope(1)
  apply(calc-nope 1)
  normal-top-level()
Test calc-test-void condition:
    (void-function calc-nope)
   FAILED  2/3  calc-test-void (0.000049 sec)
   passed  3/3  calc-test-ok (0.000042 sec)

Ran 3 tests, 1 results as expected, 2 unexpected (2026-11-26 21:49:02+0000, 0.260408 sec)

2 unexpected results:
   FAILED  calc-test-add
   FAILED  calc-test-void

"""


def test_each_failed_ert_test_is_its_condition_and_the_summary_follows() -> None:
    report = scan(ERT)
    first, second = report.errors
    assert (first.test, first.category, first.tool) == ("calc-test-add", "assertion", "ert")
    assert first.message == (
        "(ert-test-failed ((should (equal (calc-add 1 1) 3)) :form (equal 2 3) :value nil))"
    )
    assert first.span == (9, 17)
    assert (second.test, second.category, second.message) == (
        "calc-test-void",
        "reference",
        "(void-function calc-nope)",
    )
    assert report.primary_index == 0
    assert second.related == [(27, 31)]  # "Ran 3 tests, ...", the unexpected results again


def test_emacs_29_names_the_failed_tests_place() -> None:
    (err,) = scan(
        """
        Test calc-test-div condition:
            (arith-error)
           FAILED  2/3  calc-test-div (0.000077 sec) at tests/calc-tests.el:8
        """
    ).errors
    assert (err.file, err.line, err.test, err.category) == (
        "tests/calc-tests.el",
        8,
        "calc-test-div",
        "runtime",
    )


def test_byte_compiler_errors_are_errors_and_its_warnings_warnings() -> None:
    report = scan(
        """
        In bad-a:
        bad.el:2:15: Warning: Unused lexical variable `unused'

        In end of data:
        bad.el:4:6: Warning: the function `bad-nope' is not known to be defined.

        In toplevel form:
        syn.el:2:1: Error: End of file during parsing
        """
    )
    (err,) = report.errors
    assert (err.file, err.line, err.column, err.category) == ("syn.el", 2, 1, "syntax")
    assert [(w.file, w.line) for w in report.warnings] == [("bad.el", 2), ("bad.el", 4)]


def test_an_error_in_emacs_batch_is_its_condition_with_its_backtrace() -> None:
    (err,) = scan(
        """
        Debugger entered--Lisp error: (file-missing "Cannot open load file" "No such file or directory" "calcx")
          require(calcx)
          command-line-1(("-L" "." "-l" "ert" "--eval" "(require (quote calcx))"))
          command-line()
          normal-top-level()
        """  # noqa: E501
    ).errors
    assert (err.category, err.code, err.span) == ("dependency", "file-missing", (1, 5))


def test_emacs_29_prints_the_message_after_the_frames() -> None:
    (err,) = scan(
        """
        Error: void-function (foo-undefined)
          mapbacktrace(#f(compiled-function (evald func args flags) #<bytecode>))
          debug-early-backtrace()
          debug-early(error (void-function foo-undefined))
          (foo-undefined 1)
          command-line()
          normal-top-level()
        Symbol's function definition is void: foo-undefined
        """
    ).errors
    assert (err.category, err.span) == ("reference", (1, 8))
    assert err.message == "Symbol's function definition is void: foo-undefined"


def test_checkdoc_warnings_carry_their_place() -> None:
    report = scan(
        """
        Warning (emacs):
        bad.el:3: All variables and subroutines might as well have a documentation string
        """
    )
    assert report.errors == []
    (warning,) = report.warnings
    assert (warning.file, warning.line) == ("bad.el", 3)
    assert warning.message.startswith("All variables and subroutines")


def test_an_unhandled_sbcl_condition_is_at_the_form_being_loaded() -> None:
    report = scan(
        """
        While evaluating the form starting at line 4, column 0
          of #P"/work/report.lisp":
        Unhandled DIVISION-BY-ZERO in thread #<SB-THREAD:THREAD "main thread" RUNNING
                                                {1001348003}>:
          arithmetic error DIVISION-BY-ZERO signalled
        Operation was (/ 0 0).

        Backtrace for: #<SB-THREAD:THREAD "main thread" RUNNING {1001348003}>
        0: (SB-KERNEL::INTEGER-/-INTEGER 0 0)
        1: (SB-INT:SIMPLE-EVAL-IN-LEXENV (AVERAGE-COUNT) #<NULL-LEXENV>)
        2: (SB-IMPL::%START-LISP)

        unhandled condition in --disable-debugger mode, quitting
        """
    )
    (err,) = report.errors
    assert (err.file, err.line, err.category, err.code) == (
        "/work/report.lisp",
        4,
        "runtime",
        "DIVISION-BY-ZERO",
    )
    assert err.message == "arithmetic error DIVISION-BY-ZERO signalled Operation was (/ 0 0)."
    assert err.span == (3, 13)


def test_sbcls_debugger_reads_as_its_unhandled_condition() -> None:
    (err,) = scan(
        """

        debugger invoked on a UNDEFINED-FUNCTION in thread
        #<THREAD "main thread" RUNNING {1001348003}>:
          The function COMMON-LISP-USER::NOPE-FN is undefined.

        Type HELP for debugger help, or (SB-EXT:EXIT) to exit from SBCL.

        restarts (invokable by number or by possibly-abbreviated name):
          0: [CONTINUE] Retry calling NOPE-FN.
          1: [ABORT   ] Exit debugger, returning to top level.

        ("undefined function")
        0]
        """
    ).errors
    assert (err.category, err.message) == (
        "reference",
        "The function COMMON-LISP-USER::NOPE-FN is undefined.",
    )


def test_compile_file_errors_are_errors_its_warnings_warnings() -> None:
    report = scan(
        """
        ; compiling file "/work/err.lisp" (written 26 NOV 2026 09:50:30 PM):

        ; file: /work/err.lisp
        ; in: DEFUN BAD-LET
        ;     (SETQ 3 4)
        ;
        ; caught ERROR:
        ;   Variable name is not a symbol: 3.

        ;     (+ X Y Z)
        ;
        ; caught WARNING:
        ;   undefined variable: COMMON-LISP-USER::Z

        ;
        ; caught ERROR:
        ;   READ error during COMPILE-FILE:
        ;
        ;     illegal sharp macro character: #\\<
        ;
        ;       Line: 6, Column: 12, File-Position: 105
        ;
        ;       Stream: #<SB-INT:FORM-TRACKING-STREAM for "file /work/err.lisp" {1001363193}>
        ;
        ; compilation unit aborted
        ;   caught 1 fatal ERROR condition
        ;   caught 2 ERROR conditions
        ;   caught 1 WARNING condition
        """
    )
    assert [(e.file, e.line, e.message) for e in report.errors] == [
        ("/work/err.lisp", None, "Variable name is not a symbol: 3."),
        (
            "/work/err.lisp",
            6,
            "READ error during COMPILE-FILE: illegal sharp macro character: #\\<",
        ),
    ]
    (warning,) = report.warnings
    assert warning.message == "undefined variable: COMMON-LISP-USER::Z"


def test_fiveam_failures_are_each_an_error_named_by_its_test() -> None:
    report = scan(
        """
        Running test suite CALC
         Running test ADDS f
         Running test PASSES .
         Did 2 checks.
            Pass: 1 (50%)
            Skip: 0 ( 0%)
            Fail: 1 (50%)

         Failure Details:
         --------------------------------
         ADDS in CALC []:
              (EVENP 3) did not return a true value
         --------------------------------
        """
    )
    (err,) = report.errors
    assert (err.test, err.category, err.message) == (
        "ADDS",
        "assertion",
        "(EVENP 3) did not return a true value",
    )


RACO_TEST = """
raco test: "calc-test.rkt"
--------------------
FAILURE
name:       check-equal?
location:   calc-test.rkt:3:0
actual:     2
expected:   3
--------------------
--------------------
division
ERROR
name:       check-equal?
location:   calc-test.rkt:5:2

/: division by zero
--------------------
2/3 test failures
"""


def test_rackunit_failures_are_at_their_location_and_the_count_follows() -> None:
    report = scan(RACO_TEST)
    failure, error = report.errors
    assert (failure.file, failure.line, failure.column) == ("calc-test.rkt", 3, 0)
    assert failure.message == "check-equal?: actual: 2; expected: 3"
    assert (error.file, error.line, error.test, error.category) == (
        "calc-test.rkt",
        5,
        "division",
        "runtime",
    )
    assert error.message == "check-equal?: /: division by zero"
    assert error.related == [(17, 17)]


def test_racket_errors_are_at_their_source_location() -> None:
    report = scan(
        """
        unbound.rkt:2:15: g: unbound identifier
          in: g
          location...:
           unbound.rkt:2:15
          context...:
           /usr/share/racket/collects/raco/raco.rkt:41:0
        car: contract violation
          expected: pair?
          given: 5
          context...:
           body of "/work/rt.rkt"
        """
    )
    unbound, contract = report.errors
    assert (unbound.file, unbound.line, unbound.category) == ("unbound.rkt", 2, "reference")
    assert (contract.file, contract.category) == ("/work/rt.rkt", "type")


def test_passing_lisp_runs_have_no_error() -> None:
    report = scan(
        """
        Running 3 tests (2026-11-26 22:00:49+0000, selector `t')
           passed  1/3  calc-test-add (0.000077 sec)
           passed  2/3  calc-test-div-by-zero (0.000026 sec)
           failed  3/3  calc-test-known-bug (0.000065 sec)

        Ran 3 tests, 3 results as expected, 0 unexpected (2026-11-26 22:00:49+0000, 0.000329 sec)
        1 expected failures

        raco test: (submod "calc.rkt" test)
        1 test passed
        ; compilation unit finished
        ;   caught 1 STYLE-WARNING condition
        """
    )
    assert report.errors == []
