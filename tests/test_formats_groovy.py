"""Groovy's compiler: the error under ``startup failed:``, its column on the line
under it (groovyc 2.4)."""

from __future__ import annotations

from test_detect import scan

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
