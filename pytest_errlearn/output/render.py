"""Human output: the errors of a report, root cause first, with their fixes.

rich is imported here only, when something is printed; every piece of text
goes through ``Text`` (never markup), because error messages are full of
brackets. Colour only on a terminal, and never with ``NO_COLOR`` set.
"""

from __future__ import annotations

import os
import re
import textwrap
from typing import IO

from ..report import Error, Report

TYPE_CHECKING = False  # mypy reads it as True: typing loads where it is used, not here

if TYPE_CHECKING:
    from rich.console import Console
    from rich.text import Text

MAX_SHOWN = 20  # errors listed in full; the rest are counted
UNKNOWN_WIDTH = 80  # columns of a terminal that says it has none
NARROWEST_TERMINAL = 40  # columns wrapped to at least, however narrow the terminal says it is
NARROWEST = 20  # columns of text left after a hanging indent, below which none is kept
# What a wrapped line's next lines stand under: its indent, and the label
# that heads it ("fix: ", "known fix: ", a bullet), so a fix reads as one block.
_HANG = re.compile(r" *(?:(?:known fix(?: \(\d+ tests?\))?|fix|test): |for |! |[✖•] )?")

_SEVERITY_STYLE = {"blocking": "bold red", "high": "red", "medium": "yellow", "low": "dim"}


def use_color(stream: IO[str], choice: str = "auto") -> bool:
    """Colour for ``--color auto|always|never``: auto means a terminal and no NO_COLOR."""
    if choice == "always":
        return True
    if choice == "never" or os.environ.get("NO_COLOR"):
        return False
    isatty = getattr(stream, "isatty", None)
    return bool(isatty and isatty())


def error_lines(err: Error, *, primary: bool = False) -> list[Text]:
    """The lines that show one error: where, what, and the known fix."""
    from rich.text import Text

    head = Text()
    head.append("✖ " if primary else "• ", style=_SEVERITY_STYLE.get(err.severity, ""))
    if err.location:
        head.append(err.location, style="bold")
        head.append("  ")
    head.append(f"[{err.category}]", style="cyan")
    if err.tool:
        head.append(f" {err.tool}", style="dim")
    if err.count > 1:
        head.append(f" ×{err.count}", style="dim")
    if primary:
        head.append("  root cause", style="bold magenta")
    lines = [head, Text("    " + err.message)]
    if err.test:
        lines.append(Text(f"    test: {err.test}", style="dim"))
    for note in err.notes:
        lines.append(Text(f"    ! {note}", style="yellow"))
    if err.match is not None:
        fix = Text("    fix: ", style="bold green")
        fix.append(err.match.fix)
        lines.append(fix)
        where = f"{err.match.pattern}, {err.match.method} {err.match.score:.2f}"
        if err.match.source:
            where += f", {err.match.source}"
        if err.match.success:
            where += f", {err.match.success}"
        lines.append(Text(f"         ({where})", style="dim"))
    return lines


def report_lines(report: Report, *, title: str | None = None) -> list[Text]:
    """The whole human summary of a report, as rich ``Text`` lines."""
    from rich.text import Text

    errors = report.ordered()
    if not errors:
        return [Text("errlearn: no errors found", style="green")]
    total = len(errors)
    matched = sum(1 for e in errors if e.match)
    heading = title or (
        f"errlearn: {total} error{'s' if total != 1 else ''}"
        f"{f', {matched} with a known fix' if matched else ''}"
    )
    out = [Text(heading, style="bold")]
    for i, err in enumerate(errors[:MAX_SHOWN]):
        out.extend(error_lines(err, primary=i == 0 and report.primary_index is not None))
    if total > MAX_SHOWN:
        out.append(Text(f"… and {total - MAX_SHOWN} more (--json for all)", style="dim"))
    return out


def width_of(stream: IO[str]) -> int | None:
    """The columns to wrap ``stream``'s lines to, when it is a terminal: ``COLUMNS``
    when set, else the terminal's own. None for a pipe or a file, whose lines are
    kept whole (a log greps and diffs by line; and pytest-xdist sets ``COLUMNS``
    in its workers whatever they write to)."""
    isatty = getattr(stream, "isatty", None)
    if not (isatty and isatty()):
        return None
    columns = os.environ.get("COLUMNS", "")
    if columns.isdigit() and int(columns) > 0:
        return max(int(columns), NARROWEST_TERMINAL)
    try:
        size = os.get_terminal_size(stream.fileno()).columns
    except (OSError, ValueError, AttributeError):
        return None
    # A pty whose size was never set (script, docker exec -t) says 0 columns: rich
    # cannot wrap to 0, and one letter a line is no report either.
    return max(size, NARROWEST_TERMINAL) if size > 0 else UNKNOWN_WIDTH


def hang(text: str, width: int) -> int:
    """How far a wrapped line's next lines are indented: under its text, past
    its indent and label; none when that leaves too narrow a column."""
    indent = _HANG.match(text)
    n = indent.end() if indent else 0
    return n if width - n >= NARROWEST else 0


def wrap(text: str, width: int | None) -> list[str]:
    """``text`` as lines of at most ``width`` columns, each next line indented
    under the first's text (``hang``); whole when ``width`` is None. For lines
    written without rich (the pytest plugin's summary)."""
    if width is None or len(text) <= width:
        return [text]
    n = hang(text, width)
    return textwrap.wrap(
        text, width, subsequent_indent=" " * n, break_on_hyphens=False, drop_whitespace=True
    ) or [text]


def named(names: list[str], width: int | None, *, prefix: str = "    for ", most: int = 5) -> str:
    """At most ``most`` of ``names``, and no more than fit on one line of ``width``
    after ``prefix`` (always the first), the rest counted: "a, b and 12 more"."""
    shown: list[str] = []
    for i, name in enumerate(names[:most]):
        more = len(names) - i - 1
        tail = f" and {more} more" if more else ""
        line = prefix + ", ".join([*shown, name]) + tail
        if shown and width is not None and len(line) > width:
            break
        shown.append(name)
    rest = len(names) - len(shown)
    return ", ".join(shown) + (f" and {rest} more" if rest else "")


def _wrapped(console: Console, line: Text, width: int) -> list[Text]:
    """One rich line as lines of ``width`` columns, hanging as ``hang`` says
    (styles kept; a word longer than a line is cut)."""
    from rich.text import Text

    if line.cell_len <= width:
        return [line]
    n = hang(line.plain, width)
    head, body = line[:n], line[n:]
    pieces = list(body.wrap(console, width - n, overflow="fold"))
    if not pieces:
        return [line]
    for piece in pieces:
        piece.rstrip()  # the space a line was broken at
    first = head.copy()
    first.append_text(pieces[0])
    out = [first]
    for piece in pieces[1:]:
        more = Text(" " * n)
        more.append_text(piece)
        out.append(more)
    return out


def print_report(report: Report, stream: IO[str], *, color: bool, title: str | None = None) -> None:
    """Print ``report_lines`` to ``stream``, coloured only when ``color``, each
    line wrapped to the terminal's width (``width_of``), its next lines under
    its text: a fix read in a 60-column terminal is a block, not one 400-column line."""
    from rich.console import Console

    width = width_of(stream)
    console = Console(
        file=stream,
        force_terminal=color,
        no_color=not color,
        color_system="auto" if color else None,
        highlight=False,
        markup=False,
        emoji=False,
        soft_wrap=True,
        width=width,
    )
    for line in report_lines(report, title=title):
        for piece in [line] if width is None else _wrapped(console, line, width):
            console.print(piece)
