"""A report in the formats CI systems read: ``render(report, fmt)``.

``scan`` and ``run`` take ``--format`` with the choices in ``FORMATS``. Each
format is built with a real serialiser (json, ElementTree), never by pasting
strings, so messages full of quotes, brackets and escape codes stay data.
Errors come root cause first, as every other front end shows them.
"""

from __future__ import annotations

import json
import os
import re
import sys
from pathlib import Path, PurePosixPath
from typing import Any
from urllib.parse import quote

from .. import CI_FORMATS, __version__
from ..detect.text import strip_ansi
from .annotations import github_annotations

TYPE_CHECKING = False  # mypy reads it as True: typing loads where it is used, not here

if TYPE_CHECKING:
    from ..report import Error, Report

FORMATS = CI_FORMATS

SARIF_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"
INFORMATION_URI = "https://pypi.org/project/errlearn/"
MARKDOWN_ROWS = 50  # a step summary is capped at 1 MiB; the rest is counted

_SARIF_LEVEL = {"blocking": "error", "high": "error", "medium": "warning", "low": "note"}
_GITLAB_SEVERITY = {"blocking": "blocker", "high": "critical", "medium": "major", "low": "minor"}
# What XML 1.0 cannot carry at all, even escaped (strip_ansi takes the C0 controls).
_NOT_XML = re.compile("[\ud800-\udfff\ufffe\uffff]")
_MARKDOWN_SPECIAL = re.compile(r"([\\`|*_\[\]<>])")


def render(report: Report, fmt: str, *, root: Path | None = None) -> str:
    """The report as ``fmt`` (one of ``FORMATS``), paths relative to ``root``.

    No final newline: ``print`` it, or write it with one.
    """
    base = (root or Path.cwd()).resolve()
    if fmt == "json":
        return report.to_json()
    if fmt == "github":
        workspace = os.environ.get("GITHUB_WORKSPACE") or str(base)
        return "\n".join(github_annotations(report, workspace=workspace))
    if fmt == "sarif":
        return json.dumps(sarif(report, base), indent=2, ensure_ascii=False)
    if fmt == "gitlab":
        return json.dumps(gitlab(report, base), indent=2, ensure_ascii=False)
    if fmt == "junit":
        return junit(report, base)
    if fmt == "markdown":
        return markdown(report, base).rstrip("\n")
    raise ValueError(f"unknown format {fmt!r}: choose from {', '.join(FORMATS)}")


# -- shared -------------------------------------------------------------------


def rule_id(err: Error) -> str:
    """The rule an error falls under: its pattern when matched, else its category."""
    return err.match.pattern if err.match is not None else f"errlearn/{err.category}"


def relative_path(file: str, root: Path) -> str:
    """``file`` with forward slashes, relative to ``root`` when it lies inside it."""
    path = file.replace("\\", "/")
    if os.path.isabs(file):
        try:
            return Path(file).resolve().relative_to(root).as_posix()
        except ValueError:
            return path
    return str(PurePosixPath(path))  # drops "./" and doubled slashes


def _where(err: Error, root: Path) -> str:
    """Where an error is, for a reader: ``file:line`` (relative), else its test."""
    if not err.file:
        return err.test or ""
    path = relative_path(err.file, root)
    return path if err.line is None else f"{path}:{err.line}"


def _fix(err: Error) -> str | None:
    return err.match.fix if err.match is not None else None


# -- SARIF 2.1.0 ----------------------------------------------------------------


def _artifact_uri(file: str, root: Path) -> tuple[str, bool]:
    """A SARIF ``uri`` for ``file`` and whether it is relative to the source root."""
    path = relative_path(file, root)
    if path.startswith("/"):
        return Path(path).as_uri(), False
    if re.match(r"^[A-Za-z]:/", path):  # a Windows path read on another system
        return "file:///" + quote(path, safe=":/"), False
    return quote(path, safe="/"), True


