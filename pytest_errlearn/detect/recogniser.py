"""A row's regex as a recogniser: a superset of what it matches, for RE2.

Stage 1 (``prefilter``) runs all the rows' recognisers at once over raw
output to find the lines worth a look; the table (``formats``) runs them as
a set over one line to know which rows to try. A recogniser may match more
than its row (the row itself decides), never less.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterator
from functools import cache

_NAMED = re.compile(r"\(\?P<\w+>")

# The table's recognisers, worked out ahead: ``recognisers.json`` maps each row's
# regex to its recogniser, that one's set form and its one-line form. Working
# them out would cost every scan's start; a lookup costs nothing. A regex missing from the
# file (a row just edited) is worked out as before, so the file is never wrong,
# only slower; a test says when it is out of date, and how to write it again.
# (A path, not a ``pathlib.Path``: pathlib, and what it imports, would add to
# the start of every process that reads output.)
KNOWN_FILE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "recognisers.json")


def _known() -> dict[str, list[str]]:
    try:
        with open(KNOWN_FILE, encoding="utf-8") as f:
            known = json.load(f)
    except (OSError, ValueError):
        return {}
    return known if isinstance(known, dict) else {}


_KNOWN = _known()


def tokenize(pattern: str) -> Iterator[tuple[int, str, bool]]:
    """A regex's tokens: (index, text, syntax). An escape is one token, and
    ``syntax`` is False inside a character class, where ``^ $ ( )`` are literal."""
    i, in_class = 0, False
    while i < len(pattern):
        if pattern[i] == "\\":
            yield i, pattern[i : i + 2], False
            i += 2
            continue
        ch = pattern[i]
        if in_class:
            in_class = ch != "]"
            yield i, ch, False
        elif ch == "[":
            in_class = True
            width = 2 if pattern.startswith(("[^", "[]"), i) else 1  # "]" first is literal
            yield i, pattern[i : i + width], False
            i += width
            continue
        else:
            yield i, ch, True
        i += 1


_LOOKAROUND = ("(?!", "(?=", "(?<!", "(?<=")


def strip(pattern: str) -> str:
    """A row's regex as a pure recogniser: no groups, anchors or look-arounds.

    A recogniser only has to find the line (a superset is fine: the full
    row regex runs after it); RE2 has no look-arounds, and ``^`` would clash
    with stage 1's shared line-start prefix.
    """
    out: list[str] = []
    depth = 0  # parentheses open in a look-around being dropped
    for i, text, syntax in tokenize(pattern):
        if depth:
            depth += (syntax and text == "(") - (syntax and text == ")")
            continue
        if syntax and pattern.startswith(_LOOKAROUND, i):
            depth = 1
            continue
        if syntax and text == "^":
            continue
        out.append(r"\r*$" if syntax and text == "$" else text)
    return _NAMED.sub("(?:", "".join(out))


def _quantifier(tokens: list[tuple[int, str, bool]], i: int) -> tuple[int, bool]:
    """Where the quantifier at ``tokens[i]`` (if any) ends, and whether it allows none."""
    if i >= len(tokens) or not tokens[i][2] or tokens[i][1] not in "?*+{":
        return i, False
    optional = tokens[i][1] in "?*" or (tokens[i][1] == "{" and tokens[i + 1][1] == "0")
    if tokens[i][1] == "{":
        while tokens[i][1] != "}":
            i += 1
    i += 1
    return i + (i < len(tokens) and tokens[i][1] == "?"), optional  # lazy


def _may_end(tokens: list[tuple[int, str, bool]]) -> bool:
    """Whether the rest of a branch (these tokens, to the row's end) can match
    nothing: then a ``.*`` before it runs to the line's end whatever follows.
    Sibling branches are left out, and so are the ends of the groups around
    the branch, with their quantifiers (the branch must still get there)."""
    rest: list[str] = []
    depth, i, sibling = 0, 0, False
    while i < len(tokens):
        _, text, syntax = tokens[i]
        i += 1
        if syntax and text == ")" and depth == 0:  # a group around the branch ends
            i, sibling = _quantifier(tokens, i)[0], False
            continue
        if syntax and text in "()":
            depth += 1 if text == "(" else -1
        elif syntax and text == "|" and depth == 0:
            sibling = True
        if not sibling:
            rest.append(text)
    try:
        return re.fullmatch("".join(rest), "") is not None
    except re.error:
        return False


def cut_tails(pattern: str) -> str:
    """A recogniser cut short after its last required part: a ``.*`` or ``.+``
    that only the line's end may follow becomes nothing or ``.``, and the rest
    of its branch, of each group around it, goes.

    The line is found all the same, but the automaton stops following it
    there. Carried on to the line's end, every such tail stays alive beside
    every other row's partial matches, and re2 builds a DFA state for each
    combination it meets, and that construction would take most of stage 1's
    time on fresh text.
    """
    tokens = list(tokenize(pattern))
    out: list[str] = []
    depth, i = 0, 0
    cut: int | None = None  # the depth whose branch is being dropped
    # The depths of groups one of whose branches was cut, whose sibling branches
    # are read as written: what follows such a group goes once it ends, as it
    # went from the cut branch (only the line's end may follow there).
    resumed: list[int] = []
    while i < len(tokens):
        _, text, syntax = tokens[i]
        i += 1
        if cut is not None:
            if syntax and text == "(":
                depth += 1
            elif syntax and text == ")":
                depth -= 1
                if depth < cut:  # the group around the cut ends: so does its branch
                    out.append(")?" if _quantifier(tokens, i)[1] else ")")
                    cut = depth
                    while resumed and resumed[-1] > depth:
                        resumed.pop()
            elif syntax and text == "|" and depth == cut:
                out.append(text)  # a sibling branch is read as written
                resumed.append(cut)
                cut = None
            continue
        if syntax and text == "." and i < len(tokens) and tokens[i][1] in ("*", "+"):
            rest = _quantifier(tokens, i)[0]
            if _may_end(tokens[rest:]):
                out.append("." if tokens[i][1] == "+" else "")
                cut, i = depth, rest
                continue
        depth += (syntax and text == "(") - (syntax and text == ")")
        if syntax and text == ")" and resumed and depth < resumed[-1]:
            resumed.pop()  # a group with a cut branch ends: what follows it goes
            out.append(")?" if _quantifier(tokens, i)[1] else ")")
            cut = depth
            continue
        out.append(text)
    return "".join(out)


@cache
def recogniser(pattern: str) -> str:
    """A row's regex as RE2 runs it: no groups, anchors or look-arounds, its tail cut
    (cached: stage 1 and the table's set both need every row's)."""
    if (known := _KNOWN.get(pattern)) is not None:
        return known[0]
    return cut_tails(strip(pattern))


def set_recogniser(pattern: str) -> str:
    """A row's regex as the table's RE2 set runs it, over text: ``unicode_wide``."""
    if (known := _KNOWN.get(pattern)) is not None:
        return known[1]
    return unicode_wide(recogniser(pattern))


def line_recogniser(pattern: str) -> str:
    """A row's regex as stage 1's automaton over many lines runs it: ``one_line``."""
    if (known := _KNOWN.get(pattern)) is not None:
        return known[2]
    return one_line(recogniser(pattern))


def worked_out(patterns: list[str]) -> dict[str, list[str]]:
    """What ``recognisers.json`` holds for these regexes, worked out now."""
    cut = {p: cut_tails(strip(p)) for p in patterns}
    return {p: [r, unicode_wide(r), one_line(r)] for p, r in cut.items()}


def table_patterns() -> list[str]:
    """The regexes stage 1 and the table's set need the recognisers of: each row's,
    and its errors-only form (``prefilter.errors_only``, for once a log has shown
    many warnings), each with its seek."""
    from .prefilter import _table_rows

    return sorted(
        {
            p
            for rows in (_table_rows(), _table_rows(warnings=False))
            for row in rows
            for p in row
            if p is not None
        }
    )


def write_known() -> None:
    """Write ``recognisers.json`` for the table as it is (``python -m pytest_errlearn.derive``)."""
    known = worked_out(table_patterns())
    with open(KNOWN_FILE, "w", encoding="utf-8") as f:
        f.write(json.dumps(known, indent=0, sort_keys=True) + "\n")


# What a class escape takes, less the newline: an automaton that runs across
# lines (one that starts at a literal ``\n``) cannot use RE2's ``never_nl``,
# which makes that ``\n`` match nothing too.
_ONE_LINE = {r"\s": r"[\t\f\r ]", r"\W": r"[^\w\n]", r"\D": r"[^\d\n]"}


def one_line(pattern: str) -> str:
    """A recogniser whose classes never take a newline: it matches within one line.

    Outside a class, ``\\s \\W \\D`` leave out the newline; a negated class
    does too, and ``\\s`` in a class becomes its characters but the newline.
    (``\\W`` or ``\\D`` in a class would still take one: no row has them.)
    """
    out: list[str] = []
    for text, _, klass in _classes(pattern):
        if klass is None:
            out.append(_ONE_LINE.get(text, text))
        elif klass[0] == "[^":
            out += [*klass[:-1], r"\n", "]"]
        else:
            out += [r"\t\f\r " if t == r"\s" else t for t in klass]
    return "".join(out)


def _classes(pattern: str) -> Iterator[tuple[str, bool, list[str] | None]]:
    """A regex's tokens (text, syntax), each character class whole: ``("", False,
    its tokens from "[" to "]")``. What ``one_line`` and ``unicode_wide`` rewrite."""
    klass: list[str] | None = None  # the class being read, from its "[" on
    for _, text, syntax in tokenize(pattern):
        if klass is not None:
            klass.append(text)
            if text == "]" and not syntax:
                yield "", False, klass
                klass = None
        elif text in ("[", "[]", "[^"):
            klass = [text]
        else:
            yield text, syntax, None


def start(pattern: str) -> str:
    """What a recogniser's lines start with, roughly: indentation ("space"), a
    letter ("word"), a class of many characters ("any": a path, a name, a
    number), else a mark ("mark": brackets, punctuation). The table's set keeps
    each kind apart (``re2set.Sets``); a row put in another kind would cost a
    little time, never a match."""
    while pattern.startswith("(?:"):
        pattern = pattern[3:]
    text, _, klass = next(_classes(pattern), ("", False, None))
    if klass is not None:  # [^\s:] a path's first character, [\s] indentation
        return "space" if klass[0] != "[^" and r"\s" in klass else "any"
    if text in (" ", r"\s", r"\t"):
        return "space"
    if text in (r"\S", ".", r"\w", r"\d"):
        return "any"
    return "word" if text.isalpha() else "mark"


# RE2's classes are ASCII; Python's, over text, Unicode: a letter like "é" is
# \w to Python, and so are \x0b and \x1c-\x1f \s. RE2 is told to take any of those.
_WIDE = r"\x0b\x1c-\x1f\x{80}-\x{10FFFF}"
_CLASSES = (r"\w", r"\d", r"\s")


def unicode_wide(pattern: str) -> str:
    """A recogniser (of text, not bytes) that RE2 in UTF-8 runs as a superset
    of what Python's ``re`` would: ``\\w \\d \\s`` take any non-ASCII
    character too, ``\\b \\B`` (whose words differ) are dropped, and ``$``
    may follow a last newline as Python's does."""
    out: list[str] = []
    for text, syntax, klass in _classes(pattern):
        if klass is not None:  # widened first, unless negated
            if klass[0] != "[^" and any(t in _CLASSES for t in klass):
                klass.insert(1, _WIDE)
            out += klass
        elif text in _CLASSES:
            out.append(f"[{_WIDE}{text}]")
        elif syntax and text == "$":
            out.append(r"\n?$")
        elif text not in (r"\b", r"\B"):
            out.append(text)
    return "".join(out)
