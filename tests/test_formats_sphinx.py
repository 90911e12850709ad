"""Sphinx (9.0 here; before 7.3 as adafruit/Adafruit_CircuitPython_BusDevice#26
quotes it) and docutils (0.22 here), building documentation; and the line of
a tool that failed of its warnings (sphinx-build -W, eslint --max-warnings)."""

from __future__ import annotations

from test_detect import scan

from pytest_errlearn.detect import detect

DOCS = "/home/runner/work/cart/cart/docs"


def test_under_w_the_warnings_sphinx_failed_of_are_the_errors() -> None:
    report = scan(
        f"""
        Running Sphinx v9.0.4
        reading sources... [100%] index
        writing output... [100%] index

        {DOCS}/index.rst:4: WARNING: undefined label: 'missing-label' [ref.ref]
        {DOCS}/index.rst:7: WARNING: unknown document: 'nothere' [ref.doc]
        generating indices... genindex done
        build finished with problems, 2 warnings (with warnings treated as errors).
        """
    )
    got = [(e.file, e.line, e.category, e.message, e.code) for e in report.errors]
    assert got == [
        (f"{DOCS}/index.rst", 4, "reference", "undefined label: 'missing-label'", "ref.ref"),
        (f"{DOCS}/index.rst", 7, "reference", "unknown document: 'nothere'", "ref.doc"),
    ]
    assert report.warnings == [] and report.primary is report.errors[0]
    assert report.errors[1].related == [(8, 8)]  # the failure line follows from them


def test_without_w_the_warnings_stay_warnings() -> None:
    report = scan(
        f"""
        {DOCS}/index.rst:4: WARNING: undefined label: 'missing-label' [ref.ref]
        build succeeded, 1 warning.
        """
    )
    assert report.errors == [] and [w.line for w in report.warnings] == [4]


def test_before_sphinx_7_3_the_warning_under_treated_as_error_is_the_error() -> None:
    (err,) = scan(
        """
        Warning, treated as error:
        ../README.rst:26:undefined label: bundle_installation (if the link has no caption the label must precede a section header)
        The command "cd docs && sphinx-build -E -W -b html . _build/html && cd .." exited with 2.
        """  # noqa: E501
    ).errors
    assert (err.file, err.line, err.category) == ("../README.rst", 26, "reference")
    assert err.message.startswith("undefined label: bundle_installation (if the link")


def test_an_error_whose_message_goes_on_under_it_is_read_to_the_quoted_markup() -> None:
    report = scan(
        f"""
        {DOCS}/index.rst:10: ERROR: Error in "code-block" directive:
        invalid option value: (option: "linenos"; value: 'yes')
        no argument is allowed; "yes" supplied.

        .. code-block:: python
           :linenos: yes

           x = 1 [docutils]
        {DOCS}/usage.rst:4: ERROR: Unknown directive type "unknown-directive".
        """
    )
    first, second = report.errors
    assert (first.line, first.category, first.span) == (10, "syntax", (1, 3))
    assert first.message == (
        'Error in "code-block" directive: invalid option value: (option: "linenos"; value:'
        " 'yes') no argument is allowed; \"yes\" supplied."
    )
    assert (second.line, second.category, second.message) == (
        4,
        "config",
        'Unknown directive type "unknown-directive".',
    )


def test_docutils_own_problems_are_read_by_their_level() -> None:
    report = scan(
        """
        bad.rst:4: (ERROR/3) Unknown directive type "unknown-directive".

        .. unknown-directive:: foo

        bad.rst:6: (ERROR/3) Unknown target name: "broken <".
        bad.rst:9: (WARNING/2) Title underline too short.
        """
    )
    assert [(e.line, e.category, e.tool) for e in report.errors] == [
        (4, "config", "docutils"),
        (6, "reference", "docutils"),
    ]
    (warning,) = report.warnings
    assert (warning.line, warning.message) == (9, "Title underline too short.")


# A real run of Sphinx 9.0 (`sphinx-build -b html docs docs/_build`, exit 0), trimmed.
AUTODOC = """\
reading sources... [100%] api

WARNING: autodoc: failed to import 'broken' from module 'pkg'; the following exception was raised:
Traceback (most recent call last):
  File "/venv/lib/python3.11/site-packages/sphinx/ext/autodoc/_dynamic/_importer.py", line 221, in _import_module
    module = importlib.import_module(modname)
             ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
  File "<frozen importlib._bootstrap>", line 1204, in _gcd_import
  File "/home/user/app/pkg/broken.py", line 1, in <module>
    import numpyy
ModuleNotFoundError: No module named 'numpyy'
 [autodoc.import_object]
looking for now-outdated files... none found
build succeeded, 1 warning.
"""  # noqa: E501


def test_a_module_autodoc_could_not_import_is_a_warning_at_the_import_that_failed() -> None:
    report = scan(AUTODOC)
    assert report.errors == []
    [warning] = report.warnings
    assert (warning.file, warning.line, warning.category, warning.message) == (
        "/home/user/app/pkg/broken.py",
        1,
        "dependency",
        "autodoc: failed to import 'broken' from module 'pkg': ModuleNotFoundError: No module"
        " named 'numpyy'",
    )


def test_eslint_over_its_warnings_maximum_fails_of_them_and_not_of_its_summary() -> None:
    report = scan(
        """
        /home/u/app/src/cart.js
          3:7  warning  'x' is assigned a value but never used  no-unused-vars

        ✖ 1 problem (0 errors, 1 warning)

        ESLint found too many warnings (maximum: 0).
        """
    )
    (err,) = report.errors
    assert (err.file, err.line, err.tool, err.code) == (
        "/home/u/app/src/cart.js",
        3,
        "eslint",
        "no-unused-vars",
    )
    assert report.warnings == []


def test_a_tool_fails_of_its_own_warnings_only() -> None:
    log = (
        "main.c:3:5: warning: unused variable 'x' [-Wunused-variable]\n"
        "/home/u/app/src/cart.js\n"
        "  3:7  warning  'x' is assigned a value but never used  no-unused-vars\n"
        "ESLint found too many warnings (maximum: 0).\n"
    )
    report = detect(log.encode())
    assert [(e.tool, e.line) for e in report.errors] == [("eslint", 3)]
    assert [(w.file, w.line) for w in report.warnings] == [("main.c", 3)]


def test_an_older_sphinx_s_own_failure_is_the_reason_under_its_heading() -> None:
    (err,) = scan(
        """
        Running Sphinx v7.2.6

        Extension error:
        Could not import extension sphinx.ext.grahviz (exception: No module named 'grahviz')
        make: *** [Makefile:20: html] Error 2
        """
    ).errors
    assert (err.tool, err.category, err.span) == ("sphinx", "dependency", (3, 4))
    assert err.message == (
        "Extension error: Could not import extension sphinx.ext.grahviz"
        " (exception: No module named 'grahviz')"
    )
