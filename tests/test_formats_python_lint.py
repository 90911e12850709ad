"""Python's linters and type checkers as they print today: ruff's own layout (its
default since 0.12: the rule, then its ``-->`` place), mypy's messages,
pyright's (its rule's name after a message that wraps), bandit's report,
pydocstyle's, and black's and isort's checks."""

from __future__ import annotations

import pytest
from test_detect import scan

from pytest_errlearn.detect import classify
from pytest_errlearn.detect.engine import detect
from pytest_errlearn.matching.matcher import Matcher
from pytest_errlearn.matching.patterns import builtin_patterns

# Real runs of ruff 0.17.6 (`ruff check bad.py`, then a file with a syntax error).
RUFF = """
I001 [*] Import block is un-sorted or un-formatted
 --> bad.py:1:1
  |
1 | import os
  | ^^^^^^^^^
2 | def f(x: int) -> str:
  |
help: Organize imports

F401 [*] `os` imported but unused
 --> bad.py:1:8
  |
1 | import os
  |        ^^
2 | def f(x: int) -> str:
  |
help: Remove unused import: `os`

F821 Undefined name `undefined_name`
  --> src\\app\\main.py:12:7
   |
12 | print(undefined_name)
   |       ^^^^^^^^^^^^^^
   |

Found 3 errors.
[*] 2 fixable with the `--fix` option.
"""

RUFF_SYNTAX = """
invalid-syntax: Expected a parameter or the end of the parameter list
 --> bad2.py:1:7
  |
1 | def f(:
  |       ^
2 |     pass
  |

invalid-syntax: Expected `)`, found newline
 --> bad2.py:1:8
  |
1 | def f(:
  |        ^
2 |     pass
  |

Found 2 errors.
"""


def test_each_ruff_rule_is_one_error_at_its_place_with_its_code() -> None:
    report = scan(RUFF)
    found = [(e.file, e.line, e.column, e.code, e.message) for e in report.errors]
    assert found == [
        ("bad.py", 1, 1, "I001", "Import block is un-sorted or un-formatted"),
        ("bad.py", 1, 8, "F401", "`os` imported but unused"),
        ("src\\app\\main.py", 12, 7, "F821", "Undefined name `undefined_name`"),
    ]  # every rule fails the check: ruff has no warnings
    assert (report.errors[2].category, report.warnings) == ("reference", [])
    assert {e.tool for e in report.errors} == {"ruff"}  # not flake8, whose codes it shares


# `ruff check --output-format concise` (ruff 0.17.6): flake8's shape.
RUFF_CONCISE = """
pkg/bad.py:1:7: invalid-syntax: Expected a parameter or the end of the parameter list
pkg/w.py:1:1: I001 [*] Import block is un-sorted or un-formatted
pkg/w.py:2:6: W291 [*] Trailing whitespace
r.py:4:1: C901 `f` is too complex (11 > 10)
Found 4 errors.
[*] 2 fixable with `--fix`.
"""


def test_ruffs_concise_lines_under_ruff_are_its_errors_each_failing_the_check() -> None:
    report = scan(RUFF_CONCISE, "ruff")
    found = [(e.tool, e.file, e.line, e.code, e.category) for e in report.errors]
    assert found == [
        ("ruff", "pkg/bad.py", 1, "invalid-syntax", "syntax"),
        ("ruff", "pkg/w.py", 1, "I001", "unknown"),
        ("ruff", "pkg/w.py", 2, "W291", "unknown"),
        ("ruff", "r.py", 4, "C901", "unknown"),
    ]
    assert report.warnings == []


def test_flake8_calls_only_pycodestyle_s_w_codes_warnings() -> None:
    report = scan(RUFF_CONCISE.replace(" [*]", ""))  # flake8 prints the same shape
    assert [(e.tool, e.code) for e in report.errors] == [
        ("ruff", "invalid-syntax"),  # flake8 has E999 for it: the line is ruff's whoever runs it
        ("flake8", "I001"),
        ("flake8", "C901"),
    ]
    assert [(w.tool, w.code) for w in report.warnings] == [("flake8", "W291")]


