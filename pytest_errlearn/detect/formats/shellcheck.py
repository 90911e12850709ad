r"""ShellCheck: its gcc format (``-f gcc``) and its default tty format.

Errors are ShellCheck's ``error`` severity (the SC1xxx parse errors and a few
SC2xxx checks); ``warning``, ``info`` and ``style`` findings are warnings.
ShellCheck exits 1 on any finding of any severity (``--severity`` raises the
floor), so a CI step that runs it fails on warnings alone: those warnings are
then why the step failed, and are reported as warnings all the same.

SC1072 ("... Fix any mentioned problems and try again") and SC1073 ("Couldn't
parse this ...") only repeat the parse error beside them, and SC1009 points
at the construct it was in: notes.
"""

from __future__ import annotations

from collections.abc import Sequence

from . import Format, regex

ORDER = 12  # before every row that takes a path's ``file:line:col: warning:`` (c.py's gcc)
COMMANDS = {"shellcheck": "shellcheck"}
BUILDS: dict[str, frozenset[str] | None] = {"shellcheck": None}

_FILE = r"(?P<file>[^\s:][^:]*?)"
_AT = r":(?P<line>\d+):(?P<col>\d+): "
_SC_AT = _AT + r"(?P<sev>error|warning): "
_NOTE_AT = _AT + r"note: "
_ANY_AT = _AT + r"(?:error|warning|note): "
_PARSE_ECHO = r"SC10(?:09|72|73)"  # the parse error's companions, above

# tty format: the header above the source line and its markers
_HEADER = regex(r"^In (?P<file>.+) line (?P<line>\d+):$")


def _tty_place(groups: dict[str, str | None], before: Sequence[str]) -> None:
    """A ``^-- SC2086 (info): ...`` marker: the file and line from the ``In FILE
    line N:`` header above it, the column from where the marker stands."""
    for text in reversed(before):
        if (m := _HEADER.match(text)) is not None:
            groups["file"], groups["line"] = m["file"], m["line"]
            break
    groups["col"] = str(len(groups.get("pad") or "") + 1)


ROWS = (
    Format(
        "shellcheck-gcc-echo",
        r"^" + _FILE + _ANY_AT + r".+ \[" + _PARSE_ECHO + r"\]$",
        seek=_ANY_AT,
        tool="shellcheck",
        role="note",
        examples=(
            "a.sh:6:1: error: Couldn't parse this if expression. Fix to allow more checks. "
            "[SC1073]",
        ),
    ),
    Format(  # SC1xxx: the parser's
        "shellcheck-gcc-parse",
        r"^" + _FILE + _SC_AT + r"(?P<msg>.+?) \[(?P<code>SC1\d{3})\]$",
        seek=_SC_AT,
        tool="shellcheck",
        category="syntax",
        rank=2,
        examples=("a.sh:6:1: error: Did you forget the 'then' for this 'if'? [SC1049]",),
    ),
    Format(
        "shellcheck-gcc",
        r"^" + _FILE + _SC_AT + r"(?P<msg>.+?) \[(?P<code>SC\d{4})\]$",
        seek=_SC_AT,
        tool="shellcheck",
        rank=2,
        examples=(
            "e.sh:8:9: error: -n doesn't work with unquoted arguments. Quote or use [[ ]]. "
            "[SC2070]",
            "b.sh:4:1: warning: Use 'cd ... || exit' or 'cd ... || return' in case cd fails. "
            "[SC2164]",
        ),
    ),
    Format(  # ShellCheck's ``info`` and ``style`` findings, which -f gcc calls notes
        "shellcheck-gcc-note",
        r"^" + _FILE + _NOTE_AT + r"(?P<msg>.+?) \[(?P<code>SC\d{4})\]$",
        seek=_NOTE_AT,
        tool="shellcheck",
        role="warning",
        examples=("b.sh:3:6: note: Double quote to prevent globbing and word splitting. [SC2086]",),
    ),
    Format(
        "shellcheck-tty-echo",
        r"^\s*\^-*\^? " + _PARSE_ECHO + r" \((?:error|warning|info|style)\): ",
        tool="shellcheck",
        role="note",
        examples=(
            "^-- SC1073 (error): Couldn't parse this if expression. Fix to allow more checks.",
        ),
    ),
    Format(
        "shellcheck-tty-parse",
        r"^(?P<pad>\s*)\^-*\^? (?P<code>SC1\d{3}) \((?P<sev>error|warning|info|style)\): "
        r"(?P<msg>.+)$",
        tool="shellcheck",
        category="syntax",
        rank=2,
        examples=("^-- SC1049 (error): Did you forget the 'then' for this 'if'?",),
        fixup=_tty_place,
        words=("-- SC", "-^ SC"),
    ),
    Format(
        "shellcheck-tty",
        r"^(?P<pad>\s*)\^-*\^? (?P<code>SC\d{4}) \((?P<sev>error|warning|info|style)\): "
        r"(?P<msg>.+)$",
        tool="shellcheck",
        rank=2,
        examples=(
            "        ^-- SC2070 (error): -n doesn't work with unquoted arguments.",
            "     ^---^ SC2086 (info): Double quote to prevent globbing and word splitting.",
        ),
        fixup=_tty_place,
        words=("-- SC", "-^ SC"),
    ),
    Format(
        "shellcheck-wiki",
        r"^\s+https://www\.shellcheck\.net/wiki/SC\d+ -- ",
        tool="shellcheck",
        role="ignore",
        examples=(
            "  https://www.shellcheck.net/wiki/SC2086 -- Double quote to prevent globbing ...",
        ),
        words=("shellcheck.net/wiki",),
    ),
)
