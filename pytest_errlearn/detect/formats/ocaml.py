"""OCaml's compilers (ocamlc, ocamlopt) and dune, which passes their words on.

The place comes first, on a line of its own; then the source it quotes; then
what is wrong, its words wrapped onto indented lines::

    File "bin/main.ml", line 4, characters 10-14:
    4 |   let x = totl [1; 2; 3] in
                  ^^^^
    Error: Unbound value totl
    Hint: Did you mean total?

A warning says ``Warning 26 [unused-var]: unused variable y.`` in place of
``Error:`` (``Warning 26:`` before OCaml 4.12), and one that dune's default
profile makes an error ``Error (warning 32 [unused-value-declaration]): ...``.
The place line is the row; the shared ``placed`` reader reads the rest.
"""

from __future__ import annotations

from collections.abc import Sequence

from . import Format

COMMANDS = {
    **dict.fromkeys(("ocaml", "ocamlc", "ocamlopt", "ocamlfind", "ocamlc.opt"), "ocaml"),
    "ocamlopt.opt": "ocaml",
    "dune": "dune",
}
BUILDS: dict[str, frozenset[str] | None] = {
    **dict.fromkeys(("ocamlc", "ocamlopt", "ocamlfind", "ocamlc.opt", "ocamlopt.opt"), None),
    "dune": frozenset({"build", "test", "runtest", "exec", "b", "t"}),
}


def _from_one(groups: dict[str, str | None], above: Sequence[str]) -> None:
    """OCaml counts a line's characters from 0; errlearn's columns, as most tools', from 1."""
    if groups.get("col") is not None:
        groups["col"] = str(int(groups["col"] or 0) + 1)


ROWS = (
    Format(
        "ocaml-place",
        r'^File "(?P<file>[^"]+)", lines? (?P<line>\d+)(?:-\d+)?'
        r"(?:, characters (?P<col>\d+)-\d+)?:$",
        tool="ocaml",
        block="placed",
        fixup=_from_one,
        rank=2,
        words=('file "',),
        examples=(
            'File "bin/main.ml", line 4, characters 10-14:',
            'File "src/parser.ml", lines 12-15, characters 2-30:',
            'File "main.ml", line 1:',
            'File "bin/dune", line 2, characters 7-11:',
        ),
    ),
)