def _sarif_rule(err: Error) -> dict[str, Any]:
    if err.match is not None:
        return {
            "id": err.match.pattern,
            "name": err.match.pattern,
            "shortDescription": {"text": f"Known error: {err.match.pattern}"},
            "help": {"text": err.match.fix},
            "properties": {"category": err.category},
        }
    return {
        "id": rule_id(err),
        "name": err.category,
        "shortDescription": {"text": f"{err.category} error"},
        "help": {"text": "No known fix yet: add one to patterns.toml once it is solved."},
        "properties": {"category": err.category},
    }


def _sarif_result(err: Error, index: int, root: Path) -> dict[str, Any]:
    fix = _fix(err)
    text = err.message if fix is None else f"{err.message}\nFix: {fix}"
    result: dict[str, Any] = {
        "ruleId": rule_id(err),
        "ruleIndex": index,
        "level": _SARIF_LEVEL.get(err.severity, "warning"),
        "message": {"text": text},
        "partialFingerprints": {"errlearn/v1": err.signature},
        "properties": {"category": err.category, "severity": err.severity},
    }
    if err.tool:
        result["properties"]["tool"] = err.tool
    # GitHub refuses a whole file with a result that has no location: a file-less
    # error is at the file of its test, else at the repository.
    artifact: dict[str, Any] = {"uri": ".", "uriBaseId": "%SRCROOT%"}
    if (file := err.file or _test_file(err.test)) is not None:
        uri, relative = _artifact_uri(file, root)
        artifact = {"uri": uri, "uriBaseId": "%SRCROOT%"} if relative else {"uri": uri}
    physical: dict[str, Any] = {"artifactLocation": artifact}
    if err.file and err.line is not None and err.line >= 1:
        region: dict[str, int] = {"startLine": err.line}
        if err.column is not None and err.column >= 1:
            region["startColumn"] = err.column
        physical["region"] = region
    result["locations"] = [{"physicalLocation": physical}]
    return result


def _test_file(test: str | None) -> str | None:
    """The file a test id names (``tests/test_a.py::test_b``), if it names one."""
    if test and "::" in test and "." in (head := test.split("::", 1)[0]):
        return head
    return None


def sarif(report: Report, root: Path) -> dict[str, Any]:
    """A SARIF 2.1.0 log: one rule per pattern (or category), one result per error."""
    rules: list[dict[str, Any]] = []
    index: dict[str, int] = {}
    results = []
    for err in report.ordered():
        rid = rule_id(err)
        if rid not in index:
            index[rid] = len(rules)
            rules.append(_sarif_rule(err))
        results.append(_sarif_result(err, index[rid], root))
    if results and report.primary_index is not None:
        results[0]["level"] = "error"  # the root cause, whatever its severity
    return {
        "$schema": SARIF_SCHEMA,
        "version": "2.1.0",
        "runs": [
            {
                "tool": {
                    "driver": {
                        "name": "errlearn",
                        "version": __version__,
                        "informationUri": INFORMATION_URI,
                        "rules": rules,
                    }
                },
                "originalUriBaseIds": {"%SRCROOT%": {"uri": root.as_uri() + "/"}},
                "results": results,
            }
        ],
    }


# -- GitLab Code Quality ------------------------------------------------------------


def gitlab(report: Report, root: Path) -> list[dict[str, Any]]:
    """GitLab Code Quality entries; fingerprints differ even for one error at two places."""
    import hashlib

    out = []
    for i, err in enumerate(report.ordered()):
        path = relative_path(err.file, root) if err.file else "."
        begin = err.line if err.line is not None and err.line >= 1 else 1
        key = "\x1f".join((err.signature, path, str(begin), str(i)))
        fix = _fix(err)
        out.append(
            {
                "description": err.message if fix is None else f"{err.message} (fix: {fix})",
                "check_name": rule_id(err),
                "fingerprint": hashlib.md5(key.encode("utf-8", "replace")).hexdigest(),
                "severity": _GITLAB_SEVERITY.get(err.severity, "info"),
                "location": {"path": path, "lines": {"begin": begin}},
            }
        )
    return out


