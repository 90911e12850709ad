"""Clojure's outputs: clojure.main's reports, the older compiler exceptions,
clojure.test through lein, a script and cognitect's runner, and a passing run."""

from __future__ import annotations

from test_detect import scan

# Real runs of Clojure 1.11.1 and Leiningen 2.10.0 (Debian 12) on small projects.
LEIN_TEST = """
lein test calc.core-test

lein test :only calc.core-test/test-add

FAIL in (test-add) (core_test.clj:7)
small numbers
expected: (= 2 (add 1 1))
  actual: (not (= 2 3))

lein test :only calc.core-test/test-average

ERROR in (test-average) (Numbers.java:190)
expected: (= 0 (average []))
  actual: java.lang.ArithmeticException: Divide by zero
 at clojure.lang.Numbers.divide (Numbers.java:190)
    calc.core$average.invokeStatic (core.clj:5)
    calc.core$average.invoke (core.clj:5)
    calc.core_test$fn__370.invokeStatic (core_test.clj:11)
    calc.core_test/fn (core_test.clj:9)
    clojure.test$test_var$fn__9856.invoke (test.clj:717)
    clojure.test$test_var.invokeStatic (test.clj:717)
    clojure.core$apply.invokeStatic (core.clj:669)
    leiningen.core.injected$run_hooks.invoke (form-init2397629725067221283.clj:1)
    java.lang.Thread.run (Thread.java:840)

Ran 2 tests containing 3 assertions.
1 failures, 1 errors.
Tests failed.
"""


def test_lein_test_reports_a_failure_and_an_error_each_at_the_users_code() -> None:
    report = scan(LEIN_TEST)
    fail, error = report.errors
    assert (fail.file, fail.line, fail.category) == ("calc/core_test.clj", 7, "assertion")
    assert fail.message == "small numbers expected: (= 2 (add 1 1)) actual: (not (= 2 3))"
    assert (error.file, error.line) == ("calc/core.clj", 5)
    assert error.message == "java.lang.ArithmeticException: Divide by zero"
    assert error.category == "runtime"
    assert report.primary_index == 0


def test_the_run_summary_folds_into_the_failures_above_it() -> None:
    report = scan(LEIN_TEST)
    assert len(report.errors) == 2
    assert report.errors[1].related  # "1 failures, 1 errors." and "Tests failed."


def test_a_script_running_clojure_test_names_the_test_namespace_above() -> None:
    (err,) = scan(
        """
        Testing calc.core-test

        FAIL in (test-shout) (core_test.clj:7)
        no exclamation mark
        expected: (= "HEY" (shout "hey"))
          actual: (not (= "HEY" "HEY!"))

        Ran 1 tests containing 2 assertions.
        1 failures, 0 errors.
        """
    ).errors
    assert (err.file, err.line, err.tool) == ("calc/core_test.clj", 7, "clojure.test")
    assert err.message.startswith("no exclamation mark expected:")


def test_cognitect_test_runners_exception_follows_from_the_failures() -> None:
    report = scan(
        """
        FAIL in (test-add) (calc_test.clj:7)
        expected: 3
          actual: 2

        Ran 1 tests containing 1 assertions.
        1 failures, 0 errors.
        Execution error (ExceptionInfo) at cognitect.test-runner.api/test (api.clj:30).
        Test failures or errors occurred.
        """
    )
    (err,) = report.errors
    assert (err.file, err.line, err.message) == ("calc_test.clj", 7, "expected: 3 actual: 2")


def test_an_unresolved_symbol_is_a_reference_error_at_its_place() -> None:
    (err,) = scan(
        """
        Syntax error compiling at (calc/core.clj:9:21).
        Unable to resolve symbol: totl in this context

        Full report at:
        /tmp/clojure-11100925906724766776.edn
        Tests failed.
        """
    ).errors
    assert (err.file, err.line, err.column) == ("calc/core.clj", 9, 21)
    assert (err.message, err.category) == (
        "Unable to resolve symbol: totl in this context",
        "reference",
    )
    assert err.span == (1, 5) and err.related == [(6, 6)]


