"""A shell line as words: its simple commands, quotes read, operators, redirections,
comments and here-documents' bodies left out (``segments``); and words back as a
line (``join``).

What each simple command runs is ``commandline``'s. Like it, this module is
cheap to import: its regexes are compiled when first used.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from functools import cache

# A plain line (``pytest -q``) needs none of the regexes.
_TOKEN = (
    r"(?P<space>(?:[ \t\r\f\v]|\\\n)+)"
    r"|(?P<comment>#[^\n]*)"  # only where a word would start: ``a#b`` is one word
    r"|(?P<redirect>\d*(?:&>>?|<<<|<<-?|<>|>>|>\||>&|<&|[<>]))"
    r"|(?P<op>&&|\|\||;;&?|;&|\|&|[;&|()\n])"
    r"|(?P<word>(?:[^\s'\"\\`$;&|()<>]|\\[\s\S]?|'[^']*'?|\"(?:[^\"\\]|\\[\s\S])*\"?|`[^`]*`?"
    r"|\$\((?:[^()'\"]|'[^']*'|\"[^\"]*\"|\([^()]*\))*\)?|\$)+)"
)
_PIECE = r"\\([\s\S]?)|'([^']*)'?|\"((?:[^\"\\]|\\[\s\S])*)\"?|([^\\'\"]+)"
_DOUBLE_ESCAPE = r"\\([$`\"\\\n])"
_UNSAFE = r"(?a)[^\w@%+=:,./-]"
_QUOTING = frozenset("\\'\"")
# A line without these is its words split at spaces.
_SHELL_CHARS = frozenset("'\"\\`$;&|()<>#\n")


@cache
def _regex(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern)


def _unquote(word: str) -> str:
    """A shell word's value: quotes removed, escapes read (``$(...)`` left as written)."""
    if _QUOTING.isdisjoint(word):
        return word
    out = []
    for m in _regex(_PIECE).finditer(word):
        escaped, single, double, plain = m.groups()
        if escaped is not None:
            out.append("" if escaped == "\n" else escaped)
        elif single is not None:
            out.append(single)
        elif double is not None:
            out.append(_regex(_DOUBLE_ESCAPE).sub(lambda e: "" if e[1] == "\n" else e[1], double))
        else:
            out.append(plain)
    return "".join(out)


def _heredoc_end(line: str, pos: int, delimiter: str, tabs: bool) -> int:
    """Where the text after a here-document's body starts (its body begins at ``pos``)."""
    while pos < len(line):
        end = line.find("\n", pos)
        end = len(line) if end < 0 else end
        body = line[pos:end]
        if (body.lstrip("\t") if tabs else body) == delimiter:
            return end + 1
        pos = end + 1
    return len(line)


def segments(line: str) -> Iterator[list[str]]:
    """The simple commands of a shell line, as words: split at ``&&``, ``||``, ``;``,
    ``&``, pipes, parentheses and newlines; redirections, comments and here-documents'
    bodies left out; a quote left open closes at the end of the line."""
    if _SHELL_CHARS.isdisjoint(line):
        if words := line.split():
            yield words
        return
    token = _regex(_TOKEN)
    current: list[str] = []
    heredocs: list[tuple[str, bool]] = []
    skip_next = False
    pos = 0
    while pos < len(line):
        m = token.match(line, pos)
        if m is None:  # cannot happen (every character starts some token); never loop
            current.append(line[pos])
            pos += 1
            continue
        pos = m.end()
        kind = m.lastgroup
        if kind == "word":
            if skip_next:  # a redirection's target, or a here-document's delimiter
                skip_next = False
                if heredocs and heredocs[-1][0] == "":
                    heredocs[-1] = (_unquote(m.group()), heredocs[-1][1])
            else:
                current.append(_unquote(m.group()))
        elif kind == "redirect":
            skip_next = True
            op = m.group().lstrip("0123456789")
            if op in ("<<", "<<-"):
                heredocs.append(("", op == "<<-"))
        elif kind == "op":
            skip_next = False
            if current:
                yield current
            current = []
            if m.group() == "\n":
                for delimiter, tabs in heredocs:
                    pos = _heredoc_end(line, pos, delimiter, tabs) if delimiter else pos
                heredocs = []
    if current:
        yield current


def split_command(command: str | Sequence[str]) -> list[str]:
    """A command line as words (an argv as it is); operators and redirections left out."""
    if not isinstance(command, str):
        return list(command)
    return [word for segment in segments(command) for word in segment]


def join(argv: Sequence[str]) -> str:
    """Words as a shell line that gives them back (``shlex.join``'s quoting)."""
    return " ".join(
        w if w and not _regex(_UNSAFE).search(w) else "'" + w.replace("'", "'\"'\"'") + "'"
        for w in argv
    )
