"""Scoring and enriching an agent loop's ``error-summary.json`` (the actionability scorer).

A loop that feeds failing lines back to a coding agent wastes iterations on
vague ones ("FAIL something broke"). Each line is scored 0-100 by the
detector's own rubric (``classify.actionability``); when the summary as a
whole scores under 70, weak lines get their category in front and, when very
weak, the files changed last, so the agent knows where to look.

The file is rewritten atomically or not at all: any fault leaves it exactly
as it was, because the loop must go on with what it had.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import tempfile
from pathlib import Path
from typing import Any

from ..detect import detect
from ..detect.classify import actionability, categorize
from ..report import Error, Record

ENHANCE_BELOW = 70  # lines (and summaries) under this get a category prefix
CONTEXT_BELOW = 45  # lines under this also get the recently changed files
MAX_CHANGED = 5
GIT_TIMEOUT = 5.0

# A place written anywhere in a free-form line: "at src/app.ts:42", "x.py(3,1)",
# 'File "x.py", line 3', "line 3". A file needs a path separator or a line.
_PLACE = re.compile(
    r"(?P<file>(?:[A-Za-z]:)?(?:[\w.@+-]+[\\/])*[\w@+-][\w.@+-]*\.[A-Za-z]\w{0,7})"
    r"(?:[:(](?P<line>\d+)(?:[:,]\d+)?\)?|\"?,? line (?P<line2>\d+))?"
)
_LINE = re.compile(r"\bline (\d+)\b|(?<![\d:]):(\d+):\d+\b")


class EnrichError(Exception):
    """A summary errlearn will not touch; the message is one line for the user."""


class LineScore(Record):
    line: str
    score: int
    category: str

    def to_dict(self) -> dict[str, Any]:
        return {"line": self.line, "score": self.score, "category": self.category}


def _place(err: Error, line: str) -> None:
    """Fill in the file and line the detector's formats did not find in ``line``."""
    if err.file is None:
        for m in _PLACE.finditer(line):
            found = m.group("line") or m.group("line2")
            if found or "/" in m.group("file") or "\\" in m.group("file"):
                err.file = m.group("file")
                if err.line is None and found:
                    err.line = int(found)
                break
    if err.line is None and (bare := _LINE.search(line)) is not None:
        err.line = int(bare.group(1) or bare.group(2))


def score_line(line: str) -> LineScore:
    """One line's actionability (0-100) and category, by the detector's rubric."""
    report = detect(line.encode("utf-8", "replace"))
    found = report.ordered()
    err = found[0] if found else Error(message=line.strip(), text=line, block=[line])
    if not found:
        err.category = categorize(line)
    _place(err, line)
    return LineScore(line, actionability(err), err.category)


def changed_files(cwd: Path | None = None) -> list[str]:
    """Files changed in the last commit, else uncommitted ones: at most ``MAX_CHANGED``.

    Raises ``EnrichError`` when git is not installed; no repository or no
    parent commit only means no context.
    """
    for args in (
        ("diff", "--name-only", "HEAD~1"),
        ("diff", "--name-only"),
        ("ls-files", "-m"),
    ):
        try:
            done = subprocess.run(
                ("git", *args),
                cwd=cwd,
                capture_output=True,
                text=True,
                timeout=GIT_TIMEOUT,
                check=False,
            )
        except FileNotFoundError:
            raise EnrichError("git is not installed") from None
        except (OSError, subprocess.SubprocessError):
            continue
        names = [n for n in done.stdout.splitlines() if n.strip()]
        if done.returncode == 0 and names:
            return names[:MAX_CHANGED]
    return []


def enrich_summary(data: dict[str, Any], *, cwd: Path | None = None) -> dict[str, Any]:
    """The summary with scores added and, when it scores under 70, weak lines enriched.

    Lines are read from ``original_error_lines`` when an earlier enrich left
    them, so enriching twice gives the same result as once.
    """
    source = data.get("original_error_lines")
    if not (isinstance(source, list) and "actionability_score" in data):
        source = data.get("error_lines")
    if not isinstance(source, list) or not all(isinstance(x, str) for x in source):
        raise EnrichError("error_lines is not a list of strings")
    scores = [score_line(line) for line in source if line.strip()]
    total = sum(s.score for s in scores) // len(scores) if scores else 100
    out = {k: v for k, v in data.items() if k != "original_error_lines"}
    out["error_lines"] = list(source)
    if total < ENHANCE_BELOW:
        changed: list[str] | None = None
        lines = []
        by_line = iter(scores)
        for line in source:
            if not line.strip():
                lines.append(line)
                continue
            scored = next(by_line)
            if scored.score >= ENHANCE_BELOW:
                lines.append(line)
                continue
            enriched = f"[{scored.category}] {line}"
            if scored.score < CONTEXT_BELOW:
                if changed is None:
                    changed = changed_files(cwd)
                if changed:
                    enriched += f" (recently changed: {', '.join(changed)})"
            lines.append(enriched)
        out["error_lines"] = lines
        out["original_error_lines"] = list(source)
    out["actionability_score"] = total
    out["score_breakdown"] = [s.to_dict() for s in scores]
    return out


def enrich_file(path: Path, *, cwd: Path | None = None) -> dict[str, Any]:
    """Enrich the summary at ``path`` in place (tmp file + ``os.replace``); return it.

    Raises ``EnrichError`` (file untouched) when it cannot be read, is not a
    JSON object, has no usable ``error_lines``, or cannot be replaced.
    """
    try:
        raw = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise EnrichError(f"cannot read {path}: {getattr(exc, 'strerror', None) or exc}") from None
    try:
        data = json.loads(raw)
    except json.JSONDecodeError as exc:
        raise EnrichError(f"{path} is not JSON: {exc}") from None
    if not isinstance(data, dict):
        raise EnrichError(f"{path} is not a JSON object")
    if "error_lines" not in data:
        raise EnrichError(f"{path} has no error_lines")
    result = enrich_summary(data, cwd=cwd)
    _replace(path, json.dumps(result, indent=2, ensure_ascii=False) + "\n")
    return result


def _replace(path: Path, text: str) -> None:
    """Write ``text`` beside ``path`` and move it over: readers see old or new, never half."""
    try:
        mode = path.stat().st_mode & 0o7777
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    except OSError as exc:
        raise EnrichError(f"cannot write beside {path}: {exc.strerror or exc}") from None
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
        os.chmod(tmp, mode)
        os.replace(tmp, path)
    except OSError as exc:
        Path(tmp).unlink(missing_ok=True)
        raise EnrichError(f"cannot replace {path}: {exc.strerror or exc}") from None