def test_a_form_left_open_points_at_where_it_starts_not_the_files_end() -> None:
    (err,) = scan(
        """
        Syntax error reading source at (calc/core.clj:8:1).
        EOF while reading, starting at line 3

        Full report at:
        /tmp/clojure-9646318942838344201.edn
        """
    ).errors
    assert (err.file, err.line, err.category) == ("calc/core.clj", 3, "syntax")


def test_an_execution_error_is_a_runtime_error_in_the_namespaces_file() -> None:
    (err,) = scan(
        """
        Execution error (ArithmeticException) at calc.core/average (core.clj:4).
        Divide by zero

        Full report at:
        /tmp/clojure-14130316858034026365.edn
        """
    ).errors
    assert (err.file, err.line, err.message) == ("calc/core.clj", 4, "Divide by zero")
    assert (err.code, err.category, err.rank) == ("ArithmeticException", "runtime", 3)


def test_an_error_in_the_repl_or_the_jvm_points_at_no_file() -> None:
    (err,) = scan(
        """
        Execution error (FileNotFoundException) at {where} (FileInputStream.java:-2).
        -M (No such file or directory)
        """.format(where="java.io.FileInputStream/open0")
    ).errors
    assert err.file is None and err.category == "filesystem"


def test_an_older_clojures_compiler_exception_keeps_the_place_it_names() -> None:
    (err,) = scan(
        """
        Exception in thread "main" java.lang.RuntimeException: {message}, compiling:(calc.clj:5:3)
        \tat clojure.lang.Compiler.analyze(Compiler.java:6464)
        \tat clojure.lang.Compiler.analyzeSymbol(Compiler.java:6807)
        Caused by: java.lang.RuntimeException: Unable to resolve symbol: foo in this context
        \tat clojure.lang.Util.runtimeException(Util.java:221)
        \tat clojure.lang.Compiler.resolveIn(Compiler.java:7019)
        """.format(message="Unable to resolve symbol: foo in this context")
    ).errors
    assert (err.file, err.line, err.column, err.tool) == ("calc.clj", 5, 3, "clojure")
    assert err.span == (1, 6)


def test_a_passing_clojure_test_run_reports_nothing() -> None:
    report = scan(
        """
        Testing calc.core-test

        Ran 1 tests containing 2 assertions.
        0 failures, 0 errors.
        """
    )
    assert report.errors == [] and report.warnings == []


def test_a_spec_failure_is_at_the_place_that_ends_its_explanation() -> None:
    # The shape of Clojure 1.9's report of a form spec rejects (reitit's docs show one).
    (err,) = scan(
        """
        Exception in thread "main" clojure.lang.ExceptionInfo: {call} did not conform to spec:
        In: [1] val: ((require [clojure.string :as s])) fails spec: :clojure.core.specs/ns-form
        :clojure.spec.alpha/value  (calc.core (require [clojure.string :as s]))
        , compiling:(calc/core.clj:1:1)
        \tat clojure.lang.Compiler.checkSpecs(Compiler.java:6891)
        Tests failed.
        """.format(call="Call to clojure.core/ns")
    ).errors
    assert (err.file, err.line, err.column, err.category) == ("calc/core.clj", 1, 1, "syntax")
    assert err.span == (1, 5) and err.related == [(6, 6)]


def test_an_ex_info_thrown_by_the_users_code_is_at_its_frame() -> None:
    (err,) = scan(
        """
        Exception in thread "main" clojure.lang.ExceptionInfo: boom {:a 1}
        \tat clojure.core$ex_info.invokeStatic(core.clj:4739)
        \tat calc.core$f.invokeStatic(core.clj:5)
        \tat clojure.lang.AFn.applyToHelper(AFn.java:152)
        """
    ).errors
    assert (err.file, err.line, err.category) == ("calc/core.clj", 5, "runtime")


def test_clj_kondo_errors_are_errors_and_its_warnings_warnings() -> None:
    report = scan(
        """
        src/calc/core.clj:5:3: error: Unresolved symbol: foo
        src/calc/core.clj:3:8: warning: unused binding x
        linting took 25ms, errors: 1, warnings: 1
        """
    )
    (err,) = report.errors
    assert (err.file, err.line, err.column, err.tool) == ("src/calc/core.clj", 5, 3, "clj-kondo")
    assert err.related == [(3, 3)] and len(report.warnings) == 1
