"""What a trigger and an error name, beyond their words' similarity.

``telling`` keeps the words of a message that say *what* failed (not that
something failed), and ``says_the_same`` asks that an error names at least
half of them; ``names`` reads the names a line spells out (identifiers,
keys, quoted values, paths), and ``spells_out`` asks that an error spells out
the names a project's trigger does. The matcher uses both to turn down a
trigger that reads alike but is about something else.
"""

from __future__ import annotations

import re

from ..detect.signature import normalize
from .canonical import TOKEN_RX

# A quoted value, in any of the quotes tools use.
QUOTED = re.compile(r"'([^'\n]*)'|\"([^\"\n]*)\"|‘([^’\n]*)’|“([^”\n]*)”|`([^`\n]*)`")

TYPE_CHECKING = False  # mypy reads it as True: typing loads where it is used, not here
if TYPE_CHECKING:
    from .triggers import Trigger


# Words any error message may use: they say that something failed, not what.
_COMMON = frozenset(
    {
        "a",
        "an",
        "the",
        "of",
        "to",
        "in",
        "on",
        "at",
        "for",
        "from",
        "by",
        "with",
        "and",
        "or",
        "but",
        "not",
        "no",
        "nor",
        "is",
        "are",
        "was",
        "were",
        "be",
        "been",
        "it",
        "its",
        "this",
        "that",
        "there",
        "as",
        "if",
        "than",
        "so",
        "can",
        "cannot",
        "could",
        "would",
        "should",
        "will",
        "may",
        "must",
        "do",
        "does",
        "did",
        "has",
        "have",
        "had",
        "error",
        "errors",
        "fatal",
        "warning",
        "failed",
        "fail",
        "found",
        "expected",
        "unexpected",
        "invalid",
        "unknown",
        "while",
        "when",
        "after",
        "before",
        "into",
        "out",
    }
)
_WORD = re.compile(r"[a-z][a-z0-9_]+")
STEM = 5  # letters of a word compared: "refused" is "refuse", "connection" "connect"


def telling(text: str, *, exception: bool = False) -> frozenset[str]:
    """The words of a canonical text that say *what* failed, each cut to its stem
    (``importerror`` is ``import``). Masked values and the words of every error
    message are left out, and the leading exception type when ``exception``
    says there is one (the matcher compares those apart)."""
    words = _WORD.findall(text)
    if exception:
        words = words[1:]
    return frozenset(w[:STEM] for w in words if w not in _COMMON)


def says_the_same(c: Trigger, text: str) -> bool:
    """Whether a canonical message names at least half of what the trigger says
    failed besides its exception type (a stem of four letters or more anywhere
    in it: "declared" is in "undeclared"; a shorter word as a word).

    Character similarity alone lets "user 42 not found" pass for "linker
    `{linker}` not found" (0.84), and "OSError: disk quota" for "TimeoutError:
    timed out" (0.7): the trigger's literal text is literal.
    """
    if not c.telling:
        return True
    words = _WORD.findall(text)
    named = sum(1 for s in c.telling if (s in text if len(s) >= 4 else s in words))
    return 2 * named >= len(c.telling)


# What a name looks like outside quotes: camelCase, snake_case, a CONSTANT, a file name.
_NAME = re.compile(
    r"[a-z][A-Z]|[A-Za-z0-9]_[A-Za-z0-9]|^[A-Z][A-Z0-9]{3,}$|\w\.[A-Za-z][A-Za-z0-9]{0,4}$"
)
_SHOUTED = frozenset(
    {  # capitals that say how bad, not what
        "ERROR",
        "ERRORS",
        "FAIL",
        "FAILED",
        "FAILURE",
        "FATAL",
        "WARNING",
        "WARN",
        "NOTE",
        "INFO",
        "DEBUG",
        "PASS",
        "PASSED",
        "SKIPPED",
        "TRUE",
        "FALSE",
        "NULL",
        "NONE",
    }
)
_PROPER = re.compile(r"(?<=[a-z,] )[A-Z][a-z]{2,}\b")  # "Could NOT find Halide"
_BARE = re.compile(r"[^\s'\"`‘’“”()\[\]{}<>,;=|]+")
_EXC_NAME = re.compile(r"(?:\w+\.)*[A-Z]\w*(?:Error|Exception|Exit|Interrupt)")
_AT = re.compile(r"(?::\d+)+$")  # a location's line and column
_VARIES = re.compile(r"\d|tmp")  # all that ``normalize`` masks holds one of these