# `ruff check --output-format grouped` (ruff 0.17.6): each file, then its rules.
RUFF_GROUPED = """
pkg/bad.py:
  1:7 invalid-syntax: Expected a parameter or the end of the parameter list

r.py:
  1:8  F401 [*] `os` imported but unused
  5:12 F821 Undefined name `undefined_name`

Found 3 errors.
"""


def test_ruffs_grouped_rules_are_each_an_error_in_the_file_above_them() -> None:
    report = scan(RUFF_GROUPED)
    found = [(e.tool, e.file, e.line, e.column, e.code) for e in report.errors]
    assert found == [
        ("ruff", "pkg/bad.py", 1, 7, "invalid-syntax"),
        ("ruff", "r.py", 1, 8, "F401"),
        ("ruff", "r.py", 5, 12, "F821"),
    ]


def test_ruffs_pylint_layout_under_ruff_is_ruffs_too() -> None:
    text = "r.py:1: [I001] Import block is un-sorted\nr.py:5: [F821] Undefined name `x`\n"
    assert [(e.tool, e.code) for e in scan(text, "ruff").errors] == [
        ("ruff", "I001"),
        ("ruff", "F821"),
    ]
    assert [(w.tool, w.code) for w in scan(text).warnings] == [("pylint", "I001")]


# `ruff check --output-format github` (ruff 0.17.6): a workflow command per rule,
# its title the tool and the rule, its message ruff's concise line.
RUFF_GITHUB = (
    "::error title=ruff (F401),file=/home/ci/shop/bad.py,line=1,col=8,endLine=1,endColumn=10"
    "::bad.py:1:8: F401 `os` imported but unused%0A  help: Remove unused import: `os`\n"
    "::error title=Ruff (F821),file=/home/ci/shop/bad.py,line=4,col=12,endLine=4,endColumn=13"
    "::bad.py:4:12: F821 Undefined name `y`\n"
)


def test_ruffs_github_annotations_are_its_rules_at_their_places() -> None:
    report = scan(RUFF_GITHUB)
    found = [(e.tool, e.file, e.line, e.column, e.code, e.message) for e in report.errors]
    assert found == [
        ("ruff", "/home/ci/shop/bad.py", 1, 8, "F401", "`os` imported but unused"),
        ("ruff", "/home/ci/shop/bad.py", 4, 12, "F821", "Undefined name `y`"),
    ]


def test_a_line_shaped_like_a_rule_without_its_place_below_is_no_error() -> None:
    assert scan("E501 Line too long (88 > 79)\nthe next line\n").errors == []


def test_ruffs_syntax_errors_are_syntax_errors_and_get_no_c_compilers_fix() -> None:
    report = scan(RUFF_SYNTAX)
    Matcher(builtin_patterns()).match_report(report)
    found = [(e.line, e.column, e.category, e.match) for e in report.errors]
    assert found == [(1, 7, "syntax", None), (1, 8, "syntax", None)]


@pytest.mark.parametrize(
    "message",
    [
        'Incompatible return value type (got "int", expected "str")',
        'Argument 1 to "f" has incompatible type "int"; expected "str"',
        'Incompatible default for argument "x" (default has type "None", argument has type "int")',
        'Too many arguments for "f"',
    ],
)
def test_mypys_type_errors_are_type_errors_though_they_quote_the_expected_type(
    message: str,
) -> None:
    classify.categorize.cache_clear()
    assert classify.categorize(message) == "type"


def test_a_module_mypy_cannot_find_is_a_missing_dependency() -> None:
    classify.categorize.cache_clear()
    message = 'Cannot find implementation or library stub for module named "yaml"'
    assert classify.categorize(message) == "dependency"


# A real run of pyright 1.1 (`pyright src`); basedpyright prints the same.
PYRIGHT = """
/home/ci/shop/src/shop/cart.py
  /home/ci/shop/src/shop/cart.py:8:9 - error: "totl" is not defined (reportUndefinedVariable)
  /home/ci/shop/src/shop/cart.py:9:14 - error: Argument of type "Literal['two']" cannot be \
assigned to parameter "b" of type "int" in function "add"
    "Literal['two']" is not assignable to "int" (reportArgumentType)
  /home/ci/shop/src/shop/cart.py:11:9 - error: Cannot access attribute "nope" for class "str"
    Attribute "nope" is unknown (reportAttributeAccessIssue)
  /home/ci/shop/src/shop/cart.py:1:8 - warning: Import "yaml" could not be resolved from \
source (reportMissingModuleSource)
3 errors, 1 warning, 0 informations
"""


