"""Groovy's compiler: the error under ``startup failed:``, its column on the line
under it or at the end of its own (groovyc 2.4); the script runner's ``Caught:``
exceptions and power assertions (groovy 2.4.21, Debian 12)."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest
from test_detect import scan

from pytest_errlearn.detect import detect

GROOVYC = """
org.codehaus.groovy.control.MultipleCompilationErrorsException: startup failed:
g.groovy: 2: unable to resolve class Foo
 @ line 2, column 54.
   ng[] a) { println(totl) ; Foo f = null }
                                 ^

1 error
"""


def test_the_error_under_startup_failed_is_the_one_at_its_place() -> None:
    [err] = scan(GROOVYC).errors
    assert (err.file, err.line, err.column, err.tool, err.category) == (
        "g.groovy",
        2,
        54,
        "groovy",
        "reference",
    )
    assert (err.message, err.span) == ("unable to resolve class Foo", (2, 5))


def test_a_syntax_error_takes_its_column_from_the_end_of_its_line() -> None:
    # groovy 2.4's parser puts `@ line, column` on the error's own line
    [err] = scan(
        """
        org.codehaus.groovy.control.MultipleCompilationErrorsException: startup failed:
        /home/user/shop/Cart.groovy: 3: unexpected token: total  @ line 3, column 9.
           println "total ${total}"
                   ^

        1 error
        """
    ).errors
    assert (err.line, err.column, err.category) == (3, 9, "syntax")
    assert (err.message, err.span) == ("unexpected token: total", (2, 4))


def test_the_static_type_checker_s_unknown_method_is_a_reference_error() -> None:
    [err] = scan(
        """
        org.codehaus.groovy.control.MultipleCompilationErrorsException: startup failed:
        src/Calc.groovy: 9: [Static type checking] - Cannot find matching method java.lang.Stri\
ng#lenght(). Please check if the declared type is correct and if the method exists.
         @ line 9, column 16.
                   return s.lenght()
                          ^

        1 error
        """
    ).errors
    assert (err.file, err.line, err.column, err.category) == ("src/Calc.groovy", 9, 16, "reference")


def test_what_a_script_threw_is_one_error_at_the_script_s_frame() -> None:
    [err] = scan(
        """
        Caught: groovy.lang.MissingPropertyException: No such property: reserved for class: Inv\
entory
        groovy.lang.MissingPropertyException: No such property: reserved for class: Inventory
        \tat Inventory.count(inventory.groovy:5)
        \tat Inventory$count.call(Unknown Source)
        \tat inventory.run(inventory.groovy:10)
        \tat java.base/jdk.internal.reflect.NativeMethodAccessorImpl.invoke0(Native Method)
        """
    ).errors
    assert (err.file, err.line, err.tool, err.category, err.span) == (
        "inventory.groovy",
        5,
        "groovy",
        "reference",
        (1, 6),
    )


def test_a_missing_method_s_suggestions_stay_above_its_frames() -> None:
    [err] = scan(
        """
        Caught: groovy.lang.MissingMethodException: No signature of method: java.util.ArrayList\
.sumTotal() is applicable for argument types: () values: []
        Possible solutions: sum()
        groovy.lang.MissingMethodException: No signature of method: java.util.ArrayList.sumTot\
al() is applicable for argument types: () values: []
        Possible solutions: sum()
        \tat orders.run(orders.groovy:3)
        """
    ).errors
    assert (err.file, err.line, err.category, err.span) == ("orders.groovy", 3, "reference", (1, 5))


def test_a_failed_power_assertion_is_an_assertion_at_its_line() -> None:
    [err] = scan(
        """
        Caught: Assertion failed:\x20

        assert total == 5
               |     |
               -1    false

        Assertion failed:\x20

        assert total == 5
               |     |
               -1    false

        \tat check.run(check.groovy:4)
        \tat java.base/jdk.internal.reflect.NativeMethodAccessorImpl.invoke0(Native Method)
        """
    ).errors
    assert (err.file, err.line, err.category) == ("check.groovy", 4, "assertion")
    assert (err.message, err.span) == ("Assertion failed: assert total == 5", (1, 14))


@pytest.mark.skipif(shutil.which("groovy") is None, reason="groovy is not installed")
def test_a_real_groovy_script_s_failed_assertion_is_found_at_its_line(tmp_path: Path) -> None:
    script = tmp_path / "check.groovy"
    script.write_text("def add(a, b) { a - b }\n\ndef total = add(2, 3)\nassert total == 5\n")
    env = dict(os.environ)
    if not Path(env.get("JAVA_HOME", "/nonexistent"), "bin", "java").exists():
        java = shutil.which("java")
        if java is None:
            pytest.skip("no java to run groovy with")
        env["JAVA_HOME"] = str(Path(os.path.realpath(java)).parent.parent)
    run = subprocess.run(
        ["groovy", str(script)], cwd=tmp_path, env=env, capture_output=True, timeout=120
    )
    [err] = detect(run.stdout + run.stderr, "groovy").errors
    assert (Path(err.file or "").name, err.line, err.category) == ("check.groovy", 4, "assertion")


def test_groovy_s_own_frames_are_passed_over_for_the_script_s() -> None:
    # `groovy -d` (full stack traces): the runtime's frames come first.
    [err] = scan(
        """
        Caught: Assertion failed:\x20

        assert total == 5
               |     |
               -1    false

        \tat org.codehaus.groovy.runtime.InvokerHelper.assertFailed(InvokerHelper.java:420)
        \tat org.codehaus.groovy.runtime.ScriptBytecodeAdapter.assertFailed(ScriptBytecodeAdapt\
er.java:663)
        \tat check.run(check.groovy:4)
        \tat groovy.lang.GroovyShell.runScriptOrMainOrTestOrRunnable(GroovyShell.java:263)
        """
    ).errors
    assert (err.file, err.line) == ("check.groovy", 4)