def _name(value: str) -> str:
    """A value as a name: a path by its file name (a checkout's directories
    vary), a location without its line and column."""
    value = _AT.sub("", value.rstrip(".:,"))
    if ("/" in value or "\\" in value) and "://" not in value:
        value = re.split(r"[\\/]", value.rstrip("/\\"))[-1]
    return value


def names(line: str) -> tuple[tuple[str, bool], ...]:
    """The names a trigger line (placeholders as tokens) spells out, each with
    whether it is quoted: its quoted values, and the identifiers, constants,
    file names (a path's last part) and proper nouns of the rest. A value that
    varies between runs (a number, a time, a temp path, a URL), an exception
    type (compared by family) and a placeholder are no names.
    """
    found: list[tuple[str, bool]] = []

    def add(value: str, quoted: bool, named: bool = False) -> None:
        named = named or quoted or "/" in value or "\\" in value
        value = _name(value)
        if (
            not value
            or "://" in value
            or TOKEN_RX.search(value)
            or value in _SHOUTED
            or _EXC_NAME.fullmatch(value)
            or _varies(value)
        ):
            return
        if named or _NAME.search(value):
            found.append((value, quoted))

    for m in QUOTED.finditer(line):
        add(next(g for g in m.groups() if g is not None), True)
    rest = QUOTED.sub(" ", line)
    for token in _BARE.findall(rest):
        if _maybe(token):
            for part in token.split("::"):
                add(part, False)
    for m in _PROPER.finditer(rest):
        add(m.group(), False, named=True)
    return tuple(dict.fromkeys(found))


class ErrorText:
    """An error's text as ``spells_out`` searches it: the text, and its quoted values."""

    __slots__ = ("_quoted", "text")

    def __init__(self, text: str) -> None:
        self.text = text
        self._quoted: frozenset[str] | None = None

    @property
    def quoted(self) -> frozenset[str]:
        if self._quoted is None:
            self._quoted = frozenset(
                _name(next(g for g in m.groups() if g is not None))
                for m in QUOTED.finditer(self.text)
            )
        return self._quoted


def spells_out(literals: tuple[tuple[str, bool], ...], error: ErrorText) -> bool:
    """Whether an error names all that a trigger spells out (``triggers.literals``):
    each quoted value among the error's quoted values, each other name as a
    word of its text.

    A team pastes its own failure: ``undefined: fooBar``, ``KeyError:
    'DATABASE_URL'``; its fix is about that name, and the canonical form,
    which masks quoted values, would let it claim ``'REDIS_URL'`` too.
    """
    return all(
        name in error.quoted if quoted else _has_word(error.text, name) for name, quoted in literals
    )


def _maybe(word: str) -> bool:
    """Whether a word outside quotes may be a name: not a plain word ("find",
    "Could"), which most of a trigger is (string tests: cheaper than a regex)."""
    return (
        "_" in word
        or "." in word
        or "/" in word
        or "\\" in word
        or not (word.islower() or word[1:].islower())
    )


def _varies(value: str) -> bool:
    """Whether a value holds what varies between runs (what ``normalize`` masks,
    all of which holds a digit, save temp names)."""
    return _VARIES.search(value) is not None and "<" in normalize(value)


def _has_word(text: str, word: str) -> bool:
    """Whether ``word`` stands in ``text`` with no letter, digit or ``_`` glued to it."""
    start = text.find(word)
    while start != -1:
        end = start + len(word)
        if not (start and _glued(text[start - 1])) and not (end < len(text) and _glued(text[end])):
            return True
        start = text.find(word, start + 1)
    return False


def _glued(ch: str) -> bool:
    return ch.isalnum() or ch == "_"