def test_each_pyright_diagnostic_is_at_its_place_with_its_rule_as_code() -> None:
    report = scan(PYRIGHT)
    found = [(e.line, e.column, e.category, e.code, e.message) for e in report.errors]
    assert found == [
        (8, 9, "reference", "reportUndefinedVariable", '"totl" is not defined'),
        (
            9,
            14,
            "type",
            "reportArgumentType",  # on the line under it
            'Argument of type "Literal[\'two\']" cannot be assigned to parameter "b" of type '
            '"int" in function "add"',
        ),
        (
            11,
            9,
            "reference",
            "reportAttributeAccessIssue",
            'Cannot access attribute "nope" for class "str"',
        ),
    ]
    assert {e.file for e in report.errors} == {"/home/ci/shop/src/shop/cart.py"}
    assert [(w.line, w.code) for w in report.warnings] == [(1, "reportMissingModuleSource")]


# Real runs of black 25 (`black --check .`) and isort 6 (`isort --check-only`).
BLACK = """
would reformat /home/ci/shop/src/cart.py
error: cannot parse: /home/ci/shop/src/bad.py:1:6
    def f(:
         ^
ParseError: bad input

Oh no! 💥 💔 💥
1 file would be reformatted, 1 file would fail to reformat.
"""
ISORT = "ERROR: /home/ci/shop/src/cart.py Imports are incorrectly sorted and/or formatted.\n"


def test_black_names_each_file_it_would_change_and_where_it_cannot_parse() -> None:
    found = [(e.file, e.line, e.tool, e.category, e.message) for e in scan(BLACK).errors]
    assert found == [
        ("/home/ci/shop/src/cart.py", None, "black", "unknown", "would reformat"),
        ("/home/ci/shop/src/bad.py", 1, "black", "syntax", "ParseError: bad input"),
    ]


def test_isort_names_the_file_its_check_failed_on() -> None:
    [err] = scan(ISORT).errors
    assert (err.file, err.tool, err.message) == (
        "/home/ci/shop/src/cart.py",
        "isort",
        "Imports are incorrectly sorted and/or formatted.",
    )


def test_before_black_24_the_place_is_read_from_the_words() -> None:
    [err] = scan("error: cannot format src/main.py: Cannot parse: 5:1: invalid syntax\n").errors
    assert (err.file, err.line, err.column, err.category) == ("src/main.py", 5, 1, "syntax")


# A real run of bandit 1.9 (`bandit -q -r src`), its run metrics at the end.
BANDIT = """
Run started:2026-11-27 11:07:57.666601+00:00

Test results:
>> Issue: [B602:subprocess_popen_with_shell_equals_true] subprocess call with shell=True \
identified, security issue.
   Severity: High   Confidence: High
   CWE: CWE-78 (https://cwe.mitre.org/data/definitions/78.html)
   More Info: https://bandit.readthedocs.io/en/1.9.4/plugins/b602_subprocess_popen_with_shell.html
   Location: src/a.py:4:11
3\tdef run(cmd):
4\t    return subprocess.call(cmd, shell=True)
5\t

--------------------------------------------------
>> Issue: [B105:hardcoded_password_string] Possible hardcoded password: 'hunter2'
   Severity: Low   Confidence: Medium
   CWE: CWE-259 (https://cwe.mitre.org/data/definitions/259.html)
   More Info: https://bandit.readthedocs.io/en/1.9.4/plugins/b105_hardcoded_password_string.html
   Location: src/a.py:6:11
5\t
6\tpassword = "hunter2"

--------------------------------------------------

Code scanned:
\tTotal lines of code: 4
\tTotal lines skipped (#nosec): 0

Run metrics:
\tTotal issues (by severity):
\t\tUndefined: 0
\t\tLow: 1
\t\tMedium: 0
\t\tHigh: 1
Files skipped (0):
"""


