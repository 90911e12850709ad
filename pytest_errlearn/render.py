"""Human output: the errors of a report, root cause first, with their fixes.

rich is imported here only, when something is printed; every piece of text
goes through ``Text`` (never markup), because error messages are full of
brackets. Colour only on a terminal, and never with ``NO_COLOR`` set.
"""

from __future__ import annotations

import os
from typing import IO, TYPE_CHECKING

from .report import Error, Report

if TYPE_CHECKING:
    from rich.text import Text

MAX_SHOWN = 20  # errors listed in full; the rest are counted

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


def print_report(
    report: Report, stream: IO[str], *, color: bool, title: str | None = None
) -> None:
    """Print ``report_lines`` to ``stream``, coloured only when ``color``."""
    from rich.console import Console

    console = Console(
        file=stream,
        force_terminal=color,
        no_color=not color,
        color_system="auto" if color else None,
        highlight=False,
        markup=False,
        emoji=False,
        soft_wrap=True,
    )
    for line in report_lines(report, title=title):
        console.print(line)
