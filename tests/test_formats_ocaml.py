"""OCaml (ocamlc, ocamlopt, dune) and gfortran: the place on a line of its own,
the quoted source, then the words that say what is wrong, read as one error."""

from __future__ import annotations

from test_detect import scan

from pytest_errlearn.detect.hints import tool_from_command

# ocamlc 4.13 and dune print the same; the carets stand under the columns.
OCAML = """
File "bin/main.ml", line 4, characters 10-14:
4 |   let x = totl [1; 2; 3] in
              ^^^^
Error: Unbound value totl
Hint: Did you mean total?
File "lib/cart.ml", line 2, characters 29-34:
2 | let () = print_string (add 1 "two")
                                 ^^^^^
Error: This expression has type string but an expression was expected of type
         int
"""

WARNINGS = """
File "lib/cart.ml", line 1:
Warning 70 [missing-mli]: Cannot find interface file.
File "lib/cart.ml", line 2, characters 6-7:
2 |   let y = 3 in
          ^
Warning 26 [unused-var]: unused variable y.
File "lib/cart.ml", line 5, characters 4-9:
5 | let total = 0
        ^^^^^
Error (warning 32 [unused-value-declaration]): unused value total.
"""

# A second place under a syntax error says where its pair began: no error of its own.
UNMATCHED = """
File "syn.ml", line 2, characters 0-3:
2 | let g = 2
    ^^^
Error: Syntax error: ')' expected
File "syn.ml", line 1, characters 10-11:
1 | let f x = (x + 1
              ^
  This '(' might be unmatched
"""

# gfortran 12, two errors of one file: its place, a blank line, the quoted source.
GFORTRAN = """
src/solver.f90:7:14:

    7 |   print *, x +
      |              1
Error: Syntax error in expression at (1)
src/solver.f90:6:13:

    6 |   call sub(r)
      |             1
Error: Type mismatch in argument ‘i’ at (1); passed REAL(4) to INTEGER(4)
src/solver.f90:4:7:

    4 |   x = y + 1
      |       1
Error: Symbol ‘y’ at (1) has no IMPLICIT type
"""


def test_ocaml_errors_are_at_their_place_with_their_wrapped_words() -> None:
    found = [(e.file, e.line, e.column, e.category, e.message) for e in scan(OCAML).errors]
    assert found == [
        ("bin/main.ml", 4, 11, "reference", "Unbound value totl"),
        (
            "lib/cart.ml",
            2,
            30,
            "type",
            "This expression has type string but an expression was expected of type int",
        ),
    ]


def test_ocaml_warnings_are_warnings_unless_made_errors() -> None:
    report = scan(WARNINGS)
    assert [(w.line, w.code, w.message) for w in report.warnings] == [
        (1, "missing-mli", "Cannot find interface file."),
        (2, "unused-var", "unused variable y."),
    ]
    [err] = report.errors
    assert (err.line, err.code, err.message) == (
        5,
        "unused-value-declaration",
        "unused value total.",
    )


def test_a_place_that_says_no_error_under_it_is_none() -> None:
    [err] = scan(UNMATCHED).errors
    assert (err.line, err.category, err.message) == (2, "syntax", "Syntax error: ')' expected")


def test_gfortran_errors_are_at_their_place_each_in_its_category() -> None:
    found = [(e.line, e.column, e.category, e.message) for e in scan(GFORTRAN).errors]
    assert found == [
        (7, 14, "syntax", "Syntax error in expression at (1)"),
        (6, 13, "type", "Type mismatch in argument ‘i’ at (1); passed REAL(4) to INTEGER(4)"),
        (4, 7, "reference", "Symbol ‘y’ at (1) has no IMPLICIT type"),
    ]
    assert {e.file for e in scan(GFORTRAN).errors} == {"src/solver.f90"}


# Two places in one message, far apart: the quote elides the lines between.
TWO_PLACES = """
src/solver.f90:7:17:

    3 |   subroutine sub()
      |                2
......
    7 |   subroutine sub()
      |                 1
Error: Procedure ‘sub’ at (1) is already defined at (2)
"""


def test_a_quote_of_two_places_is_read_through_and_a_plain_compile_error_is_build() -> None:
    [err] = scan(TWO_PLACES).errors
    assert (err.line, err.category, err.message) == (
        7,
        "build",  # not "runtime", which the quoted line "Error: ..." alone would say
        "Procedure ‘sub’ at (1) is already defined at (2)",
    )


def test_the_compilers_are_known_by_their_commands() -> None:
    assert tool_from_command("ocamlfind ocamlopt -package str main.ml") == "ocaml"
    assert tool_from_command("dune build @install") == "dune"
    assert tool_from_command("gfortran -c solver.f90") == "gfortran"