def test_each_bandit_issue_is_an_error_at_its_location_not_its_metrics() -> None:
    found = [(e.file, e.line, e.column, e.code, e.message) for e in scan(BANDIT).errors]
    assert found == [
        ("src/a.py", 4, 12, "B602", "subprocess call with shell=True identified, security issue."),
        ("src/a.py", 6, 12, "B105", "Possible hardcoded password: 'hunter2'"),
    ]


def test_bandits_use_of_assert_is_a_finding_not_a_failed_assertion() -> None:
    issue = """>> Issue: [B101:assert_used] Use of assert detected. The enclosed code will be \
removed when compiling to optimised byte code.
   Severity: Low   Confidence: High
   Location: src/a.py:12:4
"""
    assert [e.category for e in scan(issue).errors] == ["unknown"]


# A real run of pydocstyle 6.3 (`pydocstyle src`): the place, then the code and message.
PYDOCSTYLE = """\
src/calc.py:1 at module level:
        D100: Missing docstring in public module
src/calc.py:5 in public function `add`:
        D103: Missing docstring in public function
"""


def test_pydocstyle_gives_each_finding_its_code_and_message_from_the_line_below() -> None:
    found = [(e.tool, e.file, e.line, e.code, e.message) for e in scan(PYDOCSTYLE).errors]
    assert found == [
        ("pydocstyle", "src/calc.py", 1, "D100", "Missing docstring in public module"),
        ("pydocstyle", "src/calc.py", 5, "D103", "Missing docstring in public function"),
    ]


# `pylint src` (pylint 4.1.4), its default layout: the message id, then its symbol.
PYLINT = """\
************* Module report
src/report.py:1:0: C0114: Missing module docstring (missing-module-docstring)
src/report.py:12:9: W1514: Using open without specifying an encoding (unspecified-encoding)
src/report.py:14:11: E0602: Undefined variable 'totalz' (undefined-variable)
src/report.py:17:0: W0102: Dangerous default value [] as argument (dangerous-default-value)
src/report.py:19:25: R1732: Consider using 'with' (consider-using-with)

-----------------------------------
Your code has been rated at 7.08/10
"""


def test_pylints_default_layout_is_pylints_with_its_errors_as_errors() -> None:
    report = detect(PYLINT.encode(), command="pylint src")
    assert [(e.tool, e.file, e.line, e.column, e.code) for e in report.errors] == [
        ("pylint", "src/report.py", 14, 11, "E0602"),
    ]
    assert [w.code for w in report.warnings] == ["C0114", "W1514", "W0102", "R1732"]
    assert {w.tool for w in report.warnings} == {"pylint"}


def test_pylints_warnings_alone_are_what_failed_its_run() -> None:
    text = "\n".join(line for line in PYLINT.splitlines() if "E0602" not in line) + "\n"
    report = detect(text.encode(), command="pylint src", failed=True)
    assert [e.code for e in report.errors] == ["C0114", "W1514", "W0102", "R1732"]


# `mypy --pretty pkg` (mypy 2.4.1): long messages wrapped at 80 columns.
MYPY_PRETTY = """\
pkg/models.py:16: error: Incompatible return value type (got "None", expected
"User")  [return-value]
        return None
               ^~~~
pkg/models.py:20: error: Item "None" of "str | None" has no attribute "split" \n\
[union-attr]
        return user.email.split("@")[1]
               ^~~~~~~~~~~~~~~~
pkg/service.py:6: error: "User" has no attribute "nmae"  [attr-defined]
        return "Hello " + u.nmae
                          ^~~~~~
Found 3 errors in 2 files (checked 3 source files)
"""


def test_mypys_pretty_messages_are_whole_with_their_codes() -> None:
    report = detect(MYPY_PRETTY.encode(), command="mypy --pretty pkg")
    assert [(e.line, e.code, e.message) for e in report.errors] == [
        (16, "return-value", 'Incompatible return value type (got "None", expected "User")'),
        (20, "union-attr", 'Item "None" of "str | None" has no attribute "split"'),
        (6, "attr-defined", '"User" has no attribute "nmae"'),
    ]
    assert [e.span for e in report.errors] == [(1, 4), (5, 8), (9, 11)]
