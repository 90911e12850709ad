"""Sorbet, Ruby's type checker (``srb tc``): each error is its place and message,
ended by the link to the error's page (its code), then the source it quotes and
the notes that explain it, indented under it::

    lib/cart.rb:8: Method totl does not exist on Cart https://srb.help/7003
         8 |    cart.totl
                     ^^^^
      Got Cart originating from:
        lib/cart.rb:7:
         7 |    cart = Cart.new
                       ^^^^^^^^
    Errors: 1

(Before 2020 the link was ``https://sorbet.org/docs/error-reference#7003``.)
The code's thousands say which phase of the checker found it: 2xxx the parser,
5xxx the resolver of constants, 7xxx the inference of types.
"""

from __future__ import annotations

from ..reader import Reader
from . import Format, regex, said_in

COMMANDS = {"srb": "sorbet", "sorbet": "sorbet"}
BUILDS: dict[str, frozenset[str] | None] = {
    "srb": frozenset({"tc", "typecheck"}),
    "sorbet": None,
}

# The link that ends every error line: what stage 1 seeks on a line (``Format.seek``).
_LINK = r"://(?:srb\.help/|sorbet\.org/docs/error-reference#)"


class SorbetError(Reader):
    """The lines indented under an error (the quoted source, its carets, the
    ``Got X originating from:`` notes and their own places): up to the blank
    line before the next error. The category is the code's: a name that is not
    there, a type that does not fit, or a line the parser could not read."""

    frames_wanted = False
    _KINDS = (
        ("syntax", regex(r"^2\d{3}$")),
        ("reference", regex(r"^(?:5002|7003|7018|7019|4010)$")),
        ("type", regex(r"^[3-7]\d{3}$")),
    )

    def accept(self, line: str) -> bool:
        return line[:1].isspace() and bool(line.strip())

    def finish(self) -> None:
        pass

    def category(self) -> str | None:
        return said_in(self._KINDS, self.err.code or "")


READERS = {"sorbet": SorbetError}

ROWS = (
    Format(
        "sorbet-error",
        r"^(?P<file>(?:[A-Za-z]:)?[^\s:]+\.(?:rb|rbi|rake|ru|gemspec)):(?P<line>\d+): "
        r"(?P<msg>\S.*?) https" + _LINK + r"(?P<code>\d{4})\s*$",
        seek=_LINK,
        tool="sorbet",
        block="sorbet",
        rank=2,
        examples=(
            "lib/cart.rb:8: Method totl does not exist on Cart https://srb.help/7003",
            "app/a.rb:3: Expected Integer but found String for argument n "
            "https://sorbet.org/docs/error-reference#7002",
        ),
    ),
)