# -- JUnit XML ----------------------------------------------------------------------


def xml_text(text: str) -> str:
    """``text`` without what XML 1.0 cannot hold (ANSI codes, NUL, other controls)."""
    return _NOT_XML.sub("", strip_ansi(text))


def junit(report: Report, root: Path) -> str:
    """JUnit XML: one failing test case per error, its block as the failure's text.

    Valid against Jenkins' strictest schema (xunit's ``junit-10.xsd``), which
    allows a test case no ``file`` or ``line``: an error's place is in the test
    case's name (``src/a.c:3: expected ;``), or, for a test's failure, at the
    head of the failure's text.
    """
    import xml.etree.ElementTree as ET

    errors = report.ordered()
    count = str(len(errors))
    suites = ET.Element("testsuites", name="errlearn", tests=count, failures=count, errors="0")
    suite = ET.SubElement(
        suites, "testsuite", name="errlearn", tests=count, failures=count, errors="0", skipped="0"
    )
    for err in errors:
        where = _where(err, root)
        name = err.test or (f"{where}: {err.message}" if where else err.message)
        case = ET.SubElement(
            suite, "testcase", name=xml_text(name), classname=f"errlearn.{err.tool or 'output'}"
        )
        failure = ET.SubElement(case, "failure", message=xml_text(err.message), type=err.category)
        body = list(err.block or [err.text])
        if err.test and err.file:
            body.insert(0, f"at {where}")
        if (fix := _fix(err)) is not None:
            body.append(f"fix: {fix}")
        failure.text = xml_text("\n".join(body))
    ET.indent(suites)
    return ET.tostring(suites, encoding="unicode", xml_declaration=True)


# -- Markdown (GitHub step summary) ----------------------------------------------------


def markdown_cell(text: str) -> str:
    """``text`` safe inside a table cell: one line, Markdown's specials escaped."""
    return _MARKDOWN_SPECIAL.sub(r"\\\1", " ".join(strip_ansi(text).split()))


def markdown(report: Report, root: Path) -> str:
    """A summary table, root cause first: location, category, message, fix."""
    errors = report.ordered()
    if not errors:
        return "### errlearn: no errors found\n"
    matched = sum(1 for e in errors if e.match is not None)
    title = f"### errlearn: {len(errors)} error{'s' if len(errors) != 1 else ''}"
    if matched:
        title += f", {matched} with a known fix"
    lines = [title, "", "| | location | category | message | fix |", "|---|---|---|---|---|"]
    for i, err in enumerate(errors[:MARKDOWN_ROWS]):
        mark = "root cause" if i == 0 and report.primary_index is not None else ""
        cells = (mark, _where(err, root), err.category, err.message, _fix(err) or "")
        lines.append("| " + " | ".join(markdown_cell(c) for c in cells) + " |")
    if len(errors) > MARKDOWN_ROWS:
        lines.extend(("", f"… and {len(errors) - MARKDOWN_ROWS} more (see the JSON report)"))
    return "\n".join(lines) + "\n"


def write_markdown_summary(report: Report, *, root: Path | None = None) -> bool:
    """Append the Markdown summary to ``$GITHUB_STEP_SUMMARY``; True when written.

    Not being able to write it is a note on stderr, never a failure: the
    summary is a convenience and must not change the outcome of the run.
    """
    target = os.environ.get("GITHUB_STEP_SUMMARY")
    if not target:
        return False
    try:
        with open(target, "a", encoding="utf-8") as f:
            f.write(markdown(report, (root or Path.cwd()).resolve()) + "\n")
    except OSError as exc:
        print(
            f"errlearn: cannot write $GITHUB_STEP_SUMMARY ({target}): {exc.strerror or exc}",
            file=sys.stderr,
        )
        return False
    return True
